"""Print-then-cut (issue 32): `kitgen deck --registration` prints Silhouette-style registration marks on every page
of faces, lays the cards out inside them, prints nothing else in their band, and the cut files carry the same marks
on a layer of their own (kitgen/io/registration.py)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from kitgen.games.game_of_words.render.deck import sheet_for
from kitgen.io.pdf import MM, Paper
from kitgen.io.registration import (
    CLEAR,
    INSET,
    LENGTH,
    SQUARE,
    THICKNESS,
    clear_of_marks,
    content_margin,
    registration_outlines,
    square_box,
)

SVG = "{http://www.w3.org/2000/svg}"
INKSCAPE = "{http://www.inkscape.org/namespaces/inkscape}"


def _pixels(pdf: Path, page: int) -> tuple[list[list[bool]], float]:
    """Which pixels of a page (rendered at 4 px a mm, row 0 at the top) are dark, and the scale (px a point)."""
    document = pdfium.PdfDocument(str(pdf))
    scale = 4 / MM
    image = document[page].render(scale=scale).to_pil().convert("L")
    width, height = image.size
    data = image.tobytes()
    return [[data[y * width + x] < 128 for x in range(width)] for y in range(height)], scale


def _dark(grid: list[list[bool]], scale: float, box: tuple[float, float, float, float], height: float) -> float:
    """The share of dark pixels in ``box`` (points, y up)."""
    x0, y0, x1, y1 = (round(v * scale) for v in (box[0], height - box[3], box[2], height - box[1]))
    cells = [grid[y][x] for y in range(y0, y1) for x in range(x0, x1)]
    return sum(cells) / max(1, len(cells))


@pytest.mark.parametrize("paper", list(Paper))
@pytest.mark.parametrize("size, bleed", [("poker", 0.0), ("poker", 3.0), ("bridge", 0.0), ("bridge", 3.0)])
def test_the_cards_are_laid_out_inside_the_marks_on_every_paper(paper: Paper, size: str, bleed: float) -> None:
    sheet = sheet_for(paper, size, bleed, registration=True)
    assert sheet.registration and sheet.per_page >= 2
    x0, y0, x1, y1 = sheet.block()
    b = sheet.bleed
    assert clear_of_marks((x0 - b, y0 - b, x1 + b, y1 + b), sheet.page)
    assert not clear_of_marks((x0 - b, y0 - b, x1 + b, y1 + b), (x1 + b + 5 * MM, y1 + b + 5 * MM))  # can fail


def test_the_check_refuses_the_band_the_square_and_the_corner_boxes() -> None:
    from kitgen.io.registration import corner_reach

    page = (210 * MM, 297 * MM)
    reach = corner_reach() + 1
    assert clear_of_marks((reach, reach, page[0] - reach, page[1] - reach), page)
    inside = content_margin() + 1
    assert clear_of_marks((reach, inside, page[0] - reach, page[1] - inside - SQUARE - CLEAR), page)  # a tall box
    assert not clear_of_marks((INSET, reach, 100, 100), page)  # in the marks' band
    s0, t0, s1, t1 = square_box(page)
    assert not clear_of_marks((s1 + 1, t0 - 1, s1 + 50, t0 + 1), page)  # too near the square
    assert not clear_of_marks((inside, inside, 100, 100), page)  # in the bottom-left corner mark's box
    assert not clear_of_marks((150, 700, page[0] - inside, page[1] - inside), page)  # in the top-right one


def test_faces_pages_carry_the_marks_and_nothing_else_in_their_band(invoke, tmp_path: Path) -> None:
    out = tmp_path / "d.pdf"
    assert invoke("deck", "--registration", "--duplex", "--out", str(out)).exit_code == 0
    sheet = sheet_for(Paper.a4, "poker", registration=True)
    width, height = sheet.page
    for page, faces in ((0, True), (1, False)):  # a page of faces, then its backs
        grid, scale = _pixels(out, page)
        assert _dark(grid, scale, square_box(sheet.page), height) > (0.9 if faces else -1)
        if not faces:
            assert _dark(grid, scale, square_box(sheet.page), height) == 0  # no marks behind the faces
            continue
        half = THICKNESS / 2
        arm = (width - INSET - LENGTH + 1, height - INSET - THICKNESS + half / 2, width - INSET - 1, height - INSET)
        assert _dark(grid, scale, arm, height) > 0.9  # the top-right corner mark's arm
        band = content_margin()
        marks = [square_box(sheet.page),
                 (width - INSET - LENGTH - 1, height - INSET - LENGTH - 1, width - INSET + 1, height - INSET + 1),
                 (INSET - 1, INSET - 1, INSET + LENGTH + 1, INSET + LENGTH + 1)]
        for y in range(len(grid)):
            for x in range(len(grid[0])):
                px, py = x / scale, height - y / scale
                in_band = px < band - 1 or py < band - 1 or px > width - band + 1 or py > height - band + 1
                in_mark = any(m[0] <= px <= m[2] and m[1] <= py <= m[3] for m in marks)
                assert not (grid[y][x] and in_band and not in_mark), (px / MM, py / MM)  # no crop marks, no note


def test_the_cut_file_has_the_marks_on_a_layer_never_cut(invoke, tmp_path: Path) -> None:
    out = tmp_path / "d.pdf"
    assert invoke("deck", "--registration", "--cut-svg", "--paper", "letter", "--out", str(out)).exit_code == 0
    svgs = sorted(tmp_path.glob("d-cut-p*.svg"))
    assert svgs
    sheet = sheet_for(Paper.letter, "poker", registration=True)
    want = {tuple((round(x / MM, 2), round(y / MM, 2)) for x, y in stroke)
            for stroke in registration_outlines(sheet.page)}
    for svg in svgs:
        root = ET.parse(svg).getroot()
        height = float(root.get("height", "").removesuffix("mm"))
        layers = {g.get(f"{INKSCAPE}label"): g for g in root.iter(f"{SVG}g")}
        assert set(layers) == {"cut", "fold", "registration"}
        got = set()
        for path in layers["registration"].iter(f"{SVG}path"):
            d = path.get("d", "")
            points = [(round(float(x), 2), round(height - float(y), 2)) for x, y in re.findall(r"([\d.]+),([\d.]+)", d)]
            if d.endswith("Z"):
                points.append(points[0])
            got.add(tuple(points))
        assert got == want
    plain = tmp_path / "plain.pdf"
    assert invoke("deck", "--cut-svg", "--paper", "letter", "--out", str(plain)).exit_code == 0
    assert "registration" not in next(tmp_path.glob("plain-cut-p*.svg")).read_text()


def test_the_file_name_says_so_and_the_default_deck_is_unchanged(invoke, tmp_path: Path) -> None:
    assert invoke("deck", "--registration", "--out", f"{tmp_path}/").exit_code == 0
    assert [p.name for p in tmp_path.glob("*.pdf")] == ["deck-whitman-1938-poker-a4-registration.pdf"]
    assert sheet_for(Paper.a4).per_page == 9 and not sheet_for(Paper.a4).registration


@pytest.mark.parametrize("form", ["cubes", "tiles"])
def test_brick_pages_carry_the_marks_with_everything_inside_them(invoke, tmp_path: Path, form: str) -> None:
    """`kitgen bricks --registration`: every page of nets or tiles has the marks, and nothing else is printed
    outside the corner marks' reach from the edges; the score pad after them has none; the cut files have the
    marks' layer."""
    from kitgen.io.registration import corner_reach

    out = tmp_path / "b.pdf"
    assert invoke("bricks", "--form", form, "--registration", "--cut-svg", "--out", str(out)).exit_code == 0
    document = pdfium.PdfDocument(str(out))
    pages = len(document)
    width, height = Paper.a4.size
    reach = corner_reach()
    marks = [square_box(Paper.a4.size),
             (width - INSET - LENGTH - 1, height - INSET - LENGTH - 1, width - INSET + 1, height - INSET + 1),
             (INSET - 1, INSET - 1, INSET + LENGTH + 1, INSET + LENGTH + 1)]
    for page in (0, pages - 1):
        grid, scale = _pixels(out, page)
        pad = page == pages - 1
        assert (_dark(grid, scale, square_box(Paper.a4.size), height) > 0.9) is not pad
        if pad:
            continue
        for y in range(0, len(grid), 2):
            for x in range(0, len(grid[0]), 2):
                px, py = x / scale, height - y / scale
                outside = px < reach - 1 or py < reach - 1 or px > width - reach + 1 or py > height - reach + 1
                in_mark = any(m[0] <= px <= m[2] and m[1] <= py <= m[3] for m in marks)
                assert not (grid[y][x] and outside and not in_mark), (form, px / MM, py / MM)
    svgs = sorted(tmp_path.glob("b-cut-p*.svg"))
    assert svgs and all('id="registration"' in svg.read_text() for svg in svgs)
    plain = tmp_path / "plain.pdf"
    assert invoke("bricks", "--form", form, "--out", str(plain)).exit_code == 0
    assert len(pdfium.PdfDocument(str(plain))) < pages  # more a page without the marks
