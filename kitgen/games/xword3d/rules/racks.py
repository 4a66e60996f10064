"""The pool and the racks (seed ``3dxword.txt``, table rules 1, 4, 7 and 11).

* Every letter piece goes face down into one central pool (rule 1). kitgen
  mixes the pool with the FreeCell deal algorithm over the piece set's
  documented order (README.md, "Seeded deals: reproducing a deal by hand"), so a seed is a deal.
* Each player draws 8 pieces; a child under 12 draws one more for each year
  under 12 (an 11-year-old 9, a 7-year-old 13) (rule 4).
* A player who passes may set aside any number of unwanted letters, draw as
  many new ones, then put the unwanted letters back and the pool is re-mixed
  (rule 7).
* After playing, a player draws back up to their rack size while the pool
  lasts (rule 11).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from kitgen.core.random import SeededRandom, freecell_deal

RACK_SIZE = 8
ADULT_AGE = 12


class BadExchange(ValueError):
    """Letters to exchange that are not all on the player's rack."""

    def __init__(self, letters: str, rack: Sequence[str]) -> None:
        super().__init__(f"cannot exchange {letters}: the rack holds {''.join(rack)}")
        self.letters = letters


class BadAge(ValueError):
    def __init__(self, age: int) -> None:
        super().__init__(f"an age is a whole number of years from 1 to 120 (got {age})")
        self.age = age


def rack_size(age: int | None = None) -> int:
    """8 letters; one more for each year under 12 (rule 4). ``None``: an adult."""
    if age is None:
        return RACK_SIZE
    if not 1 <= age <= 120:
        raise BadAge(age)
    return RACK_SIZE + max(0, ADULT_AGE - age)


class Pool:
    """The face-down pool of letter pieces, mixed from a seed."""

    def __init__(self, pieces: Sequence[str], seed: int) -> None:
        self._pieces = freecell_deal(list(pieces), seed)
        self._rng = SeededRandom(seed, stream="3dxword-pool")

    def __len__(self) -> int:
        return len(self._pieces)

    def draw(self, n: int) -> list[str]:
        """Up to ``n`` pieces from the pool (fewer when it runs out)."""
        n = max(0, min(n, len(self._pieces)))
        taken = self._pieces[len(self._pieces) - n:]
        del self._pieces[len(self._pieces) - n:]
        return taken[::-1]

    def put_back(self, pieces: Sequence[str]) -> None:
        """Return pieces and re-mix the whole pool (the player on the right re-mixes)."""
        self._pieces.extend(pieces)
        self._rng.shuffle(self._pieces)


def deal_racks(pool: Pool, players: Sequence[str], ages: dict[str, int] | None = None) -> dict[str, list[str]]:
    """Each player's opening rack, drawn in turn order."""
    ages = ages or {}
    return {p: pool.draw(rack_size(ages.get(p))) for p in players}


def _take(rack: list[str], letters: str) -> None:
    need = Counter(letters)
    have = Counter(rack)
    if any(have[k] < n for k, n in need.items()):
        raise BadExchange(letters, rack)
    for ch in letters:
        rack.remove(ch)


def exchange(rack: list[str], letters: str, pool: Pool) -> list[str]:
    """Pass with an exchange: set ``letters`` aside, draw as many new ones, put the old back (rule 7).

    Returns the new letters drawn. When the pool holds fewer pieces than asked,
    only that many are exchanged (the rest stay on the rack).
    """
    letters = letters.upper()
    _take(list(rack), letters)  # validate first
    n = min(len(letters), len(pool))
    keep_out = letters[:n]
    _take(rack, keep_out)
    new = pool.draw(n)
    rack.extend(new)
    pool.put_back(list(keep_out))
    return new


def play_from_rack(rack: list[str], letters: str) -> None:
    """Remove the letters a play put down from the rack (``BadExchange`` if they are not all there)."""
    _take(rack, letters.upper())


def refill(rack: list[str], size: int, pool: Pool) -> list[str]:
    """Draw back up to ``size`` letters while the pool lasts (rule 11)."""
    new = pool.draw(size - len(rack))
    rack.extend(new)
    return new
