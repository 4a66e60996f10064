"""The Game of Words (Whitman 1938): a letter-card deck and eight games (seed ``game-of-words-1938.txt``).

Rulings in docs/game-of-words.md.

* ``rules``: the game's rules (pure: they import only ``kitgen.core``);
* ``formats``: its readers and writers (located errors);
* ``render``: its printed components (reportlab);
* ``declaration``: ``GAME``, what the CLI, the API and the web app are built from.
"""

from kitgen.games.game_of_words.declaration import GAME

__all__ = ["GAME"]
