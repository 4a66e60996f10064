#!/usr/bin/env python3
"""Build kitgen's English proper nouns (kitgen/data/names-en.txt), the words the Game of Words' Free-for-All adds.

The Crossword Game's Free-for-All is "a variation in which plurals and proper nouns may be used"
(docs/game-of-words.md, ruling 10). Source: SCOWL's proper-name and capitalised-word lists
(``/usr/share/dict/scowl/{english,american,british}-{proper-names,upper}.NN``, Debian's ``scowl`` package),
at the size levels the default lexicon is built from (70 or less): names of people, places, peoples,
languages, days and months (Alice, Paris, Monday, English). Kept: entries that start with a capital and go on
in lower case (no all-capitals abbreviations such as USA), letters only (no possessives), as fitting forms
(A-Z, accents folded), one a line, sorted. SCOWL's notice is beside it already (SCOWL-COPYRIGHT.txt).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "kitgen" / "data"
SCOWL = Path("/usr/share/dict/scowl")
LEVELS = (10, 20, 35, 40, 50, 55, 60, 70)
NAME = re.compile(r"^[^\W\d_][^\W\d_A-Z]+$")

sys.path.insert(0, str(ROOT))
from kitgen.core.normalize import normalize  # noqa: E402


def names() -> set[str]:
    """The fitting forms of SCOWL's proper nouns to size 70."""
    if not list(SCOWL.glob("*-proper-names.*")):
        raise SystemExit(f"no SCOWL lists in {SCOWL}: apt-get install scowl")
    found: set[str] = set()
    for variety in ("english", "american", "british"):
        for kind in ("proper-names", "upper"):
            for level in LEVELS:
                path = SCOWL / f"{variety}-{kind}.{level}"
                if not path.exists():
                    continue
                for entry in path.read_text(encoding="utf-8", errors="replace").split("\n"):
                    if NAME.match(entry) and entry[0].isupper():
                        found.add(normalize(entry))
    found.discard("")
    return found


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else OUT
    found = sorted(names())
    header = ["# kitgen proper nouns (the Game of Words' Free-for-All): built by scripts/build_names.py from",
              "# SCOWL's proper-name and capitalised-word lists to size 70; see SCOWL-COPYRIGHT.txt."]
    (out / "names-en.txt").write_text("\n".join(header + found) + "\n", encoding="ascii")
    print(f"{len(found)} proper nouns -> {out / 'names-en.txt'}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
