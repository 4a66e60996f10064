"""Typeset documents kept on disk: weasyprint runs once per document, paper and kitgen version.

A kit's rules and cover do not depend on its seed (the cover's seed line is drawn on it when the kit is
joined: kitgen/games/kit.py); typesetting them is most of a kit's time. ``cached(key, make)`` returns the bytes
stored under ``key`` in the cache folder, or makes them, stores them (atomically: a temporary file
renamed into place) and returns them. The key is a digest of everything the bytes depend on
(``document_key``), so a changed template, font, paper or version never meets stale bytes.

The folder is the user cache directory (``platformdirs``: ``~/.cache/kitgen`` on Linux), or
``$KITGEN_CACHE_DIR`` when set; ``KITGEN_CACHE_DIR=off`` turns the cache off. A cache that cannot be
read or written only makes kitgen slower, never wrong: every failure falls back to making the bytes.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path

ENV = "KITGEN_CACHE_DIR"
OFF = "off"
KEEP = 400
"""Documents kept: past this, the least recently made half is removed (one a game, paper and version)."""


def cache_dir() -> Path | None:
    """The cache folder (``$KITGEN_CACHE_DIR``, else the user cache directory), or None when turned off."""
    chosen = os.environ.get(ENV)
    if chosen is not None:
        return None if chosen.strip().lower() in (OFF, "") else Path(chosen)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("kitgen", appauthor=False)) / "documents"


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


def is_cached(key: str, suffix: str = ".pdf") -> bool:
    """Whether ``cached(key, ...)`` would return stored bytes without making them."""
    folder = cache_dir()
    return folder is not None and (folder / f"{key}{suffix}").is_file()


def cached(key: str, make: Callable[[], bytes], suffix: str = ".pdf") -> bytes:
    """The bytes stored under ``key``, or ``make()``'s, stored for next time."""
    folder = cache_dir()
    if folder is None:
        return make()
    path = folder / f"{key}{suffix}"
    try:
        data = path.read_bytes()
        if data.startswith(b"%PDF") and data.rstrip().endswith(b"%%EOF"):
            return data
    except OSError:
        pass
    data = make()
    _store(folder, path, data)
    return data


def _store(folder: Path, path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically; any failure is ignored (the cache only saves time)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=".part-")
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temporary, path)
    except OSError:
        return
    _prune(folder)


def _prune(folder: Path) -> None:
    """Keep the cache small: past ``KEEP`` documents, remove the oldest half."""
    try:
        entries = [(p.stat().st_mtime, p) for p in folder.glob("*.pdf")]
        if len(entries) <= KEEP:
            return
        for _, path in sorted(entries)[: len(entries) // 2]:
            path.unlink(missing_ok=True)
    except OSError:
        return
