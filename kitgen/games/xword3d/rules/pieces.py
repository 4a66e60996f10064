"""3DXWORD piece sets as data (docs/3dxword.md, "Rulings": Pieces; seed ``3dxword.txt``).

The seed gives no letter mix, only that "you need at least 20 pieces per
player". A piece set is therefore data, like the Game of Words deck: a spec
(``kitgen/data/pieces/standard.toml`` by default, or any TOML file of the same
shape) scaled to the number of players P:

* **letters**: ``letters_per_player`` x P letter pieces (at least 20 a
  player), mixed in proportion to ``[frequency]`` (English letter frequency in
  the default spec), every letter at least once. The counts are found by the
  largest-remainder method: each letter gets ``max(1, floor(N * f / sum f))``,
  then single pieces go to the largest remainders, share less count (ties
  alphabetical; a letter raised to its minimum of one is already above its
  share and gets no more), until the total is N; if the minimum of one
  overshoots, pieces come off the letters furthest above their share. So a
  letter with a share of one or more gets its share rounded down or up (when
  the minimum does not overshoot), and a rarer letter exactly one. A spec
  may instead give fixed ``[counts]`` (used as they are, whatever P).
* **Joiners**: red (x3) and blue (x2), ``2P - 2`` of each colour (seed, 3-D
  rule 3: "two Joiners less than double the number of players").
* **X pieces** (direction changers): ``x_pieces_per_player`` x P.

Joiners and X pieces are kept aside, not in the pool of letters: the seed has
players draw a Joiner "only when it is to be used in that turn".

A language with an alphabet of its own has a piece set of its own
(``LANGUAGE_PIECES``, written by ``scripts/build_pieces.py``): its spec names
the language (``lang = "ru"``), its ``[frequency]`` is each letter's share of
the language's running text, and it holds every letter of that alphabet that
makes up 0.05% of text or more (so the same "every letter at least once" as
the standard set, leaving out a letter like the Russian Ъ that a game of 40
pieces would rarely use). ``kitgen bricks --lang ru`` and a Russian kit print
it; a spec without ``lang`` is over A-Z and must hold all 26.
"""

from __future__ import annotations

import math
import re
import string
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kitgen.core.errors import InputError, Location
from kitgen.core.i18n import N_, gettext, typed
from kitgen.core.language import ALL_LETTERS, UnknownLanguage, language
from kitgen.core.resources import data_path
from kitgen.core.text import TextSource, load_toml

MIN_PLAYERS = 2
MAX_PLAYERS = 12
MIN_LETTERS_PER_PLAYER = 20
LETTERS = string.ascii_uppercase
LANGUAGE_PIECES = {"es": "spanish", "sv": "swedish", "pl": "polish", "tr": "turkish", "ru": "russian", "el": "greek"}
"""The piece set of each language with an alphabet of its own (the languages that have a deck of their own,
``kitgen.games.game_of_words.rules.deck.LANGUAGE_DECKS``): ``kitgen/data/pieces/NAME.toml``."""


class BadPieceSpec(InputError):
    """A piece-set spec kitgen cannot use (located at the offending line of the TOML file)."""


class BadPlayers(InputError, ValueError):
    """A number of players outside 2..12."""

    def __init__(self, players: int) -> None:
        super().__init__(f"--players must be between {MIN_PLAYERS} and {MAX_PLAYERS} (got {players})")
        self.players = players


def check_players(players: int) -> int:
    """Refuse a player count outside 2..12 (issue 6, "Limits")."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise BadPlayers(players)
    return players


def joiners_per_colour(players: int) -> int:
    """Red and blue Joiners issued for ``players``: two less than double the players (seed, 3-D rule 3)."""
    return 2 * players - 2


@dataclass(frozen=True)
class PieceSet:
    """Every piece printed for one game: letter counts, Joiners of each colour, X pieces."""

    name: str
    players: int
    letters: tuple[tuple[str, int], ...]
    red: int
    blue: int
    x_pieces: int

    @property
    def letter_count(self) -> int:
        return sum(n for _, n in self.letters)

    def count(self, letter: str) -> int:
        return dict(self.letters).get(letter.upper(), 0)

    def pool(self) -> list[str]:
        """The letter pieces in documented order (the alphabet's, each repeated by its count): the order a deal
        shuffles."""
        return [letter for letter, n in self.letters for _ in range(n)]

    @property
    def total(self) -> int:
        return self.letter_count + self.red + self.blue + self.x_pieces


@dataclass(frozen=True)
class PieceSpec:
    """A piece-set spec: a frequency table scaled to the players, or fixed counts."""

    name: str = "standard"
    description: str = ""
    letters_per_player: int = MIN_LETTERS_PER_PLAYER
    x_pieces_per_player: float = 1
    frequency: dict[str, float] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)
    lang: str | None = None
    """The language whose alphabet the letters are (None: A-Z, all 26 in the set)."""

    def letter_counts(self, players: int) -> dict[str, int]:
        """Letter -> count for ``players`` (see the module docstring for the method)."""
        check_players(players)
        if self.counts:
            return {k: self.counts[k] for k in sorted(self.counts) if self.counts[k] > 0}
        return scale_frequency(self.frequency, self.letters_per_player * players)

    def for_players(self, players: int) -> PieceSet:
        """The set for ``players``, its letters in the alphabet's order (A..Z; a language's own order, the
        Swedish Å Ä Ö after Z)."""
        counts = self.letter_counts(players)
        order = {ch: i for i, ch in enumerate(language(self.lang).letters)} if self.lang else {}
        return PieceSet(
            name=self.name, players=players,
            letters=tuple(sorted(counts.items(), key=lambda item: (order.get(item[0], len(order)), item[0]))),
            red=joiners_per_colour(players), blue=joiners_per_colour(players),
            x_pieces=math.ceil(self.x_pieces_per_player * players - 1e-9),
        )


def scale_frequency(frequency: dict[str, float], total: int) -> dict[str, int]:
    """``total`` pieces in proportion to ``frequency``, every letter at least once (largest remainder)."""
    letters = sorted(k for k, v in frequency.items() if v > 0)
    if total < len(letters):
        raise ValueError(f"{total} pieces cannot hold each of {len(letters)} letters once")
    weight = sum(frequency[k] for k in letters)
    quota = {k: total * frequency[k] / weight for k in letters}
    counts = {k: max(1, math.floor(quota[k])) for k in letters}
    diff = total - sum(counts.values())
    if diff > 0:  # the largest shortfalls first: a letter raised to its minimum of one has none left
        order = sorted(letters, key=lambda k: (-(quota[k] - counts[k]), k))
        for i in range(diff):
            counts[order[i % len(order)]] += 1
    while diff < 0:
        over = sorted((k for k in letters if counts[k] > 1), key=lambda k: (-(counts[k] - quota[k]), k))
        counts[over[0]] -= 1
        diff += 1
    return counts


def _key_line(text: str, key: str) -> int:
    """The line a TOML key is written on (1-based), or 0."""
    pat = re.compile(rf"^\s*{re.escape(key)}\s*=", re.MULTILINE)
    m = pat.search(text)
    return text.count("\n", 0, m.start()) + 1 if m else 0


_SPEC_KEYS = frozenset({"name", "description", "letters_per_player", "x_pieces_per_player", "frequency", "counts",
                        "lang"})


@dataclass(frozen=True)
class _SpecText:
    """A spec's file name and text, to place a ``BadPieceSpec`` on the line of the key it is about."""

    name: str
    text: str

    def bad(self, message: str, key: str) -> BadPieceSpec:
        return BadPieceSpec(message, Location(self.name, _key_line(self.text, key), 1))


def parse_piece_spec(name: str, text: str) -> PieceSpec:
    """Read a piece-set spec from TOML text; every problem is a ``BadPieceSpec`` at FILE:LINE:COL."""
    try:
        data = load_toml(name, text)
    except InputError as exc:
        raise BadPieceSpec(exc.message, exc.where) from None
    where = _SpecText(name, text)
    for key in data:
        if key not in _SPEC_KEYS:
            raise where.bad(gettext("unknown key {key} (expected one of: {known})").format(
                key=_shown(key), known=", ".join(sorted(_SPEC_KEYS))), key)
    spec_name = data.get("name", Path(name).stem)
    if not isinstance(spec_name, str) or not spec_name.strip():
        raise where.bad(gettext("name must be a non-empty string"), "name")
    per, xpp = _per_player(data, where)
    description = data.get("description", "")
    lang = _spec_language(data, where)
    table_name, values = _letter_table(data, where, lang)
    if not isinstance(description, str):
        raise where.bad(gettext("description must be a string"), "description")
    if table_name == "counts":
        return PieceSpec(spec_name, description, per, xpp, {}, {k: int(v) for k, v in values.items()}, lang)
    return PieceSpec(spec_name, description, per, xpp, {k: float(v) for k, v in values.items()}, {}, lang)


def _spec_language(data: dict[str, Any], where: _SpecText) -> str | None:
    """The spec's ``lang`` (a language kitgen plays), or None for an A-Z set."""
    code = data.get("lang")
    if code is None:
        return None
    try:
        return language(code).code if isinstance(code, str) else language(str(code)).code
    except UnknownLanguage:
        raise where.bad(gettext("lang must be a language kitgen plays; got {code}").format(code=_shown(code)),
                        "lang") from None


def _per_player(data: dict[str, Any], where: _SpecText) -> tuple[int, float]:
    """The spec's ``letters_per_player`` and ``x_pieces_per_player``, checked."""
    per = data.get("letters_per_player", MIN_LETTERS_PER_PLAYER)
    if isinstance(per, bool) or not isinstance(per, int) or not MIN_LETTERS_PER_PLAYER <= per <= 200:
        raise where.bad(gettext("letters_per_player must be a whole number from {low} to 200 (the seed: at least 20 "
                                "pieces a player); got {value}").format(low=MIN_LETTERS_PER_PLAYER, value=_shown(per)),
                        "letters_per_player")
    xpp = data.get("x_pieces_per_player", 1)
    if isinstance(xpp, bool) or not isinstance(xpp, (int, float)) or not 0 <= xpp <= 10:
        raise where.bad(gettext("x_pieces_per_player must be a number from 0 to 10; got {value}").format(
            value=_shown(xpp)), "x_pieces_per_player")
    return per, float(xpp)


def _letter_table(data: dict[str, Any], where: _SpecText, lang: str | None = None) -> tuple[str, dict[str, Any]]:
    """Which table the spec gives (``frequency`` or ``counts``) and its letters' values, checked: letters of the
    spec's language's alphabet, or of A-Z (all 26) for a spec without one."""
    freq_raw, counts_raw = data.get("frequency"), data.get("counts")
    if (freq_raw is None) == (counts_raw is None):
        raise BadPieceSpec(gettext("give exactly one of [frequency] (scaled to the players) or [counts] (fixed)"),
                           Location(where.name, 1, 1))
    table, table_name = (freq_raw, "frequency") if freq_raw is not None else (counts_raw, "counts")
    if not isinstance(table, dict):
        raise where.bad(gettext("{table} must be a table of letters").format(table=table_name), table_name)
    values: dict[str, Any] = {}
    alphabet = frozenset(language(lang).letters) if lang else ALL_LETTERS
    for key, value in table.items():
        letter = language(lang).normalize(key) if lang else key.upper()
        if letter not in alphabet:
            alphabet_name = gettext(language(lang).name) if lang else gettext("A-Z (or Ñ)")
            raise where.bad(gettext("[{table}] key {key} is not a letter of {alphabet}").format(
                table=table_name, key=_shown(key), alphabet=alphabet_name), key)
        if letter in values:
            raise where.bad(gettext("letter {letter} is given twice").format(letter=letter), key)
        values[letter] = _table_value(table_name, key, value, where)
    missing = [k for k in (sorted(values) if lang else LETTERS) if not values.get(k)]
    if missing:
        raise where.bad(gettext("every letter must be in the set at least once; missing or zero: {letters}").format(
            letters=" ".join(missing)), table_name)
    return table_name, values


def _table_value(table_name: str, key: str, value: object, where: _SpecText) -> object:
    """A letter's value in the spec's table: a number from 0 to 10000 (a whole one in ``counts``)."""
    ok = isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= 10_000
    if table_name == "counts":
        ok = ok and isinstance(value, int)
    if not ok:
        refusal = (N_("[{table}] {key} must be a whole number from 0 to 10000; got {value}") if table_name == "counts"
                   else N_("[{table}] {key} must be a number from 0 to 10000; got {value}"))
        raise where.bad(gettext(refusal).format(table=table_name, key=key, value=_shown(value)), key)
    return value


def _shown(value: object) -> str:
    """A spec's value in a refusal: as TOML gave it in English (``'b5'``, ``250``), a text in the text language's
    quotation marks elsewhere (``„b5“``)."""
    return typed(value) if isinstance(value, str) else repr(value)


def load_piece_spec(path: str | Path | None = None, lang: str | None = None) -> PieceSpec:
    """The spec at ``path`` (TOML); without one, the piece set of ``lang`` when the language has its own
    (``LANGUAGE_PIECES``), else the default ``standard.toml``."""
    if path is None:
        name = f"{LANGUAGE_PIECES.get(lang or '', 'standard')}.toml"
        return parse_piece_spec(name, data_path("pieces", name).read_text(encoding="utf-8"))
    source = TextSource.from_path(path)
    return parse_piece_spec(source.name, source.text)


def piece_set(players: int, spec: PieceSpec | None = None) -> PieceSet:
    """The piece set for ``players`` from ``spec`` (default: the standard set)."""
    return (spec or load_piece_spec()).for_players(check_players(players))
