"""``kitgen serve --teacher`` in a real browser: the sign-in page (and its refusal) and the session form with Sign
out have no serious or critical axe-core violation at either width, light or dark, and fit a phone's width.
Skipped with one line without Chromium (tests/web/browsing.py) or npm (the axe fixture)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import browsing  # noqa: F401  (skips this module, with one line, without Chromium or Playwright)
import pytest
from browsing import WIDTHS

PASSWORD = "correct horse battery"


@pytest.fixture(scope="module")
def guarded(tmp_path_factory: pytest.TempPathFactory,
            serve: Callable[[object], AbstractContextManager[str]]) -> Iterator[tuple[str, Any]]:
    from kitgen.web.app import create_app
    from kitgen.web.teacher import Password

    folder: Path = tmp_path_factory.mktemp("teacher")
    app = create_app(db=f"sqlite:///{folder / 'classes.db'}", teacher=Password.of(PASSWORD))
    with serve(app) as address:
        yield address, app
    app.state.classroom.close()


def _serious(page: Any, axe: str) -> list[str]:
    page.evaluate(axe)
    found = page.evaluate("axe.run(document, {resultTypes: ['violations']})"
                          ".then(r => r.violations.map(v => ({id: v.id, impact: v.impact})))")
    return [v["id"] for v in found if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width, height, name", WIDTHS)
def test_the_sign_in_and_the_signed_in_form_are_accessible(guarded: tuple[str, Any], browser: Any, axe: str,
                                                           width: int, height: int, name: str, scheme: str) -> None:
    address, app = guarded
    app.state.classroom.sign_ins.seen.clear()  # each case signs in a few times from 127.0.0.1
    app.state.classroom.sign_ins.store = None  # counted in memory here: the database's count is tested over HTTP
    page = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme).new_page()
    page.goto(address + "/class")
    assert _serious(page, axe) == [] and page.evaluate("document.documentElement.scrollWidth") <= width
    page.fill("input[name=password]", "not the password")
    page.click("form.teacher-login button")
    page.wait_for_selector("p.error")
    assert _serious(page, axe) == []
    page.fill("input[name=password]", PASSWORD)
    page.click("form.teacher-login button")
    page.wait_for_selector("form.class-new")
    assert _serious(page, axe) == [] and page.is_visible("form.sign-out button")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
