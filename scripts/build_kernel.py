#!/usr/bin/env python3
"""Build the optional compiled kernel of the proven par's letter puzzle (``kitgen/games/wordsearch/rules/_puzzle.pyx``,
docs/wordsearch.md, "The proven par"): Cython to C, then the C compiler, the extension written beside its source.

    make kernel        # pip installs Cython (3.3.1), then runs this

Without it (no compiler, no Cython) kitgen runs the same search in pure Python: the same nodes, par and bound,
slower. ``python scripts/build_kernel.py --clean`` removes the built files.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "kitgen" / "games" / "wordsearch" / "rules" / "_puzzle.pyx"


def main(argv: list[str]) -> int:
    built = sorted(SOURCE.parent.glob("_puzzle.*.so")) + sorted(SOURCE.parent.glob("_puzzle.*.pyd"))
    if "--clean" in argv:
        for path in [*built, SOURCE.with_suffix(".c")]:
            path.unlink(missing_ok=True)
        return 0
    try:
        from Cython.Build import cythonize
        from setuptools import Distribution, Extension
    except ImportError as error:
        print(f"build_kernel: {error.name} is not installed (pip install 'cython==3.3.1' setuptools)", file=sys.stderr)
        return 2
    os.chdir(ROOT)
    extension = Extension("kitgen.games.wordsearch.rules._puzzle", [str(SOURCE.relative_to(ROOT))],
                          extra_compile_args=["-O2"])
    dist = Distribution({"ext_modules": cythonize([extension], language_level=3, quiet=True),
                         "script_name": "build_kernel.py", "packages": []})
    with tempfile.TemporaryDirectory() as scratch:
        command = dist.get_command_obj("build_ext")
        command.build_lib = scratch  # type: ignore[attr-defined]
        command.build_temp = str(Path(scratch) / "temp")  # type: ignore[attr-defined]
        dist.run_command("build_ext")
        for made in [p for p in Path(scratch).rglob("_puzzle.*") if p.suffix in (".so", ".pyd")]:
            # a new file moved into place: a search running on the old one keeps it (overwriting it in place
            # would change the code under that search's feet)
            os.replace(made, SOURCE.parent / made.name)
            print(f"build_kernel: {(SOURCE.parent / made.name).relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
