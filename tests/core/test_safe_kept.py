"""Ordinary words the classroom-safe lists took from LDNOOBW and kitgen proposes again (issue 26, the blocked-list
review; docs/languages.md, "Classroom-safe lists", ``@kept``): Dutch *naaien* (to sew), *wippen* (to seesaw) and
*aardappels* (potatoes), Portuguese *pau* (stick, wood), *aborto* (miscarriage, abortion) and *bissexual*, Italian
*palle* (balls, as in football). Their inflected forms come back with them; the vulgar words beside them stay
blocked."""

from __future__ import annotations

from pathlib import Path

import pytest

from kitgen import api
from kitgen.core.language import language
from kitgen.core.safe import SafeList

KEPT = {
    "nl": "naaien naait naaide naaiden genaaid wippen wipt wipte gewipt aardappels aardappel",
    "pt": "pau paus aborto abortos bissexual bissexuais",
    "it": "palle",
}
STILL_BLOCKED = {"nl": "neuken geneukt kut", "pt": "foder fodido piça", "it": "cazzo fottuto"}


@pytest.mark.parametrize("code", sorted(KEPT))
def test_the_reviewed_everyday_words_are_proposed(code: str, tmp_path: Path) -> None:
    words = tmp_path / f"{code}.txt"
    words.write_text("\n".join(KEPT[code].split() + STILL_BLOCKED[code].split()) + "\n", encoding="utf-8")
    for word in KEPT[code].split():
        assert api.proposed(word, words=words, lang=code), f"{code} {word} is not proposed"
        assert not SafeList.shipped(code).blocks(language(code).normalize(word))
    for word in STILL_BLOCKED[code].split():
        assert not api.proposed(word, words=words, lang=code), f"{code} {word} is proposed"


def test_words_match_proposes_them(invoke, tmp_path: Path) -> None:
    words = tmp_path / "nl.txt"
    words.write_text("naaien\nwippen\naardappels\nneuken\n", encoding="utf-8")
    result = invoke("words", "match", "??????", "--lang", "nl", "--words", words)
    assert result.exit_code == 0, result.stderr
    assert result.stdout.split() == ["naaien", "wippen"]
