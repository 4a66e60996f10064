"""``kitgen session list|export`` on a class database (docs/web.md, "Class sessions")."""

from __future__ import annotations

import csv
import io
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from kitgen.store import Store


@pytest.fixture
def filled(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[str, str]:
    url = f"sqlite:///{tmp_path / 'classes.db'}"
    monkeypatch.setenv("KITGEN_DB", url)
    store = Store(url)
    sid = store.open_session("wordsearch", "Class 4B", {"deal": 7}).info.id
    store.submit(sid, "Ann", "sheet", 41, True, {"words": [{"word": "CAT"}], "problems": []})
    store.submit(sid, "Bob", "sheet", 56, True, {"words": [], "problems": []})
    store.close()
    return url, sid


def test_list_shows_each_session_with_its_count(invoke, filled: tuple[str, str]) -> None:
    url, sid = filled
    result = invoke("session", "list", "--json")
    assert result.exit_code == 0, result.output
    assert [(s["id"], s["submissions"], s["title"]) for s in json.loads(result.stdout)] == [(sid, 2, "Class 4B")]


def test_list_and_export_take_lang_and_speak_it(invoke, filled: tuple[str, str]) -> None:
    """``kitgen session list --lang fr`` is taken as every command takes it (it was refused: only ``kitgen session
    --lang fr list`` worked), and what list and export print is the text language's, counted in its plural forms;
    English as before, one sheet no longer 'sheets'."""
    url, sid = filled
    nb = "\u00a0"
    french = invoke("session", "list", "--lang", "fr")
    assert french.exit_code == 0, french.output
    assert french.stdout.rstrip("\n").endswith("wordsearch      2 feuilles  Class 4B")
    assert invoke("session", "--lang", "fr", "list").stdout == french.stdout
    assert "   2 sheets  Class 4B" in invoke("session", "list").stdout
    exported = invoke("session", "export", sid, "--lang", "ru").stdout.splitlines()
    assert exported == ["Class 4B (wordsearch): 2 листа", "  1. Bob: 56", "  2. Ann: 41"]
    assert invoke("session", "export", sid, "--text-lang", "fr").stdout.splitlines()[1] == f"  1. Bob{nb}: 56"
    store = Store(url)
    store.close_session(sid, None, signed_in=True)
    store.submit(store.open_session("wordsearch", "Class 4C", {"deal": 8}).info.id, "Cy", "sheet", 3, False, {})
    store.close()
    german = invoke("session", "list", "--lang", "de").stdout.splitlines()
    assert german[0].endswith("wordsearch      1 Blatt  Class 4C")
    assert german[1].endswith("wordsearch      2 Blätter  geschlossen  Class 4B")
    assert invoke("session", "list").stdout.splitlines()[0].endswith("   1 sheet  Class 4C")


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


def test_sheets_prints_the_class_set_with_the_students_link(invoke, filled: tuple[str, str], tmp_path: Path) -> None:
    _, sid = filled
    out = tmp_path / "set.pdf"
    result = invoke("session", "sheets", sid, "--url", "http://192.168.1.20:8000", "--count", "2", "--out", out)
    assert result.exit_code == 0, result.output
    from pypdf import PdfReader

    pages = PdfReader(str(out)).pages
    assert len(pages) == 2 and all(f"HTTP://192.168.1.20:8000/S/{sid}" in p.extract_text() for p in pages)
    assert "deal 7" in pages[0].extract_text()


@pytest.mark.parametrize("url", ["ftp://host", "192.168.1.20:8000", "http://host/path", "http://"])
def test_sheets_needs_the_servers_own_address(invoke, filled: tuple[str, str], url: str, tmp_path: Path) -> None:
    _, sid = filled
    result = invoke("session", "sheets", sid, "--url", url, "--out", tmp_path / "x.pdf")
    assert result.exit_code == 2 and "the server's address" in result.output
    assert not (tmp_path / "x.pdf").exists()


def test_a_bad_url_is_refused_in_the_text_language(invoke, filled: tuple[str, str], tmp_path: Path) -> None:
    """The teacher's refusal comes from the catalogue: in French with ``--text-lang fr``."""
    _, sid = filled
    result = invoke("session", "--text-lang", "fr", "sheets", sid, "--url", "ftp://host", "--out", tmp_path / "x.pdf")
    assert result.exit_code == 2 and "doit être l’adresse du serveur" in result.output, result.output
    assert not (tmp_path / "x.pdf").exists()


def test_a_solitaire_sessions_class_set_repeats_its_deal_sheet(invoke, tmp_path: Path, monkeypatch) -> None:
    url = f"sqlite:///{tmp_path / 'solitaire.db'}"
    store = Store(url)
    sid = store.open_session("word-solitaire", "Club", {"seed": 3, "game": "word-solitaire"}).info.id
    store.close()
    out = tmp_path / "club.pdf"
    result = invoke("session", "sheets", sid, "--url", "http://10.0.0.2:8000", "--count", "3", "--out", out,
                    "--db", url)
    assert result.exit_code == 0, result.output
    from pypdf import PdfReader

    pages = PdfReader(str(out)).pages
    assert len(pages) == 3 and all(f"/S/{sid}" in p.extract_text() for p in pages)


def test_a_letter_sheet_too_full_for_the_address_still_gets_the_code(invoke, filled: tuple[str, str],
                                                                      tmp_path: Path) -> None:
    _, sid = filled
    out = tmp_path / "letter.pdf"
    result = invoke("session", "sheets", sid, "--url", "http://192.168.1.20:8000", "--count", "1", "--paper",
                    "letter", "--out", out)
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("paper", ["a4", "a5", "letter"])
def test_a_3dxword_sessions_class_set_is_a_score_pad_a_table_with_a_code_phones_read(
        invoke, tmp_path: Path, paper: str) -> None:
    """``kitgen session sheets`` for a 3DXWORD session prints one score pad a table (no deal: every table plays its
    own bricks), each with the students' link as text and as a QR code that zbar reads off the rendered page."""
    url = f"sqlite:///{tmp_path / 'bricks.db'}"
    store = Store(url)
    sid = store.open_session("3dxword", "Bricks club", {}).info.id
    store.close()
    out = tmp_path / "pads.pdf"
    result = invoke("session", "sheets", sid, "--url", "http://10.0.0.2:8000", "--count", "3", "--paper", paper,
                    "--out", out, "--db", url)
    assert result.exit_code == 0, result.output
    assert f"HTTP://10.0.0.2:8000/S/{sid}" in result.output
    from pypdf import PdfReader

    pages = PdfReader(str(out)).pages
    assert len(pages) == 3
    assert all(f"HTTP://10.0.0.2:8000/S/{sid}" in p.extract_text() and "score pad" in p.extract_text() for p in pages)
    if shutil.which("zbarimg") is None:
        pytest.skip("zbarimg is not installed: the QR code is not decoded (the printed link is checked above)")
    import pypdfium2

    for number, page in enumerate(pypdfium2.PdfDocument(out.read_bytes())):
        png = tmp_path / f"pad-{number}.png"
        page.render(scale=150 / 72).to_pil().save(png)
        found = subprocess.run(["zbarimg", "-q", "--raw", str(png)], capture_output=True, text=True)
        assert found.stdout.strip() == f"HTTP://10.0.0.2:8000/S/{sid}", (number, found.stderr)


@pytest.mark.parametrize("host, warned", [("0.0.0.0", True), ("192.168.1.20", True), ("127.0.0.1", False)])
def test_serve_on_a_classroom_network_prints_the_address_phones_use_and_a_warning(
        invoke, monkeypatch: pytest.MonkeyPatch, host: str, warned: bool) -> None:
    """Who may do what (issue 29): ``kitgen serve --host 0.0.0.0`` for a classroom network prints the address
    phones use (this computer's, not 0.0.0.0) and a warning of what opening kitgen means; on 127.0.0.1, neither.
    (The server itself is not started: uvicorn.run is replaced.)"""
    import socket

    import uvicorn

    served: list[tuple[str, int]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, host, port, **_: served.append((host, port)))
    result = invoke("serve", "--host", host, "--port", "8123")
    assert result.exit_code == 0, result.output
    assert served == [(host, 8123)] and f"kitgen serving on http://{host}:8123/" in result.stdout
    warning = [line for line in result.stdout.splitlines() if line.startswith("warning:")]
    assert bool(warning) is warned
    if warned:
        try:
            shown = socket.gethostbyname(socket.gethostname()) if host == "0.0.0.0" else host
        except OSError:
            shown = "this computer's address"
        assert f"open to every device on this network, at http://{shown}:8123/" in warning[0]
        assert "teacher's key" in warning[0] and "0.0.0.0" not in warning[0]


def test_sheet_with_session_is_the_same_class_set_as_session_sheets(invoke, filled: tuple[str, str],
                                                                   tmp_path: Path) -> None:
    """Issue 29's words, ``kitgen sheet --session ID``, print the session's class set with its QR code: the same PDF,
    byte for byte, as ``kitgen session sheets ID`` (one implementation, two ways to ask), 30 sheets if not told."""
    _, sid = filled
    by_sheet, by_session = tmp_path / "sheet.pdf", tmp_path / "session.pdf"
    result = invoke("sheet", "--session", sid, "--url", "http://192.168.1.20:8000", "--out", by_sheet)
    assert result.exit_code == 0, result.output
    assert f"HTTP://192.168.1.20:8000/S/{sid}" in result.output
    assert invoke("session", "sheets", sid, "--url", "http://192.168.1.20:8000", "--out",
                  by_session).exit_code == 0
    assert by_sheet.read_bytes() == by_session.read_bytes()
    from pypdf import PdfReader

    pages = PdfReader(str(by_sheet)).pages
    assert len(pages) == 30 and all(f"HTTP://192.168.1.20:8000/S/{sid}" in p.extract_text() for p in pages)
    assert "deal 7" in pages[0].extract_text()


def test_sheet_with_session_takes_count_paper_and_db(invoke, filled: tuple[str, str], tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    url, sid = filled
    monkeypatch.delenv("KITGEN_DB")
    out = tmp_path / "two.pdf"
    result = invoke("sheet", "--session", sid, "--url", "http://10.0.0.2:8000", "--count", "2", "--paper",
                    "letter", "--db", url, "--out", out)
    assert result.exit_code == 0, result.output
    from pypdf import PdfReader

    pages = PdfReader(str(out)).pages
    assert len(pages) == 2 and round(float(pages[0].mediabox.width)) == 612  # US Letter


@pytest.mark.parametrize("args, said", [
    (("--session", "{sid}"), "url"),
    (("--session", "{sid}", "--url", "http://10.0.0.2:8000", "--seed", "3"), "--seed: the session decides"),
    (("--session", "{sid}", "--url", "http://10.0.0.2:8000", "--count", "61"), "count"),
    (("--session", "NOSUCHSESSION", "--url", "http://10.0.0.2:8000"), "no such class session"),
    (("--seed", "3", "--url", "http://10.0.0.2:8000"), "--url and --db go with --session"),
])
def test_sheet_with_session_refuses_in_one_line(invoke, filled: tuple[str, str], tmp_path: Path,
                                                args: tuple[str, ...], said: str) -> None:
    _, sid = filled
    out = tmp_path / "x.pdf"
    result = invoke("sheet", *(a.format(sid=sid) for a in args), "--out", out)
    assert result.exit_code == 2 and said in result.output, result.output
    assert "Traceback" not in result.output and not out.exists()


def test_sheet_without_session_is_as_before(invoke, tmp_path: Path) -> None:
    """``--session`` leaves ``kitgen sheet`` alone: one sheet by default, the deal's words."""
    out = tmp_path / "one.pdf"
    result = invoke("sheet", "--seed", "7", "--out", out)
    assert result.exit_code == 0, result.output
    from pypdf import PdfReader

    assert len(PdfReader(str(out)).pages) == 1
