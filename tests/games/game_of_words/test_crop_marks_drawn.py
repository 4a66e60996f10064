"""Crop marks mark only the cut lines of the cards on their page (issue 32, looking at a whole deck on Tabloid): a
last page of faces holding fewer cards than the sheet, and its page of backs, marked every row and column of the
full sheet, so a person cutting found marks leading to lines that cut only blank paper, and its TrimBox enclosed the
empty slots."""

from __future__ import annotations

from pathlib import Path

import pytest
from pdflayout import card_trims, rules
from pypdf import PdfReader

from kitgen.io.pdf import MM


def _on(value: float, lines: set[float]) -> bool:
    return any(abs(value - line) < 0.05 for line in lines)


@pytest.mark.parametrize("args", [("--paper", "tabloid", "--duplex"), ("--paper", "a3", "--size", "tarot"),
                                  ("--paper", "letter", "--size", "bridge", "--duplex"),
                                  ("--paper", "a4", "--bleed", "3", "--duplex"), ("--paper", "a5", "--duplex"),
                                  ("--paper", "legal", "--size", "mini")])
def test_every_crop_mark_is_on_a_cut_line_of_a_card_on_its_page(invoke, tmp_path: Path, args) -> None:
    out = tmp_path / "d.pdf"
    r = invoke("deck", *args, "--out", out)
    assert r.exit_code == 0, r.output
    data = out.read_bytes()
    counts = []
    for page in range(len(PdfReader(out).pages)):
        trims = card_trims(out, page)
        if not trims:  # the summary
            continue
        counts.append(len(trims))
        xs = {v for t in trims for v in (t[0], t[2])}
        ys = {v for t in trims for v in (t[1], t[3])}
        left, right = min(t[0] for t in trims), max(t[2] for t in trims)
        bottom, top = min(t[1] for t in trims), max(t[3] for t in trims)
        marks = [rule for rule in rules(data, page) if max(rule.x1 - rule.x0, rule.y1 - rule.y0) <= 5.01 * MM]
        across = [m for m in marks if not m.vertical and (m.x1 < left or m.x0 > right)]
        down = [m for m in marks if m.vertical and (m.y1 < bottom or m.y0 > top)]
        assert across and down, page
        # the page's TrimBox is round the cards on it, not round slots left empty
        trim = [float(v) for v in PdfReader(out).pages[page].trimbox]
        assert trim == pytest.approx([left, bottom, right, top], abs=0.05), page
        assert all(_on(m.y0, ys) for m in across), (page, sorted({round(m.y0, 1) for m in across}), sorted(ys))
        assert all(_on(m.x0, xs) for m in down), (page, sorted({round(m.x0, 1) for m in down}), sorted(xs))
        # and every cut line of the cards is still marked, at one end at least
        assert all(_on(y, {m.y0 for m in across}) for y in ys) and all(_on(x, {m.x0 for m in down}) for x in xs)
    assert min(counts) < max(counts)  # the last page of faces (and its backs) holds fewer cards than the others
