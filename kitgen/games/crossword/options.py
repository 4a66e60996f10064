"""The pattern options the pages name in their refusals (a grid too big for its paper names ``--size`` and
``--small-squares`` on the command line, their labels on a web page: ``Option.setting``), declared here so that the
renderers name them without importing the declaration that imports the renderers (no import cycle:
tests/test_code_shape.py). The declaration (declaration.py) lists them with the rest of ``kitgen pattern``'s options."""

from __future__ import annotations

from enum import Enum

from kitgen.core.grid import MAX_SIDE, MIN_SIDE
from kitgen.games.base import Option


class PerPage(Enum):
    ONE = "1"
    TWO = "2"
    FOUR = "4"


def _side(name: str, default: int | None, help_text: str) -> Option:
    return Option(name, int, default, help_text, minimum=MIN_SIDE, maximum=MAX_SIDE)


SIZE = _side("size", 15, f"Rows and columns of a square pattern ({MIN_SIDE}..{MAX_SIDE}).")
ROWS = _side("rows", None, f"Rows ({MIN_SIDE}..{MAX_SIDE}), overriding --size.")
COLS = _side("cols", None, f"Columns ({MIN_SIDE}..{MAX_SIDE}), overriding --size.")
PER_PAGE = Option("per_page", PerPage, PerPage.ONE, "Patterns a page: 1, 2 or 4.", print_only=True)
SMALL_SQUARES = Option("small_squares", bool, False, "Print a grid whose squares come out under 6 mm on this paper "
                       "(a big --size on small paper) rather than refuse it; the footer says how small.",
                       print_only=True)
