"""The games by name: every package under ``kitgen/games/`` whose ``__init__`` exposes ``GAME``.

Adding a game is adding one package (CONTRIBUTING.md); nothing else names it.
Packages whose name starts with ``_`` (the ``_template``) are not games.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from kitgen.core.errors import InputError
from kitgen.games.base import DealVariant, Game, RecordKind


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
    """The game called ``name``; an unknown name is an ``InputError`` listing the games."""
    for game in games():
        if game.name == name:
            return game
    raise InputError(f"unknown game {name!r} (choose from {', '.join(names())})")


def deal_variant(name: str) -> tuple[Game, DealVariant]:
    """The game and deal variant called ``name`` (as in ``kitgen deal NAME``)."""
    found = {d.name: (g, d) for g in games() for d in g.deals}
    if name not in found:
        raise InputError(f"unknown deal {name!r} (choose from {', '.join(found)})")
    return found[name]


def record_kind(name: str) -> tuple[Game, RecordKind]:
    """The game and record kind called ``name`` (as in ``kitgen verify NAME``)."""
    found = {k.name: (g, k) for g in games() for k in g.records}
    if name not in found:
        raise InputError(f"unknown record kind {name!r} (choose from {', '.join(found)})")
    return found[name]
