"""Long work as a task (docs/web.md, "Busy, not broken"): started at once (202), polled with its progress, its
result the plain endpoint's, cancelled within moments with its worker kept warm, queued while every worker is
busy."""

from __future__ import annotations

import time
from typing import Any

import pytest
from starlette.testclient import TestClient

from kitgen.web.app import create_app
from kitgen.web.workers import Limits


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(Limits(workers=1, seconds=60, warm_solvers=True)), raise_server_exceptions=False)


def _until(client: TestClient, task: str, done: Any, seconds: float = 90) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while True:
        state: dict[str, Any] = client.get(f"/api/tasks/{task}").json()
        if done(state):
            return state
        assert time.monotonic() < deadline, state
        time.sleep(0.1)


def test_a_task_answers_what_the_plain_endpoint_answers(client: TestClient) -> None:
    started = client.post("/api/tasks/deal/word-solitaire", params={"seed": "4", "solve": "1"})
    assert started.status_code == 202 and started.json()["state"] in ("queued", "running", "done")
    finished = _until(client, started.json()["task"], lambda s: s["state"] == "done")
    plain = client.get("/api/deal/word-solitaire", params={"seed": "4", "solve": "1"})
    assert finished["status"] == 200 and finished["result"] == plain.json()
    refused = client.post("/api/tasks/deal/word-solitaire", params={"seed": "x"})
    assert refused.status_code == 400  # a bad option is refused at once, as by the plain endpoint
    broken = client.post("/api/tasks/deal/wordsearch", params={"seed": "1", "par": "1", "seconds": "500"})
    assert broken.status_code == 422
    assert client.get("/api/tasks/nothing-here").status_code == 404


def test_a_long_task_shows_its_progress_and_is_cancelled_with_its_worker(client: TestClient) -> None:
    params = {"seed": "9999", "par": "1", "budget": "10000000", "seconds": "50"}
    # deal 9999 is not in the table of pars, so it is searched (deals 1, 3-5, 7-10 are proven there: answered at once)
    started = client.post("/api/tasks/deal/wordsearch", params=params).json()
    queued = client.post("/api/tasks/deal/wordsearch", params={**params, "seed": "4"}).json()
    running = _until(client, started["task"], lambda s: s["state"] == "running" and s.get("done", 0) > 0)
    assert running["label"] == "par search" and 0 < running["done"] < running["total"]
    behind = client.get(f"/api/tasks/{queued['task']}").json()
    assert behind["state"] == "queued" and behind["ahead"] == 0  # one worker: it waits, and says so
    assert client.delete(f"/api/tasks/{queued['task']}").json()["state"] == "cancelled"
    assert client.delete(f"/api/tasks/{started['task']}").json()["state"] == "cancelled"
    assert client.get(f"/api/tasks/{started['task']}").json()["state"] == "cancelled"
    deadline = time.monotonic() + 90  # the search stops within moments (on a loaded machine, a little longer)
    while client.get("/api/deal/word-solitaire", params={"seed": "1"}).status_code != 200:
        assert time.monotonic() < deadline
    assert client.get(f"/api/tasks/{queued['task']}").json()["state"] == "cancelled"  # it never started


def test_a_class_set_as_a_task_is_the_plain_pdf_downloaded_when_done(client: TestClient) -> None:
    """A PDF as a task (issue 27: print-page work past the limit queues instead of failing): the file a done task
    offers is byte for byte, and by name, what GET /api/pdf/... gives."""
    params = {"players": "3", "copies": "2"}
    started = client.post("/api/tasks/pdf/bricks", params=params)
    assert started.status_code == 202
    task = started.json()["task"]
    early = client.get(f"/api/tasks/{task}/file")
    finished = _until(client, task, lambda s: s["state"] == "done")
    assert early.status_code in (200, 404)  # before it is done there is no file
    plain = client.get("/api/pdf/bricks", params=params)
    name = plain.headers["content-disposition"].split('filename="')[1].rstrip('"')
    assert finished["status"] == 200
    assert finished["result"] == {"file": f"/api/tasks/{task}/file", "name": name, "size": len(plain.content)}
    got = client.get(finished["result"]["file"])
    assert got.status_code == 200 and got.content == plain.content
    assert got.headers["content-type"] == "application/pdf"
    assert got.headers["content-disposition"] == plain.headers["content-disposition"]


def test_a_kit_as_a_task_and_the_refusals_a_pdf_task_gives_at_once(client: TestClient) -> None:
    started = client.post("/api/tasks/pdf/kit/3dxword", params={"paper": "letter"})
    assert started.status_code == 202
    finished = _until(client, started.json()["task"], lambda s: s["state"] == "done")
    assert finished["status"] == 200 and finished["result"]["name"].endswith(".pdf")
    assert client.get(finished["result"]["file"]).content[:5] == b"%PDF-"
    assert client.post("/api/tasks/pdf/bricks", params={"copies": "0"}).status_code == 400
    assert client.post("/api/tasks/pdf/nothing").status_code == 404
    assert client.post("/api/tasks/pdf/kit/nothing").status_code == 404
    assert client.post("/api/tasks/pdf/bricks", params={"paper": "napkin"}).status_code == 400
    deal = client.post("/api/tasks/deal/word-solitaire", params={"seed": "2"}).json()["task"]
    _until(client, deal, lambda s: s["state"] == "done")
    assert client.get(f"/api/tasks/{deal}/file").status_code == 404  # a deal has no file
