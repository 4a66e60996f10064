"""Crossword: two players fill a blank newspaper pattern, length times links (seed ``crossword-game.txt``).

Rulings in docs/crossword.md.

* ``rules``: the game's rules (pure: they import only ``kitgen.core``);
* ``formats``: its readers and writers (located errors);
* ``render``: its printed components (reportlab);
* ``declaration``: ``GAME``, what the CLI, the API and the web app are built from.
"""

from kitgen.games.crossword.declaration import GAME

__all__ = ["GAME"]
