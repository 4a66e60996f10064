#!/usr/bin/env python3
"""Issue 30: what a kitgen command costs before it does its work, in CPU time (the command and its children).

Each command runs the way it runs now (only the group it names is built; option values coerced without pydantic)
and the old way (every game's commands built, Typer's pydantic coercion), interleaved new, old, old, new so a
change in the shared machine's load falls on both. Target: ``kitgen deal word-solitaire --seed 7 --solve`` with
a warm index cache <= 0.5 s of CPU.

The commands run with bytecode caching on (``PYTHONDONTWRITEBYTECODE`` unset), as an installed kitgen runs: with it
set, every kitgen module is compiled again on every run (about 0.1-0.2 s more, on both ways), which is this
development machine's setting, not a user's. ``python -X importtime -m kitgen ...`` shows where the time goes.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import fmt, report  # noqa: E402

OLD = ("import sys, typer._adapters\nfrom kitgen.cli import app, coerce\n"
       "coerce.use_plain_coercion = lambda params: params\nsys.argv = ['kitgen', *sys.argv[1:]]\n"
       "app.full_app()(prog_name='kitgen')\n")
NEW = "import sys\nfrom kitgen.cli import app\nsys.argv = ['kitgen', *sys.argv[1:]]\napp.main()\n"
COMMANDS = [["deal", "word-solitaire", "--seed", "7", "--solve"], ["deal", "wordsearch", "--seed", "42"],
            ["words", "check", "balance"], ["--version"]]
ROUNDS = 3


def children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def cpu_of(code: str, args: Sequence[str]) -> float:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    before = children_cpu()
    subprocess.run([sys.executable, "-c", code, *args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   env=env, check=False)
    return children_cpu() - before


def main() -> int:
    ok = True
    for args in COMMANDS:
        cpu_of(NEW, args)  # warm: bytecode and the index cache written
        new: list[float] = []
        old: list[float] = []
        for _ in range(ROUNDS):
            new.append(cpu_of(NEW, args))
            old.append(cpu_of(OLD, args))
            old.append(cpu_of(OLD, args))
            new.append(cpu_of(NEW, args))
        ours, naive = statistics.median(new), statistics.median(old)
        name = "kitgen " + " ".join(args) + " (CPU)"
        if args[:2] == ["deal", "word-solitaire"]:
            ok = ours <= 0.5
            report(name, ours, naive, "<= 0.5 s CPU, warm cache", ok)
        else:
            report(name, ours, naive)
        print(f"{'':44} old way {fmt(naive)}: saved {fmt(naive - ours)} a run")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
