"""One verdict shape (issue 25): every record kind's ``verify --json`` has the same top-level keys whether the record
keeps the rules or breaks one, its game document kept whole beside ``"problems"``.

Parametrised from the registry: a record kind with no legal and broken input here fails, so a new kind is covered
as soon as it is declared.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT

from kitgen import api

S = ROOT / "samples"
GOW = S / "game-of-words"
W3D = {"words": str(S / "3dxword" / "words.lst")}
Case = tuple[Path | str, Path | str, dict[str, Any]]
"""A legal record, a broken one (a sample file or the text itself), the options both are verified with."""
CASES: dict[str, Case] = {
    "crossword": (S / "crossword" / "game.txt", S / "crossword" / "illegal.txt", {}),
    "wordsearch": (S / "wordsearch" / "deal-1.txt", S / "wordsearch" / "deal-1-broken.txt", {"deal": 1}),
    "3dxword": (S / "3dxword" / "table-game.txt", S / "3dxword" / "illegal-too-early.txt", W3D),
    "solitaire": (GOW / "word-solitaire-1.txt", GOW / "word-solitaire-1-broken.txt",
                  {"game": "word-solitaire", "seed": 1}),
    "crossword-hand": (GOW / "crossword-hand-3.txt", GOW / "crossword-hand-3-broken.txt", {"seed": 3}),
    "anagrams": (GOW / "anagrams-1.txt", GOW / "anagrams-broken.txt", {}),
    "out-game": (GOW / "out-game-1.txt", GOW / "out-game-broken.txt", {}),
    "guess-o-gram": (GOW / "guess-o-gram-1.txt", GOW / "guess-o-gram-broken.txt", {}),
}
KINDS = [(g.name, k.name) for g in api.declarations() for k in g.records]


def text_of(case: Path | str) -> tuple[str, str]:
    return (case.read_text(encoding="utf-8"), str(case)) if isinstance(case, Path) else (case, "<text>")


@pytest.mark.parametrize("game, kind", KINDS, ids=[k for _, k in KINDS])
def test_a_verdict_has_the_same_keys_legal_or_broken(game: str, kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    if kind not in CASES:
        pytest.fail(f"{game}'s record kind {kind} needs a legal and a broken record in tests/test_verdicts.py")
    legal, broken, given = CASES[kind]
    monkeypatch.chdir(S / "crossword")  # a crossword record's pattern: file is found beside it
    good = api.verify(kind, *text_of(legal), **given)
    bad = api.verify(kind, *text_of(broken), **given)
    assert (good.exit_code, bad.exit_code) == (0, 1), (good.errors, bad.problems)
    assert bad.errors and all(p.where is not None for p in bad.errors)  # each refusal located
    assert "problems" in good.to_json() and bad.to_json()["problems"][0]["code"] == bad.errors[0].code
    assert set(good.to_json()) == set(bad.to_json()), set(good.to_json()) ^ set(bad.to_json())


def test_a_broken_crossword_keeps_scores_moves_and_winner_up_to_the_broken_turn(invoke: Any) -> None:
    """The issue's bar: ``kitgen verify crossword samples/crossword/illegal.txt --json``."""
    import os

    here = Path.cwd()
    os.chdir(S / "crossword")
    try:
        result = invoke("verify", "crossword", "illegal.txt", "--json")
    finally:
        os.chdir(here)
    assert result.exit_code == 1
    document = json.loads(result.stdout)
    assert {"scores", "moves", "winner", "problems"} <= set(document)
    (problem,) = document["problems"]
    broken_line = problem["line"]
    assert document["moves"] and all(m["line"] < broken_line for m in document["moves"])  # up to the broken turn
    assert sum(m["score"] for m in document["moves"]) == sum(document["scores"].values())
    assert document["winner"] is None and document["finished"] is False
    assert f"illegal.txt:{broken_line}:" in result.stderr


def test_no_game_declares_a_verify_command_of_its_own() -> None:
    """Every ``kitgen verify KIND`` is generated from its record kind (``api.record_command``): read, verify through
    ``api.verified``, report; no game keeps a near copy (``verify solitaire`` had one)."""
    from kitgen.games.base import Group

    own = [f"{g.name}: verify {c.name}" for g in api.declarations() for c in g.commands if c.group is Group.VERIFY]
    assert not own, own
    kinds = {k.name for g in api.declarations() for k in g.records}
    assert {c.name for g in api.declarations() for c in api.commands(g) if c.group is Group.VERIFY} == kinds


@pytest.mark.parametrize("flags", [(), ("--json",)])
def test_verify_solitaire_prints_what_the_api_finds(invoke: Any, flags: tuple[str, ...]) -> None:
    legal, broken, given = CASES["solitaire"]
    options = ["--game", str(given["game"]), "--seed", str(given["seed"])]
    found = api.verify("solitaire", *text_of(broken), **given)
    result = invoke("verify", "solitaire", str(broken), *options, *flags)
    assert result.exit_code == 1
    assert result.stderr.strip() == "\n".join(f"kitgen: {p}" for p in found.errors)
    if flags:
        assert json.loads(result.stdout) == found.to_json()
