"""Never a hang: a kit's workers are forked from a process with one thread (the main one).

A child forked from a threaded process gets a copy of every lock another thread held at that moment, and no thread
that will ever give it back: 1ec0211's cold ``kitgen kit`` forked its typesetting pool while its drawing pool's three
handler threads ran (four threads at the fork), and one typesetting worker once slept on such a lock for 16 minutes.
The cold path (nothing cached: ``preload`` loads weasyprint, Pango and fontconfig, then ``worker_pool`` forks) must
fork from one thread. It is measured in a fresh process (pytest-xdist's workers have threads of their own), at every
fork (``os.register_at_fork``), by counting ``/proc/self/task``, so C threads (glib, fontconfig, OpenBLAS) count too.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="counts threads in /proc (Linux)")

SCRIPT = """
import json, os, sys, threading, time
counts = []
os.register_at_fork(before=lambda: counts.append(len(os.listdir("/proc/self/task"))))
from kitgen.core.errors import KitgenError
from kitgen.games import kit, registry
from kitgen.io.pdf import Paper

def refused(job):
    raise KitgenError("enough: the workers were forked")

kit.kit_parts = refused  # the workers stop at once: the forks are what is measured
kit.documents_cached = lambda job: False  # the cold path, whatever the caches hold
if sys.argv[1] == "threaded":  # the control: a thread alive at the fork is seen
    kit.preload = lambda paper: threading.Thread(target=time.sleep, args=(30,), daemon=True).start()
games = [registry.get("crossword"), registry.get("wordsearch")]
try:
    list(kit.build_kits(games, Paper.a4, seed=1, jobs=2))
except KitgenError:
    pass
print(json.dumps(counts))
"""


def threads_at_forks(mode: str) -> list[int]:
    """The number of threads of a fresh process at each fork while it starts a cold two-kit build with two jobs."""
    done = subprocess.run([sys.executable, "-c", SCRIPT, mode], capture_output=True, text=True, timeout=300,
                          check=True)
    counts = json.loads(done.stdout.strip().splitlines()[-1])
    assert isinstance(counts, list)
    return counts


def test_cold_kit_workers_are_forked_from_one_thread() -> None:
    assert threads_at_forks("cold") == [1, 1]


def test_a_thread_alive_at_the_fork_is_counted() -> None:
    assert threads_at_forks("threaded") == [2, 2]
