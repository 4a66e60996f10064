"""A Crossword Game hand typed back in (Game of Words, seed section 1), one turn a line.

::

    # deal 3, two players: the hands come from `kitgen deal crossword --seed 3 --players 2`
    players: 2
    P1 BEAM 0,0 across          # the whole word read along the direction from x,y,
    P2 EARN 1,0 down            #   letters already on the table included
    P1 DUSk 4,2 across          # a lower-case letter is played with a Sub Card
    P2 discard Q blind          # discard, then take the blind pile's top (or: turned)
    P1 challenge                # P1 challenges the last play

``players:`` (default 2) and ``target:`` (default 50) are optional header
lines. x grows to the right, y downwards. ``#`` starts a comment. Errors
read ``FILE:LINE:COL: why``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from kitgen.core.errors import InputError, Location
from kitgen.core.text import Line, TextSource, parse_count
from kitgen.games.game_of_words.rules.crossword_game import Turn

MAX_TURNS = 2000


@dataclass(frozen=True)
class Record:
    """A typed-back hand: its file name, players, target score and turns."""

    name: str
    players: int
    target: int
    turns: tuple[Turn, ...]


def read_record(path: str | Path) -> Record:
    return parse_record(TextSource.from_path(path))


def _header_value(line: Line, head: str, seen: dict[str, int]) -> int:
    """The N of a ``players: N`` or ``target: N`` line, given once only (ASCII digits, ``parse_count``)."""
    tokens = line.tokens()
    if head in seen:
        raise line.error(f"a second {head} line (the first is on line {seen[head]})", tokens[0].col)
    seen[head] = line.number
    if len(tokens) != 2:
        raise line.error(f"expected '{head} N'", tokens[0].col)
    return parse_count(tokens[1].text, line.where(tokens[1].col), head.rstrip(":"))


def parse_record(source: TextSource) -> Record:
    players, target = 2, 50
    seen: dict[str, int] = {}
    turns: list[Turn] = []
    for line in source.content_lines():
        tokens = line.tokens()
        head = tokens[0].text.lower()
        if head in ("players:", "target:"):
            if turns:
                raise line.error(f"{head} belongs before the first turn", tokens[0].col)
            value = _header_value(line, head, seen)
            if head == "players:":
                if not 2 <= value <= 12:
                    raise line.error("players must be between 2 and 12", tokens[1].col)
                players = value
            else:
                if not 1 <= value <= 10_000:
                    raise line.error("target must be between 1 and 10000", tokens[1].col)
                target = value
            continue
        m = re.fullmatch(r"[Pp]([0-9]{1,2})", tokens[0].text)
        if not m or not 1 <= int(m.group(1)) <= players:
            raise line.error(f"expected a player P1..P{players} (got {tokens[0].text!r})", tokens[0].col)
        player = int(m.group(1)) - 1
        if len(tokens) < 2:
            raise line.error("expected a word, 'discard' or 'challenge' after the player", tokens[0].col)
        what = tokens[1]
        if what.text.lower() == "challenge":
            if len(tokens) != 2:
                raise line.error("'challenge' takes nothing after it", tokens[2].col)
            turns.append(Turn(player, "challenge", line.number, what.col))
        elif what.text.lower() == "discard":
            if len(tokens) != 4 or not re.fullmatch(r"[A-Za-zÑñ*]", tokens[2].text) or \
                    tokens[3].text.lower() not in ("blind", "turned"):
                raise line.error("expected 'discard LETTER blind|turned'", what.col)
            turns.append(Turn(player, "discard", line.number, what.col, card=tokens[2].text.upper(),
                              take=tokens[3].text.lower()))
        else:
            if not re.fullmatch(r"[A-Za-zÑñ]{2,40}", what.text):
                raise line.error(f"expected a word of letters (got {what.text!r})", what.col)
            if len(tokens) != 4:
                raise line.error("expected 'WORD X,Y across|down'", what.col)
            xy = re.fullmatch(r"(-?[0-9]{1,3}),(-?[0-9]{1,3})", tokens[2].text)
            if not xy:
                raise line.error(f"expected the first letter's square as X,Y (got {tokens[2].text!r})",
                                 tokens[2].col)
            direction = tokens[3].text.lower()
            if direction not in ("across", "down"):
                raise line.error(f"expected across or down (got {tokens[3].text!r})", tokens[3].col)
            wild = tuple(i for i, ch in enumerate(what.text) if ch.islower())
            turns.append(Turn(player, "play", line.number, what.col, word=what.text.upper(), wild=wild,
                              x=int(xy.group(1)), y=int(xy.group(2)), across=direction == "across"))
        if len(turns) > MAX_TURNS:
            raise line.error(f"more than {MAX_TURNS} turns")
    if not turns:
        raise InputError("no turns: one a line, e.g. 'P1 BEAM 0,0 across'", Location(source.name, 1, 1))
    return Record(source.name, players, target, tuple(turns))
