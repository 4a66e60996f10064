"""Deck spec files: a letter-card deck described as data (TOML or CSV).

TOML (``kitgen/data/decks/whitman-1938.toml`` is the model)::

    name = "my-deck"                  # optional (default: the file's stem)
    title = "My deck"                 # optional
    [letters]                         # in the deck's documented order
    A = { count = 4, value = 10 }
    B = { count = 1, value = 2 }
    [wild]                            # optional: wild cards (Sub Cards)
    name = "Sub Card"
    count = 2
    value = 15

CSV: a header ``letter,count,value`` (an optional fourth column ``name``),
then one row a letter; the letter ``*`` is the wild card row (its ``name``
column names it, default ``Sub Card``). ``#`` starts a comment.

Rules checked (each error names FILE:LINE:COL): a letter is one of A-Z or the
Spanish Ñ (any letter of a supported alphabet, docs/languages.md; TOML writes
it as a quoted key, ``"Ñ" = { count = 1, value = 8 }``) and is
listed once; count is a whole number 1..20 (wild: 0..10); value 0..99; the
deck holds 2..300 cards with at least 2 letter cards.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from kitgen.core.errors import InputError, Location
from kitgen.core.i18n import gettext as _
from kitgen.core.language import ALL_LETTERS
from kitgen.core.text import Line, TextSource, load_toml, split_lines
from kitgen.games.game_of_words.rules.deck import DEFAULT_DECK, LANGUAGE_DECKS, PRESETS, Deck, build_deck

MAX_COUNT = 20
MAX_WILD = 10
MAX_VALUE = 99
MAX_CARDS = 300


class BadDeckSpec(InputError):
    """A deck spec that cannot be read, or describes an impossible deck."""


def _err(line: Line, message: str, col: int = 1) -> BadDeckSpec:
    return BadDeckSpec(message, line.where(col))


def load_spec(path: str | Path) -> Deck:
    """Read a deck spec (``.toml`` or ``.csv``) into a ``Deck``; bad specs raise ``BadDeckSpec``."""
    source = TextSource.from_path(path)
    suffix = Path(path).suffix.lower()
    stem = Path(path).stem
    if suffix in (".toml", ".csv"):
        deck = parse_toml(source, stem) if suffix == ".toml" else parse_csv(source, stem)
        return replace(deck, source=source.name)
    raise BadDeckSpec(_("deck spec must be a .toml or .csv file (got {suffix!r})").format(
        suffix=suffix or _("no extension")),
                      Location(source.name))


def _key_line(source: TextSource, key: str, section: str | None = None) -> tuple[int, int]:
    """Best-effort (line, col) of ``key = ...`` in a TOML text (inside ``[section]`` when given)."""
    pattern = re.compile(r'^\s*"?' + re.escape(key) + r'"?\s*=')
    current = None
    for number, raw in enumerate(split_lines(source.text), start=1):
        head = re.match(r"^\s*\[([^\]]+)\]", raw)
        if head:
            current = head.group(1).strip()
            continue
        if (section is None or current == section) and pattern.match(raw):
            return number, raw.index(key[0]) + 1 if key else 1
    return 1, 1


def _whole(value: object, what: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(_("{what} must be a whole number (got {value!r})").format(what=what, value=value))
    if not lo <= value <= hi:
        raise ValueError(_("{what} must be between {lo} and {hi} (got {value})").format(
            what=what, lo=lo, hi=hi, value=value))
    return value


def _check_totals(source: TextSource, rows: list[tuple[str, int, int]], wild: tuple[str, int, int] | None) -> None:
    letters = sum(r[1] for r in rows)
    total = letters + (wild[1] if wild else 0)
    if letters < 2:
        raise BadDeckSpec(_("a deck needs at least {least} letter cards").format(least=2), Location(source.name, 1, 1))
    if total > MAX_CARDS:
        raise BadDeckSpec(_("a deck holds at most {most} cards (this one has {total})").format(
            most=MAX_CARDS, total=total),
                          Location(source.name, 1, 1))


def _toml_wild(source: TextSource, w: object) -> tuple[str, int, int]:
    """The ``[wild]`` table: (name, count, value), errors located at the table."""
    line, col = _key_line(source, "wild")
    for number, raw in enumerate(split_lines(source.text), start=1):
        if re.match(r"^\s*\[wild\]", raw):
            line, col = number, 1
    where = Location(source.name, line, col)
    if not isinstance(w, dict) or set(w) - {"name", "count", "value"} or "count" not in w or "value" not in w:
        raise BadDeckSpec(_("[wild] needs count and value (and optionally name)"), where)
    wname = w.get("name", "Sub Card")
    if not isinstance(wname, str) or not wname.strip() or len(wname) > 30:
        raise BadDeckSpec(_("[wild] name must be a short text"), where)
    try:
        return (wname.strip(), _whole(w["count"], _("wild count"), 0, MAX_WILD),
                _whole(w["value"], _("wild value"), 0, MAX_VALUE))
    except ValueError as exc:
        raise BadDeckSpec(str(exc), where) from None


def parse_toml(source: TextSource, default_name: str = "deck") -> Deck:
    """Parse the TOML form of a deck spec (see the module docstring)."""
    try:
        data = load_toml(source.name, source.text)
    except InputError as exc:
        raise BadDeckSpec(exc.message, exc.where) from None
    for key in data:
        if key not in ("name", "title", "letters", "wild"):
            line, col = _key_line(source, key)
            raise BadDeckSpec(_("unknown key {key!r} (expected name, title, [letters], [wild])").format(key=key),
                              Location(source.name, line, col))
    name = data.get("name", default_name)
    title = data.get("title", name)
    for key, value in (("name", name), ("title", title)):
        if not isinstance(value, str) or not value.strip() or len(value) > 80:
            line, col = _key_line(source, key)
            raise BadDeckSpec(_("{key} must be a short text").format(key=key), Location(source.name, line, col))
    letters = data.get("letters")
    if not isinstance(letters, dict) or not letters:
        line, col = _key_line(source, "letters")
        raise BadDeckSpec(_("a deck spec needs a [letters] table: {example}").format(
            example="A = { count = 4, value = 10 }"),
                          Location(source.name, line, col))
    rows: list[tuple[str, int, int]] = []
    for letter, spec in letters.items():
        line, col = _key_line(source, letter, "letters")
        where = Location(source.name, line, col)
        if letter not in ALL_LETTERS:
            raise BadDeckSpec(_("{letter!r} is not a capital letter A-Z (or Ñ)").format(letter=letter), where)
        if not isinstance(spec, dict) or set(spec) - {"count", "value"} or "count" not in spec or "value" not in spec:
            raise BadDeckSpec(_("letter {letter} needs exactly {form}").format(
                letter=letter, form="{ count = N, value = V }"),
                              where)
        try:
            rows.append((letter, _whole(spec["count"], _("count of {letter}").format(letter=letter), 1, MAX_COUNT),
                         _whole(spec["value"], _("value of {letter}").format(letter=letter), 0, MAX_VALUE)))
        except ValueError as exc:
            raise BadDeckSpec(str(exc), where) from None
    wild = _toml_wild(source, data["wild"]) if "wild" in data else None
    _check_totals(source, rows, wild)
    return build_deck(name.strip(), title.strip(), rows, wild)


def parse_csv(source: TextSource, default_name: str = "deck") -> Deck:
    """Parse the CSV form of a deck spec: ``letter,count,value[,name]`` rows, ``*`` for wild cards."""
    rows: list[tuple[str, int, int]] = []
    wild: tuple[str, int, int] | None = None
    seen: set[str] = set()
    header_done = False
    for line in source.content_lines():
        cells = [c.strip() for c in line.text.split(",")]
        cols = []
        pos = 1
        for part in line.text.split(","):
            cols.append(pos + (len(part) - len(part.lstrip())))
            pos += len(part) + 1
        if not header_done:
            if [c.lower() for c in cells[:3]] != ["letter", "count", "value"] or len(cells) > 4 or (
                    len(cells) == 4 and cells[3].lower() != "name"):
                raise _err(line, _("the first line must be the header {header}").format(
                    header="letter,count,value[,name]"))
            header_done = True
            continue
        if len(cells) < 3 or len(cells) > 4:
            raise _err(line, _("expected {header} (got {fields} fields)").format(
                header="letter,count,value[,name]", fields=len(cells)))
        letter, count_text, value_text = cells[:3]
        if letter in seen:
            raise _err(line, _("letter {letter} is listed twice").format(letter=letter), cols[0])
        seen.add(letter)
        values = []
        for text, col, what, hi in ((count_text, cols[1], "count", MAX_WILD if letter == "*" else MAX_COUNT),
                                    (value_text, cols[2], "value", MAX_VALUE)):
            if not re.fullmatch(r"[0-9]{1,3}", text):
                raise _err(line, _("{what} must be a whole number (got {value!r})").format(what=what, value=text), col)
            lo = 0 if (what == "value" or letter == "*") else 1
            if not lo <= int(text) <= hi:
                raise _err(line, _("{what} must be between {lo} and {hi} (got {value})").format(
                    what=what, lo=lo, hi=hi, value=text),
                           col)
            values.append(int(text))
        if letter == "*":
            name = cells[3] if len(cells) == 4 and cells[3] else "Sub Card"
            if len(name) > 30:
                raise _err(line, _("wild card name too long ({most} characters at most)").format(most=30), cols[3])
            wild = (name, values[0], values[1])
            continue
        if letter not in ALL_LETTERS:
            raise _err(line, _("{letter!r} is not a capital letter A-Z or Ñ (or * for the wild card)").format(
                letter=letter),
                       cols[0])
        if len(cells) == 4 and cells[3]:
            raise _err(line, _("only the wild card row (*) takes a name"), cols[3])
        rows.append((letter, values[0], values[1]))
    if not header_done:
        raise BadDeckSpec(_("empty deck spec: expected the header {header}").format(header="letter,count,value"),
                          Location(source.name, 1, 1))
    _check_totals(source, rows, wild)
    return build_deck(default_name, default_name, rows, wild)


def preset(name: str = DEFAULT_DECK) -> Deck:
    """A shipped deck (``PRESETS``: ``whitman-1938``, ``lexicon-1932`` and the decks of ``LANGUAGE_DECKS``);
    ``InputError`` for any other name."""
    from kitgen.core.resources import data_path

    if name not in PRESETS:
        raise InputError(_("unknown deck preset {name!r} (choose from {presets})").format(
            name=name, presets=", ".join(PRESETS)))
    return load_spec(data_path("decks", f"{name}.toml"))


def default_deck() -> Deck:
    """The default deck, ``whitman-1938``."""
    return preset(DEFAULT_DECK)


def load_deck(spec: str | None, lang: str | None = None) -> Deck:
    """The deck for ``--spec`` (a preset name or a ``.toml``/``.csv`` file); without it, the deck of ``lang`` when
    the language has one of its own (``LANGUAGE_DECKS``), else the default preset."""
    if spec is None:
        return preset(LANGUAGE_DECKS.get(lang or "", DEFAULT_DECK))
    if spec in PRESETS:
        return preset(spec)
    if not Path(spec).suffix and not Path(spec).exists():  # a mistyped preset, not a missing .toml/.csv
        raise InputError(_("{option} no such deck preset or file ({presets}; or a .toml or .csv spec file)").format(
            option=f"--spec {spec}:", presets=f"presets: {', '.join(PRESETS)}"))
    return load_spec(spec)
