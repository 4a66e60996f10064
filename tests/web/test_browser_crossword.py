"""The Crossword game's grid by keyboard (docs/web.md, "/check/crossword"): one tab stop, arrows along and among
the lights, Space and a second click turn the light, Tab to the next light, letters typed into the squares,
Backspace, Enter; each square named with its number, letter and lights; the computer's "thinking" sign; a game
kept in the browser across a reload."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from browsing import WIDTHS, fits, shoot, until

ROWS: list[str] = []


def _pattern() -> Any:
    from kitgen import api
    from kitgen.core.grid import Grid

    ROWS[:] = api.run(api.command(api.Group.TOP, "pattern"), size=9, seed=1).document["patterns"][0]["rows"]
    return Grid(ROWS)


def _start(page: Any, server: str, computer: bool = False) -> None:
    page.goto(server + "/check/crossword")
    form = page.locator("form.new-game")
    form.locator("input[name=size]").fill("9")
    form.locator("input[name=seed]").fill("1")
    form.locator("input[name=players]").fill("ANN BOB")
    if not computer:
        form.locator("input[name=computer]").uncheck()
    form.locator("button[type=submit]").click()
    until(page, "document.querySelectorAll('.xw .cell').length === 81 && "
                "!!document.querySelector('.xw [tabindex=\"0\"]')")


def _cursor(page: Any) -> tuple[int, int]:
    found = page.locator(".xw .cell.focus")
    return int(found.get_attribute("data-r")), int(found.get_attribute("data-c"))


def _selected(page: Any) -> list[tuple[int, int]]:
    cells = page.locator(".xw .cell[aria-selected=true]")
    return sorted((int(cells.nth(k).get_attribute("data-r")), int(cells.nth(k).get_attribute("data-c")))
                  for k in range(cells.count()))


def _cell(page: Any, r: int, c: int) -> Any:
    return page.locator(f".xw .cell[data-r='{r}'][data-c='{c}']")


def _select(page: Any, light: Any) -> None:
    """Click the light's first square, and once more if that picked the other light through it."""
    _cell(page, *light.cells[0]).click()
    if _selected(page) != sorted(light.cells):
        _cell(page, *light.cells[0]).click()
    assert _selected(page) == sorted(light.cells)


@pytest.mark.parametrize("width, height, name", WIDTHS)
def test_arrow_keys_move_along_a_light_and_space_turns_it(server: str, browser: Any, width: int, height: int,
                                                          name: str, tmp_path: Path) -> None:
    grid = _pattern()
    lights = {light.name: light for light in grid.lights}
    page = browser.new_page(viewport={"width": width, "height": height})
    _start(page, server)
    assert page.locator(".xw [tabindex='0']").count() == 1  # one tab stop for the whole grid (roving tabindex)
    assert page.locator(".xw [tabindex='-1']").count() == sum(row.count(".") for row in ROWS) - 1
    _cell(page, 0, 0).click()
    assert _selected(page) == sorted(lights["1A"].cells)
    assert _cell(page, 0, 0).get_attribute("aria-label") == "1, empty, 1 across and 1 down"
    page.keyboard.press("ArrowRight")
    assert _cursor(page) == (0, 1) and _selected(page) == sorted(lights["1A"].cells)
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Space")                                  # Space turns 1 across into 1 down
    assert _selected(page) == sorted(lights["1D"].cells)
    page.keyboard.press("ArrowDown")
    assert _cursor(page) == (1, 0)
    _cell(page, 1, 0).click()                                      # a second click on the cursor's square turns it
    assert _cursor(page) == (1, 0) and _selected(page) == sorted(lights["1D"].cells)  # no across light at (1, 0)
    page.keyboard.press("Tab")                                     # Tab: the next light, 2 down
    assert _selected(page) == sorted(lights["2D"].cells) and _cursor(page) == lights["2D"].cells[0]
    page.keyboard.press("Shift+Tab")
    assert _selected(page) == sorted(lights["1D"].cells)
    assert page.evaluate("document.activeElement.getAttribute('role')") == "gridcell"
    assert fits(page, width)
    shoot(page, f"check-crossword-keyboard-{name}", tmp_path)
    page.close()


def test_a_word_typed_into_the_squares_is_played_and_the_game_survives_a_reload(server: str, browser: Any) -> None:
    from kitgen import api

    grid = _pattern()
    first = grid.shortest_first_light()                     # 5 down: the first entry goes there
    word = api.match("?" * first.length)[0].upper()
    context = browser.new_context()
    page = context.new_page()
    _start(page, server)
    r, c = first.cells[0]
    _cell(page, r, c).click()
    if _selected(page) != sorted(first.cells):
        page.keyboard.press("Space")
    assert _selected(page) == sorted(first.cells)
    page.keyboard.type(word[:-1] + "Q")
    assert page.locator("input[name=entry]").input_value() == word[:-1] + "Q"
    page.keyboard.press("Backspace")                         # the last square's letter goes
    assert page.locator("input[name=entry]").input_value() == word[:-1] + "?"  # ? for an empty square
    page.keyboard.type(word[-1])
    last = first.cells[-1]
    assert _cell(page, *last).get_attribute("aria-label").startswith(f"{word[-1]}, ")
    page.keyboard.press("Enter")
    until(page, "document.querySelectorAll('ol.turns li:not(.refused)').length === 1")
    assert f"{2 * first.length} points" in page.locator("ol.turns li").first.inner_text()
    assert _cell(page, r, c).inner_text().endswith(word[0])
    page.reload()                                            # kept in this browser: the game goes on
    until(page, "document.querySelectorAll('ol.turns li:not(.refused)').length === 1")
    assert page.locator(".resumed").is_visible()
    assert _cell(page, r, c).inner_text().endswith(word[0])
    assert page.locator(".scores div").first.inner_text().endswith(str(2 * first.length))
    assert page.locator(".scores div.to-play").inner_text().startswith("BOB")
    context.close()


def test_the_computer_is_seen_thinking(server: str, browser: Any) -> None:
    from kitgen import api

    grid = _pattern()
    first = grid.shortest_first_light()
    page = browser.new_page()

    held: list[Any] = []                                    # the computer's reply waits until the sign was seen

    def hold(route: Any) -> None:
        held.append(route)

    page.route("**/api/reply/**", hold)
    _start(page, server, computer=True)
    _select(page, first)
    page.locator("input[name=entry]").fill(api.match("?" * first.length)[0])
    page.locator("form.entry button.enter").click()
    thinking = page.locator(".thinking")
    thinking.wait_for(state="visible")  # first "Checking the turn…", then the computer's turn (its reply held)
    until(page, "document.querySelector('.thinking').textContent.includes('thinking')", seconds=30)
    assert thinking.get_attribute("role") == "status"
    deadline = time.monotonic() + 30
    while not held:                                          # the reply was asked for while the sign is up
        assert time.monotonic() < deadline, "the computer's reply was never asked for"
        page.wait_for_timeout(50)
    assert thinking.is_visible()
    held[0].continue_()
    until(page, "document.querySelectorAll('ol.turns li:not(.refused)').length === 2", seconds=90)  # a busy machine
    assert thinking.is_hidden()
    page.close()


def _first_turn(page: Any) -> tuple[Any, str]:
    """Play the shortest first light's first word by the entry box; the light and the word."""
    from kitgen import api

    first = _pattern().shortest_first_light()
    word = api.match("?" * first.length)[0].upper()
    _select(page, first)
    page.locator("input[name=entry]").fill(word)
    page.locator("form.entry button.enter").click()
    until(page, "document.querySelectorAll('ol.turns li:not(.refused)').length === 1")
    return first, word


def test_a_games_address_reopens_it_at_the_same_turn_and_back_goes_to_the_game_before(server: str,
                                                                                       browser: Any) -> None:
    from urllib.parse import parse_qs, urlparse

    page = browser.new_page()
    _start(page, server)
    first, word = _first_turn(page)
    asked = parse_qs(urlparse(page.url).query)
    assert asked["seed"] == ["1"] and asked["size"] == ["9"] and asked["players"] == ["ANN BOB"]
    assert asked["turn"] == [f"ANN {first.name} {word}"] and asked["computer"] == ["0"]
    link = page.url
    other = browser.new_context()                            # another browser: nothing kept, only the link
    shared = other.new_page()
    shared.goto(link)
    until(shared, "document.querySelectorAll('ol.turns li:not(.refused)').length === 1")
    assert _cell(shared, *first.cells[0]).inner_text().endswith(word[0])
    assert shared.locator(".scores div.to-play").inner_text().startswith("BOB")
    assert shared.locator(".resumed").is_hidden() and shared.url == link
    other.close()
    form = page.locator("form.new-game")                     # a new game is a new entry in the history
    form.locator("input[name=seed]").fill("2")
    form.locator("button[type=submit]").click()
    until(page, "location.search.includes('seed=2') && !location.search.includes('turn=')")
    page.go_back()
    until(page, "location.search.includes('seed=1') && "
                "document.querySelectorAll('ol.turns li:not(.refused)').length === 1")
    assert page.locator("form.new-game input[name=seed]").input_value() == "1"
    page.close()


def test_a_pasted_games_address_holds_its_grid(server: str, browser: Any) -> None:
    from urllib.parse import parse_qs, urlparse

    rows = ["...", ".#.", "..."]
    page = browser.new_page()
    page.goto(server + "/check/crossword")
    page.locator(".paste-box summary").click()
    page.locator(".paste-box textarea").fill("pattern:\n" + "\n".join(rows) + "\nplayers: ANN BOB\nANN 1A CAT\n")
    page.locator(".paste-box button.use-paste").click()
    until(page, "location.search.includes('row=') && "
                "document.querySelectorAll('ol.turns li:not(.refused)').length === 1")
    asked = parse_qs(urlparse(page.url).query)
    assert asked["row"] == rows and asked["turn"] == ["ANN 1A CAT"] and asked["players"] == ["ANN BOB"]
    fresh = browser.new_context().new_page()
    fresh.goto(page.url)
    until(fresh, "document.querySelectorAll('.xw .cell').length === 9 && "
                 "document.querySelectorAll('ol.turns li:not(.refused)').length === 1")
    assert fresh.locator(".scores div.to-play").inner_text().startswith("BOB")
    fresh.context.close()
    page.close()


def test_a_refused_entry_is_said_in_words_a_child_reads(server: str, browser: Any) -> None:
    """Issue 27, "Written for people": a first entry outside the shortest light is refused with the seed's rule
    quoted, not the checker's message (no light's length in brackets, no code); in French on a French page."""
    grid = _pattern()
    first = grid.shortest_first_light()
    other = next(light for light in grid.lights if light.name != first.name and light.length != first.length)
    for lang, said in (("en", "The first word goes in the shortest light, the one with the lowest number: the rules "
                               "say “The first player enters a word in the shortest light”."),
                       ("fr", "Le premier mot va dans l’emplacement le plus court")):
        page = browser.new_page()
        _start(page, server)
        if lang != "en":
            page.goto(page.url.replace("/check/crossword?", "/check/crossword?lang=fr&"))
            until(page, "!!document.querySelector('.xw [tabindex=\"0\"]')")
        _select(page, other)
        page.locator("input[name=entry]").fill("A" * other.length)
        page.keyboard.press("Enter")
        until(page, "document.querySelectorAll('ol.turns li.refused').length === 1")
        why = page.locator("ol.turns li.refused .why").inner_text()
        refusal = page.locator(".refusal").inner_text()
        page.close()
        assert why.startswith(said) and refusal == why, (why, refusal)  # the box says the words, not the turn typed
        assert "(" not in why and "not-shortest-light" not in why
