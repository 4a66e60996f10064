"""Game rooms over HTTP (docs/web.md, "Game rooms"): seats, turns the engine enforces, a stale turn refused."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from classdb import BACKENDS, BASE, class_app, form_token, web_client
from starlette.testclient import TestClient

SEND = {"Origin": BASE, "X-Kitgen-Send": "1"}


@pytest.fixture(scope="module", params=BACKENDS)
def app(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    """The web app on a class database of its own: SQLite, then PostgreSQL (skipped without a server)."""
    with class_app(request.param, tmp_path_factory.mktemp("rooms")) as made:
        yield made


def _client(app: object) -> TestClient:
    return web_client(app)  # type: ignore[return-value]



def _open_room(client: TestClient, players: str = "ANN BOB") -> str:
    answer = client.post("/room", data={"token": form_token(client.get("/room").text), "players": players,
                                        "size": "9", "seed": "4"}, headers={"Origin": BASE})
    assert answer.status_code == 303, answer.text
    return answer.headers["location"].rsplit("/", 1)[1]


def _sit(client: TestClient, room: str, player: str, token: str | None = None) -> int:
    token = token or form_token(client.get(f"/r/{room}").text)
    return client.post(f"/r/{room}/seat", data={"token": token, "player": player},
                       headers={"Origin": BASE}).status_code


def _computer_move(client: TestClient, room: str) -> tuple[str, str]:
    """A legal next turn (the light and word), found by the computer player on the room's record."""
    state = client.get(f"/r/{room}/state").json()
    record = "pattern:\n" + "\n".join(state["rows"]) + "\nplayers: " + " ".join(state["players"]) + "\n"
    record += "".join(f"{m['player']} {m['light']} {m['word']}\n" for m in state["game"]["moves"])
    line = client.post("/api/reply/crossword", content=record.encode()).json()["line"]
    _, light, word = line.split(" ", 2)
    return light, word


def test_two_devices_play_turn_by_turn_and_the_engine_keeps_the_order(app: object) -> None:
    ann, bob = _client(app), _client(app)
    room = _open_room(ann)
    token = form_token(ann.get(f"/r/{room}").text)
    assert _sit(ann, room, "ANN") == 303 and _sit(bob, room, "BOB") == 303
    assert _sit(_client(app), room, "ANN", token) == 403  # a seat is one device's
    state = ann.get(f"/r/{room}/state").json()
    assert (state["you"], state["next"], state["version"]) == ("ANN", "ANN", 0)

    light, word = _computer_move(ann, room)
    assert bob.post(f"/r/{room}/turn", data={"version": "0", "light": light, "word": word},
                    headers=SEND).status_code == 422  # not BOB's turn: the verifier says whose it is
    played = ann.post(f"/r/{room}/turn", data={"version": "0", "light": light, "word": word}, headers=SEND)
    assert played.status_code == 200 and played.json()["version"] == 1
    seen = bob.get(f"/r/{room}/state").json()
    assert seen["next"] == "BOB" and [m["word"] for m in seen["game"]["moves"]] == [word]
    stale = bob.post(f"/r/{room}/turn", data={"version": "0", "pass": "1"}, headers=SEND)
    assert stale.status_code == 409
    assert bob.post(f"/r/{room}/turn", data={"version": "1", "pass": "1"}, headers=SEND).status_code == 200
    assert ann.get(f"/r/{room}/state").json()["version"] == 2


def test_a_device_without_a_seat_or_from_another_site_cannot_play(app: object) -> None:
    ann, stranger = _client(app), _client(app)
    room = _open_room(ann)
    _sit(ann, room, "ANN")
    assert stranger.post(f"/r/{room}/turn", data={"version": "0", "pass": "1"}, headers=SEND).status_code == 403
    forged = ann.post(f"/r/{room}/turn", data={"version": "0", "pass": "1"},
                      headers={**SEND, "Origin": "http://evil.example"})
    assert forged.status_code == 403
    assert ann.post(f"/r/{room}/turn", data={"version": "0", "pass": "1"},
                    headers={"Origin": BASE}).status_code == 403  # no script header: not the room's page
    assert ann.get(f"/r/{room}/state").json()["version"] == 0


@pytest.mark.parametrize("players", ["ANN", "A B C D E", "ANN ANN", "ANN B-OB", "X" * 13 + " BOB"])
def test_a_room_needs_two_to_four_players_with_one_word_names(app: object, players: str) -> None:
    client = _client(app)
    answer = client.post("/room", data={"token": form_token(client.get("/room").text), "players": players,
                                        "size": "9", "seed": "1"}, headers={"Origin": BASE})
    assert answer.status_code == 400


def test_a_bad_turn_is_said_in_words_and_changes_nothing(app: object) -> None:
    ann = _client(app)
    room = _open_room(ann)
    _sit(ann, room, "ANN")
    for fields in ({"light": "zz", "word": "CAT"}, {"light": "1A", "word": ""}):
        assert ann.post(f"/r/{room}/turn", data={"version": "0", **fields}, headers=SEND).status_code == 400
    wrong = ann.post(f"/r/{room}/turn", data={"version": "0", "light": "1A", "word": "QQQQQQQQQQQQ"}, headers=SEND)
    assert wrong.status_code == 422 and wrong.json()["error"]
    assert ann.get(f"/r/{room}/state").json()["version"] == 0
    assert _client(app).get("/r/NOSUCHROOM000000").status_code == 404
