"""Clean lexicons (issue 26, docs/languages.md "The lexicons" and "Proposals"): German common nouns that are also
names stay, with their capitals, in every output; abbreviations, Roman numerals, fragments and names are held
back from what kitgen proposes; hyphenated words are ranked; a learner tier; books drawn over the whole list."""

from __future__ import annotations

import json

import pytest

from kitgen import api
from kitgen.core.language import LANGUAGES
from kitgen.core.lexicon import default_lexicon, language_lexicon, load_word_list
from kitgen.games.wordsearch.rules.book import book_deal, language_book

OTHER = ["fr", "de", "es", "it", "nl", "pt"]

GERMAN_NOUNS = ["Vogel", "Fisch", "Euro", "Wolf", "Fuchs", "Berg", "Baby", "Papa", "Mama", "Internet"]
"""Common nouns a names list also holds (issue 26): the proper-name filter had removed them."""


@pytest.mark.parametrize("noun", GERMAN_NOUNS)
def test_german_common_nouns_are_words_with_their_capitals(noun: str):
    entry = api.lookup(noun.lower(), lang="de")
    assert entry is not None and entry[0] == noun, entry
    assert api.proposed(noun, lang="de")


@pytest.mark.parametrize("form", ["Vögel", "Fische", "Berge", "Wölfe", "Füchse", "Babys", "Mamas"])
def test_german_noun_forms_show_their_capitals(form: str):
    assert api.lookup(form, lang="de") == (form, api.lookup(form, lang="de")[1])  # type: ignore[index]


@pytest.mark.parametrize("name", ["Berlin", "Anna", "Mozart", "Peter", "Hamburg", "Stuttgart"])
def test_german_names_stay_out(name: str):
    assert api.lookup(name, lang="de") is None


def test_words_match_shows_german_nouns_with_their_capitals():
    assert api.match("V??GEL", lang="de") == ["Vögel"]
    assert "Fische" in api.match("FISCHE", lang="de")


def test_words_match_cli_prints_the_capital():
    from typer.testing import CliRunner

    from kitgen.cli.app import app

    result = CliRunner().invoke(app, ["words", "match", "V??GEL", "--lang", "de"])
    assert result.exit_code == 0 and result.stdout.split() == ["Vögel"]
    result = CliRunner().invoke(app, ["words", "check", "vogel", "--lang", "de", "--json"])
    doc = json.loads(result.stdout)
    assert doc["shown"] == "Vogel" and doc["proposed"] is True and doc["not_proposed_because"] is None


def test_a_teachers_german_list_keeps_its_capitals_and_an_english_one_folds_as_before(tmp_path):
    listed = tmp_path / "words.txt"
    listed.write_text("Vogel\nHaus\nlaufen\nStraße\n", encoding="utf-8")
    german = load_word_list(listed, LANGUAGES["de"])
    assert german.display("VOGEL") == "Vogel" and german.display("laufen") == "laufen"
    assert api.match("?????", words=listed, lang="de") == ["Vogel"]
    assert api.match("???????", words=listed, lang="de") == ["Straße"]
    english = tmp_path / "english.txt"
    english.write_text("Cat\ndog\n", encoding="utf-8")
    assert api.match("???", words=english) == ["cat", "dog"]


def test_german_deals_show_nouns_as_the_lexicon_does():
    lexicon = language_lexicon("de")
    nouns = set()
    for seed in range(1, 101):
        for word in book_deal(seed, LANGUAGES["de"]):
            assert lexicon.display(word) == word, (seed, word)
            if word[0].isupper():
                nouns.add(word)
    assert len(nouns) > 50


def test_a_german_deal_json_keeps_the_capitals():
    from typer.testing import CliRunner

    from kitgen.cli.app import app

    result = CliRunner().invoke(app, ["deal", "wordsearch", "--seed", "1", "--lang", "de", "--json"])
    words = json.loads(result.stdout)["words"]
    assert words == book_deal(1, LANGUAGES["de"]) and any(w[0].isupper() for w in words)


# -- held back: abbreviations, Roman numerals, fragments, names ----------------------------------

HELD = {
    "de": ["usw", "ca", "Co", "evtl", "xi"],
    "nl": ["ov", "uv", "ic", "hbo", "vwo"],
    "pt": ["ii", "iv", "ix", "xiv", "xix", "fazê", "dizê"],
    "fr": ["qu", "puisqu", "quelqu"],
    "es": ["españa", "jesús", "maría", "juan", "europa"],
}
"""Entries of the lexicon a verifier accepts but kitgen never proposes (issue 26, "Junk at the top")."""


@pytest.mark.parametrize(("code", "word"), [(c, w) for c, ws in HELD.items() for w in ws])
def test_a_held_back_entry_is_acceptable_but_not_proposed(code: str, word: str):
    assert api.check_word(word, lang=code)
    assert not api.proposed(word, lang=code)
    because = api.not_proposed_because(word, lang=code)
    assert because in ("an abbreviation", "a Roman numeral", "a proper noun",
                       "part of a word written with an apostrophe or a hyphen"), because


@pytest.mark.parametrize("code", HELD)
def test_no_held_back_entry_is_matched_anagrammed_or_dealt(code: str):
    lexicon = language_lexicon(code)
    keys = {lexicon.language.normalize(w) for w in HELD[code]}
    for word in HELD[code]:
        fitting = lexicon.language.normalize(word)
        assert word not in api.match(fitting, lang=code)
        assert word not in api.anagrams(fitting, min_length=2, lang=code)
        assert lexicon.display(fitting) in api.match(fitting, lang=code, all_words=True)
    dealt = {lexicon.language.normalize(w) for seed in range(1, 301) for w in book_deal(seed, LANGUAGES[code])}
    assert not dealt & keys


def test_words_check_says_why_a_word_is_not_proposed():
    from typer.testing import CliRunner

    from kitgen.cli.app import app

    runner = CliRunner()
    said = {word: runner.invoke(app, ["words", "check", word, "--lang", code, "--text-lang", "en"]).stdout.strip()
            for code, word in (("de", "usw"), ("pt", "ii"), ("fr", "qu"), ("es", "españa"))}
    assert said["usw"].endswith("a word kitgen will not propose (an abbreviation)")
    assert said["ii"].endswith("(a Roman numeral)")
    assert said["qu"].endswith("(part of a word written with an apostrophe or a hyphen)")
    assert said["españa"].endswith("(a proper noun)")


def test_words_check_says_why_in_the_text_language_and_json_keeps_english():
    """The reason is read by a teacher in the class's language (a Polish line said "rarer than the words a
    learner may know" in English); ``--json`` keeps the English reason, as the API gives it."""
    from typer.testing import CliRunner

    from kitgen.cli.app import app

    runner = CliRunner()
    german = runner.invoke(app, ["words", "check", "usw", "--lang", "de"]).stdout.strip()
    assert german.endswith("(eine Abkürzung)"), german
    rare = api.not_proposed_because("nước", lang="pl")
    assert rare is not None and rare.startswith("rarer than the words a learner may know")
    polish = runner.invoke(app, ["words", "check", "nước", "--lang", "pl"]).stdout.strip()
    assert "rzadsze niż słowa" in polish and "rarer" not in polish, polish
    document = json.loads(runner.invoke(app, ["words", "check", "usw", "--lang", "de", "--json"]).stdout)
    assert document["not_proposed_because"] == "an abbreviation"


@pytest.mark.parametrize(("code", "word"), [("fr", "dix"), ("es", "vi"), ("it", "di"), ("fr", "paris"),
                                            ("fr", "coeur"), ("pt", "lê"), ("pt", "está")])
def test_real_words_spelled_like_junk_are_proposed(code: str, word: str):
    assert api.proposed(word, lang=code), word


def test_no_french_entry_shows_a_letter_french_does_not_write():
    lexicon = language_lexicon("fr")
    written = set("abcdefghijklmnopqrstuvwxyzàâäæçéèêëîïôöùûüÿœ-'")
    for length in (5, 6, 7, 8):
        for key in lexicon.words(length):
            assert set(lexicon.display(key).lower()) <= written, lexicon.display(key)
    assert api.lookup("jusqú", lang="fr") is None


# -- hyphenated and apostrophe words -------------------------------------------------------------

@pytest.mark.parametrize(("code", "word", "rank"), [("fr", "grand-mère", 20), ("fr", "week-end", 35),
                                                    ("fr", "porte-monnaie", 40), ("pt", "guarda-chuva", 40),
                                                    ("nl", "auto's", 20), ("nl", "zo'n", 10)])
def test_hyphenated_and_apostrophe_words_are_ranked(code: str, word: str, rank: int):
    entry = api.lookup(word, lang=code)
    assert entry is not None and entry[0] == word and entry[1] <= rank, entry


def test_a_hyphenated_word_is_rarer_than_its_rarest_part():
    lexicon = language_lexicon("fr")
    assert (lexicon.rank("grand-mère") or 99) >= (lexicon.rank("mère") or 0)


# -- the learner tier ------------------------------------------------------------------------------

@pytest.mark.parametrize("code", OTHER)
def test_proposals_stop_at_the_learner_tier(code: str):
    lexicon = language_lexicon(code)
    cap = LANGUAGES[code].learner_rank
    assert cap == 40
    proposals = lexicon.proposals()
    assert all(rank <= cap for _, rank in proposals.items())
    tier = f"rarer than the words a learner may know (rank {cap} and commoner)"
    rare = next(w for w, r in lexicon.items() if r == 70 and lexicon.not_proposed_because(w) == tier)
    assert lexicon.contains(rare) and not proposals.contains(rare)
    assert lexicon.proposals(max_rank=70).contains(rare)
    assert lexicon.proposals(all_words=True) is lexicon


def test_a_rank_option_widens_the_tier():
    narrow = api.match("CHAT??", lang="fr")
    wide = api.match("CHAT??", lang="fr", max_rank=70)
    assert set(narrow) < set(wide)
    from typer.testing import CliRunner

    from kitgen.cli.app import app

    result = CliRunner().invoke(app, ["words", "match", "CHAT??", "--lang", "fr", "--max-rank", "70"])
    assert result.stdout.split() == wide


def test_english_proposals_have_no_tier():
    lexicon = default_lexicon()
    assert LANGUAGES["en"].learner_rank is None
    rare = [w for w, r in lexicon.items() if r >= 60][:2000]
    assert rare and all(lexicon.proposals().contains(w) or lexicon.not_proposed_because(w) == "classroom-safe list"
                        for w in rare)


# -- the book over the whole frequency list ------------------------------------------------------

@pytest.mark.parametrize("code", OTHER)
def test_the_book_is_the_whole_frequency_list(code: str):
    words, _ = language_book(code)
    assert len(words) > 20000
    position = {w: k for k, w in enumerate(words)}
    drawn = [w for seed in range(1, 1001) for w in book_deal(seed, LANGUAGES[code])]
    assert max(position[w] for w in drawn) >= 5000  # words past the old cut come up
    for seed in range(1, 201):
        dealt = book_deal(seed, LANGUAGES[code])
        assert all(a != b for a, b in zip(dealt, dealt[1:], strict=False))


# -- one letter string, two spellings -------------------------------------------------------------

@pytest.mark.parametrize(("code", "plain", "marked"), [("nl", "zon", "zo'n"), ("fr", "avaloir", "à-valoir"),
                                                       ("pt", "aguapé", "água-pé"), ("fr", "chourave", "chou-rave")])
def test_a_plain_word_wins_over_its_apostrophe_or_hyphen_spelling(code: str, plain: str, marked: str):
    """Dutch ``words check zon`` answered zo'n (issue 26): the plain word is the letter string's shown form, and
    the other spelling is still a word, shown as written when it is asked about."""
    assert api.lookup(plain, lang=code) == (plain, api.lookup(plain, lang=code)[1])  # type: ignore[index]
    assert api.lookup(marked, lang=code) == (marked, api.lookup(marked, lang=code)[1])  # type: ignore[index]
    assert language_lexicon(code).display(language_lexicon(code).language.normalize(plain)) == plain


@pytest.mark.parametrize("code", [code for code in LANGUAGES if code != "en"])
def test_no_shown_form_with_a_mark_hides_a_plain_word(code: str):
    """Every language: where a letter string has a plain spelling, it is the one shown (French, Dutch and
    Portuguese hold words with apostrophes and hyphens; the others hold letters only)."""
    lexicon = language_lexicon(code)
    lexicon.display("")  # loads the display lines
    shown = lexicon._display
    plain_beside_marked = [key for key, text in shown.items() if ("'" in text or "-" in text)
                           and any("'" not in o and "-" not in o for o in getattr(shown, "spellings", {}).get(key, ()))]
    assert plain_beside_marked == []
    marked = [text for text in shown.values() if "'" in text or "-" in text]
    if code in ("fr", "nl", "pt"):
        assert getattr(shown, "spellings", {}), "the collision class is there: the check above is not empty"
    else:
        assert marked == [], marked[:5]
