"""Output files (issue 7): atomic writes, and never over a file kitgen did not write without --force."""

from __future__ import annotations

from pathlib import Path

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


def _reportlab_pdf(path, text, producer=None):
    from reportlab.pdfgen.canvas import Canvas

    c = Canvas(str(path), invariant=1, pageCompression=0)
    if producer:
        c.setProducer(producer)
    c.drawString(72, 720, text)
    c.showPage()
    c.save()
    return path


def test_a_stranger_file_that_mentions_kitgen_is_not_kitgen_s(tmp_path):
    """Issue 17: ownership is read from the format's metadata, not from the bytes ``kitgen`` anywhere."""
    notes = _reportlab_pdf(tmp_path / "notes.pdf", "remember to run kitgen")
    assert b"kitgen" in notes.read_bytes()
    text = tmp_path / "notes.txt"
    text.write_text("%PDF-1.4 /Producer (kitgen 0.1.0)\n")
    ipuz = tmp_path / "mine.ipuz"
    ipuz.write_text('{"version": "http://ipuz.org/v2", "title": "my kitgen puzzle", "author": "me"}\n')
    png = tmp_path / "photo.png"
    from PIL import Image
    from PIL.PngImagePlugin import PngInfo

    info = PngInfo()
    info.add_text("Comment", "kitgen")
    Image.new("RGB", (4, 4)).save(png, pnginfo=info)
    for theirs in (notes, text, ipuz, png):
        assert not written_by_kitgen(theirs), theirs
        with pytest.raises(InputError, match="not written by kitgen; use --force"):
            check_overwrite(theirs)
        check_overwrite(theirs, force=True)


def test_kitgen_s_own_files_are_recognised_by_their_metadata(tmp_path):
    from kitgen.core.grid import Grid
    from kitgen.games.crossword.formats.ipuz import ipuz_text
    from kitgen.io.pdf import canvas_bytes
    from kitgen.io.previews import write_previews

    pdf = tmp_path / "ours.pdf"
    pdf.write_bytes(canvas_bytes(lambda c: c.drawString(72, 720, "a page")))
    ipuz = tmp_path / "ours.ipuz"
    ipuz.write_text(ipuz_text(Grid.from_blocks([[0, 0, 0], [0, 1, 0], [0, 0, 0]]), title="a pattern"))
    pngs = write_previews(pdf, tmp_path / "png")
    for ours in (pdf, ipuz, *pngs):
        assert written_by_kitgen(ours), ours
        check_overwrite(ours)  # no error


def test_kitgen_s_own_pdf_over_50_mb_is_still_its_own(tmp_path):
    from pypdf import PdfWriter
    from pypdf.generic import DecodedStreamObject, NameObject

    writer = PdfWriter()
    page = writer.add_blank_page(200, 200)
    big = DecodedStreamObject()
    big.set_data(b"\0" * 51_000_000)
    page[NameObject("/Big")] = writer._add_object(big)
    writer.add_metadata({"/Producer": "kitgen 0.1.0 (pypdf)"})
    ours = tmp_path / "big.pdf"
    with ours.open("wb") as fh:
        writer.write(fh)
    assert ours.stat().st_size > 50_000_000
    assert written_by_kitgen(ours)


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
    result = invoke("deck", "--spec", spec, "--out", f"{out}/")
    assert result.exit_code == 0, result.output
    written = [p for p in tmp_path.rglob("*.pdf")]
    assert len(written) == 1 and written[0].parent == out


def test_pattern_refuses_an_ipuz_titled_for_kitgen_and_replaces_its_own(invoke, tmp_path):
    """Issue 17: an ipuz titled "my kitgen puzzle" is the user's; kitgen's own ipuz is replaced."""
    mine = tmp_path / "mine.ipuz"
    mine.write_text('{"version": "http://ipuz.org/v2", "title": "my kitgen puzzle"}\n')
    result = invoke("pattern", "--ipuz", mine, "--out", f"{tmp_path}/p/")
    assert result.exit_code == 2 and result.stderr.count("\n") == 1 and "use --force" in result.stderr
    assert "my kitgen puzzle" in mine.read_text() and not (tmp_path / "p").exists()
    assert invoke("pattern", "--ipuz", mine, "--out", f"{tmp_path}/p/", "--force").exit_code == 0
    assert invoke("pattern", "--ipuz", mine, "--out", f"{tmp_path}/p/").exit_code == 0


@pytest.mark.parametrize("kind", ["fifo", "device", "directory", "link-to-device"])
def test_force_never_replaces_anything_but_a_regular_file(invoke, tmp_path, kind):
    """Issue 17: ``--ipuz /dev/null --force`` (as root it would replace /dev/null), a FIFO, a directory."""
    import os
    import stat

    target = tmp_path / "x.ipuz"
    if kind == "fifo":
        os.mkfifo(target)
    elif kind == "directory":
        target.mkdir()
    elif kind == "link-to-device":
        target.symlink_to("/dev/null")
    else:
        target = Path("/dev/null")
    before = os.lstat(target)
    for force in ([], ["--force"]):
        result = invoke("pattern", "--ipuz", target, "--out", f"{tmp_path}/p/", *force)
        assert result.exit_code == 2, result.output
        assert result.stderr.startswith("kitgen: ") and result.stderr.count("\n") == 1, result.stderr
        # /dev/null does not end in .ipuz: refused by its name first (issue 33), never replaced either way
        assert "regular file" in result.stderr or (kind == "device" and "must end in .ipuz" in result.stderr)
    after = os.lstat(target)
    assert stat.S_IFMT(after.st_mode) == stat.S_IFMT(before.st_mode) and after.st_ino == before.st_ino
    assert not (tmp_path / "p").exists()
    with pytest.raises(InputError, match="not a regular file"):
        check_overwrite(target, force=True)


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
