"""The piece option the pages name in their refusals (a brick net or tile too large for the paper: ``--size`` on
the command line, its label on a web page: ``Option.setting``), declared here so that the renderer names it without
importing the declaration that imports the renderer (no import cycle: tests/test_code_shape.py)."""

from __future__ import annotations

from kitgen.games.base import Option

SIZE = Option("size", float, 25.0, "Brick edge / tile side in mm (10..60).", minimum=10.0, maximum=60.0)
