"""The Crossword Game's and Anagrams' refusals are raised located, as named ``RuleBroken``s, and a finished
Crossword Solitaire grid's findings are the shared ``Problem`` (issue 25), and what ``kitgen verify
crossword-hand|anagrams|solitaire`` prints did not change: ``--json`` and the text report are pinned here byte for
byte (a digest of stdout, stderr and the exit code) on the samples and on records that break a rule at each place
a refusal is raised (a play, the word's run, a discard, a challenge, a hand that may not start, a steal) or a grid
finding is made (letters too many or not used, a non-word, a letter alone, letters apart).

The digests were taken with the code before the refusals were folded (``IllegalPlay`` a ``ValueError`` wrapped in
an ``IllegalTurn``, ``IllegalAnagram`` re-raised as an ``AnagramsBroken``, crossword_solitaire's own ``Problem``
converted by the reader). Moved deliberately since (issue 27): Anagrams' refused words name the rule each breaks
(``plural-steal``, ``no-such-word``, ``short-word`` for the three records here, not one ``illegal-word``) and a
refusal names the player by the record's name (BOB, not "player 2"). The records are verified from their own
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
GRID_WORDS = ("beam", "earn", "moor", "north")
WORDS = {"crossword-hand": HAND_WORDS, "anagrams": ANAGRAM_WORDS, "solitaire": GRID_WORDS}

HAND = ("crossword-hand", "--seed", "3", "--words", "words.txt")
ANAGRAMS = ("anagrams", "--words", "words.txt")
GRID = ("solitaire", "--game", "crossword-solitaire-b", "--seed", "1", "--spec", "mini-deck.toml", "--words",
        "words.txt")
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
    "crossword-solitaire-b.txt": (GRID, ""),
    "crossword-solitaire-b-broken.txt": (GRID, ""),
    "grid-apart.txt": (GRID, "BEAM\n.A..\n.R..\n.N..\n....\nMOOR\n....\nNORTH\n"),
    "grid-alone.txt": (GRID, "BEAM.O\n.A....\n.R....\n.N....\n"),
}
# The four finished grids' pins moved when their --json gained "not_words" and "unused" (the web page names the
# word and the cards left out); what they print without --json is unchanged.
# They moved again when a grid's findings took the check page's words (issue 28: one catalogue entry for the
# command line and the page): "The crossword has more M than the pack has: ...", the cards left out said once, and
# a won grid's "Won! 4 words use every card." with the note that a grid does not show the order of play.
PINNED = {
    "anagrams-1.txt": "70b3651071ac7a8e",
    "anagrams-broken.txt": "bd544e4cd79f0a04",
    "card-not-held.txt": "a0fadac20e3055b7",
    "crossword-hand-3-broken.txt": "c86f525816c3f481",
    "crossword-hand-3.txt": "af0bf11f7806f6c6",
    "crossword-solitaire-b-broken.txt": "87b19a5c8912dbb6",
    "crossword-solitaire-b.txt": "7ef32957a3caf2e6",
    "grid-alone.txt": "665c4148a77738e3",
    "grid-apart.txt": "a91ca1507ba7b82d",
    "hand-not-over.txt": "fd5d02693e0e7ea8",
    "no-such-word.txt": "d4f565becd9c3047",
    "not-your-turn.txt": "eb305cae26169c77",
    "nothing-new.txt": "2e0198386ae6e973",
    "nothing-to-challenge.txt": "daeb683e516283e8",
    "too-short.txt": "199d82151fa43dcd",
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
    (folder / "words.txt").write_text("\n".join(WORDS[args[0]]) + "\n", encoding="utf-8")
    (folder / "mini-deck.toml").write_bytes((S / "mini-deck.toml").read_bytes())
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


def test_a_grids_findings_are_the_shared_problem_located_by_the_place_of_each_cell() -> None:
    from kitgen.core.errors import Location, Problem
    from kitgen.core.lexicon import Lexicon
    from kitgen.games.game_of_words.rules import crossword_solitaire
    from kitgen.games.game_of_words.rules.crossword_solitaire import check_crossword

    assert crossword_solitaire.Problem is Problem  # no finding type of its own
    words = Lexicon.from_entries([(w, 10) for w in GRID_WORDS])
    cells = {(0, 0): "B", (1, 0): "E", (2, 0): "A", (3, 0): "M", (5, 0): "O"}
    report = check_crossword(cells, "BEAMO", words, lambda cell: Location("g.txt", 9, cell[0] + 1) if cell else None)
    assert report.problems == [
        Problem("alone", "O stands alone: every letter is part of a word across or down, as in any crossword.",
                Location("g.txt", 9, 6)),
        Problem("apart", "These letters do not join the rest of the crossword: everything joins into one crossword.",
                Location("g.txt", 9, 6))]
    assert all(p.where is None for p in check_crossword(cells, "BEAMO", words).problems)
