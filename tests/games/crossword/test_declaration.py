"""Crossword on the game contract: the `patterns` component and the record kind through kitgen.api, and the
generated `kitgen pattern` / `kitgen verify crossword` writing where they say they do."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kitgen import api

SAMPLES = Path(__file__).resolve().parents[3] / "samples" / "crossword"
WORDS = ("act", "technical", "afternoon", "apologies", "according", "appearing", "alpha", "pointless", "gas")


def test_the_game_declares_its_component_record_and_command() -> None:
    crossword = next(g for g in api.games() if g.name == "crossword")
    assert crossword.components == ("patterns",) and crossword.records == ("crossword",)
    assert [c.name for c in api.game("crossword").commands] == ["pattern"]
    options = {o.name: o for o in api.options("crossword", "patterns")}
    assert options["from_file"].flag == "--from" and options["per_page"].choices == ("1", "2", "4")
    assert options["style"].choices == ("american", "british", "barred") and options["size"].maximum == 63


def test_api_render_is_the_pdf_kitgen_pattern_writes(invoke, tmp_path: Path) -> None:
    out = tmp_path / "p.pdf"
    assert invoke("pattern", "--seed", "4", "--count", "3", "--per-page", "2", "--out", out).exit_code == 0
    assert api.render("crossword", "patterns", seed=4, count=3, per_page="2") == out.read_bytes()
    copies = api.render("crossword", "patterns", from_file=SAMPLES / "grid.txt", count=2, paper="letter")
    assert copies.startswith(b"%PDF")


def test_api_render_checks_options_as_the_cli_does() -> None:
    with pytest.raises(api.InputError, match="--rows must be between 3 and 63"):
        api.render("crossword", "patterns", rows=64)
    with pytest.raises(api.InputError, match="british patterns have odd sizes"):
        api.render("crossword", "patterns", size=14)


def test_api_verify_gives_scores_or_located_problems(word_file) -> None:
    words = word_file(*WORDS)
    game = SAMPLES / "illegal.txt"
    verdict = api.verify("crossword", game.read_text(), source=str(game), words=words)
    assert verdict.exit_code == 1
    problem = verdict.problems[0]
    assert problem.code == "not-in-lexicon" and str(problem.where) == f"{game}:8:8"
    document = verdict.to_json()  # the game kept whole up to the broken turn (line 8), the refusal beside it
    assert document["problems"] == [{"code": "not-in-lexicon", "message": problem.message, "severity": "error",
                                     "file": str(game), "line": 8, "col": 8}]
    assert [m["line"] for m in document["moves"]] == [7] and document["winner"] is None
    assert document["scores"] == {p: sum(m["score"] for m in document["moves"] if m["player"] == p)
                                  for p in document["players"]}
    inked = api.verify("crossword", game.read_text(), source=str(game), words=words, ink=True)
    assert inked.exit_code == 0 and inked.to_json()["moves"][1]["score"] == -10
    assert "TECHNOCAL (not-in-lexicon)" in inked.to_text()


def test_a_record_read_from_stdin_with_its_pattern_inline(invoke, word_file) -> None:
    words = word_file("act", "technical")
    record = "pattern:\n#...#\n#.#.#\n.....\n#.#.#\n#...#\nplayers: ANN BOB\nANN 1A act\nBOB pass\nANN pass\n"
    result = invoke("verify", "crossword", "-", "--words", words, "--json", input=record)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["scores"] == {"ANN": 16, "BOB": 0}


def test_one_ipuz_goes_where_named_not_under_out(invoke, tmp_path: Path) -> None:
    named = tmp_path / "elsewhere" / "one.ipuz"
    result = invoke("pattern", "--ipuz", named, "--out", f"{tmp_path}/pdfs/", "--json")
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)      # --json: the document alone, no "wrote" lines
    pdf = tmp_path / "pdfs" / "pattern-british-15x15-seed1.pdf"
    assert document["ipuz"] == [str(named)] and document["pdf"] == str(pdf)
    assert named.exists() and pdf.exists() and not list((tmp_path / "pdfs").glob("*.ipuz"))


def test_a_strangers_ipuz_stops_the_run_before_anything_is_written(invoke, tmp_path: Path) -> None:
    (tmp_path / "set-2.ipuz").write_text("my own puzzle")
    result = invoke("pattern", "--count", "3", "--ipuz", tmp_path / "set.ipuz", "--out", tmp_path)
    assert result.exit_code == 2 and "not written by kitgen" in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["set-2.ipuz"]


def test_check_json_is_the_report_and_exit_1_only_for_the_style_asked(invoke, tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("...\n.#.\n...\n")
    both = invoke("pattern", "--check", bad, "--json")
    assert both.exit_code == 0 and json.loads(both.stdout)["styles"]["american"]["legal"] is False
    american = invoke("pattern", "--check", bad, "--style", "american", "--json")
    assert american.exit_code == 1 and list(json.loads(american.stdout)["styles"]) == ["american"]
    assert not list(tmp_path.glob("*.pdf"))


def test_the_typed_options_give_what_the_string_keywords_give(word_file) -> None:
    """Issue 25: the crossword reads typed options (``PatternOptions``, ``RecordOptions``); ``api.render_with``
    is the patterns' typed entry point, the same PDF as ``api.render`` with keywords, each value checked."""
    from kitgen.games.crossword.declaration import PatternOptions, PerPage, RecordOptions, Style, check_record

    typed = api.render_with(PatternOptions(seed=4, count=3, per_page=PerPage.TWO, style=Style.AMERICAN, size=9))
    assert typed == api.render("crossword", "patterns", seed=4, count=3, per_page="2", style="american", size=9)
    with pytest.raises(api.InputError, match="--rows must be between 3 and 63"):
        PatternOptions(rows=64)
    with pytest.raises(TypeError, match="colour"):
        PatternOptions(colour="red")  # type: ignore[call-arg]
    game = SAMPLES / "illegal.txt"
    words = word_file(*WORDS)
    record = api.game_record_kind("crossword")[1].read(game.read_text(), str(game), {})
    inked = check_record(record, RecordOptions(words=words, ink=True))
    assert inked.to_json() == api.verify("crossword", game.read_text(), source=str(game), words=words,
                                         ink=True).to_json()
    assert inked.exit_code == 0 and inked.to_json()["moves"][1]["score"] == -10


GETTERS = ("flag", "opt_int", "as_int", "as_float", "as_str", "opt_str", "path", "paths", "strs", "enum", "paper")


@pytest.mark.parametrize("package", ["crossword", "xword3d"])
def test_the_game_reads_typed_options_not_the_string_getters(package: str) -> None:
    """No ``values.flag("ink")`` (a misspelt name is silently False): the game reads ``opts.ink`` of its Options."""
    import re

    root = Path(__file__).resolve().parents[3] / "kitgen" / "games" / package
    getter = re.compile(rf"\bvalues\.({'|'.join(GETTERS)})\(|\b(lexicon_of|proposals_of|language_of)\(")
    found = [f"{path.relative_to(root)}:{n}: {line.strip()}" for path in sorted(root.rglob("*.py"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if getter.search(line)]
    assert not found, found


def test_run_with_is_the_typed_kitgen_pattern(tmp_path: Path) -> None:
    """``api.run_with(PatternCommandOptions(...))`` is ``kitgen pattern`` with typed options: the same files and
    JSON document as ``api.run`` with keywords, nothing written."""
    from kitgen.games.crossword.declaration import PatternCommandOptions

    target = tmp_path / "set.ipuz"
    typed = api.run_with(PatternCommandOptions(seed=2, size=9, count=2, ipuz=target))
    keywords = api.run(api.command(api.Group.TOP, "pattern"), seed=2, size=9, count=2, ipuz=target)
    assert typed.document == keywords.document and [f.name for f in typed.files] == [f.name for f in keywords.files]
    assert [f.content() for f in typed.files] == [f.content() for f in keywords.files]
    assert typed.document["ipuz"] == [str(tmp_path / "set-1.ipuz"), str(tmp_path / "set-2.ipuz")]
    assert not list(tmp_path.iterdir())
    with pytest.raises(api.InputError, match="no command takes"):
        api.run_with(api.Options())
