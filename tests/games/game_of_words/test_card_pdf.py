"""``kitgen deck --card-pdf FILE`` (issue 32, print on demand: "per-card TrimBox where one card is the unit"): the
deck one card a page, each face followed by the back, every page the card plus its bleed, its TrimBox the card."""

from __future__ import annotations

from pathlib import Path

import pytest
from pdflayout import glyphs

MM = 72 / 25.4


def _boxes(data: bytes) -> list[list[list[float]]]:
    """Every page's MediaBox, BleedBox and TrimBox, in mm."""
    import io

    import pypdf

    reader = pypdf.PdfReader(io.BytesIO(data))
    return [[[float(v) / MM for v in box] for box in (page.mediabox, page.bleedbox, page.trimbox)]
            for page in reader.pages]


@pytest.mark.parametrize("args, card, bleed", [((), (63, 88), 3.175), (("--size", "bridge"), (57, 89), 3.175),
                                               (("--size", "tarot"), (70, 120), 3.175),
                                               (("--size", "mini", "--paper", "a5"), (44, 63), 3.175),
                                               (("--size", "square", "--paper", "tabloid"), (70, 70), 3.175),
                                               (("--card-size", "60x90", "--paper", "letter"), (60, 90), 3.0),
                                               (("--bleed", "2", "--paper", "a3"), (63, 88), 2.0),
                                               (("--bleed", "5", "--paper", "legal"), (63, 88), 5.0)])
def test_every_page_is_one_card_its_trimbox_the_card_and_its_bleedbox_the_bleed(invoke, tmp_path: Path, args,
                                                                                card, bleed) -> None:
    out = tmp_path / "cards.pdf"
    r = invoke("deck", *args, "--card-pdf", out, "--out", tmp_path / "deck.pdf")
    assert r.exit_code == 0, r.output
    assert (tmp_path / "deck.pdf").exists()  # the deck as ever, the card PDF beside it
    boxes = _boxes(out.read_bytes())
    assert len(boxes) == 2 * 54  # each card's face, then the back
    w, h = card
    for k, (media, bleed_box, trim) in enumerate(boxes, start=1):
        assert trim[2] - trim[0] == pytest.approx(w, abs=0.01) and trim[3] - trim[1] == pytest.approx(h, abs=0.01), k
        assert trim[0] == pytest.approx(bleed, abs=0.01) and trim[1] == pytest.approx(bleed, abs=0.01), k
        assert bleed_box == pytest.approx([0, 0, w + 2 * bleed, h + 2 * bleed], abs=0.01), k
        assert media == pytest.approx(bleed_box, abs=0.01), k


def test_faces_alternate_with_the_back_and_every_word_sits_inside_the_trim(invoke, tmp_path: Path) -> None:
    """Odd pages are the faces in deck order (A first, the Sub Cards last), even pages the back; nothing printed
    runs into the bleed a service cuts off: every character is inside the trim by at least 2 mm."""
    out = tmp_path / "cards.pdf"
    assert invoke("deck", "--card-pdf", out, "--out", tmp_path / "deck.pdf").exit_code == 0
    pages = glyphs(out.read_bytes())
    faces, backs = pages[0::2], pages[1::2]
    assert "".join(g.char for g in faces[0]).startswith("A") and "\u2605" in "".join(g.char for g in faces[-1])
    back_text = {"".join(g.char for g in page) for page in backs}
    assert len(back_text) == 1 and "GAME" in back_text.pop()
    bleed, (w, h) = 3.175 * MM, (63 * MM, 88 * MM)
    for k, page in enumerate(pages, start=1):
        for g in page:
            assert (g.left >= bleed + 2 * MM and g.right <= bleed + w - 2 * MM and g.bottom >= bleed + 2 * MM
                    and g.top <= bleed + h - 2 * MM), (k, g)


def test_the_card_pdf_is_the_same_bytes_every_time_and_whatever_the_paper(invoke, tmp_path: Path) -> None:
    made = []
    for k, paper in enumerate(("a4", "a4", "letter")):
        out = tmp_path / f"cards{k}.pdf"
        assert invoke("deck", "--paper", paper, "--card-pdf", out, "--out", tmp_path / f"d{k}.pdf").exit_code == 0
        made.append(out.read_bytes())
    assert made[0] == made[1] == made[2]


def test_a_card_pdf_named_other_than_pdf_is_refused_and_nothing_written(invoke, tmp_path: Path) -> None:
    r = invoke("deck", "--card-pdf", tmp_path / "cards.png", "--out", tmp_path / "deck.pdf")
    assert r.exit_code != 0 and "--card-pdf" in r.output and ".pdf" in r.output and "Traceback" not in r.output
    assert list(tmp_path.iterdir()) == []


def test_the_card_pdf_and_the_deck_may_not_be_one_file(invoke, tmp_path: Path) -> None:
    r = invoke("deck", "--card-pdf", tmp_path / "deck.pdf", "--out", tmp_path / "deck.pdf")
    assert r.exit_code != 0 and "Traceback" not in r.output and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("args", [(), ("--card-size", "60x90")])
def test_an_explicit_bleed_of_0_gives_cards_without_bleed_and_an_unset_one_the_sizes_default(invoke, tmp_path: Path,
                                                                                          args) -> None:
    """``--bleed 0`` asks for no bleed (a service that adds its own, or trims to the card): every page's MediaBox,
    BleedBox and TrimBox are the card exactly. Without ``--bleed`` the size's default stays (1/8 in for poker
    cards), and the deck's own PDF is the same either way (it has no bleed unless one is given)."""
    made = {}
    for key, bleed in (("zero", ("--bleed", "0")), ("unset", ())):
        r = invoke("deck", *args, *bleed, "--card-pdf", tmp_path / f"{key}.pdf", "--out", tmp_path / f"deck-{key}.pdf")
        assert r.exit_code == 0, r.output
        made[key] = _boxes((tmp_path / f"{key}.pdf").read_bytes())
    w, h = (60, 90) if args else (63, 88)
    for k, (media, bleed_box, trim) in enumerate(made["zero"], start=1):
        assert trim == media == bleed_box, k
        assert trim == pytest.approx([0, 0, w, h], abs=0.01), k
    default = 3.0 if args else 3.175
    for k, (media, _bleed_box, trim) in enumerate(made["unset"], start=1):
        assert trim == pytest.approx([default, default, w + default, h + default], abs=0.01), k
        assert media == pytest.approx([0, 0, w + 2 * default, h + 2 * default], abs=0.01), k
    assert (tmp_path / "deck-zero.pdf").read_bytes() == (tmp_path / "deck-unset.pdf").read_bytes()
