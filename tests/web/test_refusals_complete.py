"""Every code a verifier can emit on a check page of the table games and the solitaires has a plain refusal (issue 27,
"Written for people"): the codes are read from the rules' own source (each ``Code.X`` a module names, each literal
code of a document's ``Problem`` or of a finished crossword's ``problem``, each code the Crossword Game's
``placement_for`` raises for a Crossword Solitaire), so a code added there without a plain refusal in
``kitgen/web/refusals.py`` fails here, instead of reaching a child as the checker's message."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from kitgen.games.crossword.rules.game import EntryRule
from kitgen.games.game_of_words.rules.common import Code
from kitgen.games.xword3d.rules.game import PlayCode
from kitgen.web.refusals import CROSSWORD_SOLITAIRE, REFUSALS

ROOT = Path(__file__).resolve().parents[2] / "kitgen" / "games"
RULES = ROOT / "game_of_words" / "rules"
RESULTS = ROOT / "game_of_words" / "formats" / "results.py"
MODULES = {
    "anagrams": ("anagrams.py", "anagrams_replay.py"),
    "out-game": ("out_game.py", "out_replay.py"),
    "guess-o-gram": ("guess_o_gram.py",),
    "crossword-hand": ("crossword_game.py",),
    "solitaire": ("word_solitaire.py", "letter_patience.py", "patience_replay.py", "solitaire_replay.py"),
}
"""The rules modules a record kind's verifier replays the record with."""
DOCUMENTS = {"AnagramsDocument": "anagrams", "OutDocument": "out-game", "GuessDocument": "guess-o-gram",
             "HandDocument": "crossword-hand", "CrosswordGridDocument": "solitaire"}
"""The verdict documents of these kinds, whose own ``Problem("code", ...)`` (a warning) a page shows too."""


def _named_codes(source: str) -> set[str]:
    """The ``Code`` members a module names (``Code.NOT_YOUR_TURN``), as their slugs."""
    return {Code[n.attr].value for n in ast.walk(ast.parse(source))
            if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "Code"}


def _document_codes() -> dict[str, set[str]]:
    """Each kind's literal problem codes, from ``Problem("...", ...)`` in its document class."""
    found: dict[str, set[str]] = {kind: set() for kind in MODULES}
    for node in ast.parse(RESULTS.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ClassDef) and node.name in DOCUMENTS:
            found[DOCUMENTS[node.name]] |= {
                call.args[0].value for call in ast.walk(node)
                if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "Problem"
                and call.args and isinstance(call.args[0], ast.Constant) and isinstance(call.args[0].value, str)}
    return found


def _grid_codes() -> set[str]:
    """A finished Crossword Solitaire's codes: each literal ``problem("...", ...)`` of its check."""
    tree = ast.parse((RULES / "crossword_solitaire.py").read_text(encoding="utf-8"))
    return {call.args[0].value for call in ast.walk(tree)
            if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "problem"
            and call.args and isinstance(call.args[0], ast.Constant) and isinstance(call.args[0].value, str)}


def _placement_codes() -> set[str]:
    """The codes the Crossword Game's ``placement_for`` raises (a Crossword Solitaire play goes through it)."""
    tree = ast.parse((RULES / "crossword_game.py").read_text(encoding="utf-8"))
    found = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "placement_for"]
    return _named_codes(ast.unparse(found[0]))


def emitted(kind: str) -> set[str]:
    """Every code the verifier of ``kind`` can emit."""
    if kind == "3dxword":  # each refusal is a subclass naming its PlayCode; the base class is never raised bare
        return {c.value for c in PlayCode if c is not PlayCode.ILLEGAL}
    if kind == "crossword":  # the same for the Crossword game's EntryRule (its player and room refuse with these)
        return {c.value for c in EntryRule if c is not EntryRule.ILLEGAL}
    codes = set().union(*(_named_codes((RULES / m).read_text(encoding="utf-8")) for m in MODULES[kind]))
    if kind == "solitaire":
        codes |= _grid_codes() | _placement_codes()
    return codes | _document_codes()[kind]


@pytest.mark.parametrize("kind", [*MODULES, "3dxword", "crossword"])
def test_every_code_a_verifier_can_emit_has_a_plain_refusal(kind: str) -> None:
    missing = emitted(kind) - set(REFUSALS[kind])
    assert not missing, f"{kind}: no plain refusal for {sorted(missing)}"


@pytest.mark.parametrize("kind", [*MODULES, "3dxword", "crossword"])
def test_every_plain_refusal_is_one_the_verifier_can_emit(kind: str) -> None:
    assert set(REFUSALS[kind]) <= emitted(kind), kind


def test_the_scan_finds_the_codes_it_must() -> None:
    """The scan is not empty by mistake: it sees codes each kind is known to raise, and the O-U-T warning."""
    assert {"plural-steal", "short-word", "not-your-turn"} <= emitted("anagrams")
    assert {"no-word", "no-long-word", "player-out"} <= emitted("out-game")
    assert {"wrong-run", "hand-not-over", "sub-card-not-new"} <= emitted("crossword-hand")
    assert {"way-up", "draw-tie"} <= emitted("3dxword")
    assert {"bad-placement", "bare-plural", "card-not-held", "pack-gone-through", "wrong-run", "fill-first",
            "too-many-ways", "too-many", "not-used", "alone", "apart", "order-not-checked"} <= emitted("solitaire")


def test_a_crossword_solitaire_says_only_solitaire_codes_its_own_way() -> None:
    assert set(CROSSWORD_SOLITAIRE) <= emitted("solitaire")


@pytest.mark.parametrize(("game", "base"), [("xword3d", "IllegalPlay"), ("crossword", "IllegalEntry")])
def test_the_base_refusal_is_never_raised_bare(game: str, base: str) -> None:
    """``illegal`` has no plain refusal because no play of 3DXWORD or the Crossword game is refused with the
    base class itself."""
    for path in (ROOT / game).rglob("*.py"):
        calls = [n for n in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                 if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == base]
        assert not calls, path
