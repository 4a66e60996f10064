"""Optional content (PDF layers, ISO 32000-1 8.11): marks a print shop may hide or leave out of the print, such as
the deck's corner guides, drawn in a layer of their own that a viewer's or a RIP's layers panel names and switches
off. reportlab draws the marked content (``in_layer``); ``with_layer`` then declares the layer in the PDF."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


@contextmanager
def in_layer(c: Canvas, tag: str) -> Iterator[None]:
    """What the block draws on ``c`` is marked content of the layer ``tag`` (a PDF name: letters only), inside its
    own graphics state (``q`` ... ``Q``, the marked content nested in it)."""
    c.saveState()
    c.addLiteral(f"/OC /{tag} BDC")
    try:
        yield
    finally:
        c.addLiteral("EMC")
        c.restoreState()


def with_layer(data: bytes, tag: str, name: str) -> bytes:
    """``data`` (a PDF) with the layer ``tag`` declared: one optional content group named ``name`` (what a layers
    panel shows), on by default and listed, and each page that draws in it (``in_layer``) naming it in its
    resources. Pages and everything else are kept as they are; the same bytes give the same bytes."""
    import io

    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import ArrayObject, DictionaryObject, NameObject, TextStringObject

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    group = writer._add_object(DictionaryObject({NameObject("/Type"): NameObject("/OCG"),
                                                 NameObject("/Name"): TextStringObject(name)}))
    marker = f"/OC /{tag} BDC".encode()
    for page in writer.pages:
        if marker not in page.get_contents().get_data():  # type: ignore[union-attr]
            continue
        resources = page["/Resources"].get_object()
        assert isinstance(resources, DictionaryObject)  # reportlab gives every page its resources
        properties = resources.setdefault(NameObject("/Properties"), DictionaryObject()).get_object()
        assert isinstance(properties, DictionaryObject)
        properties[NameObject(f"/{tag}")] = group
    writer._root_object[NameObject("/OCProperties")] = DictionaryObject({
        NameObject("/OCGs"): ArrayObject([group]),
        NameObject("/D"): DictionaryObject({NameObject("/ON"): ArrayObject([group]),
                                            NameObject("/Order"): ArrayObject([group])})})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
