"""``kitgen deck --lang CODE`` prints the deck of a language with an alphabet of its own (issue 26; docs/languages.md,
"Decks"): Swedish, Polish, Turkish, Russian and Greek, each shipped as a preset (``--spec turkish``) made by
scripts/build_decks.py beside its sample."""

from __future__ import annotations

from pathlib import Path

import pytest

from kitgen.core.language import language
from kitgen.games.game_of_words.formats.deck_spec import load_deck, load_spec
from kitgen.games.game_of_words.rules.deck import DEFAULT_DECK, LANGUAGE_DECKS, PRESETS

ROOT = Path(__file__).resolve().parents[3]
LETTERS = {"sv": "ÅÄÖ", "pl": "ĄŁŻ", "tr": "ÇŞİ", "ru": "ЖЯЙ", "el": "ΘΛΩ"}


@pytest.mark.parametrize("code", sorted(LANGUAGE_DECKS))
def test_deck_lang_prints_that_languages_deck(code: str, invoke, tmp_path: Path) -> None:
    name = LANGUAGE_DECKS[code]
    result = invoke("deck", "--lang", code, "--out", f"{tmp_path}/")
    assert result.exit_code == 0, result.stderr
    assert (tmp_path / f"deck-{name}-poker-a4.pdf").read_bytes().startswith(b"%PDF")
    deck = load_deck(None, code)
    letters = {card.letter for card in deck.cards}
    assert deck.name == name and set(LETTERS[code]) <= letters
    assert letters - {"*"} <= set(language(code).letters)
    assert len([card for card in deck.cards if card.letter != "*"]) == 52


@pytest.mark.parametrize("code", sorted(LANGUAGE_DECKS))
def test_each_preset_is_its_sample(code: str) -> None:
    preset = ROOT / "kitgen" / "data" / "decks" / f"{LANGUAGE_DECKS[code]}.toml"
    sample = ROOT / "samples" / "game-of-words" / f"{code}-deck.toml"
    assert preset.read_bytes() == sample.read_bytes()
    assert LANGUAGE_DECKS[code] in PRESETS and load_spec(preset).name == LANGUAGE_DECKS[code]


def test_other_languages_keep_the_1938_deck(invoke, tmp_path: Path) -> None:
    assert load_deck(None, "fr").name == load_deck(None, None).name == DEFAULT_DECK
    assert load_deck("whitman-1938", "tr").name == DEFAULT_DECK  # --spec wins over --lang
    result = invoke("deck", "--lang", "de", "--out", f"{tmp_path}/")
    assert result.exit_code == 0 and (tmp_path / f"deck-{DEFAULT_DECK}-poker-a4.pdf").exists()
