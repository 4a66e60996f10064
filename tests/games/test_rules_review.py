"""The rules documents as read for meaning against the English (issue 28's bar: "have one rules document per language
reviewed for meaning against the English ... and list what was corrected"; docs/languages.md, "Rules read for
meaning"). The crossword rules were read in all eleven languages by a kitgen engineer reading the language (not a
native speaker); these tests hold what that reading checked and corrected: every number of each English rules
document is in its translation, a light may run either way, the last entry's 10 points come on top of its score,
and the Turkish first turn says which light is filled. The Make a Wordsearch rules were read the same way in all
eleven (session h-i18ncli, issue 28): a word and the same word read backwards count once, which Italian said as
"its opposite" (il suo contrario, an antonym) and French, Spanish, Portuguese and Turkish as an "inverse" that also
reads as the opposite."""

from __future__ import annotations

import html
import re
from collections import Counter

import pytest

from kitgen.core.i18n import TRANSLATED, speaking
from kitgen.io.documents import render_html

DOCUMENTS = ("crossword", "wordsearch", "3dxword", "game-of-words")
LANGUAGES = TRANSLATED[1:]


def _text(document: str, lang: str) -> str:
    with speaking(lang):
        page = render_html(f"rules/{document}.html", title="rules")
    page = re.sub(r"<style.*?</style>", "", page, flags=re.DOTALL)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page)))


def _numbers(text: str) -> Counter[str]:
    """The numbers written in digits, the name 3-D left out (Greek writes the 3-D version as τρισδιάστατη)."""
    return Counter(re.findall(r"\d+", re.sub(r"3-D", "", text)))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("document", DOCUMENTS)
def test_every_number_of_the_english_rules_is_in_the_translation(document: str, lang: str) -> None:
    """A rules document keeps the English one's numbers (points, counts, scores, the example's 3 + 2 = 5): each
    number written in digits in the English is written as often in the translation, which may add its own only in
    its translator's note (the 1938 booklet, a replaced word's length)."""
    missing = _numbers(_text(document, "en")) - _numbers(_text(document, lang))
    assert not missing, missing


EITHER_WAY = {  # the crossword rules' definition of a light, as corrected: a run across or down, not a "row"
    "es": "una serie seguida de dos o más casillas blancas, en horizontal o en vertical",
    "it": "una sequenza continua di due o più caselle bianche, in orizzontale o in verticale",
    "pt": "uma sequência contínua de duas ou mais casas brancas, na horizontal ou na vertical",
    "nl": "een aaneengesloten reeks van twee of meer witte vakjes, horizontaal of verticaal",
    "ru": "непрерывная цепочка из двух или более белых клеток по горизонтали или по вертикали",
}
ROW = {"es": "una fila de", "it": "una fila di", "pt": "uma fila de", "nl": "een rij van", "ru": "это ряд из"}


@pytest.mark.parametrize("lang", sorted(EITHER_WAY))
def test_a_light_runs_across_or_down_in_the_translated_crossword_rules(lang: str) -> None:
    """"A light is a run of two or more white squares", across or down: Spanish, Italian and Portuguese said a fila,
    Dutch a rij and Russian a ряд (a row), which a class would read as across only."""
    text = _text("crossword", lang)
    assert EITHER_WAY[lang] in text and ROW[lang] not in text


@pytest.mark.parametrize(("lang", "bonus", "was"), [
    ("pl", "Kto wpisał ostatnie słowo, dostaje dodatkowo 10 punktów", "ostatnie słowo, dostaje 10 punktów"),
    ("ru", "Тот, кто вписал последнее слово, получает ещё 10 очков", "последнее слово, получает 10 очков"),
])
def test_the_last_entry_adds_ten_points_on_top(lang: str, bonus: str, was: str) -> None:
    """"Whoever made the last entry adds 10 points": Polish and Russian said the last word 'gets 10 points', which
    reads as its score being 10; it is 10 more."""
    text = _text("crossword", lang)
    assert bonus in text and was not in text


def test_the_turkish_first_turn_fills_the_shortest_light() -> None:
    """Turkish 'en kısa kelime yerine bir kelime yazar' also reads 'writes a word instead of the shortest word'
    (yerine is both 'into the place' and 'instead of'); it now says the first player fills the shortest light."""
    text = _text("crossword", "tr")
    assert "İlk oyuncu en kısa kelime yerini bir kelimeyle doldurur" in text
    assert "en kısa kelime yerine bir kelime yazar" not in text


@pytest.mark.parametrize(("lang", "spaces"), [
    ("it", "Gli spazi tra le parole, i trattini e gli apostrofi non occupano caselle."),
    ("pt", "Os espaços entre as palavras, os hífenes e os apóstrofos não ocupam casa."),
])
def test_spaces_between_words_are_not_the_light(lang: str, spaces: str) -> None:
    """Italian and Portuguese name a light spazio / espaço, so 'Spazi ... non occupano caselle' read as 'lights take
    no squares'; the rule means the spaces between a phrase's words."""
    assert spaces in _text("crossword", lang)


BACKWARDS = {  # Make a Wordsearch: "A word and its reverse on the same boxes count once", as corrected
    "it": ("Una parola e la stessa parola letta al contrario sulle stesse caselle contano una volta sola.",
           "il suo contrario"),
    "fr": ("Un mot et le même mot lu à l’envers sur les mêmes cases comptent une seule fois.", "son inverse"),
    "es": ("Una palabra y la misma palabra leída al revés sobre las mismas casillas cuentan una sola vez.",
           "su inversa"),
    "pt": ("Uma palavra e a mesma palavra lida ao contrário nas mesmas casas contam uma só vez.", "a sua inversa"),
    "tr": ("Aynı kutulardaki bir kelime ile onun tersten okunuşu bir kez sayılır.", "bir kelime ve tersi"),
}


@pytest.mark.parametrize("lang", sorted(BACKWARDS))
def test_a_word_read_backwards_on_the_same_boxes_counts_once(lang: str) -> None:
    """Make a Wordsearch's "A word and its reverse on the same boxes count once" is about one word read both ways
    (NOTE and ETON on the same five boxes). Italian said "il suo contrario" (its opposite: an antonym, which no
    reader would look for on the same boxes) and French "son inverse", Spanish "su inversa", Portuguese "a sua
    inversa" and Turkish "tersi", each of which also reads as "its opposite": they now say the same word read
    backwards."""
    corrected, was = BACKWARDS[lang]
    text = _text("wordsearch", lang)
    assert corrected in text and was not in text
