"""One pile numbering on the web (issue 27): what the page sends to /api/verify is the record a person would type,
piles counted from 1 as the page draws them; a record typed with pile 0 is refused at its line, in words."""

from __future__ import annotations

from typing import Any

from browsing import until

from kitgen import api
from kitgen.games.game_of_words.formats.hint import step_line


def test_the_record_the_player_sends_counts_piles_from_1(server: str, browser: Any) -> None:
    solved = api.run(api.deal_command("letter-patience"), seed=2, solve=True).document
    word, fill = solved["solution"][:2]
    assert word == {"move": "word", "word": "VIOL", "from": ["0", "1", "3", "6"]}  # the JSON indexes from 0
    assert fill == {"move": "fill", "space": 0, "from": "4"}
    page = browser.new_page()
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.post_data or "") if "/api/verify/solitaire" in r.url else None)
    page.goto(server + "/deal/letter-patience?seed=2")
    until(page, "(document.querySelector('.deal-view h2') || {}).textContent?.endsWith('deal 2')")
    for source in word["from"]:
        page.locator(f".table-box .pile[data-pile='{source}'] .card.free").click()
    page.locator("button.play-word").click()
    until(page, "document.querySelectorAll('.part-made li').length === 1")
    page.locator(".table-box .pile[data-pile='4'] .card.free").click()  # the I on pile 5 into the space at pile 1
    until(page, "/filled/.test(document.querySelector('.play-message').textContent)")
    assert "The space at pile 1 is filled." in page.locator(".play-message").inner_text()
    assert sent[-1] == "VIOL 1 2 4 7\nfill 1 from 5\n"
    page.close()


def test_a_record_typed_from_the_page_verifies_and_pile_0_is_refused_at_its_line(server: str, browser: Any) -> None:
    page = browser.new_page()
    page.goto(server + "/check/solitaire?game=word-solitaire&seed=1")
    page.locator(".sol-deal .pile").first.wait_for()
    numbers = page.locator(".sol-deal .pile .number").all_inner_texts()
    assert numbers[0] == "1" and numbers[10] == "11"                   # the J of JOWL tops pile 11 as drawn
    solution = api.run(api.deal_command("word-solitaire"), seed=1, solve=True).document["solution"]
    record = [step_line(s) for s in solution]  # as kitgen deal --solve prints it and a person copies it
    assert record[0] == "JOWL 11 3 10 15"
    area = page.locator("textarea.words-typed")
    area.fill("\n".join(record) + "\n")
    page.locator(".result .verdict.ok").wait_for()
    area.fill("JOWL 11 3 10 0\n")
    page.locator(".result .record-lines .line.bad").wait_for()
    said = page.locator(".result .record-lines .line.bad .problem").inner_text()
    assert "there is no pile 0: piles are counted from 1" in said
    page.close()
