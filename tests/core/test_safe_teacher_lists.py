"""A teacher's own word list is filtered like the lexicon (issue 26, docs/languages.md "Classroom-safe lists"):
forms of listed words that the shipped lexicons lack (Russian пизда, хуя, ебут, ебаный, блядский; Turkish siktim,
sikerim, orospuluk; Swedish analt) are in the block sets, so a ``--words`` list holding them proposes none of them
by default in any face that proposes words: ``words match``, ``words anagram``, a fill, a deal's solution and a
hint. ``--all-words`` still proposes them (the list is read), and a verifier still accepts them."""

from __future__ import annotations

from pathlib import Path

import pytest

from kitgen import api
from kitgen.core.grid import Grid
from kitgen.core.language import LANGUAGES
from kitgen.core.safe import SafeList, read_blocked
from kitgen.games.base import proposals_for
from kitgen.games.crossword.rules.fill import FillIndex, fill
from kitgen.games.game_of_words.formats.hint import step_line

GAPS = {
    "ru": "пизда пизду пизды пиздец хуя хуем хуи хуйня ебут ебёт ебаный ебаная ебанутый блядский блядская говнюки "
          "мудилы гандоны",
    "tr": "siktim sikerim sikmiş sikik sikiş orospuluk siker siktirir sikiyorum orospuluğu",
    "sv": "anal analt anala analsex",
    "de": "gepisst",
    "it": "fottendo",
    "pt": "putinha putinhas",
}
"""Forms the block sets lacked at the last stop (the shipped lexicons lack most of them, so only a teacher's list
could hold them)."""

EVERYDAY = {"ru": "дом мама кошка школа", "tr": "kitap okul kalem", "sv": "hus mamma katt", "de": "Haus Katze",
            "it": "casa gatto", "pt": "casa gato"}


def _list(code: str, tmp_path: Path) -> Path:
    words = tmp_path / f"{code}.txt"
    words.write_text("\n".join(GAPS[code].split() + EVERYDAY[code].split()) + "\n", encoding="utf-8")
    return words


def _blocked(code: str) -> frozenset[str]:
    return SafeList.shipped(code).blocked


@pytest.mark.parametrize("code", sorted(GAPS))
def test_the_forms_are_in_the_shipped_block_set(code: str) -> None:
    normalize = LANGUAGES[code].normalize
    assert [w for w in GAPS[code].split() if normalize(w) not in read_blocked(code)] == []


@pytest.mark.parametrize("code", sorted(GAPS))
def test_a_teacher_s_list_proposes_none_of_them_in_words_match(code: str, tmp_path: Path) -> None:
    words, normalize = _list(code, tmp_path), LANGUAGES[code].normalize
    for form in GAPS[code].split():
        pattern = normalize(form)
        assert api.match(pattern, words=words, lang=code) == [], form
        found = {normalize(w) for w in api.match(pattern[0] + "?" * (len(pattern) - 1), words=words, lang=code)}
        assert pattern not in found, form
        assert api.match(pattern, words=words, lang=code, all_words=True), form  # the list was read
    for word in EVERYDAY[code].split():
        assert api.match(normalize(word), words=words, lang=code), word


@pytest.mark.parametrize("code", sorted(GAPS))
def test_a_teacher_s_list_proposes_none_of_them_in_words_anagram(code: str, tmp_path: Path) -> None:
    words, normalize = _list(code, tmp_path), LANGUAGES[code].normalize
    for form in GAPS[code].split():
        letters = normalize(form)
        found = {normalize(w) for w in api.anagrams(letters[::-1], words=words, lang=code, min_length=3)}
        assert letters not in found, form
        wide = {normalize(w) for w in api.anagrams(letters[::-1], words=words, lang=code, min_length=3,
                                                    all_words=True)}
        assert letters in wide, form


@pytest.mark.parametrize("code", sorted(GAPS))
def test_a_fill_from_a_teacher_s_list_uses_none_of_them(code: str, tmp_path: Path) -> None:
    """One light as long as each form: the default fill leaves it empty or takes an everyday word; with
    --all-words the same list fills it with a blocked form (what the filter keeps out)."""
    words, blocked = _list(code, tmp_path), _blocked(code)
    index = FillIndex(proposals_for(words, code, False, cells=True))
    wide = FillIndex(proposals_for(words, code, True, cells=True))
    widened = 0
    for length in sorted({len(LANGUAGES[code].normalize(w)) for w in GAPS[code].split()}):
        if length < 3:
            continue
        grid = Grid(["." * length, "#" * length, "#" * length])
        found = fill(grid, index)
        assert found is None or not set(found.words.values()) & blocked, found
        loose = fill(grid, wide)
        widened += loose is not None and bool(set(loose.words.values()) & blocked)
    assert widened


@pytest.mark.parametrize("code", ["ru", "tr", "sv"])
def test_a_deal_s_solution_and_a_hint_propose_none_of_them(code: str, tmp_path: Path) -> None:
    """Word Solitaire's solver and hint draw from ``proposals_for`` of the list: none of the forms is in it (all
    of them with --all-words). A teacher's list of a winnable deal's solution words and the forms: the deal's
    solution from the list and the hint after its first word hold none of the forms."""
    normalize = LANGUAGES[code].normalize
    shipped = api.run(api.deal_command("word-solitaire"), seed=1, winnable=True, solve=True, lang=code).document
    seed, solution = shipped["seed"], [step["word"] for step in shipped["solution"]]  # as written: Turkish İ, I
    words = tmp_path / "list.txt"
    words.write_text("\n".join(solution + GAPS[code].split() + EVERYDAY[code].split()) + "\n", encoding="utf-8")
    forms = {normalize(w) for w in GAPS[code].split()}
    assert not {normalize(w) for w in proposals_for(words, code, False)} & forms
    assert forms <= {normalize(w) for w in proposals_for(words, code, True)}
    solved = api.run(api.deal_command("word-solitaire"), seed=seed, solve=True, words=str(words),
                     lang=code).document
    assert solved["winnable"] is True
    assert not {normalize(step["word"]) for step in solved["solution"]} & forms
    first = solved["solution"][0]
    record = step_line(first) + "\n"
    hint = api.reply("solitaire", record, game="word-solitaire", seed=seed, words=str(words), lang=code)
    assert hint["step"] and normalize(hint["step"]["word"]) not in forms, hint


@pytest.mark.parametrize("code", sorted(GAPS))
def test_a_verifier_still_accepts_them_from_a_teacher_s_list(code: str, tmp_path: Path) -> None:
    words = _list(code, tmp_path)
    for form in GAPS[code].split():
        assert api.check_word(form, words=words, lang=code), form
        assert not api.proposed(form, words=words, lang=code), form
