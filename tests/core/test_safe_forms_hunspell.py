"""Turkish, Russian and Greek block sets expanded like the others' (issue 26; docs/languages.md, "Classroom-safe
lists"): scripts/build_blocked.py takes Turkish and Russian forms from Hunspell (``hunspell -s``: every lexicon entry
whose stem is a listed word, as ``unmunch`` cannot read the Turkish affix file) and Greek's from reviewed paradigms
(Debian's el_GR dictionary lists full forms without affixes). Common inflected forms of listed words are not
proposed, even from a teacher's own list; everyday words beside them are."""

from __future__ import annotations

from pathlib import Path

import pytest

from kitgen import api
from kitgen.core.language import language
from kitgen.core.safe import read_blocked

FORMS = {
    "tr": "sikiyor siktir sikmek orospular orospuya götler götüne pezevenkler amcıklar taşaklar kaltaklar "
          "çingeneler",
    "ru": "суки сукой суку шлюхи шлюхой шлюху пидоры пидора",
    "el": "μαλάκες μαλάκα γαμημένο γαμημένη γαμάει αρχίδια πουτάνες σκατό",
}
EVERYDAY = {"tr": "ama kitap ev", "ru": "дом мама кошка", "el": "γάμος μαλακός θάλασσα"}


@pytest.mark.parametrize("code", sorted(FORMS))
def test_inflected_forms_of_listed_words_are_not_proposed(code: str, tmp_path: Path) -> None:
    words = tmp_path / f"{code}.txt"
    words.write_text("\n".join(FORMS[code].split() + EVERYDAY[code].split()) + "\n", encoding="utf-8")
    blocked = read_blocked(code)
    for form in FORMS[code].split():
        assert language(code).normalize(form) in blocked, f"{code} {form} is not in the block set"
        assert not api.proposed(form, words=words, lang=code), f"{code} {form} is proposed"
    for word in EVERYDAY[code].split():
        assert api.proposed(word, words=words, lang=code), f"{code} {word} is not proposed"
