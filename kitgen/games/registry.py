"""The games by name: every package under ``kitgen/games/`` whose ``__init__`` exposes ``GAME``.

Adding a game is adding one package (CONTRIBUTING.md); nothing else names it.
Packages whose name starts with ``_`` (the ``_template``) are not games. Every look-up of a game, deal, record
kind or printed command by name is here (or ``kitgen.api.command``), with one message for a name that names
nothing (``UnknownName``).
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from typing import Any

from kitgen.core.i18n import N_
from kitgen.games.base import Component, DealVariant, Game, RecordKind, named


@cache
def games() -> tuple[Game, ...]:
    """Every registered game, in their declared order."""
    import kitgen.games as package

    found: list[Game] = []
    for info in pkgutil.iter_modules(package.__path__):
        if not info.ispkg or info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            found.append(game)
    return tuple(sorted(found, key=lambda g: (g.order, g.name)))


def names() -> tuple[str, ...]:
    """The games' names, as people type them."""
    return tuple(g.name for g in games())


def get(name: str) -> Game:
    """The game called ``name``; an unknown name is an ``UnknownName`` listing the games."""
    return named({g.name: g for g in games()}, name, N_("game"))


def deal_variant(name: str) -> tuple[Game, DealVariant]:
    """The game and deal variant called ``name`` (as in ``kitgen deal NAME``)."""
    return named({d.name: (g, d) for g in games() for d in g.deals}, name, N_("deal"))


def record_kind(name: str) -> tuple[Game, RecordKind[Any, Any, Any]]:
    """The game and record kind called ``name`` (as in ``kitgen verify NAME``)."""
    return named({k.name: (g, k) for g in games() for k in g.records}, name, N_("record kind"))


def component_command(name: str) -> tuple[Game, Component]:
    """The game and component printed by the command called ``name`` (``kitgen NAME``, ``/api/pdf/NAME``)."""
    return named({c.command: (g, c) for g in games() for c in g.components if c.command}, name, N_("command"))
