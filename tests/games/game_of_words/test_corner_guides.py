"""``kitgen deck --corner-guides`` (issue 32, print-and-play conventions: "no rounded-corner guides"): a thin grey
quarter circle of 1/8 in radius in each corner of every card face and back, tangent to the trim's two edges."""

from __future__ import annotations

from pathlib import Path

import pytest
from pdflayout import card_trims
from pdfpaths import page_paths

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


@pytest.mark.parametrize("args", [(), ("--gutterfold", "--bleed", "2"), ("--size", "tarot", "--paper", "a3")])
def test_every_card_has_a_guide_in_each_corner(invoke, tmp_path: Path, args) -> None:
    out = tmp_path / "d.pdf"
    assert invoke("deck", "--corner-guides", *args, "--out", out).exit_code == 0
    for page in (0, 1):
        trims, arcs = card_trims(out, page), _arcs(out, page)
        assert trims and len(arcs) == 4 * len(trims)
        corners = {(round(x, 1), round(y, 1)) for x0, y0, x1, y1 in trims for x in (x0, x1) for y in (y0, y1)}
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


@pytest.mark.parametrize("args", [(), ("--paper", "letter"), ("--bleed", "3", "--paper", "a5", "--size", "mini"),
                                  ("--bleed", "2", "--registration", "--paper", "a3"), ("--paper", "tabloid",
                                                                                        "--duplex")])
def test_the_cut_file_cuts_the_corners_round_along_the_guides(invoke, tmp_path: Path, args) -> None:
    """With --corner-guides a cutting machine rounds the corners too: each card's four corners are cut along a
    quarter circle of the guides' radius, tangent to its edges (a card with a bleed one closed rounded outline;
    abutting cards their shared square lines once and each corner's arc from edge to edge), and the cut layer
    still has no open end and no line cut twice. The DXF is the SVG's."""
    from test_cut_dxf import dxf_layers
    from test_cut_svg import cut_problems, svg_layers

    out = tmp_path / "x.pdf"
    r = invoke("deck", "--corner-guides", *args, "--cut-svg", "--cut-dxf", "--out", out)
    assert r.exit_code == 0, r.output
    svgs = sorted(tmp_path.glob("x-cut-p*.svg"))
    assert svgs
    for svg in svgs:
        _, layers, _ = svg_layers(svg)
        cut = layers["cut"]
        assert not cut_problems(cut), cut_problems(cut)[:5]
        dxf = dxf_layers(svg.with_suffix(".dxf"))[1]["cut"]
        assert len(dxf) == len(cut) and all(len(a) == len(b) and all(abs(p[0] - q[0]) < 0.01 * MM and abs(p[1] - q[1])
                                                                     < 0.01 * MM for p, q in zip(a, b, strict=True))
                                            for a, b in zip(dxf, cut, strict=True))
        trims = card_trims(out, int(svg.stem.rsplit("-p", 1)[1]) - 1)
        centres = [(cx, cy) for x0, y0, x1, y1 in trims for cx in (x0 + RADIUS, x1 - RADIUS)
                   for cy in (y0 + RADIUS, y1 - RADIUS)]
        # every point of the cut off the cards' straight edges is on a corner's quarter circle
        curved = [p for path in cut for p in path
                  if not any(abs(p[0] - v) < 0.05 for x0, _, x1, _ in trims for v in (x0, x1))
                  and not any(abs(p[1] - v) < 0.05 for _, y0, _, y1 in trims for v in (y0, y1))]
        assert len(curved) >= 7 * 4 * len(trims)  # seven inner points a corner (eight pieces an arc)
        for px, py in curved:
            assert min(abs(((px - cx) ** 2 + (py - cy) ** 2) ** 0.5 - RADIUS) for cx, cy in centres) < 0.05
        # and no square corner is left: no point of the cut is a trim's corner unless cards abut there
        if "--bleed" in args:
            corners = {(round(x, 1), round(y, 1)) for x0, y0, x1, y1 in trims for x in (x0, x1) for y in (y0, y1)}
            assert not corners & {(round(px, 1), round(py, 1)) for path in cut for px, py in path}
            assert len(cut) == len(trims) and all(path[0] == path[-1] for path in cut)


def test_without_guides_the_cut_corners_stay_square(invoke, tmp_path: Path) -> None:
    from test_cut_svg import svg_layers

    assert invoke("deck", "--cut-svg", "--out", tmp_path / "x.pdf").exit_code == 0
    _, layers, _ = svg_layers(tmp_path / "x-cut-p1.svg")
    assert all(p[0] == q[0] or p[1] == q[1] for path in layers["cut"] for p, q in zip(path, path[1:], strict=False))


def _rendered(data: bytes, layer_off: bool = False):
    """Page 1 as pixels (pdfium, which honours optional content), the corner guides' layer switched off if asked."""
    import io

    import pypdfium2
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import NameObject

    if layer_off:
        writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
        shown = writer._root_object["/OCProperties"]["/D"]
        shown[NameObject("/OFF")] = shown.pop("/ON")
        out = io.BytesIO()
        writer.write(out)
        data = out.getvalue()
    doc = pypdfium2.PdfDocument(data)
    try:
        return doc[0].render(scale=1).to_numpy()
    finally:
        doc.close()


@pytest.mark.parametrize("args", [(), ("--gutterfold",)])
def test_the_guides_are_a_layer_a_print_shop_can_switch_off(invoke, tmp_path: Path, args) -> None:
    """Issue 32 (optional): the corner guides are drawn in a PDF layer of their own (optional content), named in
    the text language, on by default: switched off (in a viewer's or a RIP's layers panel), the page prints exactly
    as a deck without guides. Nothing else is in the layer, and the deck stays byte-identical run to run."""
    from pypdf import PdfReader

    paths = [tmp_path / "guides.pdf", tmp_path / "again.pdf", tmp_path / "plain.pdf"]
    for path, extra in zip(paths, (("--corner-guides",), ("--corner-guides",), ()), strict=True):
        assert invoke("deck", *args, *extra, "--out", path).exit_code == 0
    guides, plain = paths[0].read_bytes(), paths[2].read_bytes()
    assert guides == paths[1].read_bytes()
    layers = PdfReader(paths[0]).trailer["/Root"]["/OCProperties"]
    assert [str(g.get_object()["/Name"]) for g in layers["/OCGs"]] == ["Corner guides"]
    assert (_rendered(guides) != _rendered(plain)).any()
    assert (_rendered(guides, layer_off=True) == _rendered(plain)).all()
    assert "/OCProperties" not in PdfReader(paths[2]).trailer["/Root"]  # no layer without guides
    french = tmp_path / "fr.pdf"
    assert invoke("deck", *args, "--corner-guides", "--text-lang", "fr", "--out", french).exit_code == 0
    assert str(PdfReader(french).trailer["/Root"]["/OCProperties"]["/OCGs"][0].get_object()["/Name"]) != \
        "Corner guides"
