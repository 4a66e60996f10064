"""The cards games deal the deck of their --lang when no --spec is given (issue 26): a Turkish Word Solitaire is
dealt from the Turkish deck, as ``kitgen deck --lang tr`` prints it, and a record played from it is checked
against the same deck; Spanish has its preset too (the Ñ card)."""

from __future__ import annotations

import json

import pytest
from script_module import load_script

from kitgen import api
from kitgen.core.language import LANGUAGES, LangCode
from kitgen.games.game_of_words.declaration import AnagramsDealOptions, WordSolitaireDealOptions
from kitgen.games.game_of_words.formats.deck_spec import load_deck, preset
from kitgen.games.game_of_words.rules.deals import cut_order, cut_rank
from kitgen.games.game_of_words.rules.deck import LANGUAGE_DECKS, PRESETS


def _cards(result) -> str:
    dealt = json.loads(result.stdout)
    return "".join(card for pile in dealt["piles"] for card in pile)


@pytest.mark.parametrize(("code", "name"), sorted(LANGUAGE_DECKS.items()))
def test_word_solitaire_deals_the_language_s_deck(code: str, name: str, invoke) -> None:
    own = invoke("deal", "word-solitaire", "--seed", "3", "--lang", code, "--json")
    named = invoke("deal", "word-solitaire", "--seed", "3", "--lang", code, "--spec", name, "--json")
    english = invoke("deal", "word-solitaire", "--seed", "3", "--json")
    assert own.exit_code == 0 and named.exit_code == 0, own.stderr + named.stderr
    assert json.loads(own.stdout) == json.loads(named.stdout) != json.loads(english.stdout)
    letters = set(LANGUAGES[code].letters)
    deck_letters = {card.letter for card in preset(name).letters}
    assert deck_letters <= letters and deck_letters - set("ABCDEFGHIJKLMNOPQRSTUVWXYZ")  # a letter of its own


@pytest.mark.parametrize("code", ["fr", "de", "it", "nl", "pt", "en"])
def test_a_language_without_a_deck_of_its_own_deals_the_1938_deck(code: str, invoke) -> None:
    own = invoke("deal", "word-solitaire", "--seed", "3", "--lang", code, "--json")
    english = invoke("deal", "word-solitaire", "--seed", "3", "--json")
    assert own.exit_code == 0 and json.loads(own.stdout) == json.loads(english.stdout)


def test_letter_patience_deals_the_language_s_deck(invoke) -> None:
    own = invoke("deal", "letter-patience", "--seed", "2", "--lang", "ru", "--json")
    named = invoke("deal", "letter-patience", "--seed", "2", "--spec", "russian", "--json")
    assert own.exit_code == 0, own.stderr
    assert json.loads(own.stdout) == json.loads(named.stdout)


def test_the_spanish_preset_has_the_n_tilde_card() -> None:
    assert "spanish" in PRESETS and LANGUAGE_DECKS["es"] == "spanish"
    deck = load_deck(None, "es")
    assert deck.name == "spanish" and sum(card.letter == "Ñ" for card in deck.letters) == 1
    assert len(deck.letters) == 52 and len(deck.wilds) == 2


def test_a_turkish_record_is_checked_against_the_turkish_deck(invoke, tmp_path) -> None:
    """verify solitaire --lang tr replays against the deck the deal was dealt from (the Turkish one), so the
    solver's own solution of a Turkish deal is accepted; against the 1938 deck it is not."""
    dealt = invoke("deal", "word-solitaire", "--seed", "5", "--lang", "tr", "--solve", "--json")
    assert dealt.exit_code == 0, dealt.stderr
    solved = json.loads(dealt.stdout)
    assert solved["deck"] == "turkish" and solved["winnable"] is True
    record = tmp_path / "tr.txt"
    words = [move["word"] for move in solved["solution"]]
    typed = [w.replace("İ", "i").replace("I", "ı").lower() if k % 2 else w for k, w in enumerate(words)]
    assert any("i" in w for w in typed)  # Turkish lower case, as a player types it: dişe is DİŞE
    record.write_text("".join(w + "\n" for w in typed), encoding="utf-8")
    checked = invoke("verify", "solitaire", record, "--game", "word-solitaire", "--seed", "5", "--lang", "tr")
    assert checked.exit_code == 0, checked.stdout + checked.stderr
    english = invoke("verify", "solitaire", record, "--game", "word-solitaire", "--seed", "5", "--lang", "tr",
                     "--spec", "whitman-1938")
    assert english.exit_code == 1


VARIANTS = ("word-solitaire", "letter-patience", "crossword-solitaire-a", "crossword-solitaire-b", "crossword",
            "anagrams")


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize(("code", "name"), sorted(LANGUAGE_DECKS.items()))
def test_every_deal_takes_the_language_s_deck(variant: str, code: str, name: str, invoke) -> None:
    """Every deal variant declares --lang once (the typed deal options), so the command line, the API (api.deal,
    the deal sheet) and the web's deal page deal the language's deck; English deals stay as they were."""
    own = invoke("deal", variant, "--seed", "4", "--lang", code, "--json")
    named = invoke("deal", variant, "--seed", "4", "--spec", name, "--json")
    english = invoke("deal", variant, "--seed", "4", "--json")
    assert own.exit_code == 0, own.stderr
    assert json.loads(own.stdout) == json.loads(named.stdout) != json.loads(english.stdout)
    assert json.loads(own.stdout)["deck"] == name
    if variant in ("crossword", "anagrams"):
        assert api.deal(variant, seed=4, lang=code, players=3).to_json() == \
            api.deal(variant, seed=4, spec=name, players=3).to_json()
    else:
        assert api.deal(variant, seed=4, lang=code).to_json() == api.deal(variant, seed=4, spec=name).to_json()


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_language_without_a_deck_deals_every_game_as_before(variant: str) -> None:
    assert api.deal(variant, seed=4, lang="fr").to_json() == api.deal(variant, seed=4).to_json()
    assert api.deal(variant, seed=4).to_json()["deck"] == "whitman-1938"


def test_the_typed_deal_options_take_the_language() -> None:
    dealt = api.deal_with(WordSolitaireDealOptions(seed=1, lang=LangCode.SV))
    assert dealt.to_json()["deck"] == "swedish"
    assert api.deal_with(AnagramsDealOptions(seed=1, lang=LangCode.EL, players=4)).to_json()["deck"] == "greek"
    sheet = api.render("game-of-words", "word-solitaire-sheet", seed=1, lang="ru")
    assert sheet != api.render("game-of-words", "word-solitaire-sheet", seed=1)


@pytest.mark.parametrize(("code", "before", "after"), [
    ("sv", "Y", "Å"), ("sv", "Å", "Ä"), ("sv", "Ä", "Ö"), ("tr", "C", "Ç"), ("tr", "I", "İ"), ("tr", "O", "Ö"),
    ("pl", "L", "Ł"), ("pl", "A", "Ą"), ("ru", "Е", "Ж"), ("el", "Α", "Ω"), ("es", "N", "Ñ")])
def test_a_cut_reads_the_deck_s_letters_in_its_language_s_order(code: str, before: str, after: str) -> None:
    """Anagrams' first player and the Crossword game's dealer go by the card closest to A: in a language's deck, in
    that language's alphabet (a Swedish Ö after Z, a Turkish Ç after C); a letter A-Z orders no deck's letters, so
    the Russian deck dealt before this crashed."""
    deck = preset(LANGUAGE_DECKS[code])
    order = cut_order(deck)
    cards = {card.letter: card for card in deck.letters}
    assert before in cards and after in cards
    assert cut_rank(cards[before], order) < cut_rank(cards[after], order) < cut_rank(deck.wilds[0], order)


@pytest.mark.parametrize("code", sorted(LANGUAGE_DECKS))
def test_anagrams_first_player_holds_the_card_closest_to_a(code: str) -> None:
    letters = LANGUAGES[code].letters
    for seed in range(1, 30):
        dealt = api.deal("anagrams", seed=seed, lang=code, players=4).to_json()
        ranks = [letters.index(c) if c in letters else len(letters) for c in dealt["holding"]]
        assert dealt["first"] == ranks.index(min(ranks)) + 1, (seed, dealt["holding"])


@pytest.mark.parametrize("code", ["sv", "pl", "tr", "ru", "el"])
def test_a_language_deck_is_its_letter_counts_from_the_shipped_book(code: str) -> None:
    """Each deck's letter counts are recomputed from the language's book whenever the book changes (the Greek deck
    was not, after the final-sigma fix grew the Greek lexicon): the shipped preset and sample are what
    scripts/build_decks.py makes from the shipped book."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[3]
    made = load_script("build_decks").spec(code)
    assert (root / "samples" / "game-of-words" / f"{code}-deck.toml").read_text(encoding="utf-8") == made
    assert (root / "kitgen" / "data" / "decks" / f"{LANGUAGE_DECKS[code]}.toml").read_text(encoding="utf-8") == made


@pytest.mark.parametrize(("code", "name"), sorted(LANGUAGE_DECKS.items()))
def test_a_language_deck_is_titled_in_its_language(code: str, name: str) -> None:
    """A language's deck prints its title on every card back and page note: the game's name as that language's
    rules call it, not "The Game of Words, по-русски" (English half-way through a Russian deck)."""
    from kitgen.core.i18n import translations

    title = preset(name).title
    assert translations(code).gettext("The Game of Words") in title
    assert "Game of Words" not in title
