"""A print form's paper, layout and size refusals name the form's fields by their labels in the page's language
and a paper as the form's list names it (A3, not a3), never a command-line flag a teacher did not type
(docs/web.md, "Languages"; kitgen.web.labels, ``Option.setting``): "“On each page”: 4 needs A3 or Tabloid paper",
not "--per-page 4 needs A3". The command line keeps naming its flags. And a sweep: no refusal of the print forms'
known bad inputs names a flag ("--" and a letter)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from kitgen.web.app import create_app

FLAG = re.compile(r"--[a-z]")
ENGLISH = ("needs A3 or Tabloid paper", "needs A4, Letter or larger paper", "cannot hold a sheet", "use “",
           "prints one sheet a page", "prints one pattern a page", "leave out", "does not fit on", "try a smaller",
           "a pencil needs", "the largest that fits", "grid needs", "Small squares", "On each page", "Paper",
           "Large print", "Size")
"""English words of these refusals (and of the labels they name): none is left in a translated answer."""


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), raise_server_exceptions=False)


def _refused(client: TestClient, url: str, lang: str) -> str:
    answer = client.get(url, headers={"Accept-Language": lang})
    assert answer.status_code == 400, answer.text
    return str(answer.json()["error"])


CASES = [  # (url, {lang: what the refusal says, in part})
    ("/api/pdf/sheet?per_page=4&paper=a4", {
        "de": "„Pro Seite“: 4 braucht A3- oder Tabloid-Papier", "ru": "используй «На каждой странице»: 2 на A4 или "
        "«Бумага»: A3", "pt": "use «Por página»: 2 em A4, ou «Papel»: A3"}),
    ("/api/pdf/sheet?per_page=2&paper=a5", {
        "de": "nimm „Pro Seite“: 1 auf A5 oder „Papier“: A4", "ru": "«Бумага»: A4", "pt": "«Papel»: A4"}),
    ("/api/pdf/sheet?per_page=2&large_print=1", {
        "de": "„Großdruck“ druckt ein Blatt pro Seite: lass „Pro Seite“ weg",
        "ru": "«Крупный шрифт» печатает один лист на странице: убери «На каждой странице»",
        "pt": "«Letra grande» imprime uma folha por página: retire «Por página»"}),
    ("/api/pdf/sheet?large_print=1&paper=a5", {"de": "„Großdruck“ braucht", "ru": "для «Крупный шрифт»",
                                                "pt": "«Letra grande» precisa"}),
    ("/api/pdf/pattern?per_page=2&large_print=1", {"de": "lass „Pro Seite“ weg", "ru": "убери «На каждой странице»",
                                                    "pt": "retire «Por página»"}),
    ("/api/pdf/bricks?size=60&paper=a5", {"de": "auf A5-Papier; wähl bei „Größe“ einen kleineren Wert",
                                          "ru": "на бумаге A5; попробуй «Размер» поменьше",
                                          "pt": "em papel A5; experimente um valor menor em «Tamanho»"}),
    ("/api/pdf/pattern?size=25&paper=a5", {
        "de": "nimm „Papier“: A4 oder einen kleineren Wert bei „Größe“, oder „Kleine Felder“, um sie",
        "ru": "выбери «Бумага»: A4 или меньшее значение в поле «Размер», или «Мелкие клетки»",
        "pt": "escolha «Papel»: A4 ou um valor menor em «Tamanho», ou «Casas pequenas»"}),
    ("/api/pdf/pattern?size=25&paper=a5&large_print=1", {
        "de": "„Großdruck“: ein 25x25-Gitter braucht 300 x 300 mm", "ru": "выбери меньшее значение в поле «Размер»",
        "pt": "«Letra grande»: uma grelha de 25x25 precisa de 300 x 300 mm"}),
]


@pytest.mark.parametrize(("url", "said"), CASES, ids=[c[0] for c in CASES])
def test_a_layout_refusal_names_the_fields_in_the_page_language(client: TestClient, url: str,
                                                                 said: dict[str, str]) -> None:
    for lang, words in said.items():
        error = _refused(client, url, lang)
        assert words in error, (lang, error)
        assert not FLAG.search(error), (lang, error)
        assert not [w for w in ENGLISH if w in error], (lang, error)


def test_in_english_the_web_names_labels_and_the_paper_as_listed(client: TestClient) -> None:
    error = _refused(client, "/api/pdf/sheet?per_page=4&paper=a4", "en")
    assert error.startswith("“On each page”: 4 needs A3 or Tabloid paper"), error
    assert error.endswith("use “On each page”: 2 on A4, or “Paper”: A3"), error


def test_the_command_line_keeps_its_flags(tmp_path: Path) -> None:
    run = subprocess.run([sys.executable, "-m", "kitgen", "sheet", "--per-page", "4", "--paper", "a4", "--out",
                          str(tmp_path / "s.pdf")], capture_output=True, text=True, check=False)
    assert "--per-page 4 needs A3 or Tabloid paper" in run.stderr, run.stderr
    assert "use --per-page 2 on A4, or --paper a3" in run.stderr, run.stderr
    assert not (tmp_path / "s.pdf").exists()


BAD = ["/api/pdf/sheet?per_page=4&paper=a5", "/api/pdf/sheet?per_page=4&paper=letter",
       "/api/pdf/sheet?per_page=2&paper=a5", "/api/pdf/sheet?per_page=2&large_print=1",
       "/api/pdf/sheet?large_print=1&paper=a5", "/api/pdf/sheet?paper=b5", "/api/pdf/sheet?per_page=3",
       "/api/pdf/pattern?per_page=2&large_print=1", "/api/pdf/pattern?size=99", "/api/pdf/pattern?paper=b5",
       "/api/pdf/bricks?size=60&paper=a5", "/api/pdf/bricks?size=5",
       "/api/pdf/pattern?size=25&paper=a5", "/api/pdf/pattern?size=25&paper=a5&large_print=1",
       "/api/pdf/pattern?size=25&paper=a3&large_print=1", "/api/pdf/deck?bleed=9", "/api/pdf/deck?card_size=9x9",
       "/api/pdf/kit/wordsearch?players=99", "/api/pdf/pattern?rows=9&cols=11&symmetry=quarter"]
"""The print forms' known bad inputs: a layout, paper or size the form offers that cannot be printed."""
@pytest.mark.parametrize("url", BAD)
@pytest.mark.parametrize("lang", ["en", "el"])
def test_no_print_form_refusal_names_a_flag(client: TestClient, url: str, lang: str) -> None:
    answer = client.get(url, headers={"Accept-Language": lang})
    assert answer.status_code in (400, 422), (url, answer.status_code)
    assert not FLAG.search(answer.json()["error"]), answer.json()["error"]
