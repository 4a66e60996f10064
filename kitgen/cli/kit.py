"""``kitgen kit``: one print-ready PDF per game (cover, how to print, rules, components), declared like a game's
commands and built through the API."""

from __future__ import annotations

from collections.abc import Iterator

from kitgen import api
from kitgen.api import PAPER, PLAYERS, SEED, Command, Context, Group, Option, Outcome, OutFile, Values

DEFAULT_SEED = 1

GAMES = Option("games", str, None, "Games: crossword, wordsearch, game-of-words, 3dxword (default: all of them).",
               argument=True, many=True)
KIT_PLAYERS = Option("players", int, 2, "Players (3DXWORD pieces, deals).", minimum=PLAYERS.minimum,
                     maximum=PLAYERS.maximum)
JOBS = Option("jobs", int, None, "Kits built at once (default: one a core).", minimum=1, maximum=64)
KIT_OPTIONS = (GAMES, KIT_PLAYERS, PAPER, SEED, JOBS)


def _kits(values: Values, context: Context) -> Outcome:
    chosen = list(dict.fromkeys(values.strs("games") or [g.name for g in api.games()]))
    for name in chosen:
        api.game(name)
    seed = values.opt_int("seed")
    built = api.kits(chosen, values.paper(), DEFAULT_SEED if seed is None else seed, values.as_int("players"),
                     values.opt_int("jobs"))
    names = [f"{name}-kit.pdf" for name in chosen]

    def files() -> Iterator[OutFile]:
        with context.progress("kits", len(chosen)) as update:
            for done, (name, data) in enumerate(built, start=1):
                if update:
                    update(done, f"kits: {name} done")
                yield OutFile(f"{name}-kit.pdf", data)

    return Outcome(stream_files=files, planned=names)


KIT = Command("kit", Group.TOP, "A whole print-ready kit for each game: cover, how to print, rules, components, "
              "score pads.", KIT_OPTIONS, _kits, writes=True, out_is_directory=True)
