"""The free fonts every kitgen PDF embeds (DejaVu, see fonts/LICENSE-DejaVu.txt).

Registered once per process for reportlab under the names below; the
weasyprint templates load the same files with ``@font-face``.
"""

from __future__ import annotations

from functools import cache
from typing import Any

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
    """Make every kitgen font known to reportlab (idempotent). Fonts are embedded as subsets.

    A font is read (its whole file parsed, ~10 ms) the first time reportlab asks for it by name
    (``_FontsOnFirstUse``), not here: a kit draws with three or four of the eight (issue 32, the warm kit)."""
    from reportlab.lib.fonts import addMapping
    from reportlab.pdfbase import pdfmetrics

    if not isinstance(pdfmetrics._fonts, _FontsOnFirstUse):
        pdfmetrics._fonts = _FontsOnFirstUse(pdfmetrics._fonts)
    addMapping(SANS, 0, 0, SANS)
    addMapping(SANS, 1, 0, SANS_BOLD)
    addMapping(SANS, 0, 1, SANS_ITALIC)
    addMapping(SANS, 1, 1, SANS_BOLD)
    addMapping(SERIF, 0, 0, SERIF)
    addMapping(SERIF, 1, 0, SERIF_BOLD)
    addMapping(SERIF, 0, 1, SERIF_ITALIC)
    addMapping(SERIF, 1, 1, SERIF_BOLD)


def load_fonts(*names: str) -> None:
    """Read the fonts ``names`` now, as a process does before it forks workers that all draw with them."""
    from reportlab.pdfbase import pdfmetrics

    register_fonts()
    for name in names:
        pdfmetrics.getFont(name)


class _FontsOnFirstUse(dict[str, Any]):
    """reportlab's table of registered fonts (``pdfmetrics._fonts``, which ``getFont`` and ``stringWidth`` index by
    name), registering a kitgen font (``FONT_FILES``) the first time it is looked up and not found."""

    def __missing__(self, name: str) -> Any:
        filename = FONT_FILES.get(name)
        if filename is None:
            raise KeyError(name)
        from reportlab.pdfbase import pdfmetrics
        from reportlab.pdfbase.ttfonts import TTFont

        font = TTFont(name, str(resource_dir("fonts") / filename))
        pdfmetrics.registerFont(font)
        return font
