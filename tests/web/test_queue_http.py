"""Work a page waits on waits in line when every worker is busy (docs/web.md, "Busy, not broken"): a preview, a
class set, a student's sheet and a room's state are answered once a worker is free, where the plain API answers
503 after its wait; a task waits in line the same way."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from kitgen.web.app import create_app
from kitgen.web.workers import Limits

BUSY_SECONDS = 4
"""How long the one worker is kept busy: far past the plain API's wait (0.3 s)."""


@pytest.fixture()
def client(tmp_path: Any) -> Iterator[TestClient]:
    app = create_app(Limits(workers=1, seconds=60, wait=0.3), db=f"sqlite:///{tmp_path / 'classes.db'}")
    with TestClient(app, raise_server_exceptions=False, follow_redirects=False) as made:
        made.get("/api/deal/word-solitaire", params={"seed": "1"})  # the worker started
        yield made


def _busy(client: TestClient) -> str:
    """The one worker kept busy by a par search of BUSY_SECONDS (a task: it waits in line itself)."""
    started = client.post("/api/tasks/deal/wordsearch", params={
        "seed": "9999", "par": "1", "budget": "10000000", "seconds": str(BUSY_SECONDS)}).json()
    deadline = time.monotonic() + 60
    while (state := client.get(f"/api/tasks/{started['task']}").json())["state"] != "running":
        assert time.monotonic() < deadline and state["state"] == "queued", state
        time.sleep(0.05)
    task: str = started["task"]
    return task


def _in_line(client: TestClient, ask: Any) -> tuple[Any, float]:
    """``ask()`` while the worker is busy: its answer and how long it took."""
    _busy(client)
    began = time.monotonic()
    answer = ask()
    return answer, time.monotonic() - began


def test_a_preview_waits_in_line_where_the_plain_api_says_busy(client: TestClient) -> None:
    _busy(client)
    refused = client.get("/api/deal/word-solitaire", params={"seed": "2"})
    assert refused.status_code == 503 and "busy" in refused.json()["error"]  # the plain API: 503 after 0.3 s
    answer, took = _in_line(client, lambda: client.get("/api/preview/sheet/1.png", params={"seed": "1",
                                                                                            "width": "200"}))
    assert answer.status_code == 200 and answer.headers["content-type"] == "image/png"
    assert took > 1  # it waited for the par search, and was not refused


def test_tasks_wait_in_line_past_the_plain_wait(client: TestClient) -> None:
    busy = _busy(client)
    second = client.post("/api/tasks/deal/word-solitaire", params={"seed": "2"}).json()
    deadline = time.monotonic() + 90
    while (state := client.get(f"/api/tasks/{second['task']}").json())["state"] != "done":
        assert time.monotonic() < deadline
        time.sleep(0.1)
    assert state["status"] == 200 and state["result"]["seed"] == 2
    assert client.get(f"/api/tasks/{busy}").json()["status"] == 200


def test_a_rooms_state_and_a_class_set_wait_in_line(client: TestClient) -> None:
    from classdb import BASE, form_token

    made = client.post("/room", data={"token": form_token(client.get("/room").text), "players": "ANN BOB",
                                      "size": "9", "seed": "4"}, headers={"Origin": BASE})
    room = made.headers["location"].rsplit("/", 1)[1]
    answer, took = _in_line(client, lambda: client.get(f"/r/{room}/state"))
    assert answer.status_code == 200 and answer.json()["next"] == "ANN" and took > 1
    opened = client.post("/class", data={"token": form_token(client.get("/class").text), "kind": "wordsearch",
                                         "title": "4B", "deal": "1", "lang": "en"}, headers={"Origin": BASE})
    session = opened.headers["location"].split("/")[2].split("?")[0]
    answer, took = _in_line(client, lambda: client.get(f"/class/{session}/sheets.pdf", params={"count": "2"}))
    assert answer.status_code == 200 and answer.content.startswith(b"%PDF") and took > 1


def test_a_request_that_goes_away_leaves_the_line() -> None:
    from kitgen.web.jobs import DealJob
    from kitgen.web.workers import Stopped, Workers

    workers = Workers(Limits(workers=1, seconds=60, wait=0.3, queue=60))
    try:
        workers.call(DealJob("word-solitaire", {"seed": 1}))  # the worker started
        holding = threading.Thread(target=workers.call, args=(DealJob(
            "wordsearch", {"seed": 9_999, "par": True, "budget": 10_000_000, "seconds": BUSY_SECONDS}),))
        # deal 9999 is not in kitgen's table of pars, so it is searched (deal 3, proven there, is answered at once)
        holding.start()
        time.sleep(0.5)
        gone = threading.Event()
        threading.Timer(0.5, gone.set).start()
        began = time.monotonic()
        with pytest.raises(Stopped):
            workers.call(DealJob("word-solitaire", {"seed": 2}), gone, queued=True)
        assert time.monotonic() - began < BUSY_SECONDS - 1  # it left when its asker went, not when a worker was free
        holding.join()
    finally:
        workers.close()
