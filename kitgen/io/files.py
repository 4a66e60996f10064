"""Writing output files safely: atomically, only where asked, never over a stranger's file.

A file is written to a temporary name beside its target and renamed into
place only once complete, so an interrupted run never leaves half a PDF.
"""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
from collections.abc import Iterator
from pathlib import Path

from kitgen.core.errors import InputError

DEFAULT_OUT_DIR = Path("output")
KITGEN_MARK = b"kitgen"
"""Bytes every file kitgen writes contains (the PDF Creator/Producer), to recognise its own files."""


def safe_name(name: str) -> str:
    """A file name made from data (a deck's name, a seed) that cannot leave its folder.

    Anything but letters, digits, ``.``, ``_`` and ``-`` becomes ``-`` (so no ``/`` and no ``..``
    path step survives), and a leading dot goes, so the file is never hidden.
    """
    cleaned = re.sub(r"[^A-Za-z0-9._-]+", "-", name).replace("..", "-").lstrip(".-")
    return cleaned or "kitgen"


def out_path(out: str | Path | None, default_name: str, suffix: str = ".pdf") -> Path:
    """Where to write: ``--out`` as a file if it has ``suffix``, as a directory otherwise.

    Without ``--out`` files go under ``output/``. A name kitgen makes up (``default_name``, built from
    a deck's or a game's name) always stays inside that directory (``safe_name``).
    """
    name = safe_name(default_name)
    if out is None:
        return DEFAULT_OUT_DIR / name
    p = Path(out)
    if p.suffix.lower() == suffix:
        return p
    return p / name


MAX_CHECKED = 50_000_000
"""Files larger than this are never taken for kitgen's own (kitgen writes nothing that big)."""


def written_by_kitgen(path: Path) -> bool:
    """Whether ``path`` is a file kitgen wrote: its metadata (PDF Info, ipuz title) names kitgen.

    The whole file is read: a multi-page PDF's Info dictionary can sit anywhere
    between the fonts and a long xref table.
    """
    try:
        return path.is_file() and path.stat().st_size <= MAX_CHECKED and KITGEN_MARK in path.read_bytes()
    except OSError:
        return False


def check_overwrite(path: Path, force: bool = False) -> None:
    """Refuse to replace a file kitgen did not write, unless ``force``."""
    if force or not path.exists():
        return
    if path.is_dir():
        raise InputError(f"{path}: is a directory; give a file name")
    if not written_by_kitgen(path):
        raise InputError(f"{path}: exists and was not written by kitgen; use --force to replace it")


@contextlib.contextmanager
def atomic_path(path: str | Path, force: bool = False) -> Iterator[Path]:
    """Yield a temporary path beside ``path``; rename it to ``path`` only if the block succeeds."""
    target = Path(path)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        if isinstance(exc, PermissionError):
            raise InputError(f"{target.parent}: permission denied") from None
        raise InputError(f"{target.parent}: cannot create directory: {exc.strerror}") from None
    check_overwrite(target, force)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
    except OSError as exc:
        raise _write_error(target.parent, exc) from None
    os.close(fd)
    tmp_path = Path(tmp)
    try:
        yield tmp_path
        try:
            os.chmod(tmp_path, 0o644)
            os.replace(tmp_path, target)
        except OSError as exc:
            raise _write_error(target, exc) from None
    finally:
        if tmp_path.exists():
            tmp_path.unlink()


def _write_error(where: Path, exc: OSError) -> InputError:
    """``FILE: permission denied`` or ``FILE: cannot write: why``: a user's file system, not kitgen's fault."""
    if isinstance(exc, PermissionError):
        return InputError(f"{where}: permission denied")
    return InputError(f"{where}: cannot write: {exc.strerror or exc}")


def write_bytes(path: str | Path, data: bytes, force: bool = False) -> Path:
    """Write ``data`` to ``path`` atomically."""
    with atomic_path(path, force) as tmp:
        tmp.write_bytes(data)
    return Path(path)


def write_text(path: str | Path, text: str, force: bool = False) -> Path:
    return write_bytes(path, text.encode("utf-8"), force)
