"""A deal command with a survey reads its typed options once (issue 25): built first, before ``--range`` is looked
at, so a bad deal option is refused before the range checks (as when the faces checked every value first), and
handed as they are to the command or to the survey's work; ``--out`` is converted once, by the command's options
when it writes a file, else by the survey's ``OutOptions``."""

from __future__ import annotations

from typing import Any

import pytest

from kitgen import api
from kitgen.core.errors import InputError
from kitgen.games.base import Option


@pytest.fixture
def out_conversions(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Every value ``--out`` is converted from, as the run goes."""
    seen: list[object] = []
    convert = Option.convert

    def counted(self: Option, value: api.OptionValue) -> api.OptionValue:
        if self.name == "out":
            seen.append(value)
        return convert(self, value)

    monkeypatch.setattr(Option, "convert", counted)
    return seen


@pytest.mark.parametrize("variant, given", [
    ("word-solitaire", {"seed": 1, "out": "deal.pdf"}),
    ("letter-patience", {"seed": 2, "out": "deal.pdf"}),
    ("wordsearch", {"seed": 1}),
])
def test_out_is_converted_once_without_a_range(variant: str, given: dict[str, Any],
                                               out_conversions: list[object]) -> None:
    api.run(api.deal_command(variant), **given)
    assert out_conversions == [given.get("out")], out_conversions


@pytest.mark.parametrize("variant", ["word-solitaire", "wordsearch"])
def test_out_is_converted_once_with_a_range(variant: str, invoke: Any, out_conversions: list[object]) -> None:
    found = invoke("deal", variant, "--range", "3-1", "--out", "survey.jsonl")  # stops before any work
    assert found.exit_code == 2 and "the end is before the start" in found.stderr
    assert out_conversions == ["survey.jsonl"]


def test_out_without_a_range_is_refused_for_a_deal_that_writes_no_file(invoke: Any,
                                                                        out_conversions: list[object]) -> None:
    found = invoke("deal", "wordsearch", "--seed", "1", "--out", "x.jsonl")
    assert found.exit_code == 2 and "--out goes with --range" in found.stderr
    assert out_conversions == ["x.jsonl"]


@pytest.mark.parametrize("variant, given, flag", [
    ("wordsearch", {"range": "5-1", "par": True, "lang": "zz"}, "--lang"),
    ("wordsearch", {"range": "1-3", "seed": -1}, "--seed"),
    ("word-solitaire", {"range": "1-3", "paper": "napkin"}, "--paper"),
    ("word-solitaire", {"range": "nonsense", "solve": True, "all_words": "yes"}, "--all-words"),
    ("letter-patience", {"range": "2-1", "solve": True, "lang": "zz"}, "--lang"),
])
def test_a_bad_deal_option_is_refused_before_the_range_checks(variant: str, given: dict[str, Any],
                                                              flag: str) -> None:
    """Each of these records breaks a range check too (the end before the start, no --solve/--par, no range):
    the deal option is named first, as it was when the faces checked every value before the command ran. A deal
    option the survey's work does not read (--paper) is checked on --range too."""
    with pytest.raises(InputError) as refused:
        api.run(api.deal_command(variant), **given)
    assert flag in str(refused.value), str(refused.value)


def test_the_range_checks_follow_when_the_deal_options_are_good() -> None:
    with pytest.raises(InputError, match="the end is before the start"):
        api.run(api.deal_command("wordsearch"), range="5-1", par=True, lang="fr")
    with pytest.raises(InputError, match="--range needs --solve"):
        api.run(api.deal_command("word-solitaire"), range="1-3", paper="letter")


def test_a_survey_whose_work_takes_other_options_than_its_command_is_refused_when_declared() -> None:
    patience = api.deal_command("letter-patience")  # its options are not word-solitaire's survey work's
    word_solitaire = next(d for g in api.declarations() for d in g.deals if d.name == "word-solitaire")
    with pytest.raises(TypeError, match="same typed options"):
        api.surveyed(patience, word_solitaire)
