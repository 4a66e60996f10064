"""Issue 30 benchmark: the speed of the exact search that proves a wordsearch par (``prove.prove_par``), in
nodes a second of CPU, beside the search as it was before it was made faster, in one interleaved run.

The search before is ``kitgen/games/wordsearch/rules/prove.py`` as of ``BEFORE``, read from git (skipped with a
note outside a git checkout). Each deal (English, the table's par minus 2, so there is something to find and
something to refute) is searched for ``NODES`` nodes by each, alternately, ``ROUNDS`` times; the best CPU time
(``time.process_time``) of each is kept, since the machine is shared. Both must return the same proof (score,
sheet, bound, nodes): the speed-up may not change a result.

Target: nodes a second at least ``TARGET`` times the search before, over all the deals. With the compiled letter
puzzle built (``make kernel``) a third side runs it (``kernel``; ``now`` is then the pure-Python search of this
revision): the same proof again, and at least ``KERNEL_TARGET`` times the pure-Python search's nodes a second.
``python benchmarks/bench_prove.py [NODES]`` (default 8,000; deal 9 is the deal the table proved, 550,050 nodes).
These sides all take the letter puzzle's boxes in the order before (``prove.TIE_BREAK`` off), as the search before
does, so their nodes can be compared one for one.

Then the box order (``prove.TIE_BREAK``): each deal of ``PROVE_DEALS`` (deals the table proved) is proven from the
table's par to the end with the tie-break off and on, alternately, in the compiled puzzle (pure Python would take
an hour): both must prove the table's par, and the tie-break must spend fewer nodes over all of them.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BEFORE = "3812cce"
"""The last revision with the search before issue 30's speed-up (global candidate numbering, every revision)."""
DEALS = (9, 1, 5)
NODES = 8_000
ROUNDS = 2
TARGET = 1.5
KERNEL_TARGET = 5.0
PROVE_DEALS = (4, 10)
"""Deals the table proved with the order before: 934,979 and 1,205,661 nodes."""


def search_before() -> ModuleType | None:
    """``prove.py`` as of ``BEFORE``, loaded as a module of its own; None without git or that revision."""
    try:
        text = subprocess.run(["git", "show", f"{BEFORE}:kitgen/games/wordsearch/rules/prove.py"], cwd=ROOT,
                              capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    path = Path(tempfile.mkdtemp()) / "prove_before.py"
    path.write_text(text, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("prove_before", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["prove_before"] = module  # dataclasses look their module up while the class is made
    spec.loader.exec_module(module)
    return module


def main(argv: list[str]) -> None:
    from kitgen.core.language import ENGLISH
    from kitgen.games.base import proposals_for
    from kitgen.games.wordsearch.rules import prove
    from kitgen.games.wordsearch.rules.scoring import index_for
    from kitgen.games.wordsearch.rules.table import shipped_table

    nodes = int(argv[0]) if argv else NODES
    index = index_for(proposals_for(None, ENGLISH.code, False))
    _, entries = shipped_table()
    prove.TIE_BREAK = False  # the order the search before has: nodes compared one for one
    speed(nodes, index, entries)
    prove.TIE_BREAK = True
    box_order(index, entries)


def speed(nodes: int, index: Any, entries: dict[int, Any]) -> None:
    """Nodes a second of CPU: the search before, the Python search and the kernel, interleaved."""
    from kitgen.core.language import ENGLISH
    from kitgen.games.wordsearch.rules import prove
    from kitgen.games.wordsearch.rules.book import book_deal

    before = search_before()
    kernel = prove.KERNEL
    sides: dict[str, ModuleType] = {"now": prove} if before is None else {"before": before, "now": prove}
    if kernel is not None:
        sides["kernel"] = prove
    else:
        print("(the compiled letter puzzle is not built here: make kernel)")
    if before is None:
        print(f"(no git revision {BEFORE} here: the search before is not measured)")
    spent = {name: 0.0 for name in sides}
    counted = {name: 0 for name in sides}
    same = True
    print(f"{'deal':>6} {'side':>7} {'nodes':>8} {'cpu':>8} {'nodes/s':>9}   proof", flush=True)
    for seed in DEALS:
        words = [w.upper() for w in book_deal(seed, ENGLISH)]
        results: dict[str, tuple[tuple[object, ...], float]] = {}
        for _ in range(ROUNDS):
            for name, module in sides.items():
                prove.KERNEL = kernel if name == "kernel" else None
                started = time.process_time()
                proof = module.prove_par(words, index, entries[seed].par - 2, nodes)
                took = time.process_time() - started
                key = (proof.score, proof.cells, proof.bound, proof.nodes)
                if name not in results or took < results[name][1]:
                    results[name] = (key, took)
        for name, (key, took) in results.items():
            spent[name] += took
            counted[name] += int(str(key[3]))
            print(f"{seed:>6} {name:>7} {key[3]:>8} {took:>7.2f}s {int(str(key[3])) / took:>9.0f}   "
                  f"par {key[0]} bound {key[2]}", flush=True)
        same = same and len({key for key, _ in results.values()}) == 1
    rate = {name: counted[name] / spent[name] for name in sides}
    print(f"{'same proof on every side, every deal':<44} {str(same):>10}   target True   {'OK' if same else 'MISSED'}",
          flush=True)
    if "kernel" in rate:
        fast = rate["kernel"] >= KERNEL_TARGET * rate["now"]
        print(f"{'compiled puzzle, nodes a second of CPU':<44} {rate['kernel']:>10.0f}   python {rate['now']:>10.0f}"
              f"   x{rate['kernel'] / rate['now']:.2f}   target >= x{KERNEL_TARGET}   {'OK' if fast else 'MISSED'}",
              flush=True)
    print(f"{'exact search, nodes a second of CPU':<44} {rate['now']:>10.0f}", end="")
    if before is None:
        print(flush=True)
        return
    print(f"   before {rate['before']:>10.0f}   x{rate['now'] / rate['before']:.2f}", flush=True)
    ok = rate["now"] >= TARGET * rate["before"]
    print(f"{'speed-up, nodes a second':<44} {'x' + format(rate['now'] / rate['before'], '.2f'):>10}   "
          f"target >= x{TARGET}   {'OK' if ok else 'MISSED'}", flush=True)


def box_order(index: Any, entries: dict[int, Any]) -> None:
    """Nodes to prove each of ``PROVE_DEALS`` from its par, the tie-break off then on (compiled puzzle only)."""
    from kitgen.core.language import ENGLISH
    from kitgen.games.wordsearch.rules import prove
    from kitgen.games.wordsearch.rules.book import book_deal

    if prove.KERNEL is None:
        print("box order: skipped (the compiled letter puzzle is not built here: make kernel)", flush=True)
        return
    spent = {False: 0, True: 0}
    proven = True
    for seed in PROVE_DEALS:
        words = [w.upper() for w in book_deal(seed, ENGLISH)]
        for ties in (False, True):
            prove.TIE_BREAK = ties
            started = time.process_time()
            proof = prove.prove_par(words, index, entries[seed].par, 50_000_000)
            took = time.process_time() - started
            spent[ties] += proof.nodes
            proven = proven and proof.proven and proof.score == entries[seed].par
            print(f"{seed:>6} {'ties' if ties else 'first':>7} {proof.nodes:>10,} {took:>7.2f}s   "
                  f"par {proof.score} bound {proof.bound}{'  proven' if proof.proven else ''}", flush=True)
    prove.TIE_BREAK = True
    fewer = spent[True] < spent[False]
    print(f"{'box order, nodes to prove ' + ', '.join(map(str, PROVE_DEALS)):<44} {spent[True]:>10,}   "
          f"first {spent[False]:>10,}   {100 * (spent[True] / spent[False] - 1):+.1f}%   "
          f"target fewer, the same proofs   {'OK' if fewer and proven else 'MISSED'}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
