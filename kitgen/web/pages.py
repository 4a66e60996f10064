"""The web app's pages: print, deal and check every game, each form generated from the declarations.

A form field is made for every option a request may set (``params.offered``): its label, its kind
(a box to tick, a list to choose from, a number with its range, a text), its default and its help,
all from the game's declaration, so an option a game declares tomorrow appears on its page without
any change here. The pages are jinja2 templates (``templates/``) with scripts and styles served from
``static/`` (no inline script or style: the Content-Security-Policy forbids them; nothing comes from
outside, so the app works offline).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from enum import Enum
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response

from kitgen import __version__, api
from kitgen.web.labels import choice_name, label
from kitgen.web.params import BadRequest, offered
from kitgen.web.refusals import refusals_for
from kitgen.web.uploads import UPLOADABLE

if TYPE_CHECKING:
    import jinja2

HERE = Path(__file__).resolve().parent
DEAL_ACTIONS = ("solve", "winnable", "par")
"""Deal options shown as buttons (they ask for more than the deal): in this order."""
SURVEYS = frozenset({"range", "stats", "paper", "dask"})
"""Deal options the deal page leaves to the command line: surveys of many deals (it draws one deal) and the
paper of a printed deal sheet (it prints none)."""


PLAIN_RULES = (
    (re.compile(r"\s*\((?:[^()]*;\s*)?docs/[\w./-]+(?:\s*\"[^\"]*\")?\)"), ""),  # "(... docs/x.md)": no page to read
    (re.compile(r";?\s*docs/[\w./-]+(?:,\s*[^.;)]*)?"), ""),
    (re.compile(r"\s*\((?:\d[\d,]* to \d[\d,]{5,})\)"), ""),  # "(0 to 2147483647)": any number a person types
    (re.compile(r"\s*\((\d+)\.\.(\d+)\)"), r" (\1 to \2)"),
    (re.compile(r"\b(\d+)\.\.(\d+)\b"), r"\1 to \2"),
    (re.compile(r"\s*\(default\)"), ""),
    (re.compile(r"\s*\(exit \d[^)]*\)"), ""),  # "(exit 1 if a rule is broken)": the page says so in words
    (re.compile(r"(\u201c[^\u201d]+\u201d) [A-Z]{2,}\b"), r"\1"),  # "“Book” FILE": the label is the field
    (re.compile(r"\s*\(kitgen [a-z]+ [^)]*\)"), ""),  # "(kitgen deal anagrams --seed N ...)"
)
"""An option's help as a person reads it on a page: no page of the docs to go and read, no huge ranges, a range
in words (``3 to 63``, never ``3..63``), no command line."""


DEAL_HELP = {
    "wordsearch": api.N_("The 25 words of this deal, one a turn, and the line each goes on. Everyone who plays this "
                         "deal number gets the same words in the same order. Par finds the best sheet a player could "
                         "make with them."),
    "word-solitaire": api.N_("The cards of a Word Solitaire deal, laid out as you would deal them by hand. The same "
                             "number is the same deal for everyone. Solve it shows a way to win, if there is one."),
    "letter-patience": api.N_("The cards of a Letter Patience deal, laid out as you would deal them by hand. The same "
                              "number is the same deal for everyone. Solve it shows a way to win, if there is one."),
    "crossword-solitaire-a": api.N_("The cards of a Crossword Solitaire A deal: your row of six cards and the blind "
                                    "pack. The same number is the same deal for everyone."),
    "crossword-solitaire-b": api.N_("The cards of a Crossword Solitaire B deal: your hand of twelve cards and the "
                                    "blind pack. The same number is the same deal for everyone."),
    "crossword": api.N_("Each player's cards for a Crossword game of the Game of Words. The same number is the same "
                        "deal for everyone."),
    "anagrams": api.N_("Each player's cards for a game of Anagrams. The same number is the same deal for everyone."),
}
"""What a deal is, in words for a teacher or a child (a deal variant's declared help is the command line's)."""
PLAYERS_HELP = {"crossword": api.N_("How many people play: 2 to 12."), "anagrams": api.N_("How many people play: "
                                                                                            "1 to 12.")}
PLAYERS = api.N_("How many people play.")


KIND_HELP = {
    "crossword": (api.N_("A Crossword game: every word checked, the scores, the bonus and who won."),
                  api.N_("Play or check a game")),
    "wordsearch": (api.N_("A finished Make a Wordsearch sheet: its score, and each turn checked."),
                   api.N_("Type in a sheet")),
    "solitaire": (api.N_("A finished Word Solitaire or Letter Patience, replayed on its deal."),
                  api.N_("Check your words")),
    "crossword-hand": (api.N_("A hand of the Game of Words Crossword game, or a game of hands, replayed on its deals."),
                       ""),
    "anagrams": (api.N_("An Anagrams score record: turns, the centre, steals, challenges and the final totals."), ""),
    "out-game": (api.N_("An O-U-T Game score sheet: letters in hand, long words, the O, U, T penalties and who starts "
                        "each word."), ""),
    "guess-o-gram": (api.N_("A Guess-O-Gram score record: the Thinker's word and points, the guesses and the next "
                            "Thinker."), ""),
    "3dxword": (api.N_("A 3DXWORD game: every play's words and score, the 3-D rules and the totals."), ""),
}
"""A record kind on the check page, for people: what is checked, and its button (a kind's declared help is the
command line's)."""


KIND_TITLES = {"crossword": api.N_("Game record"), "wordsearch": api.N_("Finished sheet"),
               "solitaire": api.N_("Finished solitaire"), "crossword-hand": api.N_("Crossword game hand"),
               "anagrams": api.N_("Anagrams score record"), "out-game": api.N_("O-U-T Game score sheet"),
               "guess-o-gram": api.N_("Guess-O-Gram score record"), "3dxword": api.N_("Game log")}
"""What a record kind is, as a check page's heading names it (the kind's id is the command line's)."""


VERDICT_KEYS = {
    "seed": api.N_("Deal number"), "players": api.N_("Players"), "words": api.N_("Words"), "scores": api.N_("Scores"),
    "over": api.N_("Game over"), "game_over": api.N_("Game over"), "winners": api.N_("Winners"),
    "winner": api.N_("Winner"), "challenges": api.N_("Challenges"), "challenger": api.N_("Challenger"),
    "upheld": api.N_("Upheld"), "unchallenged_non_words": api.N_("Non-words nobody challenged"),
    "unchallenged_plurals": api.N_("Plurals nobody challenged"), "sheets": api.N_("Score sheets"),
    "out": api.N_("Out"), "centre": api.N_("Centre"), "next": api.N_("Next to play"), "letters": api.N_("Letters"),
    "end": api.N_("How it ended"), "thinker": api.N_("Thinker"), "word_out": api.N_("Word guessed"),
    "shown": api.N_("Letters shown"), "plays": api.N_("Plays"), "player": api.N_("Player"), "score": api.N_("Score"),
    "points": api.N_("Points from plays"), "unused": api.N_("Unused letters"), "first": api.N_("Plays first"),
    "version": api.N_("Version"), "note": api.N_("Note"), "x_piece": api.N_("X piece"),
    "upside_down": api.N_("Upside down"), "legs": api.N_("Legs"), "pass": api.N_("Pass"), "joiner": api.N_("Joiner"),
    "cards": api.N_("Cards"), "free_for_all": api.N_("Free for all"), "penalties": api.N_("Penalties"),
    "target": api.N_("Target"), "totals": api.N_("Totals"), "hands": api.N_("Hands"),
    "finished": api.N_("Played to the end"), "bricks": api.N_("Bricks"), "at": api.N_("Where"),
    "letter": api.N_("Letter"), "way": api.N_("How it stands"),
    # a finished sheet's, a crossword record's and a solitaire's (the "as text" check pages show every key)
    "boxes": api.N_("Boxes used"), "bonus": api.N_("Bonus"), "tutorial": api.N_("Tutorial scoring"),
    "min_length": api.N_("Shortest word"), "super_great": api.N_("Super-great"), "grid": api.N_("Sheet"),
    "legal": api.N_("Every rule kept"), "log": api.N_("Turn log"), "turn": api.N_("Turn"), "row": api.N_("Row"),
    "word": api.N_("Word"), "cells": api.N_("Squares"), "also": api.N_("Also"), "light": api.N_("Light"),
    "links": api.N_("Links"), "moves": api.N_("Turns"), "tied": api.N_("Tied"), "won": api.N_("Won"),
    "solution": api.N_("Solution"), "error": api.N_("Problem"), "cards_left": api.N_("Cards left"),
    "from": api.N_("From"), "replayed": api.N_("Replayed"), "not_words": api.N_("Not words"),
    "not_word": api.N_("Not a word"), "direction": api.N_("Direction"), "x": api.N_("Column"), "y": api.N_("Row"),
    "col": api.N_("Column"),
}
"""The keys of the record verdicts' JSON (``kitgen verify KIND --json``, the JSON contract, English) as the check
page names them (common.js ``documentView``)."""
VERDICT_VALUES = (
    api.N_("balance is physical and not modelled: a play that topples or twists the structure is taken back at the "
           "table before it is recorded (3-D rule 8)"),
    api.N_("upright"), api.N_("upside-down"), api.N_("turned-left"), api.N_("turned-right"), api.N_("no word"),
)
"""Words a verdict's JSON holds in English (the contract) that the check page shows in its language: 3DXWORD's
balance note (``kitgen.games.xword3d.rules.game.BALANCE_NOTE``) and how a brick's letter stands (``WAYS``)."""


VERDICT_FORMS = (api.N_("completed by {player}"), api.N_("{word} named by {player} when asked"))
"""Sentences a verdict's JSON holds in English with a name in them: how an O-U-T word ended
(``kitgen.games.game_of_words.rules.out_replay``). The check page's script reads a value against each English form
and says it in the page's language, each {part} as the JSON has it (a ``value.`` word translated)."""


def verdict_texts() -> dict[str, str]:
    """A verdict's keys and English sentences in the page's language, for its script (``verdict.KEY``,
    ``value.SENTENCE``, ``form.ENGLISH FORM``)."""
    return {**{f"verdict.{key}": api.gettext(name) for key, name in VERDICT_KEYS.items()},
            **{f"value.{sentence}": api.gettext(sentence) for sentence in VERDICT_VALUES},
            **{f"form.{form}": api.gettext(form) for form in VERDICT_FORMS}}


def kind_title(kind: api.RecordKind[Any, Any, Any]) -> str:
    """A record kind's name on the check pages, translated (its id in words where kitgen has no name for it)."""
    found = KIND_TITLES.get(kind.name)
    return api.gettext(found) if found else kind.name.replace("-", " ").capitalize()


def kind_help(kind: api.RecordKind[Any, Any, Any]) -> tuple[str, str]:
    """A record kind's description and button on the check page, translated (the declared ones where kitgen has
    none of its own)."""
    found = KIND_HELP.get(kind.name)
    declared = plain_help(kind.help.split("\n")[0])
    button = kind.check_page.button if kind.check_page else api.N_("Check a record")
    if found is None:
        return api.gettext(declared), api.gettext(button)
    return api.gettext(found[0]), api.gettext(found[1] or button)


DECLARED_HELP = (
    api.N_("Add a solution page: each pattern filled (implies a fill)."),
    api.N_("Add back pages mirrored for double-sided printing."),
    api.N_("Bleed around each card, mm (0 to 5)."),
    api.N_("Brick edge / tile side in mm (10 to 60)."),
    api.N_("Card size: poker (63x88 mm), bridge (57x89), tarot (70x120), mini (44x63) or square (70x70)."),
    api.N_("Crop marks outside the cards."),
    api.N_("How many patterns (1 to 1000); with “From”, how many copies to print."),
    api.N_("How many sheets (1 to 1000)."),
    api.N_("How well the computer plays: 1 (any light that takes a word) to 5 (always the best entry)."),
    api.N_("Ink mode: a misspelt or ill-fitting entry stands, scores nothing and costs 10."),
    api.N_("Keep only generated patterns a fill exists for (each printed pattern is certified playable to "
           "the last light)."),
    api.N_("Large print: squares and boxes 12 mm or more, every word and number 16 pt or more (one a page)."),
    api.N_("Least margin around the cards, mm (5 to 20). Default: nine a page, 3 x 3 portrait, with 10 mm "
           "margins or down to 7 mm where that keeps nine (poker cards on Letter)."),
    api.N_("Patterns a page: 1, 2 or 4."),
    api.N_("Players (2 to 12): 20 letter pieces each, 2P-2 Joiners of each colour, one X piece each."),
    api.N_("Print this pattern (.txt, .ipuz, .puz, .jpz or .xd) instead of generating; letters are blanked."),
    api.N_("Rows and columns of a square pattern (3 to 63)."),
    api.N_("Rows (3 to 63), overriding “Size”."),
    api.N_("Columns (3 to 63), overriding “Size”."),
    api.N_("Sheets a page: 1, 2 or 4."),
    api.N_("Show the best three entries available at each turn."),
    api.N_("The Free-for-All: plurals and proper nouns may be used."),
    api.N_("The deal played (every card dealt one by one round the table from seat 1): each letter played "
           "is checked against the player's cards."),
    api.N_("The deal played: each card held and drawn is checked. Without it, any cards the pack holds."),
    api.N_("The game's target score (default: the record's 'target:' line, else 50); the game ends when a "
           "score reaches it, low score wins."),
    api.N_("Word list for “Fill”/“Fillable”/“Solution” (one word or phrase a line), replacing the default lexicon."),
    api.N_("cubes (fold-up brick nets) or tiles (flat squares with crop marks, for the table version)."),
    api.N_("Any card size, WIDTHxHEIGHT in mm (25 to 200 a side), e.g. 60x90; instead of “Size”."),
    api.N_("Dutch (“Language” nl): write IJ in two cells, I and J, as Scrabble does; one cell by default, as Dutch "
           "crosswords print it."),
    api.N_("Fill every light with words (the lexicon or “Words”; no word twice, common words first): the fill goes "
           "to the ipuz and .puz solution and “Show as text”."),
    api.N_("Print a grid whose squares come out under 6 mm on this paper (a big “Size” on small paper) rather than "
           "refuse it; the footer says how small."),
)
"""Options' declared help, in plain words (``plain_help``, with the English labels), as the catalogue holds them:
``web_help`` looks the plain help up by its text, so a page in another language shows it translated."""


def web_help(option: api.Option, variant: str = "") -> str:
    """An option's help on a page: in plain words and translated where kitgen has them, else the declared help
    made plain (``plain_help``)."""
    if option.web_help == PLAYERS:  # the deal's players: the range the variant allows
        return api.gettext(PLAYERS_HELP.get(variant, PLAYERS))
    if option.web_help:  # declared with the option, in plain words
        return api.gettext(option.web_help)
    with api.speaking("en"):  # the catalogue's msgid names the other fields by their English labels
        plain = plain_help(option.help)
    return api.gettext(plain)


def deal_help(variant: api.DealVariant) -> str:
    """A deal's description on the deal page, in plain words and the page's language."""
    return api.gettext(DEAL_HELP[variant.name]) if variant.name in DEAL_HELP else api.gettext(plain_help(variant.help))


def plain_help(text: str) -> str:
    """An option's help in plain words: ``overriding --size`` reads ``overriding "Size"``, ranges in words, no
    reference to a docs page or a command line (``PLAIN_RULES``)."""
    text = re.sub(r"--([a-z][a-z-]*)", lambda m: f"\u201c{label(m.group(1).replace('-', '_'))}\u201d", text)
    for pattern, replacement in PLAIN_RULES:
        text = pattern.sub(replacement, text)
    return text.strip()


SHARED = (api.SEED, api.LANG, api.TEXT_LANG, api.PAPER, api.WORDS, api.ALL_WORDS, api.KIT_PLAYERS)
"""Options every game shares: a page words their help in the templates (``_fields.html``'s ``PLAIN``), where
translations live, when the declared help is the shared one."""


def shared(option: api.Option) -> str:
    """The shared option's name when ``option`` is one of ``SHARED`` as declared (same name and help), else ``""``
    (an option of the same name a game declares with its own meaning keeps its own help)."""
    return option.name if any(o.name == option.name and o.help == option.help for o in SHARED) else ""


@dataclass(frozen=True)
class Field:
    """One form field, made from one declared option."""

    name: str
    label: str
    kind: str
    """``check``, ``select``, ``number`` or ``text``."""
    value: Any
    help: str
    choices: tuple[tuple[str, str], ...] = ()
    minimum: float | None = None
    maximum: float | None = None
    step: str = "1"
    shared: str = ""
    """The shared option this is (``shared``): its help as the template words it."""

    @classmethod
    def of(cls, option: api.Option) -> Field:
        made = cls._of(option)
        return replace(made, shared=shared(option))

    @classmethod
    def _of(cls, option: api.Option) -> Field:
        default = option.default.value if isinstance(option.default, Enum) else option.default
        if option.name == "lang" and api.text_language() in option.choices:
            default = api.text_language()  # the words follow the page's language until the form says otherwise
        text = web_help(option)
        if option.type is bool:
            return cls(option.name, label(option.name), "check", bool(default), text)
        if option.choices:
            choices = tuple((c, choice_name(option, c)) for c in option.choices)
            if default is None:
                choices = (("", api.gettext("Usual")),) + choices
            return cls(option.name, label(option.name), "select", "" if default is None else str(default), text,
                       choices)
        if option.type in (int, float):
            return cls(option.name, label(option.name), "number", "" if default is None else default, text,
                       minimum=option.minimum, maximum=option.maximum, step="1" if option.type is int else "any")
        return cls(option.name, label(option.name), "text", default or "", text)


UPLOAD_LABELS = {"from_file": (api.N_("Your own grid"), ".puz,.ipuz,.jpz,.xd,.txt"),
                 "words": (api.N_("Your word list"), ".txt,.lst,.csv,text/plain"),
                 "book": (api.N_("Your book"), ".txt,text/plain")}
"""A file a person brings (kitgen.web.uploads.UPLOADABLE): its label and the kinds of file the chooser offers."""


def upload_field(option: api.Option) -> Field:
    """A file chooser for an option that reads the person's file: read in the browser, sent as a request's body."""
    text, accept = UPLOAD_LABELS.get(option.name, (label(option.name), ""))
    return Field(option.name, api.gettext(text), "file", accept, web_help(option), shared=shared(option))


def fields(options: tuple[api.Option, ...] | list[api.Option], hide: frozenset[str] = frozenset()) -> list[Field]:
    """The form fields of a declaration's options: what a request may set, less ``hide``, no list options,
    no option that may read a file (the web takes only preset names for those: nothing to type); a file the person
    brings (a grid, a word list, a book) as a file chooser, last."""
    shown = [Field.of(o) for o in offered(options) if o.name not in hide and not o.many and not o.reads_file]
    return shown + [upload_field(o) for o in options if o.name in UPLOADABLE and o.name not in hide]


def setup_fields(options: tuple[api.Option, ...], hide: frozenset[str] = frozenset()) -> list[Field]:
    """The fields of a form that starts a game from a command's result: none for an option that only shapes what
    the command prints (``Option.print_only``: paper, layout, large print, a printed fill or solution)."""
    made = fields([o for o in options if not o.print_only], hide | {"words", "book"})  # a fill's words: printing only
    return [replace(f, label=api.gettext("Play on your own grid"), help=api.gettext(
        "A crossword grid from a newspaper or a puzzle site (.puz, .ipuz or a text file) to play on instead of a new "
        "pattern; its letters are blanked.")) if f.kind == "file" else f for f in made]


@cache
def environment() -> jinja2.Environment:
    import jinja2

    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(HERE / "templates")),
                             autoescape=jinja2.select_autoescape(["html"], default=True),
                             undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                             extensions=["jinja2.ext.i18n"])
    # The request's text language (kitgen.web.language): {% trans %} and _() through the catalogue.
    env.install_gettext_callables(api.gettext, api.ngettext, newstyle=True)  # type: ignore[attr-defined]
    counted = env.globals["ngettext"]

    @jinja2.pass_context
    def ngettext(context: Any, singular: str, plural: str, num: int | None = None, **variables: Any) -> Any:
        """jinja's ``ngettext(singular, plural, n)``; without ``n``, every form of the message, for a script
        (``plural_forms``: the browser chooses by the count)."""
        if num is None:
            return plural_forms(singular, plural)
        return counted(context, singular, plural, num, **variables)  # type: ignore[operator]

    env.globals["ngettext"] = ngettext
    # N_ marks a template's constant for the catalogue; the page translates it where it shows it (an imported macro
    # module, _fields.html, is evaluated once and kept: its constants must not be translated there).
    env.globals.update(text_language=api.text_language, languages=language_menu, N_=api.N_, texts=texts,
                       verdict_texts=verdict_texts,
                       language_name=language_name, variant_titles=VARIANT_TITLES, variant_texts=variant_texts,
                       kind_title=kind_title, refusals_for=refusals_for)
    return env


PLURAL_COUNTS = (("one", 1), ("few", 2), ("many", 5))
"""A count of each CLDR plural category (``Intl.PluralRules``) in every language kitgen speaks that has it: Polish
and Russian say 1 plik, 2 pliki, 5 plików; the catalogue gives the form of that count. Any other count ("other":
English 2, a Polish or Russian fraction) takes the form of 2."""


def plural_forms(singular: str, plural: str) -> dict[str, str]:
    """A message's forms by CLDR plural category, from the catalogue's plural forms (``ngettext``): ``other`` and
    each category whose form differs from it (``{"one": "{n} strona", "many": "{n} stron", "other": "{n} strony"}``
    in Polish; ``{"one": "{n} page", "other": "{n} pages"}`` in English)."""
    other = api.ngettext(singular, plural, 2)
    forms = {category: api.ngettext(singular, plural, n) for category, n in PLURAL_COUNTS}
    return {**{category: form for category, form in forms.items() if form != other}, "other": other}


def texts(words: dict[str, Any]) -> Any:
    """A page's words for its script, already translated: `` data-texts="{...}"`` on the element that carries
    them (common.js ``text``). A message with a plural is its forms by CLDR plural category (``ngettext(singular,
    plural)`` in a template, ``plural_forms``), chosen in the browser by ``Intl.PluralRules`` for the page's
    language (Polish 2 strony, 5 stron, 22 strony). No English is written in a script."""
    import json

    from markupsafe import Markup, escape

    return Markup(' data-texts="{}"').format(escape(json.dumps(words, ensure_ascii=False, sort_keys=True)))


VARIANT_TITLES = {"wordsearch": api.N_("Make a Wordsearch"), "word-solitaire": api.N_("Word Solitaire"),
                  "letter-patience": api.N_("Letter Patience"),
                  "crossword-solitaire-a": api.N_("Crossword Solitaire A"),
                  "crossword-solitaire-b": api.N_("Crossword Solitaire B"), "crossword": api.N_("Crossword"),
                  "anagrams": api.N_("Anagrams")}
"""A deal's name as a person reads it (a variant's id is the command line's)."""


def variant_title(name: str) -> str:
    return api.gettext(VARIANT_TITLES[name]) if name in VARIANT_TITLES else name.replace("-", " ").capitalize()


def variant_texts() -> dict[str, str]:
    """Every deal's name, translated, for a script (``game.NAME``)."""
    return {f"game.{name}": api.gettext(title) for name, title in VARIANT_TITLES.items()}


def language_name(code: str | None) -> str:
    """A language's name as that language writes it ("Français"), for a page that names the language of the
    words; its code in capitals where kitgen has no name for it."""
    return SELF_NAMES.get(code or "", (code or "").upper())


def language_menu() -> list[tuple[str, str]]:
    """The language menu: each text language's code and its name as that language writes it."""
    return [(code, SELF_NAMES[code]) for code in api.TEXT_LANGUAGES]


SELF_NAMES = {"en": "English", "fr": "Fran\u00e7ais", "de": "Deutsch", "es": "Espa\u00f1ol", "it": "Italiano",
              "nl": "Nederlands", "pt": "Portugu\u00eas", "sv": "Svenska", "pl": "Polski", "tr": "T\u00fcrk\u00e7e",
              "ru": "Русский", "el": "Ελληνικά"}
"""Each language's name in itself, as a language menu shows it (a reader finds their own language)."""


def page(template: str, **context: Any) -> HTMLResponse:
    values: dict[str, Any] = {"version": __version__, "section": "", "plain": plain_help, **context}
    return HTMLResponse(environment().get_template(template).render(**values),
                        status_code=int(context.get("status", 200)))


# -- what each page shows, from the declarations ------------------------------------------------

@dataclass(frozen=True)
class Printable:
    """Something the print page offers: the whole kit or a component with a command, and how a class set of it
    is made: ``count`` of its own (``noun``: "sheets", "patterns"; ``varies``: the count makes different ones, so
    the page offers "copies of one" too), else ``copies`` of it (none for a kit)."""

    key: str
    title: str
    pdf: str
    preview: str
    fields: list[Field]
    classset: str = ""
    noun: str = "copies"
    varies: bool = False
    most: int = 0
    laid_out: bool = False
    """Copies of one are the component's own ``copies`` option, laid out as many a page as the form says."""


def _class_set_of(component: api.Component) -> dict[str, Any]:
    """How the class set of a component is made, from its declaration (``Component.counts``/``varies``)."""
    count = next((o for o in component.options if o.name == "count"), None)
    if count is None or not component.counts:
        return {"classset": "copies", "most": api.MAX_COPIES}
    return {"classset": "count", "noun": component.counts, "varies": component.varies,
            "most": int(count.maximum or api.MAX_COPIES),
            "laid_out": any(o.name == "copies" for o in component.options)}


CLASS_SET_FIELDS = frozenset({"copies"})
"""Options the print page's class-set box sets (how many copies), not a field of the printable's own form."""


WHOLE_KIT = api.N_("Whole kit: rules and every piece")


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def printables(game: api.Game) -> list[Printable]:
    kit = Printable("kit", api.gettext(WHOLE_KIT), f"/api/pdf/kit/{game.name}",
                    f"/api/preview/kit/{game.name}", fields(api.KIT_OPTIONS))
    return [kit, *(Printable(c.command, _capital(api.gettext(c.title)), f"/api/pdf/{c.command}",
                             f"/api/preview/{c.command}", fields(c.options, CLASS_SET_FIELDS),
                             **_class_set_of(c))
                   for c in game.components if c.command)]


@dataclass(frozen=True)
class ClassSet:
    """A class set of a game in three clicks: the game, how many, the paper."""

    pdf: str
    copies: str
    """The query parameter saying how many: the component's own ``count``, else ``copies`` of it."""
    what: str
    """What the copies are, beside how many (the piece's name is its own button's, just below)."""


DIFFERENT = api.N_("each one different")
"""A class set of a piece that draws a new one for each (a pattern)."""
ALIKE = api.N_("all alike")
"""A class set of a piece counted out the same each time (a score sheet)."""
WHOLE_SETS = api.N_("each a whole set")
"""A class set of a piece repeated whole (the letter-card deck, the bricks)."""


def class_set(game: api.Game) -> ClassSet | None:
    printed = [c for c in game.components if c.command]
    counted = [c for c in printed if any(o.name == "count" for o in c.options)]
    if counted:
        return ClassSet(f"/api/pdf/{counted[0].command}", "count", DIFFERENT if counted[0].varies else ALIKE)
    if printed:
        return ClassSet(f"/api/pdf/{printed[0].command}", "copies", WHOLE_SETS)
    return None


NO_PAGE = api.N_("There is no page at this address.")
"""An unknown game, deal or record kind in a page's address: the 404 page says it in the page's language."""


def _game(name: str) -> api.Game:
    for game in api.declarations():
        if game.name == name:
            return game
    raise BadRequest(api.gettext(NO_PAGE), 404)


# -- the pages ---------------------------------------------------------------------------------

async def index(request: Request) -> Response:
    """The games: print (a whole kit on A4 or Letter, a class set), deal, check."""
    cards = [(g, class_set(g), [c for c in g.components if c.command]) for g in api.declarations()]
    return page("index.html", cards=cards)


async def print_index(request: Request) -> Response:
    return RedirectResponse("/#print")


async def print_game(request: Request) -> Response:
    """A game's printables, each with its form, a live preview and a download."""
    game = _game(request.path_params["game"])
    return page("print.html", game=game, printables=printables(game), classset=class_set(game))


def deal_choices() -> list[dict[str, Any]]:
    """Every deal variant: its game, its option fields and its action buttons (solve, winnable, par)."""
    out = []
    for game in api.declarations():
        for variant in game.deals:
            options = api.deal_command(variant.name).options
            names = {o.name for o in offered(options)}
            shown = fields(options, frozenset({"seed", *DEAL_ACTIONS}) | SURVEYS)
            helps = {o.name: web_help(o, variant.name) for o in options}
            out.append({"name": variant.name, "game": game.title, "title": variant_title(variant.name),
                        "help": deal_help(variant),
                        "fields": [replace(f, help=helps.get(f.name, f.help)) for f in shown],
                        "actions": [(a, label(a)) for a in DEAL_ACTIONS if a in names]})
    return out


async def deal(request: Request) -> Response:
    """Deal any game by number; solve it, find the next winnable deal, or its par, where the game can."""
    variants = deal_choices()
    chosen = request.path_params.get("variant", variants[0]["name"])
    if chosen not in [v["name"] for v in variants]:
        raise BadRequest(api.gettext(NO_PAGE), 404)
    return page("deal.html", variants=variants, chosen=chosen)


async def check_index(request: Request) -> Response:
    kinds = [(g, k, *kind_help(k)) for g in api.declarations() for k in g.records]
    return page("check_index.html", kinds=kinds)


async def check(request: Request) -> Response:
    """A record kind's check page: on paper's own terms where the kind declares a page (``CheckPage``), else as
    record text."""
    try:
        game, kind = api.game_record_kind(request.path_params["kind"])
    except api.UnknownName:
        raise BadRequest(api.gettext(NO_PAGE), 404) from None
    on_paper = kind.check_page if request.query_params.get("as") != "text" else None
    extra: dict[str, Any] = {}
    if on_paper is not None and on_paper.setup_command:
        extra["pattern_fields"] = setup_fields(api.command(api.Group.TOP, on_paper.setup_command).options,
                                               frozenset(on_paper.setup_hidden))
    if on_paper is not None and on_paper.dealt_by:  # the deal is drawn beside the words
        extra["solitaires"] = [d for d in game.deals if d.name in on_paper.dealt_by]
    # One field an option: the setup's language is the game's and the computer's (one form, one "lang").
    shown = frozenset(f.name for f in extra.get("pattern_fields", []))
    own = frozenset(o.name for o in kind.options)  # the computer's options the record shares are the record's fields
    opponent = fields([o for o in kind.opponent.options if o.name not in own], shown) if kind.opponent else []
    shown |= {f.name for f in opponent}
    return page(on_paper.template if on_paper else "check_record.html", game=game, kind=kind,
                fields=fields(kind.options, shown), opponent=opponent, help=kind_help(kind)[0],
                refusals=refusals_for(kind.name), **extra)
