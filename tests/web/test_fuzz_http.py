"""Hypothesis-made requests to every endpoint: never a 5xx, and the server answers correctly afterwards."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from kitgen import api
from kitgen.web.app import create_app
from kitgen.web.workers import Limits

NAMES = sorted({o.name for g in api.declarations() for group in (g.components, g.deals, g.records)
                for item in group for o in item.options} | {"copies", "width", "level", "solve", "winnable", "par"})
PATHS = ["/api/verify/{}", "/api/reply/{}", "/api/deal/{}", "/api/json/{}", "/api/pdf/{}", "/api/pdf/kit/{}",
         "/api/preview/{}/1.png", "/api/preview/kit/{}/2.png", "/print/{}", "/deal/{}", "/check/{}"]
WORDS = sorted({k.name for g in api.declarations() for k in g.records} | {d.name for g in api.declarations()
               for d in g.deals} | {c.command for g in api.declarations() for c in g.components if c.command}
               | {g.name for g in api.declarations()} | {"pattern", "../etc/passwd", "%00", "x" * 300})
VALUES = st.one_of(st.sampled_from(["1", "0", "-1", "99999999999999", "nan", "inf", "a4", "tiles", "/etc/passwd",
                                    "lexicon-1932", "", "²", "1e999", "true"]), st.text(max_size=30))


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(Limits(workers=2, seconds=20)), raise_server_exceptions=False) as made:
        yield made


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.sampled_from(PATHS), word=st.sampled_from(WORDS),
       query=st.dictionaries(st.sampled_from(NAMES), VALUES, max_size=4),
       body=st.one_of(st.binary(max_size=300), st.text(max_size=300).map(str.encode)))
def test_no_request_gets_a_5xx(client: TestClient, path: str, word: str, query: dict[str, str], body: bytes) -> None:
    url = path.format(word)
    query = {k: v for k, v in query.items() if not (k == "count" and v.isdigit() and len(v) > 2)}  # not a 1000-page PDF
    if path.startswith(("/api/verify", "/api/reply")):
        answer = client.post(url, params=query, content=body)
    else:
        answer = client.get(url, params=query)
    assert answer.status_code < 500, (url, query, answer.text[:300])


def test_the_server_answers_correctly_after_the_fuzzing(client: TestClient) -> None:
    answer = client.get("/api/deal/word-solitaire", params={"seed": "1"})
    assert answer.status_code == 200 and answer.json() == api.deal("word-solitaire", seed=1).to_json()
