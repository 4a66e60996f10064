"""What the browser tests share (tests/web): the Chromium they drive, the page widths, screenshots, waiting,
axe-core's findings, and the sign-in of a kitgen started with a teacher's password (tests/web/conftest.py's
``guarded``).

Importing this module skips the importing test module, with one line naming what is missing, where
Chromium or Playwright is not installed (``.ci/run`` installs Chromium when it runs as root, so CI
runs them). With ``KITGEN_README_SHOTS=1`` (``scripts/readme_screenshots.py --web``) the screenshots
go to docs/img for the README too.
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT
from every_page import PASSWORD

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
playwright = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")
if not Path(CHROMIUM).exists():
    pytest.skip("no browser: Debian's chromium (/usr/bin/chromium) is not installed", allow_module_level=True)

WIDTHS = [(1280, 900, "desktop"), (390, 844, "phone")]
SAMPLES = ROOT / "samples"


def shoot(page: Any, name: str, folder: Path) -> None:
    """A full-page screenshot; into docs/img too when the README's pictures are being remade."""
    page.screenshot(path=str(folder / f"{name}.png"), full_page=True)
    if os.environ.get("KITGEN_README_SHOTS") == "1":
        (ROOT / "docs" / "img").mkdir(exist_ok=True)
        page.screenshot(path=str(ROOT / "docs" / "img" / f"web-{name}.png"), full_page=True)


def until(page: Any, script: str, seconds: float = 30) -> None:
    """Wait until ``script`` is true in the page (polled with evaluate: the CSP forbids the eval that
    Playwright's wait_for_function uses, and that is the point of the CSP)."""
    deadline = time.monotonic() + seconds
    while not page.evaluate(script):
        assert time.monotonic() < deadline, f"still false after {seconds} s: {script}"
        time.sleep(0.05)


def fits(page: Any, width: int) -> bool:
    """Nothing runs off the screen sideways."""
    return bool(page.evaluate("document.documentElement.scrollWidth") <= width)


def violations(page: Any, axe: str) -> list[str]:
    """axe-core's serious and critical violations on the page as it is now, each with the rule, its help and where
    (at most three places); axe's script is put in the page the first time."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.evaluate(axe)
    found = page.evaluate("axe.run(document, {resultTypes: ['violations']})"
                          ".then(r => r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,"
                          " nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))})))")
    return [f"{v['id']} ({v['impact']}): {v['help']} at {v['nodes']}" for v in found
            if v["impact"] in ("serious", "critical")]


def signs_in_wrongly(app: Any) -> None:
    """Let the teacher's kitgen ``app`` be signed in to from 127.0.0.1 again (a few tries a minute are allowed), its
    tries counted in memory (the database's count is tested over HTTP)."""
    app.state.classroom.sign_ins.seen.clear()
    app.state.classroom.sign_ins.store = None


def sign_in(page: Any, password: str) -> None:
    """Send the sign-in form on the page with ``password``; wait for its answer (a refusal or the session form)."""
    page.fill("input[name=password]", password)
    page.click("form.teacher-login button")
    page.wait_for_selector("p.error" if password != PASSWORD else "form.class-new")
