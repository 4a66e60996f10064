"""How the web app names an option to a person: by its form field's label, in the request's text language, never
by a command-line flag a teacher did not type (docs/web.md, "Languages"). The pages label their fields with it, and a
refusal of a value (``kitgen.games.base.Option.check``, ``kitgen.web.params``) names the field the same way, in the
server and in the workers (``named``, given to ``api.naming_options``)."""

from __future__ import annotations

from kitgen import api

LABELS = {
    "seed": api.N_("Deal number"), "deal": api.N_("Deal number"), "paper": api.N_("Paper"),
    "count": api.N_("How many"), "per_page": api.N_("On each page"), "players": api.N_("Players"),
    "size": api.N_("Size"), "rows": api.N_("Rows"), "cols": api.N_("Columns"), "style": api.N_("Style"),
    "symmetry": api.N_("Symmetry"), "form": api.N_("Pieces"), "bleed": api.N_("Bleed (mm)"),
    "duplex": api.N_("Backs for double-sided printing"), "marks": api.N_("Crop marks"),
    "margin": api.N_("Margin (mm)"), "solve": api.N_("Solve it"), "winnable": api.N_("Next winnable deal"),
    "par": api.N_("Par: the best sheet for this deal"), "seconds": api.N_("Search time (seconds)"),
    "tutorial": api.N_("Tutorial scoring"), "ink": api.N_("Ink mode"), "hints": api.N_("Show the best entries"),
    "game": api.N_("Game"), "level": api.N_("Computer's level"), "text": api.N_("Show as text"),
    "lang": api.N_("Language"), "text_lang": api.N_("Language of the text"),
    "all_words": api.N_("Any word, even the classroom-unsafe ones"),
    "min_length": api.N_("Shortest words (letters)"),
    "prove": api.N_("Prove the par is the best"), "budget": api.N_("Search effort"),
    "fill": api.N_("Fill"), "fillable": api.N_("Fillable"), "solution": api.N_("Solution"),
    "large_print": api.N_("Large print"), "small_squares": api.N_("Small squares"), "target": api.N_("Target"),
    "free_for_all": api.N_("Free for all"), "two_cell_ij": api.N_("IJ in two cells"),
    "card_size": api.N_("Custom card size (mm)"),
}
"""Labels a person reads, for option names every game shares; any other option is labelled from its name."""
LANGUAGES = {"en": api.N_("English"), "fr": api.N_("French"), "de": api.N_("German"), "es": api.N_("Spanish"),
             "it": api.N_("Italian"), "nl": api.N_("Dutch"), "pt": api.N_("Portuguese"), "sv": api.N_("Swedish"),
             "pl": api.N_("Polish"), "tr": api.N_("Turkish"), "ru": api.N_("Russian"), "el": api.N_("Greek")}
"""A language's name in a list to choose from (its code where it has no name here)."""
CHOICES = {
    "american": api.N_("American"), "british": api.N_("British"), "barred": api.N_("Barred"),
    "rotational": api.N_("Rotational"), "quarter": api.N_("Quarter"), "mirror": api.N_("Mirror"),
    "none": api.N_("None"), "cubes": api.N_("Cubes"), "tiles": api.N_("Tiles"), "poker": api.N_("Poker"),
    "bridge": api.N_("Bridge"), "tarot": api.N_("Tarot"), "mini": api.N_("Mini"), "square": api.N_("Square"),
}
"""A choice's name in a list to choose from, for choices a game declares without a label of its own (a pattern's
style and symmetry, the pieces' form, a card size). A paper is named as the PDFs and the home page name it
(``Paper.label``: A4, US Letter, in the page's language)."""


def choice_name(option: api.Option, value: str) -> str:
    """A choice as the form's list names it, in the request's text language: a language by its name, a paper as
    the PDFs name it (A4, US Letter), a choice the game labels by its label, else a short code in capitals."""
    if option.name in ("lang", "text_lang"):
        return api.gettext(LANGUAGES[value]) if value in LANGUAGES else value.upper()
    labels = dict(option.choice_labels)
    if value in labels:
        return api.gettext(labels[value])
    if option.type is api.Paper:
        return api.gettext(api.Paper(value).label)
    if value in CHOICES:
        return api.gettext(CHOICES[value])
    return value.upper() if len(value) <= 3 and not value.isdigit() else value.capitalize()


def label(name: str) -> str:
    """An option's label, in the request's text language."""
    return api.gettext(LABELS[name]) if name in LABELS else name.replace("_", " ").capitalize()


def named(option: api.Option) -> str:
    """An option as a refusal on a web page names it: its label in the text language's quotation marks
    (“Deal number”, „Spielnummer“)."""
    return api.quoted(label(option.name))
