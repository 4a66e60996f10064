"""Grid, lights, newspaper numbering, checking, connectivity, symmetry (DESIGN.md Crossword ruling 1)."""

from __future__ import annotations

import pytest

from kitgen.core.grid import Grid, GridError, orbit
from kitgen.games.crossword.rules.style import american_problems, british_problems, max_lights, report

SMALL = ["...#", "....", "#...", "..#."]


def test_lights_are_runs_of_two_or_more_numbered_in_reading_order():
    g = Grid(SMALL)
    names = [(light.name, light.length) for light in g.lights]
    # row 0: 1A(3); 1D col 0 rows 0-1; 2D col 1 rows 0-3; 3D col 2 rows 0-2; (1,3) starts 5D only.
    assert names == [("1A", 3), ("1D", 2), ("2D", 4), ("3D", 3), ("4A", 4), ("5D", 3),
                     ("6A", 3), ("7A", 2)]
    assert g.numbers[(0, 0)] == 1 and g.numbers[(1, 3)] == 5 and g.numbers[(3, 0)] == 7


def test_a_lone_white_cell_is_never_numbered_nor_a_light():
    g = Grid(["#.#", "###", "..."])
    assert (0, 1) not in g.numbers
    assert [light.name for light in g.lights] == ["1A"]
    assert g.orphan_cells() == [(0, 1)]


def test_checked_cells_cross_two_lights():
    g = Grid(["...", ".#.", "..."])
    assert g.is_checked((0, 0))
    assert not g.is_checked((0, 1))
    light = g.light("1A")
    assert light is not None and g.checked_count(light) == 2


def test_first_entry_light_is_shortest_then_lowest_number_across_first():
    g = Grid(["....", "#..#", "#..#", "...."])
    # 2-letter lights: 5A (row 1) and 6A (row 2); downs of col1/col2 are 4 long.
    # 2-letter lights: 4A (row 1) and 5A (row 2); the others are 4 long.
    assert [(light.name, light.length) for light in g.lights] == [("1A", 4), ("2D", 4), ("3D", 4), ("4A", 2),
                                                                  ("5A", 2), ("6A", 4)]
    first = g.shortest_first_light()
    assert first is not None and first.name == "4A"


def test_across_before_down_at_the_same_number():
    g = Grid(["...", "...", "..."])
    first = g.shortest_first_light()
    assert first is not None and first.name == "1A"


def test_connectivity():
    assert Grid(["...", "...", "..."]).is_connected()
    assert not Grid(["..#", "###", "#.."]).is_connected()


def test_symmetries():
    g = Grid(["#..", "...", "..#"])
    assert g.has_symmetry("rotational") and not g.has_symmetry("mirror")
    q = Grid(["#.#", "...", "#.#"])
    assert q.symmetries() == ["quarter", "rotational", "mirror"]
    assert Grid(["#..", "...", "..."]).symmetries() == ["none"]


def test_orbit_sizes():
    assert len(orbit((0, 0), "quarter", 5, 5)) == 4
    assert orbit((2, 2), "rotational", 5, 5) == ((2, 2),)
    assert orbit((1, 0), "mirror", 5, 5) == ((1, 0), (1, 4))


@pytest.mark.parametrize("rows", [["..", ".."], ["...", "..", "..."], ["." * 64] * 3, ["..."] * 64,
                                  ["..1", "...", "..."], ["..é", "...", "..."]])
def test_bad_grids_are_refused(rows):
    with pytest.raises(GridError):
        Grid(rows)


def test_blank_removes_letters_only():
    g = Grid(["CAT", "A#.", "T.."])
    assert g.has_letters and g.letters()[(0, 1)] == "A"
    assert g.blank().text_rows == ("...", ".#.", "...")


def test_american_and_british_rules_are_named_by_light():
    unchecked = Grid(["...", ".#.", "..."])
    rules = {v.code for v in american_problems(unchecked)}
    assert "unchecked" in rules
    assert {v.offending for v in american_problems(unchecked) if v.code == "unchecked"} == {"1A", "1D", "2D", "3A"}
    # every cell checked, all lights 3: legal American.
    assert american_problems(Grid(["...", "...", "..."])) == []
    # two-letter lights and asymmetry.
    v = american_problems(Grid(["..#", "...", "..."]))
    assert {"short-light", "asymmetric"} <= {x.code for x in v}


def test_british_unches():
    # 1A checked at 0, 3, 6 only: 3 of 7 is floor(7/2), as the Guardian prints; kitgen's own (strict) wants 4.
    g = Grid([".......", ".##.##.", "......."])
    assert not any(x.code == "under-checked" for x in british_problems(g))
    assert any(x.code == "under-checked" and x.offending == "1A" for x in british_problems(g, strict=True))
    two = Grid([".......", ".######", "......."])   # 1A: 2 of 7 checked, under floor(7/2)
    assert any(x.code == "under-checked" and x.offending == "1A" and x.is_error for x in british_problems(two))
    triple = Grid(["#.....#", "#.###.#", "#.....#"])
    assert any(x.code == "triple-unch" for x in british_problems(triple))
    ends = Grid(["....", "..##", "...."])  # 1A: checked, checked, unch, unch
    assert any(x.code == "double-unch-end" and not x.is_error for x in british_problems(ends))


def test_british_lattice_is_legal():
    g = Grid([".....", ".#.#.", ".....", ".#.#.", "....."])
    assert british_problems(g) == []


def test_disconnected_and_orphans_are_violations():
    rules = {v.code for v in british_problems(Grid(["..#..", "..#..", "#####", "..#..", "..#.."]))}
    assert "disconnected" in rules
    assert "orphan-cell" in {v.code for v in american_problems(Grid(["...", "###", ".#."]))}


def test_max_lights_scales_with_area():
    assert max_lights(15, 15) == 78
    assert max_lights(21, 21) == round(78 * 441 / 225)
    assert max_lights(3, 3) == 6


def test_report_contents():
    rep = report(Grid(["...", ".#.", "..."]))
    assert rep.histogram == {3: 4}
    assert rep.connected and "rotational" in rep.symmetries
    assert {"light": "1A", "length": 3, "checked": 2} in rep.checking
    assert rep.as_json()["styles"]["british"]["legal"] is True
