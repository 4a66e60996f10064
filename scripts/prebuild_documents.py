#!/usr/bin/env python3
"""Typeset the default kits' documents into the shipped store, ``kitgen/typeset`` (issue 32, "first kit fast").

``make install`` (and so ``make kit``) runs this once kitgen is installed, and again whenever a template or font
changes: the cover, how-to-print page and rules of every game's default kit (English; A4 and US Letter) are typeset
here, so a fresh install's first ``kitgen kit`` reads them (kitgen/io/cache.py, ``shipped``) instead of starting
weasyprint. A wheel built afterwards carries the store (pyproject.toml, ``artifacts``).

The store is made in a temporary folder beside it and moved into place whole, so a run stopped half-way leaves
the old store (or none), never a half-made one; its files are readable by everyone who may run kitgen.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STORE = ROOT / "kitgen" / "typeset"
MADE = ".made"
"""The file ``make`` compares with the templates and fonts to know whether the store is up to date."""


def made_into(folder: Path) -> int:
    """Typeset the documents into ``folder`` through the document cache; how many."""
    os.environ["KITGEN_CACHE_DIR"] = str(folder)
    os.environ["KITGEN_SHIPPED_DOCUMENTS"] = "off"  # typeset everything afresh
    from kitgen import api

    count = api.prebuild_documents()
    shutil.rmtree(folder / "templates", ignore_errors=True)  # compiled templates: the user's cache keeps its own
    return count


def readable(folder: Path) -> None:
    """Let everyone read the store (the cache makes its folder ``0700``, for one user)."""
    folder.chmod(0o755)
    for entry in folder.iterdir():
        entry.chmod(0o644)


def main(argv: list[str]) -> int:
    """``prebuild_documents.py [STORE]``: make the store (``kitgen/typeset`` unless named)."""
    store = Path(argv[0]).resolve() if argv else STORE
    with tempfile.TemporaryDirectory(dir=store.parent, prefix=".typeset-") as scratch:
        new = Path(scratch) / "store"
        count = made_into(new)
        (new / MADE).write_text(f"{count} documents\n")
        readable(new)
        if store.exists():
            store.rename(Path(scratch) / "old")
        new.rename(store)
    print(f"typeset {count} documents into {store}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
