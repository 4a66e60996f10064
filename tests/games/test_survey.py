"""Surveys (issues 17 and 18): any deal variant with a ``Survey`` streams ``--range`` as JSON Lines, in seed order,
resumable, over this process, forked processes or Dask, with the same lines whichever runs it.

A toy variant logs every deal it works (one line a call, from whichever process makes it), so the tests prove that
a rerun never works a deal already in the file. Its summary can play Ctrl-C: it raises KeyboardInterrupt in the
parent, as a real Ctrl-C would, when it sees a given deal.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from kitgen import api
from kitgen.cli.app import KitgenCommand, KitgenGroup
from kitgen.cli.build import add, fill_flag_values

HAS_DASK = True
try:
    import distributed  # noqa: F401
except ImportError:  # pragma: no cover - the test extra installs it
    HAS_DASK = False


class Squares:
    """The toy's work on one deal: its square, each call logged."""

    def __init__(self, log: str) -> None:
        self.log = log

    def __call__(self, seed: int) -> dict[str, Any]:
        with open(self.log, "a", encoding="utf-8") as f:
            f.write(f"{seed}\n")
        return {"game": "toy", "seed": seed, "square": seed * seed}


class SquareTally:
    def __init__(self, interrupt_at: int | None = None) -> None:
        self.total = self.deals = 0
        self.interrupt_at = interrupt_at

    def add(self, line: Any) -> None:
        if line["seed"] == self.interrupt_at:
            raise KeyboardInterrupt
        self.deals += 1
        self.total += line["square"]

    def to_json(self) -> dict[str, Any]:
        return {"sum": self.total}

    def lines(self, stats: bool) -> list[str]:
        return [f"{self.deals} squares summing to {self.total}"]


LOG = api.Option("log", str, None, "Where the toy logs its calls.")
SOLVE = api.Option("solve", bool, False, "Work the deal.")


class ToyOptions(api.Options):
    """The toy deal command's options, which its survey work reads too: where it logs."""

    seed: int | None = api.opt(api.SEED)
    solve: bool = api.opt(SOLVE)
    log: str | None = api.opt(LOG)


def squares(opts: ToyOptions) -> Squares:
    assert opts.log is not None
    return Squares(opts.log)


def toy_app(interrupt_at: int | None = None) -> typer.Typer:
    survey = api.Survey("solve", api.typed(ToyOptions, squares), lambda: SquareTally(interrupt_at))
    def no_deal(values: api.OptionValues, context: api.Context) -> api.Deal:
        raise AssertionError("the toy's survey never deals")

    variant = api.DealVariant("toy", "A toy.", (api.SEED,), no_deal, survey)
    command = api.Command("toy", api.Group.DEAL, "A toy deal.", ToyOptions.declared(),
                          api.typed(ToyOptions, lambda opts, context: api.Outcome(lines=["one deal"])), result=True)
    app = typer.Typer(cls=KitgenGroup)
    add(app, api.surveyed(command, variant), KitgenCommand)
    app.command("other")(lambda: None)  # two commands, so the group keeps the command name
    return app


def run_toy(tmp_path: Path, *args: str, interrupt_at: int | None = None) -> tuple[Any, list[int]]:
    log = tmp_path / "calls.log"
    log.write_text("")
    result = CliRunner().invoke(toy_app(interrupt_at), ["toy", "--solve", "--log", str(log), *args])
    return result, [int(x) for x in log.read_text().split()]


def seeds_in(path: Path) -> list[int]:
    return [json.loads(line)["seed"] for line in path.read_text().splitlines()]


POOLS = [["--jobs", "1"], ["--jobs", "2"],
         pytest.param(["--dask", "--jobs", "2"], marks=pytest.mark.skipif(not HAS_DASK, reason="needs kitgen[dask]"))]


@pytest.mark.parametrize("pool", POOLS, ids=["here", "forked", "dask"])
def test_an_interrupted_range_resumes_without_working_a_deal_twice(tmp_path: Path, pool: list[str]) -> None:
    straight = tmp_path / "straight.jsonl"
    result, _ = run_toy(tmp_path, "--range", "1-90", "--out", str(straight), "--jobs", "1")
    assert result.exit_code == 0, result.output
    assert seeds_in(straight) == list(range(1, 91))

    out = tmp_path / "survey.jsonl"
    result, first_calls = run_toy(tmp_path, "--range", "1-90", "--out", str(out), *pool, interrupt_at=41)
    assert result.exit_code != 0  # stopped, as by Ctrl-C
    kept = seeds_in(out)  # every line whole, in seed order, up to the interrupted deal
    assert kept == list(range(1, 41))

    result, calls = run_toy(tmp_path, "--range", "1-90", "--out", str(out), *pool)
    assert result.exit_code == 0, result.output
    assert not set(calls) & set(kept), "a deal already in the file was worked again"
    assert sorted(calls) == list(range(41, 91))
    assert out.read_bytes() == straight.read_bytes()
    assert "50 deals worked, 40 already there" in result.stdout
    assert f"90 squares summing to {sum(s * s for s in range(1, 91))}" in result.stdout  # resumed lines count too


def test_the_lines_are_the_same_on_stdout_and_in_the_file_and_in_any_pool(tmp_path: Path) -> None:
    out = tmp_path / "a.jsonl"
    run_toy(tmp_path, "--range", "5-60", "--out", str(out))
    result, calls = run_toy(tmp_path, "--range", "5-60", "--json", "--jobs", "3")
    assert result.stdout == out.read_text()
    assert sorted(calls) == list(range(5, 61))
    result, calls = run_toy(tmp_path, "--range", "5-60", "--out", str(out), "--json")
    doc = json.loads(result.stdout)  # everything was there already: nothing worked
    assert calls == [] and doc["resumed"] == 56 and doc["new"] == 0 and doc["sum"] == sum(s * s for s in range(5, 61))


def test_a_half_written_last_line_is_cut_and_worked_again(tmp_path: Path) -> None:
    out = tmp_path / "a.jsonl"
    run_toy(tmp_path, "--range", "1-10", "--out", str(out))
    whole = out.read_bytes()
    lines = whole.splitlines(keepends=True)
    out.write_bytes(b"".join(lines[:6]) + lines[6][:9])  # killed while writing deal 7
    result, calls = run_toy(tmp_path, "--range", "1-10", "--out", str(out))
    assert result.exit_code == 0 and calls == [7, 8, 9, 10]
    assert out.read_bytes() == whole
    assert "half-written" in result.stderr


def test_a_file_of_another_survey_or_not_a_survey_is_refused_unless_forced(tmp_path: Path) -> None:
    out = tmp_path / "a.jsonl"
    out.write_text('{"game": "toy", "seed": 1, "square": 1, "survey": "0123456789ab"}\n')
    result, calls = run_toy(tmp_path, "--range", "1-3", "--out", str(out))
    assert result.exit_code == 2 and calls == []
    assert f"{out}:1:1: this line is not from the same survey" in result.stderr
    notes = tmp_path / "notes.jsonl"
    notes.write_text("remember to run kitgen\n")
    result, calls = run_toy(tmp_path, "--range", "1-3", "--out", str(notes))
    assert result.exit_code == 2 and f"{notes}:1:1: not a JSON line" in result.stderr
    assert notes.read_text() == "remember to run kitgen\n"
    result, calls = run_toy(tmp_path, "--range", "1-3", "--out", str(out), "--force")
    assert result.exit_code == 0 and calls == [1, 2, 3] and seeds_in(out) == [1, 2, 3]


def test_range_options_are_checked_before_any_work(tmp_path: Path) -> None:
    for args, message in [(["--range", "1-3", "--out", str(tmp_path / "x.pdf")], "is a .jsonl file"),
                          (["--range", "9-3"], "the end is before the start"),
                          (["--range", "1-1000001"], "at most 1,000,000"),
                          (["--jobs", "2"], "go with --range"),
                          (["--dask"], "go with --range"),
                          (["--range", "1-3", "--out", str(tmp_path / "fifo.jsonl")], "not a regular file")]:
        if "fifo" in " ".join(args):
            os.mkfifo(tmp_path / "fifo.jsonl")
        result, calls = run_toy(tmp_path, *args)
        assert result.exit_code == 2 and message in result.stderr and calls == [], (args, result.stderr)
    log = tmp_path / "calls.log"
    result = CliRunner().invoke(toy_app(), ["toy", "--range", "1-3", "--log", str(log)])
    assert result.exit_code == 2 and "--range needs --solve" in result.stderr


def test_a_bare_dask_flag_means_a_local_cluster() -> None:
    options = api.SURVEY_OPTIONS
    assert fill_flag_values(["deal", "x", "--dask"], options) == ["deal", "x", "--dask=local"]
    assert fill_flag_values(["--dask", "--range", "1-2"], options) == ["--dask=local", "--range", "1-2"]
    assert fill_flag_values(["--dask", "tcp://h:8786"], options) == ["--dask", "tcp://h:8786"]


def test_without_dask_installed_the_flag_says_how_to_install_it(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed -> ImportError
    result, calls = run_toy(tmp_path, "--range", "1-3", "--dask")
    assert result.exit_code == 2 and calls == []
    assert "pip install 'kitgen[dask]'" in result.stderr


# -- the real thing: Word Solitaire over Dask and over --jobs, and a real Ctrl-C -----------------------------

WORDS = "jowl squaw with zonk lxiv bush heft yule aorta amir grip censed".split()
"""Wins deal 1 and many others, and loses the rest quickly (a list that leaves deals undecided is slow)."""


@pytest.mark.skipif(not HAS_DASK, reason="needs kitgen[dask]")
def test_word_solitaire_on_a_local_dask_cluster_gives_the_lines_of_jobs_2(invoke, word_file, tmp_path: Path) -> None:
    words = str(word_file(*WORDS))
    jobs = invoke("deal", "word-solitaire", "--range", "1-40", "--solve", "--json", "--jobs", "2", "--words", words,
                  "--all-words")
    dask = invoke("deal", "word-solitaire", "--range", "1-40", "--solve", "--json", "--dask", "--jobs", "2",
                  "--words", words, "--all-words")
    assert jobs.exit_code == 0 and dask.exit_code == 0, dask.stderr
    assert dask.stdout == jobs.stdout
    lines = [json.loads(line) for line in jobs.stdout.splitlines()]
    assert [line["seed"] for line in lines] == list(range(1, 41))
    assert any(line["winnable"] for line in lines) and any(line["winnable"] is False for line in lines)


def test_ctrl_c_leaves_a_file_of_whole_lines_that_a_rerun_finishes(word_file, tmp_path: Path) -> None:
    words = str(word_file(*WORDS))
    out = tmp_path / "survey.jsonl"
    kitgen = [sys.executable, "-m", "kitgen", "deal", "word-solitaire", "--solve", "--words", words, "--jobs", "2",
              "--all-words"]
    process = subprocess.Popen([*kitgen, "--range", "1-100000", "--out", str(out)], stderr=subprocess.PIPE,
                               stdout=subprocess.PIPE)
    deadline = time.monotonic() + 120
    while (not out.exists() or out.read_text().count("\n") < 20) and time.monotonic() < deadline:
        time.sleep(0.05)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode != 0 and b"Traceback" not in err
    kept = seeds_in(out)
    assert kept == list(range(1, len(kept) + 1)) and len(kept) >= 20
    done = subprocess.run([*kitgen, "--range", f"1-{len(kept) + 15}", "--out", str(out)], capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert f"15 deals worked, {len(kept)} already there" in done.stdout
    fresh = subprocess.run([*kitgen, "--range", f"1-{len(kept) + 15}", "--json"], capture_output=True, text=True,
                           timeout=300)
    assert out.read_text() == fresh.stdout


def test_wordsearch_par_survey_lines_are_each_deal_s_par_and_bound(invoke, word_file) -> None:
    words = str(word_file("sea", "tea", "eat", "ate", "set", "seat", "east", "eats", "teas", "stone", "notes",
                          "tones", "note", "tone", "nest", "sent", "tens", "ten", "net", "one", "eon"))
    here = invoke("deal", "wordsearch", "--range", "1-3", "--par", "--budget", "3000", "--json", "--words", words)
    forked = invoke("deal", "wordsearch", "--range", "1-3", "--par", "--budget", "3000", "--json", "--jobs", "2",
                    "--words", words)
    assert here.exit_code == 0, here.stderr
    assert forked.stdout == here.stdout
    for line in map(json.loads, here.stdout.splitlines()):
        single = json.loads(invoke("deal", "wordsearch", "--seed", str(line["seed"]), "--par", "--budget", "3000",
                                   "--json", "--words", words).stdout)["par"]
        assert (line["par"], line["bound"], line["budget"], line["grid"]) == \
            (single["par"], single["bound"], 3000, single["grid"])
    refused = invoke("deal", "wordsearch", "--range", "1-3", "--par", "--seconds", "5", "--words", words)
    assert refused.exit_code == 2 and "--seconds does not go with --range" in refused.stderr


def test_plot_draws_a_par_survey_and_a_solitaire_survey_as_svg(invoke, word_file, tmp_path: Path) -> None:
    """Issue 30: ``--plot FILE.svg`` beside the lines: par and bound per deal, or the winnable share; the same
    survey draws the same bytes; without ``--range`` it is refused."""
    words = str(word_file("sea", "tea", "eat", "ate", "set", "seat", "east", "eats", "teas", "stone", "notes"))
    chart = tmp_path / "pars.svg"
    done = invoke("deal", "wordsearch", "--range", "1-3", "--par", "--budget", "2000", "--words", words,
                  "--plot", chart)
    assert done.exit_code == 0, done.stderr
    svg = chart.read_text()
    assert svg.startswith("<?xml") and "<svg" in svg and "bound (no sheet scores more)" in svg
    first = chart.read_bytes()
    invoke("deal", "wordsearch", "--range", "1-3", "--par", "--budget", "2000", "--words", words, "--plot", chart)
    assert chart.read_bytes() == first  # no date, fixed ids
    share = tmp_path / "share.svg"
    solved = invoke("deal", "word-solitaire", "--range", "1-6", "--solve", "--words", word_file("sea", "tea"),
                    "--plot", share)
    assert solved.exit_code == 0, solved.stderr
    assert "winnable deals (%)" in share.read_text()
    refused = invoke("deal", "wordsearch", "--seed", "1", "--plot", tmp_path / "x.svg")
    assert refused.exit_code == 2 and "go with --range" in refused.stderr
    wrong = invoke("deal", "wordsearch", "--range", "1-2", "--par", "--words", words, "--plot", tmp_path / "x.png")
    assert wrong.exit_code == 2 and ".svg" in wrong.stderr


@pytest.mark.parametrize(("lang", "said"), [
    ("fr", "kitgen: --range a besoin de --solve (le travail fait sur chaque donne)"),
    ("ru", "kitgen: для --range нужен --solve (работа, выполняемая над каждой раздачей)"),
])
def test_a_range_without_its_work_is_refused_in_the_text_language(invoke, word_file, lang: str, said: str) -> None:
    """Issue 28: '--range needs --solve' was English whatever the language; it is the catalogue's, the options kept
    as typed."""
    refused = invoke("deal", "word-solitaire", "--range", "1-3", "--lang", lang, "--words", word_file("sea", "tea"))
    assert refused.exit_code == 2 and said in refused.stderr, refused.stderr


def test_dask_s_refusal_without_dask_speaks_the_text_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--dask`` without Dask installed is refused in the text language, the install line kept as typed."""
    from kitgen.core.errors import InputError
    from kitgen.core.i18n import speaking
    from kitgen.io.workers import check_dask

    monkeypatch.setitem(sys.modules, "distributed", None)
    with speaking("de"), pytest.raises(InputError) as refused:
        check_dask()
    assert str(refused.value) == ("--dask braucht Dask distributed, das nicht installiert ist: "
                                  "pip install 'kitgen[dask]'")


@pytest.mark.skipif(not HAS_DASK, reason="needs kitgen[dask]")
@pytest.mark.parametrize("lang, error, said", [
    ("de", TimeoutError("Timed out during handshake while connecting to tcp://h:8786 after 10 s"),
     "--dask tcp://h:8786: dort antwortet kein Dask-Scheduler"),
    ("fr", ConnectionRefusedError(111, "Connection refused"),
     "--dask tcp://h:8786\u00a0: aucun ordonnanceur Dask ne répond à cette adresse (une erreur du système "
     "(ECONNREFUSED))"),
    ("en", TimeoutError("Timed out during handshake while connecting to tcp://h:8786 after 10 s"),
     "--dask tcp://h:8786: no Dask scheduler answers there (Timed out during handshake while connecting to "
     "tcp://h:8786 after 10 s)"),
])
def test_a_dask_address_that_does_not_answer_is_refused_in_the_text_language(
        monkeypatch: pytest.MonkeyPatch, lang: str, error: OSError, said: str) -> None:
    """Issue 28: '--dask ADDR: no Dask scheduler answers there' was English whatever the language. Dask's own English
    reason is left out in another language (a timed-out handshake); a system's error is said in its words."""
    import distributed

    from kitgen.core.errors import InputError
    from kitgen.core.i18n import speaking
    from kitgen.io.workers import DaskPool

    def refuse(address: str, timeout: str) -> None:
        raise error

    monkeypatch.setattr(distributed, "Client", refuse)
    with speaking(lang), pytest.raises(InputError) as refused:
        DaskPool(lambda chunk: [], "tcp://h:8786", 2)
    assert str(refused.value) == said


def test_a_survey_option_without_a_range_and_a_chart_that_is_no_svg_are_refused_in_the_text_language(
        invoke, word_file, tmp_path: Path) -> None:
    """'--jobs, --dask, --stats and --plot go with --range A-B' was English in every language, and a --plot that is
    not an .svg was refused as if --out had named it: both are the catalogue's, naming the option typed."""
    words = word_file("sea", "tea", "eat", "ate", "set", "seat", "east", "eats", "teas", "stone", "notes")
    lone = invoke("deal", "wordsearch", "--seed", "1", "--plot", tmp_path / "x.svg", "--lang", "fr", "--words", words)
    assert lone.exit_code == 2 and "--jobs, --dask, --stats et --plot vont avec --range A-B" in lone.stderr
    chart = tmp_path / "x.png"
    for lang, said in (("en", f"{chart}: --plot is a .svg file or a directory (end it with / to make one)"),
                       ("de", f"{chart}: --plot ist eine .svg-Datei oder ein Ordner")):
        wrong = invoke("deal", "wordsearch", "--range", "1-2", "--par", "--words", words, "--plot", chart,
                       "--lang", lang)
        assert wrong.exit_code == 2 and said in wrong.stderr, wrong.stderr
