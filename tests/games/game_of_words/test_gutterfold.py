"""``kitgen deck --gutterfold`` (issue 32: print-and-play conventions, "no gutterfold layout"): landscape pages with
each card's face on the left half and its back mirrored across the fold on the right, a dashed fold line between,
so a one-sided printer makes two-sided cards: fold, glue, cut."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pdfpaths import page_paths
from pypdf import PdfReader
from test_paper import near_the_edge

from kitgen.io.pdf import MM


def _drawn(reader: PdfReader, page: int) -> list[tuple[str, float, float, float]]:
    """(form, x, y, width) of every card form (a face or the back) drawn on a page, from its content stream."""
    p = reader.pages[page]
    data = p.get_contents().get_data().decode("latin-1")
    forms = p["/Resources"].get("/XObject", {})
    out = []
    for x, y, name in re.findall(r"1 0 0 1 (-?[\d.]+) (-?[\d.]+) cm\s*/(FormXob\.(?:Card\S+|Back)) Do", data):
        x0, _, x1, _ = (float(v) for v in forms[f"/{name}"].get_object()["/BBox"])
        out.append((name, float(x), float(y), x1 - x0))
    return out


@pytest.mark.parametrize("args, per_page", [((), 4), (("--paper", "letter", "--bleed", "3"), 2),
                                            (("--size", "mini", "--paper", "a3"), 16)])
def test_each_back_is_its_face_mirrored_across_the_fold(invoke, tmp_path: Path, args, per_page) -> None:
    out = tmp_path / "g.pdf"
    r = invoke("deck", "--gutterfold", *args, "--out", out)
    assert r.exit_code == 0, r.output
    reader = PdfReader(out)
    card_pages = -(-54 // per_page)
    assert len(reader.pages) == card_pages + 1  # then the summary
    for number in range(card_pages):
        width = float(reader.pages[number].mediabox.width)
        assert width > float(reader.pages[number].mediabox.height)  # landscape
        drawn = _drawn(reader, number)
        faces = [d for d in drawn if d[0] != "FormXob.Back"]
        backs = [d for d in drawn if d[0] == "FormXob.Back"]
        assert len(faces) == len(backs) == min(per_page, 54 - number * per_page)
        middle = width / 2
        for (_, x, y, w), (_, bx, by, _) in zip(faces, backs, strict=True):
            assert x + w <= middle - 3 * MM + 0.01 and bx >= middle + 3 * MM - 0.01  # faces left, backs right
            assert (round(bx, 2), round(by, 2)) == (round(2 * middle - x - w, 2), round(y, 2))
        dashed = [points for _, stroked, dash, points in page_paths(str(out), number) if stroked and dash]
        assert any(all(abs(px - middle) < 0.1 for _, px, _ in points) for points in dashed)  # the fold line
    assert near_the_edge(out.read_bytes()) == []
    assert "fold on the dashed line" in reader.pages[0].extract_text()


@pytest.mark.parametrize("option", [["--duplex"], ["--registration"], ["--cut-svg"], ["--cut-dxf"],
                                    ["--margin", "8"]])
def test_gutterfold_refuses_what_double_sided_or_machine_cut_cards_need(invoke, tmp_path: Path, option) -> None:
    r = invoke("deck", "--gutterfold", *option, "--out", tmp_path / "g.pdf")
    assert r.exit_code == 2 or r.exit_code == 1, r.output
    assert f"takes no {option[0]}" in r.output and "Traceback" not in r.output
    assert not (tmp_path / "g.pdf").exists()


def test_a_card_too_big_for_half_the_page_is_refused(invoke, tmp_path: Path) -> None:
    r = invoke("deck", "--gutterfold", "--card-size", "150x100", "--paper", "a5", "--out", tmp_path / "g.pdf")
    assert r.exit_code != 0 and "do not fit half a page of a5 paper" in r.output


def test_the_same_gutterfold_deck_twice_is_the_same_bytes(invoke, tmp_path: Path) -> None:
    for k in range(2):
        assert invoke("deck", "--gutterfold", "--out", tmp_path / f"g{k}.pdf").exit_code == 0
    assert (tmp_path / "g0.pdf").read_bytes() == (tmp_path / "g1.pdf").read_bytes()
