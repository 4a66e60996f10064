"""A link printed on every page where the page is blank (kitgen/io/stamp.py; docs/web.md, "Class sessions")."""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path

import pytest

from kitgen import api
from kitgen.core.errors import InputError
from kitgen.io.stamp import EDGE_MM, Link, stamp_link

URL = "HTTP://192.168.100.200:8000/S/ABCDEFGHIJKLMNOP"
LINK = Link(URL, "Check your sheet on a phone:")


@pytest.fixture(scope="module")
def sheets() -> bytes:
    return api.copies(api.render("wordsearch", "sheet", seed=7), 3)


def _pixels(pdf: bytes, page: int, dpi: int) -> tuple[int, int, bytes]:
    import pypdfium2

    bitmap = pypdfium2.PdfDocument(pdf)[page].render(scale=dpi / 72, grayscale=True)
    image = bitmap.to_pil().convert("L")
    return image.size[0], image.size[1], image.tobytes()


def test_every_page_gets_the_link_and_nothing_printed_is_covered(sheets: bytes) -> None:
    stamped = stamp_link(sheets, LINK)
    from pypdf import PdfReader

    assert len(PdfReader(io.BytesIO(stamped)).pages) == 3
    for page in range(3):
        width, height, before = _pixels(sheets, page, 50)
        _, _, after = _pixels(stamped, page, 50)
        changed = [i for i, (a, b) in enumerate(zip(before, after, strict=True)) if a != b]
        assert changed, f"page {page + 1} has no link"
        assert all(before[i] > 235 for i in changed), "the link was printed over something on the page"
        edge = EDGE_MM * 50 / 25.4 - 1
        xs, ys = [i % width for i in changed], [i // width for i in changed]
        assert min(xs) >= edge and min(ys) >= edge and max(xs) <= width - edge and max(ys) <= height - edge


def test_the_same_sheets_and_link_give_the_same_bytes(sheets: bytes) -> None:
    assert stamp_link(sheets, LINK) == stamp_link(sheets, LINK)


def test_a_page_with_no_blank_corner_is_refused_by_number() -> None:
    from kitgen.io.pdf import canvas_bytes

    def ink(c: object) -> None:
        c.rect(0, 0, 600, 900, fill=1)  # type: ignore[attr-defined]

    with pytest.raises(InputError, match="page 1 has no blank corner"):
        stamp_link(canvas_bytes(ink), LINK)


@pytest.mark.skipif(shutil.which("zbarimg") is None, reason="zbar: no zbarimg (.ci/run installs zbar-tools)")
def test_a_phone_reads_the_printed_code(sheets: bytes, tmp_path: Path) -> None:
    import pypdfium2

    png = tmp_path / "page-2.png"
    pypdfium2.PdfDocument(stamp_link(sheets, LINK))[1].render(scale=150 / 72).to_pil().save(png)
    found = subprocess.run(["zbarimg", "-q", "--raw", str(png)], capture_output=True, text=True)
    assert found.stdout.strip() == URL
