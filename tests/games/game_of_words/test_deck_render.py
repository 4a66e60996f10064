"""The deck PDF (issue 5): card geometry read back from the PDF, pages, fonts, determinism, duplex."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result
from pypdf import PageObject, PdfReader

from kitgen.games.game_of_words.render.deck import sheet_for
from kitgen.io.pdf import MM, Paper

Invoke = Callable[..., Result]


TOL = 0.05  # points


def content_of(page: PageObject) -> str:
    """A page's own content stream, as text."""
    contents = page.get_contents()
    assert contents is not None
    return contents.get_data().decode("latin-1")


def forms(reader: PdfReader, page: PageObject) -> dict[str, Any]:
    resources: Any = page["/Resources"]  # pypdf's untyped object graph
    xobjects = resources.get("/XObject", {})
    return {name: xobjects[name].get_object() for name in xobjects}


def card_boxes(reader: PdfReader) -> dict[str, tuple[float, float]]:
    """Every form XObject on every page, with its BBox size in mm."""
    out = {}
    for page in reader.pages:
        for name, obj in forms(reader, page).items():
            x0, y0, x1, y1 = [float(v) for v in obj["/BBox"]]
            out[name] = ((x1 - x0) / MM, (y1 - y0) / MM)
    return out


def fonts_embedded(reader: PdfReader) -> bool:
    ok = True
    for page in reader.pages:
        resources: Any = page["/Resources"]
        fonts = resources.get("/Font", {})
        for f in fonts.values():
            f = f.get_object()
            desc = f.get("/FontDescriptor") or f["/DescendantFonts"][0].get_object()["/FontDescriptor"]
            ok &= "/FontFile2" in desc.get_object()
    return ok


@pytest.mark.parametrize("size, dims", [("poker", (63, 88)), ("bridge", (57, 89))])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_card_trim_measures_what_it_claims(invoke: Invoke, tmp_path: Path, size: str, dims: tuple[int, int],
                                                 paper: str) -> None:
    out = tmp_path / "deck.pdf"
    r = invoke("deck", "--size", size, "--paper", paper, "--out", str(out))
    assert r.exit_code == 0 and f"wrote {out}" in r.stdout
    reader = PdfReader(str(out))
    boxes = card_boxes(reader)
    assert len(boxes) == 28  # 27 different faces (identical cards share a form) and the back
    for w, h in boxes.values():
        assert abs(w - dims[0]) < TOL and abs(h - dims[1]) < TOL
    per = sheet_for(Paper(paper), size).per_page
    # nine a page (issue 5), except bridge cards on Letter: 3 x 89 mm leaves 6.2 mm margins, under the 7 mm floor
    assert per == (8 if (paper, size) == ("letter", "bridge") else 9)
    assert len(reader.pages) == -(-54 // per) + 1 + 1  # faces, a page of backs, the summary
    assert fonts_embedded(reader)


def test_card_pages_have_trim_box_around_the_cards_inside_the_margins(tmp_path: Path, invoke: Invoke) -> None:
    out = tmp_path / "deck.pdf"
    invoke("deck", "--out", str(out))
    page = PdfReader(str(out)).pages[0]
    x0, y0, x1, y1 = [float(v) for v in page.trimbox]
    assert abs((x1 - x0) / MM - 3 * 63) < 0.01 and abs((y1 - y0) / MM - 3 * 88) < 0.01
    pw, ph = Paper.a4.size
    assert min(x0, y0, pw - x1, ph - y1) >= 10 * MM - 0.01


@pytest.mark.parametrize("paper", [Paper.a4, Paper.letter])
@pytest.mark.parametrize("size", ["poker", "bridge"])
@pytest.mark.parametrize("bleed", [0, 3])
def test_sheet_keeps_cards_and_bleed_inside_the_margins_nine_where_they_fit(paper: Paper, size: str,
                                                                           bleed: int) -> None:
    sheet = sheet_for(paper, size, bleed)
    x0, y0, x1, y1 = sheet.block()
    b = bleed * MM
    pw, ph = sheet.page
    least = min(x0 - b, y0 - b, pw - x1 - b, ph - y1 - b)
    assert least >= 5 * MM - 1e-6  # issue 32: nothing within 5 mm of the paper's edge
    # the margins on the two sides of each axis sum to at least 15.4 mm (nine poker cards on Letter: 7.7 + 7.7),
    # and one of them is 10 mm, room for crop marks 2 mm off the cards, 3 mm long, 5 mm from the edge
    assert min(x0 - b + pw - x1 - b, y0 - b + ph - y1 - b) >= 15.4 * MM - 1e-3
    assert max(x0 - b, pw - x1 - b) >= 10 * MM - 1e-6 and max(y0 - b, ph - y1 - b) >= 10 * MM - 1e-6
    if sheet.per_page == 9:
        assert (sheet.cols, sheet.rows) == (3, 3) and ph > pw  # nine: three by three, portrait
    else:
        assert least >= 10 * MM - 1e-6 and sheet.per_page >= 6  # otherwise the 10 mm layout
    nine = bleed == 0 and not (paper is Paper.letter and size == "bridge")
    assert (sheet.per_page == 9) == nine
    # cards never overlap, bleeds included
    w, h = sheet.card
    for i, (ax, ay) in enumerate(sheet.slots):
        for bx, by in sheet.slots[i + 1:]:
            assert abs(ax - bx) >= w + 2 * b - 1e-6 or abs(ay - by) >= h + 2 * b - 1e-6


def drawn_lines(page: PageObject) -> list[tuple[float, ...]]:
    """(x0, y0, x1, y1) of every ``m ... l S`` segment in a page's own content stream (crop marks)."""
    import re

    data = content_of(page)
    return [tuple(map(float, m.groups())) for m in
            re.finditer(r"(-?[\d.]+) (-?[\d.]+) m (-?[\d.]+) (-?[\d.]+) l S", data)]


@pytest.mark.parametrize("args", [("--paper", "letter"), ("--paper", "letter", "--size", "bridge", "--bleed", "3"),
                                  ("--bleed", "3", "--duplex"), ()])
def test_crop_marks_outside_the_cards_inside_the_paper_on_every_cut(tmp_path: Path, invoke: Invoke,
                                                                   args: tuple[str, ...]) -> None:
    out = tmp_path / "d.pdf"
    assert invoke("deck", *args, "--out", str(out)).exit_code == 0
    page = PdfReader(str(out)).pages[0]
    pw, ph = float(page.mediabox.width), float(page.mediabox.height)
    bx0, by0, bx1, by1 = [float(v) for v in page.bleedbox]
    tx0, ty0, tx1, ty1 = [float(v) for v in page.trimbox]
    lines = drawn_lines(page)
    assert lines
    for x0, y0, x1, y1 in lines:
        for x, y in ((x0, y0), (x1, y1)):
            # 5 mm from the edge where the margin allows; in Letter's 7.7 mm margin a 2 + 3 mm mark ends 2.7 mm in
            assert 2.5 * MM <= x <= pw - 2.5 * MM and 2.5 * MM <= y <= ph - 2.5 * MM
            assert not (bx0 < x < bx1 and by0 < y < by1)  # never on a card or its bleed
        assert max(abs(x1 - x0), abs(y1 - y0)) >= 3 * MM - 0.01  # long enough to lay a ruler on (issue 17)
    verticals = {round(x0, 1) for x0, _, x1, _ in lines if abs(x1 - x0) < 0.01}
    horizontals = {round(y0, 1) for _, y0, _, y1 in lines if abs(y1 - y0) < 0.01}
    assert round(tx0, 1) in verticals and round(tx1, 1) in verticals  # the outer cuts are marked
    assert round(ty0, 1) in horizontals and round(ty1, 1) in horizontals


@pytest.mark.parametrize("args", [("--paper", "letter", "--size", "bridge", "--bleed", "3"), ("--paper", "letter",),
                                  ("--paper", "a4",), ("--paper", "a5",), ("--paper", "a3")])
def test_every_card_page_says_what_it_is_clear_of_cards_and_marks_and_5_mm_from_the_edge(
        tmp_path: Path, invoke: Invoke, args: tuple[str, ...]) -> None:
    """Issue 32: the small print (faces, page N; backs of page N and the edge to flip on) is on every card page,
    under the cards or, where there is no room below (nine poker cards on Letter), up the left margin; no rule
    (crop mark) runs through it and it is 5 mm or more from the paper's edge. It used to be left out."""
    from pdflayout import crossing, glyphs, outside, rules

    out = tmp_path / "d.pdf"
    assert invoke("deck", *args, "--duplex", "--out", str(out)).exit_code == 0
    data = out.read_bytes()
    reader = PdfReader(str(out))
    edge = "short" if reader.pages[0].mediabox.width > reader.pages[0].mediabox.height else "long"
    for number, page in enumerate(glyphs(data)[:-2]):
        text = " ".join(reader.pages[number].extract_text().split())
        assert (f"backs of page {number // 2 + 1} (print double-sided, flip on the {edge} edge)" in text
                if number % 2 else f"faces, page {number // 2 + 1} of" in text), (number, text)
        small = [g for g in page if abs(g.size - 7) < 0.01]  # the note (the backs name the deck in 5.5 pt)
        assert len(small) > 30
        width, height = (float(v) for v in reader.pages[number].mediabox.upper_right)
        assert not outside(small, width, height, 5 * MM, slack=0)
        marks = [r for r in rules(data, number) if max(r.x1 - r.x0, r.y1 - r.y0) <= 5 * MM + 0.01]
        assert marks and not crossing(small, marks, slack=-0.5 * MM)  # nor within 0.5 mm of a mark


def test_duplex_backs_are_mirrored_and_interleaved(tmp_path: Path, invoke: Invoke) -> None:
    out = tmp_path / "deck.pdf"
    r = invoke("deck", "--duplex", "--out", str(out))
    assert r.exit_code == 0
    reader = PdfReader(str(out))
    assert len(reader.pages) == 6 * 2 + 1
    sheet = sheet_for(Paper.a4)
    # the slot behind the first column is in the last column
    assert sheet.mirrored(0) == sheet.slots[2] and sheet.mirrored(4) == sheet.slots[4]
    text = reader.pages[1].extract_text()
    assert "backs of page 1" in text


def test_bleed_sets_bleed_box(tmp_path: Path, invoke: Invoke) -> None:
    out = tmp_path / "deck.pdf"
    assert invoke("deck", "--bleed", "3", "--out", str(out)).exit_code == 0
    page = PdfReader(str(out)).pages[0]
    tx0, ty0, tx1, ty1 = [float(v) for v in page.trimbox]
    bx0, by0, bx1, by1 = [float(v) for v in page.bleedbox]
    assert abs((tx0 - bx0) / MM - 3) < 0.01 and abs((by1 - ty1) / MM - 3) < 0.01


def test_faces_show_letters_values_and_sub_cards(tmp_path: Path, invoke: Invoke) -> None:
    out = tmp_path / "deck.pdf"
    invoke("deck", "--out", str(out))
    reader = PdfReader(str(out))
    last = reader.pages[5]
    text = "".join(forms(reader, last)[n].get_data().decode("latin-1") for n in forms(reader, last))
    assert "SUB CARD" in reader.pages[5].extract_text() or "SUB" in text
    summary = reader.pages[-1].extract_text()
    assert "Word Solitaire" in summary and "Sub Card" in summary and "15" in summary


def test_deck_pdf_is_deterministic_and_rewritable(tmp_path: Path, invoke: Invoke) -> None:
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    invoke("deck", "--out", str(a))
    invoke("deck", "--out", str(b))
    assert a.read_bytes() == b.read_bytes()
    assert invoke("deck", "--out", str(a)).exit_code == 0  # kitgen may replace its own file
    stranger = tmp_path / "mine.pdf"
    stranger.write_bytes(b"%PDF-1.4 someone else's")
    assert invoke("deck", "--out", str(stranger)).exit_code == 2


def test_lexicon_deck_and_bad_options(tmp_path: Path, invoke: Invoke) -> None:
    out = tmp_path / "lex.pdf"
    assert invoke("deck", "--spec", "lexicon-1932", "--out", str(out)).exit_code == 0
    assert len(card_boxes(PdfReader(str(out)))) == 26 + 1 + 1  # 26 letters, the Master, the back
    r = invoke("deck", "--bleed", "9", "--out", str(out))
    assert r.exit_code == 2 and "--bleed" in r.stderr
    bad = tmp_path / "bad.toml"
    bad.write_text("[letters]\nA = 3\n", encoding="utf-8")
    r = invoke("deck", "--spec", str(bad), "--out", str(out))
    assert r.exit_code == 2 and "bad.toml:2:1:" in r.stderr


def test_margin_option_fits_nine_poker_cards_on_letter(invoke: Invoke, tmp_path: Path) -> None:
    sheet = sheet_for(Paper.letter, "poker", 0, margin_mm=7)
    assert sheet.per_page == 9 and sheet.page == Paper.letter.size
    x0, y0, x1, y1 = sheet.block()
    assert min(x0, y0, Paper.letter.size[0] - x1, Paper.letter.size[1] - y1) >= 7 * MM - 1e-6
    out = tmp_path / "d.pdf"
    assert invoke("deck", "--paper", "letter", "--margin", "7", "--out", str(out)).exit_code == 0
    assert len(PdfReader(str(out)).pages) == 6 + 1 + 1
    assert sheet_for(Paper.letter, "poker", 0, margin_mm=10).per_page == 8  # a wider margin, landscape
    assert sheet_for(Paper.letter, "bridge", 0, margin_mm=6).per_page == 9
    r = invoke("deck", "--margin", "2", "--out", str(out))
    assert r.exit_code == 2 and "--margin" in r.stderr


def placements(page: PageObject) -> list[tuple[float, float, str]]:
    """(x, y, form name) of every card form drawn on a page, read from its content stream."""
    import re

    data = content_of(page)
    return [(float(x), float(y), name) for x, y, name in
            re.findall(r"1 0 0 1 (-?[\d.]+) (-?[\d.]+) cm\s*/(FormXob\.\S+) Do", data)]


def form_size(page: PageObject, name: str) -> tuple[float, float]:
    resources: Any = page["/Resources"]
    x0, y0, x1, y1 = [float(v) for v in resources["/XObject"][f"/{name}"].get_object()["/BBox"]]
    return x1 - x0, y1 - y0


def near(value: float, values: Iterable[float], tol: float = 0.05) -> bool:
    return any(abs(value - v) <= tol for v in values)


@pytest.mark.parametrize("args", [(), ("--paper", "letter"), ("--size", "bridge"), ("--bleed", "3"),
                                  ("--paper", "letter", "--size", "bridge", "--bleed", "3", "--duplex")])
def test_every_card_edge_lies_on_a_crop_mark_line(tmp_path: Path, invoke: Invoke, args: tuple[str, ...]) -> None:
    """Cut along the marks and every card comes out whole: each card's four edges are marked cut lines."""
    out = tmp_path / "d.pdf"
    assert invoke("deck", *args, "--out", str(out)).exit_code == 0
    reader = PdfReader(str(out))
    card_pages = [p for p in reader.pages if placements(p)]
    assert len(card_pages) == len(reader.pages) - 1  # every page but the summary holds cards
    for page in card_pages:
        lines = drawn_lines(page)
        verticals = [x0 for x0, _, x1, _ in lines if abs(x1 - x0) < 0.01]
        horizontals = [y0 for _, y0, _, y1 in lines if abs(y1 - y0) < 0.01]
        for x, y, name in placements(page):
            w, h = form_size(page, name)
            assert near(x, verticals) and near(x + w, verticals), (x, name)
            assert near(y, horizontals) and near(y + h, horizontals), (y, name)


@pytest.mark.parametrize("args", [("--duplex",), ("--duplex", "--paper", "letter", "--size", "bridge"),
                                  ("--duplex", "--bleed", "3")])
def test_duplex_backs_land_behind_their_faces(tmp_path: Path, invoke: Invoke, args: tuple[str, ...]) -> None:
    """Printed double-sided (long edge; landscape sheets the short edge), each back is behind a face: the
    back page holds as many backs as its face page holds faces, at the face positions mirrored left to right."""
    out = tmp_path / "d.pdf"
    assert invoke("deck", *args, "--out", str(out)).exit_code == 0
    reader = PdfReader(str(out))
    pages = reader.pages[:-1]
    assert len(pages) % 2 == 0
    for front, back in zip(pages[0::2], pages[1::2], strict=False):
        faces, backs = placements(front), placements(back)
        assert faces and all(n.startswith("FormXob.Card-") for *_, n in faces)
        assert len(backs) == len(faces) and all(n == "FormXob.Back" for *_, n in backs)
        pw = float(front.mediabox.width)
        w, _ = form_size(front, faces[0][2])
        behind = sorted((round(pw - x - w, 1), round(y, 1)) for x, y, _ in faces)
        assert sorted((round(x, 1), round(y, 1)) for x, y, _ in backs) == behind


@pytest.mark.parametrize("args", [(), ("--duplex",)])
def test_deck_pages_print_no_command_line(tmp_path: Path, invoke: Invoke, args: tuple[str, ...]) -> None:
    """Issue 32: the backs page said "print on the back of each face page, or use --duplex", a flag on a printed
    page; it says what to do in words."""
    import re

    out = tmp_path / "d.pdf"
    assert invoke("deck", *args, "--out", str(out)).exit_code == 0
    texts = [" ".join(page.extract_text().split()) for page in PdfReader(str(out)).pages]
    assert not [t for t in texts if re.search(r"--[a-z]|kitgen (deck|deal|verify)", t)]
    assert args or any("card backs (print them on the back of each face page)" in t for t in texts)
