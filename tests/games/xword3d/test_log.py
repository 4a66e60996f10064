"""The 3DXWORD log (DESIGN.md format), its replay, and ``kitgen verify 3dxword``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kitgen.core.errors import InputError
from kitgen.core.lexicon import Lexicon
from kitgen.core.text import TextSource
from kitgen.games.xword3d.formats.log import BadLog, format_replay, parse_log
from kitgen.games.xword3d.rules.game import IllegalPlay
from kitgen.games.xword3d.rules.log import replay

WORDS = ["brand", "brands", "branded", "to", "no", "toy", "oy", "cat", "art", "ten", "net", "top", "pat", "tea"]
SAMPLES = Path(__file__).resolve().parents[3] / "samples" / "3dxword"


def lex() -> Lexicon:
    return Lexicon.from_entries([(w, 10) for w in WORDS])


def parse(text: str):
    return parse_log(TextSource("game.txt", text))


def run(text: str):
    return replay(parse(text), lex())


def error(text: str, kind=InputError) -> str:
    if kind is IllegalPlay:  # a rule refusal stops the replay, which keeps the game up to it
        broken = run(text).broken
        assert isinstance(broken, IllegalPlay)
        return str(broken)
    with pytest.raises(kind) as exc:
        run(text)
    return str(exc.value)


# -- reading ---------------------------------------------------------------------------------------
def test_reads_players_plays_passes_and_unused():
    log = parse("# a game\nplayers: ann Bob\nversion: 3d\nANN BRAND 3,0 across\nbob pass QZ\n"
                "ann brands 3,0,0 ACROSS red\nunused: ANN 2 bob 0\n")
    assert log.players == ["ann", "Bob"] and log.version == "3d"
    assert [t.player for t in log.turns] == ["ann", "Bob", "ann"]
    t = log.turns[2]
    assert (t.word, t.start, t.direction, t.joiner) == ("BRANDS", (3, 0, 0), "across", "red")
    assert log.turns[1].passed and log.turns[1].exchanged == "QZ"
    assert log.unused == {"ann": 2, "Bob": 0}


@pytest.mark.parametrize("text, where, why", [
    ("ANN CAT 0,0 across\n", "1:1", "players: line"),
    ("players: ANN\n", "1:10", "2 to 12 players"),
    ("players: ANN ann\n", "1:14", "named twice"),
    ("players: ANN BOB\nCY CAT 0,0 across\n", "2:1", "unknown player 'CY'"),
    ("players: ANN BOB\nANN C4T 0,0 across\n", "2:5", "word of letters"),
    ("players: ANN BOB\nANN CAT 0;0 across\n", "2:9", "coordinates"),
    ("players: ANN BOB\nANN CAT 0,0 sideways\n", "2:13", "direction"),
    ("players: ANN BOB\nANN CAT 0,0 across green\n", "2:20", "red or blue (a Joiner), x (an X piece) or upside-down"),
    ("players: ANN BOB\nANN CAT 0,0 across red blue\n", "2:24", "one Joiner a play"),
    ("players: ANN BOB\nANN CAT 0,0 across x upside-down X\n", "2:34", "x is given twice"),
    ("players: ANN BOB\nANN CAT 0,0 across upside-down upside-down\n", "2:32", "upside-down is given twice"),
    ("players: ANN BOB\nANN CAT 0,0\n", "2:12", "direction"),
    ("players: ANN BOB\nANN CAT\n", "2:8", "coordinates"),
    ("players: ANN BOB\nANN CAT 5000,0 across\n", "2:9", "within"),
    ("players: ANN BOB\nunused: ANN x\n", "2:13", "count"),
    ("players: ANN BOB\nunused: ANN 1\nANN CAT 0,0 across\n", "3:1", "nothing may follow"),
    ("players: ANN BOB\nscore: 3\n", "2:1", "unknown header"),
    ("players: ANN BOB\nversion: 4d\n", "2:10", "table or 3d"),
    ("players: ANN BOB\ndraw: ANN\n", "2:7", "pairs"),
    ("players: ANN BOB\ndraw: ANN 7 BOB X\n", "2:11", "one letter"),
    ("", "1:1", "no players"),
])
def test_malformed_lines_are_located(text, where, why):
    msg = error(text, BadLog)
    assert msg.startswith(f"game.txt:{where}: ") and why in msg


def test_reads_x_pieces_and_the_way_up_in_any_order_after_the_direction():
    log = parse("players: ANN BOB\nANN CAT 0,0 across\nBOB TOP 2,0,0 up Upside-Down X red\n"
                "ANN TEA 4,0,2 drop x\nBOB PAT 2,0,2 across upside-down\n")
    plays = [(t.joiner, t.x_piece, t.upside_down) for t in log.turns]
    assert plays == [(None, False, False), ("red", True, True), (None, True, False), (None, False, True)]


def test_the_x_pieces_sample_replays_with_its_pieces_and_way_up():
    """samples/3dxword/x-pieces.txt: TOP upside down through an X piece, PAT joined to it upside down too, TEA
    upright again through a second X piece; in the text and the JSON."""
    done = replay(parse_log(TextSource.from_path(SAMPLES / "x-pieces.txt")), lex())
    assert done.broken is None and done.final == {"ANN": 11, "BOB": 4}
    plays = done.to_json()["plays"]
    assert plays[4] == {"player": "ANN", "words": ["TOP"], "score": 3, "x_piece": True, "upside_down": True,
                        "way": "upside-down"}
    assert plays[5] == {"player": "BOB", "words": ["PAT"], "score": 3, "upside_down": True, "way": "upside-down"}
    assert plays[6] == {"player": "ANN", "words": ["TEA"], "score": 6, "x_piece": True, "legs": ["TEA"]}
    from kitgen.games.xword3d.formats.log import format_replay

    lines = format_replay(done)
    assert "TOP 2,0,0 up x upside-down" in lines[5] and lines[5].endswith("TOP 3 (X piece) = 3")


def test_a_word_turned_another_way_up_without_a_piece_is_refused_at_its_line():
    text = (SAMPLES / "x-pieces.txt").read_text().replace("up x upside-down", "up upside-down   ")
    msg = error(text, IllegalPlay)
    assert msg.startswith("game.txt:8:5: ANN TOP: ") and "the T of CAT at 2,0,0 stands upright" in msg
    assert msg.endswith("[way-up]")
    third = run("players: ANN BOB\nANN CAT 0,0 across\nBOB ART 1,0 down x\nANN TEN 1,2 across x\n"
                "BOB NET 3,2 down x\n")  # one X piece a player: two in the game
    assert third.broken is not None and third.broken.reason == "no-x-pieces-left" and len(third.results) == 3


# -- replay ------------------------------------------------------------------------------------------
def test_replay_scores_and_unused_deduction():
    done = run("players: ANN BOB\nANN BRAND 3,0 across\nBOB BRANDS 3,0 across\nANN pass\n"
               "BOB pass\nunused: ANN 2 BOB 3\n")
    assert done.scores == {"ANN": 5, "BOB": 6} and done.final == {"ANN": 3, "BOB": 3}
    data = done.to_json()
    assert data["scores"] == {"ANN": 3, "BOB": 3}
    assert data["plays"][:2] == [{"player": "ANN", "words": ["BRAND"], "score": 5},
                                 {"player": "BOB", "words": ["BRANDS"], "score": 6}]
    assert data["plays"][2] == {"player": "ANN", "words": [], "score": 0, "pass": True}


def test_to_made_no_and_toy_in_a_log():
    done = run("players: ANN BOB\nANN TO 0,1 across\nBOB NO 1,0 across\nANN OY 2,0 down\n")
    assert [r.as_json()["words"] for _, r in done.results] == [["TO"], ["NO", "NO"], ["OY", "TOY"]]
    assert done.final == {"ANN": 7, "BOB": 4}


def test_illegal_play_is_located_and_named():
    msg = error("players: ANN BOB\nANN BRAND 3,0 across\nBOB BRANDS 3,0 across\nANN BRANDED 3,0 across\n",
                IllegalPlay)
    assert msg.startswith("game.txt:4:5: ") and "[clash]" in msg
    msg = error("players: ANN BOB\nANN CAT 0,0 across\nANN TOP 2,0 down\n", IllegalPlay)
    assert msg.startswith("game.txt:3:1: ") and "BOB's turn" in msg and "[out-of-turn]" in msg
    msg = error("players: ANN BOB\nversion: table\nANN CAT 0,0 across\nBOB TOP 2,0,0 up\n", IllegalPlay)
    assert "[table-version]" in msg


def test_draw_decides_who_plays_first():
    done = run("players: ANN BOB CY\ndraw: ANN W BOB Y CY A\ndraw: ANN B BOB Z\n"
               "BOB CAT 0,0 across\nCY pass\nANN pass\n")
    assert done.first == "BOB" and done.to_json()["first"] == "BOB"
    msg = error("players: ANN BOB\ndraw: ANN W BOB Y\nANN CAT 0,0 across\n", IllegalPlay)
    assert msg.startswith("game.txt:2:1: ") and "draw again" in msg
    msg = error("players: ANN BOB CY\ndraw: ANN W BOB Y CY A\ndraw: ANN B CY Z\n", IllegalPlay)
    assert "ANN BOB" in msg


@pytest.mark.parametrize("text, where, reason, why", [
    ("players: ANN BOB\ndraw: ANN W BOB Y\n", "2:1", "draw-tie", "draw again"),
    ("players: ANN BOB CY\ndraw: ANN W BOB Y CY A\ndraw: ANN B CY Z\n", "3:1", "draw", "ANN BOB"),
    ("players: ANN BOB\ndraw: ANN X BOB A\ndraw: ANN B BOB C\n", "3:1", "draw", "already won"),
    ("players: ANN BOB\ndraw: ANN X\n", "2:1", "draw", "every one of them draws"),
    ("players: ANN BOB\ndraw: ANN A BOB X\nANN CAT 0,0 across\n", "3:1", "out-of-turn", "BOB's turn"),
])
def test_draw_refusals_are_named(text, where, reason, why):
    """Table rule 2: the draw decides; a tie draws again, the winner draws no more, the first play is theirs."""
    done = run(text)
    assert done.broken is not None
    assert str(done.broken).startswith(f"game.txt:{where}: ") and why in str(done.broken)
    assert done.broken.reason == reason and done.broken.code.value == reason
    assert done.to_json()["winner"] is None  # the game is kept up to the broken turn, never won


# -- the command ---------------------------------------------------------------------------------------
def test_verify_text_and_json(invoke, tmp_path, word_file):
    words = word_file(*WORDS)
    log = tmp_path / "g.txt"
    log.write_text("players: ANN BOB\nANN BRAND 3,0 across\nBOB BRANDS 3,0 across\nunused: ANN 1\n")
    result = invoke("verify", "3dxword", log, "--words", words)
    assert result.exit_code == 0, result.output
    assert "BRANDS 6" in result.stdout and "winner: BOB" in result.stdout
    assert "balance is physical and not modelled" in result.stdout
    data = json.loads(invoke("verify", "3dxword", log, "--words", words, "--json").stdout)
    assert data["scores"] == {"ANN": 4, "BOB": 6} and data["winner"] == "BOB"
    assert data["plays"][1] == {"player": "BOB", "words": ["BRANDS"], "score": 6}


def test_verify_exit_codes(invoke, tmp_path, word_file):
    words = word_file(*WORDS)
    bad = tmp_path / "bad.txt"
    bad.write_text("players: ANN BOB\nANN BRAND 3,0 across\nBOB BRANDX 3,0 across\n")
    result = invoke("verify", "3dxword", bad, "--words", words)
    assert result.exit_code == 1
    assert result.stderr.strip().startswith(f"kitgen: {bad}:3:5: ") and "not-a-word" in result.stderr
    broken = tmp_path / "broken.txt"
    broken.write_text("players: ANN BOB\nANN BRAND 3,0 across sideways\n")
    result = invoke("verify", "3dxword", broken, "--words", words)
    assert result.exit_code == 2 and result.stderr.startswith(f"kitgen: {broken}:2:")
    assert "Traceback" not in result.output
    assert invoke("verify", "3dxword", tmp_path / "missing.txt").exit_code == 2


def test_samples_verify(invoke):
    good = sorted(SAMPLES.glob("*.txt"))
    words = SAMPLES / "words.lst"
    assert good, "samples/3dxword has logs"
    for path in good:
        result = invoke("verify", "3dxword", path, "--words", words)
        expected = 1 if path.name.startswith("illegal") else 0
        assert result.exit_code == expected, (path, result.output)


# -- fuzz: only InputError escapes the reader; only InputError/RuleBroken the replay -----------------
LINES = st.sampled_from([
    "players: ANN BOB", "players: ANN", "version: table", "version: 3d", "draw: ANN X BOB A", "unused: ANN 1",
    "ANN CAT 0,0 across", "BOB ART 1,0 down", "ANN TOP 2,0,0 up", "BOB TEA 4,0,2 drop red", "ANN pass",
    "BOB pass", "ANN CAT", "ANN 1,2", "BOB TOP 2,0,0 up blue", "# comment", "",
])


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(LINES, st.text(max_size=30)), max_size=12))
def test_fuzz_reader_and_replay(lines):
    text = "\n".join(lines)
    try:
        log = parse(text)
    except InputError:
        return
    try:
        replay(log, lex())
    except (InputError, IllegalPlay):
        pass


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=200))
def test_fuzz_bytes(data):
    try:
        parse_log(TextSource.from_bytes("game.txt", data))
    except InputError:
        pass


# -- each brick's letter orientation, quarter turns included (3-D rules 4 to 6) ------------------------------
def test_a_play_records_how_its_letters_stand_one_way_a_play():
    log = parse("players: ANN BOB\nANN CAT 0,0 across upright\nBOB ART 1,0 down x TURNED-LEFT\n"
                "ANN TEN 1,2 across turned-right red\nBOB NET 3,2 down upside-down\nANN TEA 4,0,2 drop\n")
    assert [t.way for t in log.turns] == ["upright", "turned-left", "turned-right", "upside-down", "upright"]
    assert [t.upside_down for t in log.turns] == [False, False, False, True, False]
    for text, where, why in (("ANN CAT 0,0 across upside-down turned-left", "2:32", "one way a play"),
                             ("ANN CAT 0,0 across turned-right turned-right", "2:33", "turned-right is given twice"),
                             ("ANN CAT 0,0 across sideways", "2:20", "turned-left or turned-right")):
        msg = error(f"players: ANN BOB\n{text}\n", BadLog)
        assert msg.startswith(f"game.txt:{where}: ") and why in msg, msg


def test_the_quarter_turns_sample_records_every_bricks_way_and_replays():
    """samples/3dxword/quarter-turns.txt: an X piece turns TOP's new letters a quarter on CAT's upright T; PAT,
    joined to TOP's P, lies on its side the same way with no piece; a second X piece stands TEA upright again.
    The JSON lists every brick with how its letter stands, so the whole 3-D game is recorded."""
    done = replay(parse_log(TextSource.from_path(SAMPLES / "quarter-turns.txt")), lex())
    assert done.broken is None and done.finished and done.final == {"ANN": 13, "BOB": 6}
    data = done.to_json()
    assert data["plays"][4] == {"player": "ANN", "words": ["TOP"], "score": 3, "x_piece": True, "way": "turned-left"}
    assert data["plays"][5] == {"player": "BOB", "words": ["PAT"], "score": 3, "way": "turned-left"}
    assert data["plays"][6] == {"player": "ANN", "words": ["TEA"], "score": 6, "x_piece": True, "legs": ["TEA"]}
    ways = {tuple(b["at"]): (b["letter"], b["way"]) for b in data["bricks"]}
    assert len(data["bricks"]) == len(ways) == 15
    assert ways[(2, 0, 0)] == ("T", "upright") and ways[(2, 0, 1)] == ("O", "turned-left")
    assert ways[(2, 0, 2)] == ("P", "turned-left") and ways[(3, 0, 2)] == ("A", "turned-left")
    assert ways[(4, 0, 2)] == ("T", "turned-left") and ways[(4, 0, 1)] == ("E", "upright")
    assert data["bricks"][0] == {"at": [0, 0, 0], "letter": "C", "way": "upright"}
    lines = format_replay(done)
    assert "TOP 2,0,0 up x turned-left" in lines[5] and "PAT 2,0,2 across turned-left" in lines[6]


@pytest.mark.parametrize("way, stands", [("upright", "upright"), ("turned-right", "turned a quarter to the right"),
                                         ("upside-down", "upside down")])
def test_a_play_joined_to_letters_on_their_side_lies_the_same_way(way, stands):
    """3-D rule 4: the letters must be the same way up as the word they join: PAT on the P of TOP (turned a
    quarter to the left) is refused standing any other way, with no X piece or Joiner; with one it may."""
    head = ("players: ANN BOB\nANN CAT 0,0 across\nBOB ART 1,0 down\nANN TEN 1,2 across\nBOB NET 3,2 down\n"
            "ANN TOP 2,0,0 up x turned-left\n")
    refused = run(head + f"BOB PAT 2,0,2 across {way}\n").broken
    assert refused is not None and refused.reason == "way-up"
    assert f"PAT's letters stand {stands} but the P of TOP at 2,0,2 stands turned a quarter to the left" \
        in str(refused)
    assert str(refused).startswith("game.txt:7:5: BOB PAT: ")
    assert run(head + f"BOB PAT 2,0,2 across x {way}\n").broken is None


def test_the_first_word_stands_upright_and_the_table_version_has_no_quarter_turns():
    first = run("players: ANN BOB\nANN CAT 0,0 across turned-left\n").broken
    assert first is not None and first.reason == "way-up" and "stands upright, not turned a quarter" in str(first)
    table = run("players: ANN BOB\nversion: table\nANN CAT 0,0 across\nBOB ART 1,0 down turned-right\n").broken
    assert table is not None and table.reason == "table-version" and str(table).startswith("game.txt:4:")


# -- the unused letters at the end (table rule 12, 3-D rule 11) -----------------------------------------------
SEED_TABLE_GAME = "players: ANN BOB\nversion: table\ndraw: ANN K BOB X\nBOB TO 0,1 across\nANN NO 1,0 across\n" \
    "BOB OY 2,0 down\nANN pass\nBOB pass\n"
"""The seed's own example (table rule 10, 'TO made NO and TOY'), as samples/3dxword/table-game.txt plays it."""


def test_the_unused_letters_may_be_given_one_line_a_player_and_come_off_the_same():
    """'less any letters unused at the end of the game' (table rule 12), 'less one point for any letters unused'
    (3-D rule 11): one unused: line for all, or one a player (as a game room writes them), deduct the same."""
    together = run(SEED_TABLE_GAME + "unused: ANN 3 BOB 2\n")
    apart = run(SEED_TABLE_GAME + "unused: BOB 2\n# counted at the table\nunused: ann 3\n")
    assert together.scores == apart.scores == {"ANN": 4, "BOB": 7}
    assert together.final == apart.final == {"ANN": 1, "BOB": 5}
    assert together.to_json() == apart.to_json()
    assert apart.finished and apart.to_json()["finished"] is True and apart.to_json()["winner"] == "BOB"
    counted = error(SEED_TABLE_GAME + "unused: ANN 3\nunused: BOB 2 ANN 1\n", BadLog)
    assert counted.startswith("game.txt:10:15: ") and "ANN is counted twice" in counted
    after = error(SEED_TABLE_GAME + "unused: ANN 3\nBOB pass\n", BadLog)
    assert after.startswith("game.txt:10:1: ") and "nothing may follow the unused: line" in after


def test_a_game_is_finished_after_a_round_of_passes():
    assert run(SEED_TABLE_GAME).to_json()["finished"] is True
    assert run(SEED_TABLE_GAME.replace("BOB pass\n", "")).to_json()["finished"] is False
