#!/usr/bin/env python3
"""`make bench-compare BEFORE=<rev> [AFTER=<rev>]`: every `make bench` benchmark on two revisions, interleaved.

Each revision is checked out in a temporary git worktree and runs its own kitgen and its own benchmark scripts
(``PYTHONPATH`` and the working folder are the worktree; every run prints the ``kitgen.__file__`` it imported,
and the comparison stops if a side imported the other's code). The benchmarks take turns, before, after,
before, after, ..., so a change in the machine's load falls on both sides alike. Each side has its own
document cache (``KITGEN_CACHE_DIR``, a fresh folder per side, warm after the first round, as for a person
running `make bench` twice); no side has the shipped store (`make bench` does not make it either). Bytecode is
written (``PYTHONDONTWRITEBYTECODE`` is dropped for the runs, into the temporary worktrees): with it set, every
process compiles kitgen from source, which measures the size of the source rather than what it does. The runs
are niced once, to niceness 10 (``NICENESS``, whatever the comparison's own: a niced comparison does not stack).

Measured per run: the CPU time (user + sys) of the benchmark process and every process it started, at any depth
(``getrusage(RUSAGE_CHILDREN)`` before and after; the comparison adopts the processes whose parent ended first, a
server's fork server and its workers, and waits for them: ``become_subreaper``), the median over the rounds.
The wall-time figures the scripts print (``name   12.3 ms``) are shown too, the least over the rounds (the run least
disturbed by other people's work on a shared machine); CPU time is what is gated, since the printed figures are
wall time.
Count and quality figures (the lines ``compare.py`` knows how to read: ``COUNTS``) are compared as printed.

A script "changed" when what it runs outside kitgen changed: the script itself and, followed from its imports, each
top-level definition it reaches in the repository's other modules (``benchmarks/``, ``tests/``; e.g. bench_fuzz.py's
readers in tests/fuzz_readers.py), compared as code (``ast``: not comments, layout or docstrings), so a helper
that gained a constant it does not use leaves its scripts alike.

Units: each ``bench_*.py`` is one unit; bench_game_of_words.py is run section by section (its own
``deals deck solver common patience morphology`` arguments) so a slow section does not hide a fast one. A
benchmark that did not exist at BEFORE runs on AFTER alone and is marked so. A script that changed between the
two revisions does different work on each side (more languages, another search): its CPU time is shown, not
gated, unless ``--same-work NAME`` says the change leaves the work alone (a renamed import; read the diff first);
its printed figures, matched by name, are then what says whether it got slower. Rounds: ``--rounds N`` (default
3), ``--rounds-for NAME=N`` per unit (the heavy ones default to fewer: ``HEAVY``); ``--only NAME ...`` picks
units. Exits 1 when a gated figure is worse by more than ``--limit`` percent (default 10), 2 on a failure to set up.

Like for like: a script that reads ``_common.LIKE_FOR_LIKE`` (work added to kitgen on purpose since 1ec0211, the
crossword generator's stricter American rules and the fill's common tier, the wordsearch par's exact polish, the
fuzz benchmark's four new readers, the survey's par budget, the lexicon's new languages, the web's solves, the kit's
rules in columns, which it can leave out) is
run on both sides with ``KITGEN_BENCH_LIKE_FOR_LIKE=1``: it then does the older revision's work under that
revision's figure names, so its CPU time is gated even though the script changed (its like-for-like mode is the
script's promise of the same work). ``--current`` runs every script as `make bench` does instead.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import functools
import os
import re
import resource
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from _common import fmt

ROOT = Path(__file__).resolve().parent.parent
SECTIONS = {"game_of_words": ["deals", "deck", "solver", "common", "patience", "morphology"]}
"""Scripts run a section at a time: their sections as the script's own arguments name them."""
NICENESS = 10
"""The niceness every run has, whatever the comparison's own: ``nice -n 10`` under a comparison that was itself
niced (`make bench-compare` used to run ``nice compare.py``) stacked to 19, at which a run on a machine loaded to
20 barely progressed (a patience side had 161 s of CPU after 46 minutes)."""


def niced() -> list[str]:
    """The ``nice`` prefix that runs a command at ``NICENESS`` (no lower than this process's own niceness)."""
    return ["nice", "-n", str(max(0, NICENESS - os.nice(0)))]


HEAVY = {"game_of_words:solver": 1, "game_of_words:common": 1, "game_of_words:patience": 1}
"""Units too slow for the default rounds (minutes a side on a shared machine): their rounds unless told."""
FIGURE = re.compile(r"^(?P<name>\S.*?\S)\s{2,}(?P<value>\d[\d,]*(?:\.\d+)?) (?P<unit>us|ms|s)\b")
SCALE = {"us": 1e-6, "ms": 1e-3, "s": 1.0}
COUNTS = re.compile(r"^(?P<name>\S.*?\S)\s{2,}.*?(?P<value>\d+) (?P<what>undecided|ILLEGAL|failed|crashes)\b")
"""Count figures where more is worse (a line the scripts print with a count beside its name)."""


@dataclass
class Unit:
    name: str
    script: str
    args: list[str]
    rounds: int
    sides: list[str]
    changed: bool = False
    """What the script runs outside kitgen (itself, the repository modules it imports) differs between the two sides:
    their CPU times are not like for like unless --same-work says so."""
    like: bool = False
    """Run with ``KITGEN_BENCH_LIKE_FOR_LIKE=1``: the script leaves out the work kitgen added on purpose."""
    cpu: dict[str, list[float]] = field(default_factory=dict)
    walls: dict[str, dict[str, list[float]]] = field(default_factory=dict)
    counts: dict[str, dict[str, list[float]]] = field(default_factory=dict)
    failed: dict[str, int] = field(default_factory=dict)
    missed: dict[str, int] = field(default_factory=dict)


def worktree(rev: str, folder: Path) -> Path:
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-f", str(folder), rev], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return folder


SEARCHED = ("benchmarks", "tests")
"""Where a benchmark's imports are looked for in a revision (kitgen itself is what is measured, not followed)."""


def _module(tree: Path, name: str) -> Path | None:
    """The repository file a benchmark's ``import name`` reads, or None (kitgen, the standard library, a package)."""
    if not name or name.split(".")[0] == "kitgen":
        return None
    rel = Path(*name.split("."))
    for folder in SEARCHED:
        for path in (tree / folder / rel.with_suffix(".py"), tree / folder / rel / "__init__.py"):
            if path.is_file():
                return path
    return None


def _code(node: ast.AST) -> str:
    """A statement as code: its AST without docstrings (a changed comment or docstring is not changed work)."""
    node = ast.parse(ast.unparse(node))  # a copy
    for each in ast.walk(node):
        body = getattr(each, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            del body[0]
    return ast.dump(node)


def _defines(stmt: ast.stmt) -> set[str]:
    """The module-level names a top-level statement binds (empty for one run only for its effect)."""
    if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return {stmt.name}
    if isinstance(stmt, (ast.Import, ast.ImportFrom)):
        return {(a.asname or a.name).split(".")[0] for a in stmt.names}
    targets = stmt.targets if isinstance(stmt, ast.Assign) else \
        [stmt.target] if isinstance(stmt, (ast.AnnAssign, ast.AugAssign)) else []
    return {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}


@functools.cache
def _parsed(path: Path) -> list[ast.stmt]:
    """A module's top-level statements, without bare strings (docstrings of the module and of its constants)."""
    body = ast.parse(path.read_text(encoding="utf-8")).body
    return [s for s in body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]


def _reaches(tree: Path, path: Path, stmts: list[ast.stmt]) -> set[tuple[Path, str]]:
    """The pieces ``stmts`` use: the module's own names they mention, what their imports bring from the repository
    (one name of a module, or ``*`` all of it), and the module's statements run for their effect (``<run>``)."""
    own = set().union(*(_defines(s) for s in _parsed(path)))
    found = {(path, "<run>")}
    for node in (n for s in stmts for n in ast.walk(s)):
        if isinstance(node, ast.Name) and node.id in own:
            found.add((path, node.id))
        elif isinstance(node, ast.Import):
            found |= {(m, "*") for a in node.names if (m := _module(tree, a.name))}
        elif isinstance(node, ast.ImportFrom) and not node.level and (m := _module(tree, node.module or "")):
            found |= {(m, a.name) for a in node.names}
    return found


def _piece(tree: Path, path: Path, name: str) -> tuple[str, set[tuple[Path, str]]]:
    """One piece of a module (a top-level name, ``*`` the whole module, ``<run>`` its bare statements): its code
    and the pieces it reaches."""
    body = _parsed(path)
    if name == "*":
        stmts = body
    elif name == "<run>":
        stmts = [s for s in body if not _defines(s)]
    else:
        stmts = [s for s in body if name in _defines(s)]
    return "".join(_code(s) for s in stmts), _reaches(tree, path, stmts)


def imported_code(tree: Path, script: Path) -> list[str]:
    """What a benchmark script runs from its revision outside kitgen: the script, and every top-level definition it
    reaches, import by import, in the repository's modules; each as ``file:name:code``, sorted."""
    seen: dict[tuple[Path, str], str] = {}
    todo = [(script, "*")]
    while todo:
        path, name = todo.pop()
        if (path, name) not in seen:
            seen[(path, name)], reached = _piece(tree, path, name)
            todo.extend(reached)
    return sorted(f"{p.relative_to(tree)}:{n}:{c}" for (p, n), c in seen.items())


def like_for_like(script: Path) -> bool:
    """Whether the script has a like-for-like mode (it reads ``_common.LIKE_FOR_LIKE``)."""
    return "LIKE_FOR_LIKE" in script.read_text(encoding="utf-8")


def units(trees: dict[str, Path], rounds: int, per_unit: dict[str, int], only: list[str],
          same_work: list[str], current: bool = False) -> list[Unit]:
    found = []
    for script in sorted((trees["after"] / "benchmarks").glob("bench_*.py")):
        stem = script.stem.removeprefix("bench_")
        old = trees["before"] / "benchmarks" / script.name
        sides = ["before", "after"] if old.exists() else ["after"]
        like = not current and like_for_like(script)
        changed = old.exists() and stem not in same_work and not like and \
            imported_code(trees["before"], old) != imported_code(trees["after"], script)
        for section in SECTIONS.get(stem, [""]):
            name = f"{stem}:{section}" if section else stem
            if only and not any(o in name for o in only):
                continue
            n = per_unit.get(name, per_unit.get(stem, HEAVY.get(name, rounds)))
            found.append(Unit(name, script.name, [section] if section else [], n, sides, changed, like))
    def order(unit: Unit) -> tuple[int, int]:  # the compared ones first, then after alone; else as --only says
        return -len(unit.sides), next((k for k, o in enumerate(only) if o in unit.name), 0)

    return sorted(found, key=order)


def run_once(unit: Unit, side: str, tree: Path, cache: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(tree), "KITGEN_CACHE_DIR": str(cache)}
    env.pop("KITGEN_BENCH_LIKE_FOR_LIKE", None)
    if unit.like:  # both sides: an older script ignores it, one that has the mode leaves the same work out
        env["KITGEN_BENCH_LIKE_FOR_LIKE"] = "1"
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # bytecode kept, as a person's `make bench` keeps it (in the worktree)
    check = subprocess.run([sys.executable, "-c", "import kitgen; print(kitgen.__file__)"], env=env, cwd=tree,
                           capture_output=True, text=True, check=True).stdout.strip()
    if not check.startswith(str(tree)):
        raise SystemExit(f"{side} imported {check}, not its own worktree {tree}")
    reap_left(0.0)  # nothing of an earlier run may be counted in this one
    start = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run([*niced(), sys.executable, str(tree / "benchmarks" / unit.script), *unit.args],
                          env=env, cwd=tree, capture_output=True, text=True)
    left = reap_left()
    end = resource.getrusage(resource.RUSAGE_CHILDREN)
    unit.cpu.setdefault(side, []).append(end.ru_utime + end.ru_stime - start.ru_utime - start.ru_stime)
    print(f"  {fmt(unit.cpu[side][-1])} CPU" + (f" ({left} process(es) it left behind counted)" if left else ""),
          flush=True)
    missed = sum(line.rstrip().endswith("MISSED") for line in proc.stdout.splitlines())
    if missed:  # a target missed (under load, often): shown, not a failure of the comparison
        unit.missed[side] = max(unit.missed.get(side, 0), missed)
    if proc.returncode and not (missed and proc.returncode == 1):
        unit.failed[side] = proc.returncode
        sys.stderr.write(f"{unit.name} ({side}) exited {proc.returncode}:\n{proc.stderr[-2000:]}\n")
    for line in proc.stdout.splitlines():
        if m := FIGURE.match(line):
            value = float(m["value"].replace(",", "")) * SCALE[m["unit"]]
            unit.walls.setdefault(m["name"], {}).setdefault(side, []).append(value)
        if m := COUNTS.match(line):
            unit.counts.setdefault(f"{m['name']} ({m['what']})", {}).setdefault(side, []).append(float(m["value"]))


PR_SET_CHILD_SUBREAPER = 36
"""Linux's prctl option that makes a process the reaper of its orphaned descendants (``prctl(2)``)."""
LEFT_GRACE = 60.0
"""Seconds a process a benchmark left behind (a server's fork server and its workers) may take to end by itself
before it is killed; its CPU is counted either way."""


def become_subreaper() -> None:
    """Adopt every orphaned descendant of the benchmarks (``PR_SET_CHILD_SUBREAPER``), so ``RUSAGE_CHILDREN`` counts
    the whole process tree a benchmark starts. Without it a process whose parent ends first is adopted by init and
    its CPU is lost: ``kitgen serve``'s workers are children of multiprocessing's fork server, which the server
    starts and never waits for, so whether the workers' CPU was counted depended on which of the two ended first
    (bench_web.py at 1ec0211 measured 0.75, 3.96 and 4.32 s in three rounds)."""
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        raise SystemExit(f"cannot adopt the benchmarks' orphans (prctl: errno {ctypes.get_errno()}): "
                         "their CPU would not be counted")


def _children() -> list[int]:
    """The processes whose parent is this one (the benchmarks' orphans, once adopted), from ``/proc``."""
    me, found = os.getpid(), []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):  # ended meanwhile
            continue
        if int(fields[1]) == me:
            found.append(int(stat.parent.name))
    return found


def reap_left(grace: float = LEFT_GRACE) -> int:
    """Wait for every process a benchmark left behind (adopted: ``become_subreaper``), killing what still runs after
    ``grace`` seconds, so its CPU joins ``RUSAGE_CHILDREN`` before the run's figure is read. How many there were."""
    end, reaped = time.monotonic() + grace, 0
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:  # none left
            return reaped
        if pid:
            reaped += 1
            continue
        if time.monotonic() >= end:
            for child in _children():
                with contextlib.suppress(ProcessLookupError):
                    os.kill(child, signal.SIGKILL)
        time.sleep(0.02)


def change(before: float, after: float) -> float:
    return 100.0 * (after / before - 1) if before else (0.0 if not after else float("inf"))


def shown(value: float | None, unit: str) -> str:
    if value is None:
        return "-"
    return fmt(value) if unit == "s" else f"{value:g}"


def row(name: str, before: float | None, after: float | None, unit: str, limit: float | None) -> tuple[str, bool]:
    """One line of the table; ``limit`` None: shown, not gated. Returns the line and whether it fails the bar."""
    cells = f"{name:<62} {shown(before, unit):>10} {shown(after, unit):>10}"
    if before is None or after is None:
        return f"{cells}   (after alone)", False
    pct = change(before, after)
    worse = limit is not None and pct > limit
    mark = "WORSE" if worse else ("(not gated)" if limit is None and pct > 10 else "")
    return f"{cells} {pct:>+8.1f}%  {mark}", worse


def table(done: list[Unit], limit: float) -> int:
    print(f"\n{'benchmark / figure':<62} {'before':>10} {'after':>10} {'change':>9}")
    bad = 0
    for unit in done:
        cpu = {s: statistics.median(v) for s, v in unit.cpu.items()}
        rounds = f"{unit.rounds} round{'s' if unit.rounds > 1 else ''}"
        gate = None if unit.changed else limit
        line, worse = row(f"{unit.name} CPU ({rounds})", cpu.get("before"), cpu.get("after"), "s", gate)
        notes = ["script changed: not like for like"] if unit.changed else []
        notes += ["like for like (KITGEN_BENCH_LIKE_FOR_LIKE)"] if unit.like else []
        notes += [f"FAILED {s} exit {c}" for s, c in unit.failed.items()]
        notes += [f"{s}: {n} target(s) MISSED" for s, n in unit.missed.items()]
        print("  ".join([line, *notes]))
        bad += worse or bool(unit.failed)
        for name, sides in unit.counts.items():
            worst = {s: max(v) for s, v in sides.items()}
            line, worse = row(f"  {name}", worst.get("before"), worst.get("after"), "#", 0.0)
            print(line)
            bad += worse
        for name, sides in unit.walls.items():
            least = {s: min(v) for s, v in sides.items()}
            print(row(f"  {name[:58]}", least.get("before"), least.get("after"), "s", None)[0])
    if not done:
        print("\nnothing measured on both sides")
        return 2
    print(f"\n{bad} figure(s) worse by more than {limit:g}% (CPU) or a count up" if bad else
          f"\nno CPU figure worse by more than {limit:g}%, no count up")
    return 1 if bad else 0


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def measure(done: list[Unit], trees: dict[str, Path], caches: dict[str, Path]) -> None:
    """Each unit's rounds, the two sides in turn within each round."""
    for unit in done:
        for k in range(unit.rounds):
            for side in unit.sides:
                print(f"{time.strftime('%H:%M')} {unit.name}: {side}, round {k + 1} of {unit.rounds}", flush=True)
                run_once(unit, side, trees[side], caches[side])


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", required=True)
    parser.add_argument("--after", default="HEAD")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--rounds-for", nargs="*", default=[], metavar="NAME=N")
    parser.add_argument("--only", nargs="*", default=[])
    parser.add_argument("--limit", type=float, default=10.0)
    parser.add_argument("--same-work", nargs="*", default=[], metavar="NAME",
                        help="scripts changed since BEFORE whose work is the same (read their diff first)")
    parser.add_argument("--current", action="store_true",
                        help="run every script as make bench does, without its like-for-like mode")
    args = parser.parse_args(argv)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(2))  # a stopped comparison still removes its worktrees
    become_subreaper()
    per_unit = {k: int(v) for k, v in (item.split("=", 1) for item in args.rounds_for)}
    with tempfile.TemporaryDirectory(prefix="kitgen-compare-") as tmp:
        trees = {side: worktree(rev, Path(tmp) / side) for side, rev in (("before", args.before),
                                                                         ("after", args.after))}
        try:
            caches = {side: Path(tmp) / f"cache-{side}" for side in trees}
            for folder in caches.values():
                folder.mkdir(mode=0o700)
            done = units(trees, args.rounds, per_unit, args.only, args.same_work, args.current)
            print(f"load average {load()}; before {args.before}, after {args.after}", flush=True)
            try:
                measure(done, trees, caches)
            except (KeyboardInterrupt, SystemExit):  # stopped: the table of what was measured, then fail
                print("stopped: the units not measured on both sides are left out", flush=True)
                done = [u for u in done if len(u.cpu) == len(u.sides)]
                table(done, args.limit)
                return 2
            print(f"load average {load()} at the end", flush=True)
            return table(done, args.limit)
        finally:
            for tree in trees.values():
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=False)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
