"""The 3DXWORD game log (docs/3dxword.md, "The game log"): its reader, and its replay as text.

::

    # Saturday's game
    players: ANN BOB            seating order; play goes round it
    version: 3d                 optional: 3d (the default) or table
    draw: ANN K BOB X           optional: who plays first (nearest X); a tie draws again on a new draw: line
    ANN BRAND 3,0 across        PLAYER WORD X,Y[,Z] DIR [red|blue] [x] [upright|upside-down|turned-left|turned-right]
    BOB BRANDS 3,0 across       the whole word along DIR, letters already down included
    ANN pass                    a pass (optionally the letters exchanged: ANN pass QZ)
    BOB TOP 5,0,0 up            up reads +z, drop reads -z (downwards)
    ANN TOP 5,0,3 across x upside-down   an X piece used; the letters stand upside down
    BOB TOE 5,0,3 down x turned-left     the letters on their side, their tops to the left
    unused: ANN 2 BOB 0         the end-of-game deduction, last (or one unused: line a player, all last)

Coordinates are the word's first letter: x across (+x), y down (+y, towards
the player), z up (0 on the table; X,Y means X,Y,0). DIR is ``across``,
``down``, ``up`` or ``drop``; then, in any order, the Joiner used (``red`` or
``blue``), ``x`` for an X piece, and the way the play's new letters stand:
``upright`` (the default), ``upside-down``, or turned a quarter, ``turned-left``
or ``turned-right`` (a letter on its side, its top to the left or the right).
Names and keywords are case-insensitive.

A line kitgen cannot read is a ``BadLog`` (exit 2), reading ``LOG:LINE:COL:
why``. The record's types and its replay (a play that breaks a rule is an
``IllegalPlay``, exit 1, raised at its line) are in ``kitgen.games.xword3d.rules.log``;
``format_replay`` here writes a replay as text.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from kitgen.core.errors import InputError, Location
from kitgen.core.i18n import N_, _, ngettext
from kitgen.core.language import ENGLISH, Language
from kitgen.core.text import Line, TextSource, Token
from kitgen.games.xword3d.rules.game import BALANCE_NOTE, DIRECTIONS, JOINERS, UPRIGHT, VERSIONS, WAYS, PlayResult
from kitgen.games.xword3d.rules.log import Draw, Log, Replay, Turn

if TYPE_CHECKING:
    pass

MAX_PLAYERS = 12
MAX_COORD = 999
MAX_WORD = 40
MAX_UNUSED = 99
_HEADER = re.compile(r"^\s*([A-Za-z]+)\s*:(.*)$")
_NAME = re.compile(r"^[^\W\d_][\w'-]{0,19}$")
_COORD = re.compile(r"^(-?[0-9]{1,4}),(-?[0-9]{1,4})(?:,(-?[0-9]{1,4}))?$")
_WORD = re.compile(r"^[^\W\d_]+$")


class BadLog(InputError):
    """A log line kitgen cannot read (exit 2)."""


def _player(name: str, players: list[str], line: Line, col: int) -> str:
    for p in players:
        if p.upper() == name.upper():
            return p
    raise BadLog(_("unknown player {name!r} ({players})").format(name=name, players=f"players: {' '.join(players)}"),
                 line.where(col))


def _parse_players(line: Line, rest: str, rest_col: int) -> list[str]:
    players: list[str] = []
    for tok in line.tokens()[1:]:
        if not _NAME.match(tok.text):
            raise BadLog(_("a player name is a letter then letters or digits (at most 20); got {typed!r}").format(
                typed=tok.text),
                         line.where(tok.col))
        if any(p.upper() == tok.text.upper() for p in players):
            raise BadLog(_("player {name!r} is named twice").format(name=tok.text), line.where(tok.col))
        if tok.text.lower() in ("pass", "unused", "players", "version", "draw"):
            raise BadLog(_("{typed!r} is a keyword, not a player name").format(typed=tok.text), line.where(tok.col))
        players.append(tok.text)
    if not 2 <= len(players) <= MAX_PLAYERS:
        raise BadLog(_("3DXWORD is for 2 to {most} players; {heading} names {count}").format(
            most=MAX_PLAYERS, heading="players:", count=len(players)),
                     line.where(rest_col))
    return players


def _pairs(line: Line, what: str) -> list[tuple[Token, Token]]:
    toks = line.tokens()[1:]
    if not toks or len(toks) % 2:
        col = toks[-1].col if toks else len(line.text) + 1
        raise BadLog(_("{heading} takes pairs, PLAYER VALUE ...").format(heading=f"{what}:"), line.where(col))
    return [(toks[i], toks[i + 1]) for i in range(0, len(toks), 2)]


def _parse_turn(line: Line, players: list[str], lang: Language) -> Turn:
    toks = line.tokens()
    player = _player(toks[0].text, players, line, toks[0].col)
    if len(toks) < 2:
        raise BadLog(_("expected WORD X,Y[,Z] DIR [red|blue], or 'pass', after the player"),
                     line.where(len(line.text) + 1))
    if toks[1].text.lower() == "pass":
        return _parse_pass(line, player, toks, lang)
    word_tok = toks[1]
    word = lang.normalize(word_tok.text) if _WORD.match(word_tok.text) else ""
    if not word:
        raise BadLog(_("expected a word of letters {letters} or 'pass'; got {typed!r}").format(
            letters=lang.letters_name, typed=word_tok.text),
                     line.where(word_tok.col))
    if len(word) > MAX_WORD:
        raise BadLog(_("a word of {length} letters is too long (at most {most})").format(length=len(word),
                     most=MAX_WORD), line.where(word_tok.col))
    if len(toks) < 3:
        raise BadLog(_("expected the coordinates of {word}'s first letter, X,Y or X,Y,Z").format(word=word),
                     line.where(len(line.text) + 1))
    nums = _coordinates(line, toks[2])
    if len(toks) < 4:
        raise BadLog(_("expected a direction: {directions}").format(directions=_("across, down, up or drop")),
                     line.where(len(line.text) + 1))
    direction = toks[3].text.lower()
    if direction not in DIRECTIONS:
        raise BadLog(_("expected a direction: {directions}; got {typed!r}").format(
            directions=_("across, down, up or drop"), typed=toks[3].text), line.where(toks[3].col))
    pieces = _pieces(line, toks[4:])
    return Turn(line, player, word=word, start=(nums[0], nums[1], nums[2]), direction=direction,
                joiner=pieces.get("joiner"), x_piece="x" in pieces, way=pieces.get("way", UPRIGHT),
                text=line.text.strip())


def _pieces(line: Line, toks: list[Token]) -> dict[str, str]:
    """What follows a play's direction, each at most once, in any order: its Joiner (``red``/``blue``), ``x``
    (an X piece) and the way its letters stand (``WAYS``); keyed ``joiner``, ``x``, ``way``."""
    found: dict[str, str] = {}
    for tok in toks:
        value = tok.text.lower()
        key = "joiner" if value in JOINERS else "way" if value in WAYS else value
        if key not in ("joiner", "x", "way"):
            raise BadLog(_("expected red or blue (a Joiner), x (an X piece) or upside-down, upright, turned-left or "
                           "turned-right (how the letters stand) after the direction; got {typed!r}").format(
                               typed=tok.text),
                         line.where(tok.col))
        if key in found:
            twice = _("{value} is given twice").format(value=value)
            said = {"joiner": _("one Joiner a play"),
                    "way": _("one way a play: the letters stand upright, upside-down, turned-left or "
                             "turned-right")}.get(key, twice)
            raise BadLog(said if found[key] != value else twice, line.where(tok.col))
        found[key] = value
    return found


def _coordinates(line: Line, tok: Token) -> list[int]:
    """A play's X,Y or X,Y,Z (Z is 0 when not given), each within MAX_COORD."""
    m = _COORD.match(tok.text)
    if not m:
        raise BadLog(_("expected coordinates X,Y or X,Y,Z (whole numbers, no spaces); got {typed!r}").format(
            typed=tok.text),
                     line.where(tok.col))
    nums = [int(g) if g is not None else 0 for g in m.groups()]
    if any(abs(v) > MAX_COORD for v in nums):
        raise BadLog(_("coordinates must lie within -{most}..{most}").format(most=MAX_COORD), line.where(tok.col))
    return nums


def _parse_pass(line: Line, player: str, toks: list[Token], lang: Language) -> Turn:
    """``PLAYER pass [LETTERS]``: a pass, with the letters exchanged if any."""
    if len(toks) > 3:
        raise BadLog(_("a pass takes at most the letters exchanged (ANN pass QZ)"), line.where(toks[3].col))
    exchanged = ""
    if len(toks) == 3:
        exchanged = lang.normalize(toks[2].text)
        if not _WORD.match(toks[2].text) or not exchanged or len(exchanged) > 20:
            raise BadLog(_("the letters exchanged are letters {letters}; got {typed!r}").format(
                letters=lang.letters_name, typed=toks[2].text),
                         line.where(toks[2].col))
    return Turn(line, player, passed=True, exchanged=exchanged, text=line.text.strip())


def parse_log(source: TextSource, lang: Language = ENGLISH) -> Log:
    """Read a 3DXWORD log, its words folded as ``lang`` writes them (docs/languages.md); a malformed line is a
    ``BadLog`` at LOG:LINE:COL."""
    log: Log | None = None
    unused_seen = False
    for line in source.content_lines():
        m = _HEADER.match(line.text)
        if unused_seen and not (m and m.group(1).lower() == "unused"):
            said = _("nothing may follow the {heading} line (it closes the game) but more {heading} lines")
            raise BadLog(said.format(heading='unused:'), line.where(line.indent + 1))
        if m and m.group(1).lower() == "players":
            if log is not None:
                raise BadLog(_("{heading} is given twice").format(heading="players:"), line.where(1))
            log = Log(source.name, _parse_players(line, m.group(2), _rest_col(m)), alphabet="".join(lang.letters))
        elif log is None:
            what = _("{heading} before the {players} line").format(
                heading=f"{m.group(1).lower()}:", players="players:") \
                if m else _("the log starts with a {players} line ({example})").format(
                    players="players:", example="players: ANN BOB")
            raise BadLog(what, line.where(line.indent + 1))
        elif m:
            unused_seen = _header(log, line, m, lang)
        else:
            log.turns.append(_parse_turn(line, log.players, lang))
    if log is None:
        raise BadLog(_("no {heading} line ({example})").format(heading="players:", example="players: ANN BOB"),
                     Location(source.name, 1, 1))
    return log


def _rest_col(m: re.Match[str]) -> int:
    """The 1-based column where a header's value starts."""
    return m.start(2) + 1 + len(m.group(2)) - len(m.group(2).lstrip())


def _header(log: Log, line: Line, m: re.Match[str], lang: Language = ENGLISH) -> bool:
    """Apply a ``version:``, ``draw:`` or ``unused:`` line; True for ``unused:`` (it closes the game)."""
    key = m.group(1).lower()
    if key == "version":
        _version(log, line, m)
    elif key == "draw":
        _draw(log, line, lang)
    elif key == "unused":
        _unused(log, line)
        return True
    else:
        raise BadLog(_("unknown header {heading!r} (expected {headings})").format(
            heading=m.group(1), headings="players:, version:, draw: or unused:"),
                     line.where(line.indent + 1))
    return False


def _version(log: Log, line: Line, m: re.Match[str]) -> None:
    value = m.group(2).strip().lower()
    value = "3d" if value == "3-d" else value
    if value not in VERSIONS:
        raise BadLog(_("{what} is table or 3d; got {typed!r}").format(what="version", typed=m.group(2).strip()),
                     line.where(_rest_col(m)))
    if log.version_given or log.turns:
        raise BadLog(_("{heading} comes once, before the first play").format(heading="version:"), line.where(1))
    log.version_given = True
    log.version = value


def _draw(log: Log, line: Line, lang: Language) -> None:
    if log.turns:
        raise BadLog(_("{heading} comes before the first play").format(heading="draw:"), line.where(1))
    letters: dict[str, str] = {}
    for who, letter in _pairs(line, "draw"):
        p = _player(who.text, log.players, line, who.col)
        if p in letters:
            raise BadLog(_("{player} draws twice on one {heading} line").format(player=p, heading="draw:"),
                         line.where(who.col))
        drawn = lang.one_letter(letter.text)
        if not drawn:
            raise BadLog(_("a draw is one letter of the alphabet; got {typed!r}").format(typed=letter.text),
                         line.where(letter.col))
        letters[p] = drawn
    log.draws.append(Draw(line, letters))


def _unused(log: Log, line: Line) -> None:
    for who, count in _pairs(line, "unused"):
        p = _player(who.text, log.players, line, who.col)
        if p in log.unused:
            raise BadLog(_("{player} is counted twice").format(player=p), line.where(who.col))
        text = count.text
        if not (text.isascii() and text.isdigit()) or len(text) > 6 or int(text) > MAX_UNUSED:
            raise BadLog(_("unused letters are a count 0..{most}; got {typed!r}").format(most=MAX_UNUSED, typed=text),
                         line.where(count.col))
        log.unused[p] = int(text)


def read_log(path: str | Path) -> Log:
    return parse_log(TextSource.from_path(path))


def _report_header(done: Replay) -> str:
    """The report's first line: the record, its players, its version and who plays first."""
    log = done.log
    start = (_("{name} plays first").format(name=done.first) if done.first else _("the draw breaks a rule"))
    n, players = len(log.players), " ".join(log.players)
    if log.version == "3d":
        said = ngettext("{name}: {n} players ({players}), 3-D version; {start}",
                        "{name}: {n} players ({players}), 3-D version; {start}", n)
    else:
        said = ngettext("{name}: {n} players ({players}), table version; {start}",
                        "{name}: {n} players ({players}), table version; {start}", n)
    return said.format(name=log.name, n=n, players=players, start=start)


_TIMES = {"red": N_(" x{times} red Joiner"), "blue": N_(" x{times} blue Joiner")}
"""A Joiner's multiplier in a replay's line, one message a colour so that a translation names the Joiner as the
score pad prints it (Jonction rouge, not the record's keyword red)."""


def _play_line(n: int, turn: Turn, r: PlayResult, width: int) -> str:
    """One turn's line: the play as typed, its words and their scores, the Joiner or X piece, the turn's score."""
    if r.passed:
        ex = _(" (exchanged {letters})").format(letters=turn.exchanged) if turn.exchanged else ""
        return f"{n:>3} {turn.player:<{width}}  pass{ex}"
    play = " ".join([turn.word, turn.line.tokens()[2].text, turn.direction, *([r.joiner] if r.joiner else []),
                     *(["x"] if r.x_piece else []), *([r.way] if r.way != UPRIGHT else [])])
    words = " + ".join(f"{w.word} {w.score}" + (_(" (leg x2)") if w.leg else "") for w in r.words)
    mult = ((_(_TIMES[r.joiner]).format(times=JOINERS[r.joiner]) if r.joiner else "")
            + (_(" (X piece)") if r.x_piece else ""))
    return f"{n:>3} {turn.player:<{width}}  {play:<26} {words}{mult} = {r.score}"


def format_replay(done: Replay) -> list[str]:
    """The replay as text: one line a turn (words and score), then the totals and the winner (in the text
    language; the plays keep the record's own words)."""
    log = done.log
    out = [_report_header(done)]
    width = max(len(p) for p in log.players)
    out += [_play_line(n, turn, r, width) for n, (turn, r) in enumerate(done.results, start=1)]
    if done.broken is not None:
        out.append(_("stopped at turn {n}, which breaks a rule; points so far:").format(n=len(done.results) + 1))
        out.extend(f"  {p:<{width}}  {done.scores[p]:>4}" for p in log.players)
        return out
    out.append(_("totals:"))
    for p in log.players:
        left = _("{score} - {unused} unused = {final}").format(score=f"{done.scores[p]:>4}",
                                                               unused=log.unused.get(p, 0), final=done.final[p])
        out.append(f"  {p:<{width}}  {left}")
    winners = done.winners
    out.append(_("winner: {name}").format(name=winners[0]) if len(winners) == 1
               else _("tie: {names}").format(names=" ".join(winners)))
    if log.version == "3d":
        out.append(_("note: {note}").format(note=_(BALANCE_NOTE)))
    return out
