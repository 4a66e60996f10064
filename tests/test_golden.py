"""Golden output: every printable component is pinned by a digest of what it prints.

Each case in ``CASES`` renders one component (a pattern page, a sheet, the deck,
a deal sheet, brick nets, tiles, a score pad, a kit's components) and compares
``golden.digest`` of the PDF, a digest of its page boxes, fonts, text and
drawing (not of its bytes: see ``tests/golden.py``), with the one pinned in
``tests/golden/digests.json``. A change in print fails here, naming the pages
and the fields (page boxes / fonts / text / geometry) that differ.

When a change is intended, look at it first (tests/golden/README.md: render the
old and new PDFs with ``python tests/test_golden.py DIR CASE``, then
``pdftoppm -png -r 60`` both and compare), then re-pin and commit the JSON::

    KITGEN_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_golden.py

With ``KITGEN_UPDATE_GOLDEN=1`` the tests rewrite their entries in
``digests.json`` instead of comparing (and drop the entries of cases no longer
in ``CASES``); ``git diff tests/golden/digests.json`` then shows which
components and pages changed.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import golden
import pytest

# -- The cases: the only place in the golden tests that knows where the renderers live ----------------------------
# Arguments are the ones the commands pass (`kitgen pattern --seed 1`, `kitgen sheet --seed 1`, `kitgen deck`,
# `kitgen deal GAME --seed 1 --out F.pdf`, `kitgen bricks --form cubes|tiles`, `kitgen kit`'s components).
from kitgen import api
from kitgen.games.crossword import render as crossword
from kitgen.games.crossword.rules.generate import generate_many
from kitgen.games.game_of_words.render import kit as game_of_words
from kitgen.games.wordsearch import render as wordsearch
from kitgen.games.xword3d import render as xword3d
from kitgen.io.pdf import Paper, canvas_bytes


def _written(write: Callable[..., object], *args: Any, **kwargs: Any) -> bytes:
    """The bytes of a renderer that writes a file (``write(path, *args, **kwargs)``), via a scratch folder."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "out.pdf"
        write(path, *args, **kwargs)
        return path.read_bytes()


def _pattern(style: str, paper: Paper) -> bytes:
    grids = generate_many(15, 15, style, "rotational", 1, 1)
    return crossword.patterns_pdf(grids, paper, per_page=1, label=f"{style} 15x15, rotational symmetry, seed 1",
                                  seed=1)


def _deal_sheet(game: str) -> bytes:
    return api.render("game-of-words", f"{game}-sheet", seed=1)


CASES: dict[str, Callable[[], bytes]] = {
    "crossword-pattern-british-a4": lambda: _pattern("british", Paper.a4),
    "crossword-pattern-american-a4": lambda: _pattern("american", Paper.a4),
    "crossword-pattern-british-letter": lambda: _pattern("british", Paper.letter),
    "crossword-pattern-british-4up-a4": lambda: crossword.patterns_pdf(
        generate_many(9, 9, "british", "rotational", 1, 4), Paper.a4, per_page=4,
        label="british 9x9, rotational symmetry, seed 1", seed=1),
    "wordsearch-sheet-seed1-a4": lambda: api.render("wordsearch", "sheet", seed=1),
    "wordsearch-sheet-blank-4up-tabloid": lambda: api.render("wordsearch", "sheet", paper="tabloid", count=4,
                                                             per_page="4"),
    "deck-a4": lambda: api.render("game-of-words", "deck"),
    "deck-duplex-bleed3-a4": lambda: api.render("game-of-words", "deck", duplex=True, bleed=3.0),
    "deck-bridge-letter": lambda: api.render("game-of-words", "deck", paper="letter", size="bridge"),
    "deal-word-solitaire-seed1-a4": lambda: _deal_sheet("word-solitaire"),
    "deal-letter-patience-seed1-a4": lambda: _deal_sheet("letter-patience"),
    "deal-crossword-solitaire-a-seed1-a4": lambda: _deal_sheet("crossword-solitaire-a"),
    "deal-crossword-solitaire-b-seed1-a4": lambda: _deal_sheet("crossword-solitaire-b"),
    "deal-crossword-seed1-a4": lambda: _deal_sheet("crossword"),
    "deal-anagrams-seed1-a4": lambda: _deal_sheet("anagrams"),
    "bricks-cubes-2p-a4": lambda: api.render("3dxword", "pieces", players=2, form="cubes"),
    "bricks-tiles-2p-a4": lambda: api.render("3dxword", "pieces", players=2, form="tiles"),
    "3dxword-score-pad-2p-a4": lambda: canvas_bytes(lambda c: xword3d.draw_score_pad(c, Paper.a4, 2), Paper.a4),
    "3dxword-score-pad-7p-letter": lambda: canvas_bytes(lambda c: xword3d.draw_score_pad(c, Paper.letter, 7),
                                                        Paper.letter),
    "kit-crossword-seed1-a4": lambda: crossword.kit_components(Paper.a4, 1, 2),
    "kit-wordsearch-seed1-a4": lambda: wordsearch.kit_components(Paper.a4, 1, 2),
    "kit-game-of-words-seed1-a4": lambda: game_of_words.kit_components(Paper.a4, 1, 2),
    "kit-3dxword-seed1-a4": lambda: xword3d.kit_components(Paper.a4, 1, 2),
}

# -- The machinery (knows nothing of the games) ---------------------------------------------------------------------

DIGESTS = Path(__file__).resolve().parent / "golden" / "digests.json"
UPDATE = os.environ.get("KITGEN_UPDATE_GOLDEN", "") not in ("", "0")
FIELD_NAMES = {"boxes": "page boxes", "fonts": "fonts", "text": "text", "geometry": "geometry"}


def entry(pdf: bytes) -> dict[str, Any]:
    """What ``digests.json`` pins for one case: the digest and, to say where a change is, per-page sub-digests."""
    description = golden.describe(pdf)
    return {"digest": golden.digest_of(description), "pages": golden.page_digests(description)}


def load() -> dict[str, dict[str, Any]]:
    return json.loads(DIGESTS.read_text(encoding="utf-8")) if DIGESTS.exists() else {}


def dump(table: dict[str, dict[str, Any]]) -> str:
    """The JSON with one line a page, so ``git diff`` shows which pages of which case changed."""
    cases = []
    for name in sorted(table):
        pages = ",\n".join("   " + json.dumps(p, sort_keys=True) for p in table[name]["pages"])
        cases.append(f' {json.dumps(name)}: {{\n  "digest": {json.dumps(table[name]["digest"])},\n'
                     f'  "pages": [\n{pages}\n  ]\n }}')
    return "{\n" + ",\n".join(cases) + "\n}\n"


def update(change: Callable[[dict[str, dict[str, Any]]], None]) -> None:
    """Read, change and rewrite ``digests.json`` under a lock (pytest-xdist workers update it at once)."""
    DIGESTS.parent.mkdir(parents=True, exist_ok=True)
    with open(Path(tempfile.gettempdir()) / "kitgen-golden.lock", "w") as lock:
        try:
            import fcntl

            fcntl.flock(lock, fcntl.LOCK_EX)
        except ImportError:  # no fcntl (Windows): run the update without -n
            pass
        table = load()
        change(table)
        text = dump(table)
        if not DIGESTS.exists() or DIGESTS.read_text(encoding="utf-8") != text:
            tmp = DIGESTS.with_suffix(".tmp")
            tmp.write_text(text, encoding="utf-8")
            tmp.replace(DIGESTS)


def differences(pinned: dict[str, Any], now: dict[str, Any]) -> list[str]:
    """Where ``now`` differs from ``pinned``, a line a page: ``page 3: geometry, text``."""
    lines = []
    old_pages, new_pages = pinned.get("pages", []), now["pages"]
    if len(old_pages) != len(new_pages):
        lines.append(f"page count: {len(new_pages)} now, {len(old_pages)} pinned")
    for k, (old, new) in enumerate(zip(old_pages, new_pages, strict=False), start=1):
        fields = [FIELD_NAMES[f] for f in golden.FIELDS if old.get(f) != new[f]]
        if fields:
            lines.append(f"page {k}: {', '.join(fields)}")
    return lines or ["the digest (the per-page digests agree: the pinned entry was edited by hand?)"]


@pytest.mark.parametrize("name", list(CASES))
def test_component_prints_as_pinned(name: str, tmp_path: Path) -> None:
    pdf = CASES[name]()
    now = entry(pdf)
    if UPDATE:
        update(lambda table: table.__setitem__(name, now))
        return
    pinned = load().get(name)
    if pinned is None:
        pytest.fail(f"{name}: no golden digest in {DIGESTS.name}; pin it with KITGEN_UPDATE_GOLDEN=1 "
                    "(see tests/golden/README.md)")
    if now["digest"] != pinned["digest"]:
        out = tmp_path / f"{name}.pdf"
        out.write_bytes(pdf)
        out.with_suffix(".json").write_text(json.dumps(golden.describe(pdf), indent=1), encoding="utf-8")
        where = "\n  ".join(differences(pinned, now))
        pytest.fail(f"{name} no longer prints as pinned:\n  {where}\n"
                    f"The PDF as it is now: {out} (its description: {out.with_suffix('.json')}).\n"
                    "If the change is intended, look at it (tests/golden/README.md) and re-pin with "
                    "KITGEN_UPDATE_GOLDEN=1.", pytrace=False)


def test_every_pinned_case_is_a_case() -> None:
    """A case renamed or dropped leaves no stale digest behind (the update run removes them)."""
    if UPDATE:
        def drop_stale(table: dict[str, dict[str, Any]]) -> None:
            for name in set(table) - set(CASES):
                table.pop(name)

        update(drop_stale)
        return
    stale = sorted(set(load()) - set(CASES))
    assert not stale, f"digests.json pins cases that are gone: {stale}; re-pin with KITGEN_UPDATE_GOLDEN=1"


def test_description_is_stable_and_blind_to_metadata() -> None:
    """Two renderings with different titles and producers describe the same; a moved line does not."""
    def page(title: str, x: float) -> bytes:
        def draw(c: Any) -> None:
            c.setTitle(title)
            c.setProducer(title)
            c.setLineWidth(0.5)
            c.line(x, 10, 100, 10)
            c.drawString(20, 20, "golden")
            c.showPage()
        return canvas_bytes(draw, Paper.a4, title=title)

    a, b = page("one", 10), page("two", 10)
    assert a != b
    assert golden.digest(a) == golden.digest(b)
    assert golden.digest(page("one", 10.5)) != golden.digest(a)
    assert golden.describe(a)["pages"][0]["text"] == "golden"


def test_a_page_is_described_apart_from_what_other_pages_printed() -> None:
    """reportlab puts characters in font subsets in the order the document first uses them, so one more
    character on page 1 can re-split page 2's strings across subsets: page 2 must still describe the same."""
    from kitgen.io.fonts import SANS

    def two_pages(first: str) -> bytes:
        def draw(c: Any) -> None:
            c.setFont(SANS, 9)
            c.drawString(20, 20, first)
            c.showPage()
            c.setFont(SANS, 9)
            c.drawString(20, 20, "x\u00e9\u2605\u00fcy\u00d7z")
            c.showPage()
        return canvas_bytes(draw, Paper.a4)

    plain = golden.describe(two_pages("abc"))
    crowded = golden.describe(two_pages("abc" + "".join(chr(k) for k in range(0x100, 0x100 + 300))))
    assert plain["pages"][1] == crowded["pages"][1]
    assert plain["pages"][1]["text"] == "x\u00e9\u2605\u00fcy\u00d7z"

def main(argv: list[str]) -> int:
    """``python tests/test_golden.py DIR [CASE...]``: write each case's PDF and description to DIR to review."""
    if not argv or argv[0] in ("-h", "--help"):
        print(main.__doc__)
        print("cases:", " ".join(CASES))
        return 0 if argv else 2
    folder, names = Path(argv[0]), argv[1:] or list(CASES)
    unknown = [n for n in names if n not in CASES]
    if unknown:
        print(f"no such case: {' '.join(unknown)}", file=sys.stderr)
        return 2
    folder.mkdir(parents=True, exist_ok=True)
    for name in names:
        pdf = CASES[name]()
        (folder / f"{name}.pdf").write_bytes(pdf)
        (folder / f"{name}.json").write_text(json.dumps(golden.describe(pdf), indent=1), encoding="utf-8")
        print(f"wrote {folder / name}.pdf")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
