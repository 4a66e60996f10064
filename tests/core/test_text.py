"""The reader toolkit (issue 2): every error reads FILE:LINE:COL: message."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kitgen.core.errors import InputError, Location, RuleBroken
from kitgen.core.text import TextSource


def test_location_format():
    assert str(Location("a.txt", 3, 7)) == "a.txt:3:7"
    assert str(Location("a.txt")) == "a.txt"
    assert str(InputError("bad", Location("a.txt", 2, 1))) == "a.txt:2:1: bad"
    assert RuleBroken("no", Location("r.txt", 9, 4)).exit_code == 1
    assert InputError("x").exit_code == 2


def test_lines_strip_comments_and_keep_numbers():
    src = TextSource("r.txt", "players: A B  # who\n\n# note\nA 1A CAT\n")
    lines = list(src.content_lines())
    assert [(ln.number, ln.text) for ln in lines] == [(1, "players: A B"), (4, "A 1A CAT")]
    assert [(t.text, t.col) for t in lines[1].tokens()] == [("A", 1), ("1A", 3), ("CAT", 6)]
    assert str(lines[1].error("unknown light", 3)) == "r.txt:4:3: unknown light"


def test_missing_binary_and_non_utf8_files(tmp_path):
    with pytest.raises(InputError, match="no such file"):
        TextSource.from_path(tmp_path / "none.txt")
    with pytest.raises(InputError, match="is a directory"):
        TextSource.from_path(tmp_path)
    (tmp_path / "bin").write_bytes(b"ab\ncd\x00ef")
    with pytest.raises(InputError) as exc:
        TextSource.from_path(tmp_path / "bin")
    assert ":2:1:" in str(exc.value)
    (tmp_path / "latin").write_bytes(b"ok\ncaf\xe9\n")
    with pytest.raises(InputError) as exc:
        TextSource.from_path(tmp_path / "latin")
    assert str(exc.value).endswith(":2:4: not UTF-8 text")


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=200))
def test_any_bytes_read_or_fail_cleanly(data: bytes):
    try:
        src = TextSource.from_bytes("f", data)
    except InputError as exc:
        assert str(exc).startswith("f:")
        return
    for line in src.lines():
        assert line.number >= 1


def test_read_input_reads_at_most_cap_plus_one_bytes(tmp_path, monkeypatch):
    """The cap does not trust stat: a file whose size lies (here /dev/zero, size 0) is cut at cap + 1."""
    import os

    from kitgen.core.text import read_input

    reads: list[int] = []
    real_read = os.read

    def read(fd: int, n: int) -> bytes:
        reads.append(n)
        return real_read(fd, n)

    monkeypatch.setattr(os, "read", read)
    (tmp_path / "big").write_bytes(b"a" * 101)
    with pytest.raises(InputError, match=r"big: file too large \(more than 100 bytes\)"):
        read_input(tmp_path / "big", cap=100)
    assert sum(reads) <= 101
    assert read_input(tmp_path / "big", cap=101) == b"a" * 101


def test_read_input_refuses_what_is_not_a_regular_file(tmp_path):
    import os

    from kitgen.core.text import read_input

    os.mkfifo(tmp_path / "fifo")
    with pytest.raises(InputError, match=r"fifo: not a regular file \(a FIFO\)"):
        read_input(tmp_path / "fifo")
    with pytest.raises(InputError, match=r"^/dev/null: not a regular file \(a device\)"):
        TextSource.from_path("/dev/null")
    (tmp_path / "link.txt").symlink_to("/dev/zero")
    with pytest.raises(InputError, match="not a regular file"):
        TextSource.from_path(tmp_path / "link.txt")


def test_dash_is_stdin_read_through_the_same_cap(monkeypatch):
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"players: A\n")))
    source = TextSource.from_path("-")
    assert (source.name, source.text) == ("<stdin>", "players: A\n")


@pytest.mark.parametrize("odd", ["\x0c", "\x0b", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"])
def test_only_newlines_end_a_line(odd):
    """Form feed, NEL or U+2028 in a comment is text, not a line break: later line numbers stay put."""
    src = TextSource("r.txt", f"players: A B  # who{odd}else\r\nA 1A CAT\rB 2D DOG\n")
    assert [(ln.number, ln.text) for ln in src.content_lines()] == [(1, "players: A B"), (2, "A 1A CAT"),
                                                                      (3, "B 2D DOG")]
    assert len(list(TextSource("r.txt", "a\n\nb\n").lines())) == 3


def test_a_form_feed_in_a_comment_does_not_shift_a_record_error(invoke, tmp_path):
    from pathlib import Path

    sample = Path(__file__).resolve().parents[2] / "samples" / "crossword" / "inline.txt"
    lines = sample.read_text(encoding="utf-8").splitlines()
    bad = next(i for i, line in enumerate(lines) if line.startswith("CAL 3D"))
    lines[0] += " \x0c \x85 \u2028 shifted?"
    lines[bad] = "CAL 3D"
    record = tmp_path / "r.txt"
    record.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = invoke("verify", "crossword", record)
    assert result.exit_code == 2
    assert result.stderr.startswith(f"kitgen: {record}:{bad + 1}:"), result.stderr


def test_a_form_feed_in_a_book_does_not_shift_its_pages():
    from kitgen.games.wordsearch.formats.book import book_pages

    assert [(p.word, p.line) for p in book_pages("alpha\x0c beta\u2028gamma\ndelta\n")] == [("alpha", 1), ("delta", 2)]
