"""The proven par (issue 30; docs/wordsearch.md, "The proven par" and "The table of pars"): the exact search
against exhaustive searches of small deals, the exact polish of the default par, and the shipped table.

Small deals (``test_par_bound``): a tiny word list and deals whose rows take few strings, so every sheet can be
listed and scored by the verifier's own scoring.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from script_module import load_script
from wordsearch_small import DEALS, SMALL_WORDS, every_sheet, optimum

from kitgen.core.language import ENGLISH
from kitgen.core.lexicon import Lexicon
from kitgen.games.base import proposals_for
from kitgen.games.wordsearch.rules import table as table_module
from kitgen.games.wordsearch.rules.book import book_deal, deal_words
from kitgen.games.wordsearch.rules.game import reconstruct, replay
from kitgen.games.wordsearch.rules.par import FIRST_PHASE, par_and_proof, search_par
from kitgen.games.wordsearch.rules.prove import Polisher, prove_par
from kitgen.games.wordsearch.rules.scoring import LINES, WordIndex, index_for
from kitgen.games.wordsearch.rules.table import HEADER, TableEntry, TableError, fingerprint, parse_table, shipped_table

ROOT = Path(__file__).resolve().parents[3]
MORE_WORDS = SMALL_WORDS + ["seas", "teat", "tate", "stat", "tats", "asea", "tees", "sees", "tests", "sett"]
"""A second small list: more 4-letter words, so lines of five can hold two overlapping ones (+2)."""


@pytest.fixture(scope="module", params=["small", "more"])
def small_index(request: pytest.FixtureRequest) -> WordIndex:
    return WordIndex(SMALL_WORDS if request.param == "small" else MORE_WORDS)


@pytest.mark.parametrize("name", sorted(DEALS))
def test_a_proven_par_is_the_true_optimum_of_a_small_deal(name: str, small_index: WordIndex) -> None:
    deal = [w.upper() for w in DEALS[name]]
    best = optimum(DEALS[name], small_index)
    proof = prove_par(deal, small_index, 0, nodes=500_000)
    assert proof.proven and proof.score == proof.bound == best
    assert proof.cells is not None and small_index.quick_score(proof.cells) == best
    found = reconstruct(proof.cells, deal)
    assert found.turns is not None and replay(proof.cells, list(found.turns), deal) == [5] * 5


@pytest.mark.parametrize("name", sorted(DEALS))
def test_no_sheet_the_verifier_accepts_beats_a_proven_par(name: str) -> None:
    small_index = WordIndex(MORE_WORDS)
    deal = [w.upper() for w in DEALS[name]]
    proof = prove_par(deal, small_index, 0, nodes=500_000)
    assert proof.proven
    for cells in every_sheet(DEALS[name]):
        assert small_index.score(cells).total <= proof.bound


def test_a_proof_started_from_a_par_refutes_everything_above_it(small_index: WordIndex) -> None:
    deal = [w.upper() for w in DEALS["choices"]]
    best = optimum(DEALS["choices"], small_index)
    proof = prove_par(deal, small_index, best, nodes=500_000)
    assert proof.proven and proof.bound == best and proof.cells is None  # nothing beats the optimum


def test_more_nodes_never_give_a_worse_par_or_a_higher_bound(small_index: WordIndex) -> None:
    deal = [w.upper() for w in DEALS["choices"]]
    best = optimum(DEALS["choices"], small_index)
    proofs = [prove_par(deal, small_index, 0, nodes=n) for n in (1, 10, 100, 1_000, 10_000, 500_000)]
    assert [p.score for p in proofs] == sorted(p.score for p in proofs)
    assert [p.bound for p in proofs] == sorted((p.bound for p in proofs), reverse=True)
    assert all(p.score <= best <= p.bound for p in proofs)
    assert proofs[0].bound > best and proofs[-1].proven


def test_a_stopped_proof_says_so_and_its_bound_still_holds(small_index: WordIndex) -> None:
    deal = [w.upper() for w in DEALS["choices"]]
    proof = prove_par(deal, small_index, 0, nodes=500_000, stop=lambda: True)
    assert proof.stopped and proof.nodes == 256
    assert proof.score <= optimum(DEALS["choices"], small_index) <= proof.bound


def test_the_proof_reads_letters_a_to_z_only(small_index: WordIndex) -> None:
    with pytest.raises(ValueError, match="A-Z"):
        prove_par(["Ñ"] * 25, small_index, 0)


# -- the default par: the exact polish after the annealing ----------------------------------------------------

@pytest.fixture(scope="module")
def deal_one() -> tuple[list[str], WordIndex]:
    lexicon = Lexicon.from_entries((w, 10) for w in MORE_WORDS + ["sore", "sores", "nose", "rose", "tones", "stone",
                                                                   "notes", "onset", "note", "tone", "ones", "eons"])
    return list(deal_words(1)), index_for(lexicon)


def test_the_exact_polish_only_adds_to_the_annealing_and_stays_monotone(deal_one: tuple[list[str], WordIndex]
                                                                        ) -> None:
    words, index = deal_one
    budgets = (FIRST_PHASE // 4, FIRST_PHASE, FIRST_PHASE + 15_000)
    polished = [search_par(words, index, budget=b, seed=1) for b in budgets]
    plain = search_par(words, index, budget=budgets[0], seed=1, exact=False)
    assert [p.score for p in polished] == sorted(p.score for p in polished)
    assert polished[0].cells == plain.cells  # the first phase is the annealing search as it was
    last = polished[-1]
    assert replay(last.cells, list(last.turns), words) == [5] * 5 and index.quick_score(last.cells) == last.score
    again = search_par(words, index, budget=budgets[-1], seed=1)
    assert (again.cells, again.score, again.steps) == (last.cells, last.score, last.steps)


def test_the_exact_polish_finds_a_better_sheet_in_a_neighbourhood(deal_one: tuple[list[str], WordIndex]) -> None:
    """From a weak sheet, two rows searched exactly: a legal, better sheet, the other rows kept."""
    words, index = deal_one
    weak = search_par(words, index, budget=1, seed=1, exact=False)
    polisher = Polisher([w.upper() for w in words], index)
    cells, score, nodes = polisher.improve(weak.cells, weak.score, tuple(range(10)), 2_000)
    assert score > weak.score and index.quick_score(cells) == score and cells[10:] == weak.cells[10:]
    assert reconstruct(cells, words).turns is not None and 0 < nodes <= 2_000


def test_par_and_proof_proves_a_small_deal(small_index: WordIndex) -> None:
    deal = DEALS["mixed"]
    found = par_and_proof(deal, small_index, budget=5_000, nodes=200_000, seed=1)
    assert found.proven and found.par.score == found.bound.score == optimum(deal, small_index)
    assert replay(found.par.cells, list(found.par.turns), deal) == [5] * 5


# -- the table of pars ----------------------------------------------------------------------------------------

def test_table_lines_read_and_bad_ones_are_named() -> None:
    fp, entries = parse_table(["# index abc", "seed\tpar\tbound\tbudget\tnodes\tgrid",
                               "7\t50\t52\t200000\t100\t" + "A" * 25])
    assert fp == "abc" and entries[7] == TableEntry(7, 50, 52, 200000, 100, "A" * 25) and not entries[7].proven
    with pytest.raises(TableError, match=":2:"):
        parse_table(["# index abc", "7\t60\t52\t200000\t100\t" + "A" * 25])  # par above its bound
    with pytest.raises(TableError, match=":1:"):
        parse_table(["7\t50"])


@pytest.fixture(scope="module")
def english() -> WordIndex:
    return index_for(proposals_for(None, ENGLISH.code, False))


def test_every_line_of_the_shipped_table_is_a_legal_sheet_scoring_its_par(english: WordIndex) -> None:
    fp, entries = shipped_table()
    assert entries, "kitgen/data/wordsearch-pars.tsv holds no deal"
    assert fp == fingerprint(english), "the English words changed: rebuild with scripts/build_par_table.py"
    for seed, entry in sorted(entries.items()):
        deal = book_deal(seed, ENGLISH)
        found = reconstruct(entry.cells, deal)
        assert found.turns is not None, seed
        assert english.quick_score(entry.cells) == entry.par <= entry.bound <= 65, seed


def _fake_table(monkeypatch: pytest.MonkeyPatch, index: WordIndex, entry: TableEntry) -> None:
    shipped_table.cache_clear()
    monkeypatch.setattr(table_module, "shipped_table", lambda: (fingerprint(index), {entry.seed: entry}))


def test_deal_par_answers_from_the_table_at_once(invoke, monkeypatch: pytest.MonkeyPatch, english: WordIndex) -> None:
    sheet = search_par(book_deal(5, ENGLISH), english, budget=300, seed=5)
    _fake_table(monkeypatch, english, TableEntry(5, sheet.score, sheet.score, 200_000, 1234, sheet.cells))
    text = invoke("deal", "wordsearch", "--seed", "5", "--par").stdout
    assert f"par {sheet.score}, proven best (kitgen's table of proven pars)" in text
    doc = json.loads(invoke("deal", "wordsearch", "--seed", "5", "--par", "--json").stdout)["par"]
    assert (doc["par"], doc["bound"], doc["proven"], doc["source"], doc["grid"]) == \
        (sheet.score, sheet.score, True, "table", sheet.rows)


def test_an_unproven_table_line_gives_way_to_a_larger_budget(invoke, monkeypatch: pytest.MonkeyPatch,
                                                             english: WordIndex) -> None:
    sheet = search_par(book_deal(5, ENGLISH), english, budget=300, seed=5)
    _fake_table(monkeypatch, english, TableEntry(5, sheet.score, 64, 1_000, 0, sheet.cells))
    small = json.loads(invoke("deal", "wordsearch", "--seed", "5", "--par", "--budget", "1000", "--json").stdout)
    assert (small["par"]["par"], small["par"]["bound"], small["par"]["steps"]) == (sheet.score, 64, 0)
    large = json.loads(invoke("deal", "wordsearch", "--seed", "5", "--par", "--budget", "2000", "--json").stdout)
    assert large["par"]["par"] >= sheet.score and large["par"]["bound"] <= 64 and large["par"]["steps"] == 2000
    other = json.loads(invoke("deal", "wordsearch", "--seed", "6", "--par", "--budget", "1000", "--json").stdout)
    assert other["par"]["source"] == "search"


def test_prove_on_the_command_line(invoke, tmp_path: Path) -> None:
    book = tmp_path / "book.txt"
    book.write_text("\n".join(DEALS["mixed"]) + "\n")
    words = tmp_path / "words.txt"
    words.write_text("\n".join(SMALL_WORDS) + "\n")
    doc = json.loads(invoke("deal", "wordsearch", "--book", book, "--par", "--prove", "--budget", "20000",
                            "--words", words, "--json").stdout)["par"]
    assert doc["proven"] and doc["par"] == doc["bound"] == optimum(DEALS["mixed"], WordIndex(SMALL_WORDS))
    assert doc["nodes"] > 0 and doc["source"] == "search"
    refused = invoke("deal", "wordsearch", "--range", "1-2", "--par", "--prove")
    assert refused.exit_code == 2 and "--prove is one deal at a time" in refused.stderr


def test_the_mirror_maps_rows_to_themselves_and_columns_across() -> None:
    from kitgen.games.wordsearch.rules.bound import LONG
    from kitgen.games.wordsearch.rules.prove import MIRROR
    from kitgen.games.wordsearch.rules.scoring import LINES

    assert sorted(MIRROR) == list(range(len(LONG))) and all(MIRROR[MIRROR[i]] == i for i in range(len(LONG)))
    for i, k in enumerate(LONG):
        image = {r * 5 + 4 - c for r, c in (divmod(cell, 5) for cell in LINES[k])}
        assert set(LINES[LONG[MIRROR[i]]]) == image
    rows = [i for i, k in enumerate(LONG) if len({cell // 5 for cell in LINES[k]}) == 1]
    assert len(rows) == 5 and all(MIRROR[i] == i for i in rows)


@pytest.mark.parametrize("name", sorted(DEALS))
def test_skipping_mirror_images_proves_the_same_with_fewer_nodes(name: str, small_index: WordIndex,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """A line set and its mirror image are the same puzzle mirrored: the search decides one of the two, proves
    the same optimum, and on the mixed deal (where they differ) spends fewer nodes."""
    from kitgen.games.wordsearch.rules import prove

    deal = [w.upper() for w in DEALS[name]]
    skipping = prove_par(deal, small_index, 0, nodes=500_000)
    monkeypatch.setattr(prove, "mirror_first", lambda decided: True)
    both = prove_par(deal, small_index, 0, nodes=500_000)
    assert skipping.proven and both.proven and skipping.score == both.score == optimum(DEALS[name], small_index)
    assert skipping.nodes <= both.nodes
    if name == "mixed":
        assert skipping.nodes < both.nodes


# -- the speed of the search (benchmarks/bench_prove.py): faster, the same results -------------------------------

def test_each_line_numbers_its_own_candidates_in_their_order(small_index: WordIndex) -> None:
    from kitgen.games.wordsearch.rules.prove import _Deal

    deal = _Deal([w.upper() for w in DEALS["mixed"]], small_index)
    for kind, by_line in deal.start.items():
        for line, alive in by_line.items():
            local = deal.local[kind][line].readings
            assert local.strings == deal.kinds[kind].readings.members(alive)
            assert local.every.bit_length() == alive.bit_count()


def test_a_line_left_as_it_was_is_not_revised_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """After a revision, propagating the same line again reads no letters: nothing changed, nothing to narrow."""
    from kitgen.games.wordsearch.rules import prove
    from kitgen.games.wordsearch.rules.bound import LONG

    deal = prove._Deal([w.upper() for w in DEALS["choices"]], WordIndex(SMALL_WORDS))
    search = prove._Search(deal, 0, 1_000, False)
    calls: list[int] = []
    real = prove._Fast.letters

    def counted(self: prove._Fast, alive: int, p: int, within: int) -> int:
        calls.append(p)
        return real(self, alive, p, within)

    monkeypatch.setattr(prove._Fast, "letters", counted)
    diagonal = 13  # a diagonal of four whose 4-letter words leave its boxes a choice of letters
    node = prove._Node([deal.rel.row_letters[c // 5] for c in range(25)], {diagonal: (prove.DIAGONAL, prove.FRESH)},
                       (None,) * len(LONG))
    assert search.propagate(node, [diagonal]) and calls
    assert node.lines[diagonal][1].bit_count() > 1 and any(node.domains[c].bit_count() > 1 for c in LINES[diagonal])
    calls.clear()
    domains = list(node.domains)
    assert search.propagate(node, [diagonal]) and node.domains == domains and calls == []


BEFORE_SPEED_UP = {("small", "choices"): (31, 31, 31_915), ("small", "mixed"): (36, 36, 333),
                   ("more", "choices"): (32, 32, 54_086), ("more", "mixed"): (38, 38, 261)}
"""(score, bound, nodes) of the search before the speed-up (3812cce) on the small deals, both word lists, in the
letter puzzle's box order of then (``prove.TIE_BREAK`` off)."""

WITH_TIE_BREAK = {("small", "choices"): (31, 31, 31_915), ("small", "mixed"): (36, 36, 333),
                  ("more", "choices"): (32, 32, 54_086), ("more", "mixed"): (38, 38, 267)}
"""The same with the tie-break (the default): on these small deals it changes one count (the mixed deal with more
words, 261 -> 267 nodes); proving the table's deals 4 and 10 it saves 22% and 12% (``benchmarks/bench_prove.py``)."""


@pytest.mark.parametrize("ties", [False, True])
@pytest.mark.parametrize("side", ["python", "kernel"])
@pytest.mark.parametrize(("words", "name"), sorted(BEFORE_SPEED_UP))
def test_the_faster_search_spends_the_nodes_it_spent_before(words: str, name: str, side: str, ties: bool,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Same ordering, same pruning: the speed-up changes the time a node takes, not the nodes or the result, in
    pure Python and in the compiled letter puzzle (``make kernel``) alike; and the box order's tie-break spends the
    same nodes on both sides, for the same proof."""
    from kitgen.games.wordsearch.rules import prove

    if side == "python":
        monkeypatch.setattr(prove, "KERNEL", None)
    elif prove.KERNEL is None:
        pytest.skip("the compiled letter puzzle is not built here (make kernel)")
    monkeypatch.setattr(prove, "TIE_BREAK", ties)
    index = WordIndex(SMALL_WORDS if words == "small" else MORE_WORDS)
    proof = prove_par([w.upper() for w in DEALS[name]], index, 0, nodes=500_000)
    assert (proof.score, proof.bound, proof.nodes) == (WITH_TIE_BREAK if ties else BEFORE_SPEED_UP)[(words, name)]


def test_the_puzzle_takes_the_box_on_the_most_constrained_lines_among_the_fewest_letters() -> None:
    """Of the boxes with the fewest letters left, the one more constrained lines cross (then the first); without
    the tie-break (no lines given), the first of them, as before."""
    from kitgen.games.wordsearch.rules.prove import FIVE, _next_box

    row0, column4 = 0, next(k for k, cells in enumerate(LINES) if set(cells) == {4, 9, 14, 19, 24})
    domains = [0b111] * 25
    domains[3] = domains[4] = domains[20] = 0b11  # three boxes of two letters; box 4 is on row 0 and column 4
    open_cells = list(range(25))
    lines = {row0: (FIVE, -1), column4: (FIVE, -1)}
    assert _next_box(open_cells, domains, lines) == 4
    assert _next_box(open_cells, domains, {row0: (FIVE, -1)}) == 3  # a tie on one line each: the first
    assert _next_box(open_cells, domains, {}) == 3
    assert _next_box(open_cells, domains, {column4: (FIVE, -1)}) == 4


def test_only_the_proof_breaks_ties_the_default_par_s_polish_keeps_its_order(monkeypatch: pytest.MonkeyPatch) -> None:
    """The polish of the default par (``Polisher``) takes boxes in the order its pars were found with, so no default
    par moves; ``prove_par`` breaks ties by the constrained lines."""
    from kitgen.games.wordsearch.rules import prove

    monkeypatch.setattr(prove, "KERNEL", None)
    seen: list[int] = []
    real = prove._next_box

    def counted(open_cells: list[int], domains: list[int], constrained: dict[int, tuple[int, int]]) -> int:
        seen.append(len(constrained))
        return real(open_cells, domains, constrained)

    monkeypatch.setattr(prove, "_next_box", counted)
    deal, index = [w.upper() for w in DEALS["mixed"]], WordIndex(SMALL_WORDS)
    weak = "".join(w[0] for w in deal)
    Polisher(deal, index).improve(weak, index.quick_score(weak), tuple(range(10)), 2_000)
    assert seen and not any(seen)
    seen.clear()
    prove_par(deal, index, 0, nodes=2_000)
    assert seen and any(seen)


KERNEL_NODES = (1, 255, 256, 257, 1_000, 9_999)
"""Node budgets that stop the search in a puzzle, at the 256th node (where ``stop`` is asked) and about it."""


@pytest.mark.parametrize("name", sorted(DEALS))
def test_the_compiled_puzzle_gives_the_python_search_s_answer_at_every_budget(
        name: str, small_index: WordIndex, monkeypatch: pytest.MonkeyPatch) -> None:
    """The kernel is the Python search step for step: the same best sheet, bound and nodes whatever the budget
    (so wherever the nodes run out inside a puzzle), with a stop on the 256th node, and in the exact polish."""
    from kitgen.games.wordsearch.rules import prove

    kernel = prove.KERNEL
    if kernel is None:
        pytest.skip("the compiled letter puzzle is not built here (make kernel)")
    deal = [w.upper() for w in DEALS[name]]
    answers: dict[str, list[object]] = {}
    for side, module in (("python", None), ("kernel", kernel)):
        monkeypatch.setattr(prove, "KERNEL", module)
        got: list[object] = [prove_par(deal, small_index, 0, nodes=n) for n in KERNEL_NODES]
        got.append(prove_par(deal, small_index, 0, nodes=500_000, stop=lambda: True))
        weak = "".join(w[0] for w in deal)
        got.append(Polisher(deal, small_index).improve(weak, small_index.quick_score(weak), tuple(range(10)), 5_000))
        answers[side] = got
    assert answers["kernel"] == answers["python"]
    proofs = [p for p in answers["kernel"] if isinstance(p, prove.Proof)]
    assert [p.nodes for p in proofs[:3]] == [1, 255, 256] and proofs[-1].stopped and proofs[-1].nodes == 256
    assert name != "mixed" or proofs[-2].proven  # the mixed deal is proven in 333 nodes


def test_a_deal_with_letters_past_the_kernel_s_64_is_searched_in_python(monkeypatch: pytest.MonkeyPatch) -> None:
    """The kernel holds a box's letters in 64 bits; a sheet of the exact polish with a letter past those (an
    alphabet's later letters) is searched by the Python puzzle instead, with the same answer as without a kernel."""
    from kitgen.core.language import LETTER_CODE
    from kitgen.games.wordsearch.rules import prove

    late = next(ch for ch, code in LETTER_CODE.items() if code >= 64)
    index = WordIndex(SMALL_WORDS)
    deal = [w.upper() for w in DEALS["mixed"]]
    cells = late + "".join(w[0] for w in deal[1:])
    calls: list[int] = []
    real = prove._Search.letters

    def counted(self: prove._Search, node: prove._Node, queue: list[int]) -> None:
        calls.append(1)
        real(self, node, queue)

    monkeypatch.setattr(prove._Search, "letters", counted)
    found = Polisher(deal, index).improve(cells, 0, tuple(range(10)), 2_000)
    assert calls and found[1] > 0  # the Python puzzle ran, and found a sheet
    monkeypatch.setattr(prove, "KERNEL", None)
    assert Polisher(deal, index).improve(cells, 0, tuple(range(10)), 2_000) == found


def test_the_table_script_proves_its_unproven_deals_further(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``build_par_table.py --again``: the exact search from a line's par; a better sheet and a proof replace it,
    a proven line and the lines outside the range are left alone."""
    script = load_script("build_par_table")
    index = WordIndex(SMALL_WORDS)
    monkeypatch.setattr(script, "english_index", lambda: index)
    monkeypatch.setattr(script, "_INDEX", None)
    monkeypatch.setattr(script, "book_deal", lambda seed, lang: DEALS["mixed"])
    weak = "".join(w[0] for w in DEALS["mixed"]).upper()  # a sheet, scored 0 here: the search must find better
    table = tmp_path / "pars.tsv"
    lines = [TableEntry(1, 0, 65, 1, 1, weak), TableEntry(2, 0, 0, 1, 1, weak), TableEntry(3, 0, 65, 1, 1, weak)]
    table.write_text("\n".join([f"# index {fingerprint(index)}", HEADER] + [e.line() for e in lines]) + "\n")
    assert script.prove_again(table, range(1, 3), 200_000, 1) == 0
    _, entries = parse_table(table.read_text().splitlines())
    best = optimum(DEALS["mixed"], index)
    assert (entries[1].par, entries[1].bound) == (best, best) and index.quick_score(entries[1].cells) == best
    assert reconstruct(entries[1].cells, DEALS["mixed"]).turns is not None
    assert entries[2] == lines[1] and entries[3] == lines[2]
