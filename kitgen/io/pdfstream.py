"""Writing a long PDF as it is made, in bounded memory (issue 17, "Big jobs stream").

reportlab keeps every page of a canvas until it saves, so a thousand-page PDF
drawn on one canvas holds a thousand pages. ``PageStream`` instead takes the
pages a few at a time, each batch a small PDF drawn on its own canvas, and
writes their objects to the output file at once: only the current batch, the
list of page numbers and the bookmark titles stay in memory, however many pages
there are. Objects are renumbered as they are copied; the page tree, the
bookmarks, the catalogue (with the first batch's viewer preferences, language
and page mode) and the document info (the first batch's: kitgen's ``/Producer``
mark included) are written at the end, with the cross-reference table and a
document ID digested from the bytes written, so the same pages give the same
file.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, BinaryIO

if TYPE_CHECKING:
    from pypdf import PdfReader
    from pypdf.generic import IndirectObject, PdfObject

HEADER = b"%PDF-1.4\n%\x93\x8c\x8b\x9e kitgen\n"
CATALOG_KEPT = ("/ViewerPreferences", "/Lang", "/PageMode", "/PageLayout", "/MarkInfo")
"""What the catalogue keeps from the first batch (the rest, pages and bookmarks, is the stream's own)."""


class PageStream:
    """A PDF written to ``out`` batch by batch: ``add(pdf_bytes)`` for each batch of pages, then ``close()``."""

    def __init__(self, out: BinaryIO) -> None:
        self.out = out
        self.written = 0
        self.digest = hashlib.md5(usedforsecurity=False)
        self.offsets: list[int] = []
        """Where each object starts (object k at ``offsets[k - 1]``)."""
        self.pages = self._reserve()
        self.page_ids: list[int] = []
        self.outline: list[tuple[str, int]] = []
        """Bookmarks: title and the object number of the page they open."""
        self.catalog: dict[str, Any] = {}
        self.info: dict[str, Any] | None = None
        self._write(HEADER)

    def _write(self, data: bytes) -> None:
        self.out.write(data)
        self.digest.update(data)
        self.written += len(data)

    def _reserve(self) -> int:
        self.offsets.append(-1)
        return len(self.offsets)

    def _object(self, number: int, obj: PdfObject) -> None:
        buffer = io.BytesIO()
        obj.write_to_stream(buffer)
        self.offsets[number - 1] = self.written
        self._write(b"%d 0 obj\n%s\nendobj\n" % (number, buffer.getvalue()))

    def add(self, pdf: bytes) -> None:
        """Copy every page of the PDF ``pdf`` (and what the pages use) to the output, and note its bookmarks."""
        from pypdf import PdfReader

        from kitgen.io.subsets import unique_subset_tags

        reader = PdfReader(io.BytesIO(pdf))
        unique_subset_tags(reader.pages)  # every batch tags its subsets alike
        copier = _Copier(self._reserve)
        from pypdf.generic import IndirectObject, NameObject

        first = len(self.page_ids)
        pages = set()
        for page in reader.pages:
            assert page.indirect_reference is not None
            pages.add(page.indirect_reference.idnum)
            self.page_ids.append(copier.ref(page.indirect_reference).idnum)
        while copier.todo:
            old = copier.todo.pop()
            copy = copier.copy(old.get_object(), skip=("/Parent",) if old.idnum in pages else ())
            if old.idnum in pages:  # a page hangs from this stream's page tree
                copy[NameObject("/Parent")] = IndirectObject(self.pages, 0, None)
            self._object(copier.numbers[old.idnum], copy)
        self.outline += [(title, self.page_ids[first + index]) for title, index in _bookmarks(reader)]
        if self.info is None:
            self._keep_document_data(reader)

    def _keep_document_data(self, reader: PdfReader) -> None:
        """The first batch's document info and catalogue preferences (plain values, no references)."""
        info = reader.trailer.get("/Info")
        self.info = dict(info.get_object()) if info is not None else {}
        root: Any = reader.trailer["/Root"].get_object()
        self.catalog = {key: _plain(root[key]) for key in CATALOG_KEPT if key in root}

    def close(self) -> None:
        """Write the page tree, the bookmarks, the catalogue, the info and the cross-reference table."""
        from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject, NameObject, NumberObject

        kids = ArrayObject(IndirectObject(n, 0, None) for n in self.page_ids)
        self._object(self.pages, DictionaryObject({NameObject("/Type"): NameObject("/Pages"),
                                                    NameObject("/Kids"): kids,
                                                    NameObject("/Count"): NumberObject(len(self.page_ids))}))
        catalog = DictionaryObject({NameObject("/Type"): NameObject("/Catalog"),
                                    NameObject("/Pages"): IndirectObject(self.pages, 0, None)})
        catalog.update({NameObject(k): v for k, v in self.catalog.items()})
        if self.outline:
            catalog[NameObject("/Outlines")] = IndirectObject(self._write_outline(), 0, None)
        root = self._reserve()
        self._object(root, catalog)
        info = self._reserve()
        self._object(info, DictionaryObject({NameObject(k): v for k, v in (self.info or {}).items()}))
        self._trailer(root, info)

    def _write_outline(self) -> int:
        """The bookmarks, one level, in order: each opens its page, fitted to the window."""
        from pypdf.generic import (
            ArrayObject,
            DictionaryObject,
            IndirectObject,
            NameObject,
            NumberObject,
            TextStringObject,
        )

        top = self._reserve()
        items = [self._reserve() for _ in self.outline]
        for k, ((title, page), number) in enumerate(zip(self.outline, items, strict=True)):
            item = DictionaryObject({
                NameObject("/Title"): TextStringObject(title), NameObject("/Parent"): IndirectObject(top, 0, None),
                NameObject("/Dest"): ArrayObject([IndirectObject(page, 0, None), NameObject("/Fit")])})
            if k:
                item[NameObject("/Prev")] = IndirectObject(items[k - 1], 0, None)
            if k + 1 < len(items):
                item[NameObject("/Next")] = IndirectObject(items[k + 1], 0, None)
            self._object(number, item)
        self._object(top, DictionaryObject({
            NameObject("/Type"): NameObject("/Outlines"), NameObject("/Count"): NumberObject(len(items)),
            NameObject("/First"): IndirectObject(items[0], 0, None),
            NameObject("/Last"): IndirectObject(items[-1], 0, None)}))
        return top

    def _trailer(self, root: int, info: int) -> None:
        xref = self.written
        ident = self.digest.hexdigest()
        lines = [b"xref\n0 %d\n0000000000 65535 f \n" % (len(self.offsets) + 1)]
        lines += [b"%010d 00000 n \n" % offset for offset in self.offsets]
        lines.append(b"trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R /ID [<%s> <%s>] >>\nstartxref\n%d\n%%%%EOF\n"
                     % (len(self.offsets) + 1, root, info, ident.encode(), ident.encode(), xref))
        self._write(b"".join(lines))


class _Copier:
    """Copies objects of one batch, giving each referenced object a number in the output as it is met."""

    def __init__(self, reserve: Callable[[], int]) -> None:
        self.reserve = reserve
        self.numbers: dict[int, int] = {}
        self.todo: list[IndirectObject] = []

    def ref(self, old: IndirectObject) -> IndirectObject:
        from pypdf.generic import IndirectObject

        if old.idnum not in self.numbers:
            self.numbers[old.idnum] = self.reserve()
            self.todo.append(old)
        return IndirectObject(self.numbers[old.idnum], 0, None)

    def copy(self, obj: Any, skip: tuple[str, ...] = ()) -> Any:
        """``obj`` with every reference renumbered (a stream keeps its encoded bytes as they are)."""
        from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject, StreamObject

        if isinstance(obj, IndirectObject):
            return self.ref(obj)
        if isinstance(obj, StreamObject):
            stream = type(obj)()
            stream._data = obj._data
            stream.update({k: self.copy(v) for k, v in obj.items() if k not in skip and k != "/Length"})
            return stream
        if isinstance(obj, DictionaryObject):
            return DictionaryObject({k: self.copy(v) for k, v in obj.items() if k not in skip})
        if isinstance(obj, ArrayObject):
            return ArrayObject(self.copy(v) for v in obj)
        return obj


def _plain(value: Any) -> Any:
    """A catalogue value with references resolved (viewer preferences are small dictionaries)."""
    from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject

    if isinstance(value, IndirectObject):
        return _plain(value.get_object())
    if isinstance(value, DictionaryObject):
        return DictionaryObject({k: _plain(v) for k, v in value.items()})
    if isinstance(value, ArrayObject):
        return ArrayObject(_plain(v) for v in value)
    return value


def _bookmarks(reader: PdfReader) -> list[tuple[str, int]]:
    """The batch's bookmarks (nested ones flattened, in order): title and page index."""
    found: list[tuple[str, int]] = []

    def walk(items: Iterable[Any]) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item)
            else:
                page = reader.get_destination_page_number(item)
                if page is not None and page >= 0:
                    found.append((str(item.title), page))

    walk(reader.outline)
    return found


def stream_pdf(out: BinaryIO, batches: Iterable[bytes]) -> None:
    """Write the PDF made of the pages of every PDF in ``batches`` (each made only when its turn comes)."""
    stream = PageStream(out)
    for pdf in batches:
        stream.add(pdf)
    stream.close()
