"""The Game of Words' declaration driven directly (issue 12): what the CLI is generated from gives what it prints."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result

from kitgen.games.base import QuietContext, Values, Verdict
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
    data = deck.render(Values.of(deck.options, {"size": CardSize.BRIDGE, "spec": "lexicon-1932"}))
    assert data.startswith(b"%PDF") and b"kitgen" in data


def test_a_deal_sheet_component_renders_a_pdf() -> None:
    sheet = GAME.component("crossword-sheet")
    assert sheet.render(Values.of(sheet.options, {"seed": 9, "players": 4})).startswith(b"%PDF")


def test_word_solitaire_deal_1_is_what_the_cli_prints(invoke: Invoke) -> None:
    variant = GAME.deal_variant("word-solitaire")
    dealt = variant.deal(Values.of(variant.options, {"seed": 1}), QuietContext())
    r = invoke("deal", "word-solitaire", "--seed", "1", "--json")
    assert r.exit_code == 0 and json.loads(r.stdout) == dealt.to_json()
    assert invoke("deal", "word-solitaire", "--seed", "1").stdout == dealt.to_text() + "\n"


@pytest.mark.parametrize("game", ["letter-patience", "crossword-solitaire-a", "crossword-solitaire-b", "crossword",
                                  "anagrams"])
def test_every_deal_variant_is_what_the_cli_prints(invoke: Invoke, game: str) -> None:
    variant = GAME.deal_variant(game)
    given: dict[str, Any] = {"seed": 7, **({"players": 3} if game in ("crossword", "anagrams") else {})}
    dealt = variant.deal(Values.of(variant.options, given), QuietContext())
    args = [str(a) for kv in given.items() for a in (f"--{kv[0]}", kv[1])]
    assert json.loads(invoke("deal", game, *args, "--json").stdout) == dealt.to_json()
    assert invoke("deal", game, *args).stdout == dealt.to_text() + "\n"


def verdict_of(kind: str, path: Path, given: dict[str, Any]) -> Verdict:
    record_kind = GAME.record_kind(kind)
    values = Values.of(record_kind.options, {"file": path, **given})
    record = record_kind.read(path.read_text(encoding="utf-8"), str(path), values)
    return record_kind.verify(record, values, QuietContext())


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
