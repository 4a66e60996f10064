"""The score table (one row a round, a column group a player, in side-by-side banks when rounds are many) and
the three-line rules reminder. See docs/crossword.md."""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING

from kitgen.core.i18n import N_, gettext
from kitgen.games.crossword.render.grid import GREY, fit_font
from kitgen.io.fonts import SANS, SANS_BOLD, SERIF
from kitgen.io.pdf import MM, prose_width

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


RULES = (
    N_("First entry: the shortest light (the lowest-numbered if several), 2 points a letter."),
    N_("Then, in turn, fill one light exactly, crossing a letter already in: score length \u00d7 links."),
    N_("Stuck? Pass. Play ends when all players pass in a row; the last entry adds 10. Top score wins."),
)
"""The reminder printed under every pattern (in English: ``gettext`` shows each line in the text language)."""
HEADS = (N_("Light"), N_("Entry"), N_("Len"), N_("Links"), N_("Score"), N_("Total"))
"""The column heads (``table_columns`` keeps them in English, as keys; they are drawn through ``gettext``)."""


def table_columns(width: float, players: int, longest: int = 0) -> tuple[list[tuple[str, float]], float]:
    """The per-player columns (label, relative width) that fit ``width``, and the turn column's width. With
    ``longest`` (the pattern's longest entry, in letters) an Entry column is never narrower than ``entry_room``:
    it is widened at the numbers' cost (none under ``NUMBER_LEAST``; Len, then Links, left out first), or, where
    even that leaves no room, the table is numbers only (the entry is in the grid)."""
    full = [("Light", 1.1), ("Entry", 3.4), ("Len", 0.85), ("Links", 1.0), ("Score", 1.05), ("Total", 1.2)]
    compact = [("Light", 1.1), ("Entry", 3.0), ("Links", 1.0), ("Score", 1.05), ("Total", 1.2)]
    narrow = [("Light", 1.0), ("Entry", 2.3), ("Links", 0.95), ("Score", 1.0), ("Total", 1.1)]
    tiny = [("Light", 1.0), ("Entry", 2.6), ("Score", 1.05), ("Total", 1.2)]
    mini = [("Light", 1.0), ("Score", 1.0), ("Total", 1.1)]   # numbers only: the entry is in the grid
    per_player = (width - 8 * MM) / players
    if per_player >= 78 * MM:
        cols, turn_w = full, 8 * MM
    elif per_player >= 52 * MM:
        cols, turn_w = compact, 8 * MM
    elif per_player >= 40 * MM:
        cols, turn_w = narrow, 6 * MM
    elif per_player >= 28 * MM:
        cols, turn_w = tiny, 6 * MM
    else:
        return mini, 5 * MM
    if not longest:
        return cols, turn_w
    return _entry_widened(cols, (width - turn_w) / players, entry_room(longest)) or mini, turn_w


LETTER_WIDTH = 3.0 * MM
"""What a handwritten letter takes along an Entry column's line: capitals written about 4 mm tall (two thirds of a
6 mm row, room above and below) are some 2.5 mm wide, 3 mm with the space between them, as a person printing an
answer in block capitals writes them. A 15-letter entry needs 45 mm, a Sunday's 21 letters 63 mm (issue 32: on US
Letter a 15x15 pattern's table split in two banks with a 21 mm Entry column, 1.4 mm a letter)."""
NUMBER_LEAST = 5 * MM
"""The narrowest number column (light, length, links, score, total): a handwritten number of up to three figures."""


def entry_room(longest: int) -> float:
    """The Entry column's least width for entries of ``longest`` letters: ``LETTER_WIDTH`` a letter and 1 mm
    clear of each rule."""
    return longest * LETTER_WIDTH + 2 * MM


def _entry_widened(cols: list[tuple[str, float]], group: float,
                   need: float) -> list[tuple[str, float]] | None:
    """``cols`` (relative widths of a ``group`` points wide) with the Entry column ``need`` points wide or more and
    every number column ``NUMBER_LEAST`` or more (Len, then Links, left out if that takes it), as widths in
    points; None if no such columns fit ``group``."""
    unit = group / sum(w for _, w in cols)
    if dict(cols)["Entry"] * unit >= need:
        return cols
    for dropped in ((), ("Len",), ("Len", "Links")):
        kept = [(label, w) for label, w in cols if label not in dropped]
        numbers = [w for label, w in kept if label != "Entry"]
        scale = (group - need) / sum(numbers)
        if min(numbers) * scale >= NUMBER_LEAST - 1e-6:
            return [(label, need if label == "Entry" else w * scale) for label, w in kept]
    return None


def has_entry(cols: list[tuple[str, float]]) -> bool:
    """Whether a table of ``cols`` has an Entry column."""
    return any(label == "Entry" for label, _ in cols)


def min_row(cols: list[tuple[str, float]]) -> float:
    """The shortest row a table with ``cols`` may have: room for a word, or for numbers only."""
    return MIN_ROW if has_entry(cols) else MIN_ROW_NUMBERS


HEAD1, HEAD2 = 5.2 * MM, 4.6 * MM
MIN_ROW, MAX_ROW = 6.0 * MM, 6.2 * MM
MIN_ROW_NUMBERS = 6.0 * MM


BANK_GAP = 3 * MM
MIN_PLAYER_WIDTH = 17 * MM
"""The narrowest column group a player can write in (light, entry, score, total)."""


def bank_fits(width: float, players: int, banks: int, longest: int = 0, stack: bool = False) -> bool:
    """Whether ``banks`` side-by-side copies of the table leave each player a usable column group and, where the
    rounds run on to a page of their own (``stack``), an Entry column that holds entries of ``longest`` letters if
    one table ``width`` wide has one (issue 32: banks never cost the table its Entry column; the rounds they would
    have held run on instead). Two or four patterns a page keep a row for every round: their banks are numbers
    only where an Entry column does not fit."""
    bank_w = (width - (banks - 1) * BANK_GAP) / banks
    cols, turn_w = table_columns(bank_w, players, longest)
    if stack and longest and not has_entry(cols) and keeps_entry(width, players, longest, stack):
        return False
    return (bank_w - turn_w) / players >= MIN_PLAYER_WIDTH


def draw_score_table(c: Canvas, x: float, top: float, width: float, height: float,
                     players: Sequence[str], want_rows: int = 0, banks: int = 1, below: float = 0.0,
                     first: int = 1, longest: int = 0, stack: bool = False) -> int:
    """A score table with a header for each player and as many rounds as fit ``height`` (numbered from
    ``first``: a table continued on a page of its own); returns the rows.

    Rows are as tall as ``want_rows`` allows, between 6 and 6.2 mm (room to write a word). With
    ``banks`` > 1 the rounds run on in side-by-side copies of the table (1-19 | 20-38), so a pattern
    with many lights gets a row for every round under a full-size grid. Abbreviated heads are spelt out in a
    key under the table, which may use ``below`` points under ``height``. An Entry column holds entries of
    ``longest`` letters (``table_columns``), in two stacked tables if need be where ``stack`` (``player_groups``).
    """
    groups = player_groups(width, len(players), longest, stack) if banks == 1 else 1
    if groups > 1:
        return _stacked_groups(c, x, top, width, height, players, want_rows, groups, first, below, longest)
    if banks > 1:
        bank_w = (width - (banks - 1) * BANK_GAP) / banks
        per_bank = -(-want_rows // banks) if want_rows else 0
        start = first
        for k in range(banks):
            first += _draw_bank(c, x + k * (bank_w + BANK_GAP), top, bank_w, height, players, per_bank, first,
                                below, longest=longest)
        return first - start
    return _draw_bank(c, x, top, width, height, players, want_rows, first, below, longest=longest)


MIN_GROUP_WIDTH = 15.5 * MM
"""The narrowest column group a player gets in one table: light, score and total, none under 5 mm (room for a
handwritten number; the narrowest is 1/3.1 of the group). More players than one table holds at that width share
its height in stacked tables (a dozen players on A5 had 3.4 mm columns; issue 32)."""
GROUP_GAP = 2 * MM


def player_groups(width: float, players: int, longest: int = 0, stack: bool = False) -> int:
    """How many stacked tables ``players`` need in ``width`` so that each keeps ``MIN_GROUP_WIDTH`` a player; with
    ``stack``, two where one table side by side has no room for an Entry column of ``longest`` letters and two have
    (two players on A5: each gets the page's width). Only a table whose rounds run on to pages of their own stacks
    so (one pattern a page): stacked, it holds half the rounds, and two or four patterns a page keep a row for every
    round, numbers only."""
    _cols, turn_w = table_columns(width, players)
    fits = max(1, int((width - turn_w + 1e-6) // MIN_GROUP_WIDTH))
    groups = -(-players // fits)
    if stack and longest and groups == 1 and players > 1 \
            and not has_entry(table_columns(width, players, longest)[0]) \
            and has_entry(table_columns(width, -(-players // 2), longest)[0]):
        return 2
    return groups


def keeps_entry(width: float, players: int, longest: int, stack: bool = False) -> bool:
    """Whether one table ``width`` wide (its players side by side, or in two stacked tables: ``player_groups``) has
    an Entry column for entries of ``longest`` letters."""
    size = -(-players // player_groups(width, players, longest, stack))
    return has_entry(table_columns(width, size, longest)[0])


def _stacked_groups(c: Canvas, x: float, top: float, width: float, height: float, players: Sequence[str],
                    want_rows: int, groups: int, first: int, below: float, longest: int = 0) -> int:
    """The players in ``groups`` tables one above the other (players 1-6, then 7-12), each with the same rounds
    in its share of ``height``; returns the rows every table has."""
    size = -(-len(players) // groups)
    share = (height - (groups - 1) * GROUP_GAP) / groups
    rows = want_rows or 10**6
    for k in range(groups):
        part = players[k * size:(k + 1) * size]
        last = k == groups - 1
        drawn = _draw_bank(c, x, top - k * (share + GROUP_GAP), width, share, part, want_rows, first,
                           below if last else 0.0, first_player=k * size + 1, longest=longest)
        rows = min(rows, drawn)
    return rows


HEAD_SIZE = 7.0
"""The column heads' type: never smaller (issue 17's A5 pass); a head wider than its column is abbreviated."""
SHORT = MappingProxyType({"Light": (N_("Lt"), N_("L")), "Entry": (N_("Ent"),), "Len": (N_("Ln"),),
                          "Links": (N_("Lk"),), "Score": (N_("Sc"), N_("S")), "Total": (N_("Tot"), N_("T"))})
"""Each head's abbreviations, longest first."""
MEANING = MappingProxyType({"Lt": N_("light"), "L": N_("light"), "Ent": N_("entry"), "Ln": N_("length"),
                            "Lk": N_("links"), "Sc": N_("score"), "S": N_("score"), "Tot": N_("total"),
                            "T": N_("total")})
KEY_LEADING = HEAD_SIZE * 1.3


def head_labels(cols: Sequence[tuple[str, float]], unit: float) -> list[str]:
    """Each column's head: its word where that fits the column at 7 pt, else its abbreviation (A5, many
    players), which the key under the table spells out."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from kitgen.io.fonts import register_fonts

    register_fonts()  # layouts are planned before a canvas is made

    def fitting(label: str, room: float) -> str:
        forms = tuple(gettext(form) for form in (label, *SHORT[label]))
        return next((f for f in forms if stringWidth(f, SANS, HEAD_SIZE) <= room), forms[-1])

    return [fitting(label, w * unit - 0.8 * MM) for label, w in cols]


def key_lines(labels: Sequence[str], width: float) -> list[str]:
    """The key to the abbreviated heads ("Lt light  ·  Sc score ..."), wrapped to ``width``; none if no head is
    abbreviated."""
    from reportlab.lib.utils import simpleSplit

    meaning = {gettext(short): gettext(word) for short, word in MEANING.items()}
    shown = [f"{short} {meaning[short]}" for short in dict.fromkeys(labels) if short in meaning]
    return list(simpleSplit("  \u00b7  ".join(shown), SANS, HEAD_SIZE, width)) if shown else []


def head_height(bank_w: float, players: int, below: float = 0.0, longest: int = 0) -> float:
    """What a bank ``bank_w`` wide takes besides its rows: the header, and the key under the table when a head
    is abbreviated, less the ``below`` points free under the table (the gap above the rules reminder). The
    layouts plan with it, so every round still gets a row."""
    cols, turn_w = table_columns(bank_w, players, longest)
    unit = (bank_w - turn_w) / players / sum(w for _, w in cols)
    key = len(key_lines(head_labels(cols, unit), bank_w)) * KEY_LEADING
    return HEAD1 + HEAD2 + max(0.0, key - below)


def _draw_heads(c: Canvas, x: float, top: float, width: float, turn_w: float, players: Sequence[str],
                cols: Sequence[tuple[str, float]], labels: Sequence[str], first_player: int = 1) -> None:
    """The grey header: "#" over the round numbers, each player's name over their column group, the column heads
    (7 pt or more) under it."""
    unit = (width - turn_w) / len(players) / sum(w for _, w in cols)
    c.setFillColorRGB(0.9, 0.9, 0.9)
    c.rect(x, top - HEAD1 - HEAD2, width, HEAD1 + HEAD2, stroke=0, fill=1)
    c.setFillColorRGB(0, 0, 0)
    c.setFont(SANS_BOLD, 8)
    c.drawCentredString(x + turn_w / 2, top - HEAD1 - HEAD2 + 1.5 * MM, "#")
    gx = x + turn_w
    group_w = (width - turn_w) / len(players)
    for number, p in enumerate(players, start=first_player):
        name = shown_name(p, number, group_w - 1.5 * MM)
        fit_font(c, SANS_BOLD, 8, name, group_w - 1.5 * MM)
        c.drawCentredString(gx + group_w / 2, top - HEAD1 + 1.6 * MM, name)
        cx = gx
        for label, (_, w) in zip(labels, cols, strict=True):
            fit_font(c, SANS, HEAD_SIZE, label, w * unit - 0.8 * MM)
            c.drawCentredString(cx + w * unit / 2, top - HEAD1 - HEAD2 + 1.5 * MM, label)
            cx += w * unit
        gx += group_w


def shown_name(name: str, number: int, width: float) -> str:
    """A player's name over their columns, or their number where the name does not fit ``width`` at
    ``HEAD_SIZE`` (a dozen players on A5 shrank "Player 12" to 5.2 pt; issue 32: read, never under 7 pt)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return name if stringWidth(name, SANS_BOLD, HEAD_SIZE) <= width else str(number)


def _draw_bank(c: Canvas, x: float, top: float, width: float, height: float,
               players: Sequence[str], want_rows: int, first: int, below: float = 0.0,
               first_player: int = 1, longest: int = 0) -> int:
    """One table of rounds numbered from ``first``, and the key to its abbreviated heads under it; returns how
    many rows it has."""
    cols, turn_w = table_columns(width, len(players), longest)
    unit = (width - turn_w) / len(players) / sum(w for _, w in cols)
    labels = head_labels(cols, unit)
    key = key_lines(labels, width)
    room = height - head_height(width, len(players), below, longest)
    row_h = min(MAX_ROW, max(min_row(cols), room / want_rows)) if want_rows else MAX_ROW
    rows = max(1, int(room / row_h + 1e-6))  # 91.2 mm // 4.8 mm is 18 in floating point, not 19
    bottom = top - HEAD1 - HEAD2 - rows * row_h
    c.saveState()
    c.setStrokeColorRGB(0, 0, 0)
    _draw_heads(c, x, top, width, turn_w, players, cols, labels, first_player)
    # rules: light inside, heavy around groups
    c.setLineWidth(0.35)
    c.setStrokeColorRGB(0.35, 0.35, 0.35)
    for k in range(rows + 1):
        y = bottom + k * row_h
        c.line(x, y, x + width, y)
    c.line(x + turn_w, top - HEAD1, x + width, top - HEAD1)
    gx = x + turn_w
    group_w = (width - turn_w) / len(players)
    for _ in players:
        cx = gx
        for _label, w in cols[:-1]:
            cx += w * unit
            c.line(cx, bottom, cx, top - HEAD1)
        gx += group_w
    c.setFont(SANS, 7)  # read: never under 7 pt (issue 32; was 6.5)
    c.setFillColorRGB(*GREY)
    for k in range(rows):
        c.drawCentredString(x + turn_w / 2, top - HEAD1 - HEAD2 - (k + 1) * row_h + 1.7 * MM, str(first + k))
    c.setFont(SANS, HEAD_SIZE)
    for k, line in enumerate(key):
        c.drawString(x, bottom - (k + 1) * KEY_LEADING + 1.2, line)
    c.setLineWidth(1.0)
    c.setStrokeColorRGB(0, 0, 0)
    c.rect(x, bottom, width, top - bottom, stroke=1, fill=0)
    gx = x + turn_w
    for _ in players:
        c.line(gx, bottom, gx, top)
        gx += group_w
    c.restoreState()
    return rows


RULES_LEAST = 7.0
"""The rules reminder is read: never under 7 pt (issue 32; on A5 it shrank to 6.7 pt)."""


def rules_layout(width: float, size: float = 7.6) -> tuple[float, list[str]]:
    """The rules reminder's size and lines in ``width``: its three lines at ``size``, smaller to fit, but never
    under ``RULES_LEAST``: a line still too long, or longer than a readable measure (``prose_width``), wraps."""
    from reportlab.lib.utils import simpleSplit
    from reportlab.pdfbase.pdfmetrics import stringWidth

    rules = [gettext(line) for line in RULES]
    longest = max(stringWidth(line, SERIF, size) for line in rules)
    if longest > width:
        size = max(RULES_LEAST, size * width / longest)
    return size, [part for line in rules for part in simpleSplit(line, SERIF, size, prose_width(width, size))]


def rules_height(width: float, size: float = 7.6) -> float:
    """The height ``draw_rules`` takes in ``width``."""
    size, lines = rules_layout(width, size)
    return len(lines) * size * 1.3


def draw_rules(c: Canvas, x: float, top: float, width: float, size: float = 7.6) -> float:
    """The three-line rules reminder (``rules_layout``); returns its height."""
    size, lines = rules_layout(width, size)
    c.saveState()
    c.setFont(SERIF, size)
    for k, line in enumerate(lines):
        c.drawString(x, top - (k + 1) * size * 1.3, line)
    c.restoreState()
    return len(lines) * size * 1.3
