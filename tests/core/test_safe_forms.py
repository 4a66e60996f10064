"""The classroom-safe filter knows word forms (issue 26, docs/languages.md "Classroom-safe lists").

Each list below is written from the language's morphology: listed words (``kitgen/data/safe/XX.txt``) in many
forms (conjugations, participles, plurals with umlaut or a doubled consonant, feminine and derived forms, and
German and Dutch compounds). None of them is proposed by the shipped data: not by ``words match`` or
``words anagram``, not by a deal, not by a fill. The shipped lexicon holds most of them (a verifier accepts a
real word a player wrote), so the test is about the block sets, not about missing words.
"""

from __future__ import annotations

import pytest

from kitgen import api
from kitgen.core.language import LANGUAGES
from kitgen.core.lexicon import language_lexicon
from kitgen.core.safe import SafeList
from kitgen.games.crossword.rules.fill import FillIndex, generate_fillable
from kitgen.games.wordsearch.rules.book import book_deal

FORMS = {
    "en": "fucked fucker fuckers fucking fucks shitty shitting shits bitches bitching bitched cunts dicks "
          "wanker wankers wanking wanked pissed pisser pissing whores whoring sluts bastards arseholes assholes "
          "cocks dildos crappy buggered buggering twats",
    "de": "gefickt fickt fickte ficktest fickend Ficker Arschlöcher Arschloch Arschlochs Arsches Negerin "
          "Negerinnen Neger Zigeunerin Zigeunerinnen Zigeunern Fotzen Nutten Huren hurte Hurenkinder "
          "Schlampen wichste gewichst Wichser pisste gepisst Pimmels Pornos Pornofilme Dildo Dildos "
          "verarscht Scheißkerl bumste onanierte Schwuchteln",
    "fr": "baise baisé baisée baisés baisait baisons baiseront négresse négresses nègres enculé enculée "
          "enculés enculer enculait salope salopes salauds connards connasses conne couilles chiait chiant "
          "chiée merdes merdeux foutu foutue foutait branlette branleurs putes putains pétasses",
    "es": "follando follado follada follaban follaré jodiendo jodido jodida jodidos jodían joderé cabrones "
          "cabrona cabronas putas putos mierdas gilipollas coños pollas cagando cagado cagada cagaron "
          "pendejos pendeja maricones maricón zorras folladores culos vergas prostitutas",
    "it": "fottuto fottuta fottuti fottendo fotteva cazzo cazzi cazzata cazzate stronzo stronza stronzi "
          "stronzate coglioni coglione troie troia puttane puttana merdoso merdosa scopare scopata scopato "
          "scopano trombare trombato cagata cagate bastardi bastarda negri negre pompini",
    "nl": "geneukt neukt neukte neukten neukend kutten kutje kutjes klootzak klootzakken kloten hoeren hoertje "
          "hoerig lullen lulletje gezeik zeikt zeiken schijten schijt stront kontje konten teven sletten "
          "sletjes wijven negers nikkers dildo dildo's kankerhoer",
    "pt": "piça foda fodas foder fodido fodida fodidos caralho caralhos merda merdas porra porras puta putas "
          "putinha paneleiro paneleiros cabrão cacete cacetes boceta bocetas bosta bostas vadia vadias cagar "
          "cagado cagada bicha bichas chupar",
    "sv": "knullar knullade knullat knullande knullad fittan fittor fittorna kukar kuken kukarna horor horan "
          "hororna horade jävlar jävlarna jäveln runkar runkade runkat runkande skiter sket skitit röven rövar "
          "bögar bögen bögarna subbor subban pitten pittar negern analt anala",
    "pl": "kurwy kurwie kurwą kurwo kurew chuja chujem chuje chujowy chujowa pierdolę pierdolisz pierdoli "
          "pierdolony pierdolona jebie jebał jebana jebany dupy dupie dupą gówna gównem pizdy kutasa kutasy "
          "dziwki dziwką skurwysyny skurwysynu ruchał rucha srał cipy fiuta pedały pedała cwela",
    "tr": "sikiyor siktim sikti sikerim sikmiş siksin sikeyim sikik sikiş sike siki sikin sikler siker götü götün "
          "götler götüne göte götte götten götleri orospular orospuya orospunun orospusu orospuyu orospudan "
          "orospuları orospuluk amcığı amcıklar yarağı yarağa yaraklar taşağı taşaklar kaltağı kaltaklar siktir "
          "siktirir",
    "ru": "хуя хуем хуи хуёв хуёвый хуёво хуйня пизды пизде пиздой пиздец бляди блядей блядский блядство ебал "
          "ебала ебут ебёт ебёшь ебаный ебло жопы жопе жопой жоп жопу говна говном говнюки дрочил дрочит дрочат "
          "срал ссал мудилы гандоны мандой",
    "el": "γαμάς γαμάει γαμάμε γαμάτε γαμάνε γάμησα γάμησε γάμησαν γαμήσει γαμήσω γαμημένος γαμημένη γαμημένο "
          "γαμημένοι γαμημένες γαμιέται γαμιούνται γαμιόλης γαμιόληδες μαλάκας μαλάκες μαλακών πούστης "
          "πούστηδες μουνιά μουνιού ψωλές ψωλής πούτσες πούτσας αρχίδια αρχιδιών πουτάνες πουτάνας πουτανών "
          "καριόλης καριόληδες κωλοτρυπίδες σκατά κώλος κώλο κώλου κώλους πέος πέους πίπα σεξ πορνό βυζιά "
          "μαλακία μαλακίες σκύλα τσούλα πόρνη πόρνες νέγρος γύφτοι οργασμό χέστηκε γαμώτο γαμάτο γαμημένε "
          "μουνάκι σέξι μαλακισμένη σεξουαλικός σεξουαλική σεξουαλικά σεξουαλικές σεξουαλικής σεξουαλικό "
          "σεξουαλικότητα σεξουαλικού σεξουαλικών πορνεία πορνείας πορνείες πορνείο",
}


FILL_STYLE = {"el": ("british", 9)}
"""The patterns a language's fills are drawn from: American 7x7 (every square checked), but British 9x9 in Greek,
whose learner lexicon (25,000 words, 213 of three letters, most ending in Σ, Ν or a vowel) fills no seeded
American 7x7 within the budget."""


def forms(code: str) -> list[str]:
    return FORMS[code].split()


def fitting(code: str) -> set[str]:
    normalize = LANGUAGES[code].normalize
    return {normalize(w) for w in forms(code)}


@pytest.mark.parametrize("code", FORMS)
def test_at_least_thirty_forms_and_the_lexicon_holds_most(code: str):
    lexicon = language_lexicon(code)
    assert len(set(forms(code))) >= 30
    held = [w for w in forms(code) if lexicon.contains(w)]
    assert len(held) >= 12, [w for w in forms(code) if not lexicon.contains(w)]


@pytest.mark.parametrize("code", FORMS)
def test_every_form_is_blocked(code: str):
    """Every form is in the block set, whether the shipped lexicon holds it or not: a teacher's own list (--words)
    may hold a form the lexicon lacks (Russian хуя, Turkish siktim; tests/core/test_safe_teacher_lists.py)."""
    lang, safe = LANGUAGES[code], SafeList.shipped(code)
    assert [w for w in forms(code) if not safe.blocks(lang.normalize(w))] == []


@pytest.mark.parametrize("code", FORMS)
def test_no_form_is_proposed_by_words_match(code: str):
    for word in forms(code):
        pattern = LANGUAGES[code].normalize(word)
        assert not api.match(pattern, lang=code), word
        wild = pattern[0] + "?" * (len(pattern) - 1)
        found = {LANGUAGES[code].normalize(w) for w in api.match(wild, lang=code)}
        assert pattern not in found, word


@pytest.mark.parametrize("code", FORMS)
def test_no_form_is_proposed_by_words_anagram(code: str):
    for word in forms(code):
        letters = LANGUAGES[code].normalize(word)
        found = {LANGUAGES[code].normalize(w) for w in api.anagrams(letters[::-1], lang=code, min_length=3)}
        assert letters not in found, word


@pytest.mark.parametrize("code", FORMS)
def test_every_form_is_a_word_kitgen_will_not_propose_but_a_player_may_write(code: str):
    lexicon = language_lexicon(code)
    for word in forms(code):
        assert not api.proposed(word, lang=code), word
        if lexicon.contains(word):
            assert api.check_word(word, lang=code)
            assert word in api.match(LANGUAGES[code].normalize(word), lang=code, all_words=True) or \
                lexicon.display(word) in api.match(LANGUAGES[code].normalize(word), lang=code, all_words=True)


@pytest.mark.parametrize("code", FORMS)
def test_no_form_is_dealt_by_the_book(code: str):
    lang = LANGUAGES[code]
    blocked = fitting(code)
    dealt = {lang.normalize(w) for seed in range(1, 1001) for w in book_deal(seed, lang)}
    assert not dealt & blocked


@pytest.mark.parametrize("code", FORMS)
def test_no_form_is_in_a_fill(code: str):
    index = FillIndex(language_lexicon(code).proposals())
    blocked = SafeList.shipped(code).blocked | fitting(code)
    style, size = FILL_STYLE.get(code, ("american", 7))
    filled = generate_fillable(size, size, style, "rotational", 1, 3, index)
    assert filled
    for _, found in filled:
        assert not set(found.words.values()) & blocked


def test_the_german_fill_of_seed_1_has_no_dildo(tmp_path):
    """The issue's case: ``kitgen pattern --seed 1 --size 9 --style american --fill --lang de`` put DILDO in."""
    outcome = api.run(api.command(api.Group.TOP, "pattern"), seed=1, size=9, style="american", fill=True,
                      lang="de", out=str(tmp_path / "p.pdf"))
    rows = "\n".join(outcome.document["patterns"][0]["rows"])
    assert "DILDO" not in rows and "#" in rows
