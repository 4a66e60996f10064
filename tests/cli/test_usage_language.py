"""The command line's own words speak the text language (docs/languages.md, "The language of the text"): ``kitgen
--help`` and every group's help take ``--lang`` and ``--text-lang`` as commands do, and a group's ``--lang`` is the
language of the command it runs; Typer's usage errors (``No such option``, ``Invalid value for``, ``Missing
argument``...) and the ``Usage:`` of a help page are said in the text language, what was typed kept as typed.
English is as Typer writes it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from kitgen.cli.app import GROUPS, TOP_HELP
from kitgen.cli.usage import USAGE_ERRORS, in_text_language
from kitgen.core.i18n import speaking, translations

ROOT = Path(__file__).resolve().parents[2]
NB = "\u00a0"


def _kitgen(*args: str) -> subprocess.CompletedProcess[str]:
    """``kitgen ARGS`` as a person runs it (the console script's entry point), on a wide terminal."""
    env = {**os.environ, "TERMINAL_WIDTH": "400", "COLUMNS": "400"}
    return subprocess.run([sys.executable, "-m", "kitgen", *args], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=120, check=False)


@pytest.mark.parametrize(("args", "lang"), [((), "fr"), (("words",), "fr"), (("session",), "de"),
                                            (("deal",), "ru"), (("verify",), "es")])
def test_every_help_page_takes_the_language(args: tuple[str, ...], lang: str) -> None:
    """``kitgen --help --lang fr``, ``kitgen words --help --lang fr``...: a group's summary, its commands' summaries
    and ``Usage:`` in the language (they were refused with 'No such option: --lang')."""
    flag = "--text-lang" if lang in ("de", "es") else "--lang"
    done = _kitgen(*args, "--help", flag, lang)
    assert done.returncode == 0, done.stderr
    english = _kitgen(*args, "--help").stdout
    catalogue = translations(lang)
    summary = TOP_HELP if not args else GROUPS[args[0]][1]
    assert catalogue.gettext(summary) in done.stdout
    assert summary not in done.stdout and summary in english
    assert catalogue.gettext("Usage: ").strip() in done.stdout and "Usage:" not in done.stdout
    assert "Usage:" in english


def test_a_group_s_language_is_its_command_s() -> None:
    """``kitgen --lang fr deal wordsearch`` and ``kitgen deal --lang fr wordsearch`` deal the French deal of
    ``kitgen deal wordsearch --lang fr``, not an English one with French text."""
    wanted = _kitgen("deal", "wordsearch", "--seed", "3", "--lang", "fr")
    assert wanted.returncode == 0, wanted.stderr
    assert "(français)" in wanted.stdout
    for args in (("--lang", "fr", "deal", "wordsearch"), ("deal", "--lang", "fr", "wordsearch")):
        done = _kitgen(*args, "--seed", "3")
        assert (done.returncode, done.stdout) == (0, wanted.stdout), done.stderr
    assert _kitgen("deal", "wordsearch", "--seed", "3").stdout != wanted.stdout


USAGE_CASES = {
    # the command line: (the English line as Typer says it, the French one, the German one)
    ("deal", "nothing"): ("No such command 'nothing'. (see: kitgen deal --help)",
                          f"Pas de commande 'nothing'. (voir{NB}: kitgen deal --help)",
                          "Kein Befehl 'nothing'. (siehe: kitgen deal --help)"),
    ("deal", "wordsearch", "--seed", "x"): (
        "Invalid value for '--seed': 'x' is not an integer. (see: kitgen deal wordsearch --help)",
        f"Valeur invalide pour '--seed'{NB}: 'x' n’est pas un entier. (voir{NB}: kitgen deal wordsearch --help)",
        "Ungültiger Wert für '--seed': 'x' ist keine ganze Zahl. (siehe: kitgen deal wordsearch --help)"),
    ("deal", "wordsearch", "--bogus"): (
        "No such option: --bogus (Possible options: --book, --jobs, --out) (see: kitgen deal wordsearch --help)",
        f"Pas d’option{NB}: --bogus (options possibles{NB}: --book, --jobs, --out) "
        f"(voir{NB}: kitgen deal wordsearch --help)",
        "Keine solche Option: --bogus (mögliche Optionen: --book, --jobs, --out) "
        "(siehe: kitgen deal wordsearch --help)"),
    ("verify", "crossword"): ("Missing argument 'record'. (see: kitgen verify crossword --help)",
                              f"Argument 'record' manquant. (voir{NB}: kitgen verify crossword --help)",
                              "Argument 'record' fehlt. (siehe: kitgen verify crossword --help)"),
    ("deal", "wordsearch", "--json=1"): ("Option '--json' does not take a value.",
                                         "L’option '--json' ne prend pas de valeur.",
                                         "Option '--json' nimmt keinen Wert."),
    ("deal", "wordsearch", "extra"): (
        "Got unexpected extra argument(s) (extra) (see: kitgen deal wordsearch --help)",
        f"Argument(s) en trop inattendu(s) (extra) (voir{NB}: kitgen deal wordsearch --help)",
        "Unerwartete(s) zusätzliche(s) Argument(e) (extra) (siehe: kitgen deal wordsearch --help)"),
}


@pytest.mark.parametrize("args", sorted(USAGE_CASES))
def test_usage_errors_in_the_text_language(args: tuple[str, ...]) -> None:
    """One line, exit 2, in English as Typer writes it, in French and German with the typed names kept."""
    for lang, wanted in zip(("en", "fr", "de"), USAGE_CASES[args], strict=True):
        done = _kitgen(*args, *(("--lang", lang) if lang != "en" and args[-1] != "extra" else ()))
        if args[-1] == "extra" and lang != "en":
            done = _kitgen("--lang", lang, *args)
        assert (done.returncode, done.stdout) == (2, ""), done.stderr
        assert done.stderr == f"kitgen: {wanted}\n"


def test_every_usage_error_form_has_a_translation() -> None:
    """Each form kitgen reads Typer's English against is said otherwise in every language, nested reasons too."""
    for lang in ("fr", "de", "es", "it", "nl", "pt", "sv", "pl", "tr", "ru", "el"):
        catalogue = translations(lang)
        for _pattern, msgid in USAGE_ERRORS:
            assert catalogue.gettext(msgid) != msgid, (lang, msgid)
    with speaking("fr"):
        said = in_text_language("Missing option '--kind'. Choose from: a, b")
        assert said == f"Option '--kind' manquante. Choisir parmi{NB}: a, b"
        assert in_text_language("a message of kitgen's own") == "a message of kitgen's own"
    assert in_text_language("Invalid value for '--n': 'q' is not a number.") == \
        "Invalid value for '--n': 'q' is not a number."
