"""``kitgen session list|export`` on a class database (docs/web.md, "Class sessions")."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from kitgen.store import Store


@pytest.fixture
def filled(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[str, str]:
    url = f"sqlite:///{tmp_path / 'classes.db'}"
    monkeypatch.setenv("KITGEN_DB", url)
    store = Store(url)
    sid = store.open_session("wordsearch", "Class 4B", {"seed": 7}).info.id
    store.submit(sid, "Ann", "sheet", 41, True, {"words": [{"word": "CAT"}], "problems": []})
    store.submit(sid, "Bob", "sheet", 56, True, {"words": [], "problems": []})
    store.close()
    return url, sid


def test_list_shows_each_session_with_its_count(invoke, filled: tuple[str, str]) -> None:
    url, sid = filled
    result = invoke("session", "list", "--json")
    assert result.exit_code == 0, result.output
    assert [(s["id"], s["submissions"], s["title"]) for s in json.loads(result.stdout)] == [(sid, 2, "Class 4B")]


def test_export_ranks_the_sheets_as_csv(invoke, filled: tuple[str, str]) -> None:
    _, sid = filled
    result = invoke("session", "export", sid, "--csv")
    assert result.exit_code == 0, result.output
    rows = list(csv.reader(io.StringIO(result.stdout)))
    assert [(r[0], r[1], r[2]) for r in rows[1:]] == [("1", "Bob", "56"), ("2", "Ann", "41")]


def test_export_names_a_database_given_by_flag(invoke, filled: tuple[str, str], monkeypatch) -> None:
    url, sid = filled
    monkeypatch.delenv("KITGEN_DB")
    result = invoke("session", "export", sid, "--db", url, "--json")
    assert result.exit_code == 0, result.output
    assert [e["name"] for e in json.loads(result.stdout)["ranking"]] == ["Bob", "Ann"]


def test_an_unknown_session_or_a_database_that_is_down_is_one_line(invoke, filled: tuple[str, str]) -> None:
    result = invoke("session", "export", "no-such-session")
    assert result.exit_code == 2 and "no such class session" in result.output
    assert "Traceback" not in result.output
    down = invoke("session", "list", "--db", "postgresql+psycopg://u:pw@127.0.0.1:1/x?connect_timeout=2")
    assert down.exit_code == 2 and "not available" in down.output and "pw" not in down.output
