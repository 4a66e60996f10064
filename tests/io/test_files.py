"""Output files (issue 7): atomic writes, and never over a file kitgen did not write without --force."""

from __future__ import annotations

import pytest

from kitgen.core.errors import InputError
from kitgen.io.files import atomic_path, check_overwrite, written_by_kitgen


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


@pytest.mark.parametrize("name", ["../../../tmp/evil.pdf", "/etc/passwd.pdf", "..", ".hidden.pdf", "a/b\\\\c.pdf", ""])
def test_made_up_names_stay_inside_the_out_folder(tmp_path, name):
    from kitgen.io.files import out_path

    target = out_path(tmp_path, name)
    assert target.parent == tmp_path
    assert target.resolve().is_relative_to(tmp_path.resolve())
    assert not target.name.startswith(".")


def test_a_deck_named_to_escape_is_written_inside_out(invoke, tmp_path):
    """Issue 7: kitgen refuses to write outside --out, even when a spec's name says otherwise."""
    spec = tmp_path / "evil.toml"
    spec.write_text('name = "../../../evil"\ntitle = "x"\n[letters]\nA = { count = 4, value = 10 }\n'
                    'B = { count = 1, value = 2 }\n')
    out = tmp_path / "out"
    result = invoke("deck", "--spec", spec, "--out", out)
    assert result.exit_code == 0, result.output
    written = [p for p in tmp_path.rglob("*.pdf")]
    assert len(written) == 1 and written[0].parent == out


def _deny(*args, **kwargs):
    raise PermissionError(13, "Permission denied")


@pytest.mark.parametrize("args", [["pattern", "--seed", "1"], ["sheet"], ["bricks"]])
def test_a_read_only_out_directory_is_one_clean_line(invoke, tmp_path, monkeypatch, args):
    """The temporary file is made inside the error handling: permission denied, exit 2 (issue 17).

    Tests run as root, where a chmod 555 directory is still writable: the refusal is simulated.
    """
    import tempfile

    monkeypatch.setattr(tempfile, "mkstemp", _deny)
    folder = tmp_path / "ro"
    result = invoke(*args, "--out", f"{folder}/")
    assert result.exit_code == 2, result.output
    assert result.stderr == f"kitgen: {folder}: permission denied\n", result.stderr


@pytest.mark.skipif(not hasattr(__import__("os"), "geteuid") or __import__("os").geteuid() == 0,
                    reason="root writes into a read-only directory")
def test_a_really_read_only_out_directory(invoke, tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        result = invoke("pattern", "--seed", "1", "--out", f"{folder}/")
    finally:
        folder.chmod(0o755)
    assert result.exit_code == 2 and result.stderr == f"kitgen: {folder}: permission denied\n", result.stderr


def test_a_failed_rename_is_one_clean_line(tmp_path, monkeypatch):
    import os

    monkeypatch.setattr(os, "replace", lambda *a: (_ for _ in ()).throw(OSError(28, "No space left on device")))
    with pytest.raises(InputError, match=r"out\.pdf: cannot write: No space left on device$"):
        with atomic_path(tmp_path / "out.pdf") as tmp:
            tmp.write_bytes(b"x")
    assert list(tmp_path.iterdir()) == []
