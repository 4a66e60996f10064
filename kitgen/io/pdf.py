"""Making reportlab PDFs the kitgen way: paper sizes, fonts, metadata, determinism.

Every reportlab PDF is drawn on a ``new_canvas`` (``canvas_bytes``): invariant mode (fixed
dates and IDs, so the same input gives byte-identical files), kitgen's fonts
registered, title/subject/creator set; the faces write the bytes atomically (``kitgen.io.files``).
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING

from kitgen import __version__
from kitgen.core.i18n import N_

if TYPE_CHECKING:
    from typing import BinaryIO

    from reportlab.pdfgen.canvas import Canvas

MM = 72 / 25.4
"""Points in a millimetre."""


class Paper(StrEnum):
    """Paper sizes every printing command accepts (``--paper``): reportlab's page sizes."""

    a3 = "a3"
    a4 = "a4"
    a5 = "a5"
    letter = "letter"
    legal = "legal"
    tabloid = "tabloid"

    @property
    def size(self) -> tuple[float, float]:
        """Portrait (width, height) in points."""
        from reportlab.lib import pagesizes

        width, height = getattr(pagesizes, _REPORTLAB_NAMES[self.value])
        return float(width), float(height)

    @property
    def label(self) -> str:
        """How a person names it: ``A4``, ``US Letter``, ``Tabloid (11 x 17 in)``."""
        return _LABELS[self.value]

    @property
    def css(self) -> str:
        """The CSS ``@page`` size."""
        return _CSS.get(self.value, self.value.upper())

    @property
    def metric(self) -> bool:
        """An ISO size (A3, A4, A5), where rulers are in millimetres; the rest are US sizes, in inches too."""
        return self.value.startswith("a")


_REPORTLAB_NAMES = {"a3": "A3", "a4": "A4", "a5": "A5", "letter": "LETTER", "legal": "LEGAL",
                    "tabloid": "TABLOID"}
_LABELS = {"a3": "A3", "a4": "A4", "a5": "A5", "letter": N_("US Letter"), "legal": N_("US Legal"),
           "tabloid": N_("Tabloid (11 x 17 in)")}
"""How a person names each paper (in English: ``_(paper.label)`` shows it in the text language)."""
_CSS = {"letter": "letter", "legal": "legal", "tabloid": "11in 17in"}


MARGIN = 12 * MM
"""Safe margin on every side: most home printers cannot print within ~5 mm of the edge."""

PROSE_EMS = 42
"""The widest a line of prose on a component page runs, in ems of its type: some 80 characters, the measure the
rules are set to (issue 32: notes and instructions ran the page's width, up to 160 characters a line on A3)."""


def prose_width(width: float, size: float) -> float:
    """The width to wrap prose of ``size`` points in, given ``width`` points free: no wider than ``PROSE_EMS``."""
    return min(width, PROSE_EMS * size)


def creator(seed: int | None = None) -> str:
    return f"kitgen {__version__}" + (f" (seed {seed})" if seed is not None else "")


class Duplex(StrEnum):
    """How a double-sided document is to be printed: the edge the sheet turns on (the PDF's ``/Duplex``)."""

    long = "long"
    short = "short"

    @property
    def pdf(self) -> str:
        return "DuplexFlipLongEdge" if self is Duplex.long else "DuplexFlipShortEdge"


def flip_edge(page: tuple[float, float]) -> Duplex:
    """The edge to flip a double-sided page on so its back lines up: the long edge for a portrait page, the
    short edge for a landscape one (a landscape back is mirrored across its columns, that is, its short side)."""
    return Duplex.long if page[1] >= page[0] else Duplex.short


LANG = "en"
"""The language a PDF declares (``/Lang``) when no other text language is chosen (``kitgen.core.i18n``)."""


def new_canvas(path: str | Path | BinaryIO, paper: Paper | tuple[float, float] = Paper.a4, title: str = "kitgen",
               subject: str = "", seed: int | None = None, duplex: Duplex | None = None) -> Canvas:
    """A reportlab canvas in invariant mode with kitgen's fonts (Sans to start with) and metadata.

    Every PDF says its language (``/Lang``) and asks viewers to print at actual size (``/PrintScaling
    /None``: the dialogue opens at 100%, not "fit to page"); a double-sided one also names its flip edge
    (``/Duplex``)."""
    from reportlab import rl_config
    from reportlab.pdfgen.canvas import Canvas

    from kitgen.core.i18n import text_language
    from kitgen.io.fonts import SANS, register_fonts

    # Binary Flate streams, without reportlab's pure-Python ASCII85 layer: smaller and three times faster.
    rl_config.useA85 = 0

    register_fonts()
    size = paper.size if isinstance(paper, Paper) else paper
    # reportlab names its initial font in the first page's resources: kitgen's embedded Sans, never Helvetica.
    with _without_source_date_epoch():
        c = Canvas(path if hasattr(path, "write") else str(path), pagesize=size, invariant=1, pageCompression=1,
                   initialFontName=SANS, lang=text_language())
    c.setViewerPreference("PrintScaling", "None")
    if duplex is not None:
        c.setViewerPreference("Duplex", duplex.pdf)
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


_KIT_FIRST_PAGE: ContextVar[int | None] = ContextVar("kitgen_kit_first_page", default=None)


@contextlib.contextmanager
def kit_numbering(first: int) -> Iterator[None]:
    """Within: the pages drawn are a kit's components, whose first page is the kit's page ``first``; their footers
    and headers number them as the kit's guide ("Which pages are which") does (``kit_page``), not within their part
    (issue 32: one page-numbering scheme in a kit)."""
    token = _KIT_FIRST_PAGE.set(first)
    try:
        yield
    finally:
        _KIT_FIRST_PAGE.reset(token)


@contextlib.contextmanager
def kit_part(pages_before: int) -> Iterator[None]:
    """Within: a part drawn on a canvas of its own that follows ``pages_before`` pages of the same kit's components
    (joined later), numbered on from them; nothing changes outside a kit."""
    first = _KIT_FIRST_PAGE.get()
    if first is None:
        yield
        return
    with kit_numbering(first + pages_before):
        yield


def kit_page(c: Canvas, back: int = 0) -> int | None:
    """The kit's number of the page ``c`` is drawing (of the page ``back`` pages before it), counting from the
    first page drawn on ``c`` as ``kit_numbering`` says; None when the pages are not drawn for a kit."""
    first = _KIT_FIRST_PAGE.get()
    return None if first is None else first + c.getPageNumber() - 1 - back


KIT_FOOT = 7 * MM
"""Where a component page that has no page number of its own says its kit page (``kit_page_foot``): the baseline,
above the paper's bottom edge (its 7 pt type clear of the 5 mm most printers leave blank)."""


def kit_page_foot(c: Canvas, width: float) -> None:
    """In a kit (``kit_numbering``): ``page N``, the kit's number of the page ``c`` is drawing, centred at the foot of
    a page ``width`` points wide, for the components whose pages carry no number of their own (score sheets, deal
    sheets, score pads); nothing when the page is not drawn for a kit, so a part printed alone is unchanged."""
    number = kit_page(c)
    if number is None:
        return
    from kitgen.core.i18n import gettext
    from kitgen.io.fonts import SANS

    c.saveState()
    c.setFont(SANS, 7)
    c.setFillColorRGB(0.35, 0.35, 0.38)
    c.drawCentredString(width / 2, KIT_FOOT, gettext("page {page}").format(page=number))
    c.restoreState()


def canvas_bytes(draw: Callable[[Canvas], object], paper: Paper | tuple[float, float] = Paper.a4,
                 title: str = "kitgen", subject: str = "", seed: int | None = None,
                 duplex: Duplex | None = None) -> bytes:
    """The bytes of a PDF drawn in memory by ``draw(canvas)`` (a kit's components, joined later)."""
    import io

    buffer = io.BytesIO()
    c = new_canvas(buffer, paper, title, subject, seed, duplex)
    draw(c)
    c.save()
    return buffer.getvalue()


def drawn_once(what: tuple[str, ...], draw: Callable[[], bytes]) -> bytes:
    """``draw()``'s PDF, kept in the document cache (``kitgen.io.cache``: checked as a typeset document is, issue 33)
    under a key of ``what`` (what the drawing is of that the code does not say: the part, the paper, the deck), the
    kit's page numbering (``kit_numbering``), the text language and its catalogue, kitgen's code (``code_digest``),
    its fonts and reportlab's version. A warm kit draws its parts that no seed changes only once (issue 32: the Game
    of Words deck and score pads, 3DXWORD's nets). For a part whose bytes depend on nothing else: never one with the
    seed in it, nor one that reads a word list (the word lists are not in the key)."""
    from kitgen.core.i18n import text_language, text_variant
    from kitgen.io.cache import cached, document_key

    language = text_language()
    key = document_key(["drawn", *what, str(_KIT_FIRST_PAGE.get()), language, str(text_variant()), code_digest(),
                        _catalogue_digest(language)])
    return cached(key, draw)


_DRAWN_FROM = (".py", ".toml", ".csv")
"""The files of kitgen whose bytes ``code_digest`` holds: its code and the deck and piece specs (not the word lists:
a drawing kept by ``drawn_once`` reads none)."""


@functools.cache
def code_digest() -> str:
    """A digest of what kitgen draws with (``drawn_once``): its version, its code and specs (``_DRAWN_FROM``, by
    content), the fonts (by name and size) and reportlab's version. About 10 ms: a process that forks kit workers
    works it out first, once for them all."""
    import hashlib

    from reportlab import Version

    from kitgen.core.resources import PACKAGE_DIR, resource_dir
    from kitgen.io.cache import resources_digest

    digest = hashlib.sha256(f"{__version__} reportlab {Version}".encode())
    digest.update(resources_digest((resource_dir("fonts").resolve(),)).encode())
    for folder in (PACKAGE_DIR, PACKAGE_DIR / "data" / "decks", PACKAGE_DIR / "data" / "pieces"):
        for path in sorted(folder.rglob("*.py") if folder == PACKAGE_DIR else folder.iterdir()):
            if path.suffix in _DRAWN_FROM and path.is_file():
                digest.update(str(path.relative_to(PACKAGE_DIR)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


@functools.cache
def _catalogue_digest(language: str) -> str:
    """A digest of ``language``'s compiled catalogue (``-`` where it has none: English)."""
    import hashlib

    from kitgen.core.i18n import LOCALE_DIR

    path = LOCALE_DIR / language / "LC_MESSAGES" / "kitgen.mo"
    return hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "-"


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
