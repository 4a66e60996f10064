"""The web app in a real browser: Playwright driving Debian's Chromium (``/usr/bin/chromium``).

Skipped, with one line naming the missing browser, where Chromium or Playwright is not installed
(``.ci/run`` installs Chromium when it runs as root, so CI runs these).
"""

from __future__ import annotations

import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
playwright = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")
if not Path(CHROMIUM).exists():
    pytest.skip("no browser: Debian's chromium (/usr/bin/chromium) is not installed", allow_module_level=True)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    import uvicorn

    from kitgen.web.app import create_app

    port = _free_port()
    app = uvicorn.Server(uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=app.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not app.started and time.monotonic() < deadline:
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    app.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    with playwright.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield chromium
        chromium.close()


@pytest.mark.parametrize("width, height, name", [(1280, 900, "desktop"), (390, 844, "phone")])
def test_the_index_offers_every_kit_at_both_widths(server: str, browser: object, width: int, height: int,
                                                  name: str, tmp_path: Path) -> None:
    page = browser.new_page(viewport={"width": width, "height": height})  # type: ignore[attr-defined]
    page.goto(server + "/")
    assert page.title() == "kitgen: print-ready word games"
    kits = page.locator("a.button", has_text="Whole kit")
    assert kits.count() == 8
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # nothing runs off a phone screen
    colour = page.evaluate("getComputedStyle(document.querySelector('a.button')).backgroundColor")
    assert colour == "rgb(31, 78, 140)"  # the stylesheet loaded: the CSP allows /style.css
    page.screenshot(path=str(tmp_path / f"index-{name}.png"), full_page=True)
    page.close()


def test_a_kit_link_downloads_a_pdf(server: str, browser: object, tmp_path: Path) -> None:
    from pypdf import PdfReader

    page = browser.new_page(accept_downloads=True)  # type: ignore[attr-defined]
    page.goto(server + "/")
    link = page.locator('a[href="/api/pdf/kit/3dxword?paper=letter"]')
    response = page.request.get(server + link.get_attribute("href"))
    assert response.status == 200 and response.headers["content-type"] == "application/pdf"
    target = tmp_path / "kit.pdf"
    target.write_bytes(response.body())
    reader = PdfReader(target)
    assert len(reader.pages) > 3 and "3DXWORD" in reader.pages[0].extract_text()
    page.close()
