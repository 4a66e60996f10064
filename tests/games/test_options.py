"""Typed options (kitgen/games/base.py, ``Options``): every game's options classes agree with their ``Option``
declarations, building one checks each value once with the faces' messages, and mypy catches a misspelt name."""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap
from dataclasses import FrozenInstanceError, fields, is_dataclass, replace
from pathlib import Path
from typing import Any, get_type_hints

import pytest
from conftest import ROOT

from kitgen.api import InputError, declarations
from kitgen.cli.build import shared_options
from kitgen.games.base import PAPER, SEED, Option, Options, Typed, opt, required
from kitgen.io.pdf import Paper


def _options_classes() -> list[type[Options]]:
    declarations()
    found: list[type[Options]] = []
    todo = list(Options.__subclasses__())
    while todo:
        cls = todo.pop()
        found.append(cls)
        todo.extend(cls.__subclasses__())
    return sorted((c for c in found if c.__module__.startswith("kitgen.games.")), key=lambda c: c.__qualname__)


def _expected(option: Option) -> Any:
    kind: Any = option.type
    if option.many:
        return list[kind]
    if option.default is None and not option.required and option.type is not bool:
        return kind | None
    return kind


@pytest.mark.parametrize("cls", _options_classes(), ids=lambda c: f"{c.__module__}.{c.__qualname__}")
def test_annotations_agree_with_the_declared_options(cls: type[Options]) -> None:
    hints = get_type_hints(cls)
    for option in cls.declared():
        assert hints[option.name] == _expected(option), f"{cls.__qualname__}.{option.name}"
    required = {o.name: Path("x") for o in cls.declared() if o.required}
    assert cls.of(required) == cls.of({**required, **{o.name: o.default for o in cls.declared() if not o.required}})


def _typed_calls() -> list[tuple[str, tuple[Option, ...], Typed[Any, Any, Any], frozenset[str]]]:
    found: list[tuple[str, tuple[Option, ...], Any, frozenset[str]]] = []
    for game in declarations():
        for component in game.components:
            found.append((f"{game.name} component {component.name}", component.options, component.render,
                          frozenset()))
        for variant in game.deals:
            found.append((f"{game.name} deal {variant.name}", variant.options, variant.deal, frozenset()))
        for command in game.commands:
            found.append((f"{game.name} command {command.name}", command.options, command.run,
                          frozenset(o.name for o in shared_options(command))))
    return [(name, options, call, shared) for name, options, call, shared in found if isinstance(call, Typed)]


def test_the_template_and_the_games_declare_typed_calls() -> None:
    games = {name.split()[0] for name, *_ in _typed_calls()}
    assert "3dxword" in games


@pytest.mark.parametrize("name, options, call, shared", _typed_calls(), ids=lambda v: v if isinstance(v, str) else "")
def test_a_typed_call_takes_the_options_its_declaration_lists(
        name: str, options: tuple[Option, ...], call: Typed[Any, Any, Any], shared: frozenset[str]) -> None:
    declared = {o.name: o for o in options}
    for option in call.options.declared():
        if option.name in shared:
            continue
        assert declared.get(option.name) == option, f"{name}: {option.name}"
    assert {o.name for o in options if not o.argument} <= {o.name for o in call.options.declared()}, name


class Sheet(Options):
    seed: int | None = opt(SEED)
    paper: Paper = opt(PAPER)


def test_building_checks_and_converts_once() -> None:
    assert Sheet.build(paper="letter") == Sheet(seed=None, paper=Paper.letter)
    assert Sheet(paper="a5").paper is Paper.a5  # type: ignore[arg-type]  # a string from a face converts
    with pytest.raises(InputError, match=r"--seed must be between 0 and 2147483647 \(got -1\)"):
        Sheet(seed=-1)
    with pytest.raises(InputError, match=r"--paper must be one of a3, a4, a5"):
        Sheet.build(paper="b5")
    with pytest.raises(InputError, match=r"unknown option 'sede' \(known: paper, seed\)"):
        Sheet.build(sede=1)
    with pytest.raises(InputError, match=r"--seed must be a whole number \(got '3'\)"):
        Sheet.build(seed="3")
    with pytest.raises(InputError, match=r"--seed must be a whole number \(got True\)"):
        Sheet.build(seed=True)


def test_a_required_option_not_given_is_refused_as_the_faces_refuse_it() -> None:
    from kitgen.games.wordsearch.declaration import VerifyCommandOptions

    with pytest.raises(InputError, match="^sheet is required$|--sheet is required"):
        VerifyCommandOptions.of({"tutorial": True})
    assert VerifyCommandOptions.of({"sheet": "s.txt", "tutorial": True}).sheet == Path("s.txt")


def test_a_required_option_is_declared_as_a_field_without_default() -> None:
    from kitgen.games.wordsearch.declaration import SHEET, VerifyCommandOptions

    with pytest.raises(TypeError, match="'sheet' is required: declare its field"):
        opt(SHEET)
    with pytest.raises(TypeError, match="'seed' has a default: declare its field with opt"):
        required(SEED)
    with pytest.raises(TypeError, match="sheet"):
        VerifyCommandOptions(tutorial=True)  # type: ignore[call-arg]


def test_a_field_not_declared_by_its_option_is_refused() -> None:
    class Misnamed(Options):
        sead: int | None = opt(SEED)

    with pytest.raises(TypeError, match="Misnamed.sead must be declared with opt"):
        Misnamed.declared()


class SubSheet(Sheet):
    """A subclass adding no field is an options class of its own (as each Game of Words variant's)."""


def test_an_options_class_is_a_frozen_keyword_only_dataclass_that_writes_no_method() -> None:
    """Every options class shares Options' methods: each of some fifty classes that every `kitgen` run imports
    writing and compiling its own six (a @dataclass each) made `kitgen --help` a quarter slower (issue 25's bench
    bar, benchmarks/compare.py). Each is still a frozen, keyword-only dataclass, as mypy is told it is."""
    one = Sheet(seed=3, paper=Paper.letter)
    assert one == Sheet(seed=3, paper=Paper.letter) != Sheet(seed=4, paper=Paper.letter)
    assert hash(one) == hash(Sheet(seed=3, paper=Paper.letter)) and len({one, Sheet(seed=3, paper=Paper.letter)}) == 1
    assert SubSheet(seed=3, paper=Paper.letter) != one
    assert repr(SubSheet()) == f"SubSheet(seed=None, paper={Paper.a4!r})"
    assert repr(one) == f"Sheet(seed=3, paper={Paper.letter!r})"
    assert replace(one, seed=5) == Sheet(seed=5, paper=Paper.letter) and is_dataclass(one)
    assert [f.name for f in fields(SubSheet)] == ["seed", "paper"]
    with pytest.raises(FrozenInstanceError):
        one.seed = 4  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        del one.paper
    with pytest.raises(TypeError, match="unexpected keyword argument 'sede'"):
        Sheet(sede=1)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="positional"):
        Sheet(3)  # type: ignore[call-arg]
    with pytest.raises(InputError, match="--seed must be between"):
        replace(one, seed=-1)  # checked again, as any build is
    shared = {"__init__", "__eq__", "__hash__", "__repr__", "__setattr__", "__delattr__"}
    assert [(c.__qualname__, sorted(shared & set(vars(c)))) for c in _options_classes() if shared & set(vars(c))] == []


TYPED_SCRIPTS = {
    "good.py": """
        from kitgen import api
        from kitgen.games.wordsearch.declaration import SheetOptions, VerifyOptions

        def scoring(opts: VerifyOptions) -> str:
            return "tutorial" if opts.tutorial else "full"

        pdf: bytes = api.render_with(SheetOptions(seed=1, count=2))
    """,
    "misspelt.py": """
        from kitgen.games.wordsearch.declaration import VerifyOptions

        def scoring(opts: VerifyOptions) -> bool:
            return opts.tutorail
    """,
    "keyword.py": """
        from kitgen import api
        from kitgen.games.wordsearch.declaration import SheetOptions

        pdf = api.render_with(SheetOptions(seed=1, colour="red"))
    """,
    "misspelt_gow.py": """
        from kitgen.games.game_of_words.declaration import SolitaireOptions

        def deal_played(opts: SolitaireOptions) -> int | None:
            return opts.sede
    """,
    "keyword_gow.py": """
        from kitgen import api
        from kitgen.games.game_of_words.declaration import AnagramsSheetOptions

        pdf = api.render_with(AnagramsSheetOptions(seed=1, colour="red"))
    """,
    "crossword_good.py": """
        from kitgen import api
        from kitgen.games.crossword.declaration import PatternOptions, RecordOptions, Style

        def scoring(opts: RecordOptions) -> str:
            return "ink" if opts.ink else "pencil"

        pdf: bytes = api.render_with(PatternOptions(seed=1, style=Style.AMERICAN, size=9))
    """,
    "required_left_out.py": """
        from pathlib import Path
        from kitgen.games.wordsearch.declaration import VerifyCommandOptions

        given = VerifyCommandOptions(sheet=Path("s.txt"), tutorial=True)
        forgotten = VerifyCommandOptions(tutorial=True)
    """,
    "verify_good.py": """
        from kitgen import api
        from kitgen.games.crossword.declaration import RecordOptions

        exit_code: int = api.verify_with(RecordOptions(ink=True), "text").exit_code
    """,
    "verify_bad.py": """
        from kitgen import api
        from kitgen.games.wordsearch.declaration import VerifyOptions

        verdict = api.verify_with(VerifyOptions(tutorail=True), "text")
    """,
    "crossword_bad.py": """
        from kitgen import api
        from kitgen.games.crossword.declaration import PatternOptions, RecordOptions

        def scoring(opts: RecordOptions) -> bool:
            return opts.inkk
        pdf = api.render_with(PatternOptions(seed=1, colour="red"))
    """,
}


@pytest.mark.slow  # mypy --strict over kitgen in a child process, with no cache in a fresh clone: started first
def test_mypy_catches_a_misspelt_option_and_an_unknown_keyword(tmp_path: Path) -> None:
    for name, code in TYPED_SCRIPTS.items():
        (tmp_path / name).write_text(textwrap.dedent(code), encoding="utf-8")
    checked = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-error-summary", "--follow-imports=silent",
                              *(str(tmp_path / name) for name in TYPED_SCRIPTS)],
                             cwd=ROOT, capture_output=True, text=True, timeout=600)
    errors = checked.stdout.splitlines()
    assert not [line for line in errors if "good.py" in line], errors
    assert [line for line in errors if "misspelt.py:5" in line and '"tutorail"' in line], errors
    assert [line for line in errors if "keyword.py:5" in line and '"colour"' in line], errors
    assert [line for line in errors if "misspelt_gow.py:5" in line and '"sede"' in line], errors  # the Game of Words
    assert [line for line in errors if "keyword_gow.py:5" in line and '"colour"' in line], errors
    assert not [line for line in errors if "crossword_good.py" in line], errors
    assert [line for line in errors if "crossword_bad.py:6" in line and '"inkk"' in line], errors
    assert [line for line in errors if "required_left_out.py" in line] == [
        line for line in errors if "required_left_out.py:6" in line and '"sheet"' in line] != [], errors
    assert [line for line in errors if "crossword_bad.py:7" in line and '"colour"' in line], errors
    assert not [line for line in errors if "verify_good.py" in line], errors
    assert [line for line in errors if "verify_bad.py:5" in line and '"tutorail"' in line], errors  # verify_with


def _enum_options() -> list[tuple[str, str, Option]]:
    """Every option of a fixed set of values, with the record kind, deal or component declaring it."""
    found = []
    for game in declarations():
        for what, items in (("component", game.components), ("deal", game.deals), ("record", game.records)):
            for item in items:
                found += [(game.name, f"{what}:{item.name}", o) for o in item.options if o.choices]
    return found


def test_the_solitaire_to_verify_is_a_declared_choice_of_all_four() -> None:
    from kitgen.api import options

    game = next(o for o in options("game-of-words", "solitaire", "record") if o.name == "game")
    assert game.type == "choice"
    assert game.choices == ("word-solitaire", "letter-patience", "crossword-solitaire-a", "crossword-solitaire-b")


@pytest.mark.parametrize("game, where, option", _enum_options(), ids=lambda v: v if isinstance(v, str) else "")
def test_every_choice_is_shown_by_the_api_and_refused_outside_it(game: str, where: str, option: Option) -> None:
    from kitgen.api import options

    kind, name = where.split(":")
    info = next(o for o in options(game, name, kind) if o.name == option.name)
    assert info.type == "choice" and info.choices == option.choices
    with pytest.raises(InputError, match=f"{option.cli_flag} must be one of {', '.join(option.choices)}"):
        option.convert("no-such-choice")


def test_verify_solitaire_help_lists_every_solitaire(invoke: Any) -> None:
    from typer.testing import CliRunner

    from kitgen.cli.app import app

    wide = CliRunner().invoke(app, ["verify", "solitaire", "--help"], env={"COLUMNS": "200"}).stdout  # no wrapping
    assert "<word-solitaire|letter-patience|crossword-solitaire-a|crossword-solitaire-b>" in wide
    refused = invoke("verify", "solitaire", "x.txt", "--game", "klondike")
    assert refused.exit_code == 2
    assert ("'klondike' is not one of 'word-solitaire', 'letter-patience', 'crossword-solitaire-a', "
            "'crossword-solitaire-b'") in refused.stderr


def test_every_printed_piece_with_a_count_says_what_it_counts() -> None:
    """The web's class set reads ``Component.counts`` and ``varies`` (never the option's help text, which is
    translated and reworded): a piece with a ``count`` option must say what it makes."""
    from kitgen.web.pages import _class_set_of

    for game in declarations():
        for component in game.components:
            counted = any(o.name == "count" for o in component.options)
            assert bool(component.counts) == counted, (game.name, component.name)
            made = _class_set_of(component)
            assert made["classset"] == ("count" if counted else "copies")
            if counted:
                assert made["noun"] == component.counts and made["varies"] == component.varies


KITGEN = ROOT / "kitgen"
STRING_KEYED = re.compile(
    r"\.(flag|opt_int|as_int|as_float|as_str|opt_str|paths|strs|enum|paper)\(|\bvalues\.path\("  # the old getters
    r"|\b(Option)?Values\.of\("  # the faces' second check before the typed one
    r"""|\b(values|played)(\[|\.get\()\s*["']""")  # an option read by a name mypy cannot see
"""What reading an option by a string looks like: ``values.flag("tutorial")``, ``values["db"]``."""


def test_no_option_is_read_by_its_name_as_a_string() -> None:
    """Every command, component, deal, survey and face reads its options from a typed ``Options`` class (a
    misspelt name is a mypy error), never through string getters (``values.flag("tutorail")`` was silently
    False), and the values are checked once, where that class is built (no ``Values.of`` first)."""
    found = [f"{path.relative_to(ROOT)}:{n}: {line.strip()}" for path in sorted(KITGEN.rglob("*.py"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if STRING_KEYED.search(line)]
    assert not found, found
    import kitgen.games.base as base

    assert not hasattr(base, "Values"), "the string-keyed Values bag is gone: OptionValues is a plain Mapping"


def _every_command() -> list[tuple[str, Any]]:
    from kitgen.cli.kit import kit_command
    from kitgen.cli.serve import SERVE
    from kitgen.cli.session import COMMANDS as SESSION
    from kitgen.cli.words import COMMANDS as WORDS

    found: list[tuple[str, Any]] = [(f"{c.group.value} {c.name}", c.run)
                                    for c in (kit_command(), SERVE, *SESSION, *WORDS)]
    for game in declarations():
        found += [(f"{game.name} component {c.name}", c.render) for c in game.components]
        found += [(f"{game.name} deal {d.name}", d.deal) for d in game.deals]
        found += [(f"{game.name} command {c.name}", c.run) for c in game.commands]
        found += [(f"{game.name} survey {d.name}", d.survey.work) for d in game.deals if d.survey is not None]
    return found


@pytest.mark.parametrize("name, call", _every_command(), ids=lambda v: v if isinstance(v, str) else "")
def test_every_declared_call_takes_typed_options(name: str, call: Any) -> None:
    """The faces hand a call the values as given; a ``Typed`` call builds its options class from them, the one
    place they are checked."""
    assert isinstance(call, Typed), name


def test_a_survey_s_changes_are_fields_of_its_work_options() -> None:
    """The survey's key is made of its work's typed options (``changes``), and the flag it needs is an option of
    its deal command."""
    from kitgen import api

    for game in declarations():
        for variant in game.deals:
            if variant.survey is not None:
                worked = {o.name for o in variant.survey.work.options.declared()}
                assert set(variant.survey.changes) <= worked, variant.name
                assert variant.survey.needs in {o.name for o in api.deal_command(variant.name).options}, variant.name


def test_every_record_kind_with_options_has_its_typed_options() -> None:
    """``api.verify_with`` finds a kind by its options class: each kind's ``options_type`` declares every option of
    the kind but the file, and verifying with it is verifying with keywords."""
    for game in declarations():
        for kind in game.records:
            declared = tuple(o for o in kind.options if not o.argument)
            assert kind.options_type.declared() == declared, kind.name


def test_verify_with_is_verify_with_keywords(word_file: Any) -> None:
    from kitgen import api
    from kitgen.games.crossword.declaration import RecordOptions
    from kitgen.games.game_of_words.declaration import Solitaire, SolitaireOptions

    record = ROOT / "samples" / "crossword" / "illegal.txt"
    words = word_file("cat", "cats", "act", "tack")
    typed_verdict = api.verify_with(RecordOptions(words=words, ink=True), record.read_text(), str(record))
    assert typed_verdict.to_json() == api.verify("crossword", record.read_text(), str(record), words=words,
                                                 ink=True).to_json()
    with pytest.raises(InputError, match="--seed N is needed"):
        api.verify_with(SolitaireOptions(game=Solitaire.WORD), "CAT\n")
    with pytest.raises(InputError, match="no record kind takes Sheet"):
        api.verify_with(Sheet(), "")
