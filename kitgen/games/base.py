"""The game contract: what every game declares once, and what both faces are built from.

A game is one package under ``kitgen/games/`` whose ``__init__`` exposes
``GAME``, a :class:`Game`. Everything the command line, the Python API
(``kitgen.api``) and the web app offer for that game is generated from it:

- **options** (:class:`Option`), declared once with their type, default,
  range or choices and help: the CLI flags, the API's keyword arguments and
  the web form all come from the same declaration (as boxes.py turns a
  generator's parameters into every interface);
- **components** (:class:`Component`): each printable thing, rendered to PDF
  bytes from its option values; the kit uses them, and a component with a
  ``command`` is also a top-level CLI command (``kitgen sheet``);
- **deals** (:class:`DealVariant`): ``deal(values, context) -> Deal``, a typed frozen
  dataclass with ``to_json()`` (the ``kitgen deal ... --json`` contract);
- **records** (:class:`RecordKind` ``[R, D]``): ``read(source, values) -> R``
  (errors located as ``FILE:LINE:COL``) and ``verify(record, values, context)
  -> Verdict[D]``: the game's whole typed result document ``D`` (scores, words,
  moves up to a broken turn), with the problems beside it, each with a code and
  a location;
- **commands** (:class:`Command`): the CLI commands, each a ``run(values,
  context) -> Outcome`` that files the bytes to write and the text or JSON to
  print; the faces do the writing, printing and exit codes, never the game.

Steps for adding a game are in CONTRIBUTING.md; ``kitgen/games/_template`` is a
game to copy.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import MISSING, Field, FrozenInstanceError, dataclass, field, fields, replace
from enum import Enum
from pathlib import Path
from typing import (
    TYPE_CHECKING,
    Any,
    BinaryIO,
    ClassVar,
    Concatenate,
    Generic,
    ParamSpec,
    Protocol,
    Self,
    TypeVar,
    dataclass_transform,
)

from kitgen.core.cancel import Cancelled as Cancelled
from kitgen.core.errors import NO_FILE as NO_FILE
from kitgen.core.errors import InputError, UnknownName
from kitgen.core.errors import Problem as Problem
from kitgen.core.errors import Severity as Severity
from kitgen.core.errors import from_no_file as from_no_file
from kitgen.core.i18n import DECIMAL_COMMA, N_, gettext, quoted, text_language, text_variant
from kitgen.core.i18n import ENGLISH as ENGLISH_TEXT
from kitgen.core.i18n import typed as typed_text
from kitgen.core.language import ENGLISH, LangCode, Language, language
from kitgen.io.pdf import Duplex, Paper

if TYPE_CHECKING:
    from kitgen.core.lexicon import Lexicon
    from kitgen.io.cutfile import CutSheet

T = TypeVar("T")

OptionValue = int | float | bool | str | Path | Enum | list[str] | list[Path] | None


class Group(Enum):
    """Where a command sits on the command line."""

    TOP = "top"
    """``kitgen NAME``"""
    DEAL = "deal"
    """``kitgen deal NAME``"""
    VERIFY = "verify"
    """``kitgen verify NAME``"""
    WORDS = "words"
    """``kitgen words NAME``"""


@dataclass(frozen=True)
class Option:
    """One option, declared once: its CLI flag, API keyword and web-form field come from here.

    ``type`` is ``int``, ``float``, ``bool``, ``str``, ``Path`` or an Enum class
    (its values are the choices). ``minimum``/``maximum`` bound numbers. An
    ``argument`` is positional on the command line (the file to verify);
    ``many`` makes it a list. ``reads_file`` marks a ``str`` option whose value
    may name a file (``--spec``: a preset or a file): the web app, which never
    lets a request name a file on the server, takes only preset names for it.
    A ``print_only`` option shapes only what the command prints or exports (the
    paper, the layout, the type, a fill or solution printed with the pattern),
    not the pattern or deal a game is played on: a form that starts a game from
    the command's result (the web app's Crossword "New game") leaves it out.
    """

    name: str
    type: type
    default: OptionValue
    help: str
    flag: str = ""
    short: str = ""
    minimum: float | None = None
    maximum: float | None = None
    argument: bool = False
    required: bool = False
    many: bool = False
    flag_value: str | None = None
    """The value of a string option given as a bare flag (``--dask`` alone means ``local``)."""
    reads_file: bool = False
    print_only: bool = False
    presets: tuple[str, ...] = ()
    """The names a ``reads_file`` option takes without reading a file (``--spec whitman-1938``): over HTTP it takes
    only these (a name that is not one is refused, never looked for as a file on the server)."""
    cli_only: bool = False
    """Work for the command line alone (``--prove``: minutes a deal, past any web worker's time limit): never a web
    form's field, and a request that sets it is refused with a 400 naming the command to run instead."""
    web_help: str = ""
    """The option's help on a web page, in plain words for a teacher or a child and marked for the catalogue
    (``N_``): the declared ``help`` is the command line's (flags, nodes, file names). Empty: the web makes the
    declared help plain itself."""
    choice_labels: tuple[tuple[str, str], ...] = ()
    """Each choice's name on a web page, ``(value, words)`` marked for the catalogue (``N_``); a choice left out is
    shown as its value capitalised."""
    writes_file: bool = False
    """A ``Path`` option naming a file the command writes (``--ipuz``, ``--puz``), not one it reads: the faces
    check that no output is one of the run's inputs (every other ``Path`` option, and ``reads_file`` ones)."""

    @property
    def cli_flag(self) -> str:
        """``--per-page`` for ``per_page`` unless the declaration names another flag."""
        return self.flag or "--" + self.name.replace("_", "-")

    @property
    def named(self) -> str:
        """The option as the person reads it on this face: its flag on the command line (and in the API), its
        form label on a web page (``naming_options``)."""
        naming = _naming.get()
        return naming(self) if naming is not None else self.cli_flag

    def setting(self, value: object = None) -> str:
        """The option set to ``value`` as the person sets it on this face, for a refusal that says what to do
        instead: ``--per-page 2`` (a flag alone for ``None``) on the command line and in the API, the field's label
        and the value as the form's list names it on a web page (“On each page”: 2, „Papier“: A3; the label alone
        for ``None``), in the text language (``naming_options``)."""
        typed = value.value if isinstance(value, Enum) else value
        if _naming.get() is None:
            return self.cli_flag if typed is None else f"{self.cli_flag} {typed}"
        if typed is None:
            return self.named
        choice = _choice_naming.get()
        shown = choice(self, str(typed)) if choice is not None and self.choices else str(typed)
        return gettext("{option}: {value}").format(option=self.named, value=shown)

    @property
    def choices_named(self) -> tuple[str, ...]:
        """The accepted values as the person reads them on this face: as typed on the command line (and in the
        API), as the form's list names them on a web page (``naming_options``)."""
        naming = _choice_naming.get()
        return tuple(naming(self, c) for c in self.choices) if naming is not None else self.choices

    @property
    def choices(self) -> tuple[str, ...]:
        """The accepted values of an Enum option, as typed."""
        if isinstance(self.type, type) and issubclass(self.type, Enum):
            return tuple(str(member.value) for member in self.type)
        return ()

    def check(self, value: OptionValue) -> OptionValue:
        """The value, converted and range-checked; ``InputError`` names the option (``named``) when it is out of
        range, in the text language."""
        if value is None:
            if self.required:
                raise InputError(gettext("{option} is required").format(option=self.named))
            return None
        if self.type is Path and isinstance(value, str):
            value = Path(value)
        if self.choices and not isinstance(value, Enum):
            try:
                value = self.type(value)
            except ValueError:
                raise InputError(gettext("{option} must be one of {choices} (got {value})").format(
                    option=self.named, choices=", ".join(self.choices_named), value=shown_value(value))) from None
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            self._in_range(value)
        return value

    def _in_range(self, value: float) -> None:
        low, high = self.minimum, self.maximum
        if value != value:  # NaN: no comparison is true, so say what is accepted
            if low is not None and high is not None:
                raise InputError(gettext("{option} must be a number between {low} and {high} (got {value})").format(
                    option=self.named, low=_num(low), high=_num(high), value="nan"))
            raise InputError(gettext(_KINDS[float]).format(option=self.named, value="nan"))
        if (low is not None and value < low) or (high is not None and value > high):
            raise InputError(gettext("{option} must be between {low} and {high} (got {value})").format(
                option=self.named, low=_num(low), high=_num(high), value=_num(value)))

    def convert(self, value: OptionValue) -> OptionValue:
        """The value checked (``check``) and of the declared type: a list for a ``many`` option (empty for none),
        a float for a float option given an int, ``False`` for a flag given nothing; any other type is an
        ``InputError`` naming the option (never an ``assert``, which ``python -O`` strips)."""
        value = self.check(value)
        if self.many:
            return self._typed_list(value)
        if value is None:
            return False if self.type is bool else None
        if self.type is float and isinstance(value, int) and not isinstance(value, bool):
            return float(value)
        if isinstance(value, self.type) and not (self.type in (int, float) and isinstance(value, bool)):
            return value
        said = _KINDS.get(self.type, N_("{option} must be {kind} (got {value})"))
        raise InputError(gettext(said).format(option=self.named, kind=getattr(self.type, "__name__", self.type),
                                              value=shown_value(value)))

    def _typed_list(self, value: OptionValue) -> list[str] | list[Path]:
        if value is None:
            return []
        if not isinstance(value, (list, tuple)):
            said = N_("{option} must be a list of file names (got {value})") if self.type is Path else \
                N_("{option} must be a list of texts (got {value})")
            raise InputError(gettext(said).format(option=self.named, value=shown_value(value)))
        if self.type is Path:
            return [Path(v) for v in value]
        return [str(v) for v in value]


_naming: ContextVar[Callable[[Option], str] | None] = ContextVar("kitgen_option_naming", default=None)
_choice_naming: ContextVar[Callable[[Option, str], str] | None] = ContextVar("kitgen_choice_naming", default=None)


@contextlib.contextmanager
def naming_options(name: Callable[[Option], str],
                   choice: Callable[[Option, str], str] | None = None) -> Iterator[None]:
    """Inside the block, a refusal names an option as ``name`` says (the web app: by its form's label, never a
    flag a teacher did not type), and its choices as ``choice`` says (as the form's list names them: A4, US
    Letter); the command line's flag and values outside any."""
    token, choices = _naming.set(name), _choice_naming.set(choice)
    try:
        yield
    finally:
        _choice_naming.reset(choices)
        _naming.reset(token)


_KINDS = {int: N_("{option} must be a whole number (got {value})"),
          float: N_("{option} must be a number (got {value})"),
          bool: N_("{option} must be true or false (got {value})"), str: N_("{option} must be text (got {value})"),
          Path: N_("{option} must be a file name (got {value})")}
"""What a value of each declared type is called in a refusal, said whole so each language says it its own way."""


def shown_value(value: object) -> str:
    """A refused value as a refusal shows it: Python's quotes in English (``'b5'``), the text language's
    quotation marks elsewhere (``„b5“``); a number as written."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return _num(value)
    if isinstance(value, str):
        return typed_text(value)  # what a person typed: core.i18n's one rule
    if text_language() == ENGLISH_TEXT:
        return repr(value)
    return quoted(str(value))


_OPTION = "kitgen.option"


def opt(option: Option) -> Any:
    """A field of an :class:`Options` class, declared by ``option`` (the one source of its flag, keyword, web
    field, default, range and choices): the field's name is the option's, its default the option's. A required
    option is declared with ``field(metadata=required(OPTION))`` instead (``required``)."""
    if option.required:
        raise TypeError(f"the option {option.name!r} is required: declare its field "
                        f"'{option.name}: T = field(metadata=required(OPTION))', so mypy sees it has no default")
    if option.many:
        return field(default_factory=list, metadata={_OPTION: option})
    return field(default=option.default, metadata={_OPTION: option})


def required(option: Option) -> dict[str, Option]:
    """The metadata of a required option's field, declared with ``dataclasses.field`` itself::

        sheet: Path = field(metadata=required(SHEET))

    mypy reads a ``field()`` call with no default as a field that must be given (a call leaving it out is a type
    error), while any other call (``opt``) reads as a default: so a required option is never declared with ``opt``."""
    if not option.required:
        raise TypeError(f"the option {option.name!r} has a default: declare its field with opt(OPTION)")
    return {_OPTION: option}


@dataclass_transform(kw_only_default=True, frozen_default=True, field_specifiers=(field,))
class Options:
    """A command's (component's, deal variant's, record kind's) options, typed: a frozen, keyword-only dataclass
    each of whose fields is declared with ``opt(OPTION)`` (``field(metadata=required(OPTION))`` for a required
    one), so game code reads ``opts.tutorial`` and mypy catches a misspelt name and a required option left out.
    A subclass is one by being a subclass (no decorator)::

        class SheetOptions(Options):
            seed: int | None = opt(SEED)
            paper: Paper = opt(PAPER)

    Building one checks every value once (range, choices, required, type) with the same ``InputError`` messages
    as the faces; ``declared()`` is its ``Option`` list (the CLI flags, API keywords and web fields);
    ``tests/games/test_options.py`` checks every game's annotations agree with their options' types.

    Why no ``@dataclass(frozen=True, kw_only=True)``: that decorator writes and compiles six methods a class, and
    the games declare some fifty of these classes, which every ``kitgen`` run imports (``--help`` too); it made
    ``kitgen --help`` a quarter slower (issue 25's benchmark bar, benchmarks/compare.py). Here the fields are
    collected by ``dataclasses`` (``fields``, ``replace``, ``asdict`` work as on any dataclass) and ``__init__``,
    ``__eq__``, ``__hash__``, ``__repr__`` and the frozen ``__setattr__`` are written once, below, for all of
    them; ``dataclass_transform`` tells mypy the subclasses are frozen keyword-only dataclasses, so it checks
    their constructors' keywords and refuses an assignment to a field.
    """

    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        dataclass(init=False, repr=False, eq=False, match_args=False)(cls)  # the fields only: no method written

    def __init__(self, **given: Any) -> None:
        for item in fields(self):
            if item.name in given:
                value = given.pop(item.name)
            elif item.default is not MISSING:
                value = item.default
            elif item.default_factory is not MISSING:
                value = item.default_factory()
            else:
                raise TypeError(f"{type(self).__name__}() missing a required keyword argument: {item.name!r}")
            object.__setattr__(self, item.name, value)
        if given:
            raise TypeError(f"{type(self).__name__}() got an unexpected keyword argument {next(iter(given))!r}")
        self.__post_init__()

    def __post_init__(self) -> None:
        for item in fields(self):
            option = _declared_by(type(self), item.name, item.metadata)
            object.__setattr__(self, item.name, option.convert(getattr(self, item.name)))

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, item.name) for item in fields(self))

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Options)  # for mypy: the same class
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash((self.__class__, self._values()))

    def __repr__(self) -> str:
        shown = ", ".join(f"{item.name}={getattr(self, item.name)!r}" for item in fields(self))
        return f"{self.__class__.__qualname__}({shown})"

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    @classmethod
    def declared(cls) -> tuple[Option, ...]:
        """The options, in the order of the fields."""
        return tuple(_declared_by(cls, item.name, item.metadata) for item in fields(cls))

    @classmethod
    def of(cls, values: Mapping[str, OptionValue]) -> Self:
        """The typed options from a face's values (which may hold more: ``--out``, ``--force``, ``--quiet``);
        one not given takes its default (a required one not given is an ``InputError``)."""
        given: dict[str, Any] = {item.name: values[item.name] for item in fields(cls) if item.name in values}
        for option in cls.declared():
            given.setdefault(option.name, option.default)  # a required one: None, refused as required
        return cls(**given)

    @classmethod
    def build(cls, **given: OptionValue) -> Self:
        """The typed options from keywords named like the flags; an unknown name is an ``InputError`` (as
        ``kitgen.api`` says it)."""
        known = {option.name for option in cls.declared()}
        unknown = sorted(set(given) - known)
        if unknown:
            raise InputError(gettext("unknown option {name} (known: {known})").format(
                name=shown_value(unknown[0]), known=", ".join(sorted(known))))
        return cls.of(given)


dataclass(init=False, repr=False, eq=False, match_args=False)(Options)  # the base too: no fields, plain Options()


def _declared_by(cls: type, name: str, metadata: Mapping[str, Any]) -> Option:
    option = metadata.get(_OPTION)
    if not isinstance(option, Option) or option.name != name:
        raise TypeError(f"{cls.__name__}.{name} must be declared with opt(OPTION) of an option named {name!r}")
    return option


OptionsT = TypeVar("OptionsT", bound=Options)
P = ParamSpec("P")
R = TypeVar("R")


@dataclass(frozen=True)
class Typed(Generic[OptionsT, P, R]):
    """A game function of typed options (``render(opts: SheetOptions) -> bytes``), as the faces call it: with a
    mapping of option values by name. The declaration's ``render``/``deal``/``run`` is one of these, so the typed
    API entry points (``api.render_with(SheetOptions(seed=1))``) find it by its options class."""

    options: type[OptionsT]
    function: Callable[Concatenate[OptionsT, P], R]

    def __call__(self, values: Mapping[str, OptionValue], /, *args: P.args, **kwargs: P.kwargs) -> R:
        return self.function(self.options.of(values), *args, **kwargs)


def typed(options: type[OptionsT], function: Callable[Concatenate[OptionsT, P], R]) -> Typed[OptionsT, P, R]:
    """``function`` of typed ``options``, callable by the faces with option values by name."""
    return Typed(options, function)


def _num(value: float | None) -> str:
    """A bound or a number given, as written (``2147483647``, ``0.5``; ``0,5`` where the text language writes a
    decimal comma), ``any`` for no bound."""
    if value is None:
        return gettext("any")
    if float(value).is_integer():
        return str(int(value))
    return str(value).replace(".", ",") if text_language() in DECIMAL_COMMA else str(value)


OptionValues = Mapping[str, OptionValue]
"""Option values by name as a face gives them (a flag, a keyword, a form field), before any is checked: game code
never reads one by its name, it builds its :class:`Options` class from them (``SheetOptions.of(values)``), where
each value is checked once and mypy checks every name read."""


# -- shared options: the same name, type, range and help in every game ----------------

MAX_SEED = 2**31 - 1
MAX_COUNT = 1000
MAX_PLAYERS = 12

PAPER = Option("paper", Paper, Paper.a4, "Paper size: a3, a4, a5, letter, legal or tabloid.", print_only=True)
OUT = Option("out", str, None, "Output file (with the output's extension) or directory (ending in / or existing; "
             "default: output/).", reads_file=True)
"""Every command that writes takes it; one that must know where its files go (to name them in its
``--json``) declares it and sets each ``OutFile.explicit``."""
SEED = Option("seed", int, None, "Deal number / seed (0 to 2147483647).", minimum=0, maximum=MAX_SEED)
WORDS = Option("words", Path, None, "Word list (one word or phrase a line, # comments) replacing the default lexicon.")
LANG = Option("lang", LangCode, LangCode.EN, "Language of the words: en (default), fr, de, es, it, nl, pt, sv, "
              "pl, tr, ru or el (its lexicon, alphabet and book; docs/languages.md).")
TWO_CELL_IJ = Option("two_cell_ij", bool, False, "Dutch (--lang nl): write IJ in two cells, I and J, as Scrabble "
                     "does; one cell by default, as Dutch crosswords print it (docs/languages.md).")
"""The grid puzzles' (Make a Wordsearch, the crossword) choice of two cells for the Dutch IJ."""
TEXT_LANG = Option("text_lang", LangCode, None, "Language of the text people read (labels, rules, covers, "
                   "messages): by default the language of the words (--lang), English for a command without one.")
"""Shared by every command that takes ``--lang`` or writes a file (the faces add it: kitgen/cli/build.py)."""
ALL_WORDS = Option("all_words", bool, False, "Let kitgen propose any word of the lexicon, even those of the "
                   "classroom-safe list (left out of deals, solutions, hints and suggestions by default).")
LARGE_PRINT = Option("large_print", bool, False, "Large print: squares and boxes 12 mm or more, every word and "
                     "number 16 pt or more (one a page).", print_only=True)
FORCE = Option("force", bool, False, "Replace an existing file kitgen did not write.")
"""Every command that writes takes it (the faces add it: kitgen/cli/build.py); a survey's ``--out`` reads it."""
CUT_SVG = Option("cut_svg", bool, False, "Also write a cut file for a cutting machine (Cricut, Silhouette): an SVG "
                 "at true size for each page of pieces or cards, beside the PDF, with cut lines on the layer 'cut' "
                 "and fold lines on the layer 'fold'.")
"""Declared on the commands that print things to cut (``bricks``, ``deck``), not on their components: the web
app serves one PDF a request and leaves cut files out (docs/web.md)."""
CUT_DXF = Option("cut_dxf", bool, False, "Also write a cut file for a laser cutter: a DXF in millimetres for each "
                 "page of pieces or cards, beside the PDF, with the layers of --cut-svg's SVG.")
"""Declared beside ``CUT_SVG`` (issue 32: "DXF beside SVG for laser cutters")."""
REGISTRATION = Option("registration", bool, False, "Print-then-cut on a cutting machine with a camera "
                      "(Silhouette): registration marks in three corners of every page of cards or pieces, as "
                      "Silhouette Studio prints them (type 1: 20 mm long, 0.5 mm thick, 10 mm in), the cards or "
                      "pieces laid out inside them (fewer a page), nothing else printed in their band; the cut files "
                      "(--cut-svg) carry the marks on a layer of their own.")
"""Declared with ``CUT_SVG``, on the commands only (``kitgen.io.registration``)."""
COUNT = Option("count", int, 1, "How many (1..1000).", minimum=1, maximum=MAX_COUNT)
PLAYERS = Option("players", int, 2, "Players (2 to 12).", minimum=2, maximum=MAX_PLAYERS)

RANGE = Option("range", str, None, "Seeds A-B: work every deal of the range, one JSON line each (at most 1,000,000).")
JOBS = Option("jobs", int, 1, "Worker processes for --range (0: every core).", minimum=0, maximum=64)
DASK = Option("dask", str, None, "Run --range on Dask: a local cluster (--dask alone) or a scheduler "
              "(--dask tcp://host:8786). Needs Dask: the kitgen dask extra.", flag_value="local")
STATS = Option("stats", bool, False, "With --range: the summary only (shares, no seed lists).")
PLOT = Option("plot", Path, None, "With --range: also draw the survey as a chart, an SVG file (Make a Wordsearch: "
              "par and bound per deal; the solitaires: the winnable share along the range). Needs matplotlib: the "
              "kitgen charts extra.", writes_file=True)
SURVEY_OPTIONS = (RANGE, JOBS, DASK, STATS, PLOT)
"""What every deal variant with a ``Survey`` takes on the command line, besides its own options and ``--out``."""


def lexicon_for(words: str | Path | None, lang: Language | str | None = None, cells: bool = False) -> Lexicon:
    """The lexicon a command checks words against: ``--words FILE`` (read in ``--lang``'s alphabet) or the
    shipped lexicon of ``--lang`` (English when the command has none). Verifiers use it whole: a real word a
    player wrote is accepted. ``cells``: in the alphabet of the language's grid puzzles (``Lexicon.in_cells``:
    Dutch IJ in one cell), for the wordsearch and the crossword."""
    from kitgen.core.lexicon import get_lexicon

    found = get_lexicon(words, language(lang))
    return found.in_cells() if cells else found


def proposals_for(words: str | Path | None, lang: Language | str | None, all_words: bool,
                  cells: bool = False) -> Lexicon:
    """The lexicon a command proposes words from (deals, solutions, hints, fills): ``lexicon_for`` without the
    classroom-safe list unless ``--all-words`` (docs/languages.md, ruling 4)."""
    return lexicon_for(words, lang, cells).proposals(all_words)


def cells_language(lang: Language | str | None, two_cell_ij: bool = False) -> Language:
    """The alphabet a grid puzzle writes ``--lang``'s words in (``kitgen.core.language.in_cells``), or the language's
    own with ``--two-cell-ij``."""
    from kitgen.core.language import in_cells

    return language(lang) if two_cell_ij else in_cells(language(lang))


# -- results ---------------------------------------------------------------------------

def output_name(stem: str, *variants: str | None, ext: str = ".pdf") -> str:
    """A file name carrying every option that changes the output: ``stem`` then each variant that is not
    ``None`` (each labelled, ``letter``, ``4up``, ``x30``, ``bleed3mm``), e.g. ``pattern-...-4up-letter.pdf``.

    An option at its default adds nothing, so the default run keeps its documented name and two runs that
    print the same thing share one; two that print differently never do. Text in another language than the
    words' (``--text-lang``) adds ``text-CODE`` (``kitgen.core.i18n.text_variant``).
    """
    return "-".join([stem, *(v for v in variants if v), *filter(None, [text_variant()])]) + ext


def paper_variant(paper: Paper) -> str | None:
    """``letter`` (or any paper but the default A4), for ``output_name``."""
    return None if paper is Paper.a4 else paper.value


def per_page_variant(per_page: Enum) -> str | None:
    """``2up``/``4up`` when ``--per-page`` is more than one, for ``output_name``."""
    return None if str(per_page.value) == "1" else f"{per_page.value}up"


def lang_variant(lang: str | Language | None) -> str | None:
    """The language's code (``fr``) when ``--lang`` is not English, for ``output_name``."""
    code = language(lang).code
    return None if code == "en" else code


def large_print_variant(large_print: bool) -> str | None:
    """``large`` with ``--large-print``, for ``output_name``."""
    return "large" if large_print else None


def count_variant(count: int) -> str | None:
    """``x30`` when ``--count`` is more than one, for ``output_name``."""
    return None if count == 1 else f"x{count}"


def with_cut_files(cut_svg: bool, out: str | None, pdf: OutFile, pages: Sequence[int],
                   sheet_of: Callable[[int], CutSheet], cut_dxf: bool = False) -> list[OutFile]:
    """The PDF and, with ``--cut-svg`` (``--cut-dxf``), a cut file for each of its ``pages`` (1-based) that has
    something to cut: ``STEM-cut-pNN.svg`` (``.dxf``) beside the PDF (``--out`` a file or a directory), ``STEM`` the
    PDF's name, which carries every option that changes the output. ``sheet_of(page)`` is that page's
    :class:`CutSheet`, made only once every overwrite has been checked; the files are written all or nothing with
    the PDF."""
    if not (cut_svg or cut_dxf):
        return [pdf]
    if cut_dxf:
        from kitgen.io.cutfile import check_dxf

        check_dxf()
    from functools import cache

    from kitgen.io.files import out_path

    path = pdf.explicit or out_path(out, pdf.name)
    digits = len(str(max(pages, default=1)))
    files = [OutFile(pdf.name, pdf.data, explicit=path)]

    @cache
    def titled(page: int) -> CutSheet:  # its title names the PDF as written (--out), not the default name
        return replace(sheet_of(page), title=f"{path.name}, page {page}")

    for page in pages:
        for suffix, wanted in ((".svg", cut_svg), (".dxf", cut_dxf)):
            if wanted:
                name = f"{path.stem}-cut-p{page:0{digits}d}{suffix}"
                files.append(OutFile(name, _cut_file(suffix, titled, page), explicit=path.with_name(name)))
    return files


def _cut_file(suffix: str, sheet_of: Callable[[int], CutSheet], page: int) -> Callable[[], bytes]:
    """What writes page ``page``'s cut file as ``suffix`` says (``kitgen.io.cutfile``)."""
    from kitgen.io.files import kitgen_mark

    def made() -> bytes:
        from kitgen.io.cutfile import dxf_bytes, svg_bytes

        return (svg_bytes if suffix == ".svg" else dxf_bytes)(sheet_of(page), kitgen_mark())

    return made


class Deal(Protocol):
    """A seeded deal: a typed frozen dataclass per variant."""

    def to_json(self) -> dict[str, Any]:
        """The ``kitgen deal ... --json`` document: ``{"game", "seed", ...the layout...}``."""
        ...

    def to_text(self) -> str:
        """The deal as a person reads it on a terminal."""
        ...


class Document(Protocol):
    """A game's result document: a typed frozen dataclass per record kind (or deal) with ``to_json()``."""

    def to_json(self) -> dict[str, Any]:
        """The document's JSON form: the same top-level keys whatever the outcome (docs of the game)."""
        ...


D = TypeVar("D", bound=Document)
"""A record kind's verdict document."""


@dataclass(frozen=True)
class Verdict(Generic[D]):
    """What verifying a record found: the game's whole result document, the text report and the problems.

    ``document`` is the game's typed result (its ``to_json()`` is the documented ``kitgen verify ... --json``
    contract): whole whether the record keeps the rules or not (a broken record's document holds the game up to
    the broken turn), as python-chess keeps a game whole and lists its errors beside it. ``problems`` are the
    broken rules and warnings (exit 1 when any is an error).
    """

    game: str
    kind: str
    document: D
    text: str
    problems: tuple[Problem, ...] = ()

    @property
    def errors(self) -> tuple[Problem, ...]:
        return tuple(p for p in self.problems if p.severity is Severity.ERROR)

    @property
    def exit_code(self) -> int:
        """0 when the record keeps every rule, 1 when it breaks one."""
        return 1 if self.errors else 0

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` document (the web's verify answer too): the game's document and ``"problems"`` (empty
        for a record with nothing to say), each ``code``, ``message``, ``severity``, ``file``, ``line``, ``col``.
        The top-level keys are the same whether the record is legal or broken."""
        return {**self.document.to_json(), "problems": [p.to_json() for p in self.problems]}

    def to_text(self) -> str:
        return self.text


@dataclass(frozen=True)
class Streamed:
    """A file's bytes written to it as they are made (a long PDF), never held whole: ``write(file)``."""

    write: Callable[[BinaryIO], None]


@dataclass(frozen=True)
class OutFile:
    """A file a command wants written: its default name (under ``--out``) and its bytes."""

    name: str
    data: bytes | Callable[[], bytes] | Streamed
    """The bytes, a function making them, or a ``Streamed`` writer: made only once every overwrite has been
    checked."""
    explicit: Path | None = None
    """A path the user named for this file (``--ipuz set.ipuz``), used instead of ``--out``/name."""

    def content(self) -> bytes:
        """The file's bytes (made now if ``data`` is a function or a writer)."""
        if isinstance(self.data, Streamed):
            import io

            buffer = io.BytesIO()
            self.data.write(buffer)
            return buffer.getvalue()
        return self.data() if callable(self.data) else self.data

    def write_to(self, file: BinaryIO) -> None:
        """Write the file's bytes to ``file`` (as they are made, if they are ``Streamed``)."""
        if isinstance(self.data, Streamed):
            self.data.write(file)
        else:
            file.write(self.content())


@dataclass
class Outcome:
    """What a command produced; the face writes the files, prints, and exits with ``exit_code``.

    ``lines`` may be a generator: the CLI prints each line as it comes (deal
    ranges stream). ``document`` is printed instead of ``lines`` with ``--json``.
    ``error`` is a located problem that makes the command exit 1 after printing. ``document`` may be a
    function making it, called after the files are written (so no work comes before the overwrite checks).
    """

    files: list[OutFile] = field(default_factory=list)
    lines: Iterable[str] = ()
    document: Any = None
    exit_code: int = 0
    error: str | None = None
    stream_files: Callable[[], Iterator[OutFile]] | None = None
    planned: list[str] = field(default_factory=list)
    """The names ``stream_files`` will write: their overwrites are checked before any work starts."""


Update = Callable[[float, str | None], None]


class Context(Protocol):
    """What a face lends a running command, deal or verify: progress bars (or none), the quiet/json state and
    cancellation (a long search asks ``cancelled()`` between steps and stops early when it is true)."""

    quiet: bool
    json: bool

    def progress(self, label: str, total: float, unit: str = "") -> contextlib.AbstractContextManager[Update | None]:
        ...

    def note(self, text: str) -> None:
        """Say something beside the result (the CLI: one line on stderr, unless ``--quiet``)."""
        ...

    def cancelled(self) -> bool:
        """Whether the face wants the work stopped. The API asks it for the long loops (``kitgen.core.cancel``:
        a solver, a par search, a fill or a survey calls ``checkpoint()`` between steps, which raises
        ``Cancelled``); it should answer quickly (a web worker polls its pipe at most every few milliseconds)."""
        ...


class QuietContext:
    """A context with no progress and no chatter: the API's."""

    quiet = True
    json = False

    def progress(self, label: str, total: float, unit: str = "") -> contextlib.AbstractContextManager[Update | None]:
        return contextlib.nullcontext(None)

    def note(self, text: str) -> None:
        pass

    def cancelled(self) -> bool:
        return False


Run = Callable[[OptionValues, Context], Outcome]


@dataclass(frozen=True)
class Command:
    """A command of the CLI (and an endpoint of the web app): declared options and a ``run``.

    ``writes`` adds ``--out``, ``--force`` and ``--png``; ``result`` adds ``--json``;
    every command takes ``-q/--quiet``.
    """

    name: str
    group: Group
    help: str
    options: tuple[Option, ...]
    run: Run
    writes: bool = False
    result: bool = False
    png: bool = True
    out_is_directory: bool = False
    """``--out`` names a directory the files go into (``kitgen kit``), never a file."""


@dataclass(frozen=True)
class Component:
    """A printable thing (patterns, sheets, deck, nets, score pads): options -> PDF bytes."""

    name: str
    title: str
    options: tuple[Option, ...]
    render: Callable[[OptionValues], bytes]
    command: str = ""
    """The CLI command that prints it (``kitgen NAME``), also its name in the web API (``/api/pdf/NAME``)."""
    counts: str = ""
    """What its ``count`` option makes, in the plural ("sheets", "patterns"): a class set of it is that many;
    empty when it has no ``count`` (a class set repeats the whole PDF)."""
    varies: bool = False
    """Its ``count`` makes different ones (patterns from a seeded stream), not copies of one: a class set may be
    either."""


class Tally(Protocol):
    """A survey's summary, folded one deal's JSON line at a time (so memory stays flat over a million deals)."""

    def add(self, line: Mapping[str, Any]) -> None:
        ...

    def to_json(self) -> dict[str, Any]:
        """The game's part of the summary document (counts, shares, the first few notable seeds)."""
        ...

    def lines(self, stats: bool) -> list[str]:
        """The summary as text; ``stats`` is ``--stats`` (shares only, no seed lists)."""
        ...


DealWork = Callable[[int], dict[str, Any]]
"""The work on one deal of a survey: ``work(seed) -> the deal's JSON line`` (a dict with ``"game"`` and ``"seed"``).

Built once per survey (a solver is costly) and then called in forked processes or on Dask workers, so it must be
picklable (an instance of a module-level class) and give the same line for the same seed wherever it runs."""


@dataclass(frozen=True)
class Survey:
    """Every deal of a range, worked the same way: ``kitgen deal VARIANT --range A-B --solve`` (docs/surveys.md).

    The faces add ``--range``, ``--jobs``, ``--dask`` and ``--stats`` to the variant's deal command, stream one JSON
    line a deal in seed order (stdout with ``--json``, or ``--out FILE.jsonl``, resumable), and fold the lines into
    ``tally``'s summary. ``needs`` is the flag that asks for the work (``--solve``, ``--par``); a range needs it.
    """

    needs: str
    work: Typed[Any, [], DealWork]
    """Builds the per-deal work from the deal command's own typed options (once per survey; the command's options
    class, built once: ``typed(WordSolitaireOptions, make)``); ``changes`` name fields of those options."""
    tally: Callable[[], Tally]
    changes: tuple[str, ...] = ()
    """The options that change the lines (besides the variant): a resumed file must have been made with the same."""
    chunk: int = 16
    """Deals a task: fewer for slow work (a par search), so lines come steadily and every worker keeps busy."""
    line: tuple[tuple[str, str], ...] = ()
    """The line's own keys besides ``game``, ``seed`` and ``survey``, each with its JSON kind: ``int``, ``bool``,
    ``str``, ``null``, ``list[str]``, ``list[object]``, or several joined by ``|`` (``bool|null``). A resumed line
    is checked against them (a located error for a missing, unknown or mistyped key); empty: not checked."""
    set_only: tuple[str, ...] = ()
    """Options of ``changes`` that enter the survey's key only when given (true): added after files were made, so
    the files made before, at the option's default, keep their key and still resume."""


@dataclass(frozen=True)
class DealVariant:
    """A seeded deal of a game: ``deal(values) -> Deal``; with a ``survey``, ranges of deals too."""

    name: str
    help: str
    options: tuple[Option, ...]
    deal: Callable[[OptionValues, Context], Deal]
    """``deal(values, context) -> Deal``: the context carries progress and cancellation (a par search)."""
    survey: Survey | None = None


@dataclass(frozen=True)
class Opponent(Generic[R]):
    """A computer player for a record kind: the next turn, given the record so far.

    ``reply(record, values)`` returns ``{"line": ...}`` (the turn as the record would hold it) and what
    it scores, in the kind's terms; ``options`` are its own (a playing level).
    """

    options: tuple[Option, ...]
    reply: Callable[[R, OptionValues], dict[str, Any]]


@dataclass(frozen=True)
class CheckPage:
    """A record kind's web page that enters a record the way it looks on paper (a sheet's grid, a game's board):
    its template (of ``kitgen/web/templates``), the words on the button that opens it, and what it draws beside
    the record. Declared with the kind, so no page of the web app knows a game by name."""

    template: str
    button: str
    setup_command: str = ""
    """The top-level command whose options start a game on the page (the crossword's ``pattern``)."""
    setup_hidden: tuple[str, ...] = ()
    """Options of the setup command the page leaves out (it sets them itself)."""
    dealt_by: tuple[str, ...] = ()
    """The deal variants a record of this kind is played from: the page draws the chosen deal beside it."""


@dataclass(frozen=True)
class RecordKind(Generic[OptionsT, R, D]):
    """A finished sheet or game record a player types back in (``R``), read and verified with the kind's typed
    options (``OptionsT``, built once from a face's values, before the record is read), and its one verify
    driver, whose verdict carries the game's typed document (``D``)."""

    name: str
    help: str
    options: tuple[Option, ...]
    read: Callable[[str, str, OptionsT], R]
    """``read(text, source_name, opts) -> record``; errors are ``InputError`` at FILE:LINE:COL. A
    ``source_name`` in angle brackets (``from_no_file``) is no file: the record may not name others."""
    verify: Callable[[R, OptionsT, Context], Verdict[D]]
    """``verify(record, opts, context) -> Verdict``, given the options ``read`` was given: every face (CLI, API,
    web) calls it through ``kitgen.api``; the context carries progress and cancellation (a par search)."""
    options_type: type[OptionsT]
    """The kind's typed options, declaring every option but the file: the faces build them once
    (``RecordKind.typed_options``) and hand the same object to ``read`` and ``verify``;
    ``api.verify_with(VerifyOptions(...), text)`` finds the kind by it."""
    opponent: Opponent[R] | None = None
    """A computer player, where the game has one (the web app's "play against the computer")."""
    check_page: CheckPage | None = None
    """How the web app enters this record the way it looks on paper, where it can (every kind also has the
    record-text page)."""

    def typed_options(self, values: OptionValues) -> OptionsT:
        """The kind's typed options from a face's values, each value checked once (an ``InputError`` before any
        line of the record is read: a bad option is reported before a malformed record)."""
        return self.options_type.of(values)


@dataclass(frozen=True)
class KitSettings:
    """What a kit's component pages are drawn for (``kitgen kit --paper --seed --players --lang``)."""

    paper: Paper
    seed: int
    players: int = 2
    language: Language = ENGLISH
    """The language of the components' words (a French kit's wordsearch sheets print the French book); a game
    whose components hold no words leaves it alone."""


ComponentParts = tuple[tuple[bytes, str], ...]
"""A kit's component pages as separate PDFs, each with its bookmark (``WHAT | PRINT ON``, ``PART_MARK`` between),
for the kit to join once with its documents (the Game of Words: deck, deal sheet, score pads) instead of joining
them first into one PDF that the kit parses again."""


@dataclass(frozen=True)
class KitSpec:
    """What goes into the game's kit besides its components, and how to print it."""

    tagline: str
    players: str
    contents: tuple[str, ...]
    print_notes: tuple[str, ...]
    components: Callable[[KitSettings], bytes | ComponentParts]
    """``components(settings) -> PDF bytes`` of the kit's component pages, or its parts (``ComponentParts``)."""
    card_stock: tuple[str, ...] = ()
    card_weight: tuple[int, int] = (200, 300)
    """The weight of the card ``card_stock`` names, in g/m² (least, most): the how-to-print page says it once."""
    document_cost: int = 5
    """Rough relative cost of the kit's documents (the costliest are typeset first)."""
    rules_template: str = ""
    """``templates/rules/<game>.html`` unless named."""
    double_sided: Callable[[Paper], Duplex] | None = None
    """The edge the kit's double-sided pages (card faces and their backs) turn on, on a paper: the kit sets it as
    the PDF's duplex preference, says it on the how-to-print page and starts those pages on an odd page."""


@dataclass(frozen=True)
class Game:
    """One game, declared once."""

    name: str
    """The name people type: ``kitgen kit NAME``."""
    title: str
    seed_document: str
    """The seed file of its rules (``../shared/seeds/NAME``)."""
    docs: str
    """Its docs page in this repository, where its rulings are written."""
    kit: KitSpec
    components: tuple[Component, ...] = ()
    deals: tuple[DealVariant, ...] = ()
    records: tuple[RecordKind[Any, Any, Any], ...] = ()
    commands: tuple[Command, ...] = ()
    order: int = 100
    """Where the game comes in listings and in ``kitgen kit`` (then by name)."""

    def component(self, name: str) -> Component:
        return _named(self.components, name, gettext(N_("{game} component")).format(game=self.name))

    def deal_variant(self, name: str) -> DealVariant:
        return _named(self.deals, name, gettext(N_("{game} deal")).format(game=self.name))

    def record_kind(self, name: str) -> RecordKind[Any, Any, Any]:
        return _named(self.records, name, gettext(N_("{game} record")).format(game=self.name))

    @property
    def rules_template(self) -> str:
        return self.kit.rules_template or f"rules/{self.name}.html"


class _Named(Protocol):
    @property
    def name(self) -> str: ...


N = TypeVar("N", bound=_Named)


def _named(items: Iterable[N], name: str, what: str) -> N:
    return named({item.name: item for item in items}, name, what)


V = TypeVar("V")


def named(found: Mapping[str, V], name: str, what: str) -> V:
    """``found[name]``, or the one message of every look-up by name (``UnknownName``: exit 2, 404 on the web)."""
    if name not in found:
        raise UnknownName(what, name, tuple(found))
    return found[name]
