"""Where kitgen's shipped files live, in a source checkout and in an installed wheel.

The wheel carries ``templates/`` and ``fonts/`` inside the package
(``kitgen/templates``, ``kitgen/fonts``); a source checkout keeps them at the
repository root. Package data (the lexicon, presets) lives in ``kitgen/data``.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent.parent


@cache
def resource_dir(name: str) -> Path:
    """The directory of shipped resources called ``name`` (``templates`` or ``fonts``)."""
    for candidate in (PACKAGE_DIR / name, PACKAGE_DIR.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"kitgen's {name}/ directory is missing from this installation")


def data_path(*parts: str) -> Path:
    """A file in ``kitgen/data``."""
    return PACKAGE_DIR.joinpath("data", *parts)
