"""A game to copy: ``cp -r kitgen/games/_template kitgen/games/mygame`` and follow CONTRIBUTING.md.

Packages whose name starts with ``_`` are not registered, so this one stays
out of ``kitgen --help`` until it is copied under a real name.

* ``rules``: the game's rules, pure (they import only ``kitgen.core``);
* ``formats``: the record reader (located errors);
* ``render``: the printed component (reportlab);
* ``declaration``: ``GAME``, what the CLI, the API and the web app are built from;
* ``rules.html``: the rules page of the kit (jinja2, extends ``base.html``).
"""

from .declaration import GAME

__all__ = ["GAME"]
