"""No two fields of one form share a label, on every page ``kitgen serve`` serves at an address of its own
(tests/every_page.py), in every text language (issue 28): a refusal names a field by its label („Kartengröße“),
so two fields labelled alike leave a person unable to tell which one the refusal means. Nor does a field's help
open with another field's label ("Size", helped by "Card size: poker (63x88 mm), ...", beside "Card size")."""

from __future__ import annotations

from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest
from classdb import web_client
from every_page import PAGES
from starlette.testclient import TestClient

from kitgen.core.i18n import TRANSLATED
from kitgen.web.app import create_app

SKIPPED = {"hidden", "submit", "button", "reset", "image"}
QUIET = {"select", "small", "option", "script", "style"}
EMPTY = {"input", "br", "img", "meta", "link", "hr", "source"}


class _Fields(HTMLParser):
    """Each form's fields (a control a person fills in) and the words each label or element with an id holds; a
    menu's choices and a help text inside a label are not its words."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[list[dict[str, str]]] = []
        self.words: dict[str, list[str]] = {}
        self.open: list[tuple[str, str]] = []
        self.label = ""
        self.quiet = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        seen = {key: value or "" for key, value in attrs}
        if tag == "form":
            self.forms.append([])
        elif tag in ("input", "select", "textarea") and seen.get("type") not in SKIPPED and self.forms:
            self.forms[-1].append(seen | {"around": self.label})
        if tag == "label":
            self.label = f"label {len(self.words)}"
            self.words[self.label] = []
            if seen.get("for"):
                self.words[f"for {seen['for']}"] = self.words[self.label]
        self.quiet += tag in QUIET
        if tag not in EMPTY:
            self.open.append((tag, seen.get("id", "")))

    def handle_endtag(self, tag: str) -> None:
        while self.open and self.open.pop()[0] != tag:
            pass
        self.quiet -= tag in QUIET and self.quiet > 0
        if tag == "label":
            self.label = ""

    def handle_data(self, data: str) -> None:
        if self.label and not self.quiet:
            self.words[self.label].append(data)
        for _, ident in self.open:
            if ident:
                self.words.setdefault(f"id {ident}", []).append(data)


def labels(page: str) -> list[list[tuple[str, str, str]]]:
    """Each form's fields: its name, its label as a person reads it (its ``aria-label``, the elements its
    ``aria-labelledby`` names, else its ``<label for>``, else the label around it) and its help (the elements its
    ``aria-describedby`` names)."""
    parser = _Fields()
    parser.feed(page)

    def name(field: dict[str, str]) -> str:
        if field.get("aria-label"):
            return field["aria-label"]
        if field.get("aria-labelledby"):
            words = [w for ref in field["aria-labelledby"].split() for w in parser.words.get(f"id {ref}", [])]
        else:
            words = parser.words.get(f"for {field.get('id')}") or parser.words.get(field["around"], [])
        return " ".join("".join(words).split())

    def help_of(field: dict[str, str]) -> str:
        words = [w for ref in field.get("aria-describedby", "").split() for w in parser.words.get(f"id {ref}", [])]
        return " ".join("".join(words).split())

    return [[(field.get("name", ""), name(field), help_of(field)) for field in form] for form in parser.forms]


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    folder: Path = tmp_path_factory.mktemp("form-labels")
    app = create_app(db=f"sqlite:///{folder / 'plain.db'}")
    yield web_client(app)  # type: ignore[misc]
    app.state.classroom.close()


def test_labels_names_each_field_as_a_person_reads_it() -> None:
    page = ('<form><label for="a">Card <b>size</b></label><input id="a" name="a" aria-describedby="h">'
            '<label>Size <select name="s"><option>9 by 9</option></select><small id="h">Poker</small></label>'
            '<span id="up">Your own grid</span><label>Choose a file<input type="file" aria-labelledby="up"></label>'
            '<input type="hidden" name="h"></form>'
            '<form><input type="checkbox" id="c"><label for="c">Ink</label></form>')
    assert labels(page) == [[("a", "Card size", "Poker"), ("s", "Size", ""), ("", "Your own grid", "")],
                            [("", "Ink", "")]]
    assert labels('<form><input name="n" aria-label="Deal number"></form>') == [[("n", "Deal number", "")]]


def _confusing(form: list[tuple[str, str, str]]) -> list[str]:
    """The labels two fields of a form share, and the fields whose help opens with another field's label."""
    names: dict[str, set[str]] = {}
    for field, label, _ in form:  # a deal's variants each have their "players": one field, shown once
        names.setdefault(label, set()).add(field)
    found = [label for label, fields in names.items() if len(fields) > 1]
    for field, label, help_text in form:
        lead = help_text.split(":")[0].strip()
        found += [f"{label}: {help_text}" for other, named, _ in form
                  if ":" in help_text and other != field and named == lead]
    return sorted(set(found))


def test_two_fields_labelled_alike_are_found_and_one_field_shown_twice_is_not() -> None:
    assert _confusing([("size", "Kartengröße", ""), ("card_size", "Kartengröße", "")]) == ["Kartengröße"]
    assert _confusing([("players", "Spieler", ""), ("players", "Spieler", ""), ("lang", "Sprache", "")]) == []
    assert _confusing([("size", "Size", "Card size: poker"), ("card_size", "Card size", "Any")]) == [
        "Size: Card size: poker"]


@pytest.mark.parametrize("lang", sorted(TRANSLATED))
def test_no_two_fields_of_a_form_share_a_label(client: TestClient, lang: str) -> None:
    client.cookies.set("kitgen-lang", lang)
    shared: dict[str, list[str]] = {}
    fields = 0
    for path, _ in PAGES:
        for form in labels(client.get(path).text):
            fields += len(form)
            if found := _confusing(form):
                shared.setdefault(path, []).extend(found)
    assert fields > 3 * len(PAGES)
    assert not shared, f"{lang}: fields sharing a label, or helped by another field's label: {shared}"
