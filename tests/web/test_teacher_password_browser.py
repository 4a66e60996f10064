"""``kitgen serve --teacher`` in a real browser: the sign-in page (and its refusal) and the session form with Sign
out have no serious or critical axe-core violation at either width, light or dark, and fit a phone's width.
Skipped with one line without Chromium (tests/web/browsing.py) or npm (the axe fixture)."""

from __future__ import annotations

from typing import Any

import browsing  # noqa: F401  (skips this module, with one line, without Chromium or Playwright)
import pytest
from browsing import WIDTHS, sign_in, signs_in_wrongly, violations
from every_page import PASSWORD


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width, height, name", WIDTHS)
def test_the_sign_in_and_the_signed_in_form_are_accessible(guarded: tuple[str, Any], browser: Any, axe: str,
                                                           width: int, height: int, name: str, scheme: str) -> None:
    address, app = guarded
    signs_in_wrongly(app)  # each case signs in a few times from 127.0.0.1
    page = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme).new_page()
    page.goto(address + "/class")
    assert violations(page, axe) == [] and page.evaluate("document.documentElement.scrollWidth") <= width
    sign_in(page, "not the password")
    assert violations(page, axe) == []
    sign_in(page, PASSWORD)
    assert violations(page, axe) == [] and page.is_visible("form.sign-out button")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
