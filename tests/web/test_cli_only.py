"""Work for the command line alone stays off the web (issue 30): ``--prove`` (minutes a deal, past any web
worker's time limit) is no field of the deal page and no parameter a request may set."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from kitgen import api
from kitgen.web.app import create_app
from kitgen.web.pages import deal_choices
from kitgen.web.params import offered


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), raise_server_exceptions=False)


def test_prove_is_declared_for_the_command_line_only() -> None:
    options = api.deal_command("wordsearch").options
    prove = next(o for o in options if o.name == "prove")
    assert prove.cli_only and prove not in offered(options)
    assert all(not o.cli_only for o in offered(o for c in api.declarations() for d in c.deals
                                               for o in api.deal_command(d.name).options))


def test_the_deal_page_offers_no_prove_field(client: TestClient) -> None:
    wordsearch = next(v for v in deal_choices() if v["name"] == "wordsearch")
    assert "prove" not in [f.name for f in wordsearch["fields"]] + [a for a, _ in wordsearch["actions"]]
    page = client.get("/deal/wordsearch")
    assert page.status_code == 200 and 'name="prove"' not in page.text


@pytest.mark.parametrize("path, method", [("/api/deal/wordsearch", "get"), ("/api/tasks/deal/wordsearch", "post")])
def test_a_request_asking_to_prove_is_refused_before_any_work(client: TestClient, path: str, method: str) -> None:
    answer = getattr(client, method)(path, params={"seed": "1", "par": "1", "prove": "1"})
    assert answer.status_code == 400
    assert "prove: the command line's only" in answer.json()["error"] and "--prove" in answer.json()["error"]
