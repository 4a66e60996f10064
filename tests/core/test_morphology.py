"""English word forms (kitgen.core.morphology; docs/game-of-words.md, ruling 5): the shipped data and the rule."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result
from hypothesis import given, settings
from hypothesis import strategies as st
from script_module import load_script

from kitgen.core.morphology import Morphology, Source, by_rule, english, format_line

Invoke = Callable[..., Result]
WordFile = Callable[..., Path]


# -- the words, from the shipped data ----------------------------------------------

@pytest.mark.parametrize(("word", "lemma"), [("CARS", "CAR"), ("BOXES", "BOX"), ("CHILDREN", "CHILD"),
                                             ("MAPS", "MAP"), ("OXEN", "OX"), ("TEETH", "TOOTH")])
def test_inflected_plurals_regular_and_irregular(word: str, lemma: str) -> None:
    forms = english().forms(word)
    assert forms.is_plural and forms.plural_of_word(lemma), forms


@pytest.mark.parametrize(("word", "lemma"), [("TALKED", "TALK"), ("BAKED", "BAKE"), ("RAN", "RUN"),
                                             ("TAKEN", "TAKE"), ("WENT", "GO")])
def test_past_tenses_and_participles(word: str, lemma: str) -> None:
    forms = english().forms(word)
    assert forms.past_of_word(lemma) and not forms.is_plural, forms


@pytest.mark.parametrize("word", ["NEWS", "HERS", "ITS", "LENS", "GAS", "BUS", "BAND", "NEED", "RED", "OURS",
                                  "YES"])
def test_lemmas_in_their_own_right_are_no_plural_or_tense(word: str) -> None:
    forms = english().forms(word)
    assert not forms.is_plural and not forms.past_of, forms
    assert forms.lemma


def test_no_plural_of_the_word_it_only_looks_like() -> None:
    assert not english().forms("NEWS").plural_of_word("NEW")
    assert not english().forms("BAND").past_of_word("BAN")
    assert not english().forms("NEED").past_of_word("NE")


def test_a_lemma_that_is_also_a_plural_both_readings() -> None:
    # GLASSES (spectacles) is a lemma in its own right, so no plural for Word Solitaire ...
    glasses = english().forms("GLASSES")
    assert glasses.lemma and not glasses.is_plural
    # ... but it is still GLASS's plural, for a play or a steal that only adds ES to GLASS
    assert glasses.plural_of_word("GLASS")
    # FOUND is FIND's past and a verb of its own
    found = english().forms("found")
    assert found.lemma and found.past_of_word("find")


def test_a_verb_form_is_no_plural() -> None:
    assert not english().forms("EATS").is_plural  # the SPECIALIST Lexicon: a verb form only
    assert not english().forms("IS").is_plural


def test_sources_named() -> None:
    assert english().forms("CARS").source is Source.SPECIALIST
    assert english().forms("SKILLETS").source is Source.WORDNET
    assert english().forms("YEAHS").source is Source.RULE


# -- the rule, for words the data does not hold ----------------------------------------------

def test_rule_over_the_word_list_in_use() -> None:
    words = {"ZORB", "BLORF", "FIZZ", "PLONKY", "GRAB", "SNIB", "WUMMAN"}
    assert by_rule("ZORBS", words.__contains__).plural_of == ("ZORB",)
    assert by_rule("FIZZES", words.__contains__).plural_of == ("FIZZ",)
    assert by_rule("PLONKIES", words.__contains__).plural_of == ("PLONKY",)
    assert by_rule("WUMMEN", words.__contains__).plural_of == ("WUMMAN",)
    assert by_rule("BLORFED", words.__contains__).past_of == ("BLORF",)
    assert by_rule("SNIBBED", words.__contains__).past_of == ("SNIB",)
    assert by_rule("PLONKIED", words.__contains__).past_of == ("PLONKY",)
    assert not by_rule("QWERTS", words.__contains__).plural_of


def test_rule_takes_parts_of_speech_when_given() -> None:
    words = {"MELODIZE"}.__contains__
    assert by_rule("MELODIZES", words).plural_of == ("MELODIZE",)
    assert by_rule("MELODIZES", words, noun=lambda w: False).plural_of == ()


def test_data_wins_over_the_rule() -> None:
    # HERS is held by the data (a lemma), so HER in the word list does not make it a plural
    assert not english().forms("HERS", {"HER", "HERS"}.__contains__).is_plural
    # a word the data does not hold falls to the rule, with the list given
    assert english().forms("ZORBS", {"ZORB"}.__contains__).plural_of == ("ZORB",)
    assert english().forms("ZORBS").plural_of == ()


# -- the data file: lookups by binary search -------------------------------------------------------

def test_every_line_of_the_shipped_data_is_found() -> None:
    from kitgen.core.resources import data_path

    lines = data_path("forms-en.txt").read_text(encoding="ascii").splitlines()
    assert lines == sorted(lines, key=lambda line: line.split("\t")[0].encode())
    data = english()
    for line in lines[::97] + lines[-3:]:
        word = line.split("\t")[0]
        found = data.known(word)
        assert found is not None and format_line(found) == line


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(st.text(alphabet="ABCDEZ", min_size=1, max_size=6),
                       st.sampled_from(["s\tp:X", "w\town", "r", "s\tv:Y,Z"]), max_size=30),
       st.lists(st.text(alphabet="ABCDEZ", min_size=1, max_size=6), max_size=20))
def test_binary_search_agrees_with_a_dictionary(table: dict[str, str], probes: list[str]) -> None:
    data = "".join(f"{word}\t{rest}\n" for word, rest in sorted(table.items(), key=lambda kv: kv[0].encode()))
    morphology = Morphology(data.encode("ascii"))
    for word in list(table) + probes:
        found = morphology.known(word)
        if word in table:
            assert found is not None and format_line(found) == f"{word}\t{table[word]}"
        else:
            assert found is None


def test_plurals_for_the_solvers() -> None:
    plurals = english().plurals()
    assert {"CARS", "CHILDREN", "MAPS", "BOXES"} <= plurals
    assert not {"NEWS", "GLASSES", "LENS", "HERS", "TALKED"} & plurals


# -- kitgen words check ---------------------------------------------------------------------------

def test_words_check_json_reports_the_forms(invoke: Invoke) -> None:
    r = invoke("words", "check", "children", "--json")
    assert r.exit_code == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["acceptable"] and doc["forms"]["plural_of"] == ["CHILD"] and doc["forms"]["plural"]
    r = invoke("words", "check", "news", "--json")
    forms = json.loads(r.stdout)["forms"]
    assert forms == {"plural_of": [], "past_of": [], "lemma": True, "plural": False, "source": "specialist"}
    r = invoke("words", "check", "ran")
    assert r.exit_code == 0 and "past of RUN" in r.stdout


def test_words_check_with_a_word_list_uses_the_rule_for_words_the_data_lacks(invoke: Invoke,
                                                                            word_file: WordFile) -> None:
    words = word_file("zorb", "zorbs", "hers", "her")
    doc = json.loads(invoke("words", "check", "zorbs", "--json", "--words", words).stdout)
    assert doc["forms"]["plural_of"] == ["ZORB"] and doc["forms"]["source"] == "rule"
    doc = json.loads(invoke("words", "check", "hers", "--json", "--words", words).stdout)
    assert not doc["forms"]["plural"] and doc["forms"]["lemma"]
    r = invoke("words", "check", "cars", "--json", "--words", words)
    assert r.exit_code == 1 and json.loads(r.stdout)["forms"]["plural_of"] == ["CAR"]


def test_build_script_rebuilds_the_shipped_data(tmp_path: Path) -> None:
    """scripts/build_forms.py, run again, writes exactly the shipped file (needs lemminflect and WordNet)."""
    pytest.importorskip("lemminflect")
    if not Path("/usr/share/wordnet/data.noun").exists():
        pytest.skip("WordNet (Debian wordnet-base) is not installed")
    from kitgen.core.resources import data_path

    module = load_script("build_forms")
    assert module.main([str(tmp_path)]) == 0
    assert (tmp_path / "forms-en.txt").read_bytes() == data_path("forms-en.txt").read_bytes()
    assert "SPECIALIST" in (tmp_path / "LEMMINFLECT-LICENSE.txt").read_text(encoding="utf-8")
