"""The sheet option the pages name in their refusals (two or four sheets a page need a larger paper: ``--per-page``
on the command line, its label on a web page: ``Option.setting``), declared here so that the renderer names it
without importing the declaration that imports the renderer (no import cycle: tests/test_code_shape.py)."""

from __future__ import annotations

from enum import Enum

from kitgen.games.base import Option


class PerPage(Enum):
    """How many score sheets share a page."""

    ONE = "1"
    TWO = "2"
    FOUR = "4"


PER_PAGE = Option("per_page", PerPage, PerPage.ONE, "Sheets a page: 1, 2 or 4.", print_only=True)
