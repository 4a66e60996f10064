"""`make bench-compare`'s like-for-like mode (issue 25's bench bar, benchmarks/compare.py): a script that reads
``_common.LIKE_FOR_LIKE`` does the work of the revision before issue 25 (1ec0211) where kitgen has added work on
purpose since, so its CPU time is compared with that revision's and gated."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


@pytest.fixture
def benchmarks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(BENCHMARKS))


def test_the_crossword_benchmark_as_before_draws_the_patterns_1ec0211_drew(benchmarks: None) -> None:
    """Under ``as_before()`` the generator draws, for the same seeds, the patterns it drew at 1ec0211 (the hash is
    of 1ec0211's own patterns: American 15x15 seeds 0-11, 21x21 seed 5), and the stricter rules come back after."""
    import bench_crossword  # type: ignore[import-not-found]

    from kitgen.games.crossword.rules import generate as gen

    def patterns() -> str:
        h = hashlib.sha256()
        for s in range(12):
            h.update("\n".join(gen.generate(15, 15, "american", "rotational", s).text_rows).encode())
        h.update("\n".join(gen.generate(21, 21, "american", "rotational", 5).text_rows).encode())
        return h.hexdigest()

    then = "5ccbf6180c1460eec0365f239ff3a67d999cb5e73c4a2bef217a36c5c47fb5b4"
    now = patterns()
    assert now != then  # issue 31 draws other American patterns now
    with bench_crossword.as_before():
        assert patterns() == then
    assert (gen.STACKED, gen.SUNDAY_RUN, gen.SUNDAY_SIDE) == (8, 15, 21) and patterns() == now


def test_compare_runs_a_like_for_like_script_gated_with_its_mode(benchmarks: None, tmp_path: Path) -> None:
    import compare  # type: ignore[import-not-found]

    trees = {side: tmp_path / side / "benchmarks" for side in ("before", "after")}
    for folder in trees.values():
        folder.mkdir(parents=True)
    (trees["before"] / "bench_x.py").write_text("print('old')\n")
    (trees["after"] / "bench_x.py").write_text("from _common import LIKE_FOR_LIKE\nprint(LIKE_FOR_LIKE)\n")
    (trees["before"] / "bench_y.py").write_text("print('old')\n")
    (trees["after"] / "bench_y.py").write_text("print('new')\n")
    roots = {side: folder.parent for side, folder in trees.items()}
    x, y = compare.units(roots, 1, {}, [], [])
    assert (x.name, x.like, x.changed) == ("x", True, False)  # gated, run like for like
    assert (y.name, y.like, y.changed) == ("y", False, True)  # a changed script without the mode: not gated
    x, _ = compare.units(roots, 1, {}, [], [], current=True)
    assert (x.like, x.changed) == (False, True)


def test_the_like_for_like_mode_is_read_from_the_environment(benchmarks: None, monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib

    import _common  # type: ignore[import-not-found]

    monkeypatch.setenv("KITGEN_BENCH_LIKE_FOR_LIKE", "1")
    assert importlib.reload(_common).LIKE_FOR_LIKE is True
    monkeypatch.delenv("KITGEN_BENCH_LIKE_FOR_LIKE")
    assert importlib.reload(_common).LIKE_FOR_LIKE is False


def _sides(tmp_path: Path, files: dict[str, tuple[str, str]]) -> dict[str, Path]:
    """Two revisions' trees under ``tmp_path``: each file's (before, after) text."""
    roots = {side: tmp_path / side for side in ("before", "after")}
    for rel, texts in files.items():
        for root, text in zip(roots.values(), texts, strict=True):
            (root / rel).parent.mkdir(parents=True, exist_ok=True)
            (root / rel).write_text(text)
    return roots


def test_compare_sees_a_change_in_what_a_script_imports_from_the_repository(benchmarks: None, tmp_path: Path) -> None:
    """bench_fuzz.py was the same script on both sides while tests/fuzz_readers.py, which it imports, fuzzed 18
    readers instead of 14: a script is like for like only when what it reaches in the repository is the same."""
    import compare

    script = "import sys\nsys.path.insert(0, 'tests')\nfrom helper import CASES, run\nfrom _common import fmt\n" \
             "run(CASES)\n"
    helper = "import kitgen\nCASES = {cases}\n\ndef run(cases):\n    return [step(c) for c in cases]\n\n" \
             "def step(c):\n    return {step}\n\ndef unused():\n    return {unused}\n"
    common = "def fmt(x):\n    {doc}return str(x)\n{extra}"

    def unit(helper_after: str, common_after: str = common.format(doc="", extra="")) -> bool:
        roots = _sides(tmp_path / str(len(list(tmp_path.iterdir()))), {
            "benchmarks/bench_f.py": (script, script),
            "tests/helper.py": (helper.format(cases=14, step="c", unused=1), helper_after),
            "benchmarks/_common.py": (common.format(doc="", extra=""), common_after)})
        (found,) = compare.units(roots, 1, {}, [], [])
        assert found.name == "f"
        return bool(found.changed)

    assert not unit(helper.format(cases=14, step="c", unused=1))
    assert unit(helper.format(cases=18, step="c", unused=1))  # an imported constant
    assert unit(helper.format(cases=14, step="c * 2", unused=1))  # a function the imported one calls
    assert not unit(helper.format(cases=14, step="c", unused=2))  # a definition the script never reaches
    assert not unit(helper.format(cases=14, step="c", unused=1),  # a docstring, a constant nobody reads
                    common.format(doc="'''Said otherwise.'''\n    ", extra="LIKE = 1\n"))
    assert unit(helper.format(cases=14, step="c", unused=1), common.format(doc="", extra="print('run')\n"))


def test_the_fuzz_benchmark_like_for_like_fuzzes_the_readers_of_1ec0211(benchmarks: None) -> None:
    """At 1ec0211 bench_fuzz.py gave 14 readers 715 cases each; now 18 get 556. Like for like it fuzzes the 14."""
    import bench_fuzz  # type: ignore[import-not-found]

    old = [r.name for r in bench_fuzz.readers(like_for_like=True)]
    assert old == list(bench_fuzz.READERS_AT_1EC0211) and len(old) == 14
    assert len(bench_fuzz.readers(like_for_like=False)) > 14


def test_the_crossword_benchmark_as_before_fills_as_1ec0211_filled(benchmarks: None) -> None:
    """Issue 31's common tier and rank order cost 2.5 times the CPU on 1ec0211's stacked American patterns; under
    ``as_before()`` the fill searches as 1ec0211's did: the same words, found in the same nodes (the digest and
    node counts are 1ec0211's own, American 15x15 seeds 2, 4 and 6, from 1ec0211's lexicon, read from git: every
    phrase at rank 80), and the issue-31 search comes back after."""
    import bench_crossword

    from kitgen.games.crossword.rules import fill as fill_module
    from kitgen.games.crossword.rules.generate import generate

    index = fill_module.FillIndex(bench_crossword.lexicon_for_fills(before=True))   # 1ec0211's lexicon

    def fills() -> tuple[list[int], str]:
        h, nodes = hashlib.sha256(), []
        for seed in (2, 4, 6):
            found = fill_module.fill(generate(15, 15, "american", "rotational", seed), index)
            assert found is not None
            nodes.append(found.nodes)
            h.update(repr(sorted(found.words.items())).encode())
        return nodes, h.hexdigest()

    with bench_crossword.as_before():
        assert fills() == ([354, 77, 85], "5fbf75ae906954cec006ff2196621269d57349f0ce26307987ace9ab2b558360")
    assert (fill_module.COMMON_SHARE, fill_module.RANK_WEIGHT) == (1 / 3, 0.05)


def test_the_survey_benchmark_like_for_like_searches_the_par_as_1ec0211_did(benchmarks: None) -> None:
    """At 1ec0211 the par's default budget was 100,000 steps of annealing; issue 30 doubled it and added the exact
    polish. Like for like the survey searches at 1ec0211's budget without the polish."""
    import bench_survey  # type: ignore[import-not-found]

    from kitgen.games.wordsearch.rules.par import DEFAULT_BUDGET

    assert bench_survey.par_budget(like_for_like=True) == (100_000, False)
    assert bench_survey.par_budget(like_for_like=False) == (DEFAULT_BUDGET, True) and DEFAULT_BUDGET == 200_000


def test_the_lexicon_benchmark_like_for_like_measures_the_six_languages_of_1ec0211(benchmarks: None) -> None:
    import bench_lexicon  # type: ignore[import-not-found]

    assert bench_lexicon.measured_codes(like_for_like=True) == ("fr", "de", "es", "it", "nl", "pt")
    assert set(bench_lexicon.measured_codes(like_for_like=False)) >= {"sv", "pl", "tr", "ru", "el"}


def test_the_web_benchmark_like_for_like_times_no_solve(benchmarks: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """1ec0211's bench_web.py timed pages, verifies and 20 clients, no solve: like for like the solves (and the
    naive ``kitgen deal --solve`` runs beside them) are left out."""
    import importlib

    import bench_web  # type: ignore[import-not-found]

    asked: list[str] = []

    class Stop(Exception):
        pass

    def solves(server: object) -> tuple[float, float]:
        asked.append("solves")
        raise Stop

    for mode, expected in (("1", []), ("0", ["solves"])):
        monkeypatch.setenv("KITGEN_BENCH_LIKE_FOR_LIKE", mode)
        import _common

        importlib.reload(_common)
        web = importlib.reload(bench_web)
        monkeypatch.setattr(web, "Server", lambda cache: _FakeServer())
        monkeypatch.setattr(web, "previews", lambda server: (0.1, 0.1, 0.1))
        monkeypatch.setattr(web, "timed", lambda fn, n: [0.01])
        monkeypatch.setattr(web, "solves", solves)
        monkeypatch.setattr(web, "load", lambda server: ([0.01], 0))
        monkeypatch.setattr(web, "cold_kits", lambda: 0.2)
        monkeypatch.setattr(web, "_cli_verify", lambda: 0.05)
        asked.clear()
        try:
            web.main()
        except Stop:
            pass
        assert asked == expected
    monkeypatch.delenv("KITGEN_BENCH_LIKE_FOR_LIKE")
    importlib.reload(_common)
    importlib.reload(bench_web)


class _FakeServer:
    started = first_work = 0.1
    base = "http://127.0.0.1:1"

    def stop(self) -> None:
        pass


def test_the_kit_benchmark_like_for_like_lays_the_rules_out_in_one_column_as_1ec0211(
        benchmarks: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 32 set every rules document in columns (some 2.5 times a kit's CPU). Like for like bench_kit.py runs
    kitgen through ``kit_as_before.py``, which takes the columns out; the rules documents still carry them (else
    the mode would silently measure nothing else), and laid out without them the crossword's rules fit as at
    1ec0211: two pages as written, one page a little tighter."""
    import bench_kit  # type: ignore[import-not-found]
    import kit_as_before  # type: ignore[import-not-found]

    from kitgen.games.kit import KitJob, kit_documents
    from kitgen.io import documents
    from kitgen.io.pdf import Paper

    monkeypatch.setenv("KITGEN_CACHE_DIR", "off")

    assert bench_kit.kitgen_command(like_for_like=True)[1].endswith("kit_as_before.py")
    assert bench_kit.kitgen_command(like_for_like=False)[1:] == ["-m", "kitgen"]
    laid: list[tuple[bool, str, int]] = []
    layout = documents._layout

    def watched(html: str, paper: Any, fit: str = "") -> Any:
        document = layout(html, paper, fit)
        if documents.FIT_MARK in html:
            laid.append((kit_as_before.COLUMNS in html, fit, len(document.pages)))
        return document

    monkeypatch.setattr(documents, "_layout", watched)
    kit_documents(KitJob.of("crossword", Paper.a4, 1))
    assert laid and all(columns for columns, _, _ in laid)  # the rules carry the columns as kitgen lays them out
    laid.clear()
    kit_as_before.as_before()  # wraps the watched layout: monkeypatch puts kitgen's own back after the test
    kit_documents(KitJob.of("crossword", Paper.a4, 1))
    assert laid == [(False, "", 2), (False, "fit/tighter-1.css", 1)]


def test_the_web_benchmark_like_for_like_serves_with_workers_that_do_not_warm_the_solvers(
        benchmarks: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 27's workers build the solitaire solvers as they start (about 3.3 s of CPU each on a cold cache), which
    1ec0211's did not: like for like bench_web.py starts ``kitgen serve`` through ``serve_as_before.py``, whose
    server hands its workers ``warm_solvers=False``."""
    import bench_web
    import serve_as_before  # type: ignore[import-not-found]

    from kitgen.web import app
    from kitgen.web.workers import Limits

    assert bench_web.serve_command(like_for_like=True)[1].endswith("serve_as_before.py")
    assert bench_web.serve_command(like_for_like=False)[1:] == ["-m", "kitgen"]
    given: list[Any] = []
    monkeypatch.setattr(app, "create_app", lambda limits=None, *args, **kwargs: given.append(limits))
    _keep_kitgen_as_it_is(monkeypatch)
    serve_as_before.as_before()
    app.create_app(Limits(workers=2, warm_solvers=True), start_workers=True)
    assert given == [Limits(workers=2, warm_solvers=False)]


def _keep_kitgen_as_it_is(monkeypatch: pytest.MonkeyPatch) -> None:
    """What serve_as_before.py changes in kitgen, put back by ``monkeypatch`` after the test."""
    from kitgen.io import documents
    from kitgen.web import workers

    monkeypatch.setattr(documents, "_layout", documents._layout)
    monkeypatch.setattr(workers.Workers, "_context", workers.Workers._context)


def test_the_web_benchmark_like_for_like_lays_the_rules_out_in_one_column_in_the_workers(
        benchmarks: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 32's columns cost a kit some twice the CPU, on purpose; the web benchmark typesets kits in the server's
    workers (five with the cache off), which are forked from multiprocessing's fork server, a fresh process, so a
    change made in the server never reaches them. Like for like the fork server preloads serve_as_before.py itself
    (``__main__``, imported there as ``__mp_main__``) before kitgen's jobs, and that import takes the columns out."""
    import runpy
    from multiprocessing import forkserver

    import kit_as_before
    import serve_as_before

    from kitgen.io import documents
    from kitgen.io.pdf import Paper
    from kitgen.web import workers

    _keep_kitgen_as_it_is(monkeypatch)
    server: Any = forkserver._forkserver  # the process's one fork server
    monkeypatch.setattr(server, "_preload_modules", server._preload_modules)
    serve_as_before.as_before()
    assert workers.Workers._context().get_start_method() == "forkserver"
    assert server._preload_modules == ["__main__", "kitgen.web.jobs"]
    laid: list[str] = []
    monkeypatch.setattr(documents, "_layout", lambda html, paper, fit="": laid.append(html))  # kitgen's, watched
    runpy.run_path(serve_as_before.__file__, run_name="__mp_main__")  # what the fork server does with __main__
    documents._layout(f"<head>{kit_as_before.COLUMNS}</head><p>rules</p>", Paper.a4)
    assert laid == ["<head></head><p>rules</p>"]


LEAVES_A_WORKER = """import subprocess, sys
subprocess.Popen([sys.executable, "-c", "import time\\nwhile time.process_time() < 0.6: pass"])
"""
"""A benchmark that starts a process and ends before it, as bench_web.py's ``kitgen serve`` leaves its fork server
and workers: the process, orphaned, burns 0.6 s of CPU after its parent is gone."""


def _compared_cpu(tmp_path: Path, adopt: bool) -> float:
    """The CPU ``compare.run_once`` counts for ``LEAVES_A_WORKER``, run in a process of its own (a subreaper or not)."""
    import subprocess
    import sys

    tree = tmp_path / ("adopting" if adopt else "plain")
    (tree / "kitgen").mkdir(parents=True)
    (tree / "kitgen" / "__init__.py").write_text("")  # run_once checks the side imports its own kitgen
    (tree / "benchmarks").mkdir()
    (tree / "benchmarks" / "bench_x.py").write_text(LEAVES_A_WORKER)
    (tree / "cache").mkdir()
    code = (f"import sys; sys.path.insert(0, {str(BENCHMARKS)!r}); import compare; from pathlib import Path\n"
            + ("compare.become_subreaper()\n" if adopt else "")
            + "unit = compare.Unit('x', 'bench_x.py', [], 1, ['after'])\n"
            f"compare.run_once(unit, 'after', Path({str(tree)!r}), Path({str(tree / 'cache')!r}))\n"
            "print(unit.cpu['after'][0])\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return float(done.stdout.split()[-1])


def test_compare_counts_the_cpu_of_the_processes_a_benchmark_left_behind(tmp_path: Path) -> None:
    """compare.py adopts a benchmark's orphans and waits for them, so a server's fork server and workers, which
    outlive the server, are counted on both sides (bench_web.py's before side read 0.75 to 4.32 s CPU in three rounds
    when they were not). A process that does not adopt them loses their CPU: the test tells the two apart."""
    assert _compared_cpu(tmp_path, adopt=True) >= 0.55
    assert _compared_cpu(tmp_path, adopt=False) < 0.4
