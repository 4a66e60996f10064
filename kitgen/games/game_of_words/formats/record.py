"""A Crossword Game record typed back in (Game of Words, seed section 1): one turn a line, one hand or a game.

::

    # deal 3, two players: the hands come from `kitgen deal crossword --seed 3 --players 2`
    players: 2
    P1 BEAM 0,0 across          # the whole word read along the direction from x,y,
    P2 EARN 1,0 down            #   letters already on the table included
    P1 DUSk 4,2 across          # a lower-case letter is played with a Sub Card
    P2 discard Q blind          # discard, then take the blind pile's top (or: turned)
    P1 challenge                # P1 challenges the last play

``players:`` (default 2) and ``target:`` (the game's target score, default
50) are optional header lines. A game of several hands puts ``hand N`` before
each hand's turns, N being the deal it was played from (``kitgen deal
crossword --seed N``); without ``hand`` lines the record is one hand, of the
deal ``--seed`` names. x grows to the right, y downwards. ``#`` starts a
comment. Errors read ``FILE:LINE:COL: why``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from kitgen.core.errors import InputError, Location
from kitgen.core.i18n import gettext as _
from kitgen.core.random import MAX_SEED
from kitgen.core.text import Line, TextSource, parse_count
from kitgen.games.game_of_words.rules.crossword_game import Turn

MAX_TURNS = 2000
MAX_HANDS = 100


@dataclass(frozen=True)
class HandRecord:
    """One hand of a record: the deal it was played from (``None``: ``--seed``), its ``hand`` line, its turns."""

    seed: int | None
    line: int
    col: int
    turns: tuple[Turn, ...]


@dataclass(frozen=True)
class Record:
    """A typed-back record: its file name, players, target score (``None``: not given) and hands."""

    name: str
    players: int
    target: int | None
    hands: tuple[HandRecord, ...]
    target_line: int = 0

    @property
    def turns(self) -> tuple[Turn, ...]:
        """Every turn, hand after hand."""
        return tuple(t for h in self.hands for t in h.turns)


def read_record(path: str | Path) -> Record:
    return parse_record(TextSource.from_path(path))


def _header_value(line: Line, head: str, seen: dict[str, int]) -> int:
    """The N of a ``players: N`` or ``target: N`` line, given once only (ASCII digits, ``parse_count``)."""
    tokens = line.tokens()
    if head in seen:
        raise line.error(_("a second {heading} line (the first is on line {line})").format(
            heading=head, line=seen[head]), tokens[0].col)
    seen[head] = line.number
    if len(tokens) != 2:
        raise line.error(_("expected {form}").format(form=f"'{head} N'"), tokens[0].col)
    return parse_count(tokens[1].text, line.where(tokens[1].col), head.rstrip(":"))


@dataclass
class _Reading:
    """The record as read so far."""

    players: int = 2
    target: int | None = None
    target_line: int = 0
    seen: dict[str, int] = field(default_factory=dict)
    hands: list[tuple[int | None, int, int, list[Turn]]] = field(default_factory=list)
    count: int = 0

    def header(self, line: Line, head: str) -> None:
        tokens = line.tokens()
        if self.count or self.hands:
            raise line.error(_("{heading} belongs before the first turn").format(heading=head), tokens[0].col)
        value = _header_value(line, head, self.seen)
        if head == "players:":
            if not 2 <= value <= 12:
                raise line.error(_("{what} must be between {lo} and {hi}").format(what="players", lo=2, hi=12),
                                 tokens[1].col)
            self.players = value
        else:
            if not 1 <= value <= 10_000:
                raise line.error(_("{what} must be between {lo} and {hi}").format(what="target", lo=1, hi=10000),
                                 tokens[1].col)
            self.target, self.target_line = value, line.number

    def hand(self, line: Line) -> None:
        tokens = line.tokens()
        if self.count and not self.hands:
            raise line.error(_("'hand N' lines start every hand, the first one too"), tokens[0].col)
        if len(tokens) != 2:
            raise line.error(_("expected 'hand N', N the deal the hand was played from"), tokens[0].col)
        seed = parse_count(tokens[1].text, line.where(tokens[1].col), "hand: a deal number")
        if seed > MAX_SEED:
            raise line.error(_("deal numbers run 0 to {most}").format(most=MAX_SEED), tokens[1].col)
        if len(self.hands) >= MAX_HANDS:
            raise line.error(_("more than {most} hands").format(most=MAX_HANDS))
        self.hands.append((seed, line.number, tokens[0].col, []))

    def turn(self, line: Line) -> None:
        if not self.hands:
            self.hands.append((None, 0, 0, []))
        self.hands[-1][3].append(replace(_turn(line, self.players), file=line.source.name))
        self.count += 1
        if self.count > MAX_TURNS:
            raise line.error(_("more than {most} turns").format(most=MAX_TURNS))


def _turn(line: Line, players: int) -> Turn:
    tokens = line.tokens()
    m = re.fullmatch(r"[Pp]([0-9]{1,2})", tokens[0].text)
    if not m or not 1 <= int(m.group(1)) <= players:
        raise line.error(_("expected a player P1..P{players} (got {typed!r})").format(
            players=players, typed=tokens[0].text), tokens[0].col)
    player = int(m.group(1)) - 1
    if len(tokens) < 2:
        raise line.error(_("expected a word, 'discard' or 'challenge' after the player"), tokens[0].col)
    what = tokens[1]
    if what.text.lower() == "challenge":
        if len(tokens) != 2:
            raise line.error(_("'challenge' takes nothing after it"), tokens[2].col)
        return Turn(player, "challenge", line.number, what.col)
    if what.text.lower() == "discard":
        if len(tokens) != 4 or not re.fullmatch(r"[A-Za-zÑñ*]", tokens[2].text) or \
                tokens[3].text.lower() not in ("blind", "turned"):
            raise line.error(_("expected 'discard LETTER blind|turned'"), what.col)
        return Turn(player, "discard", line.number, what.col, card=tokens[2].text.upper(),
                    take=tokens[3].text.lower())
    return _play(line, player)


def _play(line: Line, player: int) -> Turn:
    """``WORD X,Y across|down``: a word of one letter or more (a one-letter first word breaks a rule, ruling 11)."""
    tokens = line.tokens()
    what = tokens[1]
    if not re.fullmatch(r"[A-Za-zÑñ]{1,40}", what.text):
        raise line.error(_("expected a word of letters (got {typed!r})").format(typed=what.text), what.col)
    if len(tokens) != 4:
        raise line.error(_("expected 'WORD X,Y across|down'"), what.col)
    xy = re.fullmatch(r"(-?[0-9]{1,3}),(-?[0-9]{1,3})", tokens[2].text)
    if not xy:
        raise line.error(_("expected the first letter's square as X,Y (got {typed!r})").format(
            typed=tokens[2].text), tokens[2].col)
    direction = tokens[3].text.lower()
    if direction not in ("across", "down"):
        raise line.error(_("expected across or down (got {typed!r})").format(typed=tokens[3].text), tokens[3].col)
    wild = tuple(i for i, ch in enumerate(what.text) if ch.islower())
    return Turn(player, "play", line.number, what.col, word=what.text.upper(), wild=wild,
                x=int(xy.group(1)), y=int(xy.group(2)), across=direction == "across")


def parse_record(source: TextSource) -> Record:
    reading = _Reading()
    for line in source.content_lines():
        head = line.tokens()[0].text.lower()
        if head in ("players:", "target:"):
            reading.header(line, head)
        elif head == "hand":
            reading.hand(line)
        else:
            reading.turn(line)
    if not reading.count:
        raise InputError(_("no turns: one a line, e.g. 'P1 BEAM 0,0 across'"), Location(source.name, 1, 1))
    for seed, number, col, turns in reading.hands:
        if not turns:
            raise InputError(_("hand {seed} has no turns").format(seed=seed), Location(source.name, number, col))
    hands = tuple(HandRecord(seed, number, col, tuple(turns)) for seed, number, col, turns in reading.hands)
    return Record(source.name, reading.players, reading.target, hands, reading.target_line)
