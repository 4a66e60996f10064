#!/usr/bin/env python3
"""``kitgen`` as bench_kit.py runs it like for like (``_common.LIKE_FOR_LIKE``, `make bench-compare`): every rules
document set in one column, as at 1ec0211.

Issue 32 set the rules in columns at least 70 mm wide (``templates/rules-base.html``: no line longer than ~90
characters on any paper). weasyprint lays a document in columns out three to four times as slowly, and in columns
three of the four rules documents need two to six layouts to end on a page at least half full where one or two
did (``kitgen/io/documents.py``): a kit took some 2.5 times the CPU of 1ec0211's, on purpose. Without the
columns today's kit lays its rules out as 1ec0211's did (the same layouts, pages within a line's fill). The
workers are forked, so they lay out as the parent does."""

from __future__ import annotations

from typing import Any

COLUMNS = ("<style>body { column-width: 70mm; column-gap: 7mm; } h1, .span-columns { column-span: all; }"
           "</style>")
"""What ``templates/rules-base.html`` adds to every rules document for its columns (tests pin that it still does)."""


def as_before() -> None:
    """Lay every document out without the rules' columns, from now on in this process and those it forks."""
    from kitgen.io import documents

    layout = documents._layout

    def one_column(html: str, paper: Any, fit: str = "") -> Any:
        return layout(html.replace(COLUMNS, ""), paper, fit)

    documents._layout = one_column


if __name__ == "__main__":
    from _common import run_kitgen

    run_kitgen(as_before)
