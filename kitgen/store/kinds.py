"""What a class session is for: the record kinds a session can be opened for, and how its class set is printed.

Shared by the faces (the web app's class pages, ``kitgen session sheets``) so both print the same sheets with the
same link.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class SessionKind:
    """A record kind a class session can check: its game, the component printed as the class set, the verify
    option naming the deal and the component option it becomes."""

    game: str
    component: str
    deal_option: str
    seed_option: str


KINDS = {"wordsearch": SessionKind("wordsearch", "sheet", "deal", "seed")}
CAPTION = "Check your sheet on a phone:"


def class_set_options(kind: str, options: Mapping[str, Any], count: int, paper: str) -> dict[str, Any]:
    """The component options of a session's class set: its deal and language, ``count`` sheets on ``paper``."""
    found = KINDS[kind]
    return {found.seed_option: options[found.deal_option], "lang": options.get("lang", "en"), "count": count,
            "paper": paper}


def student_link(base: str, session_id: str) -> str:
    """The students' page of a session, in capitals so its QR code is short (kitgen/io/stamp.py)."""
    return f"{base.rstrip('/')}/S/{session_id}".upper()
