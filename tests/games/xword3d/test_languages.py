"""3DXWORD in another language (issue 16): a log's words fold as the language writes them (--lang)."""

from __future__ import annotations

from kitgen import api

SPANISH_LOG = """\
players: ANA BEA
version: table
draw: ANA K BEA X
BEA año 0,0 across
ANA pass
BEA pass
unused: ANA 0 BEA 0
"""


def test_a_spanish_log_plays_a_word_with_n_tilde():
    verdict = api.verify("3dxword", SPANISH_LOG, "es.txt", lang="es")
    assert verdict.exit_code == 0, verdict.problems
    assert "AÑO" in verdict.to_text()


def test_in_english_the_same_word_folds_and_is_refused():
    verdict = api.verify("3dxword", SPANISH_LOG, "es.txt")
    assert verdict.exit_code == 1 and "ANO" in verdict.problems[0].message


def test_a_piece_set_may_hold_n_tilde(tmp_path):
    from kitgen.games.xword3d.rules.pieces import load_piece_spec

    letters = "\n".join(f"{chr(65 + k)} = 1" for k in range(26))
    spec = tmp_path / "es.toml"
    spec.write_text(f'name = "es"\n[counts]\n{letters}\n"Ñ" = 2\n', encoding="utf-8")
    assert load_piece_spec(spec).counts["Ñ"] == 2
