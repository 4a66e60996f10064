"""The Crossword game record (README.md, "Formats a person types"; docs/crossword.md).

::

    # Sunday's game
    pattern: grid.txt          a pattern file beside the record (.txt, .ipuz or .puz) ...
    players: ANN BOB
    ANN 7A OAK
    BOB 2D KNOT
    ANN 14 across TAKE COVER   a light is 14A / 3D, or "14 across" / "3 down"
    BOB pass

or the pattern inline: ``pattern:`` alone on its line, then its rows (one
token a line: ``#`` block, ``.`` empty), ended by the next ``key:`` line or
turn. A comment is a ``#`` standing alone (after a space or at the start of
a line, followed by a space), so the ``#`` blocks of inline rows are kept.
Header keys are case-insensitive; player names too (``ann`` is ``ANN``).

Malformed records (a bad line, an unknown player or light, a missing
pattern) are ``InputError`` (exit 2); an entry that breaks a rule is
``IllegalEntry`` (exit 1). Both carry ``RECORD:LINE:COL`` of the record.
"""

from __future__ import annotations

import re
from pathlib import Path

from kitgen.core.errors import InputError, Location
from kitgen.core.grid import Grid
from kitgen.core.i18n import _
from kitgen.core.text import Line, TextSource, Token
from kitgen.games.crossword.formats.pattern import comment_free_lines, grid_from_lines, load_puzzle
from kitgen.games.crossword.rules.game import Move
from kitgen.games.crossword.rules.record import Record, Replay, Turn

MAX_PLAYERS = 12
_HEADER = re.compile(r"^\s*([A-Za-z]+)\s*:(.*)$")
_LIGHT_ONE = re.compile(r"^([0-9]{1,4})(A|AC|ACROSS|D|DN|DOWN)$", re.IGNORECASE)
_LABEL = re.compile(r"[A-Za-z0-9]{1,4}")
"""A light's number in ``14 across``: a number, or a publisher's letter label (``A across``, issue 31)."""
_DIRECTION = {"A": "A", "AC": "A", "ACROSS": "A", "D": "D", "DN": "D", "DOWN": "D"}
_BLOCKS_AND_SPACES = re.compile(r"^[#.\s]+$")


def _is_row(line: Line) -> bool:
    """Whether a line under ``pattern:`` is one of the grid's rows.

    A turn has two or more words and a heading a colon; anything else (one word, or blocks and empty cells
    with a stray space) is a row, so a bad cell or a space in it is reported where it is.
    """
    text = line.text.strip()
    if _HEADER.match(line.text):
        return False
    return len(text.split()) == 1 or bool(_BLOCKS_AND_SPACES.match(text))


class BadRecord(InputError):
    """A record line kitgen cannot read."""


def _parse_light(tokens: list[Token], line: Line) -> tuple[str, int, int]:
    """The light named at ``tokens[1]`` (or ``tokens[1:3]``): (name, column, tokens used)."""
    first = tokens[1]
    m = _LIGHT_ONE.match(first.text)
    if m:
        return f"{int(m.group(1))}{_DIRECTION[m.group(2).upper()]}", first.col, 2
    if _LABEL.fullmatch(first.text) and len(tokens) > 2 and tokens[2].text.upper() in _DIRECTION:
        label = str(int(first.text)) if first.text.isdigit() else first.text.upper()
        return f"{label}{_DIRECTION[tokens[2].text.upper()]}", first.col, 3
    raise BadRecord(_("expected a light such as 14A, 3D or {example}, or {passing}; got {typed!r}").format(
        example="'14 across'", passing="'pass'", typed=first.text),
                    line.where(first.col))


def _pattern_file(value: str, col: int, line: Line, record_path: Path | None) -> Grid:
    if value == "-":  # the file reader takes - for standard input: a record names a file beside it
        raise BadRecord(_("{heading} name a file (standard input is not a pattern file)").format(
            heading="pattern file -:"),
                        line.where(col))
    if record_path is None:  # a record from no file (a web request) names no file: the grid goes inline
        raise BadRecord(_("{heading} this record is not a file, so it cannot name a pattern file; put the grid's "
                          "rows under a line {line}").format(
                              heading=f"pattern: {value}:", line="'pattern:'"), line.where(col))
    path = Path(value)
    if not path.is_absolute():
        path = record_path.parent / path
    try:
        return load_puzzle(path).blank().play_grid()   # lights named as the paper numbers them
    except InputError as exc:
        if exc.where is not None and exc.where.line > 0:
            raise
        raise BadRecord(_("pattern file {name}: {why}").format(name=value, why=exc.message), line.where(col)) from None


def parse_record(source: TextSource, record_path: Path | None = None) -> Record:
    """Read a record; a relative ``pattern:`` file is looked for beside ``record_path``."""
    lines = list(comment_free_lines(source))
    grid: Grid | None = None
    grid_where: Location | None = None
    players: list[str] | None = None
    turns: list[Turn] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        header = _HEADER.match(line.text)
        if header and not turns:
            key, value = header.group(1).lower(), header.group(2).strip()
            col = line.text.index(":") + 2 + (len(header.group(2)) - len(header.group(2).lstrip()))
            if key == "pattern":
                if grid is not None:
                    raise BadRecord(_("a second {heading} line").format(heading="pattern:"), line.where(1))
                grid_where = line.where(col)
                grid, i = _pattern(value, col, line, record_path, lines, i, source)
            elif key == "players":
                if players is not None:
                    raise BadRecord(_("a second {heading} line").format(heading="players:"), line.where(1))
                players = _players(value, line, col)
            else:
                raise BadRecord(_("unknown heading {heading!r} ({pattern} or {players})").format(
                    heading=header.group(1), pattern="pattern:", players="players:"), line.where(1))
            continue
        turns.append(_turn(line, header, grid, players))
    if grid is None:
        raise BadRecord(_("no {heading} line (a file name, or the grid inline)").format(heading="pattern:"),
                        Location(source.name))
    if players is None:
        raise BadRecord(_("no {heading} line (e.g. {example})").format(
            heading="players:", example="'players: ANN BOB'"),
                        Location(source.name))
    for turn in turns:  # every light must exist before any rule is judged (malformed beats illegal)
        if turn.light is not None and grid.light(turn.light) is None:
            raise BadRecord(_("the pattern has no light {light}").format(light=turn.light),
                            turn.line.where(turn.light_col))
    return Record(source.name, grid, players, turns, grid_where)


def _pattern(value: str, col: int, line: Line, record_path: Path | None, lines: list[Line], i: int,
             source: TextSource) -> tuple[Grid, int]:
    """The ``pattern:`` grid (a file named on the line, or the rows below it) and the index after it."""
    if value:
        return _pattern_file(value, col, line, record_path), i
    rows = []
    while i < len(lines) and _is_row(lines[i]):
        rows.append(lines[i])
        i += 1
    if not rows:
        raise BadRecord(_("{heading} needs a file name, or the grid's rows on the lines below it").format(
            heading="pattern:"),
                        line.where(col))
    return grid_from_lines(rows, source).blank(), i


def _players(value: str, line: Line, col: int) -> list[str]:
    """The ``players:`` names: two to MAX_PLAYERS, each once, none called 'pass'."""
    from kitgen.core.display import escaped, invisible_at

    names = value.split()
    for name in names:
        at = invisible_at(name)
        if at is not None:
            raise BadRecord(_("a player's name has an invisible character ({character}) in {name!r}; type names "
                              "with letters and digits").format(
                                  character=escaped(name[at]), name=escaped(name)), line.where(col))
    if len(names) < 2:
        raise BadRecord(_("{heading} needs at least two names, e.g. {example}").format(
            heading="players:", example="'players: ANN BOB'"), line.where(col))
    if len(names) > MAX_PLAYERS:
        raise BadRecord(_("at most {most} players").format(most=MAX_PLAYERS), line.where(col))
    if len({n.upper() for n in names}) != len(names):
        raise BadRecord(_("a player is listed twice"), line.where(col))
    if any(n.lower() == "pass" for n in names):
        raise BadRecord(_("{passing} cannot be a player's name").format(passing="'pass'"), line.where(col))
    return names


def _turn(line: Line, header: re.Match[str] | None, grid: Grid | None, players: list[str] | None) -> Turn:
    """One turn line: ``PLAYER LIGHT WORD`` or ``PLAYER pass``, after the headings."""
    tokens = line.tokens()
    if header and header.group(1).lower() in ("pattern", "players"):
        raise BadRecord(_("a {heading} line after the first turn (headings come first)").format(
            heading=f"{header.group(1).lower()}:"),
                        line.where(tokens[0].col))
    if grid is None or players is None:
        missing = "pattern:" if grid is None else "players:"
        raise BadRecord(_("a turn before the {missing} line (the record starts with {pattern} and {players})").format(
            missing=missing, pattern="pattern:", players="players:"),
                        line.where(tokens[0].col))
    who = tokens[0]
    if not any(who.text.upper() == p.upper() for p in players):
        raise BadRecord(_("unknown player {name!r} ({players})").format(
            name=who.text, players=f"players: {' '.join(players)}"), line.where(who.col))
    if len(tokens) == 1:
        raise BadRecord(_("a turn is {form} or {passing}").format(form="'PLAYER LIGHT WORD'", passing="'PLAYER pass'"),
                        line.where(len(line.text) + 1))
    if tokens[1].text.lower() == "pass":
        if len(tokens) > 2:
            raise BadRecord(_("nothing may follow {passing}").format(passing="'pass'"), line.where(tokens[2].col))
        return Turn(line, who.text, player_col=who.col)
    light, light_col, used = _parse_light(tokens, line)
    if len(tokens) <= used:
        raise BadRecord(_("no word after the light {light}").format(light=light), line.where(len(line.text) + 1))
    word_col = tokens[used].col
    word = line.text[word_col - 1:].strip()
    if len(word) > 200:
        raise BadRecord(_("an entry of more than {most} characters").format(most=200), line.where(word_col))
    return Turn(line, who.text, light, word, light_col, word_col, player_col=who.col)


def read_record(path: str | Path) -> Record:
    return parse_record(TextSource.from_path(path), Path(path))


def _entry_text(move: Move) -> str:
    """A move as the score table shows it: the entry as typed (TAKE HEART), an ink fault, or ``pass``."""
    if move.is_pass:
        return _("pass")
    if move.fault:
        return f"{move.word} ({move.fault})"
    return " ".join(move.shown.upper().split())  # TAKE HEART as typed, not TAKEHEART


def format_table(done: Replay) -> list[str]:
    """The score table a person reads: one line a turn, running totals, the end."""
    game = done.game
    players = list(game.players)
    totals = {p: 0 for p in players}
    labels = [_("turn"), _("player"), _("light"), _("entry"), _("len"), _("links"), _("score")]
    w = [max(least, len(label)) for least, label in zip((4, 6, 5, 16, 3, 5, 5), labels, strict=True)]
    w[1] = max(w[1], *(len(p) for p in players))
    entries = [_entry_text(move) for move in game.moves]
    w[3] = max(w[3], *(len(e) for e in entries)) if entries else w[3]  # a long phrase or ink fault keeps columns
    head = "  ".join(f"{label:<{w[k]}}" if k in (1, 2) else f"{label:>{w[k]}}" for k, label in enumerate(labels[:3]))
    head += f"  {labels[3]:<{w[3]}} " + " ".join(f"{label:>{w[k]}}" for k, label in enumerate(labels) if k > 3)
    head += "  " + "  ".join(f"{p:>{max(5, len(p))}}" for p in players)
    out = [head]
    for k, move in enumerate(game.moves):
        totals[move.player] += move.score
        entry = entries[k]
        length = "" if move.is_pass else str(len(move.word))
        links = "" if move.is_pass else str(move.links)
        out.append(f"{k + 1:>{w[0]}}  {move.player:<{w[1]}}  {move.light or '':<{w[2]}}  {entry:<{w[3]}} "
                   f"{length:>{w[4]}} {links:>{w[5]}} {move.score:>{w[6]}}  "
                   + "  ".join(f"{totals[p]:>{max(5, len(p))}}" for p in players))
        if done.hints and k < len(done.hints) and done.hints[k]:
            best = ", ".join(f"{light} {word} ({points})" for points, light, word in done.hints[k])
            out.append("      " + _("best: {moves}").format(moves=best))
    return out + _outcome_lines(done, players)


def _outcome_lines(done: Replay, players: list[str]) -> list[str]:
    """The end of the score table: the last entry's bonus, the scores, and the winner (or why there is none)."""
    game = done.game
    result = game.result()
    out = []
    if result.bonus_player:
        out.append(_("bonus: {player} +10 for the last entry").format(player=result.bonus_player))
    out.append(_("scores: {scores}").format(scores=", ".join(f"{p} {result.scores[p]}" for p in players)))
    if done.broken is not None:
        out.append(_("stopped at turn {turn}, which breaks a rule").format(turn=len(game.moves) + 1))
    elif not result.finished:
        out.append(_("the game is not finished (play ends when every player has passed in succession)"))
    elif result.winner:
        out.append(_("winner: {player}").format(player=result.winner))
    else:
        out.append(_("a tie: {players}").format(players=_(" and ").join(result.tied)))
    return out
