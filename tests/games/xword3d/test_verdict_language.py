"""``kitgen verify 3dxword`` speaks the text language (issue 28): the report's header, totals, winner and the 3-D
balance note come from the catalogue, English byte-identical; the plays keep the record's own words."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from click.testing import Result

Invoke = Callable[..., Result]
GAME = Path(__file__).resolve().parents[3] / "samples" / "3dxword" / "3d-game.txt"

ENGLISH = ("3d-game.txt: 2 players (ANN BOB), 3-D version; ANN plays first",
           "  5 ANN  TOP 2,0,0 up red           TOP 3 x3 red Joiner = 9",
           "  7 ANN  TEA 4,0,2 drop             TEA 6 (leg x2) = 6",
           "totals:", "  ANN    21 - 4 unused = 17", "winner: ANN", "note: balance is physical and not modelled")


def test_the_3d_report_reads_english_as_before(invoke: Invoke) -> None:
    said = invoke("verify", "3dxword", GAME)
    assert said.exit_code == 0, said.output
    for line in ENGLISH:
        assert line in said.output, said.output


def test_the_3d_report_in_french_and_russian(invoke: Invoke) -> None:
    expected = {"fr": ["2 joueurs (ANN BOB), version 3D\u202f; ANN joue en premier", "TOP 3 ×3 Jonction rouge = 9",
                       "totaux\u00a0:", "  ANN    21 - 4 inutilisées = 17", "gagnant\u00a0: ANN",
                       "note\u00a0: l’équilibre est physique"],
                "ru": ["2 игрока (ANN BOB), 3D-версия; первым ходит ANN", "TEA 6 (ножка ×2) = 6", "итоги:",
                       "  BOB    12 - 5 не использовано = 7", "победитель: ANN", "примечание: равновесие"]}
    for lang, phrases in expected.items():
        said = invoke("verify", "3dxword", GAME, "--text-lang", lang)
        assert said.exit_code == 0, said.output
        for phrase in phrases:
            assert phrase in said.output, (lang, said.output)
        assert "winner" not in said.output and "unused" not in said.output, (lang, said.output)


def test_a_joiner_is_named_as_the_score_pad_names_it_in_every_language() -> None:
    """The replay's multiplier and the Joiner refusals named the Joiner with the record's keyword, untranslated
    (×3 Jonction red, ein red-Verbinder, Łącznik red) where the score pad prints Jonction rouge, roter Verbinder,
    czerwony Łącznik: each is now one message a colour, and every language names the Joiner in its own words, the
    multiplier with the pad's very name. English is unchanged (" x3 red Joiner")."""
    import re

    from kitgen.core.i18n import TRANSLATED, gettext, speaking
    from kitgen.games.xword3d.formats.log import _TIMES
    from kitgen.games.xword3d.render import JOINER_NAMES
    from kitgen.games.xword3d.rules.game import _JOINER_SAID

    assert _TIMES["red"].format(times=3) == " x3 red Joiner"
    for lang in TRANSLATED[1:]:
        with speaking(lang):
            for colour in ("red", "blue"):
                times = gettext(_TIMES[colour]).format(times=3)
                assert times == " ×3 " + gettext(JOINER_NAMES[colour]), (lang, times)
                for said in (times, *(gettext(m) for m in _JOINER_SAID[colour])):
                    assert not re.search(r"\b(red|blue)\b|\{colour\}", said), (lang, said)
