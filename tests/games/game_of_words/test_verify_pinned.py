"""The Crossword Game's and Anagrams' refusals are raised located, as named ``RuleBroken``s (issue 25), and what
``kitgen verify crossword-hand|anagrams`` prints did not change: ``--json`` and the text report are pinned here
byte for byte (a digest of stdout, stderr and the exit code) on the samples and on records that break a rule at
each place a refusal is raised (a play, the word's run, a discard, a challenge, a hand that may not start, a steal).

The digests were taken with the code before the refusals were folded (``IllegalPlay`` a ``ValueError`` wrapped in
an ``IllegalTurn``, ``IllegalAnagram`` re-raised as an ``AnagramsBroken``). The records are verified from their own
folder by their bare names, so no path of this machine is in what is pinned.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

Invoke = Callable[..., Result]

ROOT = Path(__file__).resolve().parents[3]
S = ROOT / "samples" / "game-of-words"
HAND_WORDS = ("spew", "why", "yeti", "snot", "ex", "pus", "jab")
ANAGRAM_WORDS = ("art", "rob", "taro", "home", "boar", "car", "cars")

HAND = ("crossword-hand", "--seed", "3", "--words", "words.txt")
ANAGRAMS = ("anagrams", "--words", "words.txt")
RECORDS: dict[str, tuple[tuple[str, ...], str]] = {
    "crossword-hand-3.txt": (HAND, ""),
    "crossword-hand-3-broken.txt": (HAND, ""),
    "wrong-run.txt": (HAND, "players: 2\nP1 SPEW 0,0 across\nP2 AS -2,0 across\n"),
    "nothing-new.txt": (HAND, "players: 2\nP1 SPEW 0,0 across\nP2 SPEW 0,0 across\n"),
    "not-your-turn.txt": (HAND, "players: 2\nP2 SPEW 0,0 across\n"),
    "card-not-held.txt": (HAND, "players: 2\nP1 SPEW 0,0 across\nP2 discard Q blind\n"),
    "nothing-to-challenge.txt": (HAND, "players: 2\nP2  challenge\n"),
    "hand-not-over.txt": (("crossword-hand", "--words", "words.txt"),
                          "players: 2\nhand 3\nP1 SPEW 0,0 across\nhand 4\nP1 SPEW 0,0 across\n"),
    "anagrams-1.txt": (ANAGRAMS, ""),
    "anagrams-broken.txt": (ANAGRAMS, ""),
    "too-short.txt": (ANAGRAMS, "players: ANN BOB\nANN C centre\nBOB A centre\nANN R form CA\n"),
    "no-such-word.txt": (ANAGRAMS, "players: ANN BOB\nANN C centre\nBOB A centre\nANN R take BOB CAR CART\n"),
}
PINNED = {
    "anagrams-1.txt": "70b3651071ac7a8e",
    "anagrams-broken.txt": "258c97bc3a8138f0",
    "card-not-held.txt": "a0fadac20e3055b7",
    "crossword-hand-3-broken.txt": "c86f525816c3f481",
    "crossword-hand-3.txt": "af0bf11f7806f6c6",
    "hand-not-over.txt": "fd5d02693e0e7ea8",
    "no-such-word.txt": "d82895e28ddff121",
    "not-your-turn.txt": "eb305cae26169c77",
    "nothing-new.txt": "2e0198386ae6e973",
    "nothing-to-challenge.txt": "daeb683e516283e8",
    "too-short.txt": "5128a5c474a34201",
    "wrong-run.txt": "b305854090101951",
}


def printed(invoke: Invoke, folder: Path, name: str) -> str:
    """The digest of what ``kitgen verify`` prints for the record ``name`` (with ``--json`` and without)."""
    args, text = RECORDS[name]
    record = folder / name
    if text:
        record.write_text(text, encoding="utf-8")
    else:
        record.write_bytes((S / name).read_bytes())
    words = HAND_WORDS if args[0] == "crossword-hand" else ANAGRAM_WORDS
    (folder / "words.txt").write_text("\n".join(words) + "\n", encoding="utf-8")
    digest = hashlib.sha256()
    for extra in (("--json",), ()):
        found = invoke("verify", args[0], name, *args[1:], *extra)
        for part in (str(found.exit_code), found.stdout, found.stderr):
            digest.update(part.encode("utf-8") + b"\0")
    return digest.hexdigest()[:16]


@pytest.mark.parametrize("name", sorted(RECORDS))
def test_verify_prints_what_it_printed_before_the_refusals_were_folded(
        name: str, invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert printed(invoke, tmp_path, name) == PINNED[name]
