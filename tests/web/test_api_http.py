"""The HTTP API of ``kitgen serve`` (docs/web.md): every endpoint, every error code, the CLI's JSON."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT
from starlette.testclient import TestClient

from kitgen import api
from kitgen.web.app import MAX_BODY, SECURITY_HEADERS, create_app

S = ROOT / "samples"


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), raise_server_exceptions=False)


def cli_json(invoke: Callable[..., Any], *args: str) -> tuple[int, Any]:
    result = invoke(*args, "--json")
    return result.exit_code, json.loads(result.stdout) if result.stdout.strip() else None


def test_games_lists_every_game_with_its_options(client: TestClient) -> None:
    answer = client.get("/api/games")
    assert answer.status_code == 200
    games = {g["name"]: g for g in answer.json()["games"]}
    assert list(games) == [g.name for g in api.games()]
    pieces = games["3dxword"]["components"][0]
    form = next(o for o in pieces["options"] if o["name"] == "form")
    assert form["choices"] == ["cubes", "tiles"] and form["default"] == "cubes"
    for header, value in SECURITY_HEADERS.items():
        assert answer.headers[header] == value


@pytest.mark.parametrize("kind, sample, query, cli_options", [
    ("wordsearch", S / "wordsearch" / "deal-1.txt", {"deal": "1"}, ["--deal", "1"]),
    ("crossword", S / "crossword" / "inline.txt", {}, []),
    ("solitaire", S / "game-of-words" / "word-solitaire-1.txt", {"game": "word-solitaire", "seed": "1"},
     ["--game", "word-solitaire", "--seed", "1"]),
])
def test_a_legal_record_gives_200_and_the_cli_json(client: TestClient, invoke: Callable[..., Any], kind: str,
                                                   sample: Path, query: dict[str, str],
                                                   cli_options: list[str]) -> None:
    answer = client.post(f"/api/verify/{kind}", params=query, content=sample.read_bytes())
    code, document = cli_json(invoke, "verify", kind, str(sample), *cli_options)
    assert code == 0 and answer.status_code == 200
    assert answer.json() == document


GOW = S / "game-of-words"
EVERY_SAMPLE = [
    ("wordsearch", S / "wordsearch" / "deal-1.txt", {"deal": "1"}),
    ("wordsearch", S / "wordsearch" / "deal-1-broken.txt", {"deal": "1"}),
    ("wordsearch", S / "wordsearch" / "deal-1-grid-only.txt", {"deal": "1"}),
    ("crossword", S / "crossword" / "inline.txt", {}),
    ("3dxword", S / "3dxword" / "3d-game.txt", {}),
    ("3dxword", S / "3dxword" / "brands.txt", {}),
    ("3dxword", S / "3dxword" / "illegal-too-early.txt", {}),
    ("3dxword", S / "3dxword" / "table-game.txt", {}),
    ("solitaire", GOW / "word-solitaire-1.txt", {"game": "word-solitaire", "seed": "1"}),
    ("solitaire", GOW / "word-solitaire-1-broken.txt", {"game": "word-solitaire", "seed": "1"}),
    ("solitaire", GOW / "letter-patience-2.txt", {"game": "letter-patience", "seed": "2"}),
    ("solitaire", GOW / "letter-patience-2-broken.txt", {"game": "letter-patience", "seed": "2"}),
    ("crossword-hand", GOW / "crossword-hand-3.txt", {"seed": "3"}),
    ("crossword-hand", GOW / "crossword-hand-3-broken.txt", {"seed": "3"}),
    ("anagrams", GOW / "anagrams-1.txt", {}),
    ("anagrams", GOW / "anagrams-broken.txt", {}),
    ("out-game", GOW / "out-game-1.txt", {}),
    ("out-game", GOW / "out-game-broken.txt", {}),
    ("guess-o-gram", GOW / "guess-o-gram-1.txt", {}),
    ("guess-o-gram", GOW / "guess-o-gram-broken.txt", {}),
]
"""Every sample record a request can carry (the others name a pattern file or a deck file beside them, which
a request may not: docs/web.md "Safety and load"), with the query that stands for the CLI's options."""


@pytest.mark.parametrize("kind, sample, query", EVERY_SAMPLE, ids=[s.name for _, s, _ in EVERY_SAMPLE])
def test_every_sample_gives_the_cli_json_legal_or_broken(client: TestClient, invoke: Callable[..., Any], kind: str,
                                                         sample: Path, query: dict[str, str]) -> None:
    """Issue 13: the API answers exactly the CLI's ``--json`` document, legal (200) or broken (422, with its
    problems), but for the file's name: a request has none (``<request>`` in messages, ``"file": null``)."""
    options = [x for name, value in query.items() for x in (f"--{name}", value)]
    code, document = cli_json(invoke, "verify", kind, str(sample), *options)
    answer = client.post(f"/api/verify/{kind}", params=query, content=sample.read_bytes())
    assert document is not None and answer.status_code == {0: 200, 1: 422}[code], answer.text
    expected = json.loads(json.dumps(document).replace(json.dumps(str(sample))[1:-1], "<request>"))
    for problem in expected.get("problems", []) if code else []:
        problem["file"] = None
    assert answer.json() == expected


def test_a_broken_record_gives_422_with_located_problems(client: TestClient) -> None:
    sample = S / "wordsearch" / "deal-1-broken.txt"
    answer = client.post("/api/verify/wordsearch", params={"deal": "1"}, content=sample.read_bytes())
    assert answer.status_code == 422
    problem = answer.json()["problems"][0]
    assert problem["code"] and problem["line"] == 9 and problem["col"] == 1 and problem["file"] is None


def test_a_malformed_record_gives_400_with_line_and_column(client: TestClient) -> None:
    answer = client.post("/api/verify/3dxword", content=b"players: ANN BOB\nANN CAT 0,0 sideways\n")
    assert answer.status_code == 400
    assert answer.json()["error"].startswith("2:")


@pytest.mark.parametrize("body", [b"\xff\xfe\x00bad", b"players: ANN\x00 BOB\n", b""])
def test_bytes_that_are_not_a_record_are_a_400(client: TestClient, body: bytes) -> None:
    assert client.post("/api/verify/3dxword", content=body).status_code == 400


def test_a_file_on_the_server_is_never_named_by_a_request(client: TestClient) -> None:
    answer = client.post("/api/verify/3dxword", params={"words": "/etc/passwd"}, content=b"players: A B\n")
    assert answer.status_code == 400 and "file on the server" in answer.json()["error"]
    assert client.get("/api/pdf/bricks", params={"spec": "/etc/passwd"}).status_code == 400


def test_a_body_over_the_cap_is_refused(client: TestClient) -> None:
    answer = client.post("/api/verify/3dxword", content=b"#" * (MAX_BODY + 1))
    assert answer.status_code == 413


def test_deal_gives_the_cli_deal_json(client: TestClient, invoke: Callable[..., Any]) -> None:
    answer = client.get("/api/deal/word-solitaire", params={"seed": "1"})
    assert answer.status_code == 200
    assert answer.json() == cli_json(invoke, "deal", "word-solitaire", "--seed", "1")[1]
    assert client.get("/api/deal/poker", params={"seed": "1"}).status_code == 404
    assert client.get("/api/deal/word-solitaire", params={"seed": "-1"}).status_code == 400
    assert client.get("/api/deal/word-solitaire", params={"seed": "²"}).status_code == 400
    assert client.get("/api/deal/word-solitaire", params={"seed": "9" * 5000}).status_code == 400


def test_pdf_gives_what_the_command_prints(client: TestClient) -> None:
    answer = client.get("/api/pdf/bricks", params={"players": "3", "form": "tiles"})
    assert answer.status_code == 200 and answer.headers["content-type"] == "application/pdf"
    assert answer.content.startswith(b"%PDF")
    assert client.get("/api/pdf/sheet", params={"seed": "1"}).content.startswith(b"%PDF")
    assert client.get("/api/pdf/bricks", params={"players": "40"}).status_code == 400
    assert client.get("/api/pdf/bricks", params={"colour": "red"}).status_code == 400
    assert client.get("/api/pdf/nope").status_code == 404


@pytest.mark.parametrize("game", [g.name for g in api.games()])
def test_every_game_s_printed_pieces_are_served_as_pdf(client: TestClient, game: str) -> None:
    """A game's components with a command are the web's ``/api/pdf/COMMAND`` (a new game's too, with no edit in the
    web app), and the game has at least one."""
    commands = [c.command for c in api.game(game).components if c.command]
    assert commands, f"{game} declares no component with a command: the web cannot print it"
    for command in commands:
        answer = client.get(f"/api/pdf/{command}")
        assert answer.status_code == 200 and answer.content.startswith(b"%PDF"), (command, answer.text[:200])


def test_a_kit_is_a_pdf(client: TestClient) -> None:
    answer = client.get("/api/pdf/kit/3dxword", params={"paper": "letter"})
    assert answer.status_code == 200 and answer.content.startswith(b"%PDF")
    assert client.get("/api/pdf/kit/chess").status_code == 404
    assert client.get("/api/pdf/kit/3dxword", params={"players": "99"}).status_code == 400


RECORD_KINDS = [kind.name for game in api.declarations() for kind in game.records]
"""Every game's record kinds, from the registry (a new game's too)."""


def test_a_burst_of_malformed_requests_never_gives_a_5xx(client: TestClient) -> None:
    from fuzz_readers import READERS

    count = 0
    for reader in READERS:
        sample = reader.sample.read_bytes() if reader.sample.exists() else b""
        for cut in range(0, min(len(sample), 400), 40):
            mangled = sample[:cut] + b"\xff\x00" + sample[cut + 3:]
            for kind in RECORD_KINDS:
                answer = client.post(f"/api/verify/{kind}", content=mangled)
                assert answer.status_code < 500, (kind, answer.text)
                count += 1
    assert count >= 200
    assert client.get("/api/games").status_code == 200


def test_a_deal_is_solved_as_the_cli_solves_it(client: TestClient, invoke: Callable[..., Any]) -> None:
    answer = client.get("/api/deal/word-solitaire", params={"seed": "1", "solve": "1"})
    assert answer.status_code == 200
    assert answer.json() == cli_json(invoke, "deal", "word-solitaire", "--seed", "1", "--solve")[1]
    assert answer.json()["winnable"] is True and answer.json()["solution"]


def test_the_next_winnable_deal(client: TestClient, invoke: Callable[..., Any]) -> None:
    answer = client.get("/api/deal/word-solitaire", params={"seed": "2", "winnable": "1"})
    assert answer.json() == cli_json(invoke, "deal", "word-solitaire", "--seed", "2", "--winnable")[1]


def test_a_deal_names_no_file_and_no_worker_count(client: TestClient) -> None:
    for params in ({"spec": "/etc/passwd"}, {"spec": "../samples/game-of-words/mini-deck.toml"},
                   {"out": "x.pdf"}, {"jobs": "8"}):
        answer = client.get("/api/deal/word-solitaire", params={"seed": "1", **params})
        assert answer.status_code == 400, params
        error = answer.json()["error"]  # --jobs is the command line's alone (a survey option): unknown here
        assert "file on the server" in error or ("jobs" in params and "unknown parameter 'jobs'" in error)
    assert client.get("/api/deal/word-solitaire", params={"seed": "1", "spec": "lexicon-1932"}).status_code == 200


def test_a_record_names_no_file_on_the_server(client: TestClient) -> None:
    answer = client.post("/api/verify/crossword", content=b"pattern: samples/crossword/grid.txt\nplayers: A B\n")
    assert answer.status_code == 400
    assert answer.json()["error"].startswith("1:10: pattern: samples/crossword/grid.txt: this record is not a file")


def test_the_pattern_command_json(client: TestClient, invoke: Callable[..., Any], tmp_path: Path) -> None:
    answer = client.get("/api/json/pattern", params={"size": "9", "seed": "4"})
    assert answer.status_code == 200
    cli = cli_json(invoke, "pattern", "--size", "9", "--seed", "4", "--out", str(tmp_path) + "/")[1]
    assert {k: v for k, v in answer.json().items() if k != "pdf"} == {k: v for k, v in cli.items() if k != "pdf"}
    assert client.get("/api/json/pattern", params={"check": "/etc/passwd"}).status_code == 400
    assert client.get("/api/json/sheet").status_code == 404


def test_a_preview_is_one_page_as_png(client: TestClient) -> None:
    answer = client.get("/api/preview/sheet/1.png", params={"seed": "1", "count": "2", "width": "300"})
    assert answer.status_code == 200 and answer.headers["content-type"] == "image/png"
    assert answer.content.startswith(b"\x89PNG") and answer.headers["x-pages"] == "2"
    from PIL import Image

    image = Image.open(__import__("io").BytesIO(answer.content))
    assert image.width == 300
    other = client.get("/api/preview/sheet/1.png", params={"seed": "2", "count": "2", "width": "300"})
    assert other.content != answer.content  # another deal's words in the turn log
    assert client.get("/api/preview/sheet/3.png", params={"seed": "1", "count": "2"}).status_code == 404
    assert client.get("/api/preview/sheet/x.png").status_code == 404
    assert client.get("/api/preview/sheet/1.png", params={"width": "99999"}).status_code == 400
    kit = client.get("/api/preview/kit/crossword/2.png", params={"paper": "letter"})
    assert kit.status_code == 200 and int(kit.headers["x-pages"]) > 3


def test_copies_make_a_class_set_of_any_piece(client: TestClient) -> None:
    from pypdf import PdfReader

    one = PdfReader(__import__("io").BytesIO(client.get("/api/pdf/bricks").content))
    set_of_3 = client.get("/api/pdf/bricks", params={"copies": "3"})
    assert len(PdfReader(__import__("io").BytesIO(set_of_3.content)).pages) == 3 * len(one.pages)
    assert client.get("/api/pdf/bricks", params={"copies": "0"}).status_code == 400


def test_the_computer_answers_a_crossword_turn(client: TestClient) -> None:
    record = (S / "crossword" / "inline.txt").read_text().split("ANN pass")[0]
    answer = client.post("/api/reply/crossword", params={"level": "5"}, content=record.encode())
    assert answer.status_code == 200
    turn = answer.json()
    assert turn["player"] == "ANN" and turn["line"].startswith("ANN ")
    checked = client.post("/api/verify/crossword", content=(record + turn["line"] + "\n").encode())
    assert checked.status_code == 200 and checked.json()["moves"][-1]["score"] == turn["score"]
    assert client.post("/api/reply/3dxword", content=b"players: A B\n").status_code == 404
    assert client.post("/api/reply/crossword", params={"level": "9"}, content=record.encode()).status_code == 400


def test_a_solitaire_hint_is_the_solvers_next_move_from_the_game_so_far(client: TestClient) -> None:
    solved = client.get("/api/deal/letter-patience", params={"seed": "2", "solve": "1"}).json()["solution"]
    from kitgen.games.game_of_words.formats.hint import step_line

    so_far = "".join(step_line(s) + "\n" for s in solved[:3])
    answer = client.post("/api/reply/solitaire", params={"game": "letter-patience", "seed": "2"},
                         content=so_far.encode())
    assert answer.status_code == 200, answer.text
    hint = answer.json()
    assert hint["winnable"] is True and hint["line"] == step_line(hint["step"])
    checked = client.post("/api/verify/solitaire", params={"game": "letter-patience", "seed": "2"},
                          content=(so_far + hint["line"] + "\n").encode())
    assert checked.status_code == 422 and [p["code"] for p in checked.json()["problems"]] == ["cards-left"]
    broken = client.post("/api/reply/solitaire", params={"game": "word-solitaire", "seed": "5"},
                         content=b"QUIZ 1 2 3 4\n")
    assert broken.status_code == 400 and "breaks a rule" in broken.json()["error"]


def test_long_work_is_stopped_with_a_503_and_the_worker_replaced() -> None:
    from kitgen.web.workers import Limits

    app = create_app(Limits(workers=1, seconds=8))
    with TestClient(app, raise_server_exceptions=False) as quick:
        assert quick.get("/api/deal/word-solitaire", params={"seed": "1"}).status_code == 200
        before = app.state.workers.pids()
        slow = quick.get("/api/deal/wordsearch", params={"seed": "1", "par": "1", "seconds": "0.5"})
        assert slow.status_code == 200  # a search within the limit
        stopped = quick.get("/api/pdf/pattern", params={"count": "1000", "size": "63",
                                                              "small_squares": "true"})
        assert stopped.status_code == 503 and "longer than 8 s" in stopped.json()["error"]
        assert quick.get("/api/deal/word-solitaire", params={"seed": "1"}).status_code == 200
        after = app.state.workers.pids()
        assert len(after) == 1 and after != before  # the stopped worker is gone, a fresh one took its place
        too_long = quick.get("/api/deal/wordsearch", params={"seed": "1", "par": "1", "seconds": "30"})
        assert too_long.status_code == 422 and "at most 7" in too_long.json()["error"]


def test_the_web_plays_in_every_language(client: TestClient) -> None:
    """Issue 16: ``lang`` is a declared option, so every form and endpoint takes it as the CLI does."""
    games = {g["name"]: g for g in client.get("/api/games").json()["games"]}
    sheet = next(c for c in games["wordsearch"]["components"] if c["name"] == "sheet")
    lang = next(o for o in sheet["options"] if o["name"] == "lang")
    assert lang["choices"] == ["en", "fr", "de", "es", "it", "nl", "pt", "sv", "pl", "tr", "ru", "el"]
    assert lang["default"] == "en"
    deal = client.get("/api/deal/wordsearch", params={"seed": "1", "lang": "es"})
    assert deal.status_code == 200 and deal.json()["lang"] == "es" and deal.json()["words"][0] == "es"
    grid = "AÑOSW\n" + "WWWWW\n" * 4
    answer = client.post("/api/verify/wordsearch", params={"lang": "es"}, content=grid.encode("utf-8"))
    assert answer.status_code == 200 and [w["word"] for w in answer.json()["words"]] == ["AÑOS"]
    assert client.get("/api/pdf/sheet", params={"seed": "1", "lang": "fr"}).content.startswith(b"%PDF")
    assert client.get("/api/pdf/sheet", params={"seed": "1", "lang": "xx"}).status_code == 400


def test_a_kit_preview_with_a_new_deal_typesets_nothing(client: TestClient, document_cache: Path) -> None:
    """Issue 13: the cover and the rules come from the document cache whatever the deal number; only the cover's
    seed line changes (drawn on the cached cover)."""
    first = client.get("/api/preview/kit/3dxword/1.png", params={"paper": "a4", "seed": "101", "width": "400"})
    assert first.status_code == 200
    stored = sorted(document_cache.glob("*.pdf"))
    again = client.get("/api/preview/kit/3dxword/1.png", params={"paper": "a4", "seed": "102", "width": "400"})
    assert again.status_code == 200 and again.content != first.content  # the cover names its seed
    assert sorted(document_cache.glob("*.pdf")) == stored  # nothing new typeset


def test_each_option_has_one_field_on_a_check_page(client: TestClient) -> None:
    """The crossword page's pattern, computer and record options share ``lang`` and ``all_words``: one field each
    (a second field of the same name made the form's value unreadable)."""
    import re

    for path in ("/check/crossword", "/check/wordsearch", "/check/solitaire", "/check/crossword-hand"):
        html = client.get(path).text
        names = re.findall(r'<(?:input|select)[^>]*\bname="([a-z_]+)"', html)
        assert len(names) == len(set(names)), (path, sorted(n for n in names if names.count(n) > 1))


def test_the_crossword_new_game_form_offers_only_what_shapes_the_game(client: TestClient) -> None:
    """The pattern command's print-only options (``Option.print_only``: paper, patterns a page, large print, a
    printed fill, solution or certificate) do nothing to a game played in the page: its form leaves them out and
    keeps what makes the pattern (size, style, symmetry, seed, language)."""
    import re

    from kitgen import api

    html = client.get("/check/crossword").text
    form = html[html.index('<form class="panel new-game">'):]
    names = set(re.findall(r'<(?:input|select)[^>]*\bname="([a-z_]+)"', form[:form.index("</form>")]))
    printing = {o.name for o in api.command(api.Group.TOP, "pattern").options if o.print_only}
    assert {"large_print", "solution", "fillable", "fill", "paper", "per_page", "text"} <= printing
    assert names.isdisjoint(printing) and {"size", "style", "symmetry", "seed", "lang"} <= names
    print_form = client.get("/print/crossword").text  # the print page still offers them
    assert 'name="large_print"' in print_form and 'name="solution"' in print_form


@pytest.mark.parametrize("name", ["notes", "whitman", "lexicon-1932x", "my-deck"])
def test_a_spec_over_http_is_only_a_presets_name_never_a_file_on_the_server(
        client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    """Issue 33: ``?spec=NAME`` never opens NAME in the server's working folder (an existence oracle and a read)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / name).write_text("[deck]\nname = 'planted'\n")
    answer = client.get(f"/api/deal/word-solitaire?seed=1&spec={name}")
    missing = client.get(f"/api/deal/word-solitaire?seed=1&spec={name}-absent")
    assert answer.status_code == missing.status_code == 400
    assert "only a preset's name" in answer.json()["error"] and "whitman-1938" in answer.json()["error"]
    assert answer.json()["error"].rsplit(", got ", 1)[0] == missing.json()["error"].rsplit(", got ", 1)[0]
    assert client.get("/api/deal/word-solitaire?seed=1&spec=lexicon-1932").status_code == 200


@pytest.mark.parametrize("url, args", [
    ("/api/pdf/sheet?seed=7&lang=fr&per_page=2&count=4", ["sheet", "--seed", "7", "--lang", "fr", "--per-page", "2",
                                                          "--count", "4"]),
    ("/api/pdf/pattern?seed=4&size=9&paper=letter", ["pattern", "--seed", "4", "--size", "9", "--paper", "letter"]),
    ("/api/pdf/kit/wordsearch?seed=7&lang=fr", ["kit", "wordsearch", "--seed", "7", "--lang", "fr"]),
])
def test_a_download_is_named_as_the_command_line_names_its_file(client: TestClient, invoke: Callable[..., Any],
                                                                tmp_path: Path, url: str, args: list[str]) -> None:
    answer = client.get(url)
    assert answer.status_code == 200, answer.text
    done = invoke(*args, "--out", f"{tmp_path}/")
    assert done.exit_code == 0, done.stdout
    [written] = [p.name for p in tmp_path.iterdir() if p.suffix == ".pdf"]
    assert answer.headers["content-disposition"] == f'attachment; filename="{written}"'


def test_copies_of_one_pattern_keep_the_layout(client: TestClient) -> None:
    """The pattern lays its copies out itself (pattern --copies): 6 copies 2 a page are 3 pages, not 6."""
    from pypdf import PdfReader

    answer = client.get("/api/pdf/pattern", params={"seed": "4", "size": "9", "style": "american", "count": "1",
                                                    "copies": "6", "per_page": "2"})
    assert answer.status_code == 200, answer.text
    assert len(PdfReader(__import__("io").BytesIO(answer.content)).pages) == 3
    assert answer.headers["content-disposition"].endswith('-each6-2up.pdf"')
    assert client.get("/api/pdf/pattern", params={"copies": "201"}).status_code == 400


def test_copies_are_named_with_their_count(client: TestClient) -> None:
    answer = client.get("/api/pdf/bricks", params={"copies": "3", "players": "3"})
    assert answer.headers["content-disposition"] == 'attachment; filename="3dxword-cubes-3p-25mm-a4-x3.pdf"'
