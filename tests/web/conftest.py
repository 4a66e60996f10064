"""The browser tests' server and browser (one of each for the whole run), a kitgen with a teacher's password, and
axe-core for the accessibility checks."""

from __future__ import annotations

import fcntl
import shutil
import socket
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT

AXE_HOME = ROOT / ".cache" / "axe"
"""Where the tests install axe-core from the npm registry (test-only, ignored by git, installed once)."""
AXE_VERSION = "4"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def serving(web_app: object) -> Iterator[str]:
    """A web app served by uvicorn on a free port of 127.0.0.1 while the block runs: its address."""
    import uvicorn

    port = _free_port()
    app = uvicorn.Server(uvicorn.Config(web_app, host="127.0.0.1", port=port, log_level="warning"))  # type: ignore[arg-type]
    thread = threading.Thread(target=app.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not app.started and time.monotonic() < deadline:
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    app.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="session")
def serve() -> Callable[[object], AbstractContextManager[str]]:
    """``serving``, for a test module that serves an app of its own (a class database per backend)."""
    return serving


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    """``kitgen serve`` on a free port, with its worker processes started."""
    from kitgen.web.app import create_app

    with serving(create_app(start_workers=True)) as address:
        yield address


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's Chromium, driven by Playwright."""
    from browsing import CHROMIUM, playwright

    with playwright.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def axe() -> str:
    """axe-core's script, installed from the npm registry into .cache/axe the first time (one process at a
    time); the accessibility checks skip with one line when npm is missing or the registry cannot be reached."""
    script = AXE_HOME / "node_modules" / "axe-core" / "axe.min.js"
    if not script.exists():
        npm = shutil.which("npm")
        if npm is None:
            pytest.skip("no npm: axe-core cannot be installed, so the accessibility checks are skipped")
        AXE_HOME.mkdir(parents=True, exist_ok=True)
        with open(AXE_HOME / ".lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not script.exists():
                command = [npm, "install", "--prefix", str(AXE_HOME), "--no-save", "--no-audit", "--no-fund",
                           "--loglevel=error", f"axe-core@{AXE_VERSION}"]
                done = subprocess.run(command, capture_output=True, text=True, timeout=300)
                if done.returncode or not script.exists():
                    pytest.skip(f"npm could not install axe-core: {(done.stderr or done.stdout).strip()[:200]}")
    return Path(script).read_text()


@pytest.fixture(scope="module")
def guarded(tmp_path_factory: pytest.TempPathFactory,
            serve: Callable[[object], AbstractContextManager[str]]) -> Iterator[tuple[str, Any]]:
    """A kitgen started with a teacher's password (``kitgen serve --teacher``, every_page.PASSWORD): its address
    and its app."""
    from every_page import PASSWORD

    from kitgen.web.app import create_app
    from kitgen.web.teacher import Password

    folder: Path = tmp_path_factory.mktemp("teacher")
    app = create_app(db=f"sqlite:///{folder / 'classes.db'}", teacher=Password.of(PASSWORD))
    with serve(app) as address:
        yield address, app
    app.state.classroom.close()
