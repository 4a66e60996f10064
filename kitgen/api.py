"""kitgen's public Python API: the games, their deals, verifiers, printed components and kits, the lexicon.

The command line and the web app call this module and nothing below it. Every
function takes the same options as the CLI command of the same name, as
keyword arguments named like the flags (``per_page`` for ``--per-page``), and
checks them the same way (an out-of-range value is an ``InputError``). See
docs/api.md for examples (a test runs them).

    >>> from kitgen import api
    >>> [g.name for g in api.games()][:2]
    ['crossword', 'wordsearch']
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

from kitgen.core.cancel import watching
from kitgen.core.errors import InputError, KitgenError, Location, RuleBroken, UnknownName
from kitgen.core.i18n import N_, gettext, ngettext, quoted, speaking, text_language, text_language_for
from kitgen.core.i18n import TRANSLATED as TEXT_LANGUAGES
from kitgen.core.language import LangCode
from kitgen.games import registry
from kitgen.games.base import (
    ALL_WORDS,
    FORCE,
    LANG,
    OUT,
    PAPER,
    PLAYERS,
    SEED,
    SURVEY_OPTIONS,
    TEXT_LANG,
    WORDS,
    Cancelled,
    Command,
    Component,
    Context,
    D,
    Deal,
    DealVariant,
    Document,
    Game,
    Group,
    Opponent,
    Option,
    Options,
    OptionsT,
    OptionValue,
    OptionValues,
    Outcome,
    OutFile,
    Problem,
    QuietContext,
    RecordKind,
    Survey,
    Tally,
    Typed,
    Update,
    Verdict,
    from_no_file,
    named,
    naming_options,
    opt,
    output_name,
    paper_variant,
    required,
    shown_value,
    typed,
)
from kitgen.games.survey import parse_range, surveyed
from kitgen.io.files import Batch
from kitgen.io.pdf import Paper
from kitgen.io.previews import NoSuchPage

__all__ = ["ALL_WORDS", "Batch", "Cancelled", "Command", "Component", "Context", "Deal", "DealVariant", "Document",
           "FORCE", "Game", "GameInfo", "Group", "InputError", "JsonContext", "KIT_OPTIONS", "KIT_PLAYERS",
           "KitOptions", "KitgenError", "LANG", "LangCode", "Location", "MAX_COPIES", "N_", "NoSuchPage", "OUT",
           "Opponent", "Option", "OptionInfo", "OptionValue", "OptionValues", "Options", "OutFile", "Outcome",
           "PAPER", "PLAYERS", "Paper", "Problem", "RecordKind", "RuleBroken", "SEED", "SURVEY_OPTIONS", "Survey",
           "TEXT_LANG", "TEXT_LANGUAGES", "Tally", "Typed", "UnknownName", "Update", "Verdict", "WORDS",
           "all_or_nothing", "anagrams", "check_component", "check_overwrite", "check_previews", "check_word",
           "command", "commands", "component_command", "copies", "deal", "deal_command", "deal_with", "declarations",
           "decode_text", "from_no_file", "game", "game_record_kind", "games", "gettext", "interrupt", "kit",
           "kit_name", "kits", "lookup", "match", "naming_options", "ngettext", "opt", "options", "output_name",
           "output_path", "page_png", "paper_variant", "parse_range", "preview_pngs", "previews", "quoted",
           "read_text_file", "record_command", "render", "render_with", "reply", "required", "result_command", "run",
           "run_in", "run_with", "save", "speaking", "stamp_link", "stops_asked", "surveyed", "text_language",
           "text_language_for", "typed", "variant_command", "verified", "verify", "verify_with", "watched",
           "word_forms"]


@dataclass(frozen=True)
class OptionInfo:
    """One declared option, as a form or a script sees it."""

    name: str
    type: str
    default: Any
    help: str
    flag: str
    choices: tuple[str, ...]
    minimum: float | None
    maximum: float | None
    required: bool

    @classmethod
    def of(cls, option: Option) -> OptionInfo:
        default = option.default.value if isinstance(option.default, Enum) else option.default
        kind = "choice" if option.choices else getattr(option.type, "__name__", str(option.type))
        return cls(option.name, kind, default if not isinstance(default, Path) else str(default), option.help,
                   option.cli_flag, option.choices, option.minimum, option.maximum, option.required)


@dataclass(frozen=True)
class GameInfo:
    """A game's name and what kitgen offers for it."""

    name: str
    title: str
    seed_document: str
    docs: str
    components: tuple[str, ...]
    deals: tuple[str, ...]
    records: tuple[str, ...]


def games() -> list[GameInfo]:
    """Every game kitgen knows, in their listed order."""
    return [GameInfo(g.name, g.title, g.seed_document, g.docs, tuple(c.name for c in g.components),
                     tuple(d.name for d in g.deals), tuple(r.name for r in g.records)) for g in registry.games()]


def declarations() -> tuple[Game, ...]:
    """Every game's full declaration, in their listed order (what the faces are generated from)."""
    return registry.games()


def game(name: str) -> Game:
    """A game's full declaration (options, components, deals, records, commands)."""
    return registry.get(name)


def options(game_name: str, what: str, kind: str | None = None) -> list[OptionInfo]:
    """The options of a game's component, deal variant or record kind called ``what``.

    ``kind`` (``"component"``, ``"deal"`` or ``"record"``) picks one where names are shared: the
    wordsearch deal and the wordsearch record kind are both called ``wordsearch``.
    """
    found = registry.get(game_name)
    named: list[tuple[str, str, tuple[Option, ...]]] = [
        *(("component", c.name, c.options) for c in found.components),
        *(("deal", d.name, d.options) for d in found.deals),
        *(("record", r.name, r.options) for r in found.records)]
    for group_name, name, declared in named:
        if name == what and kind in (None, group_name):
            return [OptionInfo.of(o) for o in declared]
    raise InputError(f"{game_name} has no {kind or 'component, deal or record'} called {what!r}")


def deal(variant: str, seed: int | None = None, *, context: Context | None = None, **options: OptionValue) -> Deal:
    """A seeded deal (``variant`` as in ``kitgen deal VARIANT``): a typed object with ``to_json()``. ``context``
    lends a long deal (a solve, a par search) progress and cancellation (``Cancelled`` once it asks); an option
    the variant does not declare is an ``InputError``.

    >>> api.deal("word-solitaire", seed=1).to_json()["game"]
    'word-solitaire'
    """
    _, found = registry.deal_variant(variant)
    given = {"seed": seed, **options} if seed is not None or any(o.name == "seed" for o in found.options) else options
    values = checked(found.options, given, gettext("the {name} deal").format(name=variant))
    chosen = context or QuietContext()
    with watching(chosen.cancelled):
        return found.deal(values, chosen)


def verify(kind: str, text: str, source: str = "<text>", *, context: Context | None = None,
           **options: OptionValue) -> Verdict[Any]:
    """Verify a finished sheet or record given as text (``kind`` as in ``kitgen verify KIND``).

    The Verdict has ``document`` (the game's typed result, whole even when a rule is broken), ``to_json()`` (the
    CLI's ``--json`` document: the document's keys and ``"problems"``), ``to_text()``, ``problems`` (each with a
    code, a message and a location) and ``exit_code``. A malformed record raises ``InputError`` located at
    ``source:LINE:COL``; an option the kind does not declare is an ``InputError`` naming it. ``context`` lends
    progress and cancellation (a par search stops with ``Cancelled`` once it asks).
    """
    _, found = registry.record_kind(kind)
    what = gettext("the {name} record").format(name=kind)
    values = checked([o for o in found.options if not o.argument], options, what)
    return verified(found, text, source, values, context or QuietContext())


def verified(kind: RecordKind[Any, Any, D], text: str, source: str, values: OptionValues,
             context: Context) -> Verdict[D]:
    """Read and verify a record with option values by name: what ``verify`` and ``kitgen verify KIND`` both do.
    The kind's typed options are built once, before the record is read (a bad option is refused before a
    malformed record), and handed to both ``read`` and ``verify`` (``read_and_verify``)."""
    return read_and_verify(kind, kind.typed_options(values), text, source, context)


def read_and_verify(kind: RecordKind[OptionsT, Any, D], opts: OptionsT, text: str, source: str,
                    context: Context) -> Verdict[D]:
    """Read and verify a record with the kind's typed options, the context's cancellation watched
    (``Cancelled``)."""
    with watching(context.cancelled):
        return kind.verify(kind.read(text, source, opts), opts, context)


def reply(kind: str, text: str, source: str = "<text>", *, context: Context | None = None,
          **options: OptionValue) -> dict[str, Any]:
    """The computer's next turn in a record given as text, for a kind that has a computer player
    (``RecordKind.opponent``: the crossword's), e.g. ``{"line": "BOB 5A CAT", "score": 12, ...}``.

    A record whose turns break a rule raises that rule's ``RuleBroken`` at its line; ``context`` lends
    cancellation (``Cancelled``).
    """
    _, found = registry.record_kind(kind)
    if found.opponent is None:
        raise InputError(gettext("{kind} has no computer player").format(kind=kind))
    record_options = [o for o in found.options if not o.argument]
    checked([*record_options, *found.opponent.options], options,
            gettext("the {name} computer player").format(name=kind))
    values = {o.name: options[o.name] for o in record_options if o.name in options}
    played = {o.name: options[o.name] for o in found.opponent.options if o.name in options}
    opts = found.typed_options(values)
    with watching((context or QuietContext()).cancelled):
        return found.opponent.reply(found.read(text, source, opts), played)


def checked(declared: Sequence[Option], given: dict[str, OptionValue], what: str) -> OptionValues:
    """``given``, every name one of the ``declared`` options: a name none declares is an ``InputError`` saying what
    takes which options (``api.verify("wordsearch", text, seed=1)``: the wordsearch record's option is ``deal``).
    The values themselves are checked once, where the game builds its typed ``Options`` from them."""
    known = sorted(o.name for o in declared)
    unknown = sorted(set(given) - set(known))
    if unknown:
        raise InputError(gettext("unknown option {name}: {what} takes {known}").format(
            name=shown_value(unknown[0]), what=what,
            known=", ".join(known) or gettext("no options")))
    return dict(given)


class JsonContext(QuietContext):
    """A context with no progress and the ``--json`` document wanted: the web app's."""

    json = True


def variant_command(variant: DealVariant) -> Command:
    """``kitgen deal VARIANT`` generated from a deal variant: the deal's text, or its JSON (the context's progress
    and cancellation reach the deal)."""

    def shown(dealt: Deal) -> Outcome:
        return Outcome(document=dealt.to_json(), lines=[dealt.to_text()])

    def run(values: OptionValues, context: Context) -> Outcome:
        return shown(variant.deal(values, context))

    found = variant.deal
    if isinstance(found, Typed):  # every game's: the command takes the deal's typed options (a survey's too)
        return Command(variant.name, Group.DEAL, variant.help, variant.options,
                       typed(found.options, lambda opts, context: shown(found.function(opts, context))), result=True)
    return Command(variant.name, Group.DEAL, variant.help, variant.options, run, result=True)


def record_command(kind: RecordKind[Any, Any, Any]) -> Command:
    """``kitgen verify KIND FILE`` generated from a record kind: read the file (located errors), verify it through
    ``verified`` (the context's progress reaches the verify), report; exit 1 if a rule is broken."""

    def run(values: OptionValues, context: Context) -> Outcome:
        argument = next(o for o in kind.options if o.argument)
        path = argument.convert(values.get(argument.name))  # the one read of the file's name: checked here
        assert isinstance(path, Path)
        text, name = read_text_file(path)
        verdict = verified(kind, text, name, values, context)
        return Outcome(document=verdict.to_json(), lines=[verdict.text] if verdict.text else [],
                       exit_code=verdict.exit_code, error="\n".join(str(p) for p in verdict.errors) or None)

    return Command(kind.name, Group.VERIFY, kind.help, kind.options, run, result=True)


def commands(game: Game) -> list[Command]:
    """Every command of a game, for every face: its declared ones, then one generated for each record kind
    (``record_command``) and deal variant (``variant_command``) it declares no command for; the deal command of a
    variant with a survey also takes ``--range`` (``surveyed``)."""
    declared = {(c.group, c.name) for c in game.commands}
    made = list(game.commands)
    made += [record_command(k) for k in game.records if (Group.VERIFY, k.name) not in declared]
    made += [variant_command(d) for d in game.deals if (Group.DEAL, d.name) not in declared]
    surveys = {d.name: d for d in game.deals if d.survey is not None}
    return [surveyed(c, surveys[c.name]) if c.group is Group.DEAL and c.name in surveys else c for c in made]


def command(group: Group, name: str) -> Command:
    """The command ``kitgen [GROUP] NAME`` runs, declared or generated (``commands``)."""
    return named({c.name: c for g in registry.games() for c in commands(g) if c.group is group}, name,
                 N_("command") if group is Group.TOP else gettext("{group} command").format(group=group.value))


def deal_command(variant: str) -> Command:
    """The command ``kitgen deal VARIANT`` runs (with ``--solve``, ``--winnable``, ``--par``, ``--range`` where
    declared)."""
    registry.deal_variant(variant)
    return command(Group.DEAL, variant)


def run(found: Command, *, context: Context | None = None, **options: OptionValue) -> Outcome:
    """Run a command as ``--json --quiet`` would, writing nothing: the caller takes ``document`` (made now, if it
    was a function) and decides what to do with any files. ``context`` lends progress and cancellation (the
    default: none, and the ``--json`` document wanted); an option the command does not take is an ``InputError``."""
    what = gettext("the {name} command").format(name=found.name)
    return run_in(found, context or JsonContext(), checked(found.options, options, what))


def run_in(found: Command, context: Context, values: OptionValues) -> Outcome:
    """Run a command with checked values in a face's context (progress, cancellation watched: ``Cancelled``),
    writing nothing; the document is made now."""
    with watching(context.cancelled):
        outcome = found.run(values, context)
        if callable(outcome.document):
            outcome.document = outcome.document()
    return outcome


def render(game_name: str, component: str, **options: OptionValue) -> bytes:
    """The PDF bytes of one of a game's printed components, e.g. ``render("wordsearch", "sheet", seed=1)``
    (``render_with`` is the typed entry point); an option the component does not declare is an ``InputError``."""
    found = registry.get(game_name).component(component)
    what = gettext("the {game} {component}").format(game=game_name, component=component)
    return found.render(checked(found.options, options, what))


def check_component(game_name: str, component: str, given: dict[str, OptionValue]) -> None:
    """Refuse (``InputError``) option values a component would refuse, without rendering it: a face checks a
    request before sending the work to a worker (which builds the typed options again, in its own process)."""
    found = registry.get(game_name).component(component)
    what = gettext("the {game} {component}").format(game=game_name, component=component)
    values = checked(found.options, given, what)
    if isinstance(found.render, Typed):  # every game's is (tests/games/test_options.py)
        found.render.options.of(values)


def game_record_kind(name: str) -> tuple[Game, RecordKind[Any, Any, Any]]:
    """The game and record kind called ``name`` (``kitgen verify NAME``, ``/api/verify/NAME``)."""
    return registry.record_kind(name)


def result_command(name: str) -> Command:
    """The top-level command called ``name`` that has a JSON result (``pattern``: ``/api/json/NAME``)."""
    return named({c.name: c for g in registry.games() for c in commands(g) if c.group is Group.TOP and c.result},
                 name, N_("command"))


def component_command(name: str) -> tuple[Game, Component]:
    """The game and component that the command ``name`` prints (``kitgen NAME``, ``/api/pdf/NAME``)."""
    return registry.component_command(name)


def render_with(options: Options) -> bytes:
    """The PDF bytes of the component whose typed options ``options`` are (its game's ``Options`` class), e.g.
    ``render_with(PieceOptions(players=3, form=Form.TILES))``: an editor completes the keywords, and mypy refuses
    one the component does not take."""
    for declared in registry.games():
        for found in declared.components:
            if isinstance(found.render, Typed) and found.render.options is type(options):
                return found.render.function(options)  # type: ignore[no-any-return]
    raise InputError(f"no component takes {type(options).__name__}")


def deal_with(options: Options, context: Context | None = None) -> Deal:
    """The deal of the variant whose typed options ``options`` are, e.g. ``deal_with(DealOptions(seed=1))``
    (``deal`` is the string-driven twin); ``context`` lends a long deal progress and cancellation."""
    chosen = context or QuietContext()
    for declared in registry.games():
        for found in declared.deals:
            if isinstance(found.deal, Typed) and found.deal.options is type(options):
                with watching(chosen.cancelled):
                    return found.deal.function(options, chosen)  # type: ignore[no-any-return]
    raise InputError(f"no deal variant takes {type(options).__name__}")


def verify_with(options: Options, text: str, source: str = "<text>", context: Context | None = None) -> Verdict[Any]:
    """Verify a record given as text with the typed options of its record kind, e.g.
    ``verify_with(RecordOptions(words=Path("w.txt"), ink=True), text)`` for ``kitgen verify crossword``: an editor
    completes the keywords and mypy refuses one the kind does not take (``verify`` is the string-driven twin, with
    the same ``Verdict``); ``context`` lends progress and cancellation."""
    for declared in registry.games():
        for found in declared.records:
            if found.options_type is type(options):
                return read_and_verify(found, options, text, source, context or QuietContext())
    raise InputError(f"no record kind takes {type(options).__name__}")


def run_with(options: Options, context: Context | None = None) -> Outcome:
    """Run the command whose typed options ``options`` are, as ``run`` does (writing nothing), e.g.
    ``run_with(PatternCommandOptions(seed=1, ipuz=Path("set.ipuz")))`` for ``kitgen pattern``; ``context`` lends it
    progress and cancellation (``run`` is the string-driven twin)."""
    for declared in registry.games():
        for found in declared.commands:
            if isinstance(found.run, Typed) and found.run.options is type(options):
                outcome: Outcome = found.run.function(options, context or JsonContext())
                if callable(outcome.document):
                    outcome.document = outcome.document()
                return outcome
    raise InputError(f"no command takes {type(options).__name__}")


KIT_PLAYERS = Option("players", int, 2, "Players (3DXWORD pieces, deals).", minimum=PLAYERS.minimum,
                     maximum=PLAYERS.maximum)


class KitOptions(Options):
    """The options of a whole kit, typed, for every face (``kitgen kit``, ``/api/pdf/kit/GAME``)."""

    players: int = opt(KIT_PLAYERS)
    paper: Paper = opt(PAPER)
    seed: int | None = opt(SEED)
    lang: LangCode = opt(LANG)
    text_lang: LangCode | None = opt(TEXT_LANG)


KIT_OPTIONS = KitOptions.declared()
"""The options of a whole kit, for every face (``kitgen kit``, ``/api/pdf/kit/GAME``)."""


def kit(game_name: str, paper: Paper | str = Paper.a4, seed: int = 1, players: int = 2, lang: str = "en",
        text_lang: str | None = None) -> bytes:
    """The PDF bytes of a game's whole print-ready kit: cover, how to print, rules, components (their words in
    ``lang``: a French kit's wordsearch sheets print the French book; their text in ``text_lang``, by default
    ``lang``)."""
    from kitgen.core.language import language
    from kitgen.core.random import check_seed
    from kitgen.games.kit import build_kit

    found = registry.get(game_name)
    chosen = Paper(paper) if isinstance(paper, str) else paper
    return build_kit(found, chosen, check_seed(seed), players, language(lang).code,
                     language(text_lang).code if text_lang else None)


def kit_name(game_name: str, opts: KitOptions) -> str:
    """The file name of a kit (``kitgen kit``'s, and the web's download): ``crossword-kit.pdf`` for the default
    kit; a seed, players, language or paper not the default adds ``seed7``, ``4p``, ``fr``, ``letter``, so two
    different kits never share a name."""
    seed, players, lang = opts.seed, opts.players, str(opts.lang)
    return output_name(f"{game_name}-kit", None if seed in (None, 1) else f"seed{seed}",
                       None if players == KIT_PLAYERS.default else f"{players}p", None if lang == "en" else lang,
                       paper_variant(opts.paper))


def check_word(word: str, words: str | Path | None = None, lang: str | None = None) -> bool:
    """Whether ``word`` is in the lexicon (the default of ``lang``, English unless given, or the ``words`` list
    file); the classroom-safe list does not apply: a real word is accepted."""
    from kitgen.core.lexicon import get_lexicon

    return get_lexicon(words, lang).contains(word)


def proposed(word: str, words: str | Path | None = None, lang: str | None = None) -> bool:
    """Whether ``word`` is in the lexicon's proposals (``Lexicon.proposals``, what every game's deals, solvers and
    suggestions draw from): an entry of the lexicon that is not a form of a word of the language's classroom-safe
    list, nor held back (an abbreviation, a Roman numeral, a fragment, a name), nor rarer than the language's
    proposals tier (docs/languages.md). A crossword fill, its hints and the computer player narrow these further
    (``Lexicon.for_fills``: in English, no phrase no text counted, so MADDER FAMILY is proposed here but never
    filled; docs/crossword.md, ruling 10). Not what a referee accepts: that is ``check_word``."""
    from kitgen.core.lexicon import get_lexicon

    return get_lexicon(words, lang).proposals().contains(word)


def not_proposed_because(word: str, words: str | Path | None = None, lang: str | None = None, *,
                         in_text_language: bool = False) -> str | None:
    """Why kitgen will not propose ``word``, in a teacher's words (``classroom-safe list``, ``an abbreviation``
    ...), or None when it does or the word is not in the lexicon (docs/languages.md, "Proposals"). In English
    (what ``--json`` keeps), or with ``in_text_language`` in the language of the text people read."""
    from kitgen.core.lexicon import get_lexicon

    lexicon = get_lexicon(words, lang)
    return lexicon.not_proposed_because(word, gettext) if in_text_language else lexicon.not_proposed_because(word)


def match(pattern: str, words: str | Path | None = None, lang: str | None = None,
          all_words: bool = False, max_rank: int | None = None) -> list[str]:
    """Every entry fitting ``pattern`` (``?`` an unknown letter), as displayed (``take cover``), in ``lang``'s
    alphabet (``CA?A`` gives caña in Spanish); words of the classroom-safe list only with ``all_words``; up to
    the language's proposals tier, or ``max_rank``."""
    from kitgen.core.lexicon import get_lexicon

    lexicon = get_lexicon(words, lang).proposals(all_words, max_rank)
    return [lexicon.display(w) for w in lexicon.match(pattern)]


def anagrams(letters: str, wild: int = 0, min_length: int = 3, words: str | Path | None = None,
             lang: str | None = None, all_words: bool = False, max_rank: int | None = None) -> list[str]:
    """Words makeable from ``letters`` (each once) plus ``wild`` wild cards, longest first; words of the
    classroom-safe list only with ``all_words``; up to the language's proposals tier, or ``max_rank``."""
    from kitgen.core.lexicon import get_lexicon
    from kitgen.io.index_cache import anagram_index

    lexicon = get_lexicon(words, lang).proposals(all_words, max_rank)
    anagram_index(lexicon)  # read back from disk (built and kept the first time)
    return [lexicon.display(w) for w in lexicon.anagrams(letters, wild=wild, min_length=min_length)]


# -- for the faces: safe files, previews, kits in parallel ---------------------------------

def decode_text(data: bytes, source: str) -> str:
    """Bytes a person typed as text (UTF-8, no NUL), or an ``InputError`` at ``source:LINE:COL``."""
    from kitgen.core.text import TextSource

    return TextSource.from_bytes(source, data).text


def read_text_file(path: str | Path) -> tuple[str, str]:
    """``(text, name)`` of a typed file, read safely (size cap, UTF-8, located errors); ``-`` reads stdin."""
    from kitgen.core.text import TextSource

    source = TextSource.from_path(path)
    return source.text, source.name


def prebuild_documents() -> int:
    """Typeset the default kits' documents (English, A4 and US Letter) into the document cache; how many. Run at
    install time into the shipped store (scripts/prebuild_documents.py), so a first kit skips weasyprint."""
    from kitgen.games.kit import prebuild_documents as prebuild

    return prebuild()


def kits(names: list[str], paper: Paper, seed: int, players: int = 2,
         jobs: int | None = None, lang: str = "en", text_lang: str | None = None) -> Iterator[tuple[str, bytes]]:
    """``(game, kit PDF bytes)`` for each game, built in parallel worker processes, in the order given, their
    words in ``lang``, their text in ``text_lang`` (by default ``lang``)."""
    from kitgen.core.language import language
    from kitgen.core.random import check_seed
    from kitgen.games.kit import build_kits

    found = [registry.get(name) for name in names]
    return build_kits(found, paper, check_seed(seed), players, jobs, language(lang).code,
                      language(text_lang).code if text_lang else None)


def output_path(out: str | Path | None, default_name: str) -> Path:
    """Where a file goes: ``out`` as a directory (ends in ``/`` or is one) or a file (``default_name``'s
    extension), else ``output/NAME``; any other ``out`` is an ``InputError``."""
    from kitgen.io.files import out_path

    return out_path(out, default_name, suffix=Path(default_name).suffix or ".pdf")


def check_overwrite(path: Path, force: bool = False) -> None:
    """Refuse (``InputError``) to replace a file kitgen did not write, unless ``force``."""
    from kitgen.io.files import check_overwrite as check

    check(path, force)


def check_distinct(targets: Sequence[Path], inputs: Sequence[Path] = ()) -> None:
    """Refuse (``InputError``) two targets that are one file (compared resolved, and by inode when they exist) or
    a target that is one of the run's inputs, before any work (``kitgen.io.files.check_distinct``)."""
    from kitgen.io.files import check_distinct as check

    check(targets, inputs)


def one_line(message: str) -> str:
    """A message as one line: control characters (a newline in a file name, a terminal escape) escaped."""
    from kitgen.core.display import escaped

    return escaped(message)


def same_file(a: Path, b: Path) -> bool:
    """Whether two paths are one file: resolved alike, or one existing file (``kitgen.io.files.same_file``)."""
    from kitgen.io.files import same_file as same

    return same(a, b)


def shown(path: str | Path) -> str:
    """A path or name as a message shows it: control characters escaped, a very long one cut in the middle."""
    from kitgen.io.files import shown as show

    return show(path)


def save(path: Path, data: bytes, force: bool = False) -> Path:
    """Write ``data`` atomically (a temporary file renamed into place): never half a file, never a user's file."""
    from kitgen.io.files import write_bytes

    return write_bytes(path, data, force)


def all_or_nothing(force: bool = False) -> AbstractContextManager[Batch]:
    """Write several files as one: ``batch.add(path, data)`` checks and stages each; all are renamed into
    place when the block ends, none if it raises (``kitgen.io.files.Batch``)."""
    from kitgen.io.files import all_or_nothing as batch

    return batch(force)


def preview_pngs(pdf: bytes, name: str, folder: Path) -> list[tuple[Path, bytes]]:
    """``(path, PNG bytes)`` of every page of the PDF bytes ``pdf`` written as ``name``: ``folder/<stem>-NN.png``."""
    from kitgen.io.previews import preview_pngs as pngs

    return pngs(pdf, Path(name).stem, folder)


def copies(pdf: bytes, count: int) -> bytes:
    """``count`` copies of the PDF bytes ``pdf`` in one PDF (1 to 200: a class set)."""
    from kitgen.io.pdf import repeat_document

    if not 1 <= count <= MAX_COPIES:
        raise InputError(gettext("copies must be between 1 and {most} (got {count})").format(most=MAX_COPIES,
                                                                                          count=count))
    return repeat_document(pdf, count)


MAX_COPIES = 200


def stamp_link(pdf: bytes, url: str, caption: str) -> bytes:
    """The PDF with a QR code of ``url`` and the address, under ``caption``, printed on every page in a blank
    corner (a class session's sheets: docs/web.md); ``InputError`` names a page with no room for it."""
    from kitgen.io.stamp import Link
    from kitgen.io.stamp import stamp_link as stamp

    return stamp(pdf, Link(url, caption))


def page_png(pdf: bytes, page: int, width: int) -> tuple[bytes, int]:
    """Page ``page`` (1-based) of the PDF bytes ``pdf`` as PNG bytes ``width`` pixels wide, and the page count."""
    from kitgen.io.previews import page_png as png

    return png(pdf, page, width)


def check_previews(pdf: Path, folder: Path, force: bool = False) -> None:
    """Refuse (``InputError``) if previews of ``pdf`` in ``folder`` would replace a file kitgen did not write."""
    from kitgen.io.previews import existing_previews

    for path in existing_previews(pdf, folder):
        check_overwrite(path, force)


def stop_on_signals() -> None:
    """Make SIGTERM and SIGHUP stop a run as Ctrl-C does: a ``KeyboardInterrupt`` (``Stopped``), so staged files
    and temporary folders are removed (``kitgen.io.processes``)."""
    from kitgen.io.processes import stop_on_signals as stop

    stop()


def stops_asked(takes: Callable[[int], bool]) -> AbstractContextManager[None]:
    """Within the block, Ctrl-C, SIGTERM and SIGHUP are first offered to ``takes(signum)`` (a face whose loops ask
    ``Context.cancelled()``: the CLI's); one it does not take interrupts at once (``kitgen.io.processes``)."""
    from kitgen.io.processes import stops_asked as asked

    return asked(takes)


def interrupt(signum: int) -> None:
    """Raise what the signal ``signum`` raises (``KeyboardInterrupt``, or ``Stopped`` for SIGTERM and SIGHUP)."""
    from kitgen.io.processes import interrupt as raise_for

    raise_for(signum)


def watched(context: Context) -> AbstractContextManager[None]:
    """Within the block, the long loops' ``checkpoint()`` asks ``context.cancelled()`` (``Cancelled`` once it is
    true), as ``run``, ``deal`` and ``verify`` do for their call; a face that runs a command itself uses it."""
    return watching(context.cancelled)


def signal_of(exc: BaseException) -> int:
    """The signal number that stopped a run (``KeyboardInterrupt``: SIGINT; ``Stopped``: its own)."""
    from kitgen.io.processes import signal_of as of

    return of(exc)


def previews(pdf: Path, folder: Path, force: bool = False) -> list[Path]:
    """PNG previews of every page of ``pdf`` in ``folder`` (``<stem>-NN.png``)."""
    from kitgen.io.previews import write_previews

    return write_previews(pdf, folder, force=force)


def word_forms(word: str, words: str | Path | None = None) -> dict[str, Any]:
    """What ``word`` is morphologically (docs/game-of-words.md, ruling 5): ``{"plural_of", "past_of", "lemma",
    "plural", "source"}`` from the English word-forms data, or by its documented rule over the word list in use
    for a word the data does not hold."""
    from kitgen.core.lexicon import get_lexicon
    from kitgen.core.morphology import english

    lexicon = get_lexicon(words)
    return english().forms(word, lexicon.contains).to_json()


def lookup(word: str, words: str | Path | None = None, lang: str | None = None) -> tuple[str, int] | None:
    """``(the entry as shown, its commonness rank)`` if ``word`` is in the lexicon (of ``lang``), else None."""
    from kitgen.core.lexicon import get_lexicon

    lexicon = get_lexicon(words, lang)
    if not lexicon.contains(word):
        return None
    return lexicon.display(word), lexicon.rank(word) or 0
