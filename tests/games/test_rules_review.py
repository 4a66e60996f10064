"""The rules documents as read for meaning against the English (issue 28's bar: "have one rules document per language
reviewed for meaning against the English ... and list what was corrected"; docs/languages.md, "Rules read for
meaning"). The crossword rules were read in all eleven languages by a kitgen engineer reading the language (not a
native speaker); these tests hold what that reading checked and corrected: every number of each English rules
document is in its translation, a light may run either way, the last entry's 10 points come on top of its score,
and the Turkish first turn says which light is filled. The Make a Wordsearch rules were read the same way in all
eleven (session h-i18ncli, issue 28): a word and the same word read backwards count once, which Italian said as
"its opposite" (il suo contrario, an antonym) and French, Spanish, Portuguese and Turkish as an "inverse" that also
reads as the opposite. The 3DXWORD rules were read in all eleven (session h-webi18n): beside the seed, and beside
what the kit prints (the score pad, the check page, the replay's report), so a term is the printed one, and the
draw's example is kitgen's draw in the language's alphabet. The Game of Words rules (all eight games) were read the
same way, beside the deck, the deal sheets and the score pads."""

from __future__ import annotations

import html
import re
from collections import Counter

import pytest

from kitgen.core.i18n import TRANSLATED, gettext, speaking
from kitgen.core.language import language
from kitgen.games.game_of_words.formats.deck_spec import load_deck
from kitgen.games.game_of_words.render.deal_sheet import HOW_TO_DEAL
from kitgen.games.game_of_words.render.deck import SUMMARY
from kitgen.games.xword3d.render import PAD_NOTES
from kitgen.games.xword3d.rules.draw import first_player
from kitgen.games.xword3d.rules.pieces import load_piece_spec
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



def test_the_greek_wordsearch_rules_call_a_line_what_the_sheet_prints() -> None:
    """The Greek Make a Wordsearch rules called a line of the sheet a σειρά (also "a turn", "an order") where their
    own table and the score sheet print γραμμή, the catalogue's word for the sheet's label: the rules now say
    γραμμή wherever they mean a line, and σειρά only for "in turn" (με τη σειρά)."""
    text = _text("wordsearch", "el")
    assert _said("el", "line") == "γραμμή"
    assert "Όταν η γραμμή είναι γεμάτη" in text and "διπλανή γραμμή" in text and "κανονικά γραμμή 4" in text
    assert not re.search(r"(?<!με τη )\bσειρ(ά|άς|ές|ών)\b", text), re.findall(r".{30}σειρ.{30}", text)


def test_the_german_wordsearch_rules_read_in_one_of_eight_directions() -> None:
    """German "in einer geraden Richtung zu lesen sein: in eine der 8 Richtungen" switched case within the
    apposition; it is "in einer der 8 Richtungen"."""
    text = _text("wordsearch", "de")
    assert "in einer der 8 Richtungen" in text and "in eine der 8 Richtungen" not in text

# The 3DXWORD rules, read the same way in all eleven languages (session h-webi18n, issue 28).

def _said(lang: str, english: str) -> str:
    with speaking(lang):
        return gettext(english)


@pytest.mark.parametrize(("lang", "now", "was"), [
    ("fr", "tirez de nouveau des lettres jusqu’à en avoir 8", "retirez jusqu’à avoir 8 lettres"),
    ("nl", "Vul na het spelen je letters weer aan tot 8", "Pak na het spelen weer aan tot 8 letters"),
    ("nl", "de speler rechts van je husselt de pot opnieuw", "de speler rechts van je hussel de pot"),
    ("es", "el registro se vuelve a jugar jugada a jugada", "el registro se repite"),
    ("pt", "o jogo registado é jogado de novo, jogada a jogada", "o registo é repetido"),
    ("sv", "i <strong>en enda rak linje</strong>", "i <strong>en enda rad</strong>"),
    ("tr", "<strong>tek bir düz çizgi</strong> üzerine konur", "<strong>tek bir sıra</strong>"),
    ("el", "από ένα Ψ, Ζ, Ξ, Β", "ένα από τα Ψ, Ζ, Ξ, Β"),
])
def test_the_3dxword_rules_say_what_the_english_says(lang: str, now: str, was: str) -> None:
    """What the reading corrected: French "retirez" (draw again) also reads "remove"; Dutch "Pak ... weer aan" is not
    "draw back up" and "hussel" lacked its -t; Spanish and Portuguese said the record is "repeated" where kitgen
    replays it; Swedish "rad" and Turkish "sıra" (a row) read as across only, where the letters of a play go in one
    straight line, upwards too; Greek "ένα από τα Ψ, Ζ, Ξ, Β" said one piece among the four, not one of each."""
    text = _text("3dxword", lang).replace("<strong>", "").replace("</strong>", "")
    now, was = (s.replace("<strong>", "").replace("</strong>", "") for s in (now, was))
    assert now in text and was not in text


@pytest.mark.parametrize(("lang", "tie", "winner"), [("es", "VZ", "X"), ("sv", "UÅ", "X"), ("tr", "YY", "Z")])
def test_the_3dxword_draw_as_the_rules_tell_it_is_kitgens(lang: str, tie: str, winner: str) -> None:
    """Who plays first, as each booklet's example tells it, is what kitgen's draw decides in the language's
    alphabet: Spanish and Swedish named W and Y as a tie, but neither's bricks have a W, so they name two letters the
    set holds that are as far from X (V and Z; U and Å); Turkish has no X (nor W), and kitgen's X is then the
    alphabet's last letter, Z, so the Turkish booklet says Z is best and a tie is two players drawing the same."""
    letters = language(lang).letters
    text = _text("3dxword", lang)
    assert first_player({"A": tie[0], "B": tie[1]}, letters).redraw == ("A", "B")
    assert first_player({"A": winner, "B": "A"}, letters).winner == "A"
    assert {"es": "(V y Z, por ejemplo)", "sv": "(U och Å, till exempel)",
            "tr": "alfabenin son harfi Z’ye en yakın harf ilk oynar"}[lang] in text
    assert {"es": "(W e Y, por ejemplo)", "sv": "(W och Y, till exempel)", "tr": "(örneğin W ve Y)"}[lang] not in text


def test_the_polish_draw_says_its_bricks_have_no_x() -> None:
    """Polish writes X in its alphabet, so kitgen's draw reads it as the seed does (W and Y tie), but the Polish
    bricks hold no X (under 0.05% of Polish text): the booklet said "samo X jest najlepsze" (X itself is best) of a
    letter no one can draw, and now says the Polish bricks do not have it."""
    assert "X" in language("pl").letters and load_piece_spec(lang="pl").for_players(2).count("X") == 0
    text = _text("3dxword", "pl")
    assert "(samo X byłoby najlepsze, ale polskie klocki go nie mają; A jest najdalsze)" in text
    assert first_player({"A": "W", "B": "Y"}, language("pl").letters).redraw == ("A", "B")


@pytest.mark.parametrize(("lang", "joined"), [("ru", "(Е с Е, Л с Л)"), ("el", "(Ε με Ε, Λ με Λ)")])
def test_the_joiner_example_is_in_the_languages_letters(lang: str, joined: str) -> None:
    """Russian and Greek wrote the Joiner's example (E joins E, L joins L) with Latin E and L, letters their bricks
    do not have (Л and Λ are the L)."""
    assert joined in _text("3dxword", lang)


PAD = {"de": "punkteblock", "el": "φύλλο βαθμολογίας", "es": "hoja de puntos", "fr": "feuille de score",
       "it": "foglio dei punti", "nl": "scoreblok", "pl": "karta wyników", "pt": "folha de pontos",
       "ru": "таблица очков", "sv": "protokoll", "tr": "puan kâğıdı"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_3dxword_terms_are_the_printed_ones(lang: str) -> None:
    """The rules, the score pad, the check page and `kitgen verify 3dxword` name a piece alike: the booklet's
    score pad is the one the kit's contents and the pad's title name (Swedish, Polish, Russian, Greek and Turkish
    called it a notebook or block), a leg is the word of the check page's Legs and the pad's note (German Bein,
    Russian нога and Turkish bacak were words of their own), and an X piece is the check page's (German X-Teil)."""
    text = _text("3dxword", lang).lower()
    leg = _said(lang, " (leg x2)").strip(" ()×2").lower()
    what_you_need = _said(lang, "The three-dimensional crossword &middot; 2 or more players (at least 20 pieces a "
                                "player)\n&middot; a flat surface, the letter bricks (or tiles), pencil and the "
                                "score pad")
    assert PAD[lang] in _said(lang, "A score pad").lower() and PAD[lang] in what_you_need.split("·")[-1].lower()
    assert leg in _said(lang, PAD_NOTES[1]).lower() and _said(lang, "Legs").lower() in text
    assert _said(lang, " (X piece)").strip(" ()") == _said(lang, "X piece")
    if lang == "de":  # the option's help named the pieces Buchstabenteile and X-Teil
        assert "je 20 Buchstabensteine, 2P-2 Verbinder jeder Farbe, je ein X-Stein" in _said(
            lang, "Players (2 to 12): 20 letter pieces each, 2P-2 Joiners of each colour, one X piece each.")



# The Game of Words rules, read the same way in all eleven languages (session h-webi18n, issue 28).

@pytest.mark.parametrize(("lang", "now", "was"), [
    ("nl", "mag echter op elk moment tegen een van deze strafletters worden weggestreept",
     "tegen een van deze strafletters wegstrepen"),
    ("nl", "dan zou hij moeten proberen zijn letter", "dan kan hij proberen zijn letter"),
    ("sv", "Genom att lägga antingen sin egen bokstav eller en eller flera från mitten till en annan spelares ord.",
     "Genom att lägga till en annan spelares ord antingen"),
    ("pl", "nie może dołożyć następnej litery żadnego pasującego słowa, pasuje.", "pasującego słowa, traci kolejkę"),
    ("el", "καμίας κατάλληλης λέξης, λέει πάσο.", "κατάλληλης λέξης, χάνει τη σειρά του"),
    ("el", "για κάποιον που λέει πάσο", "για κάποιον που χάνει τη σειρά του"),
])
def test_the_game_of_words_rules_say_what_the_english_says(lang: str, now: str, was: str) -> None:
    """What the reading corrected: Dutch "mag ... tegen een van deze strafletters wegstrepen" made the E the one
    crossing out (an E "is cancelled against" a penalty letter) and "kan hij proberen" (he can try) was the
    booklet's "should try"; Swedish "lägga till en annan spelares ord ... sin egen bokstav" read as adding the other
    player's word; in the O-U-T Game a player who cannot go on passes his turn, which Polish "traci kolejkę" and
    Greek "χάνει τη σειρά του" said as losing it, the words of the challenge's penalty."""
    text = _text("game-of-words", lang)
    assert now in text and was not in text


@pytest.mark.parametrize(("lang", "a"), [("ru", "\u0410"), ("el", "\u0391")])
def test_the_letter_nearest_a_is_the_alphabets_own(lang: str, a: str) -> None:
    """Who deals (the Crossword Game) and who starts (Anagrams) cut for the letter nearest A: the Russian and Greek
    booklets wrote that A as a Latin letter, which their decks do not hold."""
    text = _text("game-of-words", lang)
    assert text.count(f"«{a}»") == 2 and "«A»" not in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_booklet_names_the_sub_card_as_the_deck_prints_it(lang: str) -> None:
    """The wild card's name printed on the language's deck is the booklet's word for a Sub Card: the Polish deck
    printed BLANK on its two wild cards (and "2 × Blank" in its summary) where the booklet, the deal sheet (JOK)
    and the deck's own rules summary say joker."""
    with speaking(lang):
        printed = gettext(load_deck(None, lang).wild_name).lower()
    assert printed in _text("game-of-words", lang).lower(), printed



PRINTED_PILES = {  # the blind pile and the stock as the deal sheets print them, and the booklet's old words
    "el": ("τυφλή στοίβα", "τάλον", r"κλειστ\w* (στοίβ|τράπουλ)"),
    "pl": ("ślepy stos", "talon", r"zakryt\w* stos"),
    "ru": ("слепая стопка", "прикуп", r"закрыт\w* (стопк|колод)"),
    "tr": ("kör deste", "stok", r"(?i:kapalı) (yığın|deste)"),
}


@pytest.mark.parametrize("lang", sorted(PRINTED_PILES))
def test_the_booklet_names_the_piles_as_the_deal_sheets_print_them(lang: str) -> None:
    """The Greek, Polish, Russian and Turkish booklets called the blind pile a closed (face-down) pile, and labelled
    Letter Patience's stock the pack, where the deal sheets, the deck's summary and the web pages say blind pile
    and stock: the booklet, its diagram labels included, now uses the printed words."""
    blind, stock, was = PRINTED_PILES[lang]
    text = _text("game-of-words", lang)
    assert _said(lang, "blind pile") == blind and blind in _said(lang, HOW_TO_DEAL["crossword-solitaire-b"])
    assert _said(lang, "stock") == stock and stock in _said(lang, HOW_TO_DEAL["letter-patience"])
    assert blind in text and stock in text and not re.search(was, text), re.findall(f".{{20}}(?:{was}).{{20}}", text)


def test_the_turkish_thinker_is_the_score_pads() -> None:
    """Guess-O-Gram's Thinker was Düşünür in the Turkish booklet and Düşünen on the deck's summary and the score
    pad."""
    text = _text("game-of-words", "tr")
    assert "Düşünür" not in text and text.count("Düşünen") >= 5
    assert "Düşünen" in _said("tr", SUMMARY[7][1])


@pytest.mark.parametrize(("lang", "now", "was"), [
    ("pl", "pozostałe karty liczą się przeciwko ich posiadaczom", "liczą się na minus"),
    ("ru", "оставшиеся карты засчитываются против их владельцев", "идут в минус"),
    ("pl", "E za słuszne zakwestionowanie kasuje jedną", "trafne wyzwanie"),
    ("ru", "E за удачное оспаривание отменяет одну", "верный вызов"),
    ("sv", "Ett E för ett riktigt ifrågasättande tar bort ett", "riktig utmaning"),
])
def test_the_decks_summary_says_what_the_booklet_says(lang: str, now: str, was: str) -> None:
    """The deck's "eight games in brief", read with the booklets: in the Crossword Game the cards left "count against
    their holders" (low score wins), which Polish "na minus" and Russian "в минус" read as taken off their score; and
    the O-U-T Game's E is earned by a challenge, the booklet's word (zakwestionowanie, оспаривание, ifrågasätta),
    not a dare (wyzwanie, вызов, utmaning)."""
    summary = " ".join(_said(lang, text) for _, text in SUMMARY)
    assert now in summary and was not in summary
