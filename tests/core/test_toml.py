"""TOML a person types (issue 17): depth and size capped before tomllib sees it, every problem located.

A deck or piece spec with thousands of nested inline tables or arrays gave ``internal error:
RecursionError``; a table header or dotted key of 200,000 parts takes tomllib minutes and gigabytes;
an integer of 5,000 digits gave ``internal error: ValueError``.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from kitgen.core.errors import InputError
from kitgen.core.text import MAX_TOML_DEPTH, load_toml

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"

DEEP = {
    "inline tables": ("name = 'x'\n\nwild = " + "{ b = " * 5000 + "1" + " }" * 5000 + "\n", 3, 8),
    "arrays": ("name = 'x'\nwild = " + "[" * 5000 + "]" * 5000 + "\n", 2, 8),
    "header": ("name = 'x'\n[[" + ".".join(["a"] * 20000) + "]]\n", 2, 3),
    "dotted key": ("name = 'x'\n" + ".".join(["a"] * 20000) + " = 1\n", 2, 1),
    "inline dotted key": ("name = 'x'\nwild = { " + ".".join(["a"] * 20000) + " = 1 }\n", 2, 10),
}


@pytest.mark.parametrize("case", DEEP, ids=list(DEEP))
def test_deep_nesting_is_refused_at_its_place(case):
    text, line, col = DEEP[case]
    start = time.perf_counter()
    with pytest.raises(InputError) as exc:
        load_toml("deck.toml", text)
    assert time.perf_counter() - start < 2
    assert str(exc.value).startswith(f"deck.toml:{line}:")
    assert f"nested too deeply (at most {MAX_TOML_DEPTH} levels)" in str(exc.value)


def test_what_looks_deep_inside_strings_and_comments_is_not():
    text = ('a = "' + "{[" * 100 + '.a' * 100 + '"  # ' + "[{." * 100 + "\n"
            "b = '''\n" + "[" * 100 + "\n'''\n"
            'c = """\\"""' + "{" * 100 + '"""\n'
            "d = [1.5, 2.5, 3.25, 1979-05-27T07:32:00.999, 'x.y.z']\n"
            "[e.f.g]\nh.i = { j = [[1], [2]] }\n")
    data = load_toml("ok.toml", text)
    assert data["e"]["f"]["g"]["h"]["i"]["j"] == [[1], [2]]
    assert data["c"].endswith("{" * 100)


def test_a_huge_integer_is_refused_at_its_place():
    with pytest.raises(InputError, match=r"^n\.toml:3:5: .*too large"):
        load_toml("n.toml", "a = 1\n\nb = " + "9" * 5000 + "\n")


def test_a_big_toml_file_is_refused():
    with pytest.raises(InputError, match=r"^big\.toml: too large for a TOML spec"):
        load_toml("big.toml", "# " + "x" * 300_000 + "\n")


def test_invalid_toml_is_located():
    with pytest.raises(InputError, match=r"^bad\.toml:2:5: not valid TOML: "):
        load_toml("bad.toml", "a = 1\nb = \n")


@pytest.mark.parametrize("case", ["inline tables", "header"])
def test_deep_deck_and_piece_specs_through_the_cli(invoke, tmp_path, case):
    spec = tmp_path / "deep.toml"
    spec.write_text(DEEP[case][0], encoding="utf-8")
    for args in (["deal", "word-solitaire", "--spec", spec, "--seed", "1"],
                 ["bricks", "--spec", spec, "--out", f"{tmp_path}/out/"]):
        result = invoke(*args)
        assert result.exit_code == 2, result.output
        assert result.stderr.startswith(f"kitgen: {spec}:{DEEP[case][1]}:"), result.stderr
        assert "nested too deeply" in result.stderr


def test_huge_toml_count_through_the_cli(invoke, tmp_path):
    spec = tmp_path / "deck.toml"
    spec.write_text((SAMPLES / "game-of-words" / "mini-deck.toml").read_text().replace(
        "B = { count = 1,", "B = { count = " + "1" * 5000 + ","), encoding="utf-8")
    result = invoke("deal", "word-solitaire", "--spec", spec, "--seed", "1")
    assert result.exit_code == 2 and result.stderr.startswith(f"kitgen: {spec}:6:"), result.stderr
    assert "internal error" not in result.stderr
