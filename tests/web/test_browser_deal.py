"""The deal page (docs/web.md, "/deal"): its address keeps the deal (a shared link, a reload, Back and Forward),
a language re-deals, a slow answer leaves the deal on screen; Letter Patience's solution moves the cards; a Word
Solitaire deal played to a win by clicking cards, with undo and a hint from the solver."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from browsing import WIDTHS, fits, shoot, until

from kitgen import api

PILE_LETTERS = ("[...document.querySelectorAll('.table-box .pile')]"
                ".map(p => [...p.querySelectorAll('.card:not(.empty)')].map(c => c.textContent).join(''))")


def _deal(variant: str, seed: int, **options: Any) -> dict[str, Any]:
    from kitgen import api

    document: dict[str, Any] = api.run(api.deal_command(variant), seed=seed, **options).document
    return document


def _dealt(page: Any, seed: int, deal: str = "deal") -> None:
    """The deal ``seed`` drawn, its heading in the page's language (``deal``: "donne" on a French page)."""
    until(page, f"(document.querySelector('.deal-view h2') || {{}}).textContent?.endsWith('{deal} {seed}')")


def test_a_shared_link_shows_its_deal_and_survives_reload_back_and_forward(server: str, browser: Any) -> None:
    five, six = _deal("word-solitaire", 5), _deal("word-solitaire", 6)
    page = browser.new_page()
    page.goto(server + "/deal/word-solitaire?seed=5")
    _dealt(page, 5)
    assert page.evaluate(PILE_LETTERS) == ["".join(p) for p in five["piles"]]
    page.reload()
    _dealt(page, 5)
    assert page.locator("input[name=seed]").input_value() == "5"
    page.locator(".stepper .up").click()
    _dealt(page, 6)
    assert "seed=6" in page.url and page.evaluate(PILE_LETTERS) == ["".join(p) for p in six["piles"]]
    page.go_back()
    _dealt(page, 5)
    assert "seed=5" in page.url and page.evaluate(PILE_LETTERS) == ["".join(p) for p in five["piles"]]
    page.go_forward()
    _dealt(page, 6)
    page.locator("fieldset:not([disabled]) select[name=lang]").select_option("fr")  # a language re-deals
    until(page, "location.search.includes('lang=fr')")
    page.reload()
    _dealt(page, 6, "donne")  # ?lang=fr is the page's language too (docs/web.md, "Languages")
    assert page.locator("fieldset:not([disabled]) select[name=lang]").input_value() == "fr"
    page.close()


def test_a_slow_answer_leaves_the_deal_on_screen(server: str, browser: Any) -> None:
    page = browser.new_page()
    page.route("**/api/tasks/deal/word-solitaire?*solve=1*", lambda route: route.fulfill(
        status=202, content_type="application/json", body=json.dumps({"task": "slow", "state": "queued", "ahead": 0})))
    page.route("**/api/tasks/slow", lambda route: route.fulfill(
        status=200, content_type="application/json", body=json.dumps({
            "task": "slow", "state": "done", "status": 503, "result": {"error": "this took longer than 20 s"}})))
    page.goto(server + "/deal/word-solitaire?seed=3")
    _dealt(page, 3)
    piles = page.evaluate(PILE_LETTERS)
    page.locator("button.action[data-action=solve]:visible").click()
    error = page.locator("form.deal-form .error")
    error.wait_for(state="visible")
    assert "still here" in error.inner_text() and "count" not in error.inner_text()
    assert page.evaluate(PILE_LETTERS) == piles  # the drawn deal stays
    page.close()


@pytest.mark.parametrize("width, height, name", WIDTHS)
def test_letter_patience_steps_move_the_cards(server: str, browser: Any, width: int, height: int, name: str,
                                              tmp_path: Path) -> None:
    solved = _deal("letter-patience", 2, solve=True)
    steps = solved["solution"]
    fill = next(k for k, s in enumerate(steps) if s["move"] == "fill" and s["from"] != "W")
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(server + "/deal/letter-patience?seed=2")
    _dealt(page, 2)
    page.locator("button.action[data-action=solve]:visible").click()
    page.locator("ol.steps li").first.wait_for(timeout=90_000)  # a solve: slow only on a loaded machine
    texts = page.locator("ol.steps li").all_inner_texts()
    assert not any("pile *" in t or "pile W" in t for t in texts)  # wild cards and the face-up pile in words
    assert any("a Sub Card (wild)" in t for t in texts) and any("the face-up pile" in t for t in texts)
    piles = [list(p) for p in solved["piles"]]
    for step in steps[:fill]:
        for source in step.get("from", []) if step["move"] == "word" else []:
            if source.isdigit():
                piles[int(source)].pop()
        page.locator("button.next-step").click()
    assert page.evaluate(PILE_LETTERS) == ["".join(p) for p in piles]
    moving = steps[fill]
    card = piles[int(moving["from"])][-1]
    # a person counts piles from 1: the record's (and the JSON's) pile 0 is pile 1 on the page
    space, source = int(moving["space"]) + 1, int(moving["from"]) + 1
    assert texts[fill] == f"fill the space at pile {space} with the {card} from pile {source}"
    assert not any("pile 0" in t for t in texts)
    assert page.locator(".table-box .pile .number").all_inner_texts() == [str(k) for k in range(1, 8)]
    page.locator("button.next-step").click()                  # the card moves into the space
    piles[int(moving["space"])].append(piles[int(moving["from"])].pop())
    assert page.evaluate(PILE_LETTERS) == ["".join(p) for p in piles]
    assert fits(page, width)
    shoot(page, f"deal-letter-patience-{name}", tmp_path)
    page.close()


def test_word_solitaire_solution_counts_piles_from_one_and_names_the_extra_card(server: str, browser: Any) -> None:
    solved = _deal("word-solitaire", 1, solve=True)
    count = len(solved["piles"])
    steps = solved["solution"]
    extra = next(k for k, s in enumerate(steps) if count in s["from"])  # a word taking the extra card
    page = browser.new_page()
    page.route("**/api/tasks/deal/word-solitaire?*solve=1*", lambda route: route.fulfill(
        status=202, content_type="application/json", body=json.dumps({"task": "solved", "state": "queued"})))
    page.route("**/api/tasks/solved", lambda route: route.fulfill(
        status=200, content_type="application/json",
        body=json.dumps({"task": "solved", "state": "done", "status": 200, "result": solved})))
    page.goto(server + "/deal/word-solitaire?seed=1")
    _dealt(page, 1)
    assert page.locator(".table-box .pile .number").all_inner_texts() == [str(k) for k in range(1, count + 1)]
    assert page.locator(".table-box .part-extra h3").inner_text() == "Extra card"
    page.locator("button.action[data-action=solve]:visible").click()
    page.locator("ol.steps li").first.wait_for()
    texts = page.locator("ol.steps li").all_inner_texts()
    first = steps[0]
    assert texts[0] == f"{first['word']}: " + ", ".join(
        f"{letter} from pile {source + 1}" for letter, source in zip(first["word"], first["from"], strict=True))
    assert "from the extra card" in texts[extra] and f"pile {count + 1}" not in " ".join(texts)
    assert not any("pile 0" in t for t in texts)
    piles = [list(p) for p in solved["piles"]]
    for source in first["from"]:
        piles[source].pop()
    page.locator("button.next-step").click()                  # the first word's cards leave their piles
    assert page.evaluate(PILE_LETTERS) == ["".join(p) for p in piles]
    page.close()


def _line(step: dict[str, Any]) -> str:
    from kitgen.games.game_of_words.formats.hint import step_line

    return step_line(step)


def _take(page: Any, source: int, piles: int, letter: str) -> None:
    """Click the card with ``letter`` in the pile (a word takes a run from a pile's top in any order)."""
    where = ".table-box .part-extra" if source == piles else f".table-box .pile[data-pile='{source}']"
    page.locator(f"{where} .card.free", has_text=letter).last.click(position={"x": 12, "y": 6})  # its letter shows


@pytest.mark.parametrize("width, height, name", WIDTHS)
def test_a_word_solitaire_deal_played_to_a_win_by_clicking_cards(server: str, browser: Any, width: int, height: int,
                                                                  name: str, tmp_path: Path) -> None:
    solved = _deal("word-solitaire", 1, solve=True)
    count = len(solved["piles"])
    page = browser.new_page(viewport={"width": width, "height": height})
    # The hint asks the server to solve the deal: its answer is the solver's (computed above), served at once so a
    # loaded machine's time limit cannot fail the test (the HTTP tests check the endpoint's own solve).
    page.route("**/api/deal/word-solitaire?*solve=1*", lambda route: route.fulfill(
        status=200, content_type="application/json", body=json.dumps(solved)))
    page.goto(server + "/deal/word-solitaire?seed=1")
    _dealt(page, 1)
    message = page.locator(".play-message")
    for k, step in enumerate(solved["solution"]):
        if k == 1:                                            # a wrong word is refused, then undone
            for source in (0, 1, 2, 3):
                page.locator(f".table-box .pile[data-pile='{source}'] .card.free").last.click()
            page.locator("button.play-word").click()
            until(page, "document.querySelector('.play-message').classList.contains('bad')")
            assert "Not allowed" in message.inner_text()
            page.locator("button.undo").click()
            page.locator("button.hint").click()               # the solver's next word
            until(page, "document.querySelector('.play-message').textContent.startsWith('Hint')")
            expected = api.reply("solitaire", _line(solved["solution"][0]) + "\n", game="word-solitaire", seed=1)
            assert message.inner_text().startswith(f"Hint: {expected['step']['word']}:")
        for source, letter in zip(step["from"], step["word"], strict=True):
            _take(page, source, count, letter)
        assert page.locator(".made-word").inner_text().replace("\n", "") == step["word"]
        page.locator("button.play-word").click()
        until(page, f"document.querySelectorAll('.part-made li').length === {k + 1} || "
                    "document.querySelector('.play-message').classList.contains('bad')")
        assert "Not allowed" not in message.inner_text()
        if k == 0:
            shoot(page, f"deal-play-{name}", tmp_path)
    assert message.inner_text() == "You won! Every card is in a word."
    assert fits(page, width)
    page.close()


def test_a_hint_comes_from_where_the_player_is_not_the_solvers_line(server: str, browser: Any) -> None:
    """Deal 7 started with a later word of the solver's (the rules allow it there): each hint is the solver's next
    move from the game as it stands, and following them wins."""
    from kitgen.games.base import lexicon_for
    from kitgen.games.game_of_words.rules.word_solitaire import position

    solved = _deal("word-solitaire", 7, solve=True)
    count = len(solved["piles"])
    piles = ["".join(p) for p in solved["piles"]] + ([solved["extra"]] if solved["extra"] else [])
    first = next(s for s in solved["solution"][1:]
                 if position(piles, [s["word"]], lexicon_for(None, "en"), [s["from"]]) is not None)
    page = browser.new_page()
    page.goto(server + "/deal/word-solitaire?seed=7")
    _dealt(page, 7)
    message = page.locator(".play-message")
    lines, step = [], first
    for k in range(30):
        for source, letter in zip(step["from"], step["word"], strict=True):
            _take(page, source, count, letter)
        page.locator("button.play-word").click()
        until(page, f"document.querySelectorAll('.part-made li').length === {k + 1} || "
                    "document.querySelector('.play-message').classList.contains('bad')")
        lines.append(_line(step))
        expected = api.reply("solitaire", "\n".join(lines) + "\n", game="word-solitaire", seed=7)
        if not expected["step"]:
            break
        page.locator("button.hint").click()
        until(page, "/^(Hint|The solver|From here)/.test(document.querySelector('.play-message').textContent)",
              seconds=60)
        assert message.inner_text().startswith(f"Hint: {expected['step']['word']}:"), message.inner_text()
        step = expected["step"]
    assert message.inner_text() == "You won! Every card is in a word."
    page.close()


def _play_patience_step(page: Any, step: dict[str, Any]) -> None:
    """One Letter Patience move by clicking: a word's cards in order (a Sub Card's letter typed into the page's
    own small form), a fill (the card into the space), a turn."""
    if step["move"] == "turn":
        page.locator("button.turn").click()
        return
    sources = [step["from"]] if step["move"] == "fill" else step["from"]
    for k, source in enumerate(sources):
        if source == "*":
            page.locator(".table-box .part-aside .card.free").first.click()
            page.locator("form.wild input.wild-letter").fill(step["word"][k].lower())
            page.locator("form.wild button[type=submit]").click()
        elif source == "W":
            page.locator(".table-box .part-stock .card.free").click()
        else:
            page.locator(f".table-box .pile[data-pile='{source}'] .card.free").click()
    if step["move"] == "word":
        page.locator("button.play-word").click()


@pytest.mark.parametrize("width, height, name", WIDTHS)
def test_letter_patience_played_by_clicking_face_down_cards_sub_cards_and_a_saved_game(
        server: str, browser: Any, width: int, height: int, name: str, tmp_path: Path) -> None:
    solved = _deal("letter-patience", 2, solve=True)
    steps = solved["solution"][:13]  # words, Sub Cards, fills from a pile and from the face-up pile, turns
    assert {"*", "W"} <= {f for s in steps for f in (s["from"] if s["move"] == "word" else [s.get("from", "")])}
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    dialogs: list[str] = []

    def refuse(dialog: Any) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", refuse)
    page.goto(server + "/deal/letter-patience?seed=2")
    _dealt(page, 2)
    down = page.locator(".table-box .pile .card.back.down")
    assert down.count() == sum(len(p) - 1 for p in solved["piles"])  # only each pile's top card face up
    assert all(not t.strip() for t in down.all_inner_texts())
    played = page.locator(".play-message")
    for k, step in enumerate(steps):
        if k == 7:  # a reload goes on with the game kept in this browser
            page.reload()
            _dealt(page, 2)
            until(page, "document.querySelector('.play-message').textContent.includes('from last time')")
            assert page.locator(".part-made li").count() == sum(s["move"] == "word" for s in steps[:7])
        _play_patience_step(page, step)
        until(page, "!document.querySelector('button.undo').disabled && "
                    "!document.querySelector('.play-message').classList.contains('thinking') && "
                    "document.querySelector('.play-message').textContent !== ''", seconds=60)
        assert "Not allowed" not in played.inner_text(), (k, step, played.inner_text())
    assert page.locator(".part-made li").count() == sum(s["move"] == "word" for s in steps)
    assert not dialogs  # no pop-up asked anything
    from kitgen.games.game_of_words.formats.hint import step_line

    expected = api.reply("solitaire", "".join(step_line(s) + "\n" for s in steps), game="letter-patience", seed=2)
    page.locator("button.hint").click()
    until(page, "document.querySelector('.play-message').textContent.startsWith('Hint')", seconds=60)
    assert expected["step"] is not None
    assert fits(page, width)
    shoot(page, f"deal-letter-patience-play-{name}", tmp_path)
    context.close()


def test_long_work_shows_its_progress_and_stops_leaving_the_deal(server: str, browser: Any) -> None:
    """A par search (a long task): the page says how far it is and a Stop button ends it; the deal stays. Deal 9999
    is not in kitgen's table of pars (a deal the table proves, as deal 3, is answered at once, with nothing to stop)."""
    page = browser.new_page()
    page.goto(server + "/deal/wordsearch?seed=9999&budget=10000000&seconds=15")
    until(page, "document.querySelectorAll('.deal-view ol.words li').length === 25", seconds=60)
    words = page.locator(".deal-view ol.words").inner_text()
    page.locator("button.action[data-action=par]:visible").click()
    until(page, "/Working it out\u2026 \\d+%/.test(document.querySelector('.deal-status').textContent)", seconds=60)
    assert page.locator("button.stop-task").is_visible()
    page.locator("button.stop-task").click()
    until(page, "document.querySelector('.deal-status').textContent.startsWith('Stopped')")
    assert page.locator(".deal-view ol.words").inner_text() == words
    assert not page.locator("button.stop-task").is_visible()
    assert page.locator("button.action[data-action=par]:visible").is_enabled()
    page.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_refused_word_is_said_in_words_a_child_reads(server: str, browser: Any, lang: str) -> None:
    """A word the rules refuse is said in the page's plain words (the rule quoted), not the checker's
    ('not in the lexicon', pile numbers from 0)."""
    page = browser.new_page()
    page.goto(server + f"/deal/word-solitaire?seed=1&lang={lang}")
    until(page, "!!document.querySelector('.table-box .pile .card.free')")
    texts = page.evaluate("Object.assign({}, ...[...document.querySelectorAll('[data-texts]')]"
                          ".map(n => JSON.parse(n.dataset.texts)))")
    for source in (0, 1, 2, 3):
        page.locator(f".table-box .pile[data-pile='{source}'] .card.free").last.click()
    word = page.locator(".made-word").inner_text().replace("\n", "")
    page.locator("button.play-word").click()
    until(page, "document.querySelector('.play-message').classList.contains('bad')")
    said = page.locator(".play-message").inner_text()
    plain = {v.replace("{word}", word) for k, v in texts.items() if k.startswith("refuse.")}
    assert said.startswith(texts["notAllowed"].split("{")[0]) and said.split(": ", 1)[1] in plain, said
    assert "lexicon" not in said and "pile 0" not in said
    page.close()
