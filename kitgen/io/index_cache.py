"""Solver indexes kept on disk: built once per lexicon, options and kitgen version, then read back in a moment.

The Word Solitaire solver's indexes, Letter Patience's and the lexicon's anagram index take a second or two to build
from a lexicon (a pass over 150,000 words); a command, a web worker or a Dask worker that needs one reads it from the
folder ``indexes`` of the cache (``$KITGEN_CACHE_DIR/indexes``, else the user cache directory's
``kitgen/indexes``; ``KITGEN_CACHE_DIR=off`` turns it off) when it is there, and builds and stores it when not.

An entry is plain data, never a format that runs code (no pickle, no marshal): one header line, ``kitgen-index 1``
and the SHA-256 of the entry's key and payload, then the payload, JSON. It is used only when

* the folder is trusted as the document cache's is (this user's, no one else may write in it nor in any folder above
  it up to the cache root: ``trusted_folder``),
  and the entry is a regular file of this user's, not a link, at most ``MAX_INDEX`` bytes (``read_entry``);
* the header's digest matches the key asked for and the bytes read (a damaged or swapped file is not);
* the payload parses and the index's own ``from_json`` accepts it (types, sizes, every class's word of its letters).

Anything else is built again and stored afresh, atomically (a temporary file renamed into place), so a cache can
make kitgen slower, never wrong. The key (``index_key``) is a digest of the kind of index, its format, kitgen's version,
the source of the modules that build it, the lexicon's content digest and the options (the deck's letters, ...).
"""

from __future__ import annotations

import gc
import hashlib
import json
import os
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from kitgen import __version__
from kitgen.core.anagram import AnagramIndex
from kitgen.core.lexicon import Lexicon
from kitgen.io.cache import _replace, cache_root, read_entry, trusted_folder

T = TypeVar("T")

FORMAT = 1
"""The entries' format: part of every key, so a new format never reads an old entry."""
MAGIC = b"kitgen-index"
MAX_INDEX = 256 << 20
"""The largest entry read back (the largest index, a big lexicon's, is some tens of MB)."""
KEEP = 64
"""Entries kept: past this, the least recently used half is removed (the crossword fill keeps one a word length,
up to some twenty a lexicon, beside the solvers' few)."""
SUFFIX = ".json"


INDEXES = ("index cache", "solver indexes are built each time")
"""How a note about an untrusted index folder names it (``kitgen.io.cache.trusted_folder``)."""


def index_dir() -> Path | None:
    """The folder of the kept indexes, or None when the cache is turned off."""
    root = cache_root()
    return None if root is None else root / "indexes"


@cache
def source_digest(files: tuple[str, ...]) -> str:
    """A digest of the source files that build an index (so a changed builder never meets an old entry)."""
    digest = hashlib.sha256()
    for name in files:
        digest.update(Path(name).read_bytes())
    return digest.hexdigest()


def index_key(kind: str, sources: Iterable[str], parts: Iterable[str]) -> str:
    """The key of an index: a digest of its kind, the format, kitgen's version, its builders' source and ``parts``
    (the lexicon's digest, the options)."""
    digest = hashlib.sha256()
    for part in (kind, str(FORMAT), __version__, source_digest(tuple(sources)), *parts):
        digest.update(part.encode("utf-8"))
        digest.update(b"\0")
    return digest.hexdigest()[:40]


def payload_digest(key: str, payload: bytes) -> str:
    """What an entry's header holds: the SHA-256 of its key and payload."""
    return hashlib.sha256(key.encode() + b"\0" + payload).hexdigest()


def encode_entry(key: str, data: Any) -> bytes:
    """An entry's bytes: the header line, then ``data`` as JSON."""
    payload = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return MAGIC + b" " + str(FORMAT).encode() + b" " + payload_digest(key, payload).encode() + b"\n" + payload


def decode_entry(key: str, raw: bytes) -> Any:
    """The data of an entry for ``key``; ``ValueError`` if the header, digest or JSON is not right."""
    head, newline, payload = raw.partition(b"\n")
    if not newline or head != MAGIC + b" " + str(FORMAT).encode() + b" " + payload_digest(key, payload).encode():
        raise ValueError("the entry's header or digest does not match")
    try:
        return json.loads(payload.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise ValueError(f"the entry is not JSON ({type(exc).__name__})") from None


def cached_index(key: str, build: Callable[[], T], to_json: Callable[[T], Any],
                 from_json: Callable[[Any], T]) -> T:
    """The index kept under ``key`` if it reads back and ``from_json`` accepts it (``ValueError`` otherwise), or
    ``build()``'s, stored for next time. Never fails for the cache's sake: any trouble means building."""
    folder = index_dir()
    if folder is None or not trusted_folder(folder, what=INDEXES):
        return build()
    path = folder / f"{key}{SUFFIX}"
    raw = read_entry(path, MAX_INDEX)
    if raw is not None:
        held = gc.isenabled()
        gc.disable()  # an index is many objects at once: collecting while they are made is most of the time
        try:
            found = from_json(decode_entry(key, raw))
        except (ValueError, TypeError, KeyError, IndexError, AttributeError):
            found = None  # damaged, tampered with or of another build: built again below
        finally:
            if held:
                gc.enable()
        if found is not None:
            _touch(path)
            return found
    made = build()
    store(folder, key, encode_entry(key, to_json(made)))
    return made


def store(folder: Path, key: str, data: bytes) -> None:
    """Write an entry atomically; any failure is ignored (the cache only saves time)."""
    if not trusted_folder(folder, make=True, what=INDEXES):
        return
    try:
        _replace(folder, folder / f"{key}{SUFFIX}", data)
    except OSError:
        return
    _prune(folder)


def _touch(path: Path) -> None:
    try:
        os.utime(path, follow_symlinks=False)
    except (OSError, NotImplementedError):
        return


def _prune(folder: Path) -> None:
    """Keep the folder small: past ``KEEP`` entries, remove the least recently used half."""
    try:
        entries = [(p.lstat().st_mtime, p) for p in folder.glob(f"*{SUFFIX}")]
        if len(entries) <= KEEP:
            return
        for _, path in sorted(entries)[: len(entries) // 2]:
            path.unlink(missing_ok=True)
    except OSError:
        return


def anagram_index(lexicon: Lexicon) -> AnagramIndex:
    """The lexicon's anagram index (``kitgen words anagram``), kept on disk; the lexicon answers from it after."""
    from kitgen.core import anagram
    from kitgen.core import lexicon as lexicon_module

    if lexicon.has_anagram_index():
        return lexicon.anagram_index()
    key = index_key("anagrams", (str(anagram.__file__), str(lexicon_module.__file__)), (lexicon.digest(),))
    index = cached_index(key, lexicon.anagram_index, AnagramIndex.to_json,
                         lambda data: AnagramIndex.from_json(data, lexicon.language.letters))
    lexicon.use_anagram_index(index)
    return index
