"""What a class session is for: the record kinds a session can be opened for, and how its class set is printed.

Shared by the faces (the web app's class pages, ``kitgen session sheets``) so both print the same sheets with the
same link.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from kitgen.core.i18n import N_


@dataclass(frozen=True)
class SessionKind:
    """What a class session can check: its title, the game and record kind, the component printed as the class
    set, the verify option naming the deal and the component option it becomes, the verify options every sheet
    of it takes (``fixed``), whether the component prints in a language and counts its own copies."""

    title: str
    game: str
    record: str
    component: str
    deal_option: str
    seed_option: str
    fixed: tuple[tuple[str, str], ...] = ()
    languages: bool = True
    counted: bool = True
    pattern: bool = False
    """A Crossword game session: the deal is a seeded pattern, printed as the class set and written at the top
    of every record (``record_start``); the seed names the pattern, it is no option of the verifier."""
    dealt: bool = True
    """False for a game with no deal (3DXWORD: each table plays its own bricks): the session has no deal number
    and its class set is the same sheet for every table (``printed``: the component's own options)."""
    printed: tuple[tuple[str, Any], ...] = ()


KINDS = {
    "wordsearch": SessionKind(N_("Make a Wordsearch"), "wordsearch", "wordsearch", "sheet", "deal", "seed"),
    "word-solitaire": SessionKind(N_("Word Solitaire"), "game-of-words", "solitaire", "word-solitaire-sheet", "seed",
                                  "seed", (("game", "word-solitaire"),), languages=False, counted=False),
    "letter-patience": SessionKind(N_("Letter Patience"), "game-of-words", "solitaire", "letter-patience-sheet", "seed",
                                   "seed", (("game", "letter-patience"),), languages=False, counted=False),
    "crossword": SessionKind(N_("The Crossword game"), "crossword", "crossword", "patterns", "seed", "seed",
                             counted=False, pattern=True),
    "3dxword": SessionKind(N_("3DXWORD game logs"), "3dxword", "3dxword", "score-pad", "", "", counted=False,
                           dealt=False, printed=(("players", 4),)),
}
CAPTION = N_("Check your sheet on a phone:")


def session_options(kind: str, deal: int, lang: str) -> dict[str, Any]:
    """The verify options every sheet of a new session of ``kind`` is checked with."""
    found = KINDS[kind]
    dealt = {found.deal_option: deal} if found.dealt else {}
    return {**dealt, **({"lang": lang} if found.languages else {}), **dict(found.fixed)}


def verify_options(kind: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """The options a session's records are verified with: its stored options, less a pattern's seed."""
    found = KINDS[kind]
    return {k: v for k, v in options.items() if not (found.pattern and k == found.deal_option)}


def record_start(kind: str, options: Mapping[str, Any]) -> str:
    """What every record of the session starts with: a Crossword game session's pattern, inline as the record
    format writes it (docs/crossword.md, "Game record"), so the players type only their names and turns."""
    found = KINDS[kind]
    if not found.pattern:
        return ""
    from kitgen import api

    command = api.command(api.Group.TOP, "pattern")
    drawn = api.run(command, **{found.seed_option: options[found.deal_option]}).document["patterns"][0]
    return "pattern:\n" + "\n".join(drawn["rows"]) + "\n"


def keeps_start(kind: str, options: Mapping[str, Any], text: str) -> bool:
    """Whether a sent record still starts with the session's pattern (line endings and trailing spaces aside)."""
    start = record_start(kind, options)
    lines = [line.rstrip() for line in text.replace("\r\n", "\n").split("\n")]
    return lines[:start.count("\n")] == start.split("\n")[:-1]


def entry_score(document: Mapping[str, Any]) -> int | None:
    """The score a submission ranks by: the sheet's score, a solitaire's 1 (won) or 0, a game's best player."""
    score = document.get("score")
    if score is None and "won" in document:
        score = 1 if document["won"] else 0
    scores = document.get("scores")
    if score is None and isinstance(scores, Mapping) and scores:
        score = max(value for value in scores.values() if isinstance(value, int))
    return score if isinstance(score, int) else None


def class_set_options(kind: str, options: Mapping[str, Any], count: int, paper: str) -> dict[str, Any]:
    """The component options of a session's class set: its deal (and language), ``count`` sheets where the
    component counts its own (else the caller repeats one: ``class_set_copies``), on ``paper``."""
    found = KINDS[kind]
    given: dict[str, Any] = {"paper": paper, **dict(found.printed)}
    if found.dealt:
        given[found.seed_option] = options[found.deal_option]
    if found.languages and found.dealt:
        given["lang"] = options.get("lang", "en")
    if found.counted:
        given["count"] = count
    return given


def class_set_copies(kind: str, count: int) -> int:
    """How many times the printed component is repeated to make ``count`` sheets."""
    return 1 if KINDS[kind].counted else count


def student_link(base: str, session_id: str) -> str:
    """The students' page of a session, in capitals so its QR code is short (kitgen/io/stamp.py)."""
    return f"{base.rstrip('/')}/S/{session_id}".upper()
