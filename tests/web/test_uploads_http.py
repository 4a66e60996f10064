"""Uploads (docs/web.md, "Uploads"): a grid or a word list read in the browser and sent as a request's body, kept
by the server under a token a later request gives where the command line names a file; never a server path."""

from __future__ import annotations

import io
import re

import pytest
from conftest import ROOT
from starlette.testclient import TestClient

from kitgen.web.app import create_app
from kitgen.web.uploads import MAX_KEPT, Uploads, clean_name

S = ROOT / "samples"


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), raise_server_exceptions=False)


def _upload(client: TestClient, name: str, data: bytes) -> str:
    answer = client.post("/api/upload", params={"name": name}, content=data)
    assert answer.status_code == 200, answer.text
    token: str = answer.json()["upload"]
    assert re.fullmatch(r"upload:[0-9a-f]{24}", token) and answer.json()["bytes"] == len(data)
    return token


@pytest.mark.parametrize("sample", ["grid.puz", "grid.ipuz", "grid.txt"])
def test_an_uploaded_grid_prints_as_a_class_set_of_identical_copies(client: TestClient, sample: str) -> None:
    from pypdf import PdfReader

    token = _upload(client, sample, (S / "crossword" / sample).read_bytes())
    answer = client.get("/api/pdf/pattern", params={"from_file": token, "count": "30"})
    assert answer.status_code == 200, answer.text
    pages = PdfReader(io.BytesIO(answer.content)).pages
    assert len(pages) == 30
    texts = {re.sub(r"page \d+ of 30", "", page.extract_text()) for page in pages}
    assert len(texts) == 1 and f"pattern from {sample}" in texts.pop()  # 30 copies of the one grid, named


def test_an_uploaded_word_list_is_the_commands_word_list(client: TestClient) -> None:
    record = (S / "3dxword" / "table-game.txt").read_bytes()
    assert client.post("/api/verify/3dxword", content=record).status_code == 422  # OY is not in the dictionary
    token = _upload(client, "words.lst", (S / "3dxword" / "words.lst").read_bytes())
    answer = client.post("/api/verify/3dxword", params={"words": token}, content=record)
    assert answer.status_code == 200, answer.text


def test_an_upload_preview_pages_like_any_other(client: TestClient) -> None:
    token = _upload(client, "grid.puz", (S / "crossword" / "grid.puz").read_bytes())
    answer = client.get("/api/preview/pattern/2.png", params={"from_file": token, "count": "3", "width": "200"})
    assert answer.status_code == 200 and answer.headers["X-Pages"] == "3"


def test_a_path_or_a_forgotten_token_is_refused_with_what_to_do(client: TestClient) -> None:
    for value in ("/etc/passwd", "samples/crossword/grid.puz", "upload:../../etc", "upload:" + "0" * 24):
        answer = client.get("/api/pdf/pattern", params={"from_file": value})
        assert answer.status_code == 400 and "error" in answer.json()
    forgotten = client.get("/api/pdf/pattern", params={"from_file": "upload:" + "0" * 24})
    assert "choose it again" in forgotten.json()["error"]
    assert client.post("/api/upload", params={"name": "x.txt"}, content=b"").status_code == 400


def test_a_broken_upload_gets_a_located_error(client: TestClient) -> None:
    token = _upload(client, "grid.ipuz", b'{"kind": ["http://ipuz.org/crossword#1"], "puzzle": [[1, 2]')
    answer = client.get("/api/pdf/pattern", params={"from_file": token})
    assert answer.status_code == 400 and re.match(r"\d+:\d+: ", answer.json()["error"])


def test_names_are_cleaned_and_the_oldest_uploads_dropped() -> None:
    assert clean_name("../../etc/passwd") == "passwd.txt"
    assert clean_name("C:\\Users\\me\\My grid.puz") == "My-grid.puz"
    assert clean_name("grid.ipuz") == "grid.ipuz" and clean_name("") == "upload.txt"
    kept = Uploads()
    first = kept.add("a.txt", b"first")
    for k in range(MAX_KEPT):
        kept.add("b.txt", f"more {k}".encode())
    with pytest.raises(Exception, match="upload:"):
        kept.get(first)


@pytest.mark.parametrize("method, path", [("GET", "/api/nothing"), ("GET", "/api/verify/wordsearch"),
                                          ("POST", "/api/games"), ("DELETE", "/api/pdf/sheet"), ("GET", "/api/")])
def test_every_unknown_api_route_answers_json(client: TestClient, method: str, path: str) -> None:
    answer = client.request(method, path)
    assert answer.status_code in (404, 405) and answer.headers["content-type"] == "application/json"
    assert answer.json()["error"]


def test_an_unknown_page_is_a_page_and_the_favicon_is_served(client: TestClient) -> None:
    answer = client.get("/no-such-page")
    assert answer.status_code == 404 and "text/html" in answer.headers["content-type"]
    assert "There is no page at this address." in answer.text
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200 and icon.headers["content-type"] == "image/svg+xml" and b"<svg" in icon.content


def test_a_workers_upload_folder_is_removed_with_the_worker() -> None:
    with TestClient(create_app(), raise_server_exceptions=False) as client:
        token = _upload(client, "grid.txt", (S / "crossword" / "grid.txt").read_bytes())
        assert client.get("/api/pdf/pattern", params={"from_file": token, "count": "2"}).status_code == 200
        folders = client.app.state.workers.folders()  # type: ignore[attr-defined]
        assert folders and any(any(f.rglob("grid.txt")) for f in folders)  # the upload, written where it is read
    assert not any(f.exists() for f in folders)  # the server stopped: every worker's folder is gone
