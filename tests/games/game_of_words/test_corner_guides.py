"""``kitgen deck --corner-guides`` (issue 32, print-and-play conventions: "no rounded-corner guides"): a thin grey
quarter circle of 1/8 in radius in each corner of every card face and back, tangent to the trim's two edges."""

from __future__ import annotations

from pathlib import Path

import pytest
from pdfpaths import page_paths
from pypdf import PdfReader

from kitgen.io.pdf import MM

BEZIER = 1
"""pdfium's FPDF_SEGMENT_BEZIERTO."""
RADIUS = 25.4 / 8 * MM


def _arcs(pdf: Path, page: int) -> list[list[tuple[float, float]]]:
    """The points of every stroked curve on the page no larger than a corner guide (a card's own rounded frame,
    in its form, is most of the card)."""
    out = []
    for _, stroked, _, points in page_paths(str(pdf), page):
        xs, ys = [x for _, x, _ in points], [y for _, _, y in points]
        if stroked and any(kind == BEZIER for kind, _, _ in points) and max(max(xs) - min(xs),
                                                                              max(ys) - min(ys)) < 2 * RADIUS:
            out.append([(x, y) for _, x, y in points])
    return out


def _trims(pdf: Path, page: int) -> list[tuple[float, float, float, float]]:
    """Each card's trim on the page: its TrimBox cut into the cards drawn (their forms' origins and size)."""
    import re

    p = PdfReader(pdf).pages[page]
    data = p.get_contents().get_data().decode("latin-1")
    forms = p["/Resources"].get("/XObject", {})
    out = []
    for x, y, name in re.findall(r"1 0 0 1 (-?[\d.]+) (-?[\d.]+) cm\s*/(FormXob\.\S+) Do", data):
        x0, y0, x1, y1 = (float(v) for v in forms[f"/{name}"].get_object()["/BBox"])
        out.append((float(x), float(y), x1 - x0, y1 - y0))
    return out


@pytest.mark.parametrize("args", [(), ("--gutterfold", "--bleed", "2"), ("--size", "tarot", "--paper", "a3")])
def test_every_card_has_a_guide_in_each_corner(invoke, tmp_path: Path, args) -> None:
    out = tmp_path / "d.pdf"
    assert invoke("deck", "--corner-guides", *args, "--out", out).exit_code == 0
    for page in (0, 1):
        trims, arcs = _trims(out, page), _arcs(out, page)
        assert trims and len(arcs) == 4 * len(trims)
        corners = {(round(x + dx, 1), round(y + dy, 1)) for x, y, w, h in trims for dx in (0, w) for dy in (0, h)}
        for points in arcs:
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            assert max(xs) - min(xs) == pytest.approx(RADIUS, abs=0.2)
            assert max(ys) - min(ys) == pytest.approx(RADIUS, abs=0.2)
            # its two ends lie on the trim's edges, a radius from the corner it rounds
            box = {(round(cx, 1), round(cy, 1)) for cx in (min(xs), max(xs)) for cy in (min(ys), max(ys))}
            assert box & corners


def test_no_guides_unless_asked(invoke, tmp_path: Path) -> None:
    out = tmp_path / "d.pdf"
    assert invoke("deck", "--out", out).exit_code == 0
    assert _arcs(out, 0) == [] and "corners" not in out.name
    assert invoke("deck", "--corner-guides", "--out", tmp_path).exit_code == 0
    assert (tmp_path / "deck-whitman-1938-poker-a4-corners.pdf").exists()
