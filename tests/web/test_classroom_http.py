"""Class sessions over HTTP (docs/web.md, "Class sessions"): the teacher's and students' pages, who may do what."""

from __future__ import annotations

import html
import io
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from classdb import BACKENDS, BASE, class_app, form_token, web_client
from conftest import ROOT
from starlette.testclient import TestClient

from kitgen.web.app import create_app
from kitgen.web.classroom import SENDS_PER_MINUTE, Limiter

SHEET = (ROOT / "samples" / "wordsearch" / "deal-1.txt").read_text()
BROKEN = (ROOT / "samples" / "wordsearch" / "deal-1-broken.txt").read_text()


@pytest.fixture(scope="module", params=BACKENDS)
def app(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    """The web app on a class database of its own: SQLite, then PostgreSQL (skipped without a server)."""
    with class_app(request.param, tmp_path_factory.mktemp("class")) as made:
        yield made


def _client(app: object) -> TestClient:
    return web_client(app)  # type: ignore[return-value]



def _open_session(teacher: TestClient, deal: str = "1", ranking: bool = False) -> str:
    token = form_token(teacher.get("/class").text)
    form = {"token": token, "kind": "wordsearch", "title": "Class 4B", "deal": deal, "lang": "en"}
    if ranking:
        form["ranking"] = "1"
    answer = teacher.post("/class", data=form, headers={"Origin": BASE})
    assert answer.status_code == 303, answer.text
    session_id = answer.headers["location"].split("/")[2].split("?")[0]
    return session_id


def _send(student: TestClient, session_id: str, name: str, sheet: str = SHEET, **headers: str) -> object:
    given = {"Origin": BASE, "X-Kitgen-Send": "1", **headers}
    return student.post(f"/s/{session_id}", data={"name": name, "sheet": sheet}, headers=given)


def test_a_teacher_opens_a_session_and_sees_each_sheet_ranked_as_the_verifier_scores_it(app: object,
                                                                                          invoke) -> None:
    teacher, student = _client(app), _client(app)
    sid = _open_session(teacher)
    page = teacher.get(f"/class/{sid}?first=1")
    assert page.status_code == 200 and f"/S/{sid}" in page.text and "Keep this link" in page.text
    assert student.get(f"/s/{sid}").status_code == 200
    assert student.get(f"/S/{sid}").status_code == 200
    sent = _send(student, sid, "Ann")
    assert sent.status_code == 200, sent.text  # type: ignore[attr-defined]
    own = student.get(sent.json()["url"])  # type: ignore[attr-defined]
    assert own.status_code == 200 and "Ann" in own.text
    cli = invoke("verify", "wordsearch", str(ROOT / "samples" / "wordsearch" / "deal-1.txt"), "--deal", "1",
                 "--json")
    import json

    score = json.loads(cli.stdout)["score"]
    _send(student, sid, "Bob", BROKEN)
    ranking = teacher.get(f"/class/{sid}/ranking").json()["sheets"]
    assert [(s["name"], s["score"], s["rank"], s["ok"]) for s in ranking][0] == ("Ann", score, 1, True)
    assert ranking[1]["name"] == "Bob" and not ranking[1]["ok"] and ranking[1]["problems"]
    csv = teacher.get(f"/class/{sid}/export.csv")
    assert csv.status_code == 200 and csv.text.splitlines()[1].startswith(f"1,Ann,{score},yes")


def test_teacher_pages_and_actions_without_the_key_are_refused(app: object) -> None:
    teacher, stranger = _client(app), _client(app)
    sid = _open_session(teacher)
    for path in (f"/class/{sid}", f"/class/{sid}/ranking", f"/class/{sid}/export.csv",
                 f"/class/{sid}/sheets.pdf?count=1"):
        assert stranger.get(path).status_code == 403, path
    token = form_token(teacher.get(f"/class/{sid}").text)
    for action in ("close", "delete"):
        answer = stranger.post(f"/class/{sid}/{action}", data={"token": token}, headers={"Origin": BASE})
        assert answer.status_code == 403, action
    assert teacher.get(f"/class/{sid}").status_code == 200


def test_the_teachers_link_lets_the_teacher_in_from_another_browser(app: object) -> None:
    teacher, elsewhere = _client(app), _client(app)
    sid = _open_session(teacher)
    link = re.search(r'class="key-link">http://testserver(/class/[^<]+)<', teacher.get(f"/class/{sid}?first=1").text)
    assert link
    assert elsewhere.get(link.group(1)).status_code == 303
    assert elsewhere.get(f"/class/{sid}").status_code == 200
    assert _client(app).get(f"/class/{sid}/key/wrong").status_code == 403


def test_forged_cross_site_posts_are_refused(app: object) -> None:
    teacher, student = _client(app), _client(app)
    sid = _open_session(teacher)
    token = form_token(teacher.get("/class").text)
    form = {"token": token, "kind": "wordsearch", "deal": "1", "lang": "en"}
    assert teacher.post("/class", data=form, headers={"Origin": "http://evil.example"}).status_code == 403
    assert teacher.post("/class", data=form).status_code == 403  # no Origin, no Referer
    assert teacher.post("/class", data={**form, "token": "0" * 32}, headers={"Origin": BASE}).status_code == 403
    assert _send(student, sid, "Ann", Origin="http://evil.example").status_code == 403  # type: ignore
    no_header = student.post(f"/s/{sid}", data={"name": "Ann", "sheet": SHEET}, headers={"Origin": BASE})
    assert no_header.status_code == 403
    assert teacher.post(f"/class/{sid}/close", data={}, headers={"Origin": BASE}).status_code == 403
    assert teacher.get(f"/class/{sid}/ranking").json()["sheets"] == []


def test_a_student_never_sees_another_sessions_sheet(app: object) -> None:
    teacher, student = _client(app), _client(app)
    a, b = _open_session(teacher), _open_session(teacher)
    in_b = _send(student, b, "Bob").json()["id"]  # type: ignore[attr-defined]
    assert student.get(f"/s/{a}/{in_b}").status_code == 404
    assert student.get(f"/s/{b}/{in_b}").status_code == 200
    assert student.get("/s/NOSUCHSESSION000").status_code == 404


def test_a_student_cannot_reach_a_classmates_sheet_by_changing_the_ids(app: object) -> None:
    """Security (issue 29's bar): in one session whose ranking students may see, Bob's page names Ann and her
    score, never her sheet nor the id of her submission; his own id with a letter changed, and any other id, is
    no submission (404); the ids are 80 random bits, so Ann's is not guessed."""
    teacher, ann, bob = _client(app), _client(app), _client(app)
    sid = _open_session(teacher, ranking=True)
    hers = _send(ann, sid, "Ann", BROKEN).json()["id"]  # type: ignore[attr-defined]
    his = _send(bob, sid, "Bob").json()["id"]  # type: ignore[attr-defined]
    assert len(hers) == len(his) == 16 and hers != his
    problem = next(s for s in teacher.get(f"/class/{sid}/ranking").json()["sheets"] if s["name"] == "Ann")[
        "problems"][0]
    shown = html.escape(problem, quote=False)
    assert shown in ann.get(f"/s/{sid}/{hers}").text  # her own verdict names what is wrong with her sheet
    page = bob.get(f"/s/{sid}/{his}").text
    assert "Ann" in page and hers not in page and shown not in page
    for changed in {his[:-1] + ("A" if his[-1] != "A" else "B"), his[::-1], "A" * 16, hers.lower() + "X"}:
        assert bob.get(f"/s/{sid}/{changed}").status_code == 404, changed
    assert "Ann" not in bob.get(f"/s/{sid}").text  # the students' page itself lists no one


def test_a_name_is_shown_as_text_never_as_markup(app: object) -> None:
    """Who may do what (issue 29): names are display names only, escaped wherever shown: a student who calls
    themselves a script sees it written out on their page and on a classmate's ranking, and the teacher's page
    and ranking carry it as text (the page's script writes it with textContent)."""
    teacher, student, classmate = _client(app), _client(app), _client(app)
    sid = _open_session(teacher, ranking=True)
    name = '"><script>alert(1)</script>'
    sent = _send(student, sid, name).json()  # type: ignore[attr-defined]
    other = _send(classmate, sid, "Ann").json()  # type: ignore[attr-defined]
    for page in (student.get(sent["url"]).text, classmate.get(other["url"]).text, teacher.get(f"/class/{sid}").text):
        assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in student.get(sent["url"]).text
    assert name in [s["name"] for s in teacher.get(f"/class/{sid}/ranking").json()["sheets"]]


def test_the_ranking_is_shown_to_students_only_when_the_teacher_allows(app: object) -> None:
    teacher, student = _client(app), _client(app)
    hidden, shown = _open_session(teacher), _open_session(teacher, ranking=True)
    for sid, expected in ((hidden, False), (shown, True)):
        _send(student, sid, "Cy")
        url = _send(student, sid, "Di").json()["url"]  # type: ignore[attr-defined]
        page = student.get(url).text
        assert ("The class so far" in page) is expected
        assert ("Cy" in page) is expected  # another student's name, never their sheet


def test_a_closed_session_takes_no_sheet_and_a_deleted_one_is_gone(app: object) -> None:
    teacher, student = _client(app), _client(app)
    sid = _open_session(teacher)
    token = form_token(teacher.get(f"/class/{sid}").text)
    assert teacher.post(f"/class/{sid}/close", data={"token": token},
                        headers={"Origin": BASE}).status_code == 303
    answer = _send(student, sid, "Ann")
    assert answer.status_code == 409 and "closed" in answer.json()["error"]  # type: ignore[attr-defined]
    assert teacher.post(f"/class/{sid}/delete", data={"token": token},
                        headers={"Origin": BASE}).status_code == 303
    assert student.get(f"/s/{sid}").status_code == 404
    assert teacher.get(f"/class/{sid}").status_code in (403, 404)


def test_one_device_sending_sheet_after_sheet_is_throttled(app: object) -> None:
    teacher, student = _client(app), _client(app)
    sid = _open_session(teacher)
    codes = [_send(student, sid, f"p{i}").status_code for i in range(SENDS_PER_MINUTE + 30)]  # type: ignore
    assert codes[SENDS_PER_MINUTE:] == [429] * 30
    assert len(teacher.get(f"/class/{sid}/ranking").json()["sheets"]) == SENDS_PER_MINUTE


def _send_keyed(student: TestClient, session_id: str, name: str, key: str, sheet: str = SHEET) -> Any:
    return student.post(f"/s/{session_id}", data={"name": name, "sheet": sheet, "key": key},
                        headers={"Origin": BASE, "X-Kitgen-Send": "1"})


def test_a_sheet_resent_with_its_key_is_kept_once_and_answered_with_the_same_verdict(app: object) -> None:
    """Issue 29, stored = acknowledged: the page resends a sheet whose answer it never had with the same
    idempotency key; the server answers with the sheet it kept (the same id, link and score), keeps no second row,
    and does not count the repeat against the device's limit on sends."""
    teacher, student = _client(app), _client(app)
    sid = _open_session(teacher)
    key = "5f0c2d9be1a84c6f9d3a7b2e4c1f0a8d"
    answers = [_send_keyed(student, sid, "Ann", key) for _ in range(SENDS_PER_MINUTE + 3)]
    assert {a.status_code for a in answers} == {200}
    assert len({(a.json()["id"], a.json()["url"], a.json()["score"]) for a in answers}) == 1
    assert [s["name"] for s in teacher.get(f"/class/{sid}/ranking").json()["sheets"]] == ["Ann"]
    assert _send_keyed(student, sid, "Bob", "a" * 32).status_code == 200  # the limit still has room


def test_a_key_is_no_way_into_another_sheet_or_another_session(app: object) -> None:
    """Another session given the same key keeps a sheet of its own (nothing of the first class's), and in the same
    session the key with another sheet or name is refused (409) without the kept verdict; a key the page would not
    make is a 400."""
    teacher, student, other_teacher, stranger = _client(app), _client(app), _client(app), _client(app)
    sid, other = _open_session(teacher), _open_session(other_teacher, deal="2")
    key = "0a1b2c3d4e5f60718293a4b5c6d7e8f9"
    kept = _send_keyed(student, sid, "Ann", key).json()
    theirs = _send_keyed(stranger, other, "Ann", key)
    assert theirs.status_code == 200 and theirs.json()["id"] != kept["id"]
    assert theirs.json()["url"].startswith(f"/s/{other}/")
    assert stranger.get(f"/s/{other}/{kept['id']}").status_code == 404
    for name, sheet in (("Eve", SHEET), ("Ann", BROKEN)):
        refused = _send_keyed(stranger, sid, name, key, sheet)
        assert refused.status_code == 409 and kept["id"] not in refused.text and "score" not in refused.json()
    assert _send_keyed(student, sid, "Ann", "not/a/key/at/all!!").status_code == 400
    assert [s["name"] for s in teacher.get(f"/class/{sid}/ranking").json()["sheets"]] == ["Ann"]


def test_the_limiter_forgets_after_a_minute() -> None:
    now = [0.0]
    limiter = Limiter(2, clock=lambda: now[0])
    assert [limiter.allow("a") for _ in range(3)] == [True, True, False]
    assert limiter.allow("b")
    now[0] = 60.5
    assert limiter.allow("a")


def test_a_bad_name_is_said_in_words(app: object) -> None:
    teacher, student = _client(app), _client(app)
    sid = _open_session(teacher)
    answer = _send(student, sid, "An\u200bn")
    assert answer.status_code == 400 and "letters" in answer.json()["error"]  # type: ignore[attr-defined]


def test_the_class_set_carries_the_students_link_on_every_sheet(app: object, tmp_path: Path) -> None:
    teacher = _client(app)
    sid = _open_session(teacher, deal="7")
    answer = teacher.get(f"/class/{sid}/sheets.pdf", params={"count": "3"})
    assert answer.status_code == 200 and answer.headers["content-type"] == "application/pdf"
    from pypdf import PdfReader

    pages = PdfReader(io.BytesIO(answer.content)).pages
    assert len(pages) == 3 and all(f"/S/{sid}" in p.extract_text() for p in pages)
    if shutil.which("zbarimg"):
        import pypdfium2

        png = tmp_path / "sheet.png"
        pypdfium2.PdfDocument(answer.content)[2].render(scale=150 / 72).to_pil().save(png)
        found = subprocess.run(["zbarimg", "-q", "--raw", str(png)], capture_output=True, text=True)
        assert found.stdout.strip() == f"HTTP://TESTSERVER/S/{sid}"
    assert teacher.get(f"/class/{sid}/sheets.pdf", params={"count": "500"}).status_code == 400


def test_a_browsers_fetch_metadata_decides_where_a_post_came_from(app: object) -> None:
    teacher = _client(app)
    token = form_token(teacher.get("/class").text)
    form = {"token": token, "kind": "wordsearch", "deal": "1", "lang": "en"}
    # kitgen's pages send no referrer, so a browser's own form post says Origin: null and same-origin
    same = teacher.post("/class", data=form, headers={"Origin": "null", "Sec-Fetch-Site": "same-origin"})
    assert same.status_code == 303
    for site in ("cross-site", "same-site", "none"):
        forged = teacher.post("/class", data=form, headers={"Origin": BASE, "Sec-Fetch-Site": site})
        assert forged.status_code == 403 and "own page" in forged.text


def test_the_caller_page_calls_the_deals_words_in_order_with_their_lines(app: object, invoke) -> None:
    import html
    import json

    teacher = _client(app)
    sid = _open_session(teacher, deal="3")
    page = teacher.get(f"/class/{sid}/caller")
    assert page.status_code == 200
    found = re.search(r'data-turns="([^"]+)"', page.text)
    assert found
    turns = json.loads(html.unescape(found.group(1)))
    dealt = json.loads(invoke("deal", "wordsearch", "--seed", "3", "--json").stdout)
    assert [t["word"] for t in turns] == dealt["words"] and [t["line"] for t in turns] == dealt["lines"]
    assert all(t["line"] == (len(t["word"]) - 1) % 5 + 1 for t in turns if t["word"].isalpha())
    assert _client(app).get(f"/class/{sid}/caller").status_code == 403  # the words are the teacher's to call


def test_a_player_may_play_by_tutorial_scoring_and_the_teacher_sees_it(app: object, invoke) -> None:
    import json

    teacher, student = _client(app), _client(app)
    sid = _open_session(teacher)
    given = {"Origin": BASE, "X-Kitgen-Send": "1"}
    sent = student.post(f"/s/{sid}", data={"name": "Eli", "sheet": SHEET, "tutorial": "1"}, headers=given)
    assert sent.status_code == 200
    _send(student, sid, "Fay")
    cli = invoke("verify", "wordsearch", str(ROOT / "samples" / "wordsearch" / "deal-1.txt"), "--deal", "1",
                 "--tutorial", "--json")
    sheets = {s["name"]: s for s in teacher.get(f"/class/{sid}/ranking").json()["sheets"]}
    assert (sheets["Eli"]["score"], sheets["Eli"]["rules"]) == (json.loads(cli.stdout)["score"], "tutorial")
    assert sheets["Fay"]["rules"] == "full"
    rows = teacher.get(f"/class/{sid}/export.csv").text.splitlines()
    assert rows[0].endswith(",scoring") and any(r.startswith("2,Eli,") and r.endswith(",tutorial") for r in rows)


def test_a_player_may_count_two_letter_words_and_the_teacher_sees_it(app: object, invoke) -> None:
    import json

    teacher, student = _client(app), _client(app)
    sid = _open_session(teacher)
    assert 'name="min_length"' in student.get(f"/s/{sid}").text
    given = {"Origin": BASE, "X-Kitgen-Send": "1"}
    sent = student.post(f"/s/{sid}", data={"name": "Gus", "sheet": SHEET, "min_length": "2"}, headers=given)
    assert sent.status_code == 200
    _send(student, sid, "Hal")
    cli = invoke("verify", "wordsearch", str(ROOT / "samples" / "wordsearch" / "deal-1.txt"), "--deal", "1",
                 "--min-length", "2", "--json")
    short = json.loads(cli.stdout)["score"]
    sheets = {s["name"]: s for s in teacher.get(f"/class/{sid}/ranking").json()["sheets"]}
    assert (sheets["Gus"]["score"], sheets["Gus"]["short_words"]) == (short, True)
    assert "AS" in sheets["Gus"]["words"] and "AS" not in sheets["Hal"]["words"]  # row 5 ends ...AS
    assert not sheets["Hal"]["short_words"]
    assert "2-letter words counted" in student.get(sent.json()["url"]).text
    rows = teacher.get(f"/class/{sid}/export.csv").text.splitlines()
    assert any(r.startswith("1,Gus,") and r.endswith(",full; 2-letter words") for r in rows)
    assert any(r.startswith("1,Hal,") and r.endswith(",full") for r in rows)  # 51 both: tied


def test_a_student_reads_their_page_and_verdict_in_their_own_language_while_the_words_stay_the_sessions(
        app: object) -> None:
    teacher, student, other = _client(app), _client(app), _client(app)
    sid = _open_session(teacher)  # English words (deal 1)
    student.cookies.set("kitgen-lang", "fr")  # the student chose Français on a page before
    sheet = student.get(f"/s/{sid}")
    assert '<html lang="fr"' in sheet.text and '<input type="hidden" name="lang" value="en">' in sheet.text
    # the page's live check names the words' language: the answer speaks the student's, and keeps the cookie
    checked = student.post("/api/verify/wordsearch?deal=1&lang=en", content=BROKEN.encode())
    assert checked.status_code == 422 and checked.headers["content-language"] == "fr"
    assert "set-cookie" not in checked.headers
    french = "tour 1\u00a0: un mot de 8 lettres va sur la ligne 3, pas sur la ligne 2"
    assert french in checked.json()["problems"][0]["message"]
    sent = _send(student, sid, "Zoé", BROKEN)
    assert sent.status_code == 200, sent.text  # type: ignore[attr-defined]
    own = student.get(sent.json()["url"])  # type: ignore[attr-defined]
    assert '<html lang="fr"' in own.text and french in own.text.replace("&#39;", "'")
    _send(other, sid, "Ann", BROKEN)  # a student reading English
    sheets = {s["name"]: s for s in teacher.get(f"/class/{sid}/ranking").json()["sheets"]}
    assert (sheets["Zoé"]["language"], sheets["Ann"]["language"]) == ("fr", "en")
    assert french in sheets["Zoé"]["problems"][0]
    assert "turn 1: an 8-letter word goes on line 3, not line 2" in sheets["Ann"]["problems"][0]
    rows = teacher.get(f"/class/{sid}/export.csv").text.splitlines()
    assert rows[0].endswith(",language,scoring") and any(r.startswith(",Zoé,") and ",fr,full" in r for r in rows)


def test_a_sheet_sent_reaches_the_teachers_open_event_stream(app: object, monkeypatch: pytest.MonkeyPatch) -> None:
    import json
    import threading
    import time

    from kitgen.web import classroom

    # the test client hands a response over once it ends: a short stream, open before the sheet is sent
    monkeypatch.setattr(classroom, "STREAM_SECONDS", 12.0)
    monkeypatch.setattr(classroom, "STREAM_CHECK", 0.2)
    teacher, student = _client(app), _client(app)
    sid = _open_session(teacher)
    assert _client(app).get(f"/class/{sid}/events").status_code == 403  # the teacher's only
    got: dict[str, object] = {}
    opened = time.monotonic()
    listening = threading.Thread(target=lambda: got.update(answer=teacher.get(f"/class/{sid}/events")))
    listening.start()
    time.sleep(1.0)
    assert listening.is_alive()  # the stream is open
    sent = _send(student, sid, "Ann")
    assert sent.status_code == 200 and time.monotonic() - opened < 12  # type: ignore[attr-defined]
    listening.join(30)
    answer = got["answer"]
    assert answer.headers["content-type"].startswith("text/event-stream")  # type: ignore[attr-defined]
    events = [block for block in answer.text.split("\n\n") if block.startswith("event: ranking")]  # type: ignore
    rankings = [json.loads(block.split("data: ", 1)[1]) for block in events]
    assert rankings[0]["sheets"] == []  # at once, before any sheet
    assert [s["name"] for s in rankings[-1]["sheets"]] == ["Ann"] and len(rankings) == 2  # sent once, as it came
    assert rankings[-1] == teacher.get(f"/class/{sid}/ranking").json()


def test_a_3dxword_session_checks_each_tables_log_and_prints_score_pads_with_the_code(app: object,
                                                                                     tmp_path: Path) -> None:
    """3DXWORD logs in a session: no deal (each table plays its own bricks), the class set is a score pad a
    table with the students' link and QR code, a table's log checked by the CLI's verifier and ranked."""
    from kitgen import api

    teacher, student = _client(app), _client(app)
    form = {"token": form_token(teacher.get("/class").text), "kind": "3dxword", "title": "Bricks club", "lang": "en"}
    opened = teacher.post("/class", data=form, headers={"Origin": BASE})  # no deal number asked for
    assert opened.status_code == 303, opened.text
    sid = opened.headers["location"].split("/")[2].split("?")[0]
    assert "print a score pad for each table" in teacher.get(f"/class/{sid}").text
    page = student.get(f"/s/{sid}")
    assert page.status_code == 200 and "version: table" in page.text and 'name="lang" value="en"' in page.text
    game = (ROOT / "samples" / "3dxword" / "3d-game.txt").read_text()
    early = (ROOT / "samples" / "3dxword" / "illegal-too-early.txt").read_text()
    sent = _send(student, sid, "Table 1", game)
    assert sent.status_code == 200 and sent.json()["ok"]  # type: ignore[attr-defined]
    assert _send(student, sid, "Table 2", early).status_code == 200  # type: ignore[attr-defined]
    scores = api.verify("3dxword", game).to_json()["scores"]
    assert "ANN 17, BOB 7" in student.get(sent.json()["url"]).text and scores == {"ANN": 17, "BOB": 7}  # type: ignore
    sheets = teacher.get(f"/class/{sid}/ranking").json()["sheets"]
    assert [(s["name"], s["rank"], s["ok"]) for s in sheets] == [("Table 1", 1, True), ("Table 2", None, False)]
    assert sheets[0]["score"] == 17
    assert sheets[0]["words"][:3] == ["CAT", "ART", "TEN"] and sheets[1]["problems"]
    pads = teacher.get(f"/class/{sid}/sheets.pdf", params={"count": "3"})
    from pypdf import PdfReader

    pages = PdfReader(io.BytesIO(pads.content)).pages
    assert pads.status_code == 200 and len(pages) == 3
    assert all(f"/S/{sid}" in p.extract_text() and "score pad" in p.extract_text() for p in pages)
    if shutil.which("zbarimg"):
        import pypdfium2

        png = tmp_path / "pad.png"
        pypdfium2.PdfDocument(pads.content)[1].render(scale=150 / 72).to_pil().save(png)
        found = subprocess.run(["zbarimg", "-q", "--raw", str(png)], capture_output=True, text=True)
        assert found.stdout.strip() == f"HTTP://TESTSERVER/S/{sid}"


def test_a_3dxword_session_checks_a_whole_3d_game_with_x_pieces_and_words_upside_down(app: object) -> None:
    """The whole-game log in a session: a table's game with X pieces and a word upside down is checked by the
    CLI's verifier and ranked; the same game with TOP turned upside down without
    its X piece is listed unranked with the rule it breaks; the students' page says how to write the pieces."""
    from kitgen import api

    teacher, student = _client(app), _client(app)
    form = {"token": form_token(teacher.get("/class").text), "kind": "3dxword", "title": "Bricks", "lang": "en"}
    sid = teacher.post("/class", data=form, headers={"Origin": BASE}).headers["location"].split("/")[2][:16]
    assert "<code>x</code> for an X piece" in student.get(f"/s/{sid}").text
    game = (ROOT / "samples" / "3dxword" / "x-pieces.txt").read_text()
    assert api.verify("3dxword", game).to_json()["scores"] == {"ANN": 11, "BOB": 4}  # the default words, as here
    sent = _send(student, sid, "Table 1", game)
    assert sent.status_code == 200 and sent.json()["ok"]  # type: ignore[attr-defined]
    turned = game.replace("up x upside-down", "up upside-down")
    assert _send(student, sid, "Table 2", turned).status_code == 200  # type: ignore[attr-defined]
    sheets = teacher.get(f"/class/{sid}/ranking").json()["sheets"]
    assert [(s["name"], s["rank"], s["score"]) for s in sheets] == [("Table 1", 1, 11), ("Table 2", None, 6)]
    problem = sheets[1]["problems"][0]
    assert "[way-up]" in problem and "the T of CAT at 2,0,0 stands upright" in problem
    assert "way-up" in teacher.get(f"/class/{sid}/export.csv").text


def test_a_class_database_that_is_down_is_said_in_words_never_a_traceback() -> None:
    down = create_app(db="postgresql+psycopg://kitgen:pw@127.0.0.1:1/none?connect_timeout=2")
    client = _client(down)
    page = client.get("/class/ABCDEFGHIJKLMNOP")
    assert page.status_code == 503 and "not available" in page.text and "Traceback" not in page.text
    assert "pw" not in page.text
    sent = client.post("/s/ABCDEFGHIJKLMNOP", data={"name": "Ann", "sheet": SHEET},
                       headers={"Origin": BASE, "X-Kitgen-Send": "1"})
    assert sent.status_code == 503 and "not available" in sent.json()["error"]
    assert client.get("/class").status_code == 200  # opening the form needs no database


def test_a_word_solitaire_session_checks_each_game_and_ranks_the_winners_first(app: object) -> None:
    teacher, student = _client(app), _client(app)
    form = {"token": form_token(teacher.get("/class").text), "kind": "word-solitaire", "title": "Solitaire club",
            "deal": "1", "lang": "en"}
    opened = teacher.post("/class", data=form, headers={"Origin": BASE})
    assert opened.status_code == 303
    sid = opened.headers["location"].split("/")[2].split("?")[0]
    own = teacher.get(f"/class/{sid}?first=1")
    assert own.status_code == 200 and "Word Solitaire, deal 1." in own.text and "Call the words" not in own.text
    page = student.get(f"/s/{sid}")
    assert page.status_code == 200 and 'name="game" value="word-solitaire"' in page.text
    won = (ROOT / "samples" / "game-of-words" / "word-solitaire-1.txt").read_text()
    unfinished = "\n".join(won.splitlines()[:4]) + "\n"
    assert _send(student, sid, "Gus", unfinished).status_code == 200  # type: ignore[attr-defined]
    sent = _send(student, sid, "Hal", won)
    assert sent.status_code == 200  # type: ignore[attr-defined]
    assert "You won" in student.get(sent.json()["url"]).text  # type: ignore[attr-defined]
    sheets = teacher.get(f"/class/{sid}/ranking").json()["sheets"]
    # a game with cards left breaks the rule that every card is played: listed after the winners, with no rank
    assert [(s["name"], s["result"], s["rank"]) for s in sheets] == [("Hal", "won", 1), ("Gus", "not won", None)]
    set_pdf = teacher.get(f"/class/{sid}/sheets.pdf", params={"count": "2"})
    from pypdf import PdfReader

    pages = PdfReader(io.BytesIO(set_pdf.content)).pages
    assert set_pdf.status_code == 200 and len(pages) == 2 and all(f"/S/{sid}" in p.extract_text() for p in pages)
    assert teacher.get(f"/class/{sid}/caller").status_code == 404


def test_a_crossword_game_session_starts_every_record_with_its_pattern(app: object, tmp_path: Path) -> None:
    """A Crossword game session: the class set is one seeded pattern; each pair's record starts with it, typed in
    for them, and a record whose pattern was changed is refused; the teacher sees each player's score."""
    from kitgen import api
    from kitgen.api import Group, command

    teacher, student = _client(app), _client(app)
    form = {"token": form_token(teacher.get("/class").text), "kind": "crossword", "title": "Crossword club",
            "deal": "5", "lang": "en"}
    opened = teacher.post("/class", data=form, headers={"Origin": BASE})
    assert opened.status_code == 303
    sid = opened.headers["location"].split("/")[2].split("?")[0]
    rows = api.run(command(Group.TOP, "pattern"), seed=5).document["patterns"][0]["rows"]
    page = student.get(f"/s/{sid}")
    assert page.status_code == 200 and "pattern:\n" + "\n".join(rows) + "\n</textarea>" in page.text
    assert 'name="seed"' not in page.text  # the seed names the pattern; it is no option of the check
    from kitgen.core.grid import Grid

    light = Grid(rows).shortest_first_light()
    assert light is not None
    word = api.match("?" * light.length)[0]
    record = "pattern:\n" + "\n".join(rows) + f"\nplayers: ANN BOB\nANN {light.name} {word}\nBOB pass\nANN pass\n"
    sent = _send(student, sid, "Ann and Bob", record)
    assert sent.status_code == 200 and sent.json()["ok"]  # type: ignore[attr-defined]
    scores = api.verify("crossword", record).to_json()["scores"]   # the CLI's verifier: the first word, the bonus
    result = f"ANN {scores['ANN']}, BOB {scores['BOB']}"
    shown = student.get(sent.json()["url"]).text  # type: ignore[attr-defined]
    assert scores["ANN"] >= 2 * light.length and f"Scores: {result}" in shown
    changed = record.replace(rows[0], rows[0][::-1], 1) if rows[0] != rows[0][::-1] else record.replace(".", "#", 1)
    refused = _send(student, sid, "Cal", changed)
    assert refused.status_code == 400 and "Keep the pattern" in refused.json()["error"]  # type: ignore[attr-defined]
    sheets = teacher.get(f"/class/{sid}/ranking").json()["sheets"]
    assert [(s["name"], s["result"], s["words"]) for s in sheets] == [("Ann and Bob", result, [word.upper()])]
    set_pdf = teacher.get(f"/class/{sid}/sheets.pdf", params={"count": "2"})
    from pypdf import PdfReader

    assert set_pdf.status_code == 200 and len(PdfReader(io.BytesIO(set_pdf.content)).pages) == 2
    if shutil.which("zbarimg"):  # the pattern page has room for the code alone, in its blank corner
        import pypdfium2

        png = tmp_path / "pattern.png"
        pypdfium2.PdfDocument(set_pdf.content)[1].render(scale=150 / 72).to_pil().save(png)
        found = subprocess.run(["zbarimg", "-q", "--raw", str(png)], capture_output=True, text=True)
        assert found.stdout.strip() == f"HTTP://TESTSERVER/S/{sid}"


def test_the_limit_on_sends_is_shared_by_the_workers_of_one_database(tmp_path: Path) -> None:
    from kitgen.web.classroom import Classroom

    url = f"sqlite:///{tmp_path / 'classes.db'}"
    workers = [Classroom(url), Classroom(url)]  # each server worker keeps its own Classroom
    allowed = [workers[i % 2].limiter.allow("10.0.0.7 S1") for i in range(SENDS_PER_MINUTE + 2)]
    assert allowed == [True] * SENDS_PER_MINUTE + [False, False]
    for worker in workers:
        worker.close()


def test_a_full_class_database_is_said_in_words_and_takes_sheets_again_once_there_is_room(tmp_path: Path) -> None:
    """Nothing lost (issue 29): a class database with no room left (SQLite's 'database or disk is full', made
    here with max_page_count at the file's size) answers a sent sheet 503 with the reason in words, never a
    traceback or a 500, keeps nothing of it, and still shows the teacher's page; once there is room, the same
    sheet is taken."""
    from sqlalchemy import event

    from kitgen.web.app import create_app

    app = create_app(db=f"sqlite:///{tmp_path / 'classes.db'}")
    teacher, student = _client(app), _client(app)
    sid = _open_session(teacher)
    engine = app.state.classroom.store().engine

    def full(connection: Any, _record: Any) -> None:
        pages = connection.execute("PRAGMA page_count").fetchone()[0]
        connection.execute(f"PRAGMA max_page_count = {pages}")

    event.listen(engine, "connect", full)
    engine.dispose()
    big = SHEET + "".join(f"# a note to fill the page {n:04d} " + "x" * 60 + "\n" for n in range(150))
    answers = [_send(student, sid, "Ann", big) for _ in range(2)]
    assert [a.status_code for a in answers] == [503, 503]  # type: ignore[attr-defined]
    said = answers[0].json()["error"]  # type: ignore[attr-defined]
    assert "full" in said and "Traceback" not in said
    assert teacher.get(f"/class/{sid}").status_code == 200
    event.remove(engine, "connect", full)
    engine.dispose()
    assert teacher.get(f"/class/{sid}/ranking").json()["sheets"] == []  # nothing half kept
    assert _send(student, sid, "Ann", big).status_code == 200  # type: ignore[attr-defined]
    assert [s["name"] for s in teacher.get(f"/class/{sid}/ranking").json()["sheets"]] == ["Ann"]
    app.state.classroom.close()
