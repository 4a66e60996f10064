"""``kitgen kit``: one print-ready PDF per game (cover, how to print, rules, components), declared like a game's
commands and built through the API."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

from kitgen import api
from kitgen.api import KIT_OPTIONS, Command, Context, Group, KitOptions, Option, Outcome, OutFile, opt, typed

DEFAULT_SEED = 1

JOBS = Option("jobs", int, None, "Kits built at once (default: one a core).", minimum=1, maximum=64)
GAMES = Option("games", str, None, "Games (default: all of them).", argument=True, many=True)
"""The games to build kits of (``games_option``: with the registered games in its help)."""


def games_option() -> Option:
    """The games to build kits of; its help lists the registered games (a new game's package adds itself)."""
    return dataclasses.replace(GAMES, help=f"Games: {', '.join(g.name for g in api.games())} (default: all of them).")


class KitCommandOptions(KitOptions):
    """``kitgen kit``: the kit's options, the games and how many kits are built at once."""

    games: list[str] = opt(GAMES)
    jobs: int | None = opt(JOBS)


def _kits(opts: KitCommandOptions, context: Context) -> Outcome:
    chosen = list(dict.fromkeys(opts.games or [g.name for g in api.games()]))
    built = api.kits(chosen, opts.paper, DEFAULT_SEED if opts.seed is None else opts.seed, opts.players, opts.jobs,
                     str(opts.lang), str(opts.text_lang) if opts.text_lang else None)
    names = {name: kit_name(name, opts) for name in chosen}

    def files() -> Iterator[OutFile]:
        with context.progress("kits", len(chosen)) as update:
            for done, (name, data) in enumerate(built, start=1):
                if update:
                    update(done, f"kits: {name} done")
                yield OutFile(names[name], data)

    return Outcome(stream_files=files, planned=list(names.values()))


def kit_name(game: str, opts: KitOptions) -> str:
    """``crossword-kit.pdf`` for the default kit (``api.kit_name``: the web's download is named the same)."""
    return api.kit_name(game, opts)


def kit_command() -> Command:
    """``kitgen kit``, declared like a game's commands (built when the CLI is, from the registry)."""
    return Command("kit", Group.TOP, "A whole print-ready kit for each game: cover, how to print, rules, components, "
                   "score pads.", (games_option(), *KIT_OPTIONS, JOBS), typed(KitCommandOptions, _kits), writes=True,
                   out_is_directory=True)
