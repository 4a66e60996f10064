"""``kitgen serve --teacher``: the teacher's password, issue 29's other teacher's secret beside a session's key
(docs/web.md, "Who may do what"). Kept hashed in memory; a sign-in form from this site only, with its token, a few
tries a minute; its cookie opens the form that starts a session and every session's teacher pages (403 without)."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from classdb import BACKENDS, BASE, class_database, form_token, web_client
from starlette.testclient import TestClient

from kitgen.web.app import create_app
from kitgen.web.teacher import COOKIE, PASSWORD_ENV, TRIES_PER_MINUTE, Password

PASSWORD = "correct horse battery"


@pytest.fixture(params=BACKENDS)
def app(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Any]:
    """The web app with a teacher's password, on SQLite and PostgreSQL."""
    with class_database(request.param, tmp_path) as url:
        made = create_app(db=url, teacher=Password.of(PASSWORD))
        yield made
        made.state.classroom.close()


def _client(app: Any) -> TestClient:
    return web_client(app)  # type: ignore[return-value]


def _sign_in(client: TestClient, password: str = PASSWORD, **headers: str) -> Any:
    token = form_token(client.get("/teacher").text)
    return client.post("/teacher", data={"token": token, "password": password, "next": "/class"},
                       headers={"Origin": BASE, **headers})


def _open(client: TestClient, app: Any) -> Any:
    token = app.state.classroom.token("new")
    return client.post("/class", data={"token": token, "kind": "wordsearch", "deal": "1", "lang": "en"},
                       headers={"Origin": BASE})


def test_without_the_sign_in_the_teachers_form_and_pages_are_refused(app: Any) -> None:
    stranger = _client(app)
    page = stranger.get("/class")
    assert page.status_code == 403 and 'type="password"' in page.text and 'action="/teacher"' in page.text
    assert _open(stranger, app).status_code == 403
    keyholder = _client(app)  # a session's key still opens its own pages, as without --teacher
    assert _sign_in(keyholder).status_code == 303
    sid = _open(keyholder, app).headers["location"].split("/")[2].split("?")[0]
    for path in (f"/class/{sid}", f"/class/{sid}/ranking", f"/class/{sid}/export.csv", f"/class/{sid}/events"):
        assert stranger.get(path).status_code == 403, path
    token = app.state.classroom.token(sid)
    for action in ("close", "delete"):
        refused = stranger.post(f"/class/{sid}/{action}", data={"token": token}, headers={"Origin": BASE})
        assert refused.status_code == 403, action


def test_a_teacher_signed_in_starts_a_session_and_opens_any_sessions_pages(app: Any) -> None:
    first, other_computer = _client(app), _client(app)
    signed = _sign_in(first)
    assert signed.status_code == 303 and signed.headers["location"] == "/class"
    cookie = signed.headers["set-cookie"]
    assert f"{COOKIE}=" in cookie and "HttpOnly" in cookie and "samesite=strict" in cookie.lower()
    assert PASSWORD not in cookie
    page = first.get("/class")
    assert page.status_code == 200 and 'action="/teacher/out"' in page.text
    sid = _open(first, app).headers["location"].split("/")[2].split("?")[0]
    assert _sign_in(other_computer).status_code == 303  # another computer: no session key, the password instead
    assert other_computer.get(f"/class/{sid}").status_code == 200
    assert "/key/" not in other_computer.get(f"/class/{sid}?first=1").text  # no key of its own to show
    assert other_computer.get(f"/class/{sid}/ranking").json() == {"closed": False, "sheets": []}
    token = form_token(other_computer.get(f"/class/{sid}").text)
    assert other_computer.post(f"/class/{sid}/close", data={"token": token},
                               headers={"Origin": BASE}).status_code == 303
    assert other_computer.get(f"/class/{sid}/ranking").json()["closed"] is True
    out = form_token(other_computer.get("/class").text.split('action="/teacher/out"')[1])
    assert other_computer.post("/teacher/out", data={"token": out}, headers={"Origin": BASE}).status_code == 303
    assert other_computer.get(f"/class/{sid}").status_code == 403
    assert other_computer.post(f"/class/{sid}/delete", data={"token": token},
                               headers={"Origin": BASE}).status_code == 403


def test_a_wrong_password_a_forged_form_and_a_forged_cookie_are_refused(app: Any) -> None:
    client = _client(app)
    wrong = _sign_in(client, "not the password")
    assert wrong.status_code == 403 and "not the teacher's password" in html.unescape(wrong.text) and COOKIE not in \
        wrong.headers.get("set-cookie", "")
    cross_site = _sign_in(_client(app), **{"Sec-Fetch-Site": "cross-site"})
    assert cross_site.status_code == 403 and COOKIE not in cross_site.headers.get("set-cookie", "")
    no_token = _client(app).post("/teacher", data={"password": PASSWORD}, headers={"Origin": BASE})
    assert no_token.status_code == 403
    elsewhere = _client(app).post("/teacher", data={"token": app.state.classroom.token("teacher"),
                                                    "password": PASSWORD}, headers={"Origin": "http://evil.example"})
    assert elsewhere.status_code == 403
    for forged in ("9999999999.00", "9999999999." + "0" * 64, "1.x", "", "nonsense"):
        forger = _client(app)
        forger.cookies.set(COOKIE, forged)
        assert forger.get("/class").status_code == 403, forged
    made_elsewhere = create_app(teacher=Password.of(PASSWORD))  # the same password on another server
    from kitgen.web.teacher import stamp

    foreign = stamp(made_elsewhere.state.classroom.secret, made_elsewhere.state.classroom.password, 9999999999)
    forger = _client(app)
    forger.cookies.set(COOKIE, foreign)
    assert forger.get("/class").status_code == 403
    expired = stamp(app.state.classroom.secret, app.state.classroom.password, 1)
    forger.cookies.set(COOKIE, expired)
    assert forger.get("/class").status_code == 403


def test_guessing_the_password_is_throttled(app: Any) -> None:
    """A few tries a minute from one device (counted in the class database, as sheets sent are): past them even
    the right password waits."""
    guesser = _client(app)
    codes = [_sign_in(guesser, f"guess {n}").status_code for n in range(TRIES_PER_MINUTE)]
    assert codes == [403] * TRIES_PER_MINUTE
    late = _sign_in(guesser)
    assert late.status_code == 429 and COOKIE not in late.headers.get("set-cookie", "")


def test_next_goes_only_to_a_page_of_this_site(app: Any) -> None:
    client = _client(app)
    token = form_token(client.get("/teacher").text)
    for given, lands in (("//evil.example/x", "/class"), ("https://evil.example", "/class"), ("/room", "/room")):
        answer = client.post("/teacher", data={"token": token, "password": PASSWORD, "next": given},
                             headers={"Origin": BASE})
        assert answer.headers["location"] == lands


def test_the_password_is_kept_only_as_a_scrypt_hash() -> None:
    kept = Password.of(PASSWORD)
    assert PASSWORD.encode() not in kept.salt + kept.digest and PASSWORD not in repr(kept)
    assert kept.matches(PASSWORD) and not kept.matches(PASSWORD + "x") and not kept.matches("x" * 10_000)
    assert Password.of(PASSWORD).salt != kept.salt  # a salt of its own each time
    from kitgen.api import InputError

    with pytest.raises(InputError, match="8 to 200"):
        Password.of("short")


def test_without_teacher_there_is_no_sign_in_and_a_session_opens_as_before(tmp_path: Path) -> None:
    made = create_app(db=f"sqlite:///{tmp_path / 'c.db'}")
    client = _client(made)
    assert client.get("/teacher").status_code == 404
    assert client.get("/class").status_code == 200 and "/teacher/out" not in client.get("/class").text
    assert _open(client, made).status_code == 303
    made.state.classroom.close()


def test_serve_teacher_reads_the_password_from_the_environment_never_the_command_line(
        invoke, monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn

    served: list[Any] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, host, port, **_: served.append(app))
    monkeypatch.setenv(PASSWORD_ENV, PASSWORD)
    result = invoke("serve", "--teacher", "--port", "8124")
    assert result.exit_code == 0, result.output
    import os

    kept = served[0].state.classroom.password
    assert kept is not None and kept.matches(PASSWORD)
    assert PASSWORD_ENV not in os.environ  # taken out: the server's worker processes never inherit it
    assert PASSWORD not in result.output
    plain = invoke("serve", "--teacher", PASSWORD)  # a password typed on the command line is no option
    assert plain.exit_code == 2 and len(served) == 1


def test_serve_teacher_without_a_terminal_or_the_variable_says_so(invoke, monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn

    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: pytest.fail("the server must not start"))
    monkeypatch.delenv(PASSWORD_ENV, raising=False)
    result = invoke("serve", "--teacher", input="")
    assert result.exit_code == 2 and PASSWORD_ENV in result.output and "Traceback" not in result.output
    monkeypatch.setenv(PASSWORD_ENV, "short")
    result = invoke("serve", "--teacher")
    assert result.exit_code == 2 and re.search("8 to 200 characters", result.output)
