"""The crossword fill in each language's alphabet (issue 26): a word is filled in the letters its language's
crosswords write it in (kitgen.core.language: Spanish Ñ, Swedish Å Ä Ö, Polish Ą ... Ż, Turkish Ç Ğ İ Ö Ş Ü,
Cyrillic, Greek; Dutch Ĳ in tests/core/test_dutch_ij.py), the alphabets Make a Wordsearch uses, not A-Z only."""

from __future__ import annotations

from pathlib import Path

import pytest

from kitgen.core.grid import Grid
from kitgen.core.language import LANGUAGES
from kitgen.core.lexicon import Lexicon
from kitgen.games.crossword.rules.fill import FillIndex, RankedIndex, fill

PLUS = "#.#\n...\n#.#\n"
"""Two three-letter lights crossing in their middle square."""

CROSSING = {
    "es": ("año", "uña", {"AÑO", "UÑA"}),
    "sv": ("får", "når", {"FÅR", "NÅR"}),
    "pl": ("łuk", "żuk", {"ŁUK", "ŻUK"}),
    "tr": ("dil", "bir", {"DİL", "BİR"}),
    "ru": ("дом", "сок", {"ДОМ", "СОК"}),
    "el": ("φως", "πώς", {"ΦΩΣ", "ΠΩΣ"}),
}
"""For each alphabet, two words that cross in the plus in a letter of the language's own (none of them is A-Z
only, so a fill in A-Z finds nothing), and their fitting forms."""


@pytest.mark.parametrize("code", sorted(CROSSING))
def test_a_words_list_in_the_language_s_letters_fills_the_plus(code: str, invoke, tmp_path: Path) -> None:
    first, second, fitting = CROSSING[code]
    pattern = tmp_path / "plus.txt"
    pattern.write_text(PLUS, encoding="utf-8")
    words = tmp_path / f"{code}.txt"
    words.write_text(f"{first}\n{second}\n", encoding="utf-8")
    result = invoke("pattern", "--from", pattern, "--fill", "--lang", code, "--words", words, "--text",
                    "--out", tmp_path)
    assert result.exit_code == 0, result.stderr
    rows = result.stdout.splitlines()
    at = rows.index(next(row for row in rows if len(row) == 3 and not row.startswith("#")))
    across = rows[at]
    down = rows[at - 1][1] + across[1] + rows[at + 1][1]
    assert {across, down} == fitting


@pytest.mark.parametrize("code", sorted(CROSSING))
def test_the_fill_index_holds_the_language_s_letters(code: str) -> None:
    lang = LANGUAGES[code]
    first, second, fitting = CROSSING[code]
    lexicon = Lexicon.from_entries([(first, 1), (second, 2), ("xyz" if code in "es sv pl tr" else "abc", 3)],
                                   lang=lang)
    index = FillIndex(lexicon)
    assert set(index.length(3).words) >= fitting
    found = fill(Grid(["#.#", "...", "#.#"]), index)
    assert found is not None and set(found.words.values()) == fitting


def test_an_alphabet_past_four_chunks_reads_its_letter_masks_right() -> None:
    """Polish has 35 letters: its masks span five 7-bit chunks, and ``letters``/``having`` read every one."""
    import random

    alphabet = LANGUAGES["pl"].letters
    rng = random.Random(3)
    words = sorted({"".join(rng.choice(alphabet) for _ in range(4)) for _ in range(300)})
    index = RankedIndex(words, 4, alphabet)
    code = {ch: k for k, ch in enumerate(alphabet)}
    for _ in range(100):
        domain = rng.getrandbits(len(words))
        within = rng.getrandbits(len(alphabet)) if rng.random() < 0.7 else index.full
        position = rng.randrange(4)
        expected = sum({1 << code[w[position]] for i, w in enumerate(words) if domain >> i & 1}) & within
        assert index.letters(domain, position, within) == expected
        assert index.having(position, within) == sum(
            1 << i for i, w in enumerate(words) if within >> code[w[position]] & 1)


def test_a_given_letter_of_another_alphabet_leaves_its_light_no_word() -> None:
    from kitgen.games.crossword.rules.fill import blocked_light

    lexicon = Lexicon.from_entries([("cat", 1), ("tab", 2)])
    grid = Grid(["#.#", "Ж..", "#.#"])
    light = blocked_light(grid, lexicon)
    assert light is not None and fill(grid, lexicon) is None
