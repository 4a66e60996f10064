"""3DXWORD rules (seed ``3dxword.txt``; docs/3dxword.md "Rulings"): pure Python, no I/O.

* ``draw``: who plays first (nearest X).
* ``racks``: the pool, racks of 8 (+1 a year under 12), pass with exchange, refills.
* ``game``: plays on the 3-D board, words formed, scores, the 3-D rules and named refusals (``PlayCode``).
* ``log``: a game record and its replay (the first rule broken, located at its log line).
"""

from kitgen.games.xword3d.rules.draw import DrawResult, first_player
from kitgen.games.xword3d.rules.game import (
    BALANCE_NOTE,
    DIRECTIONS,
    JOINERS,
    Game,
    IllegalPlay,
    PlayCode,
    PlayResult,
    Spots,
    WordMade,
)
from kitgen.games.xword3d.rules.log import DrawTied, Log, Replay, WrongDraw, replay
from kitgen.games.xword3d.rules.racks import Pool, deal_racks, exchange, rack_size, refill

__all__ = ["BALANCE_NOTE", "DIRECTIONS", "JOINERS", "DrawResult", "DrawTied", "Game", "IllegalPlay", "Log",
           "PlayCode", "PlayResult", "Pool", "Replay", "Spots", "WordMade", "WrongDraw", "deal_racks", "exchange",
           "first_player", "rack_size", "refill", "replay"]
