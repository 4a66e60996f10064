"""Pile numbers in the solitaires' records: counted from 1, as the deal sheet, ``kitgen deal`` and the web count
them (docs/game-of-words.md, "Typed-back files"); only ``--json`` indexes the piles from 0, for programs."""

from __future__ import annotations

from kitgen.core.i18n import N_
from kitgen.core.i18n import gettext as _

NO_PILE_0 = N_("there is no pile 0: piles are counted from 1")


def no_pile_0() -> str:
    """The refusal of a pile 0 (a record typed with the JSON's indices), in the text language."""
    return _(NO_PILE_0)


def no_such_pile(number: int, piles: int) -> str:
    """The refusal of a pile number past the last of ``piles``, in the text language."""
    return _("there is no pile {n}: the piles are counted from 1 to {last}").format(n=number, last=piles)
