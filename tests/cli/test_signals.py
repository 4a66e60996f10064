"""Issue 33: SIGTERM and SIGHUP (what ``timeout``, systemd and CI runners send, and a closed terminal) stop kitgen
as Ctrl-C does: one line, exit 128 + N, no staged ``.part`` file, no weasyprint folder, no output folder made
for output that was never written."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
needs_proc = pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads /proc to find the workers")


def _start(tmp_path: Path, *args: str) -> tuple[subprocess.Popen[str], Path]:
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    env = {**os.environ, "TMPDIR": str(scratch), "PYTHONPATH": str(ROOT), "KITGEN_CACHE_DIR": "off"}
    process = subprocess.Popen([sys.executable, "-m", "kitgen", *args], cwd=tmp_path, env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                               stdin=subprocess.DEVNULL)
    return process, scratch


def _wait_for(test, timeout: float = 60.0) -> None:
    end = time.monotonic() + timeout
    while not test():
        assert time.monotonic() < end, "the run never got under way"
        time.sleep(0.01)


def _files(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*")) if folder.exists() else []


def _weasyprint_at_work(scratch: Path) -> bool:
    return any(p.name.startswith("weasyprint-") for p in scratch.rglob("*"))


@needs_proc
@pytest.mark.parametrize(("signum", "group"), [(signal.SIGTERM, False), (signal.SIGHUP, False),
                                               (signal.SIGTERM, True)])
def test_a_signal_during_a_kit_is_one_line_exit_128_plus_n_and_leaves_nothing(tmp_path, signum, group):
    out = tmp_path / "out"
    process, scratch = _start(tmp_path, "kit", "--out", f"{out}/", "--jobs", "2")
    _wait_for(lambda: _weasyprint_at_work(scratch))
    (os.killpg if group else os.kill)(process.pid, signum)
    stdout, stderr = process.communicate(timeout=60)
    assert process.returncode == 128 + signum, (process.returncode, stderr)
    assert stderr == f"kitgen: stopped by {signal.Signals(signum).name}\n"
    assert stdout == ""
    assert not out.exists()  # no kit, no .part file, not even the folder
    assert _files(scratch) == []  # no weasyprint font folder, no kitgen scratch folder


@needs_proc
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_signal_during_a_long_write_leaves_no_part_file(tmp_path, signum):
    """The streamed write of a long pattern PDF: the hidden ``.kitgen-XXXXXXXX.part`` goes with the run."""
    out = tmp_path / "deep" / "er"
    process, scratch = _start(tmp_path, "pattern", "--seed", "1", "--count", "400", "--size", "25",
                              "--out", f"{out}/")
    _wait_for(lambda: any(p.name.endswith(".part") and p.stat().st_size > 0 for p in tmp_path.rglob("*")))
    os.kill(process.pid, signum)
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 128 + signum, (process.returncode, stderr)
    assert stderr.count("\n") == 1 and "stopped by" in stderr
    assert _files(tmp_path) == ["tmp"], _files(tmp_path)  # neither the .part nor the folders made for it


def test_a_signal_while_a_batch_is_renamed_waits_for_every_rename(tmp_path, monkeypatch):
    """SIGTERM between two renames of a batch is held back like Ctrl-C: both files land, then the run stops."""
    from kitgen.io.files import all_or_nothing
    from kitgen.io.processes import Stopped, stop_on_signals

    monkeypatch.setattr(signal, "getsignal", lambda signum: signal.SIG_DFL)  # as in a fresh command line
    saved = {s: signal.signal(s, signal.SIG_DFL) for s in (signal.SIGTERM, signal.SIGHUP)}
    real = os.replace
    renamed = []

    def replace_then_term(src, dst):
        real(src, dst)
        renamed.append(dst)
        if len(renamed) == 1:
            os.kill(os.getpid(), signal.SIGTERM)

    try:
        stop_on_signals()
        monkeypatch.undo()
        monkeypatch.setattr(os, "replace", replace_then_term)
        with pytest.raises(Stopped), all_or_nothing() as batch:
            batch.add(tmp_path / "a.txt", b"a")
            batch.add(tmp_path / "b.txt", b"b")
    finally:
        for signum, handler in saved.items():
            signal.signal(signum, handler)
    assert _files(tmp_path) == ["a.txt", "b.txt"]


def test_a_stopped_command_in_process_exits_128_plus_n(invoke, tmp_path, monkeypatch):
    from kitgen.io.processes import Stopped

    def term(*args, **kwargs):
        raise Stopped(signal.SIGTERM)

    monkeypatch.setattr("kitgen.games.wordsearch.declaration.render_sheet", term)
    result = invoke("sheet", "--out", f"{tmp_path}/new/")
    assert result.exit_code == 143
    assert result.stderr == "kitgen: stopped by SIGTERM\n"
    assert _files(tmp_path) == []
