"""Issue 17: ``--out`` is a directory (ends in ``/`` or is one), a file (the output's extension) or an error;
output names carry every option that changes the output, so two different runs never share a name."""

from __future__ import annotations

import string
from pathlib import Path

import pytest

from kitgen.io.files import out_path


def _one_line(result) -> None:
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("kitgen: ") and result.stderr.count("\n") == 1, result.stderr


def _written(result) -> list[str]:
    assert result.exit_code == 0, result.output
    return [Path(line.removeprefix("wrote ")).name for line in result.stdout.splitlines() if line.startswith("wrote ")]


def test_out_path_rules(tmp_path):
    existing = tmp_path / "existing"
    existing.mkdir()
    assert out_path(f"{tmp_path}/new/", "a.pdf") == tmp_path / "new" / "a.pdf"
    assert out_path(str(existing), "a.pdf") == existing / "a.pdf"
    assert out_path(existing, "a.pdf") == existing / "a.pdf"
    assert out_path(f"{tmp_path}/x.PDF", "a.pdf") == tmp_path / "x.PDF"
    assert out_path(None, "a.pdf") == Path("output") / "a.pdf"
    from kitgen.core.errors import InputError

    for bad in (f"{tmp_path}/README.md", f"{tmp_path}/new", f"{tmp_path}/x.ipuz"):
        with pytest.raises(InputError, match="--out"):
            out_path(bad, "a.pdf")


@pytest.mark.parametrize("args", [["sheet"], ["pattern"], ["bricks"], ["deck"], ["deal", "word-solitaire"],
                                  ["kit", "3dxword"]])
@pytest.mark.parametrize("out", ["README.md", "notes.txt", "newdir"])
def test_out_that_is_neither_a_directory_nor_a_pdf_is_refused(invoke, tmp_path, monkeypatch, args, out):
    monkeypatch.chdir(tmp_path)
    if args[0] == "kit" and out == "newdir":
        pytest.skip("kit's --out is always a directory: a new name without an extension is made one")
    _one_line(invoke(*args, "--out", out))
    assert list(tmp_path.iterdir()) == []


def test_out_ending_in_a_slash_or_naming_a_directory_is_a_directory(invoke, tmp_path):
    assert _written(invoke("sheet", "--out", f"{tmp_path}/new/")) == ["wordsearch-sheet.pdf"]
    assert (tmp_path / "new" / "wordsearch-sheet.pdf").is_file()
    (tmp_path / "there").mkdir()
    assert _written(invoke("sheet", "--out", tmp_path / "there")) == ["wordsearch-sheet.pdf"]


@pytest.mark.parametrize("runs", [
    [["pattern", "--seed", "7"], ["pattern", "--seed", "7", "--paper", "letter"],
     ["pattern", "--seed", "7", "--per-page", "4"], ["pattern", "--seed", "7", "--symmetry", "mirror"],
     ["pattern", "--seed", "7", "--count", "2"]],
    [["sheet"], ["sheet", "--book", "BOOK"], ["sheet", "--paper", "letter"], ["sheet", "--count", "2"],
     ["sheet", "--per-page", "2", "--count", "2"], ["sheet", "--seed", "3"]],
    [["deck"], ["deck", "--bleed", "3"], ["deck", "--duplex"], ["deck", "--no-marks"], ["deck", "--margin", "10"]],
    [["deal", "crossword", "--seed", "4"], ["deal", "crossword", "--seed", "4", "--players", "3"]],
    [["bricks", "--form", "tiles"], ["bricks", "--form", "tiles", "--spec", "SPEC"]],
])
def test_runs_that_print_differently_never_share_a_name(invoke, tmp_path, runs):
    book = tmp_path / "poem.txt"
    book.write_text("\n".join(f"word{i} and more" for i in range(30)) + "\n")
    spec = tmp_path / "mine.toml"
    counts = "\n".join(f"{c} = 2" for c in string.ascii_uppercase)
    spec.write_text(f'name = "mine"\nletters_per_player = 25\n[counts]\n{counts}\n')
    names = []
    for args in runs:
        args = [str(book) if a == "BOOK" else str(spec) if a == "SPEC" else a for a in args]
        names += _written(invoke(*args, "--out", f"{tmp_path}/out/"))
    assert len(names) == len(set(names)), names


def test_kit_names_carry_paper_seed_and_players(invoke, tmp_path, monkeypatch):
    def tiny(games, *args, **kwargs):
        from kitgen.io.pdf import canvas_bytes

        for game in games:
            yield game.name, canvas_bytes(lambda c: c.drawString(72, 720, "a kit"))

    monkeypatch.setattr("kitgen.games.kit.build_kits", tiny)
    names = []
    for extra in ([], ["--paper", "letter"], ["--seed", "5"], ["--players", "3"]):
        names += _written(invoke("kit", "crossword", "--out", f"{tmp_path}/", *extra))
    assert names[0] == "crossword-kit.pdf"
    assert len(set(names)) == 4, names
