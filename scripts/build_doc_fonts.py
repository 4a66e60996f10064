#!/usr/bin/env python3
"""Trim the DejaVu fonts to the text kitgen prints for the weasyprint documents (rules, covers).

WeasyPrint subsets every font it embeds with fontTools, which first decompiles
the font's whole GSUB/GPOS tables: for the full DejaVu faces that is about
0.4 s a face, a document. The trimmed faces keep what the documents can show
(Basic Latin, Latin-1, Latin Extended-A, Greek, Cyrillic, punctuation and
the few symbols the templates use: every language kitgen plays, checked by
tests/io/test_glyphs.py) and subset in a few milliseconds. They carry no GSUB/GPOS
tables: decompiling DejaVu's class kerning is what made subsetting slow, and
DejaVu is spaced to read well without it.

The result is written to ``fonts/doc/`` and committed; the reportlab renderers
keep the full faces in ``fonts/``. DejaVu's licence (fonts/LICENSE-DejaVu.txt)
allows modified copies under names without "Bitstream" or "Vera": the trimmed
faces are named "Kitgen Doc Sans", "Kitgen Doc Serif" and "Kitgen Doc Mono".

Run: ``python3 scripts/build_doc_fonts.py`` (needs fontTools, which weasyprint brings).
"""

from __future__ import annotations

from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "fonts"
TARGET = SOURCE / "doc"

FACES = {
    "DejaVuSans.ttf": ("Kitgen Doc Sans", "Regular"),
    "DejaVuSans-Bold.ttf": ("Kitgen Doc Sans", "Bold"),
    "DejaVuSans-Oblique.ttf": ("Kitgen Doc Sans", "Oblique"),
    "DejaVuSerif.ttf": ("Kitgen Doc Serif", "Regular"),
    "DejaVuSerif-Bold.ttf": ("Kitgen Doc Serif", "Bold"),
    "DejaVuSerif-Italic.ttf": ("Kitgen Doc Serif", "Italic"),
    "DejaVuSansMono.ttf": ("Kitgen Doc Mono", "Regular"),
}

RANGES = [
    (0x0020, 0x007E),  # Basic Latin
    (0x00A0, 0x017F),  # Latin-1 Supplement, Latin Extended-A (accented names and words; Polish, Turkish)
    (0x0370, 0x03FF),  # Greek (the Greek kits' text and words)
    (0x0400, 0x045F),  # Cyrillic (the Russian kits' text and words)
    (0x2010, 0x203A),  # dashes, quotes, bullet, ellipsis, French narrow no-break space, per mille, guillemets
    (0x20AC, 0x20AC),  # euro
    (0x2116, 0x2116),  # numero sign (Russian: № 3924)
    (0x2122, 0x2122),  # trade mark
    (0x2190, 0x2195),  # arrows
    (0x2212, 0x2212),  # minus
    (0x2260, 0x2265),  # not equal, less/greater or equal
    (0x25A0, 0x25A1),  # black and white squares (blocks in a grid)
    (0x25CF, 0x25CF),  # black circle
    (0x2702, 0x2702),  # scissors (cut here)
    (0x2713, 0x2717),  # check and cross marks
]


def unicodes() -> list[int]:
    return [cp for lo, hi in RANGES for cp in range(lo, hi + 1)]


def rename(font: TTFont, family: str, style: str) -> None:
    """Give the trimmed face its own name (the DejaVu licence asks for a new name on modified copies)."""
    name = font["name"]
    full = f"{family} {style}" if style != "Regular" else family
    postscript = f"{family.replace(' ', '')}-{style}"
    for record in list(name.names):
        if record.nameID in (1, 16):
            record.string = family
        elif record.nameID in (2, 17):
            record.string = style
        elif record.nameID == 3:
            record.string = f"kitgen: {postscript}"
        elif record.nameID == 4:
            record.string = full
        elif record.nameID == 6:
            record.string = postscript
    name.names = [r for r in name.names if r.nameID in (0, 1, 2, 3, 4, 5, 6, 13, 14, 16, 17)]
    name.setName(
        "Trimmed to the text of kitgen documents by scripts/build_doc_fonts.py from DejaVu "
        "(fonts/LICENSE-DejaVu.txt).", 10, 3, 1, 0x409)


def main() -> None:
    TARGET.mkdir(exist_ok=True)
    options = subset.Options()
    options.layout_features = []
    options.drop_tables += ["GSUB", "GPOS", "GDEF", "kern"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.glyph_names = False
    options.hinting = False  # TrueType instructions only matter on screens at small sizes; PDFs print
    for filename, (family, style) in FACES.items():
        font = TTFont(SOURCE / filename)
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=unicodes())
        subsetter.subset(font)
        rename(font, family, style)
        out = TARGET / filename
        font.save(out)
        print(f"{out.relative_to(ROOT)}: {out.stat().st_size // 1024} KiB")


if __name__ == "__main__":
    main()
