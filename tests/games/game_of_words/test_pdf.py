"""Deal sheets, the rules booklet and the kit components of the Game of Words (issue 5)."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result
from pypdf import PdfReader

from kitgen.io.pdf import MM, Paper

Invoke = Callable[..., Result]


GAMES = ("word-solitaire", "letter-patience", "crossword-solitaire-a", "crossword-solitaire-b", "crossword",
         "anagrams")


def embedded(reader: PdfReader) -> bool:
    for page in reader.pages:
        resources: Any = page["/Resources"]  # pypdf's untyped object graph
        for f in resources.get("/Font", {}).values():
            f = f.get_object()
            desc = f.get("/FontDescriptor") or f["/DescendantFonts"][0].get_object()["/FontDescriptor"]
            if "/FontFile2" not in desc.get_object():
                return False
    return True


@pytest.mark.parametrize("game", GAMES)
def test_deal_sheet_shows_layout_and_stacking_order(invoke: Invoke, tmp_path: Path, game: str) -> None:
    out = tmp_path / f"{game}.pdf"
    r = invoke("deal", game, "--seed", "4", "--out", str(out))
    assert r.exit_code == 0 and f"wrote {out}" in r.stdout
    reader = PdfReader(str(out))
    text = "".join(p.extract_text() for p in reader.pages)
    assert "deal 4" in text and "Stacking order" in text
    assert embedded(reader)
    # every card of the dealing order is numbered on the sheet
    assert " 52" in text or "52" in text


def test_word_solitaire_sheet_names_every_pile_and_is_deterministic(invoke: Invoke, tmp_path: Path) -> None:
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    invoke("deal", "word-solitaire", "--seed", "1", "--out", str(a))
    invoke("deal", "word-solitaire", "--seed", "1", "--out", str(b))
    assert a.read_bytes() == b.read_bytes()
    text = PdfReader(str(a)).pages[0].extract_text()
    for i in range(1, 18):  # a person counts piles from 1, on paper and in a record (the JSON indexes them from 0)
        assert f"pile {i}" in text
    assert "pile 0" not in text and "extra card" in text and "extra (17)" not in text
    assert "from pile 1 to pile 17" in text.replace("\n", " ")


@pytest.mark.parametrize("game, deck, words", [("word-solitaire", None, "The Whitman deck of 1938"),
                                               ("letter-patience", "lexicon-1932", "The Lexicon deck of 1932")])
def test_a_deal_sheet_names_its_deck_in_words(invoke: Invoke, tmp_path: Path, game: str, deck: str | None,
                                              words: str) -> None:
    out = tmp_path / "d.pdf"
    invoke("deal", game, "--seed", "2", *(["--spec", deck] if deck else []), "--out", str(out))
    text = PdfReader(str(out)).pages[0].extract_text()
    assert words in text and "whitman-1938" not in text and "lexicon-1932" not in text


def test_a_letter_patience_sheet_counts_its_piles_from_one(invoke: Invoke, tmp_path: Path) -> None:
    out = tmp_path / "p.pdf"
    invoke("deal", "letter-patience", "--seed", "2", "--out", str(out))
    text = PdfReader(str(out)).pages[0].extract_text().replace("\n", " ")
    assert all(f"pile {i}" in text for i in range(1, 8)) and "pile 0" not in text and "piles 1-7" in text


def test_crossword_sheet_for_twelve_players_puts_order_on_its_own_page(invoke: Invoke, tmp_path: Path) -> None:
    out = tmp_path / "c.pdf"
    invoke("deal", "crossword", "--seed", "2", "--players", "12", "--out", str(out))
    reader = PdfReader(str(out))
    assert len(reader.pages) == 2 and "108" in reader.pages[1].extract_text()


def test_booklet_has_all_eight_games_in_seed_order() -> None:
    from kitgen.games.game_of_words.render.kit import booklet_bytes

    reader = PdfReader(io.BytesIO(booklet_bytes(Paper.letter)))
    text = "".join(p.extract_text() for p in reader.pages)
    titles = ["Crossword Game", "Word Solitaire", "Letter Patience", "Crossword Solitaire A",
              "Crossword Solitaire B", "Anagrams", "The O-U-T Game", "Guess-O-Gram"]
    positions = [text.index(t) for t in titles]
    assert positions == sorted(positions)
    assert "Diagram No. 1" in text and "QUIT" in text and "Diagram No. 3" in text
    assert embedded(reader)


def test_kit_components_deck_pages_and_a_deal_sheet() -> None:
    from kitgen.games.game_of_words.render.kit import kit_components

    data = kit_components(Paper.a4, 3)
    assert data == kit_components(Paper.a4, 3)
    reader = PdfReader(io.BytesIO(data))
    # six pages of faces, each followed by its backs; the deal sheet; the three score pads
    assert len(reader.pages) == 6 * 2 + 1 + 3
    for k in range(6):
        assert "faces" in reader.pages[2 * k].extract_text() and "backs" in reader.pages[2 * k + 1].extract_text()
    assert "Word Solitaire: deal 3" in reader.pages[12].extract_text()
    assert "Guess-O-Gram score pad" in reader.pages[-1].extract_text()


@pytest.mark.parametrize("lang", ["ru", "el", "es"])
def test_a_kit_in_a_language_with_its_own_deck_prints_that_deck_and_deals_from_it(lang: str) -> None:
    """``kitgen kit --lang ru`` printed the 1938 deck's Latin letters: a Russian class could not spell a Russian
    word with its cards. The kit's cards and its Word Solitaire deal are the language's deck, as ``kitgen deck
    --lang`` prints and ``kitgen deal word-solitaire --lang`` deals; a language without a deck keeps the 1938 one."""
    from kitgen.games.game_of_words.formats.deck_spec import load_deck
    from kitgen.games.game_of_words.render.kit import kit_components
    from kitgen.games.game_of_words.rules.deals import deal_word_solitaire

    deck = load_deck(None, lang)
    reader = PdfReader(io.BytesIO(kit_components(Paper.a4, 3, lang=lang)))
    faces = "".join(reader.pages[2 * k].extract_text() for k in range(6))
    own = {c for card in deck.cards for c in card.letter if c.isalpha()} - set("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    assert own and all(letter in faces for letter in own), (lang, sorted(own))
    dealt = deal_word_solitaire(deck, 3)
    assert dealt == deal_word_solitaire(load_deck(None, lang), 3) != deal_word_solitaire(load_deck(None, "en"), 3)
    assert kit_components(Paper.a4, 3, lang="fr") == kit_components(Paper.a4, 3)  # French has no deck of its own


def printed_order(reader: PdfReader) -> list[str]:
    """The stacking order as printed on a deal sheet: the letters after the numbers 1, 2, 3 ... in turn."""
    text = "".join(p.extract_text() for p in reader.pages)
    text = text[text.index("Stacking order"):]
    tokens = text.split()
    order, k = [], 1
    for a, b in zip(tokens, tokens[1:], strict=False):
        if a == str(k) and (b == "SUB" or (len(b) == 1 and b.isupper())):  # not "card 1 on top"
            order.append("*" if b == "SUB" else b)
            k += 1
    return order


@pytest.mark.parametrize("seed", [1, 4, 2**31 - 1])
def test_dealing_the_printed_stacking_order_by_hand_gives_the_deal(invoke: Invoke, tmp_path: Path, seed: int) -> None:
    """Arrange a deck in the printed order and deal it as the sheet says: the piles are the deal's piles."""
    import json

    ws = tmp_path / "ws.pdf"
    invoke("deal", "word-solitaire", "--seed", seed, "--out", str(ws))
    order = printed_order(PdfReader(str(ws)))
    assert len(order) == 52
    piles: list[list[str]] = [[] for _ in range(17)]
    for k, letter in enumerate(order[:51]):  # face up round the 17 piles, three times round
        piles[k % 17].append(letter)
    doc = json.loads(invoke("deal", "word-solitaire", "--seed", seed, "--json").stdout)
    assert piles == doc["piles"] and order[51] == doc["extra"]

    lp = tmp_path / "lp.pdf"
    invoke("deal", "letter-patience", "--seed", seed, "--out", str(lp))
    order = printed_order(PdfReader(str(lp)))
    piles, k = [[] for _ in range(7)], 0
    for row in range(7):  # a row of seven, then a row on piles 2-7, then 3-7 ...
        for i in range(row, 7):
            piles[i].append(order[k])
            k += 1
    doc = json.loads(invoke("deal", "letter-patience", "--seed", seed, "--json").stdout)
    assert piles == doc["piles"] and order[28:] == doc["stock"]


def test_score_pads_a_page_a_game_on_both_papers() -> None:
    """The three table games' score pads (issue 15): a page each, naming the record each is typed back as."""
    import io

    from pypdf import PdfReader

    from kitgen.games.game_of_words.render.score_pads import score_pads_bytes
    from kitgen.io.pdf import Paper

    for paper in (Paper.a4, Paper.letter):
        pages = PdfReader(io.BytesIO(score_pads_bytes(paper))).pages
        texts = [" ".join(page.extract_text().split()) for page in pages]  # the how-to lines wrap
        assert len(pages) == 3
        for text, title in zip(texts, ("Anagrams", "O-U-T Game", "Guess-O-Gram"), strict=True):
            # issue 32: how a game is checked, said in words; no command line on the pad
            assert title in text and "a finished pad is checked and added up" in text and "kitgen verify" not in text
        assert [round(float(v)) for v in pages[0].mediabox[2:]] == [round(v) for v in paper.size]


@pytest.mark.parametrize("paper", list(Paper))
def test_score_pads_fit_every_paper(paper: Paper) -> None:
    """On every paper (A5 too) every character of a pad lies inside the 14 mm margins a printer may not print,
    no text runs across a table's rules (a head wider than its column wraps within it) or over other text, no
    type is under 8 pt and every row is at least 6 mm tall, room for a handwritten word."""
    from pdflayout import glyphs, layout_problems, page_size

    from kitgen.games.game_of_words.render.score_pads import MARGIN, score_pads_bytes

    data = score_pads_bytes(paper)
    width, height = page_size(data)
    assert (round(width), round(height)) == tuple(round(v) for v in paper.size)
    for page in glyphs(data):
        text = "".join(g.char for g in page)
        assert "checkedandaddedup" in text and "wins." in text  # the how-to lines and the footer are printed
    assert layout_problems(data, MARGIN, min_type=8, min_row=6 * MM) == []


@pytest.mark.parametrize("lang", ["de", "el", "es", "fr", "it", "nl", "pl", "pt", "ru", "sv", "tr"])
@pytest.mark.parametrize("paper", [Paper.a4, Paper.a5])
def test_the_o_u_t_pad_fits_in_every_language(paper: Paper, lang: str) -> None:
    """Issue 28, looking at the translated pads: on A5 the Greek O-U-T pad's title ran past the right margin (16 pt,
    now smaller where a title is wider than the page) and Polish "odpada?" (out?) ran over its column's rule (the
    last column now takes its head's width, the E, O, U, T boxes giving way); English's pad is unchanged."""
    from pdflayout import layout_problems

    from kitgen.core.i18n import speaking
    from kitgen.games.game_of_words.render.score_pads import MARGIN, draw_out_game
    from kitgen.io.pdf import canvas_bytes

    with speaking(lang):
        data = canvas_bytes(lambda c: draw_out_game(c, paper), paper)
    assert layout_problems(data, MARGIN, min_type=8, min_row=6 * MM) == []


def test_score_pads_on_a5_have_fewer_rows_not_smaller_ones() -> None:
    """A5 keeps the rows' height and drops rows: the Anagrams turn log numbers fewer turns than on A4."""
    from pdflayout import glyphs

    from kitgen.games.game_of_words.render.score_pads import score_pads_bytes

    def last_turn(paper: Paper) -> int:
        rows: dict[float, str] = {}
        for g in glyphs(score_pads_bytes(paper))[0]:
            if g.char.isdigit() and g.left < 30 * MM:  # the # column
                rows[round(g.bottom)] = rows.get(round(g.bottom), "") + g.char
        return max(int(n) for n in rows.values())

    assert last_turn(Paper.a4) == 30 and 12 <= last_turn(Paper.a5) < 30


@pytest.mark.parametrize("paper", list(Paper))
def test_the_kit_s_word_solitaire_deal_sheet_fits_every_paper(paper: Paper) -> None:
    """The piles go nine a row, fewer on narrower paper: on A5 the last piles and the extra ran off the page."""
    from pdflayout import glyphs, outside, overlapping, page_size

    from kitgen.games.game_of_words.formats.deck_spec import default_deck
    from kitgen.games.game_of_words.render.deal_sheet import deal_sheet_bytes
    from kitgen.games.game_of_words.rules.deals import deal

    data = deal_sheet_bytes(deal("word-solitaire", default_deck(), 1), paper)
    width, height = page_size(data)
    pages = glyphs(data)
    assert "pile17" in "".join(g.char for g in pages[0]) and "extracard" in "".join(g.char for g in pages[0])
    for page in pages:
        assert outside(page, width, height, 10 * MM) == [] and overlapping(page) == []


SHEETS = [(game, 2) for game in GAMES] + [("crossword", 5), ("crossword", 12), ("anagrams", 1), ("anagrams", 12)]


@pytest.mark.parametrize("paper", list(Paper))
def test_every_deal_sheet_fits_every_paper(paper: Paper) -> None:
    """Every deal variant on every paper (A5 too): each character inside the 10 mm margins, no text over other
    text or crossed by a card's edge (a card under another in a fanned pile draws only the part that shows), no
    type under 8 pt; twelve cards or hands that do not fit go on in a second row or onto a further page, and
    every card of the stacking order is numbered."""
    from pdflayout import glyphs, layout_problems, runs

    from kitgen.games.game_of_words.formats.deck_spec import default_deck
    from kitgen.games.game_of_words.render.deal_sheet import deal_sheet_bytes
    from kitgen.games.game_of_words.rules.deals import deal

    for game, players in SHEETS:
        dealt = deal(game, default_deck(), 1, players)
        data = deal_sheet_bytes(dealt, paper)
        assert layout_problems(data, 10 * MM, min_type=8) == [], (game, players)
        printed = [r.char for page in glyphs(data) for r in runs(page)]
        assert {str(k) for k in range(1, len(dealt.order) + 1)} <= set(printed), (game, players)
        seats = {f"P{k}" for k in range(1, players + 1)} if game in ("crossword", "anagrams") else set()
        assert seats <= {r[:3].rstrip("f") for r in printed}, (game, players)


def test_a5_deal_sheets_wrap_what_a4_prints_in_one_row() -> None:
    """Crossword Solitaire B's twelve-card hand is one row on A4 and two on A5; the stacking order is twelve
    cards a row on A4, eight on A5 (a cell wide enough for "SUB")."""
    from pdflayout import glyphs

    from kitgen.games.game_of_words.formats.deck_spec import default_deck
    from kitgen.games.game_of_words.render.deal_sheet import deal_sheet_bytes
    from kitgen.games.game_of_words.rules.deals import deal

    def rows(paper: Paper) -> tuple[int, int]:
        page = glyphs(deal_sheet_bytes(deal("crossword-solitaire-b", default_deck(), 1), paper))[0]
        big = {round(g.bottom) for g in page if g.size == 15}
        order = [g for g in page if g.size == 12]
        first_row = [g for g in order if abs(g.bottom - max(o.bottom for o in order)) < 1]
        return len(big), len(first_row)

    assert rows(Paper.a4) == (1, 12) and rows(Paper.a5) == (2, 8)


@pytest.mark.parametrize("paper", [Paper.a4, Paper.a5])
def test_deal_sheets_and_score_pads_print_no_command_line(paper: Paper) -> None:
    """Issue 32: a child or a teacher reads the deal sheets and score pads, and types no flags: they said
    ``kitgen deal word-solitaire --seed 1`` and ``Then: kitgen verify anagrams``. The sheets say the same in words
    (the deal number in the title; the same number deals the same cards; a pad typed in is checked)."""
    import re

    from pdflayout import glyphs

    from kitgen import api
    from kitgen.games.game_of_words.render.score_pads import score_pads_bytes

    sheets = {game: api.render("game-of-words", f"{game}-sheet", seed=1, paper=paper.value)
              for game in ("word-solitaire", "letter-patience", "crossword-solitaire-a", "crossword-solitaire-b",
                           "crossword", "anagrams")}
    for name, data in [*sheets.items(), ("score pads", score_pads_bytes(paper))]:
        for page in glyphs(data):
            text = "".join(g.char for g in page)
            assert not re.search(r"kitgen(deal|verify|deck|sheet|kit)|--[a-z]", text), (name, text[:300])
    first = "".join(g.char for g in glyphs(sheets["word-solitaire"])[0])
    assert "WordSolitaire:deal1" in first and "thesamedealnumberalwaysdealsthesamecards" in first


@pytest.mark.parametrize("lang", ["en", "de", "el", "es", "fr", "it", "nl", "pl", "pt", "ru", "sv", "tr"])
@pytest.mark.parametrize("paper", list(Paper))
def test_the_guess_o_gram_log_holds_a_written_word_on_every_paper(paper: Paper, lang: str) -> None:
    """Issue 28/32: on A5 the Guess-O-Gram log column was ~12 mm (the points took 45% of any paper) and German
    "BUCHSTABE" ran over its rule. The log column now holds "thinks ELEPHANTS" by hand (16 letters at 3 mm, and
    2 mm: 50 mm) and its widest head word; every head and label fits its column (reportlab's width, 1.5 mm each
    side), a points column holds a three-digit score, and all six players keep a column (under the log on A5)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from kitgen.core.i18n import gettext, speaking
    from kitgen.games.game_of_words.render.score_pads import MIN_TYPE, PAD, Frame, guess_o_gram_tables
    from kitgen.io.fonts import SANS, SANS_BOLD, register_fonts

    register_fonts()
    with speaking(lang):
        pad = guess_o_gram_tables(Frame.of(paper))
        total = gettext("total")
    assert pad.log.widths[-1] >= 16 * 3 * MM + 2 * MM - 1e-6
    assert len(pad.points.widths) == 6 and min(pad.points.widths) >= 3 * 3 * MM + 2 * MM - 1e-6
    assert pad.stacked == (paper == Paper.a5)  # A4 and wider keep the points beside the log, as before
    for table in (pad.log, pad.points):
        for head, width in zip(table.heads, table.widths, strict=True):
            for word in head.split():  # a head wraps at its spaces, never inside a word
                assert stringWidth(word, SANS_BOLD, MIN_TYPE) + 2 * PAD <= width + 1e-6, (word, width / MM)
    assert stringWidth(total, SANS, MIN_TYPE) + 2 * PAD <= pad.points.widths[0] + 1e-6
