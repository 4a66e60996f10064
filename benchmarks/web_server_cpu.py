#!/usr/bin/env python3
"""The web server's own CPU on two revisions, like for like: ``python benchmarks/web_server_cpu.py --before REV
[--after REV] [--rounds N]`` (issue 25's bar for bench_web.py; CONTRIBUTING.md, "Benchmarks").

`make bench-compare` runs each side's own bench_web.py and counts the script with everything it started. That
mixes the client's work with the server's, and it cannot make the two sides' servers do the same work on a loaded
machine: a job past the server's time limit (20 s of wall time) is stopped and answered 503, so a kit typeset
with the cache off is finished on one side and cut short on the other, and 1ec0211's script cannot be told to give
more time. Here one client (this script) sends the same requests, in the same order, to both revisions' ``kitgen
serve`` (each from its own git worktree, ``PYTHONPATH``; the ``kitgen.__file__`` it imports is checked), each
server with a time limit no request reaches (``--time-limit 600``) and a fresh document cache, and what is counted
is the server's process tree alone: the server, multiprocessing's fork server and every worker, down to the last
(this script adopts the fork server, which outlives the server: ``compare.become_subreaper``, and waits for every
process before reading ``RUSAGE_CHILDREN``). The client's CPU is not counted. The sides take turns, round by round.

The requests are 1ec0211's bench_web.py's: the server's start and a first verify, 21 sheet previews, a kit paged
through (16), 7 new kits (rules from the cache), 31 verifies, 20 clients of 10 mixed requests; then a second server
with the document cache off, 5 new kits (the naive column). The after side serves through ``serve_as_before.py``
(no solver warm-up, rules in one column: work added on purpose since 1ec0211). Each phase's CPU is read from
``/proc`` (the live tree's own and reaped children's time), the whole from ``RUSAGE_CHILDREN``. Exits 1 when the
median of a side's whole (either server) is worse by more than ``--limit`` percent (default 10).
"""

from __future__ import annotations

import argparse
import os
import resource
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

import bench_web
import compare
from _common import fmt

HERE = Path(__file__).resolve().parent
TIME_LIMIT = "600"
"""Seconds a request may work on the servers measured here (the most ``kitgen serve`` allows): none of these
reaches it on a loaded machine."""
TICK = os.sysconf("SC_CLK_TCK")
CLIENT_WAIT = 900.0
"""Seconds the client waits for an answer (bench_web.py's 60 s is too short for a kit at a load of 20)."""


def patient_get(url: str, body: bytes | None = None) -> tuple[int, bytes]:
    """``bench_web.get``, waiting ``CLIENT_WAIT`` for the answer."""
    request = urllib.request.Request(url, data=body, method="POST" if body is not None else "GET")
    try:
        with urllib.request.urlopen(request, timeout=CLIENT_WAIT) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def tree_cpu(root: int) -> float:
    """CPU seconds of the live process tree under ``root`` (itself included): each process's own time and that of
    the children it has reaped (``/proc/PID/stat``: utime, stime, cutime, cstime)."""
    stats: dict[int, tuple[int, float]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):  # ended meanwhile
            continue
        stats[int(stat.parent.name)] = int(fields[1]), sum(int(f) for f in fields[11:15]) / TICK
    inside, total, grew = {root}, 0.0, True
    while grew:
        more = {pid for pid, (parent, _) in stats.items() if parent in inside} - inside
        inside |= more
        grew = bool(more)
    for pid in inside:
        total += stats.get(pid, (0, 0.0))[1]
    return total


def side_env(tree: Path, cache: str) -> dict[str, str]:
    """A side's environment: its own kitgen, its own cache, bytecode written as an installed kitgen's."""
    env = {**os.environ, "PYTHONPATH": str(tree), "KITGEN_CACHE_DIR": cache}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def check_side(tree: Path) -> None:
    """Stop unless the side imports its own worktree's kitgen."""
    check = subprocess.run([sys.executable, "-c", "import kitgen; print(kitgen.__file__)"], env=side_env(tree, "off"),
                           cwd=tree, capture_output=True, text=True, check=True).stdout.strip()
    if not check.startswith(str(tree)):
        raise SystemExit(f"{tree} imported {check}, not its own")


class Served:
    """One revision's ``kitgen serve``, started by this process; ``phases`` the server tree's CPU at each mark."""

    def __init__(self, tree: Path, like: bool, cache: str) -> None:
        launcher = [str(HERE / "serve_as_before.py")] if like else ["-m", "kitgen"]
        env = side_env(tree, cache)
        self.log = tempfile.TemporaryFile()
        self.port = bench_web.free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process = subprocess.Popen(
            [*compare.niced(), sys.executable, *launcher, "serve", "--port", str(self.port), "--time-limit",
             TIME_LIMIT], env=env, cwd=tree, stdout=subprocess.DEVNULL, stderr=self.log)
        self.phases: dict[str, float] = {}
        self.last = 0.0
        while True:
            try:
                if bench_web.get(self.base + "/")[0] == 200:
                    break
            except OSError:
                if self.process.poll() is not None:
                    self.log.seek(0)
                    raise SystemExit(f"kitgen serve ({tree}) ended: {self.log.read()[-2000:]!r}") from None
                time.sleep(0.05)
        status, _ = bench_web.get(self.base + "/api/verify/wordsearch?deal=1", bench_web.SHEET)
        assert status == 200, status
        self.mark("start, first verify")

    def mark(self, phase: str) -> None:
        now = tree_cpu(self.process.pid)
        self.phases[phase] = now - self.last
        self.last = now

    def stop(self) -> None:
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(120)
        compare.reap_left()


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def one_side(tree: Path, like: bool) -> dict[str, float]:
    """The requests of 1ec0211's bench_web.py to this revision's servers: each phase's CPU, each server's whole."""
    with tempfile.TemporaryDirectory() as cache:
        start = _children_cpu()
        server = Served(tree, like, cache)
        try:
            bench_web.timed(lambda k: bench_web.get(
                f"{server.base}/api/preview/sheet/1.png?seed={100 + k}&width=700"), 21)
            server.mark("21 sheet previews")
            bench_web.kit_pages(server.base)
            server.mark("a kit paged through")
            bench_web.new_kits(server.base)
            server.mark("7 new kits")
            bench_web.timed(lambda k: bench_web.get(f"{server.base}/api/verify/wordsearch?deal=1", bench_web.SHEET),
                            31)
            server.mark("31 verifies")
            _, errors = bench_web.load(server)  # type: ignore[arg-type]  # it reads .base only
            assert not errors, errors
            server.mark("20 clients x 10")
        finally:
            server.stop()
        figures = dict(server.phases)
        figures["server (whole)"] = _children_cpu() - start
    start = _children_cpu()
    cold = Served(tree, like, "off")
    try:
        bench_web.new_kits(cold.base, 5)
        cold.mark("5 new kits, cache off")
    finally:
        cold.stop()
    figures.update({f"cache off: {k}": v for k, v in cold.phases.items()})
    figures["cache-off server (whole)"] = _children_cpu() - start
    return figures


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", default="1ec0211")
    parser.add_argument("--after", default="HEAD")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--limit", type=float, default=10.0)
    args = parser.parse_args(argv)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(2))  # stopped: the rounds done are reported, worktrees removed
    compare.become_subreaper()
    bench_web.get = patient_get  # the request functions below are bench_web.py's, each calling its get
    found: dict[str, list[dict[str, float]]] = {"before": [], "after": []}
    with tempfile.TemporaryDirectory(prefix="kitgen-web-cpu-") as tmp:
        trees = {side: compare.worktree(rev, Path(tmp) / side) for side, rev in (("before", args.before),
                                                                                 ("after", args.after))}
        try:
            for tree in trees.values():
                check_side(tree)
            print(f"load average {compare.load()}; before {args.before}, after {args.after}", flush=True)
            measure(trees, args.rounds, found)
        finally:
            for tree in trees.values():
                subprocess.run(["git", "-C", str(compare.ROOT), "worktree", "remove", "--force", str(tree)],
                               check=False)
    return table(found, args.limit) if found["after"] else 2


def measure(trees: dict[str, Path], rounds: int, found: dict[str, list[dict[str, float]]]) -> None:
    """The rounds, the two sides in turn; a round that fails (a server that ends) stops the rounds, and the table
    shows the rounds both sides finished."""
    for k in range(rounds):
        for side in ("before", "after"):
            try:
                found[side].append(one_side(trees[side], like=side == "after"))
            except (Exception, SystemExit) as exc:  # noqa: BLE001 - the rounds done are still reported
                print(f"round {k + 1}, {side} failed: {exc!r}", flush=True)
                found["before"] = found["before"][:len(found["after"])]
                return
            print(f"{time.strftime('%H:%M')} round {k + 1}, {side}: {fmt(found[side][-1]['server (whole)'])} + "
                  f"{fmt(found[side][-1]['cache-off server (whole)'])} CPU; load {compare.load()}", flush=True)
            print("  " + "; ".join(f"{name} {fmt(cpu)}" for name, cpu in found[side][-1].items()), flush=True)


def table(found: dict[str, list[dict[str, float]]], limit: float) -> int:
    print(f"\n{'server CPU (median of ' + str(len(found['before'])) + ' rounds)':<44} {'before':>10} {'after':>10}"
          f" {'change':>8}   (each round: before / after)")
    bad = 0
    for name in found["before"][0]:
        before = statistics.median(r[name] for r in found["before"])
        after = statistics.median(r[name] for r in found["after"])
        pct = compare.change(before, after)
        gated = name.endswith("(whole)")
        worse = gated and pct > limit
        bad += worse
        rounds = " ".join(f"{b[name]:.2f}/{a[name]:.2f}" for b, a in zip(found["before"], found["after"], strict=True))
        print(f"{name:<44} {fmt(before):>10} {fmt(after):>10} {pct:>+7.1f}%  {'WORSE' if worse else '':5} {rounds}")
    print(f"\n{bad} server figure(s) worse by more than {limit:g}% (CPU)" if bad else
          f"\nno server figure worse by more than {limit:g}% (CPU)")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
