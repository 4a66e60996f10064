"""Issue 17, "A kit that prints as its page says", measured from the PDFs: the calibration rulers, the page guide
with page numbers, card faces on odd pages, print-at-actual-size, duplex and language preferences, every paper."""

from __future__ import annotations

import io
import re

import pytest
from once import kit_once
from pypdf import PdfReader

from kitgen import api
from kitgen.io.pdf import MM, Paper

GAMES = [g.name for g in api.games()]


class _Kits(dict[tuple[str, str], bytes]):
    """Each game's kit on a paper, seed 3, built the first time a test asks for it (a test of one game builds one),
    once in the whole run (tests/once.py, ``kit_once``: tests/test_paper.py looks at the same kits)."""

    def __init__(self, tmp_path_factory: pytest.TempPathFactory) -> None:
        super().__init__()
        self.tmp_path_factory = tmp_path_factory

    def __missing__(self, key: tuple[str, str]) -> bytes:
        game, paper = key
        self[key] = kit_once(self.tmp_path_factory, game, paper)
        return self[key]


@pytest.fixture(scope="module")
def kits(tmp_path_factory: pytest.TempPathFactory) -> _Kits:
    return _Kits(tmp_path_factory)


def _page_of(reader: PdfReader, title: str) -> int:
    return next(reader.get_destination_page_number(item) for item in reader.outline
                if item.title.startswith(title))


def _bars(data: bytes, page: int) -> list[tuple[float, float]]:
    """(width, height) in mm of every filled path on a page, measured by pdfium (transforms applied)."""
    import pypdfium2
    import pypdfium2.raw as raw

    doc = pypdfium2.PdfDocument(data)
    try:
        found = []
        for obj in doc[page].get_objects():
            if obj.type == raw.FPDF_PAGEOBJ_PATH:
                left, bottom, right, top = obj.get_bounds()
                found.append(((right - left) / MM, (top - bottom) / MM))
        return found
    finally:
        doc.close()


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_print_check_page_has_a_100_mm_ruler_and_a_4_inch_one_on_letter(kits, game, paper):
    data = kits[game, paper]
    reader = PdfReader(io.BytesIO(data))
    page = _page_of(reader, "Print check")
    assert page == _page_of(reader, "Rules") + len(range(_page_of(reader, "Rules"), page))  # right after the rules
    long_thin = [w for w, h in _bars(data, page) if h < 0.2 and w > 50]
    assert any(abs(w - 100.0) <= 0.1 for w in long_thin), long_thin
    assert any(abs(w - 101.6) <= 0.1 for w in long_thin) == (paper == "letter"), long_thin
    ticks = [h for w, h in _bars(data, page) if w < 0.2]
    assert len(ticks) >= 101
    assert "print-check page" in reader.pages[1].extract_text()  # the how-to-print page refers to it


@pytest.mark.parametrize("game", GAMES)
def test_which_pages_are_which_gives_every_part_s_page_numbers(kits, game):
    reader = PdfReader(io.BytesIO(kits[game, "a4"]))
    check = _page_of(reader, "Print check")
    text = reader.pages[check].extract_text()
    assert "Which pages are which" in text
    rules, components = _page_of(reader, "Rules"), _page_of(reader, "Components")
    assert f"{rules + 1}\u2013{check}" in text or f"{rules + 1}" in text
    assert f"{check + 1}" in text and str(len(reader.pages)) in text
    assert str(components + 1) in text


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_card_faces_start_on_an_odd_page_and_the_kit_flips_on_the_edge_it_says(kits, paper):
    reader = PdfReader(io.BytesIO(kits["game-of-words", paper]))
    faces = _page_of(reader, "Components")
    assert (faces + 1) % 2 == 1  # page numbers count from 1: the faces are on the front of a sheet
    faces_xobjects = set(reader.pages[faces]["/Resources"]["/XObject"])
    backs_xobjects = set(reader.pages[faces + 1]["/Resources"]["/XObject"])
    assert len(faces_xobjects) > 1 and len(backs_xobjects) == 1  # letters, then the one back design
    prefs = reader.trailer["/Root"]["/ViewerPreferences"]
    box = reader.pages[faces].mediabox
    edge = "long" if box.height >= box.width else "short"
    assert prefs["/Duplex"] == ("/DuplexFlipLongEdge" if edge == "long" else "/DuplexFlipShortEdge")
    assert f"flip on the {edge} edge" in reader.pages[1].extract_text().lower().replace("\n", " ")
    guide = reader.pages[_page_of(reader, "Print check")].extract_text().replace("\n", " ")
    assert f"flipping on the {edge} edge" in guide


def _every_pdf() -> list[tuple[str, bytes]]:
    pdfs = [(f"{game.name}/{component.name}", component.render({}))
            for game in api.declarations() for component in game.components]
    return pdfs + [("kit", api.kit("wordsearch"))]


def test_every_pdf_asks_to_print_at_actual_size_and_says_its_language():
    for name, data in _every_pdf():
        root = PdfReader(io.BytesIO(data)).trailer["/Root"]
        assert root.get("/Lang") == "en", name
        assert root["/ViewerPreferences"]["/PrintScaling"] == "/None", name


@pytest.mark.parametrize("paper", list(Paper))
def test_every_paper_prints_every_component_on_its_size(paper):
    for game in api.declarations():
        for component in game.components:
            if "paper" not in {o.name for o in component.options}:
                continue
            reader = PdfReader(io.BytesIO(component.render({"paper": paper})))
            sizes = {tuple(sorted((round(float(p.mediabox.width)), round(float(p.mediabox.height)))))
                     for p in reader.pages}
            assert sizes == {tuple(sorted(round(v) for v in paper.size))}, (game.name, component.name, sizes)


def _marks(data: bytes) -> list[tuple[float, float]]:
    """Every crop mark of every trimmed page: (length, gap to the trim box), in mm, read from the content
    stream (straight lines drawn wholly outside the page's TrimBox)."""
    from pypdf.generic import ContentStream

    reader = PdfReader(io.BytesIO(data))
    found = []
    for page in reader.pages:
        if "/TrimBox" not in page:
            continue
        x0, y0, x1, y1 = (float(v) for v in page.trimbox)
        start = None
        for operands, op in ContentStream(page.get_contents(), reader).operations:
            if op == b"m":
                start = [float(v) for v in operands]
            elif op == b"l" and start is not None:
                (ax, ay), (bx, by) = start, [float(v) for v in operands]
                outside = max(x0 - max(ax, bx), min(ax, bx) - x1, y0 - max(ay, by), min(ay, by) - y1)
                if outside > 0:
                    found.append((abs(bx - ax + by - ay) / MM, outside / MM))
    return found


@pytest.mark.parametrize("paper", list(Paper))
@pytest.mark.parametrize("size, bleed", [("poker", 0.0), ("bridge", 0.0), ("poker", 3.0)])
def test_crop_marks_are_3_mm_long_and_2_mm_clear_of_the_cards_on_every_paper(paper, size, bleed):
    """Issue 17: on Letter the marks sat 0.95 mm from the trim and were 1.75 mm long."""
    data = api.render("game-of-words", "deck", paper=paper, size=size, bleed=bleed)
    marks = _marks(data)
    assert marks
    assert min(length for length, _ in marks) >= 3.0 - 0.01
    assert min(gap for _, gap in marks) >= 2.0 + bleed - 0.01


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tile_crop_marks_are_3_mm_long_and_2_mm_clear(paper):
    marks = _marks(api.render("3dxword", "pieces", form="tiles", paper=paper))
    assert marks and min(m for m, _ in marks) >= 3.0 - 0.01 and min(g for _, g in marks) >= 2.0 - 0.01


@pytest.mark.parametrize("options, mm", [({"size": "poker"}, (63, 88)), ({"size": "bridge"}, (57, 89)),
                                         ({"size": "tarot"}, (70, 120)), ({"size": "mini"}, (44, 63)),
                                         ({"size": "square"}, (70, 70)), ({"card_size": "60x90"}, (60, 90))])
def test_every_card_size_prints_its_cards_at_that_size(options, mm):
    """Each face is a form whose BBox is the card's trim: measured in the PDF, to 0.01 mm."""
    reader = PdfReader(io.BytesIO(api.render("game-of-words", "deck", **options)))
    forms = reader.pages[0]["/Resources"]["/XObject"]
    boxes = {tuple(round(float(v) / MM, 2) for v in form.get_object()["/BBox"]) for form in forms.values()}
    assert boxes == {(0.0, 0.0, float(mm[0]), float(mm[1]))}


@pytest.mark.parametrize("bad", ["10x90", "60x", "poker2", "60x900"])
def test_a_card_size_out_of_reason_is_one_line(invoke, tmp_path, bad):
    result = invoke("deck", "--card-size", bad, "--out", f"{tmp_path}/")
    assert result.exit_code == 2 and result.stderr.startswith("kitgen: --card-size: ") and \
        result.stderr.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def _last_page_fill(data: bytes) -> tuple[int, float]:
    """(pages, fill): how full the last page is, from the PDF: the lowest character above the page-number footer
    (the bottom 18 mm margin) as a share of the text area (16 mm top margin; templates/kitgen.css)."""
    import pypdfium2

    doc = pypdfium2.PdfDocument(data)
    try:
        page = doc[len(doc) - 1]
        height = page.get_height()
        text = page.get_textpage()
        bottoms = [text.get_charbox(i)[1] for i in range(text.count_chars())]
        body = [b for b in bottoms if b > 18 * MM] or [height - 16 * MM]
        return len(doc), (height - 16 * MM - min(body)) / (height - 34 * MM)
    finally:
        doc.close()


@pytest.mark.parametrize("game", GAMES)
def test_every_rules_document_fits_one_page_or_ends_on_a_page_at_least_half_full(game):
    from kitgen.games import registry
    from kitgen.io.documents import render_document

    for paper in Paper:
        data = render_document(registry.get(game).rules_template, paper=paper, title="rules")
        pages, fill = _last_page_fill(data)
        assert pages == 1 or fill >= 0.5, (paper, pages, fill)


_COMMAND_LINE = re.compile(r"kitgen (?:deal|verify) [\w-]+|kitgen (?:deck|sheet|pattern|kit|bricks|words)\b|--[a-z]")
"""What a command line prints: kitgen and one of its commands (a deal's command names its game: "a kitgen deal" is
words), or a flag."""


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("game", GAMES)
def test_a_rules_document_says_in_words_what_kitgen_does(game, lang):
    """Issue 32: a teacher or a child reads the rules; they say what kitgen does with a game (deals it, checks a
    typed-in record) in words, and print no command line or flag, in English and translated."""
    from kitgen.games import registry
    from kitgen.io.documents import render_document

    with api.speaking(lang):
        data = render_document(registry.get(game).rules_template, paper=Paper.a4, title="rules")
    text = " ".join(" ".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages).split())
    assert "kitgen" in text  # the rules still say what kitgen does
    assert not _COMMAND_LINE.findall(text), _COMMAND_LINE.findall(text)


def test_the_crossword_rules_fit_one_page_of_a4_and_letter_whole():
    """The rules used to spill six lines onto a second page (the kit's fourth): laid out tighter, not cut."""
    from kitgen.io.documents import render_document

    for paper in (Paper.a4, Paper.letter):
        data = render_document("rules/crossword.html", paper=paper, title="rules")
        reader = PdfReader(io.BytesIO(data))
        assert len(reader.pages) == 1
        assert "the scores and the winner" in " ".join(reader.pages[0].extract_text().split())  # the last paragraph


def _text_sizes(data: bytes) -> list[tuple[str, float]]:
    """(character, font size in points) of every printed character, every page, measured by pdfium."""
    import pypdfium2
    import pypdfium2.raw as raw

    doc = pypdfium2.PdfDocument(data)
    try:
        found = []
        for page in doc:
            text = page.get_textpage()
            for i in range(text.count_chars()):
                ch = chr(raw.FPDFText_GetUnicode(text.raw, i))
                if not ch.isspace():
                    found.append((ch, raw.FPDFText_GetFontSize(text.raw, i)))
        return found
    finally:
        doc.close()


def _squares(data: bytes, page: int, lines: int) -> list[float]:
    """The spacing (mm) of a grid's vertical rules: the page's thin vertical paths of the grid's height, the
    tallest ``lines``-strong family."""
    from collections import Counter

    bars = [(round(h, 1)) for w, h in _bars(data, page) if w < 2 and h > 30]
    height = Counter(bars).most_common(1)[0][0]
    import pypdfium2
    import pypdfium2.raw as raw

    doc = pypdfium2.PdfDocument(data)
    try:
        xs = sorted({round(obj.get_bounds()[0] / MM, 2) for obj in doc[page].get_objects()
                     if obj.type == raw.FPDF_PAGEOBJ_PATH
                     and abs((obj.get_bounds()[3] - obj.get_bounds()[1]) / MM - height) < 0.1
                     and (obj.get_bounds()[2] - obj.get_bounds()[0]) / MM < 2})
    finally:
        doc.close()
    assert len(xs) >= lines, xs
    return [b - a for a, b in zip(xs, xs[1:], strict=False)]


@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
def test_a_large_print_score_sheet_has_12_mm_boxes_and_no_text_under_16_pt(invoke, tmp_path, paper):
    result = invoke("sheet", "--large-print", "--seed", "3", "--paper", paper, "--out", f"{tmp_path}/")
    assert result.exit_code == 0, result.output
    name = "wordsearch-sheet-3-large" + ("" if paper == "a4" else f"-{paper}") + ".pdf"
    data = (tmp_path / name).read_bytes()  # the name carries it: no clash with the ordinary sheet
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 2 and "Turn log" in reader.pages[1].extract_text()  # the log has a page of its own
    sizes = _text_sizes(data)
    assert sizes and min(size for _, size in sizes) >= 16 - 0.01, sorted(sizes, key=lambda s: s[1])[:5]
    squares = _squares(data, 0, 6)
    assert min(squares) >= 12.0 and len(squares) == 5, squares
    # issue 32: the turn log's rows and the cells a letter is written in are 12 mm too (they were 8.9 mm)
    from pdflayout import layout_problems

    assert not [p for p in layout_problems(data, 5 * MM, min_type=16, min_row=12 * MM) if p.startswith("page 2")]
    from pdflayout import rules

    lines = rules(data, 1)
    ends = sorted({round(r.x1, 1) for r in lines if not r.vertical and r.x1 - r.x0 > 50 * MM})  # a column's right
    for right in ends:
        inner = sorted({round(r.x0, 1) for r in lines if r.vertical and right - 60 * MM < r.x0 < right})
        letter, line = inner[-1] - inner[-2], right - inner[-1]  # the last two cells: letter, line
        assert min(letter, line) >= 12 * MM - 0.1, (letter / MM, line / MM)


def test_an_ordinary_sheet_is_not_large_print(invoke, tmp_path):
    """The measure above can fail: the ordinary sheet has text under 16 pt."""
    assert invoke("sheet", "--seed", "3", "--out", f"{tmp_path}/").exit_code == 0
    assert min(size for _, size in _text_sizes((tmp_path / "wordsearch-sheet-3.pdf").read_bytes())) < 16


@pytest.mark.parametrize("args, message", [(["--per-page", "2"], "one sheet a page"),
                                            (["--paper", "a5"], "A4, Letter or larger")])
def test_large_print_refuses_what_it_cannot_print_in_one_line(invoke, tmp_path, args, message):
    result = invoke("sheet", "--large-print", *args, "--out", f"{tmp_path}/")
    assert result.exit_code == 2 and message in result.output and "Traceback" not in result.output


def _grid_squares(data: bytes, page: int) -> list[float]:
    """The widths (mm) of a crossword grid's columns: the gaps between the x of every vertical rule drawn on the
    page (the grid's rules are paths of many segments; pdfium gives each segment's points)."""
    import pypdfium2.raw as raw
    from pdfpaths import page_paths

    xs: set[float] = set()
    for *_, points in page_paths(data, page):
        for (_, x0, y0), (kind, x1, y1) in zip(points, points[1:], strict=False):
            if kind == raw.FPDF_SEGMENT_LINETO and abs(x1 - x0) < 0.01 and abs(y1 - y0) > 20:
                xs.add(round(x0 / MM, 2))
    ordered = sorted(xs)
    return [b - a for a, b in zip(ordered, ordered[1:], strict=False)]


@pytest.mark.parametrize("args", [("--paper", "a4"), ("--paper", "letter", "--style", "american", "--size", "13"),
                                  ("--paper", "a3", "--size", "21", "--solution")])
def test_large_print_patterns_have_12_mm_squares_one_a_page_and_no_text_under_16_pt(invoke, tmp_path, args):
    """Issue 17: ``pattern --large-print``: squares 12 mm or more, every character (clue numbers, the score
    table, the rules, the footer) 16 pt or more; the grid alone on its page, the score table after it."""
    result = invoke("pattern", "--large-print", "--seed", "7", *args, "--out", f"{tmp_path}/")
    assert result.exit_code == 0, result.output
    pdf = next(tmp_path.glob("*.pdf"))
    assert "-large" in pdf.name  # no clash with the ordinary print
    data = pdf.read_bytes()
    sizes = _text_sizes(data)
    assert sizes and min(size for _, size in sizes) >= 16 - 0.01, sorted(sizes, key=lambda s: s[1])[:5]
    size = 21 if "21" in args else 13 if "13" in args else 15
    squares = _grid_squares(data, 0)
    assert len(squares) == size and min(squares) >= 12.0 - 0.01, squares
    reader = PdfReader(io.BytesIO(data))
    assert "Score table" not in reader.pages[0].extract_text() and "Score table" in reader.pages[1].extract_text()
    if "--solution" in args:
        assert "Solution" in reader.pages[-1].extract_text() and min(_grid_squares(data, len(reader.pages) - 1)) >= 12


@pytest.mark.parametrize("size, under", [("11", True), ("15", False)])
def test_large_print_rules_go_under_the_grid_only_when_they_fit_there(invoke, tmp_path, size, under):
    """Ruling 11: the rules sit under a grid that leaves room for them (an 11x11 on A4), so the score table
    has its page to itself; a 15x15 leaves no room and the rules head the score table."""
    assert invoke("pattern", "--large-print", "--size", size, "--seed", "3", "--out", f"{tmp_path}/").exit_code == 0
    reader = PdfReader(io.BytesIO(next(tmp_path.glob("*.pdf")).read_bytes()))
    grid_page, table_page = (" ".join(reader.pages[k].extract_text().split()) for k in (0, 1))
    rule = "First entry: the shortest light"
    assert (rule in grid_page, rule in table_page) == (under, not under)
    assert "Score table" in table_page


@pytest.mark.parametrize("rounds, first, rest", [(28, 25, 25), (31, 28, 30), (35, 30, 10), (17, 17, 20), (1, 5, 5),
                                                 (90, 14, 19)])
def test_a_large_print_table_that_runs_over_shares_its_rows_evenly(rounds, first, rest):
    """Issue 32: a table one page cannot hold left its last few rows (three of 28) on a page of their own; now
    it takes as few pages as hold it and shares the rounds between them, none over a page's room."""
    from kitgen.games.crossword.large_print import table_split

    split = table_split(rounds, first, rest)
    pages = 1 if rounds <= first else 1 + -(-(rounds - first) // rest)
    assert sum(split) == rounds and len(split) == pages, split
    assert split[0] <= first and all(rows <= rest for rows in split[1:]), split
    assert max(split) - min(split) <= 1 or split[0] == first or max(split[1:]) == rest, split


@pytest.mark.parametrize("paper", ["a4", "letter", "legal", "a3", "tabloid"])
def test_no_large_print_score_table_page_holds_a_few_rows_alone(invoke, tmp_path, paper):
    """Every page of a large-print crossword's score table holds at least a third of the rounds it holds on its
    fullest page (A4: 17 and 11 rows were drawn 14 and 14; Legal 22 and 6), and every round has its row."""
    assert invoke("pattern", "--large-print", "--style", "american", "--size", "13", "--seed", "0", "--paper",
                  paper, "--out", f"{tmp_path}/").exit_code == 0
    reader = PdfReader(io.BytesIO(next(tmp_path.glob("*.pdf")).read_bytes()))
    tables = [page.extract_text().split() for page in reader.pages[1:]]
    numbers = [{int(w) for w in words[len(words) - words[::-1].index("Total"):] if w.isdigit()} &
               set(range(1, 29)) for words in tables]  # the round numbers, after the last head (not names)
    rows = [len(found) for found in numbers]
    assert set().union(*numbers) == set(range(1, 29)) and min(rows) * 3 >= max(rows), rows


def test_an_ordinary_pattern_is_not_large_print(invoke, tmp_path):
    assert invoke("pattern", "--seed", "7", "--out", f"{tmp_path}/").exit_code == 0
    assert min(size for _, size in _text_sizes(next(tmp_path.glob("*.pdf")).read_bytes())) < 16


@pytest.mark.parametrize("args, message", [
    (["--size", "21"], "the largest that fits A4 is 15x15: give a smaller --size, or --paper a3"),
    (["--size", "17", "--paper", "letter"], "the largest that fits US Letter is 15x15"),
    (["--per-page", "2"], "one pattern a page")])
def test_large_print_patterns_refuse_what_does_not_fit_in_one_line(invoke, tmp_path, args, message):
    result = invoke("pattern", "--large-print", *args, "--out", f"{tmp_path}/")
    assert result.exit_code == 2 and message in result.output and "Traceback" not in result.output
    assert not list(tmp_path.iterdir())  # nothing written
