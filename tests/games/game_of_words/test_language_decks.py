"""The cards games deal the deck of their --lang when no --spec is given (issue 26): a Turkish Word Solitaire is
dealt from the Turkish deck, as ``kitgen deck --lang tr`` prints it, and a record played from it is checked
against the same deck; Spanish has its preset too (the Ñ card)."""

from __future__ import annotations

import json

import pytest

from kitgen.core.language import LANGUAGES
from kitgen.games.game_of_words.formats.deck_spec import load_deck, preset
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
