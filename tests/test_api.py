"""kitgen.api from a plain script, for every game: render each component, deal each variant, verify samples.

The expected exit codes and scores are the ones the README and the docs pages show for the same samples
through the CLI (tests/test_readme.py runs those command lines).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT

from kitgen import api

COMPONENTS = [(g.name, c) for g in api.games() for c in g.components]
DEALS = [d for g in api.games() for d in g.deals]
S = ROOT / "samples"
SAMPLES: list[tuple[str, Path, dict[str, Any], int]] = [
    ("crossword", S / "crossword" / "game.txt", {}, 0),
    ("crossword", S / "crossword" / "illegal.txt", {}, 1),
    ("wordsearch", S / "wordsearch" / "deal-1.txt", {"deal": 1}, 0),
    ("wordsearch", S / "wordsearch" / "deal-1-broken.txt", {"deal": 1}, 1),
    ("solitaire", S / "game-of-words" / "word-solitaire-1.txt", {"game": "word-solitaire", "seed": 1}, 0),
    ("solitaire", S / "game-of-words" / "word-solitaire-1-broken.txt", {"game": "word-solitaire", "seed": 1}, 1),
    ("crossword-hand", S / "game-of-words" / "crossword-hand-3.txt", {"seed": 3}, 0),
    ("crossword-hand", S / "game-of-words" / "crossword-hand-3-broken.txt", {"seed": 3}, 1),
    ("3dxword", S / "3dxword" / "table-game.txt", {"words": S / "3dxword" / "words.lst"}, 0),
    ("3dxword", S / "3dxword" / "illegal-too-early.txt", {"words": S / "3dxword" / "words.lst"}, 1),
]


def test_every_game_package_is_a_registered_game() -> None:
    """The registry is the packages under kitgen/games (bar ``_``-named ones such as ``_template``): a new game is one
    package, named nowhere else."""
    import importlib
    import pkgutil

    import kitgen.games

    packages = [m.name for m in pkgutil.iter_modules(kitgen.games.__path__) if m.ispkg and not m.name.startswith("_")]
    declared = {importlib.import_module(f"kitgen.games.{name}").GAME.name for name in packages}
    assert declared == {g.name for g in api.games()}
    assert {"crossword", "wordsearch", "game-of-words", "3dxword"} <= declared


def test_every_game_offers_something_of_each_kind() -> None:
    games = {g.name: g for g in api.games()}
    assert all(g.components and g.records for g in games.values())
    assert {k for g in games.values() for k in g.records} >= {kind for kind, *_ in SAMPLES}


@pytest.mark.parametrize("game, component", COMPONENTS, ids=[f"{g}:{c}" for g, c in COMPONENTS])
def test_every_component_renders_to_pdf_bytes(game: str, component: str) -> None:
    takes_seed = any(o.name == "seed" for o in api.options(game, component))
    pdf = api.render(game, component, **({"seed": 1} if takes_seed else {}))
    assert pdf.startswith(b"%PDF") and pdf.rstrip().endswith(b"%%EOF")


@pytest.mark.parametrize("variant", DEALS)
def test_every_deal_variant_deals_the_same_deal_twice(variant: str) -> None:
    first, again = api.deal(variant, seed=7), api.deal(variant, seed=7)
    assert first.to_json() == again.to_json() and first.to_json()["game"] == variant
    assert first.to_text() and api.deal(variant, seed=8).to_json() != first.to_json()


@pytest.mark.parametrize("kind, path, options, code", SAMPLES, ids=[p.name for _, p, _, _ in SAMPLES])
def test_samples_verify_as_the_cli_says(kind: str, path: Path, options: dict[str, Any], code: int,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(path.parent)  # a record's pattern: file is found beside it
    verdict = api.verify(kind, path.read_text(encoding="utf-8"), source=str(path), **options)
    assert verdict.exit_code == code
    if code:
        problem = verdict.errors[0]
        assert problem.code and problem.where is not None and problem.where.file == str(path)
        assert problem.where.line > 0
    else:
        assert not verdict.errors and verdict.to_text()


def test_a_bad_option_is_an_input_error_naming_the_flag() -> None:
    with pytest.raises(api.InputError, match="--players must be between 2 and 12"):
        api.render("3dxword", "pieces", players=40)
    with pytest.raises(api.InputError, match="unknown option"):
        api.render("3dxword", "pieces", colour="red")


def test_options_tells_a_deal_from_a_record_of_the_same_name() -> None:
    deal_options = {o.name for o in api.options("wordsearch", "wordsearch", kind="deal")}
    record_options = {o.name for o in api.options("wordsearch", "wordsearch", kind="record")}
    assert "deal" in record_options and "deal" not in deal_options
