"""A solitaire's hint: the solver's next move from the game so far (docs/web.md, "Play it"; ``api.reply``).

Word Solitaire and Letter Patience have hints; the solvers are the ones kept per process (``rules/kept.py``, their
indexes read from disk: ``formats/solvers.py``), so a web worker builds each once.
"""

from __future__ import annotations

from typing import Any

from kitgen.core.errors import InputError
from kitgen.core.i18n import gettext as _
from kitgen.core.lexicon import Lexicon
from kitgen.core.random import check_seed
from kitgen.games.game_of_words.formats.solitaire import SolitaireRecord
from kitgen.games.game_of_words.formats.solvers import kept_patience_worker, word_solver
from kitgen.games.game_of_words.rules.deals import LetterPatienceDeal, WordSolitaireDeal, deal
from kitgen.games.game_of_words.rules.deck import Deck
from kitgen.games.game_of_words.rules.letter_patience import counted
from kitgen.games.game_of_words.rules.patience_replay import position_after
from kitgen.games.game_of_words.rules.solve_service import decide_piles, deck_letters
from kitgen.games.game_of_words.rules.word_solitaire import position


def solitaire_hint(record: SolitaireRecord, deck: Deck, lexicon: Lexicon, proposals: Lexicon) -> dict[str, Any]:
    """``{"line", "step", "winnable", "moves"}``: the move as the record would hold it and as a deal's solution
    step, whether the game can still be won from here (``None``: the search gave up) and how many moves the
    solver's way still takes. A won or lost position has no step (``line`` empty). ``lexicon`` checks the game so
    far; the solver proposes from ``proposals``."""
    dealt = deal(record.game, deck, check_seed(record.seed))
    if isinstance(dealt, WordSolitaireDeal):
        left = position(dealt.pile_strings(), [t.word for t in record.words], lexicon,
                        [t.piles for t in record.words])
        if left is None:
            raise InputError(_("the game so far breaks a rule, so there is no hint: take back the last word"))
        decision = decide_piles(word_solver(proposals, deck_letters(deck)), list(left))
        winnable, steps = decision.winnable, [s.to_json() for s in decision.solution]
    elif isinstance(dealt, LetterPatienceDeal):
        state = position_after(dealt, record.moves, lexicon)
        if state is None:
            raise InputError(_("the game so far breaks a rule, so there is no hint: take back the last move"))
        piles, waste, turned, subs = state
        winnable, moves = kept_patience_worker(proposals, deck).decide_from(piles, "".join(dealt.stock), subs,
                                                                            waste, turned)
        steps = [m.to_json() for m in moves]
    else:
        raise InputError(_("{game} has no hints (Word Solitaire and Letter Patience have)").format(game=record.game))
    step = steps[0] if winnable and steps else None
    return {"line": step_line(step) if step else "", "step": step, "winnable": winnable, "moves": len(steps)}


def step_line(step: dict[str, Any]) -> str:
    """A solution step (its JSON, piles indexed from 0) as the solitaire's record holds it, piles counted from 1:
    ``WORD 4 6 13``, ``fill 3 from W``, ``turn``."""
    if step.get("move") == "turn":
        return "turn"
    if step.get("move") == "fill":
        return f"fill {int(step['space']) + 1} from {counted(str(step['from']))}"
    return " ".join([str(step["word"]), *(counted(str(f)) for f in step["from"])])
