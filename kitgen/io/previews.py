"""PNG previews of a PDF's pages (pypdfium2), for sharing a kit or a sheet and for the web app.

Each PNG carries a ``Software`` text chunk ``kitgen VERSION``: how kitgen knows it again
(``kitgen.io.files.written_by_kitgen``).
"""

from __future__ import annotations

import re
from pathlib import Path

from kitgen.core.errors import InputError
from kitgen.core.i18n import gettext


def preview_name(stem: str, page: int) -> str:
    """``<stem>-NN.png`` for page ``page`` (1-based)."""
    return f"{stem}-{page:02d}.png"


def existing_previews(pdf: Path, folder: Path) -> list[Path]:
    """The files already in ``folder`` that previews of ``pdf`` could replace (``<stem>-NN.png``, any NN)."""
    if not folder.is_dir():
        return []
    pattern = re.compile(re.escape(pdf.stem) + r"-[0-9]{2,}\.png")
    return sorted(p for p in folder.iterdir() if pattern.fullmatch(p.name))


def preview_pngs(pdf: bytes, stem: str, folder: Path, scale: float = 1.0) -> list[tuple[Path, bytes]]:
    """``(path, PNG bytes)`` of every page of the PDF ``pdf``, each path ``folder/<stem>-NN.png``."""
    import io

    import pypdfium2
    from PIL.PngImagePlugin import PngInfo

    from kitgen.io.files import kitgen_mark

    info = PngInfo()
    info.add_text("Software", kitgen_mark())
    pages = []
    doc = pypdfium2.PdfDocument(pdf)
    try:
        for i in range(len(doc)):
            buffer = io.BytesIO()
            doc[i].render(scale=scale).to_pil().save(buffer, format="PNG", optimize=False, pnginfo=info)
            pages.append((folder / preview_name(stem, i + 1), buffer.getvalue()))
    finally:
        doc.close()
    return pages


class NoSuchPage(InputError):
    """A page number outside the document."""


def page_png(pdf: bytes, page: int, width: int) -> tuple[bytes, int]:
    """Page ``page`` (1-based) of ``pdf`` as PNG bytes ``width`` pixels wide, and the number of pages."""
    import io

    import pypdfium2

    doc = pypdfium2.PdfDocument(pdf)
    try:
        count = len(doc)
        if not 1 <= page <= count:
            raise NoSuchPage(gettext("page {page} of a {count}-page document").format(page=page, count=count))
        chosen = doc[page - 1]
        image = chosen.render(scale=width / chosen.get_width()).to_pil()
        buffer = io.BytesIO()
        image.save(buffer, format="PNG", compress_level=1)
        return buffer.getvalue(), count
    finally:
        doc.close()


def write_previews(pdf: Path, folder: Path, scale: float = 1.0, force: bool = False) -> list[Path]:
    """PNG previews of every page of ``pdf`` (pypdfium2), named ``<stem>-NN.png``, all or none; returns the paths."""
    from kitgen.io.files import all_or_nothing

    with all_or_nothing(force) as batch:
        written = [batch.add(path, data) for path, data in preview_pngs(pdf.read_bytes(), pdf.stem, folder, scale)]
    return written
