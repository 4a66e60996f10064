"""Accessibility (docs/web.md): axe-core (from the npm registry, tests/web/conftest.py) finds no serious or
critical violation on any page at either width, in a light or a dark colour scheme; the favicon loads (no console
error on any page)."""

from __future__ import annotations

from typing import Any

import pytest
from browsing import WIDTHS, until

PAGES = [
    ("/", "document.querySelectorAll('ul.games li').length > 0"),
    ("/print/wordsearch?show=sheet&seed=7", "!!document.querySelector('#print-sheet').dataset.previewed"),
    ("/print/crossword", "true"),
    ("/deal/word-solitaire?seed=5", "!!document.querySelector('.play')"),
    ("/deal/letter-patience?seed=2", "!!document.querySelector('.table-box')"),
    ("/check", "true"),
    ("/check/wordsearch", "true"),
    ("/check/crossword", "document.querySelectorAll('.xw .cell').length > 0"),
    ("/check/solitaire", "!!document.querySelector('.sol-deal .pile')"),
    ("/check/3dxword", "true"),
    ("/no-such-page", "true"),
]


def _violations(page: Any, axe: str) -> list[str]:
    page.evaluate(axe)
    found = page.evaluate("axe.run(document, {resultTypes: ['violations']})"
                          ".then(r => r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,"
                          " nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))})))")
    return [f"{v['id']} ({v['impact']}): {v['help']} at {v['nodes']}" for v in found
            if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width, height, name", WIDTHS)
def test_no_serious_or_critical_violation_on_any_page(server: str, browser: Any, axe: str, width: int, height: int,
                                                      name: str, scheme: str) -> None:
    context = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme,
                                  reduced_motion="reduce")
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    problems: dict[str, list[str]] = {}
    for path, ready in PAGES:
        page.goto(server + path)
        until(page, ready, seconds=60)
        found = _violations(page, axe)
        if found:
            problems[path] = found
    assert not problems, problems
    assert not [e for e in errors if "favicon" in e.lower()]
    context.close()
