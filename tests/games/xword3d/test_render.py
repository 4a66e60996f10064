"""``kitgen bricks``: nets and tiles read back from the PDF (geometry, margins, fonts, determinism)."""

from __future__ import annotations

import ctypes
import io
import re

import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest
from pypdf import PdfReader

from kitgen.games.xword3d.render import FACES, TABS, NetGeometry, kit_components, net_layout, pieces_of
from kitgen.games.xword3d.rules.pieces import piece_set
from kitgen.io.pdf import MM, Paper

TOL = 0.1 * MM
MARGIN = 10 * MM
GREY = (204, 204, 204)  # TAB_GREY in 0..255


def fill_only_paths(page):
    """(bounds, fill rgb) of every path that is filled and not stroked: faces and tabs."""
    out = []
    for obj in page.get_objects(max_depth=5):
        if obj.type != raw.FPDF_PAGEOBJ_PATH:
            continue
        mode, stroke = ctypes.c_int(), ctypes.c_int()
        raw.FPDFPath_GetDrawMode(obj.raw, ctypes.byref(mode), ctypes.byref(stroke))
        if not mode.value or stroke.value:
            continue
        r, g, b, a = (ctypes.c_uint() for _ in range(4))
        raw.FPDFPageObj_GetFillColor(obj.raw, r, g, b, a)
        out.append((obj.get_bounds(), (r.value, g.value, b.value)))
    return out


def area(a, b):
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0.05 and h > 0.05 else 0.0


def make(invoke, tmp_path, *args):
    out = tmp_path / "bricks.pdf"
    result = invoke("bricks", *args, "--out", out)
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == f"wrote {out}"
    return out


@pytest.mark.parametrize("paper, size, players", [("a4", 25, 2), ("letter", 25, 2), ("a4", 20, 3),
                                                  ("letter", 15, 2)])
def test_net_geometry_read_from_the_pdf(invoke, tmp_path, paper, size, players):
    out = make(invoke, tmp_path, "--players", players, "--paper", paper, "--size", size)
    pdf = pdfium.PdfDocument(str(out))
    s = size * MM
    nets = faces_total = 0
    pw, ph = Paper(paper).size
    for i in range(len(pdf) - 1):  # the last page is the score pad
        page = pdf[i]
        paths = fill_only_paths(page)
        faces = [b for b, rgb in paths if rgb != GREY]
        tabs = [b for b, rgb in paths if rgb == GREY]
        assert len(faces) % 6 == 0 and len(tabs) == 7 * len(faces) // 6
        for b in faces:  # every face the stated size
            assert abs((b[2] - b[0]) - s) <= TOL and abs((b[3] - b[1]) - s) <= TOL
        for k, f in enumerate(faces):  # faces never overlap, tabs never overlap a face or another tab
            assert all(area(f, g) == 0 for g in faces[k + 1:])
            assert all(area(f, t) == 0 for t in tabs)
        for k, t in enumerate(tabs):
            assert all(area(t, u) == 0 for u in tabs[k + 1:])
        for obj in page.get_objects(max_depth=5):  # nothing within 10 mm of the paper's edge
            x0, y0, x1, y1 = obj.get_bounds()
            assert x0 >= MARGIN - 1 and y0 >= MARGIN - 1 and x1 <= pw - MARGIN + 1 and y1 <= ph - MARGIN + 1
        faces_total += len(faces)
        nets += len(faces) // 6
    assert nets == len(pieces_of(piece_set(players)))
    for obj in pdf[len(pdf) - 1].get_objects(max_depth=5):  # the score pad keeps the margin too
        x0, y0, x1, y1 = obj.get_bounds()
        assert x0 >= MARGIN - 1 and y0 >= MARGIN - 1 and x1 <= pw - MARGIN + 1 and y1 <= ph - MARGIN + 1


def test_the_seven_tabs_close_the_seven_seams():
    """Folded, the cross closes along 7 seams; each seam has one tab and one free (cut) edge."""
    seams = [(("back", "right"), ("left", "left")), (("left", "top"), ("top", "left")),
             (("right", "top"), ("top", "right")), (("back", "top"), ("top", "top")),
             (("left", "bottom"), ("bottom", "left")), (("right", "bottom"), ("bottom", "right")),
             (("back", "bottom"), ("bottom", "bottom"))]
    assert sorted(t for t, _ in seams) == sorted(TABS)
    cells = set(FACES.values())
    step = {"top": (0, 1), "bottom": (0, -1), "left": (-1, 0), "right": (1, 0)}
    for tab_edge, free_edge in seams:
        for face, edge in (tab_edge, free_edge):  # both edges of a seam are on the net's outline
            col, row = FACES[face]
            dx, dy = step[edge]
            assert (col + dx, row + dy) not in cells
        assert free_edge not in TABS
    # the band: left, front, right, back side by side; top above the front, bottom below it
    assert [FACES[k] for k in ("left", "front", "right", "back")] == [(0, 1), (1, 1), (2, 1), (3, 1)]
    assert FACES["top"] == (1, 2) and FACES["bottom"] == (1, 0)
    net = NetGeometry(25 * MM)
    for face, edge in TABS:  # trapezoids: base on the edge, narrower outer side, depth 0.24 of the edge
        pts = net.tab(face, edge)
        base = abs(pts[0][0] - pts[1][0]) + abs(pts[0][1] - pts[1][1])
        top = abs(pts[2][0] - pts[3][0]) + abs(pts[2][1] - pts[3][1])
        assert base == pytest.approx(net.s) and 0 < top < base


def test_letters_upright_on_every_face_of_a_net(invoke, tmp_path):
    """Every letter on a page is drawn in its net's orientation (so the folded brick reads upright)."""
    out = make(invoke, tmp_path, "--players", "2", "--paper", "letter", "--size", "20")
    pdf = pdfium.PdfDocument(str(out))
    page = pdf[0]
    mats = set()
    for obj in page.get_objects(max_depth=5):
        if obj.type == raw.FPDF_PAGEOBJ_TEXT:
            b = obj.get_bounds()
            if b[3] - b[1] > 8 * MM:  # the big letters, not the header or legend
                m = obj.get_matrix().get()
                mats.add(tuple(round(v, 3) for v in m[:4]))
    assert len(mats) == 1
    layout = net_layout(Paper.letter, 20)
    assert not layout.rotated and mats == {(1.0, 0.0, 0.0, 1.0)}


def test_text_joiners_x_pieces_fonts_and_score_pad(invoke, tmp_path):
    out = make(invoke, tmp_path, "--players", "3")
    reader = PdfReader(str(out))
    text = "\n".join(p.extract_text() for p in reader.pages)
    assert "\u00d73" in text and "\u00d72" in text and "X piece" in text and "red Joiner" in text
    assert "cut" in text and "fold" in text and "glue" in text
    assert all("cut" in p.extract_text() for p in reader.pages[:-1])  # a legend on every page
    assert "score pad" in reader.pages[-1].extract_text()
    for page in reader.pages:
        fonts = page["/Resources"].get("/Font", {})
        for ref in fonts.values():
            font = ref.get_object()
            desc = font["/DescendantFonts"][0].get_object()["/FontDescriptor"] if "/DescendantFonts" in font \
                else font["/FontDescriptor"]
            assert "/FontFile2" in desc.get_object()


def test_tiles_with_crop_marks(invoke, tmp_path):
    out = make(invoke, tmp_path, "--players", "2", "--form", "tiles", "--size", "30", "--paper", "letter")
    pdf = pdfium.PdfDocument(str(out))
    faces = [b for i in range(len(pdf) - 1) for b, rgb in fill_only_paths(pdf[i]) if rgb != GREY]
    assert len(faces) == len(pieces_of(piece_set(2)))
    for b in faces:
        assert abs((b[2] - b[0]) - 30 * MM) <= TOL and abs((b[3] - b[1]) - 30 * MM) <= TOL
    lines = [o.get_bounds() for o in pdf[0].get_objects() if o.type == raw.FPDF_PAGEOBJ_PATH]
    left = min(b[0] for b in faces)
    assert any(b[2] < left for b in lines)  # crop marks outside the block
    pw, ph = Paper.letter.size
    for i in range(len(pdf)):  # crop marks, legend and score pad all keep the 10 mm margin
        for obj in pdf[i].get_objects(max_depth=5):
            x0, y0, x1, y1 = obj.get_bounds()
            assert x0 >= MARGIN - 1 and y0 >= MARGIN - 1 and x1 <= pw - MARGIN + 1 and y1 <= ph - MARGIN + 1


def test_same_options_same_bytes(invoke, tmp_path):
    a = make(invoke, tmp_path, "--players", "2").read_bytes()
    b = make(invoke, tmp_path, "--players", "2").read_bytes()  # replaces its own file
    assert a == b


@pytest.mark.parametrize("args, why", [
    (["--players", "1"], "between 2 and 12"),
    (["--players", "13"], "between 2 and 12"),
    (["--size", "5"], "between 10 and 60"),
    (["--size", "60", "--paper", "letter"], "does not fit"),
])
def test_bad_options_exit_2_and_write_nothing(invoke, tmp_path, args, why):
    out = tmp_path / "x.pdf"
    result = invoke("bricks", *args, "--out", out)
    assert result.exit_code == 2 and why in result.stderr and not out.exists()
    assert not list(tmp_path.iterdir())


def test_spec_option(invoke, tmp_path):
    spec = tmp_path / "big.toml"
    spec.write_text("letters_per_player = 30\n[frequency]\n" + "\n".join(f"{c} = 1" for c in
                                                                      "ABCDEFGHIJKLMNOPQRSTUVWXYZ") + "\n")
    out = make(invoke, tmp_path, "--players", "2", "--form", "tiles", "--spec", spec)
    pdf = pdfium.PdfDocument(str(out))
    faces = [b for i in range(len(pdf) - 1) for b, rgb in fill_only_paths(pdf[i]) if rgb != GREY]
    assert len(faces) == 60 + 2 + 2 + 2


def test_kit_components():
    data = kit_components(Paper.a4, 7, players=2)
    reader = PdfReader(io.BytesIO(data))
    per = len(net_layout(Paper.a4, 25).positions)
    pieces = len(pieces_of(piece_set(2)))
    assert len(reader.pages) == -(-pieces // per) + 1
    assert kit_components(Paper.a4, 7, players=2) == data


def _fold_net() -> dict[str, tuple]:
    """Fold the cross into a unit cube (every fold away from the print); each face's (origin, u, v) in 3-D.

    The front lies in the plane y = 0 facing the viewer (-y), its letter's up along +z. Each neighbour
    turns a quarter turn about the shared edge, into the cube (against the face's outward normal).
    """
    def add(a, b, k=1):
        return tuple(x + k * y for x, y in zip(a, b, strict=True))

    def cross(a, b):
        return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])

    where = {v: k for k, v in FACES.items()}
    frames = {"front": ((0, 0, 0), (1, 0, 0), (0, 0, 1))}
    todo = ["front"]
    while todo:
        name = todo.pop()
        o, u, v = frames[name]
        n = cross(u, v)  # outward: the printed side
        col, row = FACES[name]
        for (dc, dr) in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            nb = where.get((col + dc, row + dr))
            if nb is None or nb in frames:
                continue
            inward = tuple(-x for x in n)
            if dc == 1:
                frames[nb] = (add(o, u), inward, v)
            elif dc == -1:
                frames[nb] = (add(o, inward), n, v)
            elif dr == 1:
                frames[nb] = (add(o, v), u, inward)
            else:
                frames[nb] = (add(o, inward), u, n)
            todo.append(nb)
    return frames


def test_folding_the_net_makes_a_cube_reading_upright():
    """Fold one in code: six distinct faces, seams meet, letters upright on the sides and read from the front on top."""
    frames = _fold_net()

    def cross(a, b):
        return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])

    def point(name, a, b):
        o, u, v = frames[name]
        return tuple(o[i] + a * u[i] + b * v[i] for i in range(3))

    centres = {name: point(name, 0.5, 0.5) for name in FACES}
    assert len(set(centres.values())) == 6
    assert set(centres.values()) == {(0.5, 0, 0.5), (0.5, 1, 0.5), (0, 0.5, 0.5), (1, 0.5, 0.5), (0.5, 0.5, 0),
                                     (0.5, 0.5, 1)}
    normals = {name: cross(f[1], f[2]) for name, f in frames.items()}
    for name in FACES:  # the print faces outwards
        c = centres[name]
        assert all(normals[name][i] * (c[i] - 0.5) >= 0 for i in range(3))
    for side in ("left", "front", "right", "back"):
        assert frames[side][2] == (0, 0, 1)  # letter's up is up: upright on the four sides
    assert normals["top"] == (0, 0, 1) and frames["top"][2] == (0, 1, 0)  # on top, reads from the front
    edge = {"top": ((0, 1), (1, 1)), "bottom": ((0, 0), (1, 0)), "left": ((0, 0), (0, 1)),
            "right": ((1, 0), (1, 1))}
    outline = [(f, e) for f, (c, r) in FACES.items() for e, (dc, dr) in
               {"top": (0, 1), "bottom": (0, -1), "left": (-1, 0), "right": (1, 0)}.items()
               if (c + dc, r + dr) not in FACES.values()]
    assert len(outline) == 14
    for face, e in TABS:  # every tab's edge meets, once folded, exactly one free outline edge: its seam
        ends = {point(face, *p) for p in edge[e]}
        partners = [(f2, e2) for f2, e2 in outline if (f2, e2) != (face, e)
                    and {point(f2, *p) for p in edge[e2]} == ends]
        assert len(partners) == 1 and partners[0] not in TABS


def test_default_and_directory_outputs(invoke, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = invoke("bricks", "--form", "tiles")
    assert result.exit_code == 0 and result.stdout.strip() == "wrote output/3dxword-tiles-2p-25mm-a4.pdf"
    assert (tmp_path / "output" / "3dxword-tiles-2p-25mm-a4.pdf").read_bytes().startswith(b"%PDF")
    result = invoke("bricks", "--players", "3", "--paper", "letter", "--size", "20", "--out", "kits/")
    assert result.exit_code == 0 and (tmp_path / "kits" / "3dxword-cubes-3p-20mm-letter.pdf").is_file()


def _near(rgb, colour) -> bool:
    return all(abs(a - b * 255) <= 1.5 for a, b in zip(rgb, colour, strict=True))


def test_joiners_red_and_blue_x_pieces_yellow_on_every_face(invoke, tmp_path):
    """Every face of a red Joiner is red, of a blue one blue, of an X piece yellow: 6 faces a brick."""
    from kitgen.games.xword3d.render import BLUE, RED, YELLOW

    out = make(invoke, tmp_path, "--players", "3")
    pdf = pdfium.PdfDocument(str(out))
    fills = [rgb for i in range(len(pdf) - 1) for _, rgb in fill_only_paths(pdf[i])]
    s = piece_set(3)
    assert sum(_near(f, RED) for f in fills) == 6 * s.red == 24
    assert sum(_near(f, BLUE) for f in fills) == 6 * s.blue == 24
    assert sum(_near(f, YELLOW) for f in fills) == 6 * s.x_pieces == 18


def test_legend_on_every_page_of_nets_and_tiles(invoke, tmp_path):
    for form in ("cubes", "tiles"):
        out = make(invoke, tmp_path, "--players", "4", "--form", form)
        pages = PdfReader(str(out)).pages
        assert len(pages) > 2
        for page in pages[:-1]:
            text = page.extract_text()
            assert "cut" in text and "Printed at 100%" in text
            if form == "cubes":
                assert "fold (away from the print)" in text and "glue (tabs go inside)" in text


def test_letters_turn_with_the_nets_on_a4(invoke, tmp_path):
    """On A4 at 25 mm the nets run up the page (a quarter turn): every big letter turns with them."""
    layout = net_layout(Paper.a4, 25)
    assert layout.rotated and len(layout.positions) == 6
    out = make(invoke, tmp_path, "--players", "2", "--paper", "a4")
    pdf = pdfium.PdfDocument(str(out))
    mats = set()
    for obj in pdf[0].get_objects(max_depth=5):
        if obj.type == raw.FPDF_PAGEOBJ_TEXT:
            m = obj.get_matrix().get()
            if abs(m[1]) > 0.5:  # turned text: the letters on the faces
                mats.add(tuple(round(v, 3) for v in m[:4]))
    assert mats == {(0.0, 1.0, -1.0, 0.0)}  # a quarter turn anticlockwise, as the nets (canvas.rotate(90))


def test_big_nets_40_mm(invoke, tmp_path):
    """40 mm bricks: two nets a Letter page, faces 40 mm within 0.1 mm, inside the margins."""
    out = make(invoke, tmp_path, "--players", "2", "--paper", "letter", "--size", "40")
    pdf = pdfium.PdfDocument(str(out))
    pw, ph = Paper.letter.size
    page = pdf[0]
    faces = [b for b, rgb in fill_only_paths(page) if rgb != GREY]
    assert len(faces) == 12
    for b in faces:
        assert abs((b[2] - b[0]) - 40 * MM) <= TOL and abs((b[3] - b[1]) - 40 * MM) <= TOL
        assert b[0] >= MARGIN and b[1] >= MARGIN and b[2] <= pw - MARGIN and b[3] <= ph - MARGIN
    assert len(pdf) == -(-len(pieces_of(piece_set(2))) // 2) + 1


def test_score_pad_joiner_boxes(invoke, tmp_path):
    """Two red and two blue boxes a player to tick (seed: at most 2 Joiners of each colour a player)."""
    from kitgen.games.xword3d.render import BLUE, RED

    out = make(invoke, tmp_path, "--players", "3", "--form", "tiles")
    pdf = pdfium.PdfDocument(str(out))
    pad = pdf[len(pdf) - 1]
    text = PdfReader(str(out)).pages[-1].extract_text()
    assert "Joiners" in text and "final" in text and "unused" in text
    boxes = []
    for obj in pad.get_objects(max_depth=5):
        if obj.type != raw.FPDF_PAGEOBJ_PATH:
            continue
        r, g, b, a = (ctypes.c_uint() for _ in range(4))
        raw.FPDFPageObj_GetFillColor(obj.raw, r, g, b, a)
        boxes.append(((r.value, g.value, b.value), obj.get_bounds()))
    reds = [bd for rgb, bd in boxes if _near(rgb, RED)]
    blues = [bd for rgb, bd in boxes if _near(rgb, BLUE)]
    assert len(reds) == len(blues) == 2 * 3
    assert all(3 * MM <= bd[2] - bd[0] <= 4.5 * MM for bd in reds + blues)  # big enough to tick (with stroke)


def test_rules_template_typesets_the_seed_rules():
    """templates/rules/3dxword.html: the seed's rules, its examples, and the claims it makes about the pieces."""
    from kitgen.io.documents import render_document

    data = render_document("rules/3dxword.html", paper=Paper.a4, title="3DXWORD", seed=None)
    reader = PdfReader(io.BytesIO(data))
    text = " ".join(" ".join(p.extract_text().split()) for p in reader.pages)
    text = re.sub(r"(?<=\w)- (?=\w)", "-", text)  # a compound broken at its hyphen at a column's line end
    for part in ("BRANDS) scores 6", "BRANDED) scores 7", "TOY across and OY down", "8 pieces", "nearest to X",
                 "4 words have been played", "every player has had a turn", "right-angle or T-shaped turn",
                 "more than 2 Joiners of each colour", "double", "kitgen does not model it",
                 "one point for each letter",
                 "two less than double the number of players"):
        assert part in text, part
    assert "one each of J, Q, X, Z" in text  # and so it is, for every number of players kitgen prints
    for players in range(2, 13):
        s = piece_set(players)
        assert [s.count(k) for k in "JQXZ"] == [1, 1, 1, 1] and s.letter_count == 20 * players


@pytest.mark.parametrize("paper", [Paper.a4, Paper.letter])
def test_packing_keeps_nets_apart_and_inside_at_every_size(paper):
    """Every --size from 10 to 60 mm: no face or tab of one net touches another net; all inside the area."""
    fitted = 0
    for size in range(10, 61):
        layout = net_layout(paper, size)
        if not layout.positions:
            continue
        fitted += 1
        net = NetGeometry(size * MM)
        x0, y0, w, h = layout.area
        vw, vh = (h, w) if layout.rotated else (w, h)
        shapes = [[(a + u, b + v, c + u, d + v) for a, b, c, d in net.rects()] for u, v in layout.positions]
        for k, rects in enumerate(shapes):
            assert all(-0.01 <= r[0] and r[2] <= vw + 0.01 and -0.01 <= r[1] and r[3] <= vh + 0.01 for r in rects)
            u, v = layout.positions[k]
            for j in range(k + 1, len(shapes)):
                u2, v2 = layout.positions[j]
                if abs(u - u2) > net.width + 1 or abs(v - v2) > net.height + 1:
                    continue
                assert not any(area(p, q) for p in rects for q in shapes[j]), (size, k, j)
    assert fitted == (51 if paper is Paper.a4 else 48)  # 58 mm and more do not fit Letter


def test_tile_pages_carry_trim_and_bleed_boxes_round_the_block(invoke, tmp_path):
    """Issue 7: TrimBox/BleedBox where tiles are cut; the score pad page after them has none."""
    from pypdf import PdfReader

    out = make(invoke, tmp_path, "--players", "2", "--form", "tiles", "--size", "30")
    reader = PdfReader(out)
    *tiles, pad = reader.pages
    for page in tiles:
        trim = [float(v) for v in page.trimbox]
        assert page.trimbox == page.bleedbox
        width, height = trim[2] - trim[0], trim[3] - trim[1]
        assert abs(width / (30 * MM) - round(width / (30 * MM))) < 1e-6  # whole tiles across
        assert abs(height / (30 * MM) - round(height / (30 * MM))) < 1e-6
    assert "/TrimBox" not in pad and "/BleedBox" not in pad


@pytest.mark.parametrize("paper", list(Paper))
@pytest.mark.parametrize("players", [2, 7])
def test_score_pad_fits_every_paper(paper, players):
    """On every paper (A5 too) the pad's notes and footer wrap within the 10 mm margin, no text crosses a rule or
    other text, type is 8 pt or more, turn rows 6 mm or more (A5 has fewer), and a player's column holds its
    Joiner boxes (A5: five players a page)."""
    from pdflayout import glyphs, layout_problems, rules

    from kitgen.games.xword3d.render import draw_score_pad, players_a_pad
    from kitgen.io.pdf import canvas_bytes

    data = canvas_bytes(lambda c: draw_score_pad(c, paper, players), paper)
    assert layout_problems(data, MARGIN, min_type=8, min_row=6 * MM) == []
    pages = glyphs(data)
    assert len(pages) == -(-players // players_a_pad(paper)) and players_a_pad(Paper.a5) == 5
    assert all("wins." in "".join(g.char for g in page) for page in pages)
    joiners = [(p, b) for p in range(len(pages)) for b in _joiner_boxes(data, p)]
    assert len(joiners) == 4 * players
    for p, (left, bottom, right, top) in joiners:  # inside its player's column: no column rule runs through it
        assert not [r for r in rules(data, p) if r.vertical and r.y1 - r.y0 > top - bottom + 1  # not its own edge
                    and left < r.x0 < right and r.y0 < top and bottom < r.y1]


def _joiner_boxes(data, page):
    """The bounds of the small square paths of a pad page: its Joiner boxes."""
    doc = pdfium.PdfDocument(data)
    try:
        paths = [obj.get_bounds() for obj in doc[page].get_objects() if obj.type == raw.FPDF_PAGEOBJ_PATH]
        return [b for b in paths if 3 * MM <= b[2] - b[0] <= 4.5 * MM and 3 * MM <= b[3] - b[1] <= 4.5 * MM]
    finally:
        doc.close()


@pytest.mark.parametrize("paper", list(Paper))
@pytest.mark.parametrize("form", ["cubes", "tiles"])
def test_net_and_tile_pages_keep_the_legend_and_note_inside_the_margins(paper, form):
    """On every paper the legend and the size note along the bottom stay inside the 10 mm margins, crossing no
    rule and no other text: on A5 the brick nets' note ran off the right edge, on A4 it ran 145 characters a line;
    now it wraps onto two lines on every paper, under the legend's row in the band (A5 still holds two 25 mm nets
    a page)."""
    from pdflayout import glyphs, layout_problems

    from kitgen.games.xword3d.render import draw_nets, draw_tiles, note_lines, per_page
    from kitgen.io.pdf import canvas_bytes

    draw = draw_nets if form == "cubes" else draw_tiles
    pieces = pieces_of(piece_set(2))[:3]
    data = canvas_bytes(lambda c: draw(c, pieces, paper, 25, "test"), paper)
    assert layout_problems(data, MARGIN, min_type=6.5) == []
    text = "".join(g.char for g in glyphs(data)[0])
    assert ("fromthefront,ontop." in text) if form == "cubes" else ("eachtileis25mm." in text)
    lines = note_lines(paper, form, 25)  # issue 32: the nets' note wraps to a readable measure on every paper
    assert len(lines) == (2 if form == "cubes" else 1) and max(len(line) for line in lines) <= 90
    assert per_page(Paper.a5, "cubes", 25) == 2


@pytest.mark.parametrize("lang", ["de", "el", "es", "fr", "it", "nl", "pl", "pt", "ru", "sv", "tr"])
@pytest.mark.parametrize("paper", [Paper.a4, Paper.a5])
def test_score_pad_labels_fit_their_column_in_every_language(paper, lang):
    """Issue 28: the pad's label column was 20 mm in every language, and the translated labels ran over its rule into
    the first player's column (Polish "− niewykorzystane" by 10 mm, Greek "− αχρησιμοποίητα", Turkish
    "− kullanılmayan", Russian "Соединители"); the column now takes the text language's widest label, so no text
    crosses a rule on A4 or A5. English keeps its 20 mm column (the test above; its pads are unchanged)."""
    from pdflayout import layout_problems

    from kitgen.core.i18n import speaking
    from kitgen.games.xword3d.render import draw_score_pad, pad_label_width
    from kitgen.io.pdf import canvas_bytes

    assert pad_label_width() == 20 * MM
    with speaking(lang):
        data = canvas_bytes(lambda c: draw_score_pad(c, paper, 7), paper)
    assert layout_problems(data, MARGIN, min_type=8, min_row=6 * MM) == []
