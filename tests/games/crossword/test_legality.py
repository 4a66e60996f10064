"""Legality by tradition (issue 14, docs/crossword.md ruling 7): errors, warnings and notes; ``--check`` exits 1
only for an error of the tradition named; barred patterns are generated and judged as barred grids are."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kitgen.core.errors import Severity
from kitgen.core.grid import BELOW, RIGHT, Grid
from kitgen.games.crossword.formats.ipuz import ipuz_text, parse_ipuz
from kitgen.games.crossword.rules.barred import MAX_LIGHT
from kitgen.games.crossword.rules.generate import generate
from kitgen.games.crossword.rules.style import barred_problems, british_problems, report

FILES = Path(__file__).parent / "files"


def test_the_guardians_3_of_7_is_british_legal(invoke):
    """The issue's first complaint: 3 of 7 checked is floor(7/2), printed by the Guardian; double unches are notes."""
    path = FILES / "guardian-3of7.txt"
    result = invoke("pattern", "--check", path, "--style", "british")
    assert result.exit_code == 0, result.output
    assert "british: legal (4 note(s))" in result.stdout and "note: 1A: two unchecked cells together" in result.stdout
    doc = json.loads(invoke("pattern", "--check", path, "--style", "british", "--json").stdout)
    assert doc["styles"]["british"]["legal"] is True
    assert {v["severity"] for v in doc["styles"]["british"]["violations"]} == {"note"}


def test_an_80_word_american_daily_is_a_warning_not_an_error(invoke):
    path = FILES / "american-80.txt"
    result = invoke("pattern", "--check", path, "--style", "american")
    assert result.exit_code == 0, result.output
    assert "american: legal (1 warning(s))" in result.stdout
    assert "warning: 80 lights; the usual most is 78 for 15x15" in result.stdout


def test_check_exits_1_only_for_errors(invoke, tmp_path):
    mirror = tmp_path / "mirror.txt"
    mirror.write_text("#...#\n.....\n.....\n.....\n.#.#.\n")      # left-right symmetric only
    result = invoke("pattern", "--check", mirror, "--style", "american", "--json")
    doc = json.loads(result.stdout)
    found = {v["rule"]: v["severity"] for v in doc["styles"]["american"]["violations"]}
    assert found.get("mirror-only") == "warning" and "asymmetric" not in found
    unchecked = tmp_path / "unchecked.txt"
    unchecked.write_text("...\n.#.\n...\n")
    assert invoke("pattern", "--check", unchecked, "--style", "american").exit_code == 1
    assert invoke("pattern", "--check", unchecked).exit_code == 0   # no tradition named: a report only


def test_two_checked_of_seven_is_a_british_error(invoke, tmp_path):
    path = tmp_path / "thin.txt"
    path.write_text(".......\n.#####.\n.......\n")
    result = invoke("pattern", "--check", path, "--style", "british")
    assert result.exit_code == 1 and "error: 1A: only 2 of 7 letters checked; at least 3 must be" in result.stdout


def test_barred_thresholds():
    # a 5x5 barred grid whose first row is cut off by a bar under it: 1A has no letter checked
    cut = Grid(["....."] * 5, [((0, c), BELOW) for c in range(5)])
    found = {(v.code, v.offending): v.severity for v in barred_problems(cut)}
    assert found[("under-checked", "1A")] is Severity.ERROR
    # two unches together: a warning (published barred grids have none), not an error
    pair = Grid(["....."] * 5, [((0, 0), BELOW), ((0, 1), BELOW)])
    found = {(v.code, v.offending): v.severity for v in barred_problems(pair)}
    assert found.get(("double-unch", "1A")) is Severity.WARNING and ("under-checked", "1A") not in found
    assert all(v.severity is not Severity.ERROR for v in barred_problems(pair))


def test_a_barred_file_is_judged_as_barred_by_default(invoke):
    result = invoke("pattern", "--check", FILES / "barred.ipuz")
    assert "barred: " in result.stdout and "american:" not in result.stdout and "british:" not in result.stdout
    assert "5x5 (columns x rows), 0 blocks, 2 bars, 12 lights" in result.stdout


@pytest.mark.parametrize("seed", range(1, 9))
def test_generated_barred_12x12_is_legal_and_keeps_its_lights_through_ipuz(seed):
    """The issue: a 12x12 barred puzzle with 36 lights became 24 lights on an all-white grid, reported legal."""
    grid = generate(12, 12, "barred", "rotational", seed)
    assert grid.block_count == 0 and grid.bars and 34 <= len(grid.lights) <= 50
    assert max(light.length for light in grid.lights) <= MAX_LIGHT
    assert not [v for v in barred_problems(grid) if v.severity is not Severity.NOTE]
    assert grid.has_symmetry("rotational")
    again = parse_ipuz("b.ipuz", ipuz_text(grid)).grid
    assert again == grid and len(again.lights) == len(grid.lights) > 24
    assert report(again).styles.keys() == {"barred"}


@pytest.mark.parametrize("rows, cols, symmetry", [(12, 12, "quarter"), (9, 13, "mirror"), (5, 5, "none"),
                                                  (15, 15, "rotational")])
def test_barred_generation_sizes_and_symmetries(rows, cols, symmetry):
    grid = generate(rows, cols, "barred", symmetry, 4)
    assert (grid.rows, grid.cols) == (rows, cols) and grid.has_symmetry(symmetry)
    assert not [v for v in barred_problems(grid) if v.severity is Severity.ERROR]
    assert all(light.length >= 3 for light in grid.lights) and not grid.orphan_cells()
    assert generate(rows, cols, "barred", symmetry, 4) == grid   # the same seed, the same pattern


@pytest.mark.parametrize("seed", range(1, 5))
def test_generated_barred_edges_alternate_unches(seed):
    """Every other square of the top row is an unch (held by its across light only), as in Azed grids."""
    grid = generate(12, 12, "barred", "rotational", seed)
    unches = [c for c in range(12) if grid.lights_at((0, c))[1] is None]
    assert len(unches) >= 5 and all(b - a >= 2 for a, b in zip(unches, unches[1:], strict=False))



def test_cli_style_barred_prints_and_exports(invoke, tmp_path):
    result = invoke("pattern", "--style", "barred", "--size", "12", "--seed", "3", "--ipuz", tmp_path / "b.ipuz",
                    "--out", tmp_path / "b.pdf", "--text")
    assert result.exit_code == 0, result.output
    assert "|" in result.stdout or "_" in result.stdout
    data = json.loads((tmp_path / "b.ipuz").read_text())
    assert any(isinstance(cell, dict) and "barred" in cell["style"] for row in data["puzzle"] for cell in row)
    refused = invoke("pattern", "--style", "barred", "--puz", tmp_path / "b.puz", "--out", tmp_path / "c.pdf")
    assert refused.exit_code == 2 and "a barred grid cannot be written as .puz" in refused.stderr
    assert not (tmp_path / "c.pdf").exists()


def test_british_strict_is_what_the_generator_keeps():
    for seed in range(5):
        grid = generate(15, 15, "british", "rotational", seed)
        assert not british_problems(grid, strict=True)
    assert RIGHT == "R"


def test_pattern_legality_reports_with_the_one_finding_type(invoke, tmp_path):
    """Issue 25: a pattern's findings are ``Problem``s with a ``Severity`` (the verify's type), the light as their
    ``offending`` input; the ``--check`` report prints and writes them as before (``rule``, ``light``)."""
    from kitgen.core.errors import Problem
    from kitgen.games import base
    from kitgen.games.crossword.rules import style

    assert base.Problem is Problem and base.Severity is Severity
    assert not hasattr(style, "Violation") and not hasattr(style, "Level")
    found = style.problems(Grid(["...", ".#.", "..."]), "american")
    assert found and all(isinstance(p, Problem) and p.where is None for p in found)
    unchecked = next(p for p in found if p.code == "unchecked")
    assert (unchecked.offending, unchecked.severity, unchecked.is_error) == ("1A", Severity.ERROR, True)
    path = tmp_path / "unchecked.txt"
    path.write_text("...\n.#.\n...\n", encoding="utf-8")
    result = invoke("pattern", "--check", path, "--style", "american")
    assert result.exit_code == 1 and "  error: 1A: 1 unchecked cell(s)" in result.stdout
    doc = json.loads(invoke("pattern", "--check", path, "--style", "american", "--json").stdout)
    assert {"rule": "unchecked", "light": "1A", "message": unchecked.message, "severity": "error"} in \
        doc["styles"]["american"]["violations"]
