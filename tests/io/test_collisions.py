"""Outputs that cannot collide, and names shown safely (issue 33): targets compared resolved (and by inode) before
any work, an output's extension is its format's, an input is never overwritten by the same run, a name too long
for the file system is one located line, any legal name can be written, control characters in names are escaped,
and invisible characters are refused in player names."""

from __future__ import annotations

import os
from pathlib import Path

import pytest


def test_two_targets_that_resolve_to_one_file_are_refused(tmp_path: Path) -> None:
    from kitgen.core.errors import InputError
    from kitgen.io.files import all_or_nothing, check_distinct

    (tmp_path / "d").mkdir()
    (tmp_path / "g.ipuz").write_text("{}")
    os.link(tmp_path / "g.ipuz", tmp_path / "hard.ipuz")
    (tmp_path / "link.ipuz").symlink_to(tmp_path / "g.ipuz")
    for other in (tmp_path / "d" / ".." / "g.ipuz", tmp_path / "hard.ipuz", tmp_path / "link.ipuz"):
        with pytest.raises(InputError, match="one file would be written twice"):
            check_distinct([tmp_path / "g.ipuz", other])
    check_distinct([tmp_path / "g.ipuz", tmp_path / "d" / "g.ipuz"])
    with pytest.raises(InputError, match="written twice"), all_or_nothing() as batch:
        batch.add(tmp_path / "new.txt", b"one")
        batch.add(tmp_path / "d" / ".." / "new.txt", b"two")
    assert not (tmp_path / "new.txt").exists()


def test_the_puz_and_ipuz_of_one_run_cannot_be_one_file(invoke, tmp_path: Path) -> None:
    (tmp_path / "d").mkdir()
    result = invoke("pattern", "--seed", "1", "--out", tmp_path / "g.pdf", "--ipuz", tmp_path / "g.ipuz",
                    "--puz", tmp_path / "d" / ".." / "g.ipuz")
    assert result.exit_code == 2, result.output
    assert result.stderr.count("\n") == 1
    assert not (tmp_path / "g.ipuz").exists() and not (tmp_path / "g.pdf").exists()


@pytest.mark.parametrize(("flag", "name", "ext"), [("--puz", "x.ipuz", ".puz"), ("--ipuz", "x.puz", ".ipuz"),
                                                   ("--ipuz", "x.pdf", ".ipuz"), ("--puz", "x", ".puz")])
def test_an_outputs_extension_must_be_its_formats(invoke, tmp_path: Path, flag: str, name: str, ext: str) -> None:
    result = invoke("pattern", "--seed", "1", "--out", f"{tmp_path}/p/", flag, tmp_path / name)
    assert result.exit_code == 2, result.output
    assert f"must end in {ext}" in result.stderr and result.stderr.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_an_input_is_never_overwritten_by_an_output_of_the_same_run(invoke, tmp_path: Path) -> None:
    made = invoke("pattern", "--seed", "1", "--out", tmp_path / "g.pdf", "--ipuz", tmp_path / "g.ipuz")
    assert made.exit_code == 0, made.output
    before = (tmp_path / "g.ipuz").read_bytes()
    for out in (["--ipuz", tmp_path / "g.ipuz"], ["--ipuz", tmp_path / "." / "g.ipuz", "--force"]):
        result = invoke("pattern", "--from", tmp_path / "g.ipuz", "--out", tmp_path / "h.pdf", *out)
        assert result.exit_code == 2, result.output
        assert "is an input of this run" in result.stderr
    assert (tmp_path / "g.ipuz").read_bytes() == before


def test_png_previews_into_the_pdfs_own_name_are_refused_up_front(invoke, tmp_path: Path) -> None:
    result = invoke("sheet", "--out", tmp_path / "a.pdf", "--png", tmp_path / "a.pdf")
    assert result.exit_code == 2, result.output
    assert "--png" in result.stderr and "a folder of their own" in result.stderr
    assert "is a directory" not in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_name_too_long_for_the_file_system_is_one_located_line(invoke, tmp_path: Path) -> None:
    name = "x" * 300 + ".pdf"
    for out in (tmp_path / name, f"{tmp_path}/{'d' * 300}/"):
        result = invoke("sheet", "--out", out)
        assert result.exit_code == 2, result.output
        assert result.stderr.count("\n") == 1 and "internal error" not in result.stderr, result.stderr
        assert "this file system takes at most 255 bytes a name" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_the_longest_legal_name_can_be_written(invoke, tmp_path: Path) -> None:
    name = "x" * (255 - len(".pdf")) + ".pdf"
    result = invoke("sheet", "--out", tmp_path / name)
    assert result.exit_code == 0, result.output
    assert [p.name for p in tmp_path.iterdir()] == [name]


def test_a_temporary_that_cannot_be_made_names_the_target_not_the_folder(tmp_path: Path, monkeypatch) -> None:
    import errno
    import tempfile

    from kitgen.core.errors import InputError
    from kitgen.io.files import write_bytes

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(tempfile, "mkstemp", full)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(InputError, match=r"^out\.pdf: cannot write: No space left on device$"):
        write_bytes(Path("out.pdf"), b"x")


def test_control_characters_in_a_file_name_are_escaped_in_the_one_line(invoke, tmp_path: Path) -> None:
    hostile = tmp_path / "a\nkitgen: all good\x1b[2J.txt"
    hostile.write_text("not a sheet")
    result = invoke("verify", "wordsearch", hostile)
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1, result.stderr
    assert "a\\nkitgen: all good\\x1b[2J.txt" in result.stderr and "\x1b" not in result.stderr


def test_wrote_lines_escape_control_characters(invoke, tmp_path: Path) -> None:
    result = invoke("sheet", "--out", tmp_path / "two\nlines.pdf")
    assert result.exit_code == 0, result.output
    assert result.stdout.count("\n") == 1 and "two\\nlines.pdf" in result.stdout


@pytest.mark.parametrize("invisible", ["\u200b", "\u2060", "\ufeff", "\u00ad", "\x07"])
def test_player_names_differing_by_an_invisible_character_are_refused(invoke, tmp_path: Path,
                                                                      invisible: str) -> None:
    from kitgen.core.errors import InputError
    from kitgen.core.text import TextSource
    from kitgen.games.crossword.formats.record import parse_record

    text = f"players: ANN AN{invisible}N\npattern:\n.....\n.....\n.....\n.....\n.....\n"
    with pytest.raises(InputError, match="invisible"):
        parse_record(TextSource("game.txt", text))
