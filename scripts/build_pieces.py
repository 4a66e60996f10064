#!/usr/bin/env python3
"""Write a 3DXWORD piece set for each language with an alphabet of its own (docs/languages.md, "Piece sets").

``kitgen/data/pieces/NAME.toml`` for Spanish, Swedish, Polish, Turkish, Russian and Greek (the languages with a
deck of their own): the standard set's shape (20 letter pieces a player, one X piece a player), each letter's
``[frequency]`` its share of the language's running text in percent (the letters of the language's book, each word
weighted by its frequency: the same count as ``scripts/build_decks.py``), every letter of the alphabet that makes up
0.05% of text or more. kitgen scales the table to the players as it does the standard set's (every letter at least
once, largest remainder). Run ``python scripts/build_pieces.py [CODE ...]``.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "kitgen" / "data" / "pieces"
SMALLEST = 0.0005
"""A letter rarer than this share of running text gets no piece (the Russian Ъ, the Spanish K and W)."""


def _letter_shares(code: str) -> dict[str, float]:
    spec = importlib.util.spec_from_file_location("build_decks", ROOT / "scripts" / "build_decks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    shares: dict[str, float] = module.letter_shares(code)
    return shares


def spec(code: str) -> str:
    sys.path.insert(0, str(ROOT))
    from kitgen.core.language import language
    from kitgen.games.xword3d.rules.pieces import LANGUAGE_PIECES

    lang = language(code)
    shares = _letter_shares(code)
    lines = [
        f"# The {lang.name} 3DXWORD piece set (docs/languages.md, \"Piece sets\"; scripts/build_pieces.py).",
        "#",
        "# 20 letter pieces a player, mixed in proportion to each letter's share of running text in the language",
        "# (percent, counted from the language's book by word frequency), every letter of 0.05% or more at least",
        "# once. Red (x3) and blue (x2) Joiners: 2P-2 of each colour (seed, 3-D rule 3). X pieces: one a player.",
        "",
        f'name = "{LANGUAGE_PIECES[code]}"',
        f'description = "20 letters a player in {lang.name} letter frequency, every letter of 0.05% or more at '
        'least once"',
        f'lang = "{code}"',
        "letters_per_player = 20",
        "x_pieces_per_player = 1",
        "",
        "[frequency]",
    ]
    for ch in lang.letters:
        if shares.get(ch, 0.0) >= SMALLEST:
            key = ch if ch.isascii() else f'"{ch}"'
            lines.append(f"{key} = {100 * shares[ch]:.3f}")
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    sys.path.insert(0, str(ROOT))
    from kitgen.games.xword3d.rules.pieces import LANGUAGE_PIECES

    for code in argv or LANGUAGE_PIECES:
        (OUT / f"{LANGUAGE_PIECES[code]}.toml").write_text(spec(code), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
