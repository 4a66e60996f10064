"""3DXWORD: letter bricks, the table and 3-D versions (seed ``3dxword.txt``; rulings in docs/3dxword.md).

* ``rules``: the draw, racks, plays on the 3-D board, scores and named refusals (pure);
* ``formats``: the game log reader (located errors);
* ``render``: brick nets, tiles, Joiners, X pieces and the score pad (reportlab);
* ``declaration``: ``GAME``, what the CLI, the API and the web app are built from.
"""

from kitgen.games.xword3d.declaration import GAME

__all__ = ["GAME"]
