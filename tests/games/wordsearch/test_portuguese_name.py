"""Make a Wordsearch's Portuguese name is Portugal's (docs/languages.md, "Portuguese: the jóquer"): a wordsearch is a
*sopa de letras* in Portugal, a *caça-palavras* in Brazil, and kitgen's Portuguese is European Portuguese."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

from kitgen.core.i18n import translations

ROOT = Path(__file__).resolve().parents[3]


def test_the_game_is_a_sopa_de_letras() -> None:
    assert translations("pt").gettext("Make a Wordsearch") == "Faça uma sopa de letras"


def test_no_portuguese_text_says_caca_palavras() -> None:
    with open(ROOT / "kitgen" / "locale" / "pt" / "LC_MESSAGES" / "kitgen.po", "rb") as f:
        catalogue = read_po(f)
    said = [s for m in catalogue for s in ([m.string] if isinstance(m.string, str) else list(m.string or ()))]
    assert [s for s in said if re.search(r"(?i)ca[çc]a.palavras", s)] == []
