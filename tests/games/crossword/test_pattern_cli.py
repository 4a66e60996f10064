"""`kitgen pattern`: generate, import (.txt/.ipuz/.puz), export ipuz, print PDFs, --check (issue 3)."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from kitgen.core.errors import InputError
from kitgen.core.grid import Grid
from kitgen.games.crossword.formats.ipuz import ipuz_dict, parse_ipuz
from kitgen.games.crossword.formats.puz import parse_puz
from kitgen.games.crossword.rules.pattern import Pattern
from kitgen.io.pdf import MM, Paper

GRID = "#......\n.#.#.#.\n.......\n.#.#.#.\n......#\n"


def fonts_embedded(reader: PdfReader) -> bool:
    seen = 0
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            for desc in font.get("/DescendantFonts", [font]):
                fd = desc.get_object().get("/FontDescriptor")
                assert fd is not None and "/FontFile2" in fd.get_object(), font
                seen += 1
    return seen > 0


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_generated_pdf_content_fonts_and_margins(invoke, tmp_path, paper):
    out = tmp_path / "p.pdf"
    result = invoke("pattern", "--seed", "4", "--count", "3", "--paper", paper, "--out", out)
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == f"wrote {out}"
    reader = PdfReader(out)
    assert len(reader.pages) == 3
    text = " ".join(reader.pages[0].extract_text().split())  # the footer's rules wrap to a readable measure
    assert "Player 1" in text and "Player 2" in text and "length \u00d7 links" in text
    assert "Links" in text and "Total" in text and "15\u00d715" in text
    assert fonts_embedded(reader)
    w, h = Paper(paper).size
    box = reader.pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx((w, h))


@pytest.mark.parametrize("style, extra", [("american", ()), ("british", ("--per-page", "4", "--paper", "letter",
                                                                          "--count", "5"))])
def test_same_seed_byte_identical_pdf_and_ipuz(invoke, tmp_path, style, extra):
    for k in (1, 2):
        assert invoke("pattern", "--seed", "9", "--style", style, *extra, "--out", tmp_path / f"{k}.pdf",
                      "--ipuz", tmp_path / f"{k}.ipuz").exit_code == 0
    assert (tmp_path / "1.pdf").read_bytes() == (tmp_path / "2.pdf").read_bytes()
    made = sorted(p.name for p in tmp_path.glob("1*.ipuz"))
    assert made and all((tmp_path / n).read_bytes() == (tmp_path / ("2" + n[1:])).read_bytes() for n in made)
    invoke("pattern", "--seed", "10", "--style", style, *extra, "--out", tmp_path / "3.pdf")
    assert (tmp_path / "3.pdf").read_bytes() != (tmp_path / "1.pdf").read_bytes()


@pytest.mark.parametrize("per_page, pages", [("1", 4), ("2", 2), ("4", 1)])
def test_per_page(invoke, tmp_path, per_page, pages):
    out = tmp_path / "p.pdf"
    assert invoke("pattern", "--count", "4", "--size", "9", "--per-page", per_page, "--out", out).exit_code == 0
    assert len(PdfReader(out).pages) == pages


@pytest.mark.parametrize("size, paper, asked, printed", [("15", "a4", "4", 2), ("21", "a4", "2", 1),
                                                           ("15", "a5", "2", 1), ("9", "a4", "4", 4)])
def test_squares_are_never_under_6_mm_fewer_go_on_a_page_and_the_page_says_so(invoke, tmp_path, size, paper,
                                                                               asked, printed):
    """Issue 17: 15x15 at 4 a page on A4 had 4.4 mm squares. The layout now prints fewer a page and its footer
    says why; every square measured in the PDF is 6 mm or more."""
    out = tmp_path / "p.pdf"
    assert invoke("pattern", "--count", "4", "--size", size, "--paper", paper, "--per-page", asked,
                  "--out", out).exit_code == 0
    reader = PdfReader(out)
    # the patterns' pages (a 21x21's score table runs on to a page of its own, its Entry column kept: issue 32)
    assert sum("Score table, continued" not in page.extract_text() for page in reader.pages) == 4 // printed
    text = reader.pages[0].extract_text()
    assert (f"{printed} a page ({asked} asked)" in text) == (str(printed) != asked)
    assert min(_squares(out)) >= 6 * MM - 0.01


@pytest.mark.parametrize("size, paper, message", [
    ("31", "a4", "a 31x31 pattern on A4 prints 4.9 mm squares, under the 6 mm a pencil needs: give --paper legal or "
                 "a smaller --size, or --small-squares to print them that small"),
    ("31", "a5", "on A5 prints 3.1 mm squares"), ("21", "a5", "give --paper letter or a smaller --size"),
    ("63", "a4", "2.4 mm squares, under the 6 mm a pencil needs: give a smaller --size, or --small-squares")])
def test_a_pattern_too_big_for_6_mm_squares_is_refused_naming_a_paper_that_would_do(invoke, tmp_path, size, paper,
                                                                                   message):
    """Issue 32: the README promises squares never under 6 mm; 31x31 on A5 printed 3.1 mm squares, 63x63 on A4
    2.4 mm. Now refused in one line, nothing written, unless asked for with --small-squares."""
    result = invoke("pattern", "--size", size, "--paper", paper, "--out", f"{tmp_path}/")
    assert result.exit_code == 2 and message in result.stderr and result.stderr.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("paper", ["a5", "a4", "letter"])
def test_small_squares_asked_for_print_with_a_warning_that_fits_the_page(invoke, tmp_path, paper):
    """With --small-squares the big grid prints, and the footer saying how small (and which paper gives 6 mm)
    wraps inside the page's margins in 7 pt type (on A5 it ran off both edges, 6.5 pt)."""
    from pdflayout import glyphs, outside, page_sizes

    out = tmp_path / "p.pdf"
    assert invoke("pattern", "--size", "31", "--paper", paper, "--small-squares", "--out", out).exit_code == 0
    text = " ".join(PdfReader(out).pages[0].extract_text().split())
    assert "under the 6 mm a pencil needs: print on " in text and " for 6 mm" in text and "page 1 of 1" in text
    data = out.read_bytes()
    page = glyphs(data)[0]
    foot = [g for g in page if g.bottom < 12 * MM]  # the footer's lines, from the margin down
    assert len(foot) > 40 and min(g.size for g in foot) >= 7 - 0.01  # one line: the set's label may be cut
    width, height = page_sizes(data)[0]
    assert not outside(foot, width, height, 5 * MM)
    assert min(g.left for g in foot) >= 12 * MM - 0.5 and max(g.right for g in foot) <= width - 12 * MM + 0.5


def test_small_squares_no_paper_holds_say_so_in_words(invoke, tmp_path):
    """A 63x63 pattern gets no 6 mm squares even on Tabloid: the footer says to print a smaller grid, in words
    (issue 32: it said "print a smaller --size", a flag on a printed page)."""
    out = tmp_path / "p.pdf"
    assert invoke("pattern", "--size", "63", "--paper", "tabloid", "--small-squares", "--out", out).exit_code == 0
    text = " ".join(PdfReader(out).pages[0].extract_text().split())
    assert "under the 6 mm a pencil needs: print a smaller grid for 6 mm" in text and "--" not in text


def _squares(pdf) -> list[float]:
    """The side of each grid square drawn (the spacing of the thin grid lines, from the content stream)."""
    from pypdf.generic import ContentStream

    from kitgen.games.crossword import render

    reader = PdfReader(pdf)
    sides = []
    for page in reader.pages:
        ops = ContentStream(page.get_contents(), reader).operations
        width, start, lines = None, None, []
        for operands, op in ops:
            if op == b"w":
                width = float(operands[0])
            elif op == b"m":
                start = [float(v) for v in operands]
            elif op == b"l" and width == render.GRID_LINE and start and abs(float(operands[0]) - start[0]) < 0.01:
                lines.append((round(max(start[1], float(operands[1])), 1), round(start[0], 2)))
        for top in {t for t, _ in lines}:  # each grid's vertical lines share their top
            xs = sorted(x for t, x in lines if t == top)
            sides += [b - a for a, b in zip(xs, xs[1:], strict=False)]
    return sides


def test_drawing_stays_inside_10mm_margins(tmp_path):
    """Every drawn point lies at least 10 mm from the paper's edge (content stream coordinates)."""
    from reportlab.pdfgen.canvas import Canvas

    from kitgen.games.crossword import render
    from kitgen.games.crossword.rules.generate import generate

    class Spy(Canvas):
        points: list = []

        def line(self, x1, y1, x2, y2):
            Spy.points += [(x1, y1), (x2, y2)]
            super().line(x1, y1, x2, y2)

        def rect(self, x, y, w, h, **kw):
            Spy.points += [(x, y), (x + w, y + h)]
            super().rect(x, y, w, h, **kw)

    for paper in Paper:
        for per_page in (1, 2, 4):
            Spy.points = []
            c = Spy(str(tmp_path / "m.pdf"), pagesize=paper.size)
            from kitgen.io.fonts import register_fonts

            register_fonts()
            render.draw_patterns(c, [generate(15, 15, "british", "rotational", 1)] * per_page, paper, per_page)
            w, h = paper.size
            xs = [p[0] for p in Spy.points]
            ys = [p[1] for p in Spy.points]
            assert min(xs) >= 10 * MM and max(xs) <= w - 10 * MM, (paper, per_page)
            assert min(ys) >= 10 * MM and max(ys) <= h - 10 * MM, (paper, per_page)


def test_from_text_ipuz_and_puz_blanks_letters(invoke, tmp_path):
    import puz

    filled = tmp_path / "filled.txt"
    filled.write_text("# a solved grid\nCAT\nA#O\nTOP\n")
    result = invoke("pattern", "--from", filled, "--text", "--out", tmp_path / "f.pdf")
    assert result.exit_code == 0 and "...\n.#.\n..." in result.stdout
    ip = tmp_path / "g.ipuz"
    ip.write_text(json.dumps(ipuz_dict(Grid(GRID.split()))))
    assert "#......" in invoke("pattern", "--from", ip, "--text", "--out", tmp_path / "g.pdf").stdout
    p = puz.Puzzle()
    p.width = p.height = 5
    p.solution = "ABCDEF.G.HIJKLMN.O.PQRSTU"
    p.fill = "".join("." if ch == "." else "-" for ch in p.solution)
    p.clues = ["x"] * 6
    p.save(str(tmp_path / "g.puz"))
    result = invoke("pattern", "--from", tmp_path / "g.puz", "--text", "--out", tmp_path / "h.pdf")
    assert result.exit_code == 0 and ".....\n.#.#.\n.....\n.#.#.\n.....\n" in result.stdout


def test_ipuz_export_is_valid_and_round_trips(invoke, tmp_path):
    out = tmp_path / "set.ipuz"
    assert invoke("pattern", "--count", "3", "--seed", "2", "--ipuz", out, "--out", tmp_path).exit_code == 0
    files = sorted(p.name for p in tmp_path.glob("*.ipuz"))
    assert files == ["set-1.ipuz", "set-2.ipuz", "set-3.ipuz"]
    data = json.loads((tmp_path / "set-1.ipuz").read_text())
    assert data["version"] == "http://ipuz.org/v2" and data["kind"] == ["http://ipuz.org/crossword#1"]
    assert data["dimensions"] == {"width": 15, "height": 15} and data["block"] == "#" and data["empty"] == 0
    assert "solution" not in data   # a blank pattern: null solution cells would mean omitted cells
    grid = parse_ipuz("x", (tmp_path / "set-1.ipuz").read_text()).grid
    assert [row.count("#") for row in data["puzzle"]] == [row.count("#") for row in grid.text_rows]
    numbered = {(r, c): v for r, row in enumerate(data["puzzle"]) for c, v in enumerate(row)
                if isinstance(v, int) and v}
    assert numbered == grid.numbers
    assert {n for n, _ in data["clues"]["Across"]} == {light.number for light in grid.lights if light.direction == "A"}


def test_check_reports_and_exit_codes(invoke, tmp_path):
    good = tmp_path / "good.txt"
    good.write_text(GRID)
    result = invoke("pattern", "--check", good)
    assert result.exit_code == 0 and "light lengths" in result.stdout and "symmetry: rotational" in result.stdout
    bad = tmp_path / "bad.txt"
    bad.write_text("...\n.#.\n...\n")
    result = invoke("pattern", "--check", bad, "--style", "american")
    assert result.exit_code == 1 and "1A: 1 unchecked" in result.stdout
    data = json.loads(invoke("pattern", "--check", bad, "--json").stdout)
    assert data["styles"]["british"]["legal"] is True and data["histogram"] == {"3": 4}


@pytest.mark.parametrize("args, why", [
    (("--size", "64"), "between 3 and 63"),
    (("--rows", "2"), "between 3 and 63"),
    (("--count", "1001"), "--count must be between 1 and 1000"),
    (("--count", "0"), "--count must be between 1 and 1000"),
    (("--size", "14", "--style", "british"), "odd sizes"),
    (("--seed", "-1"), "--seed must be between 0 and 2147483647 (got -1)"),
])
def test_bad_options_exit_2(invoke, tmp_path, args, why):
    result = invoke("pattern", *args, "--out", tmp_path)
    assert result.exit_code == 2 and why in result.stderr, result.output


def test_64x64_pattern_file_is_exit_2_with_place(invoke, tmp_path):
    big = tmp_path / "big.txt"
    big.write_text(("." * 64 + "\n") * 64)
    result = invoke("pattern", "--check", big)
    assert result.exit_code == 2 and result.stderr.startswith(f"kitgen: {big}:1:64:")
    ragged = tmp_path / "ragged.txt"
    ragged.write_text("....\n...\n....\n")
    result = invoke("pattern", "--from", ragged, "--out", tmp_path)
    assert result.exit_code == 2 and f"{ragged}:2:4: ragged row" in result.stderr
    assert not list(tmp_path.glob("*.pdf"))   # nothing half-written


def test_kit_components_is_a_page_a_pattern_and_its_score_table_s_run_on():
    """Two patterns' pages; the American pattern's score table runs on to a page of its own on A4 (issue 32: its
    Entry column keeps room for the longest entry instead of splitting into banks)."""
    from kitgen.games.crossword.render import kit_components

    data = kit_components(Paper.a4, 7)
    reader = PdfReader(io.BytesIO(data))
    texts = [page.extract_text() for page in reader.pages]
    assert [text.startswith("Score table, continued") for text in texts] == [False, False, True]
    assert fonts_embedded(reader)
    assert kit_components(Paper.a4, 7) == data
    three = PdfReader(io.BytesIO(kit_components(Paper.letter, 7, players=3)))
    assert "Player 3" in three.pages[0].extract_text()


def test_rules_template_renders():
    from kitgen.io.documents import render_document

    data = render_document("rules/crossword.html", paper=Paper.a4, title="Crossword", seed=None)
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages)
    assert "length times links" in text.lower() and "BALANCE" in text


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.text(max_size=200), st.recursive(
    st.none() | st.booleans() | st.integers(-3, 70) | st.sampled_from(["#", ".", "A", "crossword"]),
    lambda kids: st.lists(kids, max_size=5) | st.dictionaries(
        st.sampled_from(["dimensions", "width", "height", "puzzle", "kind", "block", "cell"]), kids, max_size=5),
    max_leaves=30).map(json.dumps)))
def test_fuzzed_ipuz_reader_raises_only_input_errors(text):
    try:
        parse_ipuz("f.ipuz", text)
    except InputError:
        pass


def _valid_puz() -> bytes:
    import puz

    p = puz.Puzzle()
    p.width = p.height = 5
    p.solution = "ABCDEF.G.HIJKLMN.O.PQRSTU"
    p.fill = "".join("." if ch == "." else "-" for ch in p.solution)
    p.clues = ["x"] * 6
    return p.tobytes()


VALID_PUZ = _valid_puz()


def test_valid_puz_bytes_read():
    assert parse_puz("ok.puz", VALID_PUZ).blank().grid.text_rows == (".....", ".#.#.", ".....", ".#.#.", ".....")


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=300), st.lists(st.tuples(st.integers(0, len(VALID_PUZ) - 1), st.integers(0, 255)),
                                        max_size=8), st.integers(0, len(VALID_PUZ)))
def test_fuzzed_puz_reader_raises_only_input_errors(noise, flips, cut):
    for data in (noise, _mutate(VALID_PUZ, flips)[:cut]):
        try:
            parse_puz("f.puz", data)
        except InputError:
            pass


def test_a_letter_whose_capital_is_two_letters_keeps_the_grid_square() -> None:
    """Found by the fuzzer: a solution byte read as 'ß' (whose capital is 'SS') made a row a cell too long."""
    flipped = _mutate(VALID_PUZ, [(52, 223)])
    pattern = parse_puz("f.puz", flipped)
    assert len({len(row) for row in pattern.grid.text_rows}) == 1


def _mutate(data: bytes, flips) -> bytes:
    out = bytearray(data)
    for i, b in flips:
        out[i] = b
    return bytes(out)


def test_rerunning_replaces_our_own_pdf_but_not_a_strangers(invoke, tmp_path):
    out = tmp_path / "set.pdf"
    for _ in range(2):   # a 6-page PDF: its Info dictionary is far from both ends of the file
        result = invoke("pattern", "--count", "6", "--out", out, "--ipuz", tmp_path / "set.ipuz")
        assert result.exit_code == 0, result.output
    foreign = tmp_path / "mine.pdf"
    foreign.write_text("my own notes")
    result = invoke("pattern", "--out", foreign)
    assert result.exit_code == 2 and "not written by kitgen" in result.stderr
    assert foreign.read_text() == "my own notes"
    assert invoke("pattern", "--out", foreign, "--force").exit_code == 0


def test_pdf_has_a_bookmark_a_pattern(invoke, tmp_path):
    out = tmp_path / "b.pdf"
    invoke("pattern", "--count", "3", "--per-page", "2", "--out", out)
    assert [o.title for o in PdfReader(out).outline] == [f"kitgen crossword: pattern {k}" for k in (1, 2, 3)]


def test_json_summary_of_generated_patterns(invoke, tmp_path):
    out = json.loads(invoke("pattern", "--count", "2", "--seed", "5", "--size", "9", "--json",
                            "--out", tmp_path / "j.pdf").stdout)
    assert out["seed"] == 5 and len(out["patterns"]) == 2 and out["pdf"] == str(tmp_path / "j.pdf")
    assert len(out["patterns"][0]["rows"]) == 9 and out["patterns"][0]["lights"] > 0


@pytest.mark.parametrize("per_page", [1, 2, 4])
@pytest.mark.parametrize("paper", list(Paper))
@pytest.mark.parametrize("style", ["british", "american"])
def test_score_table_has_a_row_for_every_round(tmp_path, style, paper, per_page):
    """A whole game is one round a pair of lights (+1 for the closing passes): the printed table holds it.

    Before this test, 4 a page gave 5 rows for a 30-light pattern and 1 a page 24 rows for a 74-light one.
    American 15x15 patterns (72-78 lights, up to 40 rounds) cannot get every round at 4 a page: at least 16.
    Rows are 6 mm or more (issue 32), so one a page on A5 the rounds the pattern's page has no room for run on
    to a page of their own (``continued_table``, which ``draw_patterns`` draws after the pattern's page).
    """
    from reportlab.pdfgen.canvas import Canvas

    from kitgen.games.crossword import render
    from kitgen.games.crossword.rules.generate import generate
    from kitgen.io.fonts import register_fonts

    register_fonts()
    if render.fitting_per_page(Pattern(generate(15, 15, style, "rotational", 0)), paper, per_page) < per_page:
        pytest.skip("squares under 6 mm, or rows for fewer than every round, at this many a page: the layout "
                    "prints fewer (tested below)")
    box = render.panel_boxes(paper, per_page)[0]
    c = Canvas(str(tmp_path / "rows.pdf"), pagesize=paper.size)
    for seed in range(8):
        grid = generate(15, 15, style, "rotational", seed)
        rows = render.draw_panel(c, grid, *box, title="t", players=("Player 1", "Player 2"), rules=per_page != 4)
        rounds = -(-len(grid.lights) // 2) + 1
        if per_page == 1 and rows < rounds:
            rows += render.continued_table(c, paper, "t", ("Player 1", "Player 2"), rows + 1, rounds - rows)
        if style == "american" and per_page == 4:
            assert rows >= 16, (seed, rows)
        else:
            assert rows >= rounds, (seed, len(grid.lights), rows)


@pytest.mark.parametrize("paper", list(Paper))
def test_score_table_rows_are_6_mm_or_more_on_every_paper(paper):
    """Every row a player writes a round in is 6 mm or more (issue 32: 4.0-4.8 mm on A4, A5 and Letter), on every
    paper at 1, 2 and 4 patterns a page (fewer where the layout must) for 2 and 4 players, nothing under 7 pt,
    crossing a rule or within 5 mm of the edge; one a page, a game longer than the page's table runs on to a page
    that says so, its rounds numbered on and its footer the pattern's page number."""
    from functools import partial

    from pdflayout import glyphs, layout_problems, runs

    from kitgen.games.crossword import render
    from kitgen.games.crossword.rules.generate import generate
    from kitgen.io.pdf import MM, canvas_bytes

    for style in ("british", "american"):
        grid = generate(15, 15, style, "rotational", 0)
        for per_page, players in [(1, 2), (2, 2), (4, 2), (1, 4), (1, 12)]:  # 12: names that do not fit: numbers
            fit = render.fitting_per_page(Pattern(grid), paper, per_page)
            names = [f"Player {k + 1}" for k in range(players)]
            data = canvas_bytes(partial(render.draw_patterns, patterns=[grid] * fit, paper=paper, per_page=fit,
                                        players=names), paper)
            assert layout_problems(data, 5 * MM, min_type=7, min_row=6 * MM) == [], (style, per_page, players)
            pages = glyphs(data)
            for page in pages[1:]:  # as many as the rounds take (A5: the two players' tables stacked, issue 32)
                text = "".join(g.char for g in page)
                assert fit == 1 and text.startswith("Scoretable,continued") and text.endswith("page1of1,continued")
            if len(pages) > 1:
                assert str(render.rounds_needed(grid, players)) in {r.char for r in runs(pages[-1])}
    rows = render.panel_rows(Pattern(generate(15, 15, "american", "rotational", 0)), paper, 1)
    # A3 holds the game in two banks that keep an Entry column for 15 letters (issue 32); on the others it runs on
    assert rows >= 37 if paper is Paper.a3 else rows < 37


@pytest.mark.parametrize("paper", list(Paper))
def test_score_table_heads_are_7_pt_or_more_with_a_key_to_the_short_ones(paper):
    """The score table's column heads never shrink under 7 pt (on A5 with 4 players they shrank to 4.5 pt): a
    head wider than its column is abbreviated (Lt, Sc, Tot; L, S, T for a dozen players on A5) and the key under
    the table spells the short ones out. No head, key or name runs across a rule or over other text, and every
    round still gets a row. The pattern command's layouts (2 players, 1, 2 or 4 a page) and the kit's (1 a
    page, up to 12 players)."""
    from functools import partial

    from pdflayout import crossing, glyphs, overlapping, rules, runs

    from kitgen.games.crossword import render
    from kitgen.games.crossword.rules.generate import generate
    from kitgen.io.pdf import canvas_bytes

    heads = set(render.SHORT) | set(render.MEANING)
    for style in ("british", "american"):
        grid = generate(15, 15, style, "rotational", 0)
        for per_page, players in [(1, 2), (2, 2), (4, 2), (1, 4), (1, 12)]:
            names = [f"Player {k + 1}" for k in range(players)]
            data = canvas_bytes(partial(render.draw_patterns, patterns=[grid] * per_page, paper=paper,
                                        per_page=per_page, players=names), paper)
            page = glyphs(data)[0]
            printed = [r for r in runs(page) if r.char in heads]
            assert len(printed) >= 3 * players and min(r.size for r in printed) >= 7 - 0.01, (style, per_page)
            text = "".join(g.char for g in page)
            for short in {r.char for r in printed} & set(render.MEANING):
                assert f"{short}{render.MEANING[short]}" in text, (style, per_page, short)
            assert crossing(page, rules(data, 0)) == [] and overlapping(page) == [], (style, per_page, players)


def test_four_players_score_table_abbreviates_what_the_entry_column_leaves_no_room_for():
    """Four players on A3: beside Entry columns wide enough for the pattern's longest entry (issue 32), Light,
    Score and Total do not fit their columns at 7 pt, so they print as Lt, Sc and Tot with the key; A4 has room for
    the words. On A5 four Entry columns that wide do not fit beside each other: the table is numbers only (the
    entries are in the grid), its heads spelt out. (Until issue 32's Entry rule A5 abbreviated, beside Entry
    columns too narrow to write a long entry in.)"""
    from pdflayout import glyphs, runs

    from kitgen.games.crossword.render import kit_components

    def heads(paper):
        return {r.char for r in runs(glyphs(kit_components(paper, 1, 4))[0]) if r.size == 7}

    assert {"Lt", "Sc", "Tot", "Entry"} <= heads(Paper.a3) and "Light" not in heads(Paper.a3)
    assert {"Light", "Entry", "Total"} <= heads(Paper.a4)
    assert {"Light", "Score", "Total"} <= heads(Paper.a5) and not {"Entry", "Ent"} & heads(Paper.a5)


_IPUZ_HEAD = '{"version": "http://ipuz.org/v2", "kind": ["http://ipuz.org/crossword#1"],\n'


@pytest.mark.parametrize("body, where, why", [
    ('"dimensions": {"width": 3, "height": 64},\n"puzzle": []}', "2:38", "height must be a whole number"),
    ('"dimensions": {"width": 3, "height": 3},\n"puzzle": [[0, 0, 0],\n  [0, "#"],\n  [0, 0, 0]]}', "4:3",
     "puzzle row 2 must have 3 cells"),
    ('"dimensions": {"width": 3, "height": 3},\n"puzzle": [[0, 0, 0],\n  [0, true, 0],\n  [0, 0, 0]]}', "4:7",
     "a cell of unknown kind True"),
    ('"dimensions": {"width": 3, "height": 3},\n"puzzle": "###"}', "3:11", "a list of 3 rows"),
])
def test_malformed_ipuz_is_exit_2_at_the_json_line_and_column(invoke, tmp_path, body, where, why):
    bad = tmp_path / "bad.ipuz"
    bad.write_text(_IPUZ_HEAD + body)
    result = invoke("pattern", "--from", bad, "--out", tmp_path)
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith(f"kitgen: {bad}:{where}: ") and why in result.stderr, result.stderr
    assert not list(tmp_path.glob("*.pdf"))


def test_a_pattern_without_a_light_is_not_printed(invoke, tmp_path):
    walls = tmp_path / "walls.txt"
    walls.write_text("#.#\n###\n#.#\n")
    result = invoke("pattern", "--from", walls, "--out", tmp_path)
    assert result.exit_code == 2 and f"kitgen: {walls}:1:1: the pattern has no light" in result.stderr   # the grid
    assert not list(tmp_path.glob("*.pdf"))


def test_from_with_count_prints_a_class_set_of_copies(invoke, tmp_path):
    src = tmp_path / "paper.txt"
    src.write_text(GRID)
    out = tmp_path / "class.pdf"
    result = invoke("pattern", "--from", src, "--count", "6", "--per-page", "2", "--out", out,
                    "--ipuz", tmp_path / "one.ipuz")
    assert result.exit_code == 0, result.output
    reader = PdfReader(out)
    assert len(reader.pages) == 3
    text = reader.pages[0].extract_text()
    assert text.count("7\u00d75") == 2 and "pattern 2" not in text     # copies, not numbered; columns x rows
    assert [p.name for p in tmp_path.glob("*.ipuz")] == ["one.ipuz"]    # the pattern once


def test_copies_print_one_generated_pattern_laid_out_many_a_page(invoke, tmp_path):
    """A class set of one generated pattern (issue 27: copies of one keep the layout): --copies 6 --per-page 2 is
    three pages of the same pattern twice, not numbered as patterns; --count makes different ones."""
    result = invoke("pattern", "--seed", "5", "--size", "9", "--style", "american", "--copies", "6",
                    "--per-page", "2", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    [out] = tmp_path.glob("*.pdf")
    assert out.name == "pattern-american-9x9-seed5-each6-2up.pdf"
    pages = [re.sub(r"page \d+ of \d+", "", p.extract_text()) for p in PdfReader(out).pages]
    assert len(pages) == 3 and len(set(pages)) == 1 and "pattern 2" not in pages[0]
    one = invoke("pattern", "--seed", "5", "--size", "9", "--style", "american", "--out", tmp_path / "one.pdf")
    assert one.exit_code == 0
    grid = [line for line in PdfReader(tmp_path / "one.pdf").pages[0].extract_text().splitlines() if "lights" in line]
    assert grid and pages[0].count(grid[0]) == 2                      # the same pattern, twice a page
    different = invoke("pattern", "--seed", "5", "--size", "9", "--style", "american", "--count", "2",
                       "--per-page", "2", "--out", tmp_path / "two.pdf")
    assert different.exit_code == 0 and "pattern 2" in PdfReader(tmp_path / "two.pdf").pages[0].extract_text()


def test_copies_and_count_of_a_from_pattern_are_one_question(invoke, tmp_path):
    src = tmp_path / "paper.txt"
    src.write_text(GRID)
    result = invoke("pattern", "--from", src, "--count", "3", "--copies", "2", "--out", tmp_path / "x.pdf")
    assert result.exit_code == 2
    assert "--count and --copies both say how many copies to print: give one" in result.stderr
    assert not (tmp_path / "x.pdf").exists()
    same = invoke("pattern", "--from", src, "--copies", "4", "--per-page", "2", "--out", tmp_path / "y.pdf")
    assert same.exit_code == 0 and len(PdfReader(tmp_path / "y.pdf").pages) == 2


# -- big sets stream (issue 17) ---------------------------------------------------------------------

def test_a_long_set_is_drawn_a_batch_at_a_time_and_prints_as_one_canvas_would(tmp_path, monkeypatch):
    """60 patterns in batches of 25 pages (the last two by a worker process): the PDF prints exactly as the
    whole set drawn on one canvas, and no canvas ever held more than one batch."""
    import golden

    from kitgen.games.crossword import render
    from kitgen.games.crossword.rules.generate import generate_many
    from kitgen.io import pdfstream
    from kitgen.io.pdf import Paper, canvas_bytes

    batch_pages = []
    real_add = pdfstream.PageStream.add

    def add(self, pdf):
        from pypdf import PdfReader

        batch_pages.append(len(PdfReader(io.BytesIO(pdf)).pages))
        real_add(self, pdf)

    monkeypatch.setattr(pdfstream.PageStream, "add", add)
    out = io.BytesIO()
    grids = generate_many(7, 7, "british", "rotational", 3, 60)
    render.write_patterns(out, iter(grids), 60, Paper.a4, 1, "a long set", 3)
    assert batch_pages == [25, 25, 10]
    whole = canvas_bytes(lambda c: render.draw_patterns(c, grids, Paper.a4, 1, "a long set", numbered=True), Paper.a4,
                         title="Crossword patterns", subject="a long set", seed=3)
    assert golden.describe(out.getvalue()) == golden.describe(whole)


def test_the_pattern_command_keeps_only_plain_values_of_the_patterns_it_made(tmp_path):
    """A made pattern is kept as plain values (rows of text and its marks), not as a Grid with its lights
    worked out; going over the set again gives the same patterns."""
    from kitgen.core.grid import Grid
    from kitgen.games.crossword.declaration import PatternOptions, pattern_set

    patterns = pattern_set(PatternOptions(count=5, size=9))
    first = [p.grid.text_rows for p in patterns.printed()]
    assert len(first) == 5
    kept = [value for values in patterns.made.kept for value in values]
    assert not any(isinstance(value, Grid) for value in kept)
    assert [p.grid.text_rows for p in patterns.made] == first


def test_bars_stay_plain_on_big_squares(invoke, tmp_path):
    """Bars and the outline are a sixteenth of a square thick, 1.6 to 3.6 pt: on a 5x5 barred grid printed
    one a page (25 mm squares) a bar is 3.6 pt, over 7 times the 0.5 pt between squares; on 6 mm squares
    1.6 pt."""
    from kitgen.games.crossword import render

    assert render.bar_width(17.0) == 1.6 and render.bar_width(40.0) == pytest.approx(2.4)
    assert render.bar_width(71.0) == 3.6 and render.bar_width(71.0) > 7 * render.GRID_LINE
    out = tmp_path / "barred.pdf"
    assert invoke("pattern", "--from", Path(__file__).parent / "files" / "barred.ipuz", "--out", out).exit_code == 0
    from pypdf import PdfReader

    stream = PdfReader(out).pages[0].get_contents().get_data()
    assert b"3.6 w" in stream and b".5 w" in stream


@pytest.mark.parametrize("lang", ["en", "de", "el", "es", "fr", "it", "nl", "pl", "pt", "ru", "sv", "tr"])
@pytest.mark.parametrize("paper", list(Paper))
def test_a_run_on_page_s_footer_is_one_line(paper, lang):
    """Issue 32's run-on score-table page printed its footer on two lines ("... seed 1 · page 1 of 1," over
    "continued", US Letter): on every paper and in every language it is one line, and still says it continues
    its pattern's page. An American 15x15 for 2 and 4 players, one a page, as ``kitgen pattern`` labels it, and
    with a label too long for any page's line (a long file name): the footer then leaves the label out."""
    from functools import partial

    from pdflayout import glyphs

    from kitgen.core.i18n import gettext, speaking
    from kitgen.games.crossword import render
    from kitgen.games.crossword.rules.generate import generate
    from kitgen.io.pdf import MARGIN, canvas_bytes

    grid = generate(15, 15, "american", "rotational", 1)
    run_on = 0
    long = "autumn-term-2026/week-12/" * 8 + "american-15x15.ipuz"
    for players, label in ((2, "american 15x15, rotational symmetry, seed 1"), (4, "american 15x15"), (2, long)):
        with speaking(lang):
            names = [gettext("Player {n}").format(n=k + 1) for k in range(players)]
            data = canvas_bytes(partial(render.draw_patterns, patterns=[grid], paper=paper, per_page=1, players=names,
                                        label=label), paper)
            continued = gettext("page {page} of {pages}, continued").format(page=1, pages=1).replace(" ", "")
        for page in glyphs(data)[1:]:
            foot = [g for g in page if g.bottom < MARGIN + 3 and g.size < 7.5]
            lines = max(g.bottom for g in foot) - min(g.bottom for g in foot)  # a second line is 8.4 pt below
            assert continued in "".join(g.char for g in foot) and lines < 5, (players, lines)
            run_on += 1
    assert run_on or paper in (Paper.a3, Paper.tabloid), "no run-on page to look at"


@pytest.mark.parametrize("lang", ["en", "de", "el", "es", "fr", "it", "nl", "pl", "pt", "ru", "sv", "tr"])
@pytest.mark.parametrize("paper", list(Paper))
def test_a_pattern_page_s_footer_is_one_line(paper, lang):
    """A pattern's own page printed a long label's footer on two lines ("... seed 1 · page" over "1 of 1" in
    French and Russian, A4): on every paper and in every language it is one line and ends with the page's words
    whole; a label too long for the line (a long file name) is cut short with an ellipsis, the set's label as
    ``kitgen pattern`` prints it is whole where it fits (A4 and larger)."""
    from functools import partial

    from pdflayout import glyphs

    from kitgen.core.i18n import gettext, speaking
    from kitgen.games.crossword import render
    from kitgen.games.crossword.declaration import set_label
    from kitgen.games.crossword.rules.generate import generate
    from kitgen.io.pdf import MARGIN, canvas_bytes

    grid = generate(15, 15, "american", "rotational", 1)
    long = "autumn-term-2026/week-12/" * 8 + "american-15x15.ipuz"
    for label in ("set", long):
        with speaking(lang):
            label = set_label("american", "quarter", 15, 15, 1) if label == "set" else label
            data = canvas_bytes(partial(render.draw_patterns, patterns=[grid], paper=paper, per_page=1,
                                        label=label), paper)
            words = gettext("page {page} of {pages}").format(page=1, pages=1).replace(" ", "")
        foot = [g for g in glyphs(data)[0] if g.bottom < MARGIN + 3 and g.size < 7.5]
        said = "".join(g.char for g in foot)
        lines = max(g.bottom for g in foot) - min(g.bottom for g in foot)  # a second line is 8.4 pt below
        assert said.endswith(words) and lines < 5, (label, lines, said)
        if label == long:
            assert "\u2026" in said and long.replace(" ", "") not in said
        elif paper.size[0] >= Paper.a4.size[0]:
            assert label.replace(" ", "") in said, said
