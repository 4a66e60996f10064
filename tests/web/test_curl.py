"""docs/web.md's curl lines, run with curl against a real server, give the command line's JSON."""

from __future__ import annotations

import json
import re
import shutil
import socket
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT

from kitgen import api

CURL = shutil.which("curl")
pytestmark = pytest.mark.skipif(CURL is None, reason="no curl on this machine")
DOC = ROOT / "docs" / "web.md"
CLI = {
    "/api/verify/wordsearch?deal=1": ["verify", "wordsearch", "samples/wordsearch/deal-1.txt", "--deal", "1"],
    "/api/verify/crossword": ["verify", "crossword", "samples/crossword/inline.txt"],
    "/api/verify/3dxword": ["verify", "3dxword", "samples/3dxword/3d-game.txt"],
    "/api/verify/solitaire?game=word-solitaire&seed=1": ["verify", "solitaire",
                                                         "samples/game-of-words/word-solitaire-1.txt",
                                                         "--game", "word-solitaire", "--seed", "1"],
    "/api/verify/crossword-hand?seed=3": ["verify", "crossword-hand", "samples/game-of-words/crossword-hand-3.txt",
                                          "--seed", "3"],
    "/api/deal/word-solitaire?seed=1&solve=1": ["deal", "word-solitaire", "--seed", "1", "--solve"],
    "/api/json/pattern?size=9&seed=4": ["pattern", "--size", "9", "--seed", "4"],
}
"""Each curl line's request, and the command line it stands for (``--json`` added)."""


@pytest.fixture(scope="module")
def port() -> Iterator[int]:
    import uvicorn

    from kitgen.web.app import create_app

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        chosen = int(s.getsockname()[1])
    server = uvicorn.Server(uvicorn.Config(create_app(start_workers=True), host="127.0.0.1", port=chosen,
                                           log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    yield chosen
    server.should_exit = True
    thread.join(timeout=10)


def curl_lines() -> list[str]:
    return [line for line in DOC.read_text().splitlines() if line.startswith("curl ")]


def run_curl(line: str, port: int, folder: Path) -> bytes:
    args = [a.strip("'") for a in re.findall(r"'[^']*'|\S+", line)][1:]
    args = [a.replace("localhost:8000", f"127.0.0.1:{port}") for a in args]
    args = [str(folder / a) if a.endswith((".pdf", ".png")) else a for a in args]
    assert CURL is not None
    done = subprocess.run([CURL, *args], cwd=ROOT, capture_output=True, check=True, timeout=60)
    return done.stdout


def request_of(line: str) -> str:
    url = re.search(r"localhost:8000(\S*?)'?$", line)
    assert url is not None, line
    return url.group(1).rstrip("'")


def test_every_json_curl_line_is_tested() -> None:
    json_lines = {request_of(line) for line in curl_lines() if "-o " not in line and "/api/games" not in line}
    assert json_lines == set(CLI)


@pytest.mark.parametrize("line", [line for line in curl_lines() if "-o " not in line and "/api/games" not in line])
def test_curl_gives_the_cli_json(line: str, port: int, invoke: Callable[..., Any], tmp_path: Path,
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    answer = json.loads(run_curl(line, port, tmp_path))
    args = CLI[request_of(line)]
    if args[0] == "pattern":
        args = [*args, "--out", str(tmp_path) + "/"]
    result = invoke(*args, "--json")
    expected = json.loads(result.stdout)
    if args[0] == "pattern":  # where the PDF would go is the one difference: the web writes none
        answer.pop("pdf")
        expected.pop("pdf")
    if args[0] == "verify" and result.exit_code:
        pytest.fail(f"a sample of docs/web.md is broken: {result.stdout}")
    assert answer == expected


def test_curl_gets_the_games_a_pdf_and_a_png(port: int, tmp_path: Path) -> None:
    for line in curl_lines():
        body = run_curl(line, port, tmp_path)
        if "/api/games" in line:
            assert [g["name"] for g in json.loads(body)["games"]] == [g.name for g in api.games()]
    assert (tmp_path / "bricks.pdf").read_bytes().startswith(b"%PDF")
    assert (tmp_path / "page1.png").read_bytes().startswith(b"\x89PNG")
