"""Typeset documents kept on disk: weasyprint runs once per document, paper and kitgen version.

A kit's rules and cover do not depend on its seed (the cover's seed line is drawn on it when the kit is
joined: kitgen/games/kit.py); typesetting them is most of a kit's time. ``cached(key, make)`` returns the bytes
stored under ``key`` in the cache folder, or makes them, stores them (atomically: a temporary file
renamed into place) and returns them. The key is a digest of everything the bytes depend on
(``document_key``), so a changed template, font, paper or version never meets stale bytes.

The folder is the user cache directory (``platformdirs``: ``~/.cache/kitgen`` on Linux), or
``$KITGEN_CACHE_DIR`` when set; ``KITGEN_CACHE_DIR=off`` turns the cache off. A cache can only make kitgen
slower, never wrong or unsafe (issue 33):

* the folder is used only when it, and every folder above it up to the cache root (``$KITGEN_CACHE_DIR``, or the
  user cache directory's ``kitgen``), belongs to the user running kitgen and no one else may write in it
  (``trusted_folder``; kitgen makes them ``0700``); any other is ignored, with one note on stderr;
* an entry is read only as a regular file of this user's (never through a link, never a FIFO or a device), at
  most ``MAX_ENTRY`` bytes;
* an entry is used only when the digest kept beside it (``KEY.pdf.sha256``: SHA-256 of the key and the bytes)
  matches and the bytes parse as a PDF (``check``); anything else is typeset again and stored afresh;
* every failure to read or write falls back to making the bytes.

Beside the user's cache, a **shipped store** (issue 32, "first kit fast"): the documents of the default kits
(English, A4 and US Letter, every game) typeset once when kitgen is installed (``make install`` runs
``python -m kitgen.io.prebuild``; a wheel built afterwards carries them as ``kitgen/typeset``), so a fresh install's
first ``kitgen kit`` reads them instead of starting weasyprint. The store is read only (never written by a run),
belongs to whoever installed kitgen, and is used on the same terms as the cache: an entry counts only when its digest
matches its key, which digests the templates, fonts, paper, HTML and the versions of kitgen and weasyprint, so a
store made before any of those changed is simply never hit. ``$KITGEN_SHIPPED_DOCUMENTS`` names another store, or
``off``; ``KITGEN_CACHE_DIR=off`` turns it off too (every document typeset each time).
"""

from __future__ import annotations

import hashlib
import os
import stat
import sys
import tempfile
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from kitgen.core.display import escaped

if TYPE_CHECKING:
    from pypdf import PdfReader

ENV = "KITGEN_CACHE_DIR"
SHIPPED_ENV = "KITGEN_SHIPPED_DOCUMENTS"
OFF = "off"
KEEP = 400
"""Documents kept: past this, the least recently made half is removed (one a game, paper and version)."""
MAX_ENTRY = 64 << 20
"""The largest entry read back (kitgen's largest cached document is a few MB): a larger file is not read."""
DIGEST = ".sha256"
"""The suffix of the digest kept beside each entry (``KEY.pdf.sha256``)."""
UNSAFE_BITS = stat.S_IWGRP | stat.S_IWOTH


def cache_root() -> Path | None:
    """The folder every cache lives in: ``$KITGEN_CACHE_DIR``, else the user cache directory's ``kitgen``; None
    when turned off."""
    chosen = os.environ.get(ENV)
    if chosen is not None:
        return None if chosen.strip().lower() in (OFF, "") else Path(chosen)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("kitgen", appauthor=False))


def cache_dir() -> Path | None:
    """The document cache folder (``$KITGEN_CACHE_DIR``, else the user cache directory's ``kitgen/documents``), or
    None when turned off."""
    root = cache_root()
    if root is None or os.environ.get(ENV) is not None:
        return root
    return root / "documents"


def shipped_dir() -> Path | None:
    """The shipped store of typeset documents (``$KITGEN_SHIPPED_DOCUMENTS``, else ``kitgen/typeset`` in the
    package), or None when it is turned off (either variable ``off``) or missing."""
    if cache_root() is None:
        return None
    chosen = os.environ.get(SHIPPED_ENV)
    if chosen is not None and chosen.strip().lower() in (OFF, ""):
        return None
    from kitgen.core.resources import PACKAGE_DIR

    folder = Path(chosen) if chosen is not None else PACKAGE_DIR / "typeset"
    return folder if folder.is_dir() else None


def _chain(folder: Path) -> list[Path]:
    """``folder`` and each folder above it up to the cache root (``cache_root``), nearest first: whoever may
    write in one of them may rename the folder below and put another in its place. Just ``folder`` when it is not
    under the root."""
    root = cache_root()
    chain = [folder]
    if root is None or folder == root or root not in folder.parents:
        return chain
    for parent in folder.parents:
        chain.append(parent)
        if parent == root:
            break
    return chain


def _untrusted_why(folder: Path) -> str | None:
    """Why ``folder`` may not be used as a cache (None: it may): it, and every folder above it up to the cache root,
    must be a folder of this user's that neither the group nor others may write in."""
    for at in _chain(folder):
        try:
            info = os.stat(at)
        except OSError:
            continue  # not there (or not reachable): nothing to read, and storing fails quietly
        if not stat.S_ISDIR(info.st_mode):
            return None  # not a folder: reading and storing both fail quietly
        it = "it" if at == folder else f"the folder {escaped(str(at))} above it"
        if info.st_uid != os.geteuid():
            return f"{it} belongs to another user"
        if info.st_mode & UNSAFE_BITS:
            return f"others may write in {it}"
    return None


def make_folder(folder: Path) -> bool:
    """Create ``folder`` and the folders missing above it up to the cache root, each ``0700`` (a umask that lets
    the group write would make them untrusted); False on failure."""
    try:
        for at in reversed(_chain(folder)):
            if not os.path.lexists(at):
                at.parent.mkdir(parents=True, exist_ok=True)
                at.mkdir(mode=0o700, exist_ok=True)
    except OSError:
        return False
    return True


DOCUMENTS = ("document cache", "documents are typeset each time")
"""What a note about an untrusted folder calls the cache and says happens instead (``trusted_folder``)."""


@cache
def _noted(folder: Path, why: str, what: tuple[str, str]) -> None:
    """Say once a process that a cache folder is not used (stderr: never in a result on stdout)."""
    print(f"kitgen: note: the {what[0]} {escaped(str(folder))} is not used ({why}); {what[1]}", file=sys.stderr)


def trusted_folder(folder: Path, make: bool = False, what: tuple[str, str] = DOCUMENTS) -> bool:
    """Whether ``folder`` may hold cache entries: this user's, writable by no one else, nor any folder above it up
    to the cache root (``make``: created ``0700`` first if missing). An untrusted folder is noted once (``what``:
    the cache's name and what happens instead) and never read."""
    if make and not make_folder(folder):
        return False
    why = _untrusted_why(folder)
    if why is not None:
        _noted(folder, why, what)
        return False
    return True


def trusted_dir() -> Path | None:
    """The cache folder when it is on and trusted (``trusted_folder``), else None."""
    folder = cache_dir()
    if folder is None or not trusted_folder(folder):
        return None
    return folder


def read_entry(path: Path, limit: int | None = None, anyone: bool = False) -> bytes | None:
    """The bytes of ``path`` if it is a regular file of this user's (``anyone``: of whoever installed kitgen, for
    the shipped store), not a link, at most ``limit`` bytes (``MAX_ENTRY`` unless said); else None. Opened without
    blocking, so a FIFO planted as an entry cannot hang kitgen."""
    limit = MAX_ENTRY if limit is None else limit
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        mine = anyone or info.st_uid == os.geteuid()
        if not stat.S_ISREG(info.st_mode) or not mine or info.st_size > limit:
            return None
        chunks = []
        left = limit + 1
        while left > 0 and (chunk := os.read(fd, min(left, 1 << 20))):
            chunks.append(chunk)
            left -= len(chunk)
        data = b"".join(chunks)
        return data if len(data) <= limit else None
    except OSError:
        return None
    finally:
        os.close(fd)


@cache
def resources_digest(roots: tuple[Path, ...]) -> str:
    """A digest of the files the documents are typeset from: templates by content, fonts by name and size."""
    digest = hashlib.sha256()
    for root in roots:
        for path in sorted(p for p in root.rglob("*") if p.is_file()):
            digest.update(str(path.relative_to(root)).encode())
            digest.update(path.read_bytes() if path.suffix in (".html", ".css") else str(path.stat().st_size).encode())
    return digest.hexdigest()


def document_key(parts: Iterable[str]) -> str:
    """The cache key of a document: a digest of every part it depends on, in order."""
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part.encode("utf-8"))
        digest.update(b"\0")
    return digest.hexdigest()[:40]


def entry_digest(key: str, data: bytes) -> str:
    """What ``KEY.pdf.sha256`` holds: the SHA-256 of the key and the entry's bytes."""
    return hashlib.sha256(key.encode() + b"\0" + data).hexdigest()


def pdf_parses(data: bytes) -> bool:
    """Whether ``data`` is a PDF pypdf reads (its trailer, catalogue and every page), as a kit joins it. The reader
    that read it is kept for whoever joins it next (``parsed_pdf``), so that a kit parses each document once."""
    import io
    import logging

    from pypdf import PdfReader

    quiet = logging.getLogger("pypdf")
    level = quiet.level
    quiet.setLevel(logging.CRITICAL)
    try:
        reader = PdfReader(io.BytesIO(data), strict=True)
        good = len(reader.pages) > 0 and all(page.mediabox is not None for page in reader.pages)
    except Exception:  # noqa: BLE001 -- whatever a damaged file makes the parser raise: it is typeset again
        return False
    finally:
        quiet.setLevel(level)
    if good:
        reader.strict = False  # the rest of the file is read as a kit reads it when it joins it
        _READERS.keep(data, reader)
    return good


PARSED_KEPT = 16
"""Readers kept for ``parsed_pdf`` (the most recent; a kit joins five or six PDFs)."""


class _Readers:
    """The pypdf readers of the PDFs this process read last (``PARSED_KEPT``), by their bytes."""

    def __init__(self) -> None:
        self._by_bytes: dict[bytes, PdfReader] = {}

    def keep(self, data: bytes, reader: PdfReader) -> None:
        self._by_bytes.pop(data, None)
        self._by_bytes[data] = reader
        while len(self._by_bytes) > PARSED_KEPT:
            del self._by_bytes[next(iter(self._by_bytes))]

    def get(self, data: bytes, take: bool) -> PdfReader | None:
        return self._by_bytes.pop(data, None) if take else self._by_bytes.get(data)


_READERS = _Readers()


def parsed_pdf(data: bytes, take: bool = True) -> PdfReader:
    """A pypdf reader of ``data``: the one that last read the same bytes in this process (the cache's check, or an
    earlier ``parsed_pdf(..., take=False)``) if it is kept, else a new one. ``take``: the reader is handed over for
    good (the caller may change it, as a kit drops its cover's destinations) and not kept; otherwise it is kept for
    the next call, and the caller must only read it (its pages, its page count)."""
    import io

    from pypdf import PdfReader

    reader = _READERS.get(data, take)
    if reader is None:
        reader = PdfReader(io.BytesIO(data))
        if not take:
            _READERS.keep(data, reader)
    return reader


def check(key: str, data: bytes | None, digest: bytes | None) -> bytes | None:
    """``data`` if it is a good entry for ``key``: its digest matches and it parses as a PDF."""
    if data is None or digest is None or digest.strip() != entry_digest(key, data).encode():
        return None
    return data if pdf_parses(data) else None


def _paths(folder: Path, key: str, suffix: str) -> tuple[Path, Path]:
    entry = folder / f"{key}{suffix}"
    return entry, entry.with_name(entry.name + DIGEST)


def is_cached(key: str, suffix: str = ".pdf") -> bool:
    """Whether ``cached(key, ...)`` would likely return stored bytes without making them (a trusted folder
    holding the entry and its digest as regular files; the bytes are checked when read)."""
    folders = [f for f in (trusted_dir(), shipped_dir()) if f is not None]
    return any(all(p.is_file() and not p.is_symlink() for p in _paths(f, key, suffix)) for f in folders)


def cached(key: str, make: Callable[[], bytes], suffix: str = ".pdf") -> bytes:
    """The bytes stored under ``key`` if they check out (``check``), in the user's cache or else the shipped store
    (``shipped``), or ``make()``'s, stored in the user's cache for next time."""
    folder = cache_dir()
    if folder is None:
        return make()
    trusted = trusted_folder(folder)
    if trusted:
        path, digest = _paths(folder, key, suffix)
        good = check(key, read_entry(path), read_entry(digest, 1024))
        if good is not None:
            return good
    good = shipped(key, suffix)
    if good is not None:
        return good
    data = make()
    if trusted:
        _store(folder, key, suffix, data)
    return data


def shipped(key: str, suffix: str = ".pdf") -> bytes | None:
    """The bytes the shipped store (``shipped_dir``) keeps under ``key``, if they check out (``check``)."""
    store = shipped_dir()
    if store is None:
        return None
    path, digest = _paths(store, key, suffix)
    return check(key, read_entry(path, anyone=True), read_entry(digest, 1024, anyone=True))


def _store(folder: Path, key: str, suffix: str, data: bytes) -> None:
    """Write the entry and its digest atomically; any failure is ignored (the cache only saves time)."""
    if not trusted_folder(folder, make=True):
        return
    path, digest = _paths(folder, key, suffix)
    try:
        _replace(folder, path, data)
        _replace(folder, digest, entry_digest(key, data).encode() + b"\n")
    except OSError:
        return
    _prune(folder)


def _replace(folder: Path, path: Path, data: bytes) -> None:
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=".part-")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temporary, path)
    finally:
        if os.path.lexists(temporary):
            os.unlink(temporary)


def _prune(folder: Path) -> None:
    """Keep the cache small: past ``KEEP`` documents, remove the oldest half (each with its digest)."""
    try:
        entries = [(p.lstat().st_mtime, p) for p in folder.glob("*.pdf")]
        if len(entries) <= KEEP:
            return
        for _, path in sorted(entries)[: len(entries) // 2]:
            path.unlink(missing_ok=True)
            path.with_name(path.name + DIGEST).unlink(missing_ok=True)
    except OSError:
        return
