"""Ctrl-C, SIGTERM and SIGHUP reach the command line's ``CliContext.cancelled()`` (issue 25): a long loop that asks
(``kitgen.core.cancel.checkpoint``) finishes the step in hand and stops at its next checkpoint; the run then ends
as the signal ends it (one line, exit 128 + N). Code that asks nothing is interrupted at once, as before."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import typer
from typer.testing import CliRunner

from kitgen import api
from kitgen.cli.app import KitgenCommand, KitgenGroup
from kitgen.cli.build import CliContext, add
from kitgen.core.cancel import checkpoint

ROOT = Path(__file__).resolve().parents[2]


def loop_app(steps: list[str], asks: bool) -> typer.Typer:
    """A command whose loop sends itself Ctrl-C in its fourth step, asking at each step or not."""

    def run(values: api.OptionValues, context: api.Context) -> api.Outcome:
        for step in range(1000):
            if asks:
                checkpoint()
            steps.append(f"start {step}")
            if step == 3:
                os.kill(os.getpid(), signal.SIGINT)
                time.sleep(0.05)  # the handler has run: an interrupt raised at once never gets past here
            steps.append(f"end {step}")
        return api.Outcome(lines=["all done"])

    app = typer.Typer(cls=KitgenGroup)
    add(app, api.Command("loop", api.Group.TOP, "A loop.", (), api.typed(api.KitOptions, lambda o, c: run({}, c))),
        KitgenCommand)
    app.command("other")(lambda: None)  # two commands, so the group keeps the command name
    return app


def test_ctrl_c_stops_an_asking_loop_at_its_next_checkpoint() -> None:
    steps: list[str] = []
    result = CliRunner().invoke(loop_app(steps, asks=True), ["loop"])
    assert result.exit_code == 130
    assert result.stderr == "kitgen: interrupted\n" and result.stdout == ""
    assert steps == [f"{edge} {n}" for n in range(4) for edge in ("start", "end")]  # step 3 finished, 4 not begun
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # put back


def test_ctrl_c_interrupts_code_that_asks_nothing_at_once() -> None:
    steps: list[str] = []
    result = CliRunner().invoke(loop_app(steps, asks=False), ["loop"])
    assert result.exit_code == 130 and result.stderr == "kitgen: interrupted\n"
    assert steps[-1] == "start 3"


def test_the_context_takes_one_signal_and_only_while_a_loop_asks() -> None:
    context = CliContext(quiet=True, json=False)
    assert not context.takes(signal.SIGTERM)  # nothing asked yet: interrupt at once
    assert not context.cancelled()
    assert context.takes(signal.SIGTERM) and context.signal == signal.SIGTERM
    assert context.cancelled()
    assert not context.takes(signal.SIGINT)  # a second signal interrupts at once
    context.close()


def test_sigterm_during_a_range_worked_here_stops_between_deals(tmp_path: Path) -> None:
    out = tmp_path / "range.jsonl"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "KITGEN_CACHE_DIR": "off"}
    process = subprocess.Popen([sys.executable, "-m", "kitgen", "deal", "word-solitaire", "--range", "1-100000",
                                "--solve", "--jobs", "1", "--out", str(out)], cwd=tmp_path, env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, stdin=subprocess.DEVNULL)
    end = time.monotonic() + 120
    while not (out.exists() and out.read_text().count("\n") >= 2):
        assert time.monotonic() < end and process.poll() is None, "the range never got under way"
        time.sleep(0.05)
    process.send_signal(signal.SIGTERM)
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 128 + signal.SIGTERM, (process.returncode, stderr)
    assert stderr == "kitgen: stopped by SIGTERM\n"
    text = out.read_text()
    assert text.endswith("\n")
    seeds = [json.loads(line)["seed"] for line in text.splitlines()]  # every line whole
    assert seeds == list(range(1, len(seeds) + 1))
