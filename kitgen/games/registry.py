"""The games by name: every package under ``kitgen/games/`` whose ``__init__`` exposes ``GAME``.

Adding a game is adding one package (CONTRIBUTING.md); nothing else names it.
Packages whose name starts with ``_`` (the ``_template``) are not games.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from kitgen.core.errors import InputError
from kitgen.games.base import Game


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
