"""Issue 17, "Big jobs stream": a PDF written batch by batch (kitgen.io.pdfstream) is a whole, valid PDF whose
pages, bookmarks, document info and viewer preferences are those of its batches, the same bytes every time."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from kitgen.io.files import written_by_kitgen
from kitgen.io.pdf import canvas_bytes
from kitgen.io.pdfstream import stream_pdf


def _batch(first: int, pages: int) -> bytes:
    def draw(c) -> None:
        for k in range(first, first + pages):
            c.drawString(72, 720, f"page {k + 1}")
            c.bookmarkPage(f"p{k}")
            c.addOutlineEntry(f"bookmark {k + 1}", f"p{k}", level=0)
            c.showPage()

    return canvas_bytes(draw, title="streamed", subject="three batches")


def _streamed() -> bytes:
    out = io.BytesIO()
    stream_pdf(out, (_batch(first, pages) for first, pages in ((0, 3), (3, 2), (5, 4))))
    return out.getvalue()


def test_the_pages_of_every_batch_come_in_order_with_their_bookmarks():
    reader = PdfReader(io.BytesIO(_streamed()), strict=True)
    assert [page.extract_text().strip() for page in reader.pages] == [f"page {k}" for k in range(1, 10)]
    assert [(item.title, reader.get_destination_page_number(item)) for item in reader.outline] == \
        [(f"bookmark {k + 1}", k) for k in range(9)]


def test_the_document_keeps_the_first_batch_s_info_and_is_known_as_kitgen_s(tmp_path):
    data = _streamed()
    reader = PdfReader(io.BytesIO(data))
    assert reader.metadata["/Title"] == "streamed"
    assert reader.metadata["/Producer"].startswith("kitgen ")
    (tmp_path / "s.pdf").write_bytes(data)
    assert written_by_kitgen(tmp_path / "s.pdf")


def test_the_same_batches_give_the_same_bytes():
    assert _streamed() == _streamed()


def test_poppler_reads_it_without_a_complaint(tmp_path):
    import shutil
    import subprocess

    if shutil.which("pdfinfo") is None:
        pytest.skip("poppler-utils not installed")
    (tmp_path / "s.pdf").write_bytes(_streamed())
    done = subprocess.run(["pdfinfo", tmp_path / "s.pdf"], capture_output=True, text=True, check=True)
    assert "Pages:           9" in done.stdout and done.stderr == ""
