"""Make a Wordsearch's declaration driven directly (no CLI): it gives what the CLI prints and writes."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

from kitgen import api
from kitgen.games.base import OptionValue, QuietContext, Verdict
from kitgen.games.wordsearch import GAME
from kitgen.games.wordsearch.declaration import PerPage
from kitgen.games.wordsearch.formats.results import SheetResult
from kitgen.games.wordsearch.rules import RuleCode

Invoke = Callable[..., Result]
"""The ``invoke`` fixture: ``invoke("verify", "wordsearch", ...)`` runs kitgen in-process."""
WordFile = Callable[..., Path]
"""The ``word_file`` fixture: writes a ``--words`` list."""

SAMPLES = Path(__file__).resolve().parents[3] / "samples" / "wordsearch"
WORDS = ("sorts", "roper", "seers", "sends", "tonne", "apron", "teats", "terns", "atone", "nod", "tope", "atop",
         "ton", "one", "nor")


def verify(path: Path, given: dict[str, OptionValue]) -> Verdict[SheetResult]:
    """Read and verify a sheet file the way ``kitgen verify wordsearch`` does, through the record kind."""
    kind = GAME.record_kind("wordsearch")
    values = {"sheet": path, **given}
    opts = kind.typed_options(values)
    record = kind.read(path.read_text(encoding="utf-8"), str(path), opts)
    return kind.verify(record, opts, QuietContext())


def test_sheet_component_renders_the_pdf_the_cli_writes(invoke: Invoke, tmp_path: Path) -> None:
    component = GAME.component("sheet")
    values: dict[str, OptionValue] = {"seed": 42, "count": 3, "per_page": PerPage.TWO}
    pdf = component.render(values)
    assert pdf.startswith(b"%PDF")
    out = tmp_path / "s.pdf"
    assert invoke("sheet", "--seed", "42", "--count", "3", "--per-page", "2", "--out", out).exit_code == 0
    assert out.read_bytes() == pdf


def test_sheet_options_are_checked_by_the_declaration() -> None:
    from kitgen.core.errors import InputError

    with pytest.raises(InputError, match="--count must be between 1 and 1000"):
        api.check_component("wordsearch", "sheet", {"count": 0})
    with pytest.raises(InputError, match="--per-page must be one of 1, 2, 4"):
        api.check_component("wordsearch", "sheet", {"per_page": "3"})
    with pytest.raises(InputError, match="unknown option 'colour'"):
        api.check_component("wordsearch", "sheet", {"colour": "red"})
    api.check_component("wordsearch", "sheet", {"count": 2, "per_page": "4"})


@pytest.mark.parametrize("args", [["--seed", "11"], ["--book", str(SAMPLES / "poem.txt")]])
def test_deal_json_and_text_are_the_cli_s(invoke: Invoke, args: list[str]) -> None:
    variant = GAME.deal_variant("wordsearch")
    given: dict[str, OptionValue] = {"seed": 11} if args[0] == "--seed" else {"book": Path(args[1])}
    dealt = variant.deal(given, QuietContext())
    result = invoke("deal", "wordsearch", *args, "--json")
    assert result.exit_code == 0, result.stderr
    assert dealt.to_json() == json.loads(result.stdout)
    assert dealt.to_text() + "\n" == invoke("deal", "wordsearch", *args).stdout


def test_deal_with_par_has_a_legal_par_sheet(word_file: WordFile) -> None:
    variant = GAME.deal_variant("wordsearch")
    values: dict[str, OptionValue] = {"seed": 1, "par": True, "budget": 3000, "words": word_file(*WORDS)}
    par = variant.deal(values, QuietContext()).to_json()["par"]
    assert len(par["grid"]) == 5 and len(par["log"]) == 25 and par["score"] > 0


def test_legal_sample_verdict_is_the_cli_s(invoke: Invoke, word_file: WordFile) -> None:
    words = word_file(*WORDS)
    sheet = SAMPLES / "deal-1.txt"
    verdict = verify(sheet, {"deal": 1, "words": words})
    result = invoke("verify", "wordsearch", sheet, "--deal", "1", "--words", words, "--json")
    assert (verdict.exit_code, verdict.to_json()) == (result.exit_code, json.loads(result.stdout)) == \
        (0, {**verdict.document.to_json(), "problems": []})
    assert verdict.problems == () and verdict.document.check.legal is True
    text = invoke("verify", "wordsearch", sheet, "--deal", "1", "--words", words)
    assert verdict.to_text() + "\n" == text.stdout
    assert verdict.to_text().endswith("turn log legal (25 turns, deal 1)")


def test_broken_sample_verdict_is_the_cli_s(invoke: Invoke, word_file: WordFile) -> None:
    words = word_file(*WORDS)
    sheet = SAMPLES / "deal-1-broken.txt"
    verdict = verify(sheet, {"deal": 1, "words": words})
    result = invoke("verify", "wordsearch", sheet, "--deal", "1", "--words", words, "--json")
    assert result.exit_code == verdict.exit_code == 1
    assert verdict.to_json() == json.loads(result.stdout)
    (problem,) = verdict.problems
    assert problem.code == RuleCode.WRONG_LINE.value
    assert problem.message == "turn 1: an 8-letter word goes on line 3, not line 2"
    assert problem.where is not None and (problem.where.line, problem.where.col) == (9, 1)
    assert result.stderr == f"kitgen: {problem}\n"
    assert verdict.document.check.legal is False and verdict.to_json()["legal"] is False
    assert verdict.to_json()["problems"] == [problem.to_json()] and "broken" not in verdict.to_json()  # said once


def test_grid_no_order_makes_is_a_named_problem(tmp_path: Path, word_file: WordFile) -> None:
    sheet = tmp_path / "q.txt"
    sheet.write_text("QQQQQ\n" * 5, encoding="utf-8")
    verdict = verify(sheet, {"deal": 1, "words": word_file(*WORDS)})
    assert [p.code for p in verdict.problems] == [RuleCode.NO_LEGAL_ORDER.value]
    assert str(verdict.problems[0]).startswith(f"{sheet}:1:1: no order of deal 1's words")


def test_verify_with_no_deal_checks_nothing() -> None:
    verdict = verify(SAMPLES / "seed-examples.txt", {"words": SAMPLES / "seed-words.txt"})
    assert verdict.exit_code == 0 and verdict.document.check.legal is None and verdict.document.score.total == 23
    assert verdict.to_text().endswith("total  23\nno turn log")

