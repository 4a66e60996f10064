"""Crossword PDFs: newspaper-style blank grids, a score table and a three-line rules reminder.

Each pattern is a *panel*: a title line, the grid (crisp black blocks, thin
cell lines, a heavier border, small clue numbers in the top-left corner of
each numbered cell, never any letters), a score table with one row a round
(for each player: light, entry, length, links, score, running total), and
the rules in three lines. ``--per-page`` puts 1, 2 or 4 panels on a page.
Plain objects in, reportlab out; fonts are kitgen's embedded DejaVu. See docs/crossword.md.

``grid`` draws a grid, ``table`` the score table and rules reminder, ``panel`` lays a pattern out with them and
panels on a page, ``pages`` writes pattern sets, solutions and the kit's components.
"""

from kitgen.games.crossword.render.grid import GRID_LINE, bar_width, draw_grid, number_size
from kitgen.games.crossword.render.pages import (
    Packed,
    PatternPages,
    continued_table,
    draw_patterns,
    draw_solutions,
    kit_components,
    packed,
    patterns_pdf,
    unpacked,
    write_patterns,
)
from kitgen.games.crossword.render.panel import (
    byline,
    draw_panel,
    fitting_per_page,
    panel_boxes,
    panel_rows,
    panel_square,
    rounds_needed,
    side_layout,
    square_layout,
    stacked_layout,
)
from kitgen.games.crossword.render.table import (
    MEANING,
    RULES,
    SHORT,
    draw_rules,
    draw_score_table,
    head_height,
    head_labels,
    key_lines,
)

__all__ = [
    "GRID_LINE", "MEANING", "RULES", "SHORT", "Packed", "PatternPages", "bar_width", "byline", "continued_table",
    "draw_grid", "draw_panel", "draw_patterns", "draw_rules", "draw_score_table", "draw_solutions",
    "fitting_per_page", "head_height", "head_labels", "key_lines", "kit_components", "number_size", "packed",
    "panel_boxes", "panel_rows", "panel_square", "patterns_pdf", "rounds_needed", "side_layout", "square_layout",
    "stacked_layout", "unpacked", "write_patterns",
]
