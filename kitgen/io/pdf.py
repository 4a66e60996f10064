"""Making reportlab PDFs the kitgen way: paper sizes, fonts, metadata, determinism, atomic writes.

Every reportlab PDF is made through ``pdf_canvas``: invariant mode (fixed
dates and IDs, so the same input gives byte-identical files), kitgen's fonts
registered, title/subject/creator set, written to a temporary file and renamed.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING

from kitgen import __version__
from kitgen.io.files import atomic_path

if TYPE_CHECKING:
    from typing import BinaryIO

    from reportlab.pdfgen.canvas import Canvas

MM = 72 / 25.4
"""Points in a millimetre."""


class Paper(StrEnum):
    """Paper sizes every printing command accepts (``--paper``)."""

    a4 = "a4"
    letter = "letter"

    @property
    def size(self) -> tuple[float, float]:
        """Portrait (width, height) in points."""
        return (595.2755905511812, 841.8897637795277) if self is Paper.a4 else (612.0, 792.0)


MARGIN = 12 * MM
"""Safe margin on every side: most home printers cannot print within ~5 mm of the edge."""


def creator(seed: int | None = None) -> str:
    return f"kitgen {__version__}" + (f" (seed {seed})" if seed is not None else "")


def new_canvas(path: str | Path | BinaryIO, paper: Paper | tuple[float, float] = Paper.a4, title: str = "kitgen",
               subject: str = "", seed: int | None = None) -> Canvas:
    """A reportlab canvas in invariant mode with kitgen's fonts (Sans to start with) and metadata."""
    from reportlab import rl_config
    from reportlab.pdfgen.canvas import Canvas

    from kitgen.io.fonts import SANS, register_fonts

    # Binary Flate streams, without reportlab's pure-Python ASCII85 layer: smaller and three times faster.
    rl_config.useA85 = 0

    register_fonts()
    size = paper.size if isinstance(paper, Paper) else paper
    # reportlab names its initial font in the first page's resources: kitgen's embedded Sans, never Helvetica.
    with _without_source_date_epoch():
        c = Canvas(path if hasattr(path, "write") else str(path), pagesize=size, invariant=1, pageCompression=1,
                   initialFontName=SANS)
    c.setTitle(title)
    c.setSubject(subject)
    c.setAuthor("kitgen")
    c.setCreator(creator(seed))
    c.setProducer(f"kitgen {__version__} (reportlab)")
    c.setKeywords(f"kitgen {__version__}" + (f", seed {seed}" if seed is not None else ""))
    return c


@contextlib.contextmanager
def _without_source_date_epoch() -> Iterator[None]:
    """Hide ``SOURCE_DATE_EPOCH`` while reportlab stamps a document: it reads it even in invariant mode,
    so a user's environment changed every PDF's dates (and ``abc`` crashed it). kitgen's dates are fixed."""
    import os

    saved = os.environ.pop("SOURCE_DATE_EPOCH", None)
    try:
        yield
    finally:
        if saved is not None:
            os.environ["SOURCE_DATE_EPOCH"] = saved


@contextlib.contextmanager
def pdf_canvas(path: str | Path, paper: Paper | tuple[float, float] = Paper.a4, title: str = "kitgen",
               subject: str = "", seed: int | None = None, force: bool = False) -> Iterator[Canvas]:
    """Draw into a new PDF at ``path``; the file appears only once ``save`` succeeds."""
    with atomic_path(path, force) as tmp:
        c = new_canvas(tmp, paper, title, subject, seed)
        yield c
        c.save()


def canvas_bytes(draw: Callable[[Canvas], object], paper: Paper | tuple[float, float] = Paper.a4,
                 title: str = "kitgen", subject: str = "", seed: int | None = None) -> bytes:
    """The bytes of a PDF drawn in memory by ``draw(canvas)`` (a kit's components, joined later)."""
    import io

    buffer = io.BytesIO()
    c = new_canvas(buffer, paper, title, subject, seed)
    draw(c)
    c.save()
    return buffer.getvalue()


def repeat_document(pdf: bytes, copies: int) -> bytes:
    """``copies`` copies of a PDF's pages one after another in one PDF (a class set of one deck), keeping
    its metadata; pypdf shares each page's resources, so the file grows little."""
    import io

    from pypdf import PdfReader, PdfWriter

    if copies == 1:
        return pdf
    reader = PdfReader(io.BytesIO(pdf))
    writer = PdfWriter()
    for _ in range(copies):
        for page in reader.pages:
            writer.add_page(page)
    if reader.metadata:
        writer.add_metadata(dict(reader.metadata))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
