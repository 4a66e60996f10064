"""Issue 32, "Paper as promised on every size": measured from the PDFs on every paper (A3, A4, A5, Letter, Legal,
Tabloid): duplex preferences, the deck's summary page, nothing printed within 5 mm of the paper's edge, unique
font subset tags (read with pikepdf)."""

from __future__ import annotations

import io
import re

import pytest
from once import kit_once
from pdflayout import Glyph, glyphs, layout_problems, page_sizes
from pypdf import PdfReader

from kitgen import api
from kitgen.io.pdf import MM, Paper

PAPERS = list(Paper)
GAMES = ["crossword", "wordsearch", "game-of-words", "3dxword"]
EDGE = 5 * MM
"""Most printers cannot print within 5 mm of the paper's edge: nothing goes there."""


class Kits:
    """Each game's kit of seed 3 on each paper, made when a test first asks for it, once in the whole run (the
    workers share it: tests/once.py, ``kit_once``), and kept by the module's worker."""

    def __init__(self, tmp_path_factory: pytest.TempPathFactory) -> None:
        self.tmp_path_factory = tmp_path_factory
        self.kept: dict[tuple[str, Paper], bytes] = {}

    def __getitem__(self, key: tuple[str, Paper]) -> bytes:
        if key not in self.kept:
            game, paper = key
            self.kept[key] = kit_once(self.tmp_path_factory, game, paper.value)
        return self.kept[key]


@pytest.fixture(scope="module")
def kits(tmp_path_factory: pytest.TempPathFactory) -> Kits:
    return Kits(tmp_path_factory)


def _duplex(data: bytes) -> str | None:
    prefs = PdfReader(io.BytesIO(data)).trailer["/Root"].get("/ViewerPreferences")
    found = prefs.get_object().get("/Duplex") if prefs is not None else None
    return None if found is None else str(found)


# -- 1. duplex preferences ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("size, bleed", [("poker", 0.0), ("bridge", 0.0), ("poker", 3.0)])
def test_deck_duplex_sets_the_pdf_s_duplex_preference_to_the_edge_its_pages_say(paper, size, bleed):
    """``kitgen deck --duplex`` names its flip edge in the PDF (it never did; the README said so), the edge the
    backs pages print: the long one for portrait card pages, the short one for landscape ones."""
    data = api.render("game-of-words", "deck", paper=paper, size=size, bleed=bleed, duplex=True)
    reader = PdfReader(io.BytesIO(data))
    box = reader.pages[0].mediabox
    edge = "long" if box.height >= box.width else "short"
    assert _duplex(data) == ("/DuplexFlipLongEdge" if edge == "long" else "/DuplexFlipShortEdge")
    assert f"flip on the {edge} edge" in " ".join(reader.pages[1].extract_text().split())
    assert _duplex(api.render("game-of-words", "deck", paper=paper, size=size, bleed=bleed)) is None


@pytest.mark.parametrize("paper", PAPERS)
def test_one_flip_serves_every_page_of_a_double_sided_kit(kits, paper):
    """The Game of Words kit flips on the long edge on every paper, and every page is portrait, so its rules
    pages (double-sided if you like) print the right way up on the back too: on A3 and Legal the card pages
    used to be landscape, the whole file set to the short edge."""
    data = kits["game-of-words", paper]
    assert _duplex(data) == "/DuplexFlipLongEdge"
    reader = PdfReader(io.BytesIO(data))
    assert all(p.mediabox.height > p.mediabox.width for p in reader.pages)
    for game in GAMES:
        if game != "game-of-words":
            assert _duplex(kits[game, paper]) is None


# -- 2. the deck's summary ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("paper", PAPERS)
def test_the_deck_summary_is_laid_out_for_the_paper(paper):
    """The summary page scales with the paper: inside 5 mm of every edge (on A5 it ran off the right and the
    last four games off the bottom), no text over text (its footer printed over the games), type 7 pt or more,
    and it fills the page's width (on Tabloid it sat in a corner); on A5 the games run on to a second page."""
    data = api.render("game-of-words", "deck", paper=paper)
    reader = PdfReader(io.BytesIO(data))
    summary = [k for k, page in enumerate(reader.pages) if "The eight games in brief" in page.extract_text()]
    assert len(summary) == 1
    pages = glyphs(data)[summary[0]:]
    text = " ".join(" ".join(reader.pages[k].extract_text().split()) for k in range(summary[0], len(reader.pages)))
    for game in ("1. Crossword Game", "4. Crossword Solitaire A", "5. Crossword Solitaire B", "8. Guess-O-Gram"):
        assert game in text
    assert "Full rules" in text and "a card measures 63 x 88 mm" in text
    assert len(pages) == (2 if paper is Paper.a5 else 1)
    width, height = page_sizes(data)[summary[0]]
    problems = [p for p in layout_problems(data, EDGE, min_type=7.0) if int(p.split()[1][:-1]) > summary[0]]
    assert not problems, problems[:5]
    first = pages[0]
    spread = max(g.right for g in first) - min(g.left for g in first)
    assert spread >= 0.75 * width, (spread / width)
    assert min(g.bottom for g in first) <= 0.2 * height  # the page's foot holds its small print
    scale = min(width / (210 * MM), height / (297 * MM))  # the title is 18 pt on A4, and scales with the paper
    assert abs(max(g.size for g in first) - 18 * scale) < 0.05


# -- 3. nothing within 5 mm of the paper's edge ------------------------------------------------------------------

def near_the_edge(data: bytes, edge: float = EDGE) -> list[str]:
    """The pages that print anything within ``edge`` of the paper's edge: each page rendered by pdfium at 72 dpi
    (a pixel is 0.35 mm) and the band round it read, less a pixel for anti-aliasing: any pixel darker than
    the paper is ink there."""
    import pypdfium2 as pdfium

    band = int(edge / MM / (25.4 / 72)) - 1
    found = []
    document = pdfium.PdfDocument(data)
    try:
        for number, page in enumerate(document, start=1):
            image = page.render(scale=1).to_pil().convert("L")
            width, height = image.size
            strips = {"left": (0, 0, band, height), "right": (width - band, 0, width, height),
                      "top": (0, 0, width, band), "bottom": (0, height - band, width, height)}
            found += [f"page {number}: ink within {edge / MM:g} mm of the {side} edge"
                      for side, box in strips.items() if image.crop(box).getextrema()[0] < 245]
    finally:
        document.close()
    return found


def test_the_edge_check_sees_ink_at_4_mm():
    from kitgen.io.pdf import canvas_bytes

    def draw(c):
        c.line(100, 4 * MM, 200, 4 * MM)
        c.showPage()

    assert near_the_edge(canvas_bytes(draw)) == ["page 1: ink within 5 mm of the bottom edge"]


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_no_kit_prints_within_5_mm_of_the_paper_s_edge(kits, game, paper):
    """The A5 Wordsearch kit's rules table ended 2.46 mm from the edge."""
    assert not near_the_edge(kits[game, paper])


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("options", [{"size": "poker"}, {"size": "bridge"}, {"size": "poker", "bleed": 3.0},
                                     {"size": "tarot", "duplex": True}, {"size": "mini"}])
def test_no_deck_prints_within_5_mm_of_the_paper_s_edge_and_every_cut_line_is_marked(paper, options):
    """Letter poker card pages put their crop marks 2.7 mm from the edge. Now a mark 3 mm long and 2 mm clear
    of the cards fits at one end of every cut line at least, 5 mm from the paper's edge."""
    data = api.render("game-of-words", "deck", paper=paper, **options)
    assert not near_the_edge(data)
    reader = PdfReader(io.BytesIO(data))
    from test_print import _marks

    assert _marks(data) and min(length for length, _ in _marks(data)) >= 3.0 - 0.01
    for page in reader.pages:
        if "/TrimBox" in page and page.trimbox != page.mediabox:
            x0, y0, x1, y1 = (float(v) for v in page.trimbox)
            lines = _mark_lines(page, reader)
            assert any(abs(x - x0) < 0.05 for x in lines["x"]) and any(abs(x - x1) < 0.05 for x in lines["x"])
            assert any(abs(y - y0) < 0.05 for y in lines["y"]) and any(abs(y - y1) < 0.05 for y in lines["y"])


def _mark_lines(page: object, reader: PdfReader) -> dict[str, list[float]]:
    """The x of every vertical crop mark and the y of every horizontal one drawn on the page."""
    from pypdf.generic import ContentStream

    out: dict[str, list[float]] = {"x": [], "y": []}
    start = None
    for operands, op in ContentStream(page.get_contents(), reader).operations:  # type: ignore[attr-defined]
        if op == b"m":
            start = [float(v) for v in operands]
        elif op == b"l" and start is not None:
            (ax, ay), (bx, by) = start, [float(v) for v in operands]
            if abs(ax - bx) < 0.01:
                out["x"].append(ax)
            elif abs(ay - by) < 0.01:
                out["y"].append(ay)
    return out


def _components(paper: Paper) -> list[tuple[str, bytes]]:
    """Every component with its default options on ``paper``."""
    out = []
    for game in api.declarations():
        for component in game.components:
            if "paper" in {o.name for o in component.options}:
                out.append((f"{game.name}/{component.name}",
                            component.render({"paper": paper})))
    return out


@pytest.mark.parametrize("paper", PAPERS)
def test_no_component_prints_within_5_mm_of_the_paper_s_edge(paper):
    problems = [f"{name}: {p}" for name, data in _components(paper) for p in near_the_edge(data)]
    assert not problems, problems[:5]


# -- 6. unique subset tags ---------------------------------------------------------------------------------------

def subset_clashes(data: bytes) -> dict[str, int]:
    """Each subset name (``ABCDEF+Font``) that names more than one embedded font program, and how many
    (ISO 32000-1 9.6.4: distinct subsets have distinct tags), read with pikepdf."""
    import hashlib

    import pikepdf

    programs: dict[str, set[str]] = {}
    with pikepdf.open(io.BytesIO(data)) as pdf:
        for obj in pdf.objects:
            if not isinstance(obj, pikepdf.Dictionary) or obj.get("/Type") != "/FontDescriptor":
                continue
            for key in ("/FontFile", "/FontFile2", "/FontFile3"):
                if key in obj:
                    digest = hashlib.sha256(obj[key].read_bytes()).hexdigest()
                    programs.setdefault(str(obj.FontName), set()).add(digest)
    return {name: len(found) for name, found in programs.items() if len(found) > 1}


def _joined(*parts: bytes, retag: bool) -> bytes:
    from pypdf import PdfWriter

    from kitgen.io.subsets import unique_subset_tags

    writer = PdfWriter()
    for data in parts:
        writer.append(PdfReader(io.BytesIO(data)))
    if retag:
        unique_subset_tags(writer.pages)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def test_documents_joined_as_they_were_clash_and_retagged_do_not():
    """Two rules documents joined as kits used to be: weasyprint tags each document's first DejaVu Sans subset
    alike, different glyphs or not. ``unique_subset_tags`` renames them after their font programs."""
    from kitgen.io.documents import render_document

    parts = [render_document(f"rules/{game}.html", paper=Paper.a5, title="rules") for game in ("crossword", "3dxword")]
    assert subset_clashes(_joined(*parts, retag=False))
    assert not subset_clashes(_joined(*parts, retag=True))
    assert _joined(*parts, retag=True) == _joined(*parts, retag=True)  # the same tags every time


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_every_subset_in_a_kit_has_its_own_tag(kits, game, paper):
    assert not subset_clashes(kits[game, paper])


def test_every_subset_in_a_streamed_pdf_has_its_own_tag(invoke, tmp_path):
    """``pattern --count`` streams its pages in batches, each batch drawn alone."""
    assert invoke("pattern", "--count", "60", "--seed", "2", "--out", f"{tmp_path}/").exit_code == 0
    assert not subset_clashes(next(tmp_path.glob("*.pdf")).read_bytes())


# -- 5. what a person reads ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("paper", PAPERS)
def test_a_sub_card_in_the_stacking_order_keeps_clear_of_the_next_card_s_number(paper):
    """Deal sheets: "SUB" (a Sub Card) ran into the next cell's number ("11 SUB12 M"), read as one. On every line
    of the stacking order each card's letter is at least half as far again from the next card's number as that
    number is from its own letter, and every character is 7 pt or more."""
    from pdflayout import runs

    data = api.render("game-of-words", "crossword-sheet", paper=paper, seed=3)  # deal 3 deals both Sub Cards
    reader = PdfReader(io.BytesIO(data))
    assert "SUB" in " ".join(page.extract_text() for page in reader.pages)
    inside, between = [], []
    for page in glyphs(data):
        lines: dict[int, list[Glyph]] = {}
        for run in runs(page):
            lines.setdefault(round(run.bottom / 3), []).append(run)
        for row in lines.values():
            ordered = sorted(row, key=lambda r: r.left)
            for a, b in zip(ordered, ordered[1:], strict=False):
                if a.char.isdigit() and b.char.isalpha():
                    inside.append(b.left - a.right)  # a card's number to its letter
                elif a.char.isalpha() and b.char.isdigit():
                    between.append(b.left - a.right)  # a letter to the next card's number
        assert min(g.size for g in page) >= 7 - 0.01
    assert len(between) > 40 and min(between) >= 1.5 * max(inside), (min(between), max(inside))


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("per_page", ["1", "2", "4"])
def test_crossword_patterns_print_nothing_under_7_pt_on_any_paper(paper, per_page):
    """Clue numbers (5.1 pt on 6 mm squares), the score table's round numbers (6.5 pt) and, on A5, the rules
    reminder (shrunk to 6.7 pt) were under 7 pt; now 7 pt or more on every paper and layout, solutions too, with
    no text over text or crossed by a rule and nothing within 5 mm of the edge."""
    data = api.render("crossword", "patterns", paper=paper, per_page=per_page, solution=True, seed=2)
    assert not layout_problems(data, EDGE, min_type=7.0)


# -- 6. one page-numbering scheme ---------------------------------------------------------------------------------

def _outline_pages(reader: PdfReader) -> dict[str, int]:
    """Each bookmark's title (up to its page note) and its page number (from 1)."""
    return {str(item.title).split(" (page")[0]: (reader.get_destination_page_number(item) or 0) + 1
            for item in reader.outline if not isinstance(item, list)}


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_the_rules_pages_footers_are_the_kit_s_page_numbers(kits, game, paper):
    """"Which pages are which" gives the rules as pages 3 to N of the kit; their footers counted 1, 2 ... Now each
    rules page's footer is its page number in the kit."""
    data = kits[game, paper]
    reader = PdfReader(io.BytesIO(data))
    marks = _outline_pages(reader)
    rules, check = marks["Rules"], marks["Print check"]
    assert rules == 3
    guide = " ".join(reader.pages[check - 1].extract_text().split())
    assert (f"{rules}\u2013{check - 1}" if check - 1 > rules else f"{rules} ") in guide
    pages = glyphs(data)
    for number in range(rules, check):
        width = float(reader.pages[number - 1].mediabox.width)
        foot = [g for g in pages[number - 1] if g.top < 18 * MM and abs((g.left + g.right) / 2 - width / 2) < 10 * MM]
        assert "".join(g.char for g in sorted(foot, key=lambda g: g.left)) == str(number)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_every_numbered_page_of_a_kit_says_its_kit_page_number(kits, game, paper):
    """Issue 32: a kit had three numbering schemes (rules pages, "kitgen · page N" on the print check, and each
    component part counting its own pages: "nets page 1 of 8", "page 1 of 2", "faces, page 1 of 6"). Every page
    that says a page number now says its number in the kit, as "Which pages are which" lists them; the backs of a
    card page name the faces page before them. And every page from the print check on says one: the Wordsearch
    score sheets, the Game of Words deal sheet and score pads and the page blank on purpose said none."""
    import re

    reader = PdfReader(io.BytesIO(kits[game, paper]))
    marks = _outline_pages(reader)
    for number, page in enumerate(reader.pages, start=1):
        text = " ".join(page.extract_text().split())
        assert not re.search(r"page \d+ of \d+", text), (number, text)  # no part counts its own pages
        backs = [int(n) for n in re.findall(r"backs of page (\d+)", text)]
        assert all(n == number - 1 for n in backs), (number, text)
        said = [int(n) for n in re.findall(r"(?<!backs of )page (\d+)", text)]
        assert all(n == number for n in said), (number, text)
        if number >= marks["Print check"]:
            assert said or backs, (number, text)  # every component page says where it is in the kit
    first = marks["Components"]
    text = " ".join(reader.pages[first - 1].extract_text().split())
    guide = " ".join(reader.pages[marks["Print check"] - 1].extract_text().split())
    assert re.search(rf"\b{first}(\u2013\d+)? ", guide)  # the guide's first component row starts on that page
    assert f"page {first}" in text or game == "game-of-words" and "faces, page" in text


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", ["wordsearch", "game-of-words"])
def test_the_kit_page_number_at_a_component_s_foot_overlaps_nothing(kits, game, paper):
    """The page number the score sheets, deal sheet and score pads now carry in a kit (``kit_page_foot``) stands
    clear of everything else printed on the page."""
    reader = PdfReader(io.BytesIO(kits[game, paper]))
    start = _outline_pages(reader)["Print check"]
    pages = glyphs(kits[game, paper])
    for number in range(start + 1, len(reader.pages) + 1):
        page = pages[number - 1]
        foot = [g for g in page if g.top < 10 * MM]
        text = reader.pages[number - 1].extract_text()
        assert foot or "faces, page" in text or "backs of page" in text, number  # the card pages say it elsewhere
        rest = [g for g in page if g.top >= 10 * MM or g.source not in {f.source for f in foot}]
        clashes = [(f, g) for f in foot for g in rest if f.source != g.source and f.left < g.right and
                   g.left < f.right and f.bottom < g.top and g.bottom < f.top]
        assert not clashes, (number, clashes[:2])


@pytest.mark.parametrize("paper, players", [(Paper.a5, 12), (Paper.a5, 9), (Paper.a4, 12), (Paper.letter, 12)])
def test_every_crossword_score_column_is_wide_enough_to_write_in(paper, players):
    """Issue 32: a dozen players on A5 had 3.4 mm score columns. Every column of a crossword kit's score tables is
    now at least 5 mm wide: players that do not fit one table share its height in stacked tables (players 1-6,
    then 7-12 on A5 and A4; Letter still holds twelve in one)."""
    from pdflayout import rules

    data = api.kit("crossword", paper=paper, seed=1, players=players)
    reader = PdfReader(io.BytesIO(data))
    first = _outline_pages(reader)["Components"]
    heads = 0
    for page in range(first - 1, len(reader.pages)):
        lines = rules(data, page)
        text = reader.pages[page].extract_text()
        heads += text.count(f"Player {players}")
        rows = sorted({round(r.y0, 1) for r in lines if not r.vertical and r.x1 - r.x0 > 60 * MM})
        for y0, y1 in zip(rows, rows[1:], strict=False):
            if y1 - y0 < 5.5 * MM or y1 - y0 > 6.5 * MM:
                continue  # not a row of rounds
            middle = (y0 + y1) / 2
            xs = sorted({round(r.x0, 1) for r in lines if r.vertical and r.y0 < middle < r.y1})
            widths = [b - a for a, b in zip(xs, xs[1:], strict=False) if b - a > 0.3]
            if len(widths) < 3 * players // 2:
                continue  # a band between two tables, not a row of one
            assert min(widths) >= 5 * MM - 0.2, (page + 1, min(widths) / MM)
    assert heads >= 2  # the last player has a column on every pattern's page
    if paper is Paper.a5:
        assert "Player 7" in reader.pages[first - 1].extract_text()


MEASURE = 90
"""The longest line of prose a kit's documents print, in characters (issue 32: A3 rules ran ~158 a line)."""


def printed_lines(data: bytes, first: int, last: int) -> list[str]:
    """The lines of text pages ``first`` to ``last`` (from 1) print, as pdfium reads them (a column's line is a line;
    pdfium joins a line that ends in a hyphen to the next one, marking the hyphen U+FFFE: split there)."""
    import pypdfium2

    doc = pypdfium2.PdfDocument(data)
    try:
        return [line.strip() for number in range(first - 1, last)
                for line in doc[number].get_textpage().get_text_range().replace("\ufffe", "-\n").splitlines()]
    finally:
        doc.close()


def test_the_line_reader_sees_a_long_line():
    """The measure test reads lines as printed: a 120-character line on A3 is one line of 120."""
    from kitgen.io.pdf import canvas_bytes

    def draw(c):
        c.setFont("KitgenSans", 9)
        c.drawString(30, 500, "x" * 120)
        c.drawString(30, 480, "short")
        c.showPage()

    assert [len(line) for line in printed_lines(canvas_bytes(draw, Paper.a3), 1, 1) if line] == [120, 5]


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_no_line_of_a_kit_s_documents_or_print_check_is_over_90_characters(kits, game, paper):
    """Issue 32: the rules ran the width of the page, ~118 characters a line on A4, ~158 on A3 and Tabloid. They are
    now set in columns at least 70 mm wide (one on A5, two on A4, Letter and Legal, three on A3 and Tabloid), and the
    how-to-print page and the cover's note have a measure of 34 em, the print check's paragraph one of 135 mm."""
    data = kits[game, paper]
    check = _outline_pages(PdfReader(io.BytesIO(data)))["Print check"]
    long = [line for line in printed_lines(data, 1, check - 1) if len(line) > MEASURE]
    assert not long, long
    # the print check's paragraph too (169 characters a line on A3), up to its table (a row is not a line of prose)
    lines = printed_lines(data, check, check)
    intro = lines[:lines.index("Which pages are which")]
    assert any(line.startswith("Print this page first") for line in intro)
    assert not [line for line in intro if len(line) > MEASURE], intro


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_no_line_of_a_kit_s_component_pages_is_over_90_characters(kits, game, paper):
    """Issue 32: after the print check, the component pages set their prose to a readable measure too: the 3DXWORD
    nets' note ran 145 characters a line on A4, the Game of Words deal sheet and score pads 106-162, the A5
    wordsearch sheet's rule 97-104, the crossword score table's rules 94, and the card backs pages' caption 93-94
    (now two lines: what the page is under the cards, how to flip it over them or in the facing margin)."""
    data = kits[game, paper]
    check = _outline_pages(PdfReader(io.BytesIO(data)))["Print check"]
    pages = len(PdfReader(io.BytesIO(data)).pages)
    assert pages > check
    long = [(page, line) for page in range(check + 1, pages + 1) for line in printed_lines(data, page, page)
            if len(re.sub("_{3,}", "_", line)) > MEASURE]  # a line to write on: one
    assert not long, long


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("size, bleed", [("poker", 0.0), ("bridge", 0.0), ("poker", 3.0)])
def test_a_deck_s_backs_page_says_what_it_is_and_how_to_flip_it_in_two_short_lines(paper, size, bleed):
    """Issue 32: a ``--duplex`` deck's backs page said what it is and how to flip it in one line of 93-94
    characters; now the page's name goes where the note goes (below the cards, or up the left margin) and the flip,
    in its brackets, in the band facing it (above the cards, or down the right margin): each line at most
    ``MEASURE``, nothing within 5 mm of the paper's edge or over anything else, the cards where they were."""
    data = api.render("game-of-words", "deck", paper=paper, size=size, bleed=bleed, duplex=True)
    lines = [line for line in printed_lines(data, 2, 2) if "backs of page" in line or "flip on the" in line]
    assert len(lines) == 2, lines
    assert lines[0].endswith("backs of page 1") or lines[1].endswith("backs of page 1"), lines
    assert any(line.startswith("(print double-sided, flip on the ") for line in lines), lines
    assert all(len(line) <= MEASURE for line in lines), lines
    width, height = page_sizes(data)[1]
    x0, y0, x1, y1 = (float(v) for v in PdfReader(io.BytesIO(data)).pages[1].bleedbox)
    note = [g for g in glyphs(data)[1] if abs(g.size - 7.0) < 0.01]  # the note's 7 pt; the backs' art is not
    assert len(note) >= len("backsofpage1(printdouble-sided,fliponthelongedge)")
    for g in note:
        assert EDGE - 0.01 <= g.left and g.right <= width - EDGE + 0.01, g
        assert EDGE - 0.01 <= g.bottom and g.top <= height - EDGE + 0.01, g
        assert g.right <= x0 or g.left >= x1 or g.top <= y0 or g.bottom >= y1, g  # clear of the cards and bleed


@pytest.mark.parametrize("paper", [Paper.a3, Paper.tabloid])
@pytest.mark.parametrize("sheet", ["word-solitaire-sheet", "letter-patience-sheet", "anagrams-sheet"])
def test_a_deal_sheet_is_laid_out_for_a_large_page(sheet, paper):
    """A deal sheet on A3 or Tabloid is the A4 sheet scaled to the paper (it sat at A4 size in the page's top-left
    corner, a quarter of an A3 sheet): it reaches across the page, within 5 mm of no edge, nothing over anything."""
    data = api.render("game-of-words", sheet, paper=paper, seed=1)
    width, _ = page_sizes(data)[0]
    first = glyphs(data)[0]
    assert max(g.right for g in first) > 0.8 * width
    assert min(g.left for g in first) >= 15 * MM * (width / Paper.a4.size[0]) * 0.95
    assert not layout_problems(data, EDGE, min_type=7.0)


@pytest.mark.parametrize("paper", PAPERS)
def test_no_line_of_the_deck_s_summary_page_is_over_90_characters(paper):
    """Issue 32: the stand-alone deck's summary page ran its paragraphs and small print the width of the page (125
    characters a line on A4, A3, Legal and Tabloid, 139 on Letter, 93 on A5). They wrap to a readable measure
    (``prose_width``), and the letters' table takes three blocks where the page is wide enough, so the games still
    end on the summary's first page (on A5, as before, on its second); nothing prints within 5 mm of an edge or over
    anything else."""
    data = api.render("game-of-words", "deck", paper=paper)
    pages = len(PdfReader(io.BytesIO(data)).pages)
    first = next(page for page in range(1, pages + 1)
                 if "The eight games in brief" in printed_lines(data, page, page))
    lines = printed_lines(data, first, pages)
    assert "8. Guess-O-Gram" in printed_lines(data, pages, pages)
    assert pages - first + 1 == (2 if paper is Paper.a5 else 1)
    assert not [line for line in lines if len(line) > MEASURE], lines
    from pdflayout import outside, overlapping

    width, height = page_sizes(data)[first - 1]
    for page in glyphs(data)[first - 1:]:
        assert not outside(page, width, height, EDGE) and not overlapping(page)


def test_a_long_column_heading_keeps_clear_of_the_next_block_of_letters():
    """The summary's letter table sets three blocks across an A4 page only where each block's headings end an em
    before the next block: the Russian "Стоимость" (Value) ran into the next block's "Буква" ("СтоимостьБуква")."""
    import re

    from kitgen.core.i18n import speaking

    with speaking("ru"):
        data = api.render("game-of-words", "deck", lang="ru")
    pages = [page for page in glyphs(data) if "Стоимость" in "".join(g.char for g in page)]
    assert pages, "no summary page with the Russian headings"
    page = pages[0]
    line = "".join(g.char for g in page)
    ends = [m.end() - 1 for m in re.finditer("Стоимость", line)]
    following = [(page[k], page[k + 1]) for k in ends if k + 1 < len(page)]
    gaps = [after.left - last.right for last, after in following if abs(after.bottom - last.bottom) < 1]
    assert all(gap >= 5 for gap in gaps), gaps  # half an em of the table's 10 pt type, at least


LETTER_MM = 3.0
"""What a handwritten letter takes along an Entry column (docs/crossword.md, "The score table"): block capitals
about 4 mm tall, some 2.5 mm wide, 3 mm with the space between them."""


def entry_columns(data: bytes) -> dict[int, list[float]]:
    """Each page's Entry columns (pages from 1): their widths in points, between the rules either side of the head
    ("Entry", or "Ent" where the word does not fit), on every page that has a score table's heads."""
    from pdflayout import rules, runs

    found: dict[int, list[float]] = {}
    for number, page in enumerate(glyphs(data)):
        heads = runs(page)
        if not any(run.char in ("Score", "Sc", "S") for run in heads):
            continue
        lines = rules(data, number)
        widths = found.setdefault(number + 1, [])
        for run in heads:
            if run.char not in ("Entry", "Ent"):
                continue
            middle, y = (run.left + run.right) / 2, (run.bottom + run.top) / 2
            xs = [r.x0 for r in lines if r.vertical and r.y0 < y < r.y1]
            widths.append(min(x for x in xs if x > middle) - max(x for x in xs if x < middle))
    return found


@pytest.mark.parametrize("size, style", [(15, "american"), (15, "british"), (21, "american")])
@pytest.mark.parametrize("paper", PAPERS)
def test_every_entry_column_holds_the_pattern_s_longest_entry_at_3_mm_a_letter(paper, size, style):
    """Issue 32: on US Letter an American 15x15 pattern's score table split into two banks with a 21 mm Entry column
    (1.4 mm a letter for a 15-letter entry). On every paper, every page of a two-player score table has an Entry
    column for each player, each at least 3 mm a letter of the pattern's longest light and 2 mm: the banks never
    narrow it below that (the rounds run on to pages of their own instead), and on A5 the two players' tables
    stack to have it. A Sunday (21x21) too, small squares allowed where 6 mm ones do not fit (A5)."""
    from kitgen.games.crossword.render import patterns_pdf
    from kitgen.games.crossword.rules.generate import generate

    for seed in (1, 3):
        grid = generate(size, size, style, "rotational", seed)
        longest = max(light.length for light in grid.lights)
        tables = entry_columns(patterns_pdf([grid], paper, small_squares=True))
        assert tables, "no score table"
        for page, widths in tables.items():
            assert widths and len(widths) % 2 == 0, (seed, page, widths)  # an Entry column a player (and bank)
            assert min(widths) >= (longest * LETTER_MM + 2) * MM - 0.2, (seed, page, min(widths) / MM, longest)
