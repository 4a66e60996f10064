"""Make a Wordsearch (Crissing-and-a-crossing): 25 words, 25 boxes.

Seed ``make-a-wordsearch.txt``; rulings in docs/wordsearch.md.

* ``rules``: the game's rules (pure: they import only ``kitgen.core``);
* ``formats``: its readers and writers (located errors);
* ``render``: its printed components (reportlab);
* ``declaration``: ``GAME``, what the CLI, the API and the web app are built from.
"""

from kitgen.games.wordsearch.declaration import GAME

__all__ = ["GAME"]
