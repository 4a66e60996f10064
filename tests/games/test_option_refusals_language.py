"""An option value's refusal (kitgen/games/base.py, ``Option.check``, ``Options.build``; ``kitgen.api.checked``)
speaks the text language, and names the option as the person sees it on that face (docs/languages.md): the flag
typed on the command line (``--seed``), a web page's form label (tests/web/test_option_refusals_language_http.py).
Each kind of refusal is checked on each face that can meet it, in at least two languages besides English, and
English keeps its words."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from kitgen import api
from kitgen.cli.app import app
from kitgen.core.errors import InputError
from kitgen.games.base import PAPER, SEED, Option, Options, naming_options, opt
from kitgen.games.wordsearch.declaration import VerifyCommandOptions
from kitgen.io.pdf import Paper

ENGLISH_PHRASES = ("must be", "between", "(got", "one of", "is required", "unknown option", "known:", "whole number",
                   " takes ", "a number")
"""The English words of these refusals: none is left in a translated one."""


class Sheet(Options):
    seed: int | None = opt(SEED)
    paper: Paper = opt(PAPER)


class Words(Options):
    words: list[str] = opt(Option("words", str, None, "Words.", many=True))


def _refusal(build: object) -> str:
    with pytest.raises(InputError) as refused:
        build()  # type: ignore[operator]
    return refused.value.message


def _no_english(said: str) -> None:
    assert not [phrase for phrase in ENGLISH_PHRASES if phrase in said], said


SAID = {  # the refusal of each kind, in German and French (the API's face: the command line's flag)
    "range": (lambda: Sheet(seed=-5),
              "--seed muss zwischen 0 und 2147483647 liegen (erhalten: -5)",
              "--seed doit être entre 0 et 2147483647 (reçu -5)"),
    "choice": (lambda: Sheet.build(paper="b5"),
               "--paper muss einer dieser Werte sein: a3, a4, a5, letter, legal, tabloid (erhalten: „b5“)",
               "--paper doit être l’un de\u00a0: a3, a4, a5, letter, legal, tabloid (reçu «\u00a0b5\u00a0»)"),
    "required": (lambda: VerifyCommandOptions.of({"tutorial": True}),
                 "--sheet muss angegeben werden", "--sheet est obligatoire"),
    "unknown": (lambda: Sheet.build(sede=1),
                "unbekannte Option „sede“ (bekannt: paper, seed)", "option inconnue «\u00a0sede\u00a0» (connues\u00a0: "
                "paper, seed)"),
    "type": (lambda: Sheet.build(seed="3"),
             "--seed muss eine ganze Zahl sein (erhalten: „3“)", "--seed doit être un nombre entier (reçu «\u00a03"
             "\u00a0»)"),
    "list": (lambda: Words(words="abc"),  # type: ignore[arg-type]
             "--words muss eine Liste von Texten sein (erhalten: „abc“)",
             "--words doit être une liste de textes (reçu «\u00a0abc\u00a0»)"),
    "nan": (lambda: api.render("3dxword", "pieces", size=float("nan")),
            "--size muss eine Zahl zwischen 10 und 60 sein (erhalten: nan)",
            "--size doit être un nombre entre 10 et 60 (reçu nan)"),
    "api keyword": (lambda: api.deal("wordsearch", seed=1, sede=2),
                    "unbekannte Option „sede“: die Partie wordsearch kennt nur all_words, book, budget, …",
                    "option inconnue «\u00a0sede\u00a0»\u00a0: la donne wordsearch accepte all_words, book, budget, …"),
}


@pytest.mark.parametrize("kind", SAID)
def test_each_kind_of_option_refusal_speaks_the_text_language(kind: str) -> None:
    """German and French say the whole refusal (the language's quotation marks around a value typed), naming the
    option by its flag outside a web page; no English word of the message is left."""
    build, german, french = SAID[kind]
    for code, expected in (("de", german), ("fr", french)):
        with api.speaking(code):
            said = _refusal(build)
        assert said.startswith(expected[:-1]) if expected.endswith("…") else said == expected
        _no_english(said)


def test_english_keeps_its_words() -> None:
    assert _refusal(lambda: Sheet(seed=-1)) == "--seed must be between 0 and 2147483647 (got -1)"
    assert _refusal(lambda: Sheet.build(paper="b5")) == ("--paper must be one of a3, a4, a5, letter, legal, tabloid "
                                                         "(got 'b5')")
    assert _refusal(lambda: Sheet.build(sede=1)) == "unknown option 'sede' (known: paper, seed)"
    listed = _refusal(lambda: Words(words="abc"))  # type: ignore[arg-type]
    assert listed == "--words must be a list of texts (got 'abc')"


def test_a_face_names_the_option_its_own_way() -> None:
    """Inside ``naming_options`` (a web request, a web worker's job) the option is named as that face names it, never
    by a flag; outside, by its flag again."""
    with api.speaking("es"), naming_options(lambda option: f"«{option.name.upper()}»"):
        assert _refusal(lambda: Sheet(seed=-5)) == "«SEED» debe estar entre 0 y 2147483647 (se recibió -5)"
    assert _refusal(lambda: Sheet(seed=-5)).startswith("--seed ")


def test_a_decimal_bound_is_written_with_the_language_s_decimal_comma() -> None:
    class Cap(Options):
        cap: float = opt(Option("cap", float, 1.0, "A cap.", minimum=0.5, maximum=2.5))

    with api.speaking("de"):
        assert _refusal(lambda: Cap(cap=3.5)) == "--cap muss zwischen 0,5 und 2,5 liegen (erhalten: 3,5)"
    assert _refusal(lambda: Cap(cap=3.5)) == "--cap must be between 0.5 and 2.5 (got 3.5)"


@pytest.mark.parametrize("args, said", [
    (["sheet", "--seed", "-5", "--lang", "de"],
     "kitgen: --seed muss zwischen 0 und 2147483647 liegen (erhalten: -5)\n"),
    (["pattern", "--count", "0", "--lang", "fr"], "kitgen: --count doit être entre 1 et 1000 (reçu 0)\n"),
    (["sheet", "--seed", "-5", "--text-lang", "ru"], "kitgen: --seed должно быть от 0 до 2147483647 (получено -5)\n"),
    (["bricks", "--size", "nan", "--lang", "es"],
     "kitgen: --size debe ser un número entre 10 y 60 (se recibió nan)\n"),
    (["deck", "--bleed", "9", "--lang", "it"], "kitgen: --bleed deve essere tra 0 e 5 mm (ricevuto 9)\n"),
    (["deck", "--card-size", "9x9", "--lang", "fr"],
     "kitgen: --card-size\u00a0: les côtés d’une carte mesurent de 25 à 200 mm (reçu 9x9)\n"),
    (["deck", "--card-size", "huge", "--lang", "de"], "kitgen: --card-size: eine Kartengröße ist poker, bridge, tarot, "
     "mini, square oder BREITExHÖHE in mm, etwa 60x90 (erhalten: „huge“)\n"),
    (["bricks", "--size", "nan", "--lang", "pl"],
     "kitgen: --size musi być liczbą między 10 a 60 (otrzymano nan)\n"),
])
def test_the_command_line_s_range_refusals_speak_its_text_language(args: list[str], said: str) -> None:
    """What the command line lets through to kitgen's own check (Typer refuses a choice, a type and an unknown flag
    itself, in the text language too: tests/cli/test_usage_language.py) is said in the text language, the option
    named by the flag typed."""
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2 and result.stderr == said
    _no_english(said)


def test_every_option_refusal_has_a_translation_in_every_catalogue() -> None:
    """The messages above are in each catalogue (tests/core/test_i18n.py checks every msgid; this names these)."""
    from kitgen.core.i18n import TRANSLATED, translations

    messages = ("{option} must be between {low} and {high} (got {value})", "{option} is required",
                "{option} must be one of {choices} (got {value})", "unknown option {name} (known: {known})",
                "{option} must be a whole number (got {value})", "{option} is a whole number (got {value})",
                "unknown parameter {name} (known: {known})")
    for code in TRANSLATED[1:]:
        for message in messages:
            assert translations(code).gettext(message) != message, (code, message)
