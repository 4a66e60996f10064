"""The Game of Words' declaration driven directly (issue 12): what the CLI is generated from gives what it prints."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result

from kitgen.core.errors import InputError
from kitgen.games.base import QuietContext, Typed, Verdict
from kitgen.games.game_of_words import GAME
from kitgen.games.game_of_words.declaration import CardSize

ROOT = Path(__file__).resolve().parents[3]
SAMPLES = ROOT / "samples" / "game-of-words"
Invoke = Callable[..., Result]
WordFile = Callable[..., Path]

SOLITAIRE_WORDS = ("jowl", "squaw", "with", "zebu", "axiom", "hush", "folk", "navy", "late", "trip", "grid", "screen")
GRID_WORDS = ("beam", "earn", "moor", "north")
HAND_WORDS = ("spew", "why", "yeti", "snot", "ex", "pus", "jab")


def test_every_variant_record_and_command_is_declared() -> None:
    assert [d.name for d in GAME.deals] == ["word-solitaire", "letter-patience", "crossword-solitaire-a",
                                           "crossword-solitaire-b", "crossword", "anagrams"]
    assert [r.name for r in GAME.records] == ["solitaire", "crossword-hand", "anagrams", "out-game", "guess-o-gram"]
    assert [c.name for c in GAME.components] == ["deck"] + [f"{d.name}-sheet" for d in GAME.deals] + ["score-pads"]


def test_deck_component_renders_a_pdf() -> None:
    deck = GAME.component("deck")
    data = deck.render({"size": CardSize.BRIDGE, "spec": "lexicon-1932"})
    assert data.startswith(b"%PDF") and b"kitgen" in data


def test_a_deal_sheet_component_renders_a_pdf() -> None:
    sheet = GAME.component("crossword-sheet")
    assert sheet.render({"seed": 9, "players": 4}).startswith(b"%PDF")


def test_word_solitaire_deal_1_is_what_the_cli_prints(invoke: Invoke) -> None:
    variant = GAME.deal_variant("word-solitaire")
    dealt = variant.deal({"seed": 1}, QuietContext())
    r = invoke("deal", "word-solitaire", "--seed", "1", "--json")
    assert r.exit_code == 0 and json.loads(r.stdout) == dealt.to_json()
    assert invoke("deal", "word-solitaire", "--seed", "1").stdout == dealt.to_text() + "\n"


@pytest.mark.parametrize("game", ["letter-patience", "crossword-solitaire-a", "crossword-solitaire-b", "crossword",
                                  "anagrams"])
def test_every_deal_variant_is_what_the_cli_prints(invoke: Invoke, game: str) -> None:
    variant = GAME.deal_variant(game)
    given: dict[str, Any] = {"seed": 7, **({"players": 3} if game in ("crossword", "anagrams") else {})}
    dealt = variant.deal(given, QuietContext())
    args = [str(a) for kv in given.items() for a in (f"--{kv[0]}", kv[1])]
    assert json.loads(invoke("deal", game, *args, "--json").stdout) == dealt.to_json()
    assert invoke("deal", game, *args).stdout == dealt.to_text() + "\n"


def verdict_of(kind: str, path: Path, given: dict[str, Any]) -> Verdict:
    record_kind = GAME.record_kind(kind)
    values = {"file": path, **given}
    opts = record_kind.typed_options(values)
    record = record_kind.read(path.read_text(encoding="utf-8"), str(path), opts)
    return record_kind.verify(record, opts, QuietContext())


CASES = [
    ("solitaire", "word-solitaire-1.txt", {"seed": 1}, SOLITAIRE_WORDS),
    ("solitaire", "word-solitaire-1-broken.txt", {"seed": 1}, SOLITAIRE_WORDS),
    ("solitaire", "crossword-solitaire-b.txt", {"game": "crossword-solitaire-b", "seed": 1,
                                                "spec": str(SAMPLES / "mini-deck.toml")}, GRID_WORDS),
    ("solitaire", "crossword-solitaire-b-broken.txt", {"game": "crossword-solitaire-b", "seed": 1,
                                                       "spec": str(SAMPLES / "mini-deck.toml")}, GRID_WORDS),
    ("crossword-hand", "crossword-hand-3.txt", {"seed": 3}, HAND_WORDS),
    ("crossword-hand", "crossword-hand-3-broken.txt", {"seed": 3}, HAND_WORDS),
]


@pytest.mark.parametrize("kind, sample, given, words", CASES, ids=[c[1] for c in CASES])
def test_samples_verify_as_the_cli_reports_them(invoke: Invoke, word_file: WordFile, kind: str, sample: str,
                                                given: dict[str, Any], words: tuple[str, ...]) -> None:
    path = SAMPLES / sample
    word_list = word_file(*words)
    verdict = verdict_of(kind, path, {**given, "words": word_list})
    args = [str(a) for name, value in given.items() for a in (f"--{name}", value)]
    r = invoke("verify", kind, path, *args, "--words", word_list)
    assert r.exit_code == verdict.exit_code == (1 if "broken" in sample else 0)
    assert r.stdout == (verdict.text + "\n" if verdict.text else "")
    assert r.stderr == "".join(f"kitgen: {p}\n" for p in verdict.errors)
    if verdict.errors:
        assert all(p.code and p.where is not None and p.where.line > 0 for p in verdict.errors)
    if verdict.document:
        doc = json.loads(invoke("verify", kind, path, *args, "--words", word_list, "--json").stdout)
        assert doc == verdict.to_json()


# -- issue 25: the Game of Words in the shape of the other games, typed from its declaration to its verdicts ----

GAME_DIR = ROOT / "kitgen" / "games" / "game_of_words"


def test_the_game_has_the_template_shape_with_no_second_layer() -> None:
    """Declaration, rules, formats, render, as every game has (``kitgen/games/_template``): no ``drivers`` layer
    between the declaration and the rules."""
    template = {p.stem for p in (ROOT / "kitgen" / "games" / "_template").iterdir() if p.suffix in ("", ".py")}
    here = {p.stem for p in GAME_DIR.iterdir() if p.suffix in ("", ".py") and p.name != "__pycache__"}
    assert here <= template, sorted(here - template)


GETTER = re.compile(r"\bvalues\.(as_int|opt_int|as_float|flag|as_str|opt_str|path|paths|strs|enum|paper|get)\(")


def test_no_game_code_reads_values_by_a_string_name() -> None:
    """The game reads typed options (``opts.seed``), which mypy checks, never ``values.opt_int("seed")``."""
    found = [f"{path.relative_to(ROOT)}:{n}: {line.strip()}" for path in sorted(GAME_DIR.rglob("*.py"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if GETTER.search(line)]
    assert not found, "\n".join(found)


def _calls() -> list[tuple[str, object]]:
    return ([(f"component {c.name}", c.render) for c in GAME.components]
            + [(f"deal {d.name}", d.deal) for d in GAME.deals]
            + [(f"survey {d.name}", d.survey.work) for d in GAME.deals if d.survey is not None]
            + [(f"command {c.name}", c.run) for c in GAME.commands])


@pytest.mark.parametrize("name, call", _calls(), ids=[name for name, _ in _calls()])
def test_every_component_deal_survey_and_command_reads_typed_options(name: str, call: object) -> None:
    assert isinstance(call, Typed), name


def test_each_deal_and_sheet_has_its_own_options_class_so_the_typed_api_finds_it() -> None:
    from kitgen import api
    from kitgen.games.game_of_words.declaration import VARIANTS, AnagramsSheetOptions, CrosswordDealOptions

    deals = [d.deal.options for d in GAME.deals if isinstance(d.deal, Typed)]
    sheets = [c.render.options for c in GAME.components if isinstance(c.render, Typed)]
    assert len(set(deals)) == len(deals) == len(VARIANTS) and len(set(sheets)) == len(sheets)
    dealt = api.deal_with(CrosswordDealOptions(seed=3, players=4)).to_json()
    assert (dealt["game"], dealt["seed"], dealt["players"]) == ("crossword", 3, 4)
    assert dealt == api.deal("crossword", seed=3, players=4).to_json()
    assert api.render_with(AnagramsSheetOptions(seed=2, players=3)) == api.render("game-of-words", "anagrams-sheet",
                                                                                  seed=2, players=3)


def test_options_are_checked_when_built_with_the_faces_messages() -> None:
    from kitgen.games.game_of_words.declaration import Solitaire, SolitaireOptions

    assert SolitaireOptions.build(game="letter-patience", seed=2).game is Solitaire.LETTER_PATIENCE
    with pytest.raises(InputError, match="--game must be one of word-solitaire, letter-patience"):
        SolitaireOptions.build(game="klondike")
    with pytest.raises(InputError, match=r"unknown option 'sede'"):
        SolitaireOptions.build(sede=2)


MINI = str(SAMPLES / "mini-deck.toml")
DOCUMENTS = [
    ("solitaire", "word-solitaire-1.txt", {"game": "word-solitaire", "seed": 1}, "WordSolitaireDocument"),
    ("solitaire", "letter-patience-2.txt", {"game": "letter-patience", "seed": 2}, "PatienceDocument"),
    ("solitaire", "crossword-solitaire-a-1.txt", {"game": "crossword-solitaire-a", "seed": 1, "spec": MINI},
     "CrosswordPlaysDocument"),
    ("solitaire", "crossword-solitaire-b.txt", {"game": "crossword-solitaire-b", "seed": 1, "spec": MINI},
     "CrosswordGridDocument"),
    ("crossword-hand", "crossword-hand-3.txt", {"seed": 3}, "HandDocument"),
    ("anagrams", "anagrams-1.txt", {"seed": 1, "spec": MINI}, "AnagramsDocument"),
    ("out-game", "out-game-1.txt", {}, "OutDocument"),
    ("guess-o-gram", "guess-o-gram-1.txt", {}, "GuessDocument"),
]


@pytest.mark.parametrize("kind, sample, given, document", DOCUMENTS, ids=[d[1] for d in DOCUMENTS])
def test_each_record_kind_has_its_own_typed_document(kind: str, sample: str, given: dict[str, Any],
                                                     document: str) -> None:
    """Not one generic ``Report(fields)``: a frozen dataclass per record kind (and solitaire played), whose JSON is
    made from its typed fields (docs/game-of-words.md, "JSON contract")."""
    import dataclasses

    verdict = verdict_of(kind, SAMPLES / sample, given)
    found: Any = verdict.document
    cls: Any = type(found)
    assert cls.__name__ == document and cls.__dataclass_params__.frozen  # a frozen dataclass
    assert not any(isinstance(getattr(found, f.name), dict) for f in dataclasses.fields(cls))
    assert verdict.problems == found.problems() and verdict.text == found.to_text()
