"""Writing output files safely: atomically, only where asked, never over a stranger's file.

A file is written to a temporary name beside its target and renamed into
place only once complete, so an interrupted run never leaves half a PDF.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import tempfile
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from kitgen.core.display import escaped
from kitgen.core.errors import InputError
from kitgen.core.i18n import N_, system_reason
from kitgen.core.i18n import gettext as _

if TYPE_CHECKING:
    from kitgen.io.processes import Interrupts

DEFAULT_OUT_DIR = Path("output")


def safe_name(name: str) -> str:
    """A file name made from data (a deck's name, a seed) that cannot leave its folder.

    Anything but letters, digits, ``.``, ``_`` and ``-`` becomes ``-`` (so no ``/`` and no ``..``
    path step survives), and a leading dot goes, so the file is never hidden.
    """
    cleaned = re.sub(r"[^A-Za-z0-9._-]+", "-", name).replace("..", "-").lstrip(".-")
    return cleaned or "kitgen"


NAME_MAX = 255
"""The longest name (in bytes) of one file or folder on the usual file systems, when the system does not say."""
TEMP_PREFIX = ".kitgen-"
"""How a staged file's temporary name starts (``.kitgen-XXXXXXXX.part``): short and fixed, so any name the file
system takes for the target can be written, however long."""


def shown(path: str | Path) -> str:
    """A path as messages show it: control characters escaped (a newline never splits the line), a very long
    path cut in the middle."""
    text = escaped(os.fspath(path))
    return text if len(text) <= 120 else f"{text[:56]}...{text[-56:]}"


def _name_max(path: Path) -> int:
    """The longest name the file system holding ``path`` (or its nearest existing folder) takes, in bytes."""
    folder = path.parent
    while True:
        try:
            return int(os.pathconf(folder, "PC_NAME_MAX"))
        except (OSError, ValueError):
            if folder == folder.parent:
                return NAME_MAX
            folder = folder.parent


def check_name_lengths(path: Path) -> None:
    """One located line (not ``OSError: File name too long``) for a path with a part longer than the file system
    takes."""
    limit = _name_max(path)
    for part in path.parts:
        size = len(os.fsencode(part))
        if size > limit:
            raise InputError(_("{file}: a name of {size} bytes ({part}...); this file system takes at most {most} "
                               "bytes a name").format(file=shown(path), size=size, part=shown(part[:24]), most=limit))


def same_file(a: Path, b: Path) -> bool:
    """Whether ``a`` and ``b`` are one file: the same path once resolved (``d/../g.ipuz`` is ``g.ipuz``, a link
    is its target), or the same existing file by device and inode (a hard link)."""
    if os.path.realpath(a) == os.path.realpath(b):
        return True
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):
        return False


def check_distinct(targets: Sequence[Path], inputs: Sequence[Path] = ()) -> None:
    """Before any work: no two targets are one file, and no target is one of the run's input files (an input is
    never overwritten by an output of the same run)."""
    for k, target in enumerate(targets):
        check_name_lengths(target)
        for earlier in targets[:k]:
            if same_file(target, earlier):
                said = (shown(target) if str(target) == str(earlier) else
                        _("{one} and {other}").format(one=shown(earlier), other=shown(target)))
                raise InputError(_("{file}: one file would be written twice in one run; give different names").format(
                    file=said))
        for source in inputs:
            if same_file(target, source):
                raise InputError(_("{file}: is an input of this run; kitgen never writes over its input (give the "
                                   "output another name)").format(file=shown(target)))


def out_path(out: str | Path | None, default_name: str, suffix: str = ".pdf", option: str = "--out") -> Path:
    """Where to write: ``--out`` as a directory if it ends in ``/`` or is one, as a file if it has ``suffix``;
    ``option`` is the option that named it, for the refusal (``--plot`` names a chart, not ``--out``).

    Anything else (``--out README.md`` for a PDF, a new name without an extension) is an ``InputError``:
    it would otherwise make a directory the user meant as a file. Without ``--out`` files go under
    ``output/``. A name kitgen makes up (``default_name``, built from a deck's or a game's name) always
    stays inside that directory (``safe_name``).
    """
    name = safe_name(default_name)
    if out is None:
        return DEFAULT_OUT_DIR / name
    text = os.fspath(out)
    p = Path(text)
    check_name_lengths(p)
    if text.endswith(("/", os.sep)) or p.is_dir():
        check_name_lengths(p / name)
        return p / name
    if p.suffix.lower() == suffix:
        return p
    raise InputError(_("{file}: {option} is a {suffix} file or a directory (end it with / to make one)").format(
        file=shown(text), option=option, suffix=suffix))


KITGEN_PREFIX = "kitgen "
"""How kitgen's mark starts in every format: PDF ``/Producer``, ipuz ``origin``, PNG ``Software`` chunk."""
MAX_JSON = 16_000_000
"""An ipuz (or SVG) larger than this is never read to look for the mark (kitgen's largest, 63x63, is far smaller)."""


def kitgen_mark() -> str:
    """The mark kitgen writes into each file's own metadata: ``kitgen VERSION``."""
    from kitgen import __version__

    return f"{KITGEN_PREFIX}{__version__}"


def _is_mark(value: object) -> bool:
    return isinstance(value, str) and value.startswith(KITGEN_PREFIX)


def _pdf_is_kitgen(path: Path) -> bool:
    """The PDF's document info names kitgen as its producer (pypdf reads the trailer, not the whole file)."""
    import logging

    from pypdf import PdfReader

    quiet = logging.getLogger("pypdf")
    level = quiet.level
    quiet.setLevel(logging.CRITICAL)  # a stranger's damaged PDF is simply not ours: no warnings on stderr
    try:
        with path.open("rb") as fh:
            info = PdfReader(fh).metadata
            return info is not None and _is_mark(info.get("/Producer"))
    finally:
        quiet.setLevel(level)


def _ipuz_is_kitgen(path: Path) -> bool:
    """The ipuz's ``origin`` field (the ipuz spec's "program that wrote this file") names kitgen."""
    import json

    with path.open("rb") as fh:
        data = fh.read(MAX_JSON + 1)
    if len(data) > MAX_JSON:
        return False
    document = json.loads(data.decode("utf-8"))
    return isinstance(document, dict) and _is_mark(document.get("origin"))


def _png_is_kitgen(path: Path) -> bool:
    """The PNG's ``Software`` text chunk names kitgen (PIL reads the chunks before the image data only)."""
    from PIL import Image

    with Image.open(path) as image:
        return _is_mark(getattr(image, "text", {}).get("Software"))


def _svg_is_kitgen(path: Path) -> bool:
    """The SVG's RDF metadata names kitgen as its creator (``kitgen.io.cutfile``: the cut files)."""
    from kitgen.io.cutfile import creator_of

    with path.open("rb") as fh:
        data = fh.read(MAX_JSON + 1)
    return len(data) <= MAX_JSON and _is_mark(creator_of(data))


def _dxf_is_kitgen(path: Path) -> bool:
    """The DXF's header holds kitgen's mark as its custom property ``kitgen`` (``kitgen.io.cutfile``)."""
    from kitgen.io.cutfile import dxf_creator

    with path.open("rb") as fh:
        return _is_mark(dxf_creator(fh.read(1 << 16)))


JPZ_ORIGIN = re.compile(rb"^<\?xml[^>]*\?>\s*<!-- origin: (kitgen [^ <>]+) -->")
"""A jpz's mark: the comment right after its XML declaration (jpz metadata has no field for the program)."""


def _xml_is_kitgen(path: Path) -> bool:
    """An SVG whose metadata names kitgen, or a jpz whose origin comment does (``jpz_origin``)."""
    with path.open("rb") as fh:
        head = fh.read(1024)
    m = JPZ_ORIGIN.match(head)
    return (m is not None and _is_mark(m.group(1).decode("ascii", "replace"))) or _svg_is_kitgen(path)


def jpz_origin() -> str:
    """The comment kitgen writes after a jpz's XML declaration, marking the file as its own."""
    return f"<!-- origin: {kitgen_mark()} -->"


_READERS = ((b"%PDF-", _pdf_is_kitgen), (b"\x89PNG\r\n\x1a\n", _png_is_kitgen), (b"{", _ipuz_is_kitgen),
            (b"<?xml", _xml_is_kitgen), (b"<svg", _svg_is_kitgen), (b"0\nSECTION", _dxf_is_kitgen))


def written_by_kitgen(path: Path) -> bool:
    """Whether ``path`` is a regular file kitgen wrote, read from its format's own metadata.

    The format is told by the file's first bytes, whatever its name: a PDF's document info
    ``/Producer``, an ipuz's ``origin``, a PNG's ``Software`` chunk, an SVG's ``dc:creator`` must start
    ``kitgen ``. The
    bytes ``kitgen`` elsewhere (a title, a page's text) say nothing; the size does not matter.
    """
    try:
        if not path.is_file():
            return False
        with path.open("rb") as fh:
            head = fh.read(1024).lstrip()
        reader = next((read for magic, read in _READERS if head.startswith(magic)), None)
        return reader is not None and reader(path)
    except Exception:  # noqa: BLE001 -- anything a stranger's file makes a parser raise: it is not ours
        return False


def _kind(mode: int) -> str:
    """What a file that is not a regular file is, for the refusal."""
    kinds = ((stat.S_ISFIFO, N_("a FIFO")), (stat.S_ISCHR, N_("a character device")),
             (stat.S_ISBLK, N_("a block device")), (stat.S_ISSOCK, N_("a socket")))
    return _(next((name for test, name in kinds if test(mode)), N_("not a regular file")))


def check_overwrite(path: Path, force: bool = False) -> None:
    """Refuse to replace a file kitgen did not write, unless ``force``; never replace anything but a regular file.

    A FIFO, a device node, a socket or a directory (or a link to one) is refused even with ``--force``:
    replacing ``/dev/null`` or a named pipe is never what a print run means.
    """
    check_name_lengths(path)
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return  # nothing there (or a dangling link, which the rename replaces)
    except OSError as exc:
        raise InputError(_("{file}: cannot check the existing file: {why}").format(file=shown(path),
                                                                                    why=system_reason(exc))) from None
    if stat.S_ISDIR(mode):
        raise InputError(_("{file}: is a directory, not a regular file; give a file name").format(file=shown(path)))
    if not stat.S_ISREG(mode):
        raise InputError(_("{file}: is {kind}, not a regular file; kitgen replaces only regular files, even with "
                           "--force").format(file=shown(path), kind=_kind(mode)))
    if not force and not written_by_kitgen(path):
        raise InputError(_("{file}: exists and was not written by kitgen; use --force to replace it").format(
            file=shown(path)))


def _missing_folders(folder: Path) -> list[Path]:
    """The folders ``mkdir(parents=True)`` would make for ``folder``, innermost first."""
    missing = []
    while not folder.exists() and folder != folder.parent:
        missing.append(folder)
        folder = folder.parent
    return missing


def _temporary_beside(target: Path, made: list[Path] | None = None) -> Path:
    """A new empty temporary file beside ``target`` (made, after its folder, as one located error);
    the folders it had to make are added to ``made``, innermost first."""
    check_name_lengths(target)
    missing = _missing_folders(target.parent)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        if isinstance(exc, PermissionError):
            raise InputError(_("{file}: permission denied").format(file=shown(target.parent))) from None
        raise InputError(_("{file}: cannot create directory: {why}").format(file=shown(target.parent),
                                                                           why=system_reason(exc))) from None
    if made is not None:
        made[:0] = missing
    try:
        fd, tmp = tempfile.mkstemp(prefix=TEMP_PREFIX, suffix=".part", dir=target.parent)
    except OSError as exc:  # a folder we may not write in is the folder's fault; anything else, the target's
        raise _write_error(target.parent if isinstance(exc, PermissionError) else target, exc) from None
    os.close(fd)
    return Path(tmp)


class Batch:
    """Files written together, all or nothing: each is written to a temporary file beside its target
    and checked (``check_overwrite``) as it is added; only when every one is complete are they all
    renamed into place (``commit``). Anything still staged is removed by ``discard``."""

    def __init__(self, force: bool = False, interrupts: Interrupts | None = None) -> None:
        self.force = force
        self.interrupts = interrupts
        """Ctrl-C seen while the batch was made: then nothing is committed, even if the interrupt was swallowed."""
        self.staged: list[tuple[Path, Path]] = []
        self.made: list[Path] = []
        """Folders made for the staged files (innermost first): removed again if the batch is discarded."""

    def add(self, path: str | Path, data: bytes) -> Path:
        """Stage ``data`` for ``path``."""
        return self.write(path, lambda file: file.write(data))

    def write(self, path: str | Path, write: Callable[[BinaryIO], object]) -> Path:
        """Stage what ``write(file)`` writes for ``path``: written to the temporary file as it is made, so
        a long file is never held whole (a full disk while it is written is one located error)."""
        target = Path(path)
        if any(same_file(target, done) for _, done in self.staged):
            raise InputError(_("{file}: would be written twice in one run; give different names").format(
                file=shown(target)))
        check_overwrite(target, self.force)
        tmp = _temporary_beside(target, self.made)
        self.staged.append((tmp, target))
        try:
            with tmp.open("wb") as file:
                write(file)
            os.chmod(tmp, 0o644)
        except OSError as exc:
            raise _write_error(target, exc) from None
        return target

    def staged_bytes(self, path: Path) -> bytes:
        """The bytes staged for ``path`` (to make its previews)."""
        return next(tmp for tmp, target in self.staged if target == path).read_bytes()

    def commit(self) -> list[Path]:
        """Rename every staged file into place (each rename atomic); return the targets in order.

        Ctrl-C is held back while the files are renamed, so it never leaves some in place and some not."""
        from kitgen.io.processes import interrupts_held

        if self.interrupts is not None:
            self.interrupts.check()
        done = []
        with interrupts_held():
            for tmp, target in self.staged:
                check_overwrite(target, self.force)  # still ours, or still absent, at the last moment
                try:
                    os.replace(tmp, target)
                except OSError as exc:
                    raise InputError(_("{file}: cannot write: {why}").format(file=shown(target),
                                                                            why=system_reason(exc))) from None
                done.append(target)
            self.staged, self.made = [], []
        return done

    def discard(self) -> None:
        for tmp, _target in self.staged:
            with contextlib.suppress(OSError):
                tmp.unlink()
        for folder in self.made:  # innermost first; a folder something else has filled since stays
            with contextlib.suppress(OSError):
                folder.rmdir()
        self.staged, self.made = [], []


@contextlib.contextmanager
def all_or_nothing(force: bool = False) -> Iterator[Batch]:
    """A :class:`Batch` committed if the block succeeds, discarded (nothing written) if it raises or if Ctrl-C
    came during it (``kitgen.io.processes.watching_interrupts``)."""
    from kitgen.io.processes import watching_interrupts

    with watching_interrupts() as interrupts:
        batch = Batch(force, interrupts)
        try:
            yield batch
            batch.commit()
        finally:
            batch.discard()


@contextlib.contextmanager
def atomic_path(path: str | Path, force: bool = False) -> Iterator[Path]:
    """Yield a temporary path beside ``path``; rename it to ``path`` only if the block succeeds."""
    target = Path(path)
    check_overwrite(target, force)
    tmp_path = _temporary_beside(target)
    try:
        try:
            yield tmp_path  # the caller writes here: a full disk or a quota in its block is the same clean error
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
        return InputError(_("{file}: permission denied").format(file=shown(where)))
    return InputError(_("{file}: cannot write: {why}").format(file=shown(where), why=system_reason(exc)))


def write_bytes(path: str | Path, data: bytes, force: bool = False) -> Path:
    """Write ``data`` to ``path`` atomically."""
    with all_or_nothing(force) as batch:
        batch.add(path, data)
    return Path(path)


def write_text(path: str | Path, text: str, force: bool = False) -> Path:
    return write_bytes(path, text.encode("utf-8"), force)
