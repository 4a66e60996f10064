"""One fuzz harness for every reader a person feeds kitgen (issue 7), shared by the tests and `make bench`.

Each reader starts from a valid sample in ``samples/`` and is fed mutations
of it (characters inserted, deleted or replaced from the format's own
alphabet and from hostile text, lines duplicated, dropped and swapped,
numbers made huge or negative, the file cut short, raw bytes) through the
real command line. The only acceptable outcomes are exit 0, exit 1 (a sheet
or record that breaks a rule) and exit 2 with exactly one line
``kitgen: FILE...: why`` naming the fuzzed file, or the option, never an
internal error or a traceback. Readers that only a PDF command reads
(piece specs) are called directly and must raise nothing but ``InputError``
naming the file.
"""

from __future__ import annotations

import functools
import re
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"

HOSTILE = ["\x00", "\ufeff", "é", "ß", "\u202e", "\t", "\r", "#", ":", ",", "-", "=", "[", "]", "{", "}", '"',
           "'", "\\", "999999999999", "-1", "0", "1e309", "nan", "..", "*", "?", "\u00a0", "𝔸", "A" * 70,
           # issue 17: digits int() refuses or wrongly accepts, numbers past its 4,300-digit limit,
           # line breaks str.splitlines sees but a person does not, and nesting deeper than any recursion
           "\u00b2", "\u0663", "\u0663\u0661", "\uff11", "9" * 5000, "-" + "9" * 5000, "\x0c", "\x85", "\u2028",
           "[" * 3000, "{a=" * 2000, "[[" + ".".join("a" * 3000) + "]]", ".".join("a" * 3000) + "=1"]

SPECIAL_FILES = ("fifo", "/dev/zero", "/dev/urandom", "/dev/null")
"""What a reader is handed instead of a file (issue 17): each must be refused at once, never read."""


@dataclass(frozen=True)
class Reader:
    """A reader under fuzz: its sample, the command that reads it, and the files that sit beside it."""

    name: str
    sample: Path
    argv: Callable[[Path], list[str]] | None = None
    """``kitgen`` arguments reading the fuzzed file; None for a reader called directly (``call``)."""
    call: Callable[[Path], object] | None = None
    beside: tuple[Path, ...] = field(default_factory=tuple)
    binary: bool = False
    alphabet: str = ""


WORDS = ["cat", "art", "beam", "earn", "moor", "north", "jowl", "squaw", "with", "spew", "why", "tone", "note",
         "boats", "take heart", "oak", "knot"]
"""The small word list every fuzzed command gets with ``--words`` (file ``words.lst`` in the case folder)."""


def _puz_sample() -> Path:
    return SAMPLES / "crossword" / "grid.puz"


def _piece_spec(path: Path) -> object:
    from kitgen.games.xword3d.rules.pieces import load_piece_spec, piece_set

    return piece_set(4, load_piece_spec(path))


def _book(path: Path) -> object:
    from kitgen.games.wordsearch.formats.book import book_words

    return book_words(path)


@functools.cache
def _cache_sample() -> Path:
    """A small typeset PDF, as the document cache holds (made once a process, in a temporary folder)."""
    from kitgen.io.documents import typeset

    folder = Path(tempfile.mkdtemp(prefix="kitgen-fuzz-cache-sample-"))
    sample = folder / "entry.pdf"
    sample.write_bytes(typeset(["<h1>Rules</h1><p>A cached page.</p>"])[0])
    return sample


def _plant(path: Path, folder: Path, key: str) -> bytes | None:
    """Put what the harness made at ``path`` in the cache as entry ``key``: its bytes with a matching digest, or, for
    a FIFO or a link to a device, the same kind of file as the entry and as its digest. The bytes, or None."""
    import os
    import stat

    from kitgen.io import cache

    entry, digest = folder / f"{key}.pdf", folder / f"{key}.pdf.sha256"
    mode = os.lstat(path).st_mode
    if stat.S_ISREG(mode):
        data = path.read_bytes()
        entry.write_bytes(data)
        digest.write_text(cache.entry_digest(key, data))
        return data
    for planted in (entry, digest):
        if stat.S_ISFIFO(mode):
            os.mkfifo(planted)
        else:
            planted.symlink_to(os.readlink(path))
    return None


def _cache_entry(path: Path) -> object:
    """The fuzzed bytes as a document cache entry (kitgen/io/cache.py) whose digest matches them, so the PDF check
    itself is fuzzed: ``cached`` returns them only if they parse as a PDF, else the bytes it makes; never raises,
    never blocks. A FIFO or a device planted as the entry is ignored (refused here, as a reader refuses it)."""
    import os

    from kitgen.core.errors import InputError
    from kitgen.io import cache

    folder = path.parent / "cache"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(mode=0o700)
    key = "f" * 40
    data = _plant(path, folder, key)
    saved = os.environ.get(cache.ENV)
    os.environ[cache.ENV] = str(folder)
    try:
        got = cache.cached(key, lambda: b"made again")
    finally:
        if saved is None:
            os.environ.pop(cache.ENV, None)
        else:
            os.environ[cache.ENV] = saved
    if data is None:
        assert got == b"made again"
        raise InputError(f"{path}: not a regular file (as a cache entry it is ignored and typeset again)")
    assert got in (data, b"made again")
    assert got == b"made again" or cache.pdf_parses(data)
    return got


READERS: list[Reader] = [
    Reader("pattern-text", SAMPLES / "crossword" / "grid.txt", lambda p: ["pattern", "--check", str(p)],
           alphabet="#.ABZ \n"),
    Reader("pattern-ipuz", SAMPLES / "crossword" / "grid.ipuz", lambda p: ["pattern", "--check", str(p)],
           alphabet='{}[]":,#.0123456789 \nabcdefghijklmnopqrstuvwxyz'),
    Reader("pattern-puz", _puz_sample(), lambda p: ["pattern", "--check", str(p)], binary=True),
    Reader("pattern-xd", SAMPLES / "crossword" / "grid.xd", lambda p: ["pattern", "--check", str(p)],
           alphabet="#_.ABZab1 :=\nTitleRebusSpecial#"),
    Reader("pattern-jpz", SAMPLES / "crossword" / "barred.jpz", lambda p: ["pattern", "--check", str(p)],
           alphabet='<>/="&;#! xycellnumbertypeblockvoidsolution0123456789-ABZ\n'),
    Reader("crossword-record", SAMPLES / "crossword" / "inline.txt",
           lambda p: ["verify", "crossword", str(p), "--words", str(p.parent / "words.lst")],
           alphabet="#.ADad0123456789 :\nANNBOBpasspatternplayersacrossdown"),
    Reader("wordsearch-sheet", SAMPLES / "wordsearch" / "deal-1.txt",
           lambda p: ["verify", "wordsearch", str(p), "--words", str(p.parent / "words.lst")],
           alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcz0123456789 \n#"),
    Reader("wordsearch-book", SAMPLES / "wordsearch" / "poem.txt", call=_book, alphabet="abc .,;'\n\t-"),
    Reader("3dxword-log", SAMPLES / "3dxword" / "3d-game.txt",
           lambda p: ["verify", "3dxword", str(p), "--words", str(p.parent / "words.lst")],
           alphabet="ANNBOB CAT0123456789,-acrossdownupdropredblueunused:players:version:3d\n#"),
    Reader("word-solitaire-solution", SAMPLES / "game-of-words" / "word-solitaire-1.txt",
           lambda p: ["verify", "solitaire", str(p), "--game", "word-solitaire", "--seed", "1",
                      "--words", str(p.parent / "words.lst")],
           alphabet="JOWLSQUAWITH 0123456789\n#"),
    Reader("crossword-solitaire-grid", SAMPLES / "game-of-words" / "crossword-solitaire-b.txt",
           lambda p: ["verify", "solitaire", str(p), "--game", "crossword-solitaire-b", "--seed", "1",
                      "--spec", str(SAMPLES / "game-of-words" / "mini-deck.toml"),
                      "--words", str(p.parent / "words.lst")],
           alphabet="BEAMRNOTH.\n #"),
    Reader("crossword-hand", SAMPLES / "game-of-words" / "crossword-hand-3.txt",
           lambda p: ["verify", "crossword-hand", str(p), "--seed", "3",
                      "--words", str(p.parent / "words.lst")],
           alphabet="P12 SPEWHYdiscardchallenge0123456789,-acrossdown:players\n#"),
    Reader("deck-spec-toml", SAMPLES / "game-of-words" / "mini-deck.toml",
           lambda p: ["deal", "word-solitaire", "--spec", str(p), "--seed", "1", "--json"],
           alphabet='[]{}=",.ABZ0123456789 \ncountvaluenamewildletters'),
    Reader("deck-spec-csv", SAMPLES / "game-of-words" / "mini-deck.csv",
           lambda p: ["deal", "word-solitaire", "--spec", str(p), "--seed", "1", "--json"],
           alphabet="ABZ*,0123456789 \nlettercountvaluename"),
    Reader("piece-spec", ROOT / "kitgen" / "data" / "pieces" / "standard.toml", call=_piece_spec,
           alphabet='[]{}=",.ABZ0123456789 \nfrequencycountjoinersx'),
    Reader("word-list", SAMPLES / "3dxword" / "words.lst",
           lambda p: ["words", "check", "cat", "--words", str(p)], alphabet="abcxyz '-\n#é"),
    # issue 33: a survey file resumed (its lines checked, cut or appended to only when it is the survey's own)
    Reader("survey-file", SAMPLES / "game-of-words" / "survey.jsonl",
           lambda p: ["deal", "word-solitaire", "--range", "1-5", "--solve", "--out", str(p),
                      "--words", str(p.parent / "words.lst")],
           alphabet='{}[]":, \ngameseedwinnablewordssurveytruefalsenull0123456789-abcdef'),
    # issue 33: a document cache entry with a matching digest: used only if it parses, else typeset again
    Reader("cache-entry", _cache_sample(), call=_cache_entry, binary=True),
]

BY_NAME = {r.name: r for r in READERS}


# -- mutations -----------------------------------------------------------------------------------

def _edits(alphabet: str) -> st.SearchStrategy:
    piece = st.one_of(st.sampled_from(HOSTILE), st.text(alphabet=alphabet or "ab#\n 0", min_size=1, max_size=4),
                      st.text(max_size=3))
    return st.lists(st.tuples(st.sampled_from(["insert", "delete", "replace", "dup-line", "drop-line",
                                               "swap-lines", "number", "cut"]),
                              st.floats(0, 1, allow_nan=False), st.floats(0, 1, allow_nan=False), piece),
                    min_size=1, max_size=6)


def apply_edits(text: str, edits: list[tuple[str, float, float, str]]) -> str:
    """Apply mutation edits (positions as fractions of the current text) to ``text``."""
    for op, a, b, piece in edits:
        n = len(text)
        i = int(a * n)
        j = min(n, i + 1 + int(b * 8))
        lines = text.split("\n")
        k, m = int(a * len(lines)) % len(lines), int(b * len(lines)) % len(lines)
        if op == "insert":
            text = text[:i] + piece + text[i:]
        elif op == "delete":
            text = text[:i] + text[j:]
        elif op == "replace":
            text = text[:i] + piece + text[j:]
        elif op == "dup-line":
            lines.insert(k, lines[k])
            text = "\n".join(lines)
        elif op == "drop-line":
            del lines[k]
            text = "\n".join(lines)
        elif op == "swap-lines":
            lines[k], lines[m] = lines[m], lines[k]
            text = "\n".join(lines)
        elif op == "number":
            text = re.sub(r"\d+", _number_from(piece, i), text, count=1)
        elif op == "cut":
            text = text[:i]
    return text


def _number_from(piece: str, start: int) -> Callable[[re.Match[str]], str]:
    """A ``re.sub`` replacement: a number at or after ``start`` becomes ``piece``, one before it stays."""
    return lambda match: piece if match.start() >= start else match.group()


def inputs(reader: Reader) -> st.SearchStrategy[bytes]:
    """Malformed inputs for ``reader``: mutated samples (mostly) and raw noise."""
    sample = reader.sample.read_bytes()
    if reader.binary:
        flips = st.lists(st.tuples(st.integers(0, len(sample) - 1), st.integers(0, 255)), max_size=8)
        mutated = st.builds(lambda fl, cut: _flip(sample, fl)[:cut], flips, st.integers(0, len(sample)))
        return st.one_of(mutated, mutated, st.binary(max_size=300))
    text = sample.decode("utf-8")
    mutated = _edits(reader.alphabet).map(lambda e: apply_edits(text, e).encode("utf-8", "surrogatepass"))
    noise = st.text(alphabet=reader.alphabet, max_size=200) if reader.alphabet else st.text(max_size=200)
    return st.one_of(mutated, mutated, mutated, st.binary(max_size=200), noise.map(lambda t: t.encode("utf-8")))


def _flip(data: bytes, flips: list[tuple[int, int]]) -> bytes:
    out = bytearray(data)
    for pos, value in flips:
        out[pos] = value
    return bytes(out)


# -- running one case ----------------------------------------------------------------------------

ONE_LINE = re.compile(r"^kitgen: (?P<where>[^\n]+?): (?P<why>[^\n]+)\n?$")


class Outcome:
    """Counts of outcomes per exit code, for the benchmark's report."""

    def __init__(self) -> None:
        self.counts: dict[str, int] = {}

    def add(self, key: str) -> None:
        self.counts[key] = self.counts.get(key, 0) + 1

    @property
    def total(self) -> int:
        return sum(self.counts.values())


@functools.cache
def _command():
    """The click command behind the Typer app, built once (Typer rebuilds it on every call otherwise)."""
    import typer

    from kitgen.cli.app import app

    return typer.main.get_command(app)


def _invoke(argv: list[str]):
    """``CliRunner().invoke(app, argv)`` without rebuilding the click command tree for every case."""
    from unittest import mock

    import typer.testing

    from kitgen.cli.app import app

    command = _command()
    with mock.patch.object(typer.testing, "_get_command", lambda _app: command):
        return typer.testing.CliRunner().invoke(app, argv)


def run_case(reader: Reader, data: bytes, folder: Path, outcome: Outcome | None = None) -> None:
    """Feed ``data`` to ``reader``; raise AssertionError on anything but a clean result or a clean refusal."""
    target = folder / (reader.name + reader.sample.suffix)
    target.write_bytes(data)
    read(reader, target, outcome)


def run_special(reader: Reader, special: str, folder: Path, seconds: int = 20) -> str:
    """Hand ``reader`` a FIFO with no writer, or a symlink (named like its files) to a device; return
    the one-line refusal. A reader that blocks or reads without limit fails within ``seconds``."""
    import os
    import signal

    target = folder / f"{reader.name}-{special.strip('/').replace('/', '-')}{reader.sample.suffix}"
    if special == "fifo":
        os.mkfifo(target)
    else:
        target.symlink_to(special)

    def timeout(signum: int, frame: object) -> None:
        raise AssertionError(f"{reader.name}: {special} still being read after {seconds} s")

    previous = signal.signal(signal.SIGALRM, timeout)
    signal.alarm(seconds)
    outcome = Outcome()
    try:
        message = read(reader, target, outcome)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    assert set(outcome.counts) <= {"refused", "exit 2"}, f"{reader.name}: {special} accepted: {outcome.counts}"
    assert "not a regular file" in message, f"{reader.name}: {special}: {message!r}"
    return message


def read(reader: Reader, target: Path, outcome: Outcome | None = None) -> str:
    """Run ``reader`` on ``target``; the refusal's text ('' if none) after checking it is one located line."""
    from kitgen.core.errors import InputError

    message = ""
    if reader.call is not None:
        try:
            reader.call(target)
            key = "ok"
        except InputError as exc:
            message = str(exc)
            assert message.startswith(str(target)), f"{reader.name}: error does not name the file: {message!r}"
            assert "\n" not in message, f"{reader.name}: message is more than one line: {message!r}"
            key = "refused"
        if outcome is not None:
            outcome.add(key)
        return message if key == "refused" else ""
    assert reader.argv is not None, f"{reader.name}: neither a command nor a call"
    result = _invoke(reader.argv(target))
    assert result.exit_code in (0, 1, 2), f"{reader.name}: exit {result.exit_code}: {result.output!r}"
    assert "Traceback" not in result.output and "internal error" not in result.output, \
        f"{reader.name}: {result.output!r}"
    if result.exit_code == 2:
        match = ONE_LINE.match(result.stderr)
        assert match, f"{reader.name}: not one located line: {result.stderr!r}"
        assert str(target) in match["where"] or "--" in result.stderr, \
            f"{reader.name}: error does not name the fuzzed file: {result.stderr!r}"
        message = result.stderr
    if outcome is not None:
        outcome.add(f"exit {result.exit_code}")
    return message


def fuzz(reader: Reader, examples: int, outcome: Outcome | None = None) -> None:
    """Run ``examples`` hypothesis cases against ``reader`` (no shrinking phase unless one fails)."""
    folder = Path(tempfile.mkdtemp(prefix=f"kitgen-fuzz-{reader.name}-"))
    try:
        (folder / "words.lst").write_text("\n".join(WORDS) + "\n", encoding="utf-8")
        for extra in reader.beside:
            shutil.copy(extra, folder / extra.name)

        @settings(max_examples=examples, deadline=None, database=None, derandomize=True,
                  phases=[Phase.explicit, Phase.generate, Phase.shrink],
                  suppress_health_check=list(HealthCheck))
        @given(inputs(reader))
        def case(data: bytes) -> None:
            run_case(reader, data, folder, outcome)

        case()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
