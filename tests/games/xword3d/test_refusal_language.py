"""A 3DXWORD log's refusals speak the text language (issue 28): each rule's refusal (and the draw's) comes from
the catalogue, English as written, and no translated refusal keeps an English phrase of the catalogue; the
``FILE:LINE:COL: ANN CAT:`` prefix and the ``[code]`` stay as they are (the player's and the record's own words)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result
from untranslated import LANGUAGES, english_left

Invoke = Callable[..., Result]
START = "players: ANN BOB\nversion: 3d\nANN CAT 0,0 across\n"
CASES = {
    "out-of-turn": (START + "ANN ART 1,0 down\n",
                    "4:1: ANN ART: it is BOB's turn, not ANN's (play goes round in seating order) [out-of-turn]"),
    "too-short": ("players: ANN BOB\nANN A 0,0 across\n",
                  "2:5: ANN A: A is one letter: a word has two letters or more [too-short]"),
    "table-x": ("players: ANN BOB\nversion: table\nANN CAT 0,0 across x\n",
                "3:5: ANN CAT: X pieces and letters upside down or on their side belong to the 3-D version "
                "[table-version]"),
    "table-up": ("players: ANN BOB\nversion: table\nANN CAT 0,0 across\nBOB TOP 2,0,0 up\n",
                 "4:5: BOB TOP: up at height 0: the table version is flat (words across and down on the table only) "
                 "[table-version]"),
    "table-joiner": ("players: ANN BOB\nversion: table\nANN CAT 0,0 across\nBOB ART 1,0 down red\n",
                     "4:5: BOB ART: Joiners belong to the 3-D version [table-version]"),
    "x-first": ("players: ANN BOB\nversion: 3d\nANN CAT 0,0 across x\n",
                "3:5: ANN CAT: an X piece joins a play to a word on the table; CAT, the first word, joins none "
                "(3-D rule 6) [x-piece-not-joined]"),
    "way-first": ("players: ANN BOB\nversion: 3d\nANN CAT 0,0 across upside-down\n",
                  "3:5: ANN CAT: the first word sets which way is up: CAT stands upright, not upside down [way-up]"),
    "clash": (START + "BOB DOG 0,0 across\n", "4:5: BOB DOG: 0,0,0 already holds C, not the D of DOG [clash]"),
    "no-new": (START + "BOB CAT 0,0 across\n",
               "4:5: BOB CAT: CAT is already on the table: a play puts down at least one new letter [no-new-letter]"),
    "first-off": ("players: ANN BOB\nversion: 3d\nANN CAT 0,0,1 across\n",
                  "3:5: ANN CAT: the first word lies flat on the table (across or down at height 0), not across at "
                  "height 1 [first-word-off-table]"),
    "not-joined": (START + "BOB DOG 5,5 across\n",
                   "4:5: BOB DOG: DOG does not join the words on the table [not-joined]"),
    "too-early": (START + "BOB TOP 2,0,0 up\n",
                  "4:5: BOB TOP: no 3-D building yet: 1 word played, 4 needed (3-D rule 1) [too-early-for-3d]"),
    "not-a-word": (START + "BOB QZX 0,1 across\n", "4:5: BOB QZX: QZX is not in the dictionary [not-a-word]"),
    "below": (START + "BOB ART 1,0 down\nANN TEN 1,2 across\nBOB NET 3,2 down\nANN TEA 2,0,1 drop\n",
              "7:5: ANN TEA: TEA would go below the table (height -1 at 2,0,-1) [below-table]"),
    "game-over": (START + "BOB pass\nANN pass\nBOB ART 1,0 down\n",
                  "6:1: BOB ART: the game is over: every player passed in turn, so no one can make a new word "
                  "[game-over]"),
    "wrong-draw": ("players: ANN BOB\ndraw: ANN K\nANN CAT 0,0 across\n",
                   "2:1: this draw is for ANN BOB: every one of them draws, and no one else"),
    "draw-tie": ("players: ANN BOB\ndraw: ANN K BOB K\nANN CAT 0,0 across\n",
                 "2:1: ANN and BOB are equally near X: they draw again (table rule 2)"),
    "draw-extra": ("players: ANN BOB\ndraw: ANN K BOB X\ndraw: ANN K BOB X\nANN CAT 0,0 across\n",
                   "3:1: BOB already won the draw; no further draw: line is needed"),
}


def _words(refusal: str) -> str:
    """A refusal's words: after its ``FILE:LINE:COL: ANN CAT:`` and before its ``[code]`` (as the record wrote)."""
    message = refusal.split(".txt:", 1)[1].split(": ", 1)[1]
    return re.sub(r"^[A-Z]+ [A-Za-z]+: | \[[a-z0-9-]+\]\n$", "", message)


def _refusal(invoke: Invoke, tmp_path: Path, case: str, *lang: str) -> str:
    log = tmp_path / f"{case}.txt"
    log.write_text(CASES[case][0])
    said = invoke("verify", "3dxword", log, *lang)
    assert said.exit_code == 1, said.output
    return str(said.stderr)


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_refusal_in_english_is_as_written(invoke: Invoke, tmp_path: Path, case: str) -> None:
    assert _refusal(invoke, tmp_path, case) == f"kitgen: {tmp_path / case}.txt:{CASES[case][1]}\n"


def test_every_refusal_in_every_language_leaves_no_english(invoke: Invoke, tmp_path: Path) -> None:
    left = {}
    for case in CASES:
        english = _refusal(invoke, tmp_path, case)
        for lang in LANGUAGES:
            said = _refusal(invoke, tmp_path, case, "--text-lang", lang)
            found = english_left(_words(english), _words(said), lang)
            if found or said == english:
                left[f"{case} {lang}"] = sorted(found) or ["untranslated"]
    assert not left, left


def test_a_refusal_in_french_and_russian(invoke: Invoke, tmp_path: Path) -> None:
    """French with its no-break spaces; Russian with its plural forms of the words played."""
    assert _refusal(invoke, tmp_path, "too-early", "--text-lang", "fr").endswith(
        "BOB TOP: pas encore de construction en 3D\u00a0: 1 mot joué, il en faut 4 (règle 3D 1) [too-early-for-3d]\n")
    assert _refusal(invoke, tmp_path, "draw-tie", "--text-lang", "ru").endswith(
        "ANN и BOB одинаково близко к X: они тянут снова (настольное правило 2)\n")
    assert _refusal(invoke, tmp_path, "table-joiner", "--text-lang", "de").endswith(
        "BOB ART: Verbinder gehören zur 3-D-Fassung [table-version]\n")
