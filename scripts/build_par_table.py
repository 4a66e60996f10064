#!/usr/bin/env python3
"""Build kitgen's table of Make a Wordsearch pars, ``kitgen/data/wordsearch-pars.tsv`` (docs/wordsearch.md, "The
table of pars"; read by ``kitgen.games.wordsearch.rules.table``).

For each English deal of the range: the par search at ``--budget`` steps (``par_and_bound``), then the exact
search (``prove.prove_par``) from that par for at most ``--nodes`` nodes; one line a deal, ``seed par bound
budget nodes grid``, ``par == bound`` when the par is proven best. Deals already in the table are skipped, and
each line is written as soon as its deal is done, so the build can be stopped and run again to go on. A table
built with other words (another index fingerprint) is refused: start a new one with ``--out``.

    nice -n 19 python scripts/build_par_table.py --range 1-1000 --nodes 20000 [--jobs 2] [--hours 1]
    python scripts/build_par_table.py --plot docs/wordsearch-pars.svg     # the chart in docs/wordsearch.md
    nice -n 19 python scripts/build_par_table.py --exact 60 --range 1-16   # polish the table's sheets (par extra)
    nice -n 19 python scripts/build_par_table.py --again --range 1-10 --nodes 3000000 --jobs 2   # prove further

It is deterministic: the same deal, budget, node count and words give the same line on every machine.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from pathlib import Path
from typing import Any

from kitgen.core.language import ENGLISH
from kitgen.core.lexicon import Lexicon
from kitgen.games.base import proposals_for
from kitgen.games.wordsearch.rules.book import book_deal
from kitgen.games.wordsearch.rules.game import reconstruct
from kitgen.games.wordsearch.rules.par import DEFAULT_BUDGET, par_and_proof
from kitgen.games.wordsearch.rules.prove import prove_par
from kitgen.games.wordsearch.rules.scoring import WordIndex, index_for
from kitgen.games.wordsearch.rules.table import HEADER, TableEntry, fingerprint, parse_table

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "kitgen" / "data" / "wordsearch-pars.tsv"

_INDEX: WordIndex | None = None


def english_index() -> WordIndex:
    """The words a par sheet scores with (the words kitgen proposes in English)."""
    lexicon: Lexicon = proposals_for(None, ENGLISH.code, False)
    return index_for(lexicon)


def one_deal(job: tuple[int, int, int]) -> str:
    seed, budget, nodes = job
    global _INDEX
    if _INDEX is None:
        _INDEX = english_index()
    found = par_and_proof(book_deal(seed, ENGLISH), _INDEX, budget, nodes, seed=seed)
    return TableEntry(seed, found.par.score, found.bound.score, budget, found.nodes, found.par.cells).line()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--range", default="1-1000", help="deals A-B")
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET, help="steps of the par search a deal")
    parser.add_argument("--nodes", type=int, default=20_000, help="nodes of the exact search a deal")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--hours", type=float, default=None, help="stop starting deals after this long")
    parser.add_argument("--out", type=Path, default=TABLE)
    parser.add_argument("--exact", type=float, default=None, metavar="SECONDS",
                        help="only polish the table's deals of --range with the exact CP-SAT model (the par extra), "
                             "SECONDS of its deterministic time a deal, and stop")
    parser.add_argument("--plot", type=Path, default=None,
                        help="only draw the table's par and bound per deal as an SVG chart (matplotlib), and stop")
    parser.add_argument("--again", action="store_true",
                        help="only go on proving the table's unproven deals of --range: the exact search from each "
                             "one's par (its best sheet, however found) for --nodes nodes; a better sheet or a lower "
                             "bound replaces its line, and stop")
    args = parser.parse_args()
    if args.plot is not None:
        from kitgen.io.charts import par_chart

        _, entries = parse_table(args.out.read_text(encoding="utf-8").splitlines())
        par_chart([(e.seed, e.par, e.bound) for e in entries.values()], args.plot,
                  "Make a Wordsearch: kitgen's table of pars (English deals)")
        return 0
    first, last = (int(x) for x in args.range.split("-"))
    if args.exact is not None:
        return polish_table(args.out, range(first, last + 1), args.exact)
    if args.again:
        return prove_again(args.out, range(first, last + 1), args.nodes, args.jobs)
    print_ = print
    mark = fingerprint(english_index())
    done: dict[int, TableEntry] = {}
    if args.out.exists():
        found, done = parse_table(args.out.read_text(encoding="utf-8").splitlines())
        if found != mark:
            print_(f"{args.out}: built with other words (index {found}, now {mark}); use another --out",
                   file=sys.stderr)
            return 2
    else:
        args.out.write_text("# Make a Wordsearch pars of English deals (scripts/build_par_table.py; "
                            f"docs/wordsearch.md)\n# index {mark}\n{HEADER}\n", encoding="utf-8")
    jobs = [(seed, args.budget, args.nodes) for seed in range(first, last + 1) if seed not in done]
    stop_at = None if args.hours is None else time.monotonic() + args.hours * 3600
    with multiprocessing.get_context("fork").Pool(args.jobs) if args.jobs > 1 else _Serial() as pool:
        for line in pool.imap(one_deal, jobs):
            with args.out.open("a", encoding="utf-8") as out:
                out.write(line + "\n")
            print_(line, flush=True)
            if stop_at is not None and time.monotonic() >= stop_at:
                break
    return 0


def polish_table(path: Path, seeds: range, seconds: float) -> int:
    """The exact model (``rules.exact``) from each deal's par sheet: a better sheet replaces it, a proof of the
    best sheet sets the bound to the par; the table is rewritten after each deal (the others' lines kept)."""
    from kitgen.games.wordsearch.rules.exact import exact_par

    lines = path.read_text(encoding="utf-8").splitlines()
    mark, entries = parse_table(lines)
    index = english_index()
    if mark != fingerprint(index):
        print(f"{path}: built with other words (index {mark}); rebuild it first", file=sys.stderr)
        return 2
    for seed in seeds:
        entry = entries.get(seed)
        if entry is None or entry.proven:
            continue
        found = exact_par(book_deal(seed, ENGLISH), index, entry.par, entry.cells, seconds)
        par, cells = (found.score, found.cells) if found.cells is not None else (entry.par, entry.cells)
        bound = min(entry.bound, found.bound)  # found.bound: its proof (a run cut short proves no lower)
        entries[seed] = TableEntry(seed, par, max(par, bound), entry.budget, entry.nodes, cells)
        kept = [ln for ln in lines if ln.startswith("#") or ln == HEADER]
        path.write_text("\n".join(kept + [entries[s].line() for s in sorted(entries)]) + "\n", encoding="utf-8")
        print(f"{seed}: par {entry.par} -> {par}, bound {entry.bound} -> {max(par, bound)}", flush=True)
    return 0


def one_proof(job: tuple[TableEntry, int]) -> TableEntry:
    """A table line after the exact search from its par for ``nodes`` nodes: a better legal sheet replaces its
    sheet, and the lower of the two bounds is kept."""
    entry, nodes = job
    global _INDEX
    if _INDEX is None:
        _INDEX = english_index()
    deal = book_deal(entry.seed, ENGLISH)
    proof = prove_par([ENGLISH.normalize(w) for w in deal[:25]], _INDEX, entry.par, nodes)
    par, cells = entry.par, entry.cells
    if proof.cells is not None and proof.score > par and reconstruct(proof.cells, deal).turns is not None:
        par, cells = proof.score, proof.cells
    bound = max(par, min(entry.bound, proof.bound))
    return TableEntry(entry.seed, par, bound, entry.budget, max(entry.nodes, proof.nodes), cells)


def prove_again(path: Path, seeds: range, nodes: int, jobs: int) -> int:
    """``one_proof`` for each unproven deal of ``seeds`` in the table, ``jobs`` at a time; the table is rewritten
    after each deal (the others' lines kept), so a stopped run keeps what it proved."""
    lines = path.read_text(encoding="utf-8").splitlines()
    mark, entries = parse_table(lines)
    if mark != fingerprint(english_index()):
        print(f"{path}: built with other words (index {mark}); rebuild it first", file=sys.stderr)
        return 2
    todo = [(entries[seed], nodes) for seed in seeds if seed in entries and not entries[seed].proven]
    kept = [ln for ln in lines if ln.startswith("#") or ln == HEADER]
    with multiprocessing.get_context("fork").Pool(jobs) if jobs > 1 else _Serial() as pool:
        for entry in pool.imap(one_proof, todo):
            before = entries[entry.seed]
            entries[entry.seed] = entry
            path.write_text("\n".join(kept + [entries[s].line() for s in sorted(entries)]) + "\n", encoding="utf-8")
            print(f"{entry.seed}: par {before.par} -> {entry.par}, bound {before.bound} -> {entry.bound}"
                  + (" (proven best)" if entry.proven else ""), flush=True)
    return 0


class _Serial:
    """One process: ``imap`` as ``map``."""

    def __enter__(self) -> _Serial:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def imap(self, work: object, jobs: list[Any]) -> object:
        return map(work, jobs)  # type: ignore[call-overload]


if __name__ == "__main__":
    sys.exit(main())
