"""The rules documents' examples in every translated language (issue 28): "keep the rules, examples and numbers;
adapt examples whose words do not exist in the language, and say so in a translator's note".

Each language's examples are listed here as its catalogue writes them. A test reads the rendered rules document
and finds each example there (and no English example word left outside the translator's note, which names what
it replaced); checks that each word is a word of the language's lexicon; and checks the example's numbers with
kitgen's own scorers: Make a Wordsearch's line scorer (a 5-letter word's 3 bonus points, a line that scores two
4-letter words for 2), the crossword's length x links and 3DXWORD's replay of the plays the example describes.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

import pytest

from kitgen.core.i18n import gettext, speaking
from kitgen.core.language import language
from kitgen.core.lexicon import language_lexicon
from kitgen.core.text import TextSource
from kitgen.games.wordsearch.rules.scoring import index_for
from kitgen.games.xword3d.formats.log import parse_log
from kitgen.games.xword3d.rules.log import replay
from kitgen.io.documents import render_html


@dataclass(frozen=True)
class Wordsearch:
    long: str
    """playfully: a 9-letter word (line 4), its letters listed in the example."""
    whole: tuple[str, str]
    """BOATS/BOAT: a 5-letter word scores 3 bonus points, not also the 4-letter word inside it."""
    line: tuple[str, str, str]
    """ETONE (TONE, NOTE): a 5-letter line, not a word, that scores two 4-letter words for 2 bonus points."""
    turn: str
    """9 playfully Y 4 2: the turn-log line of "Checking a sheet"."""


@dataclass(frozen=True)
class Crossword:
    word: str
    """BALANCE: 7 letters."""
    one_link: str
    """**L****: a light with one of its letters already in (7 x 1 = 7)."""
    three_links: str
    """*A*A*C*: three of its letters already in (7 x 3 = 21)."""
    phrase: str
    """TAKE COVER: a phrase of nine squares."""
    entry: str
    """OAK in ANN 7A OAK."""


@dataclass(frozen=True)
class Xword3d:
    grown: tuple[str, str, str]
    """BRAND, BRANDS (6), BRANDED (7): adding to a word scores the whole word."""
    across: str
    """NO: across, its first letter above the second letter of ``under``."""
    under: str
    """TO: across, below."""
    letter: str
    """Y: after TO, under the O of NO: TOY across and OY down, 3 + 2 = 5."""


WORDSEARCH = {
    "de": Wordsearch("wunderbar", ("BOOTE", "BOOT"), ("DNASE", "NASE", "SAND"), "9 wunderbar B 4 2"),
    "fr": Wordsearch("merveille", ("CHATS", "CHAT"), ("DROBE", "ROBE", "BORD"), "9 merveille V 4 2"),
    "es": Wordsearch("maravilla", ("CASAS", "CASA"), ("ACASA", "CASA", "SACA"), "9 maravilla V 4 2"),
    "it": Wordsearch("primavera", ("PASTA", "ASTA"), ("ERAME", "RAME", "MARE"), "9 primavera V 4 2"),
    "nl": Wordsearch("speeltuin", ("ROZEN", "ROZE"), ("DNIKS", "NIKS", "KIND"), "9 speeltuin T 4 2"),
    "pt": Wordsearch("maravilha", ("CASAS", "CASA"), ("ACAFE", "CAFE", "FACA"), "9 maravilha H 4 2"),
    "sv": Wordsearch("bokstäver", ("DANSA", "DANS"), ("ASÄNG", "SÄNG", "NÄSA"), "9 bokstäver K 4 2"),
    "pl": Wordsearch("atmosfera", ("BANKI", "BANK"), ("ALASY", "LASY", "SALA"), "9 atmosfera F 4 2"),
    "tr": Wordsearch("cumartesi", ("ANNEM", "ANNE"), ("AKRAL", "KRAL", "ARKA"), "9 cumartesi M 4 2"),
    "ru": Wordsearch("атмосфера", ("ВРАЧИ", "ВРАЧ"), ("АЛИСТ", "ЛИСТ", "СИЛА"), "9 атмосфера Ф 4 2"),
    "el": Wordsearch("αεροπλάνο", ("ΑΥΤΙΑ", "ΑΥΤΙ"), ("ΗΛΥΠΗ", "ΛΥΠΗ", "ΠΥΛΗ"), "9 αεροπλάνο Π 4 2"),
}
CROSSWORD = {
    "de": Crossword("BALANCE", "**L****", "*A*A*C*", "ALLES GUTE", "TAG"),
    "fr": Crossword("BALANCE", "**L****", "*A*A*C*", "BON MARCHÉ", "SEL"),
    "es": Crossword("PALACIO", "**L****", "*A*A*I*", "BUEN VIAJE", "SOL"),
    "it": Crossword("BALCONE", "**L****", "*A*C*N*", "PER FAVORE", "ORO"),
    "nl": Crossword("BALLADE", "**L****", "*A*L*D*", "GOEDE REIS", "BOS"),
    "pt": Crossword("BALANÇA", "**L****", "*A*A*C*", "BOA VIAGEM", "SOL"),
    "sv": Crossword("KANALER", "**N****", "*A*A*E*", "GOD MORGON", "SOL"),
    "pl": Crossword("ZABAWKI", "**B****", "*A*A*K*", "NA ZDROWIE", "DĄB"),
    "tr": Crossword("CANAVAR", "**N****", "*A*A*A*", "BAŞ AĞRISI", "GÜL"),
    "ru": Crossword("МАГАЗИН", "**Г****", "*А*А*И*", "БЕЛЫЙ СВЕТ", "ДУБ"),
    "el": Crossword("ΘΑΛΑΣΣΑ", "**Λ****", "*Α*Α*Σ*", "ΚΑΛΗ ΟΡΕΞΗ", "ΦΩΣ"),
}
XWORD3D = {
    "de": Xword3d(("SPIEL", "SPIELT", "SPIELTE"), "DU", "ZU", "M"),
    "fr": Xword3d(("CHANT", "CHANTS", "CHANTER"), "SI", "MA", "L"),
    "es": Xword3d(("MARCA", "MARCAS", "MARCADO"), "NO", "LO", "S"),
    "it": Xword3d(("OPERA", "OPERAI", "OPERAIO"), "SI", "TU", "O"),
    "nl": Xword3d(("SPEEL", "SPEELT", "SPEELDE"), "DE", "ZE", "I"),
    "pt": Xword3d(("MARCA", "MARCAS", "MARCADO"), "NO", "DO", "S"),
    "sv": Xword3d(("HITTA", "HITTAR", "HITTADE"), "DU", "DE", "T"),
    "pl": Xword3d(("BILET", "BILETY", "BILETÓW"), "TO", "TA", "K"),
    "tr": Xword3d(("ANLAM", "ANLAMI", "ANLAMLI"), "NE", "DE", "V"),
    "ru": Xword3d(("БИЛЕТ", "БИЛЕТЫ", "БИЛЕТОВ"), "НО", "ТО", "Н"),
    "el": Xword3d(("ΑΓΑΠΗ", "ΑΓΑΠΗΣ", "ΑΓΑΠΗΤΗ"), "ΘΑ", "ΜΑ", "Σ"),
}
FILLER = {"tr": "Ğ", "ru": "Ъ", "el": "Ξ"}
"""A letter of the language's alphabet that makes no word with the example's line (rows 2 to 5 of the grid)."""
ENGLISH_WORDS = {
    "wordsearch": ("playfully", "BOATS", "BOAT", "ETONE", "TONE", "NOTE"),
    "crossword": ("TAKE COVER", "OAK"),
    "3dxword": ("BRAND", "BRANDS", "BRANDED", "TOY", "OY"),
}
NOTES = {
    "wordsearch": "Translator's note: this is a machine translation (by an AI engineer), not yet reviewed by a native "
                  "reader; the English rules are the reference. The examples playfully, BOATS/BOAT and ETONE (TONE "
                  "and NOTE) are replaced by words of this language with the same letter counts and the same point.",
    "crossword": "Translator's note: this is a machine translation (by an AI engineer), not yet reviewed by a native "
                 "reader; the English rules are the reference. The examples BALANCE and TAKE COVER are kept: the "
                 "scores depend only on their lengths.",
    "3dxword": "Translator's note: this is a machine translation (by an AI engineer), not yet reviewed by a native "
               "reader; the English rules are the reference. The example words (BRAND, BRANDS, NO, TO, TOY, OY) "
               "are kept in English: the scores depend only on their letters.",
}


def rules_text(game: str, lang: str) -> tuple[str, str]:
    """The rules document of ``game`` in ``lang`` as text: its body, and its translator's note."""
    with speaking(lang):
        page = render_html(f"rules/{game}.html", title="rules")
        note = gettext(NOTES[game])
    text = html.unescape(re.sub(r"<br>", "\n", page))
    text = re.sub(r"[ \t\r\n]+", " ", html.unescape(re.sub(r"<[^>]+>", "", text)))
    assert note != NOTES[game], f"{lang}: the {game} translator's note is not translated"
    assert note in text, f"{lang}: the {game} rules do not print their translator's note"
    return text.replace(note, ""), note


def is_word(word: str, lang: str) -> bool:
    return language(lang).normalize(word) in language_lexicon(lang)


def present(word: str, text: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text) is not None


@pytest.mark.parametrize("lang", sorted(WORDSEARCH))
def test_wordsearch_examples_are_the_languages_words_and_score_as_said(lang: str):
    ex = WORDSEARCH[lang]
    body, note = rules_text("wordsearch", lang)
    for word in (ex.long, *ex.whole, *ex.line):
        assert present(word, body), f"{lang}: {word} is not in the rules"
        assert present(word, note), f"{lang}: the translator's note does not name {word}"
    assert ex.turn in body
    for word in ("playfully", "BOATS", "ETONE", "TONE", "NOTE"):
        assert not present(word, body), f"{lang}: the English example {word} is left in the rules"
    for word in (ex.long, *ex.whole, *ex.line[1:]):
        assert is_word(word, lang), f"{lang}: {word} is not a word of the lexicon"
    fitted = language(lang).normalize(ex.long)
    assert len(fitted) == 9  # a 9-letter word goes on line 4, as 'playfully'
    example = re.search(rf"{re.escape(ex.long)}\W{{1,4}}9\b", body)  # 'playfully', 9 letters
    assert example, f"{lang}: no example says {ex.long} has 9 letters"
    listed = set(re.findall(r"(?<!\w)([^\W\d_])(?!\w)", body[example.start():example.start() + 400]))
    assert set(fitted) <= listed, f"{lang}: the letters of {ex.long} are not all listed"
    turn, word, letter, row, _col = ex.turn.split()
    assert letter in fitted and int(row) == 4 and word == ex.long
    index = index_for(language_lexicon(lang))
    filler = FILLER.get(lang, "Q") * 20
    whole = index.score(ex.whole[0] + filler)
    assert [f.word for f in whole.words] == [ex.whole[0]] and whole.bonus == 3
    line = index.score(ex.line[0] + filler)
    named = {f.word for f in line.words} | {f.also for f in line.words if f.also}
    assert len(line.words) == 2 and set(ex.line[1:]) <= named and line.bonus == 2, line


@pytest.mark.parametrize("lang", sorted(CROSSWORD))
def test_crossword_examples_are_the_languages_words_and_score_as_said(lang: str):
    ex = CROSSWORD[lang]
    body, note = rules_text("crossword", lang)
    fitted = language(lang).normalize(ex.word)
    for shown in (ex.word, ex.one_link, ex.three_links, ex.phrase, f"ANN 7A {ex.entry}"):
        assert shown in body, f"{lang}: {shown} is not in the rules"
    for word in (ex.phrase, ex.entry):
        assert word in note, f"{lang}: the translator's note does not name {word}"
    for word in ENGLISH_WORDS["crossword"]:
        assert not present(word, body), f"{lang}: the English example {word} is left in the rules"
    for word in (ex.word, ex.entry, *ex.phrase.split()):
        assert is_word(word, lang), f"{lang}: {word} is not a word of the lexicon"
    assert len(language(lang).normalize(ex.phrase)) == 9
    scores = []
    for pattern in (ex.one_link, ex.three_links):
        assert len(pattern) == len(fitted) == 7
        links = [k for k, ch in enumerate(pattern) if ch != "*"]
        assert all(fitted[k] == pattern[k] for k in links), f"{lang}: {ex.word} does not fit {pattern}"
        scores.append(len(fitted) * len(links))  # length x links (kitgen.games.crossword.rules.game)
    assert scores == [7, 21]
    assert re.search(r"\b7\b.*\b21\b", body[body.index(ex.one_link):])


def _replay(lang: str, plays: str) -> list[int]:
    """The score of each play of a 3DXWORD record (ANN plays first)."""
    log = f"players: ANN BOB\n{plays}"
    done = replay(parse_log(TextSource("example.txt", log), language(lang)), language_lexicon(lang))
    assert done.broken is None, done.broken
    return [result.score for _turn, result in done.results]


@pytest.mark.parametrize("lang", sorted(XWORD3D))
def test_3dxword_examples_are_the_languages_words_and_score_as_said(lang: str):
    ex = XWORD3D[lang]
    body, note = rules_text("3dxword", lang)
    crossing = (ex.across, ex.under, ex.under + ex.letter, ex.across[1] + ex.letter)
    for word in (*ex.grown, *crossing):
        assert present(word, body), f"{lang}: {word} is not in the rules"
        assert present(word, note), f"{lang}: the translator's note does not name {word}"
        assert is_word(word, lang), f"{lang}: {word} is not a word of the lexicon"
    assert is_word(ex.across[0] + ex.under[1], lang)  # the down word the first two make
    for word in ENGLISH_WORDS["3dxword"]:
        assert not present(word, body), f"{lang}: the English example {word} is left in the rules"
    assert f"ANN {ex.grown[0]} 3,0 across BOB {ex.grown[1]} 3,0 across" in body.replace("\n", " ")
    base, plus_one, plus_two = ex.grown
    assert _replay(lang, f"ANN {base} 0,0 across\nBOB {plus_one} 0,0 across\n") == [5, 6]  # BRAND, BRANDS
    assert _replay(lang, f"ANN {base} 0,0 across\nBOB {plus_two} 0,0 across\n") == [5, 7]  # BRAND, BRANDED
    # as samples/3dxword/table-game.txt: TO, then NO above it (NO across and NO down), then Y: TOY + OY
    plays = f"ANN {ex.under} 0,1 across\nBOB {ex.across} 1,0 across\nANN {ex.across[1]}{ex.letter} 2,0 down\n"
    assert _replay(lang, plays) == [2, 4, 5]


@pytest.mark.parametrize("lang", sorted(XWORD3D))
def test_the_3dxword_score_pad_note_grows_the_rules_word(lang: str):
    from kitgen.games.xword3d.render import PAD_NOTES

    with speaking(lang):
        note = gettext(PAD_NOTES[0])
    base, plus_one, _ = XWORD3D[lang].grown
    assert present(base, note) and present(plus_one, note) and not present("BRAND", note), note
