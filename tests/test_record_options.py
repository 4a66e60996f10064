"""A record kind's typed options are built once (issue 25): from the face's values, before the record is read, and
the same object is given to ``read`` and ``verify``; so a bad option is refused before a malformed record, whichever
of the two reads the option.

Parametrised from the registry, with the records of tests/test_verdicts.py.
"""

from __future__ import annotations

import dataclasses
from enum import Enum
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT
from test_verdicts import CASES, KINDS, text_of

from kitgen import api
from kitgen.core.errors import InputError
from kitgen.games import registry
from kitgen.games.base import Option, Options

MALFORMED = "% this is ? not a record !\n"


def kind_of(name: str) -> api.RecordKind[Any, Any, Any]:
    return api.game_record_kind(name)[1]


@pytest.mark.parametrize("game, kind", KINDS, ids=[k for _, k in KINDS])
def test_a_kinds_options_are_built_once_and_reach_read_and_verify(game: str, kind: str,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    found = kind_of(kind)
    built: list[Options] = []
    given_to: dict[str, Any] = {}
    real_init = Options.__post_init__
    real_read, real_verify = found.read, found.verify

    def counted(self: Options) -> None:
        if type(self) is found.options_type:
            built.append(self)
        real_init(self)

    def read(text: str, source: str, opts: Options) -> Any:
        given_to["read"] = opts
        return real_read(text, source, opts)

    def verify(record: Any, opts: Options, context: api.Context) -> Any:
        given_to["verify"] = opts
        return real_verify(record, opts, context)

    monkeypatch.setattr(Options, "__post_init__", counted)
    spied = dataclasses.replace(found, read=read, verify=verify)
    monkeypatch.setattr(registry, "record_kind", lambda name: (registry.get(game), spied))
    monkeypatch.chdir(ROOT / "samples" / "crossword")
    legal, _, options = CASES[kind]
    assert api.verify(kind, *text_of(legal), **options).exit_code == 0
    assert len(built) == 1, f"{kind}: {found.options_type.__name__} built {len(built)} times"
    assert given_to["read"] is given_to["verify"] is built[0]


def wrong_value(option: Option) -> Any:
    """A value of the wrong type (or no choice) for ``option``: each kind of option refuses it."""
    if isinstance(option.type, type) and issubclass(option.type, Enum):
        return "no-such-choice"
    return {int: "many", bool: "perhaps", str: 12345, Path: 12345, float: "much"}[option.type]


@pytest.mark.parametrize("game, kind", KINDS, ids=[k for _, k in KINDS])
def test_a_bad_option_is_refused_before_a_malformed_record(game: str, kind: str) -> None:
    """Before the typed options, the faces checked every value first; a kind whose ``read`` builds no options
    (crossword, anagrams...) came to report the malformed record instead. Now every kind names the option."""
    found = kind_of(kind)
    option = found.options_type.declared()[0]
    with pytest.raises(InputError) as malformed:
        api.verify(kind, MALFORMED, "rec.txt", **CASES[kind][2])
    assert "rec.txt" in str(malformed.value) or "--seed" in str(malformed.value)  # the record is refused alone
    with pytest.raises(InputError) as refused:
        api.verify(kind, MALFORMED, "rec.txt", **{**CASES[kind][2], option.name: wrong_value(option)})
    assert option.cli_flag in str(refused.value) and "rec.txt" not in str(refused.value), str(refused.value)


def test_the_computer_player_reads_the_record_with_its_kinds_options() -> None:
    """``api.reply`` builds the kind's options once too: a bad one is refused before the record is read."""
    with pytest.raises(InputError, match="--lang"):
        api.reply("crossword", MALFORMED, "rec.txt", lang="zz")
