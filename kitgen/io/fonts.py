"""The free fonts every kitgen PDF embeds (DejaVu, see fonts/LICENSE-DejaVu.txt).

Registered once per process for reportlab under the names below; the
weasyprint templates load the same files with ``@font-face``.
"""

from __future__ import annotations

from functools import cache

from kitgen.core.resources import resource_dir

SANS = "KitgenSans"
SANS_BOLD = "KitgenSans-Bold"
SANS_ITALIC = "KitgenSans-Oblique"
SERIF = "KitgenSerif"
SERIF_BOLD = "KitgenSerif-Bold"
SERIF_ITALIC = "KitgenSerif-Italic"
MONO = "KitgenMono"
CONDENSED_BOLD = "KitgenSansCondensed-Bold"

FONT_FILES = {
    SANS: "DejaVuSans.ttf",
    SANS_BOLD: "DejaVuSans-Bold.ttf",
    SANS_ITALIC: "DejaVuSans-Oblique.ttf",
    SERIF: "DejaVuSerif.ttf",
    SERIF_BOLD: "DejaVuSerif-Bold.ttf",
    SERIF_ITALIC: "DejaVuSerif-Italic.ttf",
    MONO: "DejaVuSansMono.ttf",
    CONDENSED_BOLD: "DejaVuSansCondensed-Bold.ttf",
}


@cache
def register_fonts() -> None:
    """Register every kitgen font with reportlab (idempotent). Fonts are embedded as subsets."""
    from reportlab.lib.fonts import addMapping
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    folder = resource_dir("fonts")
    for name, filename in FONT_FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(folder / filename)))
    addMapping(SANS, 0, 0, SANS)
    addMapping(SANS, 1, 0, SANS_BOLD)
    addMapping(SANS, 0, 1, SANS_ITALIC)
    addMapping(SANS, 1, 1, SANS_BOLD)
    addMapping(SERIF, 0, 0, SERIF)
    addMapping(SERIF, 1, 0, SERIF_BOLD)
    addMapping(SERIF, 0, 1, SERIF_ITALIC)
    addMapping(SERIF, 1, 1, SERIF_BOLD)
