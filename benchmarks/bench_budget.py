#!/usr/bin/env python3
"""Issue 33 benchmark: the per-deal solve budget is work, so a legal big deck or a hostile word list is answered
within seconds.

* ``kitgen deal word-solitaire --spec BIG --seed N --solve``, a 286-card spec deck (the standard deck's letters about
  five times over, as tests/games/game_of_words/test_work_budget.py makes it), seeds 1-3, index cache warm: target
  <= 5 s of CPU a deal (213 s before the budget was scaled with the deck);
* the same with ``--words`` a list of 300 words of 150-280 letters (each fits the deck): target <= 5 s of CPU a
  deal (296 s before the fitting work was counted: ``FIT_WORK``);
* ``kitgen deal letter-patience --spec BIG --seed 1 --solve``: target <= 5 s of CPU.

Every figure is the CPU time of the command and its workers (``resource.RUSAGE_CHILDREN``).
"""

from __future__ import annotations

import os
import random
import re
import resource
import subprocess
import sys
import tempfile
import tomllib
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import report  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
KITGEN = [sys.executable, "-m", "kitgen"]
TARGET = 5.0


def command_cpu(args: Sequence[str], env: dict[str, str]) -> float:
    """CPU seconds of a kitgen command and every worker it waited for."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([*KITGEN, *args], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def big_deck(folder: Path) -> Path:
    """A legal spec deck of 286 cards or so: every count of the standard deck about five times over."""
    text = (ROOT / "kitgen" / "data" / "decks" / "whitman-1938.toml").read_text()

    def more(m: re.Match[str]) -> str:
        count = int(m.group(1))
        return f"count = {min(20, count * 5 + (2 if count >= 3 else 1))}"

    text = re.sub(r"count = (\d+)", more, text).replace('name = "whitman-1938"', 'name = "big"')
    head, wild = text.split("[wild]")
    spec = folder / "big.toml"
    spec.write_text(head + "[wild]" + re.sub(r"count = \d+", "count = 2", wild))
    return spec


def long_words(folder: Path, spec: Path) -> Path:
    """300 words of 150-280 letters drawn from the deck's cards (so each fits the deck)."""
    pool = [k for k, card in tomllib.loads(spec.read_text())["letters"].items() for _ in range(card["count"])]
    rng = random.Random(2)
    lines = []
    for _ in range(300):
        rng.shuffle(pool)
        lines.append("".join(pool[: rng.randint(150, 280)]))
    path = folder / "long.txt"
    path.write_text("\n".join(lines) + "\n")
    return path


def main() -> int:
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        env = {**os.environ, "KITGEN_CACHE_DIR": str(folder / "cache")}
        spec = big_deck(folder)
        words = long_words(folder, spec)
        runs = {
            "word-solitaire, 286 cards, seeds 1-3": [["deal", "word-solitaire", "--spec", str(spec), "--seed",
                                                     str(seed), "--solve"] for seed in (1, 2, 3)],
            "word-solitaire, 286 cards, 150-280 letter words": [["deal", "word-solitaire", "--spec", str(spec),
                                                                 "--seed", "1", "--solve", "--words", str(words)]],
            "letter-patience, 286 cards": [["deal", "letter-patience", "--spec", str(spec), "--seed", "1",
                                            "--solve"]],
        }
        for name, commands in runs.items():
            command_cpu(commands[0], env)  # the index cache made warm
            worst = max(command_cpu(args, env) for args in commands)
            good = worst <= TARGET
            ok = ok and good
            report(f"{name} (CPU, worst deal)", worst, target=f"<= {TARGET:.0f} s CPU a deal", ok=good)
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
