"""Output files (issue 7): atomic writes, and never over a file kitgen did not write without --force."""

from __future__ import annotations

import pytest

from kitgen.errors import InputError
from kitgen.outfiles import atomic_path, check_overwrite, written_by_kitgen


def test_a_failed_write_leaves_no_file_and_no_temporary(tmp_path):
    target = tmp_path / "out.pdf"
    with pytest.raises(RuntimeError):
        with atomic_path(target) as tmp:
            tmp.write_bytes(b"%PDF half")
            raise RuntimeError("interrupted")
    assert list(tmp_path.iterdir()) == []


def test_kitgen_mark_found_anywhere_in_the_file(tmp_path):
    """A multi-page PDF's Info dictionary sits mid-file: far from both ends is still recognised."""
    ours = tmp_path / "ours.pdf"
    ours.write_bytes(b"%PDF-1.4\n" + b"x" * 100_000 + b"/Producer (kitgen 0.1.0)" + b"y" * 100_000)
    assert written_by_kitgen(ours)
    check_overwrite(ours)  # no error
    theirs = tmp_path / "theirs.pdf"
    theirs.write_bytes(b"%PDF-1.4\n" + b"x" * 1000)
    assert not written_by_kitgen(theirs)
    with pytest.raises(InputError, match="not written by kitgen; use --force"):
        check_overwrite(theirs)
    check_overwrite(theirs, force=True)


@pytest.mark.parametrize("args", [
    ["sheet"], ["bricks"], ["pattern"], ["deck"], ["deal", "word-solitaire"], ["deal", "letter-patience"],
    ["deal", "anagrams"],
])
def test_printing_commands_refuse_a_stranger_file_and_take_force(invoke, tmp_path, args):
    theirs = tmp_path / "theirs.pdf"
    theirs.write_text("a letter to my aunt\n")
    result = invoke(*args, "--out", theirs)
    assert result.exit_code == 2 and "use --force" in result.stderr
    assert theirs.read_text() == "a letter to my aunt\n"
    result = invoke(*args, "--out", theirs, "--force")
    assert result.exit_code == 0, result.output
    assert theirs.read_bytes().startswith(b"%PDF")
    assert invoke(*args, "--out", theirs).exit_code == 0  # now it is kitgen's own: replaced without --force
