"""A web form's refusal of an option value speaks the page's language and names the field by its label, as the form
shows it, never by a command-line flag (docs/languages.md; kitgen.web.labels): a teacher reading Spanish reads
«Número de reparto» debe estar entre 0 y 2147483647, not --seed must be between. Checked where the server refuses a
value before any work (a PDF, a kit, a print task), where a worker refuses it (a deal, a pattern's JSON, a deal
task), and for a value typed that is not a number and a parameter no form has."""

from __future__ import annotations

import re
import time

import pytest
from starlette.testclient import TestClient

from kitgen.web.app import create_app

ENGLISH = ("{option} must be between {low} and {high} (got {value})", "{option} must be one of {choices} (got {value})",
           "{option} is a whole number (got {value})", "unknown parameter {name} (known: {known})",
           "{option} is a number from {low} to {high} (got {value})",
           "a card's sides are {low} to {high} mm (got {size})",
           "{option} is at most {most} here: this computer stops any work after {limit} seconds",
           "{option} must be between {low} and {high} mm (got {value})")
"""The English catalogue messages of these refusals: no fixed phrase of one is left in a translated answer."""
PHRASES = [part.strip() for message in ENGLISH for part in re.split(r"\{[a-z]+\}", message) if len(part.strip()) > 2]


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), raise_server_exceptions=False)


def _refused(client: TestClient, url: str, lang: str, method: str = "GET") -> str:
    """The error a form shows for ``url`` asked in ``lang`` (a task's: when its work is done)."""
    answer = client.request(method, url, headers={"Accept-Language": lang})
    if answer.status_code == 202:  # a task: its worker refuses the value
        task = answer.json()["task"]
        deadline = time.monotonic() + 60
        while (state := client.get(f"/api/tasks/{task}").json())["state"] != "done":
            assert time.monotonic() < deadline, state
            time.sleep(0.1)
        assert state["status"] == 400
        return str(state["result"]["error"])
    assert answer.status_code in (400, 422), answer.text
    return str(answer.json()["error"])


CASES = [  # (what, url, method, {lang: said})
    ("range, in the server", "/api/pdf/sheet?seed=-5", "GET", {
        "de": "„Spielnummer“ muss zwischen 0 und 2147483647 liegen (erhalten: -5)",
        "es": "«Número de reparto» debe estar entre 0 y 2147483647 (se recibió -5)"}),
    ("range, a print task", "/api/tasks/pdf/sheet?seed=-5", "POST", {
        "de": "„Spielnummer“ muss zwischen 0 und 2147483647 liegen (erhalten: -5)",
        "it": "«Numero di smazzata» deve essere tra 0 e 2147483647 (ricevuto -5)"}),
    ("range, a kit", "/api/pdf/kit/wordsearch?players=99", "GET", {
        "de": "„Spieler“ muss zwischen 2 und 12 liegen (erhalten: 99)",
        "ru": "«Игроки» должно быть от 2 до 12 (получено 99)"}),
    ("range, in a worker", "/api/deal/wordsearch?seed=-1", "GET", {
        "de": "„Spielnummer“ muss zwischen 0 und 2147483647 liegen (erhalten: -1)",
        "fr": "«\u00a0Numéro de donne\u00a0» doit être entre 0 et 2147483647 (reçu -1)"}),
    ("range, a deal task", "/api/tasks/deal/wordsearch?seed=-1", "POST", {
        "de": "„Spielnummer“ muss zwischen 0 und 2147483647 liegen (erhalten: -1)",
        "pl": "„Numer rozdania” musi mieścić się między 0 a 2147483647 (otrzymano -1)"}),
    ("range, a pattern's JSON", "/api/json/pattern?count=0", "GET", {
        "de": "„Wie viele“ muss zwischen 1 und 1000 liegen (erhalten: 0)",
        "es": "«Cuántos» debe estar entre 1 y 1000 (se recibió 0)"}),
    ("a class set's copies", "/api/pdf/sheet?copies=500", "GET", {
        "de": "„Wie viele“ ist eine Zahl von 1 bis 200 (erhalten: „500“)",
        "fr": "«\u00a0Combien\u00a0» est un nombre de 1 à 200 (reçu «\u00a0500\u00a0»)"}),
    ("a search past the time limit", "/api/deal/wordsearch?seconds=100&par=1", "GET", {
        "de": "„Suchzeit (Sekunden)“ ist hier höchstens 19: dieser Computer bricht jede Arbeit nach 20 Sekunden ab",
        "es": "«Tiempo de búsqueda (segundos)» es aquí como mucho 19: este ordenador detiene cualquier trabajo a los "
              "20 segundos"}),
    ("a deck's bleed, checked as the PDF is made", "/api/pdf/deck?bleed=9", "GET", {
        "de": "„Anschnitt (mm)“ muss zwischen 0 und 5 mm liegen (erhalten: 9)",
        "fr": "«\u00a0Fond perdu (mm)\u00a0» doit être entre 0 et 5 mm (reçu 9)"}),
    ("a deck's card size, in a preview", "/api/preview/deck/1.png?card_size=9x9", "GET", {
        "de": "„Eigene Kartengröße (mm)“: die Seiten einer Karte messen 25 bis 200 mm (erhalten: 9x9)",
        "fr": "«\u00a0Taille de carte libre (mm)\u00a0»\u00a0: les côtés d’une carte mesurent de 25 à 200 mm "
              "(reçu 9x9)"}),
    ("a choice: a paper, the choices as the list names them", "/api/pdf/sheet?paper=b5", "GET", {
        "de": "„Papier“ muss einer dieser Werte sein: A3, A4, A5, US Letter, US Legal, Tabloid (11 × 17 Zoll) "
              "(erhalten: „b5“)",
        "es": "«Papel» debe ser uno de estos: A3, A4, A5, Carta (EE. UU.), Oficio (EE. UU.), "
              "Tabloide (11 × 17 pulgadas) (se recibió «b5»)"}),
    ("a deck's size, the choices as the list names them, in a preview", "/api/preview/deck/1.png?size=huge",
     "GET", {"fr": "«\u00a0Taille\u00a0» doit être l’un de\u00a0: Poker, Bridge, Tarot, Mini, Carrée "
                   "(reçu «\u00a0huge\u00a0»)"}),
    ("not a number", "/api/deal/wordsearch?seed=abc", "GET", {
        "de": "„Spielnummer“ ist eine ganze Zahl (erhalten: „abc“)",
        "sv": "”Givnummer” är ett heltal (fick ”abc”)"}),
]


@pytest.mark.parametrize("case", CASES, ids=lambda case: case[0])
def test_a_form_s_refusal_names_the_field_by_its_label_in_the_page_s_language(client: TestClient,
                                                                              case: tuple[str, str, str,
                                                                                          dict[str, str]]) -> None:
    _, url, method, said = case
    for lang, expected in said.items():
        refused = _refused(client, url, lang, method)
        assert refused == expected
        assert "--" not in refused and not [phrase for phrase in PHRASES if phrase in refused], refused


def test_a_parameter_no_form_has_is_refused_in_the_page_s_language(client: TestClient) -> None:
    """A hand-written address's unknown parameter: named as typed (no form field has it), in the page's words."""
    for lang, start in (("de", "unbekannter Parameter „sede“ (bekannt: "), ("tr", "bilinmeyen parametre “sede” "
                                                                                 "(bilinenler: ")):
        refused = _refused(client, "/api/deal/wordsearch?sede=3", lang)
        assert refused.startswith(start) and "seed" in refused and "--" not in refused


def test_english_names_the_field_by_its_label_too(client: TestClient) -> None:
    """An English page's form has no flags either: “Deal number”, as its label reads."""
    assert _refused(client, "/api/pdf/sheet?seed=-5", "en") == "“Deal number” must be between 0 and 2147483647 (got -5)"
    assert _refused(client, "/api/deal/wordsearch?seed=abc", "en") == "“Deal number” is a whole number (got 'abc')"
