"""The table games' score-keeping records: Anagrams, the O-U-T Game, Guess-O-Gram (issue 15; rulings 16-18)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result
from hypothesis import given, settings
from hypothesis import strategies as st

from kitgen.core.errors import InputError
from kitgen.core.text import TextSource
from kitgen.games.game_of_words.formats.table_games import parse_anagrams

Invoke = Callable[..., Result]
WordFile = Callable[..., Path]
S = Path(__file__).resolve().parents[3] / "samples" / "game-of-words"
MINI = S / "mini-deck.toml"


def record(tmp_path: Path, text: str, name: str = "r.txt") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# -- Anagrams ------------------------------------------------------------------------------------

def test_anagrams_samples(invoke: Invoke) -> None:
    r = invoke("verify", "anagrams", S / "anagrams-1.txt", "--seed", "1", "--spec", MINI, "--json")
    assert r.exit_code == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["words"] == {"ANN": ["BOAR"], "BOB": ["TARO", "HOME"]}
    assert doc["scores"] == {"ANN": 28, "BOB": 68} and doc["over"] and doc["winners"] == ["BOB"]
    r = invoke("verify", "anagrams", S / "anagrams-broken.txt")
    assert r.exit_code == 1 and "anagrams-broken.txt:7:1: CARS is the plural of CAR" in r.stderr


def test_anagrams_the_deal_is_checked(invoke: Invoke, tmp_path: Path) -> None:
    # deal 1 of the mini deck: ANN holds A, BOB T; ANN first
    r = invoke("verify", "anagrams", record(tmp_path, "players: ANN BOB\nANN T centre\n"), "--seed", "1",
               "--spec", MINI)
    assert r.exit_code == 1 and "r.txt:2:1: ANN holds A, not T" in r.stderr
    r = invoke("verify", "anagrams", record(tmp_path, "players: ANN BOB\nBOB T centre\n"), "--seed", "1",
               "--spec", MINI)
    assert r.exit_code == 1 and "it is ANN's turn" in r.stderr
    # no deal: the pack's letters bound what may be held (one Q in the default deck)
    r = invoke("verify", "anagrams", record(tmp_path, "players: ANN BOB\nANN Q centre\nBOB Q centre\n"))
    assert r.exit_code == 1 and "r.txt:3:1: the pack has no Q left" in r.stderr


def test_anagrams_challenges(invoke: Invoke, tmp_path: Path, word_file: WordFile) -> None:
    words = word_file("ant", "tan")
    # an upheld challenge: TNA is no word; its letters go back, BOB keeps his card and his turn is over
    text = "players: ANN BOB\nANN A centre\nBOB T centre\nANN N form TNA\nBOB challenge\nBOB E centre\n"
    r = invoke("verify", "anagrams", record(tmp_path, text), "--words", words, "--json")
    assert r.exit_code == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["words"] == {"ANN": [], "BOB": []} and doc["challenges"] == [{"challenger": "BOB", "upheld": True}]
    text = text.replace("TNA", "ANT")  # now the challenge is wrong: BOB loses his next turn
    r = invoke("verify", "anagrams", record(tmp_path, text), "--words", words)
    assert r.exit_code == 1 and "r.txt:6:1: it is ANN's turn" in r.stderr
    ok = text.replace("BOB E centre\n", "ANN E centre\nBOB R centre\n")
    assert invoke("verify", "anagrams", record(tmp_path, ok), "--words", words).exit_code == 0


AN = "players: ANN BOB\nANN C centre\nBOB A centre\n"


@pytest.mark.parametrize(("moves", "code", "line", "said"), [
    ("ANN R form CA\n", "short-word", 4, "CA is too short: no words of less than three letters"),
    ("ANN R form CAT\n", "not-in-centre", 4, "the letters of CAT are not in the centre"),
    ("ANN T centre\nBOB R form CAT\n", "card-not-used", 5, "CAT does not use the held card R"),
    ("ANN R take BOB CAR CART\n", "no-such-word", 4, "BOB has no word CAR"),
    ("ANN R form CAR\nBOB T take ANN CAR ACT\n", "nothing-added", 5, "ACT must hold every letter of CAR and more"),
    ("ANN R form CAR\nBOB T take ANN CAR CARTS\n", "added-not-in-centre", 5, "the added letters TS are not"),
    ("ANN R form CAR\nBOB S take ANN CAR CARS\n", "plural-steal", 5, "CARS is the plural of CAR"),
    ("ANN K centre\nBOB E form CAKE\nANN D take BOB CAKE CAKED\n", "tense-steal", 6,
     "CAKED is a past form of CAKE"),
    ("ANN R form CAR\nBOB T centre\nANN T form CAR\n", "word-twice", 6,
     "ANN already has CAR: no word may appear twice before a player"),
])
def test_anagrams_each_refused_word_names_the_rule_it_breaks(invoke: Invoke, tmp_path: Path, word_file: WordFile,
                                                             moves: str, code: str, line: int, said: str) -> None:
    """Issue 27: one code for each rule a word formed or taken breaks (not one ``illegal-word``), at the turn,
    the word in the message; the text report says the same at FILE:LINE:1."""
    words = word_file("car", "cars", "cart", "carts", "act", "cat", "cake", "caked")
    path = record(tmp_path, AN + moves)
    r = invoke("verify", "anagrams", path, "--words", words, "--json")
    problem = json.loads(r.stdout)["problems"][0]
    assert r.exit_code == 1 and (problem["code"], problem["line"], problem["col"]) == (code, line, 1)
    assert said in problem["message"]
    r = invoke("verify", "anagrams", path, "--words", words)
    assert r.exit_code == 1 and f"r.txt:{line}:1: {said}" in r.stderr


def test_anagrams_no_word_twice_and_words_from_the_centre_first(invoke: Invoke, tmp_path: Path,
                                                                 word_file: WordFile) -> None:
    words = word_file("ant", "tan", "nat")
    text = ("players: ANN BOB\nANN A centre\nBOB T centre\nANN N centre\nBOB - form ANT\nBOB A centre\n"
            "ANN T centre\nBOB N form ANT\n")
    r = invoke("verify", "anagrams", record(tmp_path, text), "--words", words)
    assert r.exit_code == 1 and "r.txt:8:1: BOB already has ANT: no word may appear twice before a player" in r.stderr


@pytest.mark.parametrize(("text", "where"), [("ANN A centre\n", "r.txt:1:1:"),
                                             ("players: ANN ANN\nANN A centre\n", "r.txt:1:14:"),
                                             ("players: ANN BOB\nCAT A centre\n", "r.txt:2:1:"),
                                             ("players: ANN BOB\nANN AB centre\n", "r.txt:2:5:"),
                                             ("players: ANN BOB\nANN A form\n", "r.txt:2:7:"),
                                             ("players: ANN BOB\nANN - centre\n", "r.txt:2:5:"),
                                             ("players: ANN BOB\n", "r.txt:1:1:")])
def test_anagrams_malformed_records_are_located(invoke: Invoke, tmp_path: Path, text: str, where: str) -> None:
    r = invoke("verify", "anagrams", record(tmp_path, text))
    assert r.exit_code == 2 and where in r.stderr, r.stderr


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="players: ANBO*-centrformtakchl\n#", max_size=200))
def test_fuzz_anagrams_reader(text: str) -> None:
    try:
        players, turns = parse_anagrams(TextSource("fuzz.txt", text))
        assert players.names and turns
    except InputError as exc:
        assert str(exc).startswith("fuzz.txt:")


# -- the O-U-T Game ------------------------------------------------------------------------------

def test_out_game_samples(invoke: Invoke) -> None:
    r = invoke("verify", "out-game", S / "out-game-1.txt", "--json")
    assert r.exit_code == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["sheets"] == {"ANN": "OU", "BOB": "", "CAT": "E", "DAN": ""}
    assert [w["letters"] for w in doc["words"]] == ["EXCELLENT", "ABS"] and doc["next"] == "CAT"
    r = invoke("verify", "out-game", S / "out-game-broken.txt")
    assert r.exit_code == 1 and "out-game-broken.txt:4:1: it is BOB's turn" in r.stderr


OUT_HEAD = "players: ANN BOB CAT DAN\n"


def test_out_game_asks_e_cancelling_and_out_at_t(invoke: Invoke, tmp_path: Path) -> None:
    # BOB names no word when asked: BOB gets the O; then DAN names a word too short: DAN gets it
    text = OUT_HEAD + "ANN E\nBOB X\nCAT ask -\nBOB Q\nCAT Z\nDAN ask ZQ\n"
    r = invoke("verify", "out-game", record(tmp_path, text), "--json")
    assert r.exit_code == 0, r.stderr
    assert json.loads(r.stdout)["sheets"] == {"ANN": "", "BOB": "O", "CAT": "O", "DAN": ""}
    # an E in credit cancels the next penalty: CAT shows BOB's play, then completes nothing but is asked wrongly
    text = OUT_HEAD + "ANN E\nBOB pass\nCAT shows X\nCAT C\nDAN ask EXCELLENT\n"
    doc = json.loads(invoke("verify", "out-game", record(tmp_path, text), "--json").stdout)
    assert doc["sheets"]["CAT"] == "E" and doc["sheets"]["DAN"] == "O"


def test_out_game_a_player_out_at_t_and_the_winner() -> None:
    from collections import Counter

    from kitgen.core.lexicon import Lexicon
    from kitgen.games.game_of_words.rules.out_game import ScoreSheet
    from kitgen.games.game_of_words.rules.out_replay import OutBroken, OutGame, OutTurn

    words = Lexicon.from_entries([("aaaaaaaaa", 10)])
    game = OutGame(ScoreSheet(4), words, None, Counter({"A": 99}))
    rounds = 0
    while game.sheet.winner() is None:
        starter = game.turn
        game.play(OutTurn(starter, "letter", 1, 1, "A"))
        asker = game.turn  # the player to the starter's left asks, and the word is good: the asker pays
        game.play(OutTurn(asker, "ask", 1, 1, word="AAAAAAAAA"))
        assert game.turn != starter or game.sheet.players - sum(map(game.sheet.is_out, range(4))) <= 2
        rounds += 1
    winner = game.sheet.winner()
    assert winner is not None and [game.sheet.is_out(i) for i in range(4)].count(True) == 3
    assert rounds == 9 + len(game.sheet.sheet(winner))  # one penalty letter a round: three out, the rest his
    with pytest.raises(OutBroken, match="the game is over"):
        game.play(OutTurn(game.turn, "pass", 1, 1))
    out = next(i for i in range(4) if game.sheet.is_out(i))
    fresh = OutGame(ScoreSheet(4), words, None, Counter({"A": 99}))
    fresh.sheet.net[out] = 3
    with pytest.raises(OutBroken, match="out of the game"):
        fresh.play(OutTurn(out, "pass", 1, 1))


def test_out_game_letters_in_hand_with_the_deal(invoke: Invoke, tmp_path: Path) -> None:
    from kitgen.games.game_of_words.formats.deck_spec import preset
    from kitgen.games.game_of_words.formats.results import out_hands

    hands = out_hands(preset(), 5, 4)
    assert sum(sum(h.values()) for h in hands) == 54
    missing = next(ch for ch in "ZQXJ" if hands[0][ch] == 0)
    r = invoke("verify", "out-game", record(tmp_path, OUT_HEAD + f"ANN {missing}\n"), "--seed", "5")
    assert r.exit_code == 1 and f"ANN holds no {missing}" in r.stderr


def test_out_game_a_letter_leading_to_no_long_word_is_a_warning(invoke: Invoke, tmp_path: Path) -> None:
    r = invoke("verify", "out-game", record(tmp_path, OUT_HEAD + "ANN Q\nBOB Z\n"), "--json")
    assert r.exit_code == 0
    r = invoke("verify", "out-game", record(tmp_path, OUT_HEAD + "ANN Q\nBOB Z\n"))
    assert "warning" in r.stdout and "QZ" in r.stdout


# -- Guess-O-Gram -----------------------------------------------------------------------------------

def test_guess_o_gram_samples(invoke: Invoke) -> None:
    r = invoke("verify", "guess-o-gram", S / "guess-o-gram-1.txt", "--json")
    assert r.exit_code == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["scores"] == {"ANN": 30, "BOB": 36, "CAT": 6} and doc["thinker"] == "ANN"
    assert doc["words"] == ["EDUCATION", "ADVENTURE"] and not doc["word_out"]
    r = invoke("verify", "guess-o-gram", S / "guess-o-gram-broken.txt")
    assert r.exit_code == 1 and ("guess-o-gram-broken.txt:3:1: CAT is too short: the Thinker's word has nine or more "
                                 "letters") in r.stderr


@pytest.mark.parametrize(("lines", "message"), [
    ("ANN thinks EDUCATION\nCAT A\n", "it is BOB's guess"),
    ("ANN thinks EDUCATION\nBOB word EDUCATION\nANN thinks ADVENTURE\n", "BOB is the Thinker"),
    ("ANN thinks EDUCATION\nBOB A\nANN thinks ADVENTURE\n", "a word is out already"),
    ("ANN thinks RAZZMATAZZ\n", "the pack has not the cards"),
    ("ANN thinks EDUCATIOM\n", "not in the lexicon"),
])
def test_guess_o_gram_refusals(invoke: Invoke, tmp_path: Path, lines: str, message: str) -> None:
    r = invoke("verify", "guess-o-gram", record(tmp_path, "players: ANN BOB CAT\n" + lines))
    assert r.exit_code == 1 and message in r.stderr, r.stderr


def test_guess_o_gram_final_letter_makes_the_next_thinker(invoke: Invoke, tmp_path: Path,
                                                           word_file: WordFile) -> None:
    text = "players: ANN BOB\nANN thinks AAAAAAAAB\nBOB A\nBOB B\nBOB thinks AAAAAAAAB\n"
    r = invoke("verify", "guess-o-gram", record(tmp_path, text), "--words", word_file("aaaaaaaab"),
               "--spec", S / "mini-deck.toml", "--json")
    assert r.exit_code == 1 and "the pack has not the cards" in r.stderr  # the mini deck has two A's
    r = invoke("verify", "guess-o-gram", record(tmp_path, text), "--words", word_file("aaaaaaaab"), "--json")
    assert r.exit_code == 1  # the default deck: four A's and two Sub Cards, not eight A's


@pytest.mark.parametrize(("game", "text", "where"), [
    ("out-game", "players: ANN BOB\nANN E\n", "r.txt:1:1:"),
    ("out-game", OUT_HEAD + "ANN EE\n", "r.txt:2:5:"),
    ("out-game", OUT_HEAD + "ANN ask EX CEL\n", "r.txt:2:5:"),
    ("guess-o-gram", "players: ANN BOB\nBOB A\n", "r.txt:2:1:"),
    ("guess-o-gram", "players: ANN BOB\nANN thinks 123456789\n", "r.txt:2:12:"),
])
def test_table_game_malformed_records_are_located(invoke: Invoke, tmp_path: Path, game: str, text: str,
                                                  where: str) -> None:
    r = invoke("verify", game, record(tmp_path, text))
    assert r.exit_code == 2 and where in r.stderr, r.stderr


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="players: ANBOD*-EXQpassshowsk\n#", max_size=200))
def test_fuzz_out_reader(text: str) -> None:
    from kitgen.games.game_of_words.formats.table_games import parse_out

    try:
        players, turns = parse_out(TextSource("fuzz.txt", text))
        assert 4 <= len(players.names) <= 8 and turns
    except InputError as exc:
        assert str(exc).startswith("fuzz.txt:")


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="players: ANBO2thinkswordEDUC\n#", max_size=200))
def test_fuzz_guess_reader(text: str) -> None:
    from kitgen.games.game_of_words.formats.table_games import parse_guess

    try:
        players, turns = parse_guess(TextSource("fuzz.txt", text))
        assert turns[0].action == "thinks"
    except InputError as exc:
        assert str(exc).startswith("fuzz.txt:")


# -- the web app's /api/verify gets the new record kinds from the declaration -------------------------------

@pytest.mark.parametrize(("kind", "sample", "query"), [
    ("anagrams", "anagrams-broken.txt", {}),  # with SCAR for CARS: a legal steal (the web takes presets only)
    ("out-game", "out-game-1.txt", {}),
    ("guess-o-gram", "guess-o-gram-1.txt", {}),
    ("solitaire", "letter-patience-2.txt", {"game": "letter-patience", "seed": "2"}),
])
def test_web_verify_gives_the_cli_json(invoke: Invoke, tmp_path: Path, kind: str, sample: str,
                                       query: dict[str, str]) -> None:
    from starlette.testclient import TestClient

    from kitgen.web.app import create_app

    path = record(tmp_path, (S / sample).read_text(encoding="utf-8").replace("CAR CARS", "CAR SCAR"))
    client = TestClient(create_app(), raise_server_exceptions=False)
    answer = client.post(f"/api/verify/{kind}", params=query, content=path.read_bytes())
    args = [f"--{k}={v}" for k, v in query.items()]
    r = invoke("verify", kind, path, *args, "--json")
    assert r.exit_code == 0 and answer.status_code == 200, (r.stderr, answer.text)
    assert answer.json() == json.loads(r.stdout)


# -- one rule-error model (issue 25): each refusal a RuleBroken with its code, the turn, and where it was raised ----

@pytest.mark.parametrize("sample, parse, line, col, code", [
    ("anagrams-broken.txt", "anagrams", 7, 1, "PLURAL_STEAL"),
    ("out-game-broken.txt", "out", 4, 1, "NOT_YOUR_TURN"),
    ("guess-o-gram-broken.txt", "guess", 3, 1, "TOO_SHORT"),
])
def test_a_refusal_is_a_rule_broken_located_where_it_is_raised(sample: str, parse: str, line: int, col: int,
                                                               code: str) -> None:
    from collections import Counter

    from kitgen.core.errors import Location, RuleBroken
    from kitgen.core.lexicon import Lexicon
    from kitgen.games.game_of_words.formats import table_games
    from kitgen.games.game_of_words.formats.deck_spec import preset
    from kitgen.games.game_of_words.rules.anagrams import IllegalAnagram
    from kitgen.games.game_of_words.rules.anagrams_replay import AnagramsBroken, new_game, replay_anagrams
    from kitgen.games.game_of_words.rules.common import Code, TurnBroken
    from kitgen.games.game_of_words.rules.guess_o_gram import GuessError, GuessOGram
    from kitgen.games.game_of_words.rules.out_game import ScoreSheet
    from kitgen.games.game_of_words.rules.out_replay import OutBroken, OutGame, replay_out

    path = S / sample
    players, turns = getattr(table_games, f"parse_{parse}")(TextSource.from_path(path))
    words = Lexicon.from_entries([("car", 10), ("cars", 10), ("education", 10)])
    pack = [c.letter for c in preset().cards]
    with pytest.raises(RuleBroken) as caught:
        if parse == "anagrams":
            replay_anagrams(new_game(len(players.names), words, {}, pack, None, 0), turns)
        elif parse == "out":
            replay_out(OutGame(ScoreSheet(len(players.names)), words, None, Counter(pack)), turns)
        else:
            GuessOGram(len(players.names), words).think(turns[0].text, turns[0].player, turns[0].where)
    broken = caught.value
    assert isinstance(broken, TurnBroken) and isinstance(broken, (AnagramsBroken, IllegalAnagram, OutBroken,
                                                                  GuessError))
    assert broken.code is Code[code] and broken.exit_code == 1
    assert broken.where == Location(str(path), line, col)
    turn = next(t for t in turns if t.line == line)
    # the turn refused (the word thought; the word a steal would make, refused by the Anagrams table itself)
    wanted = turn.text if parse == "guess" else turn.new if parse == "anagrams" else turn
    assert broken.offending == wanted
    assert str(broken).startswith(f"{path}:{line}:{col}: ")


def test_every_code_a_table_game_can_raise_is_a_member_of_the_games_enum() -> None:
    """The slugs --json prints are the Enum's values: the codes the rules raise are its members, none a string."""
    import ast

    from kitgen.games.game_of_words.rules.common import Code

    rules = Path(__file__).resolve().parents[3] / "kitgen" / "games" / "game_of_words" / "rules"
    raised = set()
    for name in ("anagrams_replay.py", "out_replay.py", "guess_o_gram.py"):
        for node in ast.walk(ast.parse((rules / name).read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("AnagramsBroken", "OutBroken",
                                                                               "GuessError"):
                first = node.args[0]
                assert isinstance(first, ast.Attribute) and getattr(first.value, "id", "") == "Code", ast.dump(first)
                raised.add(first.attr)
    assert raised and raised <= set(Code.__members__)


def test_every_solitaire_refusal_is_raised_with_a_member_of_the_games_enum() -> None:
    """Word Solitaire's, Letter Patience's and Crossword Solitaire's refusals are ``RuleBroken`` with a ``Code``
    (one Enum for the game, the Crossword Game's plays folded in), never a string code, and located where raised."""
    import ast

    from kitgen.core.errors import RuleBroken
    from kitgen.games.game_of_words.rules import crossword_game, solitaire_replay
    from kitgen.games.game_of_words.rules.anagrams import IllegalAnagram
    from kitgen.games.game_of_words.rules.common import Code, Unfinished
    from kitgen.games.game_of_words.rules.letter_patience import IllegalMove
    from kitgen.games.game_of_words.rules.word_solitaire import IllegalWord

    assert all(issubclass(c, RuleBroken) for c in (IllegalWord, IllegalMove, solitaire_replay.IllegalSolitaireMove,
                                                    IllegalAnagram, Unfinished))
    assert not hasattr(crossword_game, "PlayRule")  # folded into Code
    rules = Path(__file__).resolve().parents[3] / "kitgen" / "games" / "game_of_words" / "rules"
    makers = {"IllegalWord": 2, "IllegalMove": 2, "IllegalSolitaireMove": 0, "_refused": 0, "Unfinished": 0}
    raised = set()
    for name in ("word_solitaire.py", "letter_patience.py", "patience_replay.py", "solitaire_replay.py"):
        for node in ast.walk(ast.parse((rules / name).read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            called = getattr(node.func, "id", getattr(node.func, "attr", ""))
            if called not in makers:
                continue
            given = {k.arg: k.value for k in node.keywords}
            code = given.get("code", node.args[makers[called]] if len(node.args) > makers[called] else None)
            if code is None and called == "IllegalMove":
                continue  # the default, Code.ILLEGAL_MOVE
            assert code is not None, (name, ast.dump(node))
            if ast.unparse(code) in ("code", "exc.code"):
                continue  # passed through: a parameter, or an IllegalPlay's Code
            assert isinstance(code, ast.Attribute) and getattr(code.value, "id", "") == "Code", (name, ast.dump(node))
            raised.add(code.attr)
    assert len(raised) > 20 and raised <= set(Code.__members__)


def test_a_russian_anagrams_record_reads_its_names_cards_and_words_in_cyrillic(invoke: Invoke, tmp_path: Path) -> None:
    """A Russian class plays with the Russian deck and writes its names and words in Cyrillic: the record read
    only A-Z, so every Russian record was refused at its players line. Letters are read in the language (a typed
    lower-case т is the card Т), and the word is checked against the Russian lexicon."""
    path = record(tmp_path, "players: АНЯ БОРЯ\nАНЯ К centre\nБОРЯ О centre\nАНЯ т form кот\n")
    r = invoke("verify", "anagrams", path, "--lang", "ru", "--text-lang", "en", "--json")
    assert r.exit_code == 0, r.output
    document = json.loads(r.stdout)
    assert document["players"] == ["АНЯ", "БОРЯ"] and document["words"] == {"АНЯ": ["КОТ"], "БОРЯ": []}
    assert document["scores"]["АНЯ"] > 0 and document["problems"] == []
    assert parse_anagrams(TextSource("r.txt", "players: ANN BOB\nANN i centre\n"))[1][0].card == "I"


def test_a_turkish_record_reads_a_dotted_i_as_turkish_writes_it() -> None:
    """Turkish upper-cases i as İ (its own card); the record reads a typed i as that card, not as I."""
    from kitgen.core.language import language

    _, turns = parse_anagrams(TextSource("r.txt", "players: AYŞE ALİ\nAYŞE i centre\nALİ ı centre\n"), language("tr"))
    assert [t.card for t in turns] == ["İ", "I"]


def test_a_3dxword_log_takes_player_names_in_any_alphabet(invoke: Invoke, tmp_path: Path) -> None:
    """A Russian room writes its players' names in Cyrillic into the log (rooms take any letters): the log read
    names of A-Z only, so the room's own log was refused."""
    path = record(tmp_path, "players: АНЯ БОРЯ\nversion: table\nАНЯ КОТ 0,0 across\nБОРЯ ОКНО 1,0 down\n")
    r = invoke("verify", "3dxword", path, "--lang", "ru", "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["scores"] == {"АНЯ": 3, "БОРЯ": 4}
