"""Pattern sets and solutions as PDF pages, streamed a batch at a time (a worker draws long sets), and the
Crossword kit's components. See docs/crossword.md."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, BinaryIO

from kitgen.core.grid import Grid
from kitgen.core.i18n import gettext, speaking, text_language
from kitgen.games.crossword.render.grid import GREY, draw_grid
from kitgen.games.crossword.render.panel import (
    RULES_BAND,
    byline,
    check_squares,
    draw_panel,
    longest_entry,
    panel_boxes,
    rounds_needed,
    square_layout,
)
from kitgen.games.crossword.render.table import MAX_ROW, bank_fits, draw_rules, draw_score_table, head_height
from kitgen.games.crossword.rules.pattern import Pattern
from kitgen.io.fonts import SANS, SANS_BOLD
from kitgen.io.pdf import MARGIN, MM, Paper, canvas_bytes, kit_page, prose_width

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


def draw_patterns(c: Canvas, patterns: Sequence[Pattern | Grid], paper: Paper, per_page: int = 1,
                  label: str = "", players: Sequence[str] | None = None, first: int = 0, total: int = 0,
                  numbered: bool | None = None, large_print: bool = False, note: str = "") -> None:
    """Lay ``patterns`` out ``per_page`` to a page on canvas ``c`` (ending each page); with ``large_print``,
    each on a page of its own and its score table on the next (``large_print``).

    ``patterns`` may be a batch of a longer set: its first pattern is number ``first + 1`` of ``total``
    (``numbered``: whether patterns are numbered; by default when they are not all copies of one). The footer
    says ``label`` (the set's) and ``note`` (what the layout changed or warns of) on one line (``_page_foot``).
    """
    if per_page not in (1, 2, 4):
        raise ValueError(f"--per-page is 1, 2 or 4 (got {per_page})")
    shown = [p if isinstance(p, Pattern) else Pattern(p) for p in patterns]
    players = player_names(2) if players is None else players
    if large_print:
        _large_pages(c, shown, paper, label, players, first, numbered)
        return
    boxes = panel_boxes(paper, per_page)
    pages = (len(shown) + per_page - 1) // per_page
    all_pages = (max(total, first + len(shown)) + per_page - 1) // per_page
    numbered = len({p.grid for p in shown}) > 1 if numbered is None else numbered
    pw, _ = paper.size
    for page in range(pages):
        short: list[tuple[str, int, int, int]] = []
        for slot, box in enumerate(boxes):
            k = page * per_page + slot
            if k >= len(shown):
                break
            pattern, n = shown[k], first + k + 1
            # copies of one pattern (kitgen pattern --from F --count N) are not numbered as patterns
            title = pattern.meta.title or gettext("Crossword")
            title += "  \u00b7  " + gettext("pattern {n}").format(n=n) if numbered else ""
            rows = draw_panel(c, pattern, *box, title=title, players=players, rules=per_page != 4,
                              byline=byline(pattern), stack=per_page == 1)
            if per_page == 1 and rows < rounds_needed(pattern.grid, len(players)):
                short.append((title, rows + 1, rounds_needed(pattern.grid, len(players)) - rows,
                              longest_entry(pattern.grid)))
            # a bookmark a pattern, for finding one in a long set
            key = f"pattern-{n}"
            c.bookmarkPage(key)
            c.addOutlineEntry(gettext("kitgen crossword: pattern {n}").format(n=n), key, level=0)
        if per_page == 4:
            draw_rules(c, MARGIN, MARGIN + 5 * MM + RULES_BAND - 1 * MM, pw - 2 * MARGIN)
        foot = "  \u00b7  ".join(part for part in (gettext("kitgen crossword"), label, note) if part)
        number = first // per_page + page + 1
        draw_footer(c, pw, *_page_foot(label, note, _page_words(c, number, all_pages), pw))
        c.showPage()
        for title, start, left, longest in short:
            while left > 0:  # as many pages as the rounds take (an Entry column for the longest entry: issue 32)
                drawn = continued_table(c, paper, title, players, start, left, longest)
                start, left = start + drawn, left - drawn
                words = _page_words(c, number, all_pages, continued=True)
                draw_footer(c, pw, _run_on_foot(f"{foot}  \u00b7  {words}", words, pw), line=True)
                c.showPage()


def _page_words(c: Canvas, number: int, pages: int, continued: bool = False) -> str:
    """``page 2 of 5`` (``, continued`` on a score table's run-on page); in a kit, the kit's page number as its
    guide counts pages (``kit_page``): ``page 6``."""
    in_kit = kit_page(c)
    if in_kit is not None:
        return (gettext("page {page}, continued") if continued else gettext("page {page}")).format(page=in_kit)
    said = gettext("page {page} of {pages}, continued") if continued else gettext("page {page} of {pages}")
    return said.format(page=number, pages=pages)


def _page_foot(label: str, note: str, words: str, width: float) -> tuple[str, bool]:
    """A pattern page's footer and whether it is one line (a long label wrapped it: "... seed 1 · page" over
    "1 of 1" in French and Russian): "kitgen crossword", the set's ``label``, the ``note`` and the page's
    ``words`` where they fit between the margins; else the label cut short ("…", after its last whole word that
    fits, or within a label of one word such as a file name) so the note and the page's words stay whole; where
    even they do not fit (a long warning on A5) the footer wraps (``draw_footer``) as it always did."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    def line(shown: str) -> str:
        return "  \u00b7  ".join(part for part in (gettext("kitgen crossword"), shown, note, words) if part)

    def fits(cut: int) -> bool:
        shown = label if cut == len(label) else label[:cut].rstrip(" ,;:\u00b7") + "\u2026"
        return bool(stringWidth(line(shown), SANS, FOOT_SIZE) <= width - 2 * MARGIN)

    if fits(len(label)):
        return line(label), True
    spaces = [k for k, char in enumerate(label) if char == " " and fits(k)]  # a cut between words, else in one
    low, high = (spaces[-1], len(label)) if spaces else (0, len(label))  # fits(low) or low == 0; not fits(high)
    while not spaces and high - low > 1:
        middle = (low + high) // 2
        low, high = (middle, high) if fits(middle) else (low, middle)
    if low == 0 or not fits(low):
        return line(label), False
    return line(label[:low].rstrip(" ,;:\u00b7") + "\u2026"), True


def _run_on_foot(text: str, words: str, width: float) -> str:
    """A score table's run-on page's footer, one line (it wrapped: "page 1 of 1," over "continued"): ``text`` where
    it fits between the margins, else the page's words after "kitgen crossword" alone (the set's label is on the
    pattern's page, and the pattern's title heads this one)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    if stringWidth(text, SANS, FOOT_SIZE) <= width - 2 * MARGIN:
        return text
    return gettext("kitgen crossword") + "  \u00b7  " + words


def continued_table(c: Canvas, paper: Paper, title: str, players: Sequence[str], start: int, left: int,
                    longest: int = 0) -> int:
    """The rounds from ``start`` on (``left`` of them, or more: rows to the foot of the page) of a score table
    its pattern's page had no room for (A5, one a page: rows stay 6 mm, so a long game runs on here), in the
    fewest side-by-side banks that hold them and keep an Entry column for ``longest`` letters; returns the rows
    drawn."""
    pw, ph = paper.size
    width, top = pw - 2 * MARGIN, ph - MARGIN
    c.setFont(SANS_BOLD, 10.5)
    heading = gettext("Score table, continued") + "  \u00b7  " + title
    c.drawString(MARGIN, top - 10.5, heading)
    top -= 10.5 + 3 * MM
    height = top - (MARGIN + 5 * MM)
    banks = 1
    while banks < 3 and bank_fits(width, len(players), banks + 1, longest, stack=True) and \
            int((height - head_height(width, len(players), longest=longest)) / MAX_ROW) < left:
        banks += 1
    return draw_score_table(c, MARGIN, top, width, height, players, 0, banks, first=start, longest=longest,
                            stack=True)


FOOT_SIZE = 7.0
"""The footer's type (points): read, so never under 7 pt (issue 32)."""


def draw_footer(c: Canvas, width: float, text: str, line: bool = False) -> None:
    """The page's footer centred on ``MARGIN``, in lines no wider than the page between its margins (on A5 a
    warning about small squares ran off both edges) nor a readable measure (``prose_width``: on A3 it ran 100
    characters); further lines go below the first, their type still clear of the 5 mm by the paper's edge. A
    running foot that is one ``line`` (a run-on page's, ``_run_on_foot``) takes the width between the margins."""
    from reportlab.lib.utils import simpleSplit

    measure = width - 2 * MARGIN if line else prose_width(width - 2 * MARGIN, FOOT_SIZE)
    lines = simpleSplit(text, SANS, FOOT_SIZE, measure)
    c.setFont(SANS, FOOT_SIZE)
    c.setFillColorRGB(*GREY)
    for k, line in enumerate(lines[:3]):
        c.drawCentredString(width / 2, MARGIN - k * FOOT_SIZE * 1.2, line)
    c.setFillColorRGB(0, 0, 0)


def _large_pages(c: Canvas, shown: Sequence[Pattern], paper: Paper, label: str, players: Sequence[str], first: int,
                 numbered: bool | None) -> None:
    """Each pattern large (its page, then its score table's pages), bookmarked as ``draw_patterns`` does."""
    from kitgen.games.crossword.large_print import draw_grid_page, draw_table_pages

    numbered = len({p.grid for p in shown}) > 1 if numbered is None else numbered
    for k, pattern in enumerate(shown):
        n = first + k + 1
        name = (pattern.meta.title or gettext("Crossword")) + (
            "  \u00b7  " + gettext("pattern {n}").format(n=n) if numbered else "")
        foot = gettext("kitgen crossword") + (f"  \u00b7  {label}" if label else "")
        c.bookmarkPage(f"pattern-{n}")
        c.addOutlineEntry(gettext("kitgen crossword: pattern {n}").format(n=n), f"pattern-{n}", level=0)
        under = draw_grid_page(c, pattern, paper, name, byline(pattern), foot, rules=True)
        draw_table_pages(c, pattern.grid, paper, gettext("Score table") + f"  \u00b7  {name}", foot, players,
                         rules=not under)


def patterns_pdf(patterns: Sequence[Pattern | Grid], paper: Paper = Paper.a4, per_page: int = 1, label: str = "",
                 seed: int | None = None, small_squares: bool = False) -> bytes:
    """The PDF bytes of ``kitgen pattern``: the patterns ``per_page`` to a page (byte-identical for the same input)."""
    import io

    shown = [p if isinstance(p, Pattern) else Pattern(p) for p in patterns]
    out = io.BytesIO()
    write_patterns(out, shown, len(shown), paper, per_page, label, seed, numbered=len({p.grid for p in shown}) > 1,
                   small_squares=small_squares)
    return out.getvalue()


PAGES_A_BATCH = 25
"""Pages drawn on one reportlab canvas before they are written out (``kitgen.io.pdfstream``)."""

Packed = tuple[Any, ...]
"""A pattern as plain, picklable values (``packed``): small to keep, and to send to a worker."""


def packed(pattern: Pattern | Grid) -> Packed:
    """``pattern`` as plain values, without what its grid worked out (lights, numbers): a few kilobytes."""
    pattern = pattern if isinstance(pattern, Pattern) else Pattern(pattern)
    grid = pattern.grid
    return (grid.text_rows, tuple(sorted(grid.bars)), dict(pattern.marks), dict(pattern.rebus), pattern.meta,
            pattern.diagramless, pattern.diagram_from_solution, pattern.notes, dict(pattern.labels))


def unpacked(values: Packed) -> Pattern:
    """The pattern ``packed`` made the values of."""
    rows, bars, marks, rebus, meta, diagramless, from_solution, notes, labels = values
    return Pattern(Grid(rows, bars), marks=marks, rebus=rebus, meta=meta, diagramless=diagramless,
                   diagram_from_solution=from_solution, notes=notes, labels=labels)


@dataclass(frozen=True)
class PatternPages:
    """Draws one batch of a pattern set's pages (the patterns ``packed``, to be sent to a worker)."""

    paper: Paper
    per_page: int
    label: str
    seed: int | None
    count: int
    numbered: bool
    large_print: bool = False
    note: str = ""
    """What the layout changed or warns of (``square_layout``), said after the label in the pattern pages' footers."""
    text_lang: str = field(default_factory=text_language)
    """The text language the pages are drawn in (a worker process draws them in the language of the run)."""

    def __call__(self, batch: list[Packed], first: int) -> bytes:
        patterns = [unpacked(p) for p in batch]
        with speaking(self.text_lang):
            return canvas_bytes(lambda c: draw_patterns(c, patterns, self.paper, self.per_page, self.label,
                                                        first=first, total=self.count, numbered=self.numbered,
                                                        large_print=self.large_print, note=self.note),
                                self.paper, title=gettext("Crossword patterns"),
                                subject=self._subject or gettext("blank crossword patterns"), seed=self.seed)

    @property
    def _subject(self) -> str:
        return "  \u00b7  ".join(part for part in (self.label, self.note) if part)


def draw_solutions(c: Canvas, solutions: Sequence[Pattern], paper: Paper, label: str = "") -> None:
    """The filled patterns, four a page (one alone when there is one), each titled as its pattern."""
    per_page = 1 if len(solutions) == 1 else 4
    boxes = panel_boxes(paper, per_page)
    pw, _ = paper.size
    pages = (len(solutions) + per_page - 1) // per_page
    for page in range(pages):
        for slot, (x, y, w, h) in enumerate(boxes):
            k = page * per_page + slot
            if k >= len(solutions):
                break
            pattern = solutions[k]
            grid = pattern.grid
            name = pattern.meta.title or (gettext("pattern {n}").format(n=k + 1) if len(solutions) > 1 else "")
            c.setFont(SANS_BOLD, 9.5)
            c.drawString(x, y + h - 9.5, gettext("Solution") + (f"  \u00b7  {name}" if name else ""))
            cell = min(w, h - 8 * MM) / max(grid.rows, grid.cols)
            draw_grid(c, pattern, x, y + h - 6 * MM, cell, letters=True)
            key = f"solution-{k + 1}"
            c.bookmarkPage(key)
            c.addOutlineEntry(gettext("kitgen crossword: solution {n}").format(n=k + 1), key, level=0)
        draw_footer(c, pw, gettext("kitgen crossword solutions") + (f"  \u00b7  {label}" if label else ""))
        c.showPage()


def _solution_pages(solutions: Iterable[Pattern], paper: Paper, label: str, seed: int | None,
                    large_print: bool = False) -> bytes:
    shown = list(solutions)

    def draw(c: Canvas) -> None:
        if not large_print:
            draw_solutions(c, shown, paper, label)
            return
        from kitgen.games.crossword.large_print import draw_grid_page

        for k, pattern in enumerate(shown):
            name = pattern.meta.title or (gettext("pattern {n}").format(n=k + 1) if len(shown) > 1 else "")
            c.bookmarkPage(f"solution-{k + 1}")
            c.addOutlineEntry(gettext("kitgen crossword: solution {n}").format(n=k + 1), f"solution-{k + 1}",
                              level=0)
            draw_grid_page(c, pattern, paper, gettext("Solution") + (f"  \u00b7  {name}" if name else ""),
                           byline(pattern),
                           gettext("kitgen crossword solutions") + (f"  \u00b7  {label}" if label else ""),
                           letters=True)

    return canvas_bytes(draw, paper, title=gettext("Crossword solutions"),
                        subject=label or gettext("crossword solutions"), seed=seed)


def write_patterns(out: BinaryIO, patterns: Iterable[Pattern | Grid], count: int, paper: Paper = Paper.a4,
                   per_page: int = 1, label: str = "", seed: int | None = None, numbered: bool = True,
                   solutions: Iterable[Pattern] | None = None, large_print: bool = False,
                   small_squares: bool = False) -> None:
    """Write the patterns' PDF to ``out`` as they come, ``PAGES_A_BATCH`` pages at a time: memory holds a
    batch or two of pages and patterns, however many ``count`` there are (issue 17, "Big jobs stream").

    A set longer than one batch is drawn by a worker process while this one makes the next batch of
    patterns; the bytes are the same either way. With ``large_print`` (``large_print.py``) each pattern is
    checked to fit as it comes, and a pattern's pages and its solution are large too."""
    import itertools

    from kitgen.io.pdfstream import stream_pdf

    them = iter(patterns)
    if large_print:
        from kitgen.games.crossword.large_print import check_fits, check_layout

        check_layout(paper, per_page)
        them = (p for p in them if check_fits(p.grid if isinstance(p, Pattern) else p, paper))
        if solutions is not None:
            solutions = (p for p in solutions if check_fits(p.grid, paper))
    first, note = next(them, None), ""
    if first is not None:
        if not large_print:
            shape = first if isinstance(first, Pattern) else Pattern(first)
            if not small_squares:
                check_squares(shape, paper)
            per_page, note = square_layout(shape, paper, per_page)
        them = itertools.chain([first], them)
    size = PAGES_A_BATCH * per_page
    draw = PatternPages(paper, per_page, label, seed, count, numbered, large_print, note)
    batches = ((k * size, [packed(p) for p in batch]) for k, batch in enumerate(_batched(them, size)))
    from kitgen.io.processes import workers_allowed

    pages: Iterable[bytes]
    if count <= size or not workers_allowed():
        pages = (draw(batch, first) for first, batch in batches)
    else:
        pages = _drawn_by_a_worker(draw, batches)
    if solutions is not None:  # the solution pages after every pattern (--solution), drawn once the patterns are
        shown = "  \u00b7  ".join(part for part in (label, note) if part)
        pages = itertools.chain(pages, (_solution_pages(solutions, paper, shown, seed, large_print) for _ in range(1)))
    stream_pdf(out, pages)


def _drawn_by_a_worker(draw: PatternPages, batches: Iterable[tuple[int, list[Packed]]]) -> Iterator[bytes]:
    """Each batch drawn by one worker process, in order, while the next is made here (two at most in hand)."""
    from collections import deque

    from kitgen.io.processes import worker_pool

    with worker_pool(1) as pool:
        pending: deque[Any] = deque()
        for first, batch in batches:
            pending.append(pool.apply_async(draw, (batch, first)))
            if len(pending) == 2:
                yield pending.popleft().get()
        while pending:
            yield pending.popleft().get()


def _batched(items: Iterable[Pattern | Grid], size: int) -> Iterator[list[Pattern | Grid]]:
    import itertools

    it = iter(items)
    while batch := list(itertools.islice(it, size)):
        yield batch


def kit_components(paper: Paper, seed: int, players: int = 2) -> bytes:
    """The Crossword kit's printable components: a British and an American 15x15 pattern, each with a score
    table for ``players`` (no cover, no rules: the kit adds those)."""
    from kitgen.games.crossword.rules.generate import generate
    from kitgen.io.calibration import part_bookmark

    grids = [generate(15, 15, "british", "rotational", seed), generate(15, 15, "american", "rotational", seed)]
    names = player_names(max(1, players))

    def draw(c: Canvas) -> None:
        part_bookmark(c, "part-patterns", gettext("Blank patterns, British then American, each with a score table"),
                      gettext("plain paper, one game a pattern"))
        draw_patterns(c, grids, paper, 1, gettext("seed {seed}").format(seed=seed), players=names)

    return canvas_bytes(draw, paper, title=gettext("Crossword"),
                        subject=gettext("Crossword patterns and score tables"), seed=seed)


def player_names(players: int) -> list[str]:
    """``Player 1``, ``Player 2`` ... in the text language: the score table's heads when no names are given."""
    return [gettext("Player {n}").format(n=k + 1) for k in range(players)]
