"""The text reports of Make a Wordsearch: a scored grid, a deal, a checked sheet (plain text, as printed).

The score report is laid out as the command line has always printed it (two
borderless tables and a tally): the grid with the boxes of counted words in
capitals and unused boxes in lower case, then each counted word with its cells
and bonus, then boxes used, the 4- and 5-letter words and the total.
"""

from __future__ import annotations

from collections.abc import Sequence

from kitgen.core.i18n import N_, _, ngettext
from kitgen.core.language import ENGLISH, Language
from kitgen.games.wordsearch.rules.check import Checked, SheetCheck
from kitgen.games.wordsearch.rules.game import Turn
from kitgen.games.wordsearch.rules.lines import SIZE, TURNS, target_line
from kitgen.games.wordsearch.rules.scoring import MIN_WORD, SUPER_GREAT, Found, Score

LEGEND = N_("(capitals: boxes used in a counted word; lower case: unused)")


def grid_lines(score: Score, rows: Sequence[str]) -> list[str]:
    """The grid under a header of column numbers: used boxes in capitals, unused in lower case."""
    used = score.used
    label = _("line")
    width = max(4, len(label))
    out = [f" {label:>{width}} " + "".join(f" {c} " for c in range(1, SIZE + 1))]
    for r, row in enumerate(rows, start=1):
        boxes = "".join(f" {ch if (r, c) in used else ch.lower()} " for c, ch in enumerate(row, start=1))
        out.append(f" {r:>{width}} {boxes}")
    return out


def _word_cells(found: Found, score: Score) -> tuple[str, str, str]:
    name = found.word + (f" / {found.also}" if found.also else "")
    cells = " ".join(f"{r},{c}" for r, c in found.cells)
    return name, cells, f"+{found.bonus}" if found.bonus and not score.tutorial else ""


def word_lines(score: Score) -> list[str]:
    """Each counted word, its cells (row,col) in reading order and its bonus; ``no words`` if none."""
    if not score.words:
        return [_("no words")]
    rows = [(_("word"), _("cells (row,col)"), _("bonus"))] + [_word_cells(f, score) for f in score.words]
    name_w, cells_w, bonus_w = (max(len(row[k]) for row in rows) for k in range(3))
    return [f"  {name:<{name_w}}    {cells:<{cells_w}}    {bonus:>{bonus_w}}  " for name, cells, bonus in rows]


def tally_lines(score: Score) -> list[str]:
    """Boxes used, the 4- and 5-letter words (not in tutorial scoring), the total and the super-great mark."""
    used, fours, fives = _("boxes used"), _("4-letter words"), _("5-letter words")
    width = max(len(used), len(fours), len(fives)) + 4
    out = [f"{used:<{width}}{score.boxes:>3} / {SIZE * SIZE}"]
    if not score.tutorial:
        out.append(f"{fours:<{width}}{score.fours:>3}   +{score.fours}")
        out.append(f"{fives:<{width}}{score.fives:>3}   +{3 * score.fives}")
    label = _("total (tutorial: boxes only)") if score.tutorial else _("total")
    if score.shortest != MIN_WORD:
        label += " " + _("({letters}-letter words allowed)").format(letters=score.shortest)
    total = f"{label}  {score.total}"
    if score.super_great:
        total += "   " + _("super-great! ({points} or more)").format(points=SUPER_GREAT)
    out.append(total)
    return out


def score_lines(score: Score, rows: Sequence[str]) -> list[str]:
    """The whole score report of a grid."""
    return grid_lines(score, rows) + [_(LEGEND)] + word_lines(score) + tally_lines(score)


def check_line(check: SheetCheck, turns_typed: int, deal_name: str | None) -> str | None:
    """What checking the sheet established, in a line (None when a rule is broken: the error says it)."""
    if check.checked is Checked.NOTHING:
        return _("no turn log")
    if check.checked is Checked.LOG_LEGAL:
        return _("turn log legal ({turns} turns, {deal})").format(turns=turns_typed, deal=deal_name) if deal_name \
            else _("turn log legal ({turns} turns)").format(turns=turns_typed)
    if check.checked is Checked.ORDER_FOUND:
        return _("a legal turn order makes this grid from {deal}").format(deal=deal_name)
    if check.checked is Checked.UNDECIDED:
        return _("could not decide whether {deal} makes this grid (search budget spent)").format(deal=deal_name)
    return None


def deal_lines(words: Sequence[str], deal_name: str, lang: Language = ENGLISH) -> list[str]:
    """The 25 words of a deal, each with its length (in ``lang``'s letters) and the line it goes to."""
    out = [_("{game}, {deal}: one word a turn (length -> line)").format(game=_("Make a Wordsearch"), deal=deal_name)]
    width = max(len(_letters(n)) for n in (1, 2, 5, 10, 11, 12, 21))  # the lengths line up, as in English
    for n, word in enumerate(words[:TURNS], start=1):
        length = len(lang.normalize(word))
        line = _("-> line {line}").format(line=target_line(length))
        out.append(f"{n:>3}  {word.lower():<18} {_letters(length):<{width}} {line}")
    return out


def _letters(length: int) -> str:
    """`` 6 letters``: a word's length, right-aligned in two places."""
    return ngettext("{count} letter", "{count} letters", length).format(count=f"{length:>2}")


def turn_log_lines(turns: Sequence[Turn]) -> list[str]:
    """A turn log as a sheet types it (``turn word letter row col``), indented."""
    return [f"  {t.number} {t.word.lower()} {t.letter} {t.row} {t.col}" for t in turns]
