"""Issue 17: nothing lost, nothing hung. Ctrl-C anywhere is one line and exit 130, workers stay silent, and no
temporary file, ``/tmp/weasyprint-*`` folder or half-written output is left; a full disk or a read-only folder
is one clean line too, and nonsense seeds are refused.

The interrupt tests run the real ``kitgen kit`` in its own process group with its own TMPDIR and send SIGINT
to the whole group, as a terminal's Ctrl-C does, once the workers are at work.
"""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _start_kit(tmp_path: Path, *args: str) -> tuple[subprocess.Popen[str], Path, Path]:
    scratch, out = tmp_path / "tmp", tmp_path / "out"
    scratch.mkdir()
    # no document cache: the kit must typeset (a cached kit starts no worker and makes no weasyprint folder)
    env = {**os.environ, "TMPDIR": str(scratch), "PYTHONPATH": str(ROOT), "KITGEN_CACHE_DIR": "off"}
    process = subprocess.Popen([sys.executable, "-m", "kitgen", "kit", "--out", f"{out}/", *args], cwd=tmp_path,
                               env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=True, stdin=subprocess.DEVNULL)
    return process, scratch, out


def _children(pid: int) -> list[int]:
    found = []
    try:
        for task in Path(f"/proc/{pid}/task").iterdir():
            found += [int(p) for p in (task / "children").read_text().split()]
    except FileNotFoundError:  # the process (or one of its threads) has just ended
        pass
    return found


def _wait_for(test, timeout: float = 60.0) -> None:
    end = time.monotonic() + timeout
    while not test():
        assert time.monotonic() < end, "the kit never got under way"
        time.sleep(0.01)


def _weasyprint_at_work(scratch: Path) -> bool:
    return any(p.name.startswith("weasyprint-") for p in scratch.rglob("*"))


def _files(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*")) if folder.exists() else []


needs_proc = pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads /proc to find the workers")


@needs_proc
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_during_a_kit_is_one_line_exit_130_and_leaves_nothing(tmp_path, jobs):
    process, scratch, out = _start_kit(tmp_path, "--jobs", jobs)
    _wait_for(lambda: _weasyprint_at_work(scratch) and (jobs == "1" or len(_children(process.pid)) >= 2))
    os.killpg(process.pid, signal.SIGINT)  # the terminal's Ctrl-C: the parent and every worker
    stdout, stderr = process.communicate(timeout=60)
    assert process.returncode == 130, (process.returncode, stderr)
    assert stderr == "kitgen: interrupted\n"
    assert stdout == ""
    assert _files(out) == []  # no kit, no temporary .part file, no folder
    assert _files(scratch) == []  # no /tmp/weasyprint-* and no kitgen scratch folder


@needs_proc
def test_a_parent_killed_outright_leaves_no_worker_talking(tmp_path):
    process, scratch, _ = _start_kit(tmp_path, "--jobs", "2")
    _wait_for(lambda: len(_children(process.pid)) >= 2)
    workers = {pid: _started(pid) for pid in _children(process.pid)}
    process.kill()
    _, stderr = process.communicate(timeout=30)  # returns once every worker holding the pipe has gone too
    assert stderr == ""
    # the kernel's SIGKILL to an orphaned worker is delivered asynchronously: give a loaded machine time
    _wait_for(lambda: all(_gone(pid, started) for pid, started in workers.items()), timeout=20)


def _stat(pid: int) -> list[str] | None:
    """The fields of /proc/PID/stat after the command name (state first), or None once the process is gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (FileNotFoundError, ProcessLookupError):
        return None


def _started(pid: int) -> str:
    fields = _stat(pid)
    return fields[19] if fields else ""


def _gone(pid: int, started: str) -> bool:
    """Whether the worker ``pid`` (started at ``started`` clock ticks) has exited: no such process, a zombie,
    or another process that was given the same number since."""
    fields = _stat(pid)
    return fields is None or fields[0] in ("Z", "X") or fields[19] != started


def test_a_finished_kit_leaves_no_weasyprint_folder(invoke, tmp_path, monkeypatch):
    import tempfile

    scratch = tmp_path / "tmp"
    scratch.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    result = invoke("kit", "crossword", "wordsearch", "--jobs", "2", "--out", f"{tmp_path}/out/")
    assert result.exit_code == 0, result.output
    assert _files(scratch) == []


def test_an_interrupt_while_the_batch_is_renamed_waits_for_every_rename(tmp_path, monkeypatch):
    """Ctrl-C between two renames of a batch: both files land, then the interrupt is raised."""
    from kitgen.io.files import all_or_nothing

    real = os.replace
    renamed = []

    def replace_then_ctrl_c(src, dst):
        real(src, dst)
        renamed.append(dst)
        if len(renamed) == 1:
            os.kill(os.getpid(), signal.SIGINT)

    monkeypatch.setattr(os, "replace", replace_then_ctrl_c)
    with pytest.raises(KeyboardInterrupt), all_or_nothing() as batch:
        batch.add(tmp_path / "a.txt", b"a")
        batch.add(tmp_path / "b.txt", b"b")
    assert _files(tmp_path) == ["a.txt", "b.txt"]


def test_an_interrupt_a_library_swallowed_still_writes_nothing(tmp_path):
    """Python drops a KeyboardInterrupt raised in a destructor or a C callback ("Exception ignored"): the batch
    remembers the Ctrl-C and commits nothing."""
    from kitgen.io.files import all_or_nothing

    with pytest.raises(KeyboardInterrupt), all_or_nothing() as batch:
        batch.add(tmp_path / "a.txt", b"a")
        try:
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(1)
        except KeyboardInterrupt:
            pass  # as a library's callback would
        batch.add(tmp_path / "b.txt", b"b")
    assert _files(tmp_path) == []
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_an_interrupt_inside_a_command_is_one_line_and_exit_130(invoke, tmp_path, monkeypatch):
    def ctrl_c(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr("kitgen.games.wordsearch.declaration.render_sheet", ctrl_c)
    result = invoke("sheet", "--out", f"{tmp_path}/")
    assert result.exit_code == 130
    assert result.stderr == "kitgen: interrupted\n"
    assert _files(tmp_path) == []


# -- full disks and read-only folders -------------------------------------------------------------

def test_a_full_disk_inside_the_callers_block_is_one_clean_error(tmp_path):
    from kitgen.core.errors import InputError
    from kitgen.io.files import atomic_path

    with pytest.raises(InputError, match=r"out\.pdf: cannot write: No space left on device$"):
        with atomic_path(tmp_path / "out.pdf") as tmp:
            tmp.write_bytes(b"half a PDF")
            raise OSError(errno.ENOSPC, "No space left on device")
    assert _files(tmp_path) == []


def test_a_full_disk_while_reportlab_saves_is_one_clean_error(invoke, tmp_path, monkeypatch):
    from reportlab.pdfgen.canvas import Canvas

    def full(self):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(Canvas, "save", full)
    result = invoke("deck", "--out", tmp_path / "deck.pdf")
    assert result.exit_code == 2
    assert result.stderr.startswith("kitgen: ") and result.stderr.endswith(
        "deck.pdf: cannot write: No space left on device\n"), result.stderr
    assert _files(tmp_path) == []


def _deny_in(folder: Path, monkeypatch) -> None:
    """Writing in (or making) ``folder`` is refused, as in a read-only folder (tests run as root, where a
    chmod 555 folder stays writable)."""
    import tempfile

    real_mkstemp: Any = tempfile.mkstemp
    real_mkdir = Path.mkdir

    def mkstemp(*args, dir=None, **kwargs):
        if dir is not None and Path(dir).is_relative_to(folder):
            raise PermissionError(errno.EACCES, "Permission denied")
        return real_mkstemp(*args, dir=dir, **kwargs)

    def mkdir(self, *args, **kwargs):
        if self.is_relative_to(folder):
            raise PermissionError(errno.EACCES, "Permission denied")
        return real_mkdir(self, *args, **kwargs)

    monkeypatch.setattr(tempfile, "mkstemp", mkstemp)
    monkeypatch.setattr(Path, "mkdir", mkdir)


@pytest.mark.parametrize("png", ["ro", "ro/new"])
def test_a_read_only_png_folder_is_one_line_and_no_pdf(invoke, tmp_path, monkeypatch, png):
    """``--png`` into a folder kitgen may not write (or make): exit 2, one line, and not the PDF either."""
    (tmp_path / "ro").mkdir()
    _deny_in(tmp_path / "ro", monkeypatch)
    result = invoke("sheet", "--out", f"{tmp_path}/out/", "--png", tmp_path / png)
    assert result.exit_code == 2, result.output
    assert result.stderr.count("\n") == 1 and "permission denied" in result.stderr, result.stderr
    assert "internal error" not in result.stderr
    assert _files(tmp_path) == ["ro"]


def test_the_api_previews_into_a_read_only_folder_are_one_clean_error(tmp_path, monkeypatch):
    from kitgen import api

    pdf = tmp_path / "sheet.pdf"
    pdf.write_bytes(api.render("wordsearch", "sheet"))
    _deny_in(tmp_path / "ro", monkeypatch)
    with pytest.raises(api.InputError, match="permission denied"):
        api.previews(pdf, tmp_path / "ro")
    assert _files(tmp_path) == ["sheet.pdf"]


# -- seeds ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("command", [["bricks"], ["pattern"], ["sheet"], ["kit", "3dxword"]])
@pytest.mark.parametrize("seed", ["-5", "99999999999999999999", "2147483648", "1" * 5000])
def test_a_negative_or_huge_seed_is_refused_in_one_line(invoke, tmp_path, command, seed):
    result = invoke(*command, "--seed", seed, "--out", f"{tmp_path}/")
    assert result.exit_code == 2, result.output
    assert result.stderr.count("\n") == 1, result.stderr
    assert "--seed" in result.stderr and "internal error" not in result.stderr
    assert _files(tmp_path) == []


@needs_proc
def test_ctrl_c_during_a_range_of_deals_is_one_line_and_exit_130(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen([sys.executable, "-m", "kitgen", "deal", "word-solitaire", "--range", "1-100000",
                                "--solve", "--jobs", "2"], cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, start_new_session=True, stdin=subprocess.DEVNULL)
    try:
        _wait_for(lambda: len(_children(process.pid)) >= 2)
        time.sleep(0.5)  # the children at work
        os.killpg(process.pid, signal.SIGINT)
        _, stderr = process.communicate(timeout=30)
    finally:  # a failure leaves no 100,000-deal survey running
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert process.returncode == 130, (process.returncode, stderr)
    assert stderr == "kitgen: interrupted\n"
