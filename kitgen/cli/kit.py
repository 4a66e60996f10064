"""``kitgen kit``: one print-ready PDF per game (cover, how to print, rules, components), declared like a game's
commands and built through the API."""

from __future__ import annotations

from collections.abc import Iterator

from kitgen import api
from kitgen.api import KIT_OPTIONS, Command, Context, Group, Option, Outcome, OutFile, Values

DEFAULT_SEED = 1

JOBS = Option("jobs", int, None, "Kits built at once (default: one a core).", minimum=1, maximum=64)


def games_option() -> Option:
    """The games to build kits of; its help lists the registered games (a new game's package adds itself)."""
    return Option("games", str, None, f"Games: {', '.join(g.name for g in api.games())} (default: all of them).",
                  argument=True, many=True)


def _kits(values: Values, context: Context) -> Outcome:
    chosen = list(dict.fromkeys(values.strs("games") or [g.name for g in api.games()]))
    seed = values.opt_int("seed")
    built = api.kits(chosen, values.paper(), DEFAULT_SEED if seed is None else seed, values.as_int("players"),
                     values.opt_int("jobs"), str(values["lang"]), _text_lang(values))
    names = {name: kit_name(name, values) for name in chosen}

    def files() -> Iterator[OutFile]:
        with context.progress("kits", len(chosen)) as update:
            for done, (name, data) in enumerate(built, start=1):
                if update:
                    update(done, f"kits: {name} done")
                yield OutFile(names[name], data)

    return Outcome(stream_files=files, planned=list(names.values()))


def _text_lang(values: Values) -> str | None:
    given = values.get("text_lang")
    return str(given) if given else None


def kit_name(game: str, values: Values) -> str:
    """``crossword-kit.pdf`` for the default kit (``api.kit_name``: the web's download is named the same)."""
    return api.kit_name(game, values)


def kit_command() -> Command:
    """``kitgen kit``, declared like a game's commands (built when the CLI is, from the registry)."""
    return Command("kit", Group.TOP, "A whole print-ready kit for each game: cover, how to print, rules, components, "
                   "score pads.", (games_option(), *KIT_OPTIONS, JOBS), _kits, writes=True, out_is_directory=True)
