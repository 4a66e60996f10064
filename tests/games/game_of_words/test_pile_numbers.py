"""One pile numbering for people (issue 27, decided by the lead): a record, ``kitgen deal``'s text, the deal
sheet and the web count piles from 1; only ``--json`` indexes them from 0, for programs
(docs/game-of-words.md, "Typed-back files" and "JSON contract")."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

from kitgen import api
from kitgen.core.i18n import speaking
from kitgen.games.game_of_words.formats.hint import step_line

Invoke = Callable[..., Result]


def _text_solution(invoke: Invoke, game: str, seed: int) -> list[str]:
    r = invoke("deal", game, "--seed", str(seed), "--solve")
    assert r.exit_code == 0, r.stderr
    return r.stdout.split("winnable: yes\n", 1)[1].splitlines()


def test_a_word_solitaire_record_typed_from_the_deals_numbering_verifies(invoke: Invoke, tmp_path: Path) -> None:
    """What a person reads (``11: R W J``, ``J from 11``) is what they type after the word, and it wins."""
    r = invoke("deal", "word-solitaire", "--seed", "1")
    assert "  11: R W J" in r.stdout and "   1: T Z H" in r.stdout and "extra (18): L" in r.stdout
    record = []
    for line in _text_solution(invoke, "word-solitaire", 1):
        word, takes = re.match(r"\s*\d+\. (\w+)\s+(.*)", line).groups()  # type: ignore[union-attr]
        record.append(" ".join([word, *re.findall(r"from (\d+)", takes)]))
    assert record[0] == "JOWL 11 3 10 15"
    (tmp_path / "w.txt").write_text("\n".join(record) + "\n", encoding="utf-8")
    r = invoke("verify", "solitaire", str(tmp_path / "w.txt"), "--seed", "1")
    assert r.exit_code == 0 and "won deal 1" in r.stdout, r.stderr


def test_a_letter_patience_record_typed_from_the_deals_numbering_verifies(invoke: Invoke, tmp_path: Path) -> None:
    r = invoke("deal", "letter-patience", "--seed", "2")
    assert "seven piles 1-7" in r.stdout and "  1: V" in r.stdout and "  7: # # # # # # L" in r.stdout
    lines = [line.strip() for line in _text_solution(invoke, "letter-patience", 2)]
    assert lines[:2] == ["VIOL 1 2 4 7", "fill 1 from 5"]  # V is pile 1's only card; the I on pile 5 fills it
    (tmp_path / "p.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    r = invoke("verify", "solitaire", str(tmp_path / "p.txt"), "--game", "letter-patience", "--seed", "2")
    assert r.exit_code == 0 and "won deal 2" in r.stdout, r.stderr


@pytest.mark.parametrize("game, seed, text, where", [
    ("word-solitaire", 1, "JOWL 11 3 10 15\nSQUAW 2 16 0 5 11\n", "r.txt:2:12: there is no pile 0: piles are "
                                                                  "counted from 1"),
    ("word-solitaire", 1, "JOWL 11 3 10 19\n", "r.txt:1:14: there is no pile 19: the piles are counted from 1 to 18"),
    ("letter-patience", 2, "VIOL 1 0 4 7\n", "r.txt:1:8: there is no pile 0: piles are counted from 1"),
    ("letter-patience", 2, "VIOL 1 2 4 7\nfill 0 from 5\n", "r.txt:2:6: there is no pile 0: piles are counted "
                                                              "from 1"),
    ("letter-patience", 2, "VIOL 1 2 4 7\nfill 1 from 0\n", "r.txt:2:13: there is no pile 0: piles are counted "
                                                              "from 1"),
    ("letter-patience", 2, "VIOL 1 2 4 8\n", "r.txt:1:12: there is no pile 8: the piles are counted from 1 to 7"),
])
def test_pile_0_and_a_pile_past_the_last_are_refused_where_typed(invoke: Invoke, tmp_path: Path, game: str,
                                                                 seed: int, text: str, where: str) -> None:
    (tmp_path / "r.txt").write_text(text, encoding="utf-8")
    r = invoke("verify", "solitaire", str(tmp_path / "r.txt"), "--game", game, "--seed", str(seed))
    assert r.exit_code == 2 and where in r.stderr, r.stderr
    assert "Traceback" not in r.stderr


def test_pile_0_is_refused_in_the_text_language() -> None:
    with speaking("fr"), pytest.raises(api.InputError) as caught:
        api.verify("solitaire", "JOWL 11 3 10 0\n", game="word-solitaire", seed=1)
    assert "pile 0" in str(caught.value) and "there is no pile" not in str(caught.value)


def test_json_keeps_indices_from_0(invoke: Invoke) -> None:
    """Programs index arrays: the JSON's pile 10 is ``piles[10]``, the pile a person calls 11."""
    doc = json.loads(invoke("deal", "word-solitaire", "--seed", "1", "--solve", "--json").stdout)
    first = doc["solution"][0]
    assert first == {"word": "JOWL", "from": [10, 2, 9, 14]}
    assert [doc["piles"][p][-1] for p in first["from"][:3]] == ["J", "O", "W"]
    doc = json.loads(invoke("deal", "letter-patience", "--seed", "2", "--solve", "--json").stdout)
    assert doc["solution"][:2] == [{"move": "word", "word": "VIOL", "from": ["0", "1", "3", "6"]},
                                   {"move": "fill", "space": 0, "from": "4"}]
    assert step_line(doc["solution"][0]) == "VIOL 1 2 4 7" and step_line(doc["solution"][1]) == "fill 1 from 5"


def test_a_hint_is_a_line_of_the_record_counted_from_1() -> None:
    hint = api.reply("solitaire", "VIOL 1 2 4 7\n", game="letter-patience", seed=2)
    assert hint["step"] == {"move": "fill", "space": 0, "from": "4"} and hint["line"] == "fill 1 from 5"
