"""The command line's help speaks the text language (docs/languages.md, "The language of the text"): the language
is read from the command line (--text-lang, else --lang) before any command is built, so ``kitgen deal wordsearch
--lang fr --help`` shows French option help, and an interruption's line speaks it too; English help is as written."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from kitgen.api import commands, declarations
from kitgen.cli import kit, serve, session, words
from kitgen.cli.app import command_line_language
from kitgen.cli.build import shared_options
from kitgen.cli.help_texts import HELP_TEXTS
from kitgen.core.i18n import speaking, translations

ROOT = Path(__file__).resolve().parents[2]
NB = "\u00a0"


def _help(*args: str) -> str:
    """``kitgen ARGS`` as a person runs it (the console script's entry point), on a wide terminal so that no help
    line is wrapped."""
    env = {**os.environ, "TERMINAL_WIDTH": "400", "COLUMNS": "400"}
    done = subprocess.run([sys.executable, "-m", "kitgen", *args], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def _declared() -> set[str]:
    every = [session.with_session(c) for game in declarations() for c in commands(game)]
    every += [kit.kit_command(), serve.SERVE]
    every += list(words.COMMANDS) + list(session.COMMANDS)
    return {c.help for c in every} | {o.help for c in every for o in c.options + shared_options(c)}


def test_every_declared_help_is_in_the_catalogue() -> None:
    """A command or option added later without its help in ``kitgen.cli.help_texts`` would show English help in
    every language: add it there (``make i18n-update``) and translate it."""
    assert _declared() - set(HELP_TEXTS) == set()


@pytest.mark.parametrize(("args", "lang"), [(("deal", "wordsearch"), "fr"), (("deal", "wordsearch"), "de"),
                                            (("sheet",), "es"), (("verify", "crossword"), "ru"),
                                            (("words", "check"), "pl")])
def test_help_in_the_language_the_command_line_asks_for(args: tuple[str, ...], lang: str) -> None:
    """Every option's and the command's help, translated; --lang or --text-lang, before or after --help."""
    flag = "--lang" if lang in ("fr", "pl") else "--text-lang"
    shown = _help(*args, "--help", flag, lang)
    english = _help(*args, "--help")
    with speaking(lang):
        catalogue = translations(lang)
        for text in sorted(_declared()):
            first = text.split("\n")[0]
            if first in english and catalogue.gettext(text) != text:
                assert first not in shown, (lang, first)
                translated = catalogue.gettext(text).split("\n")[0]
                assert translated.replace(NB, " ") in shown.replace(NB, " "), (lang, translated)
    assert shown == _help(*args, f"{flag}={lang}", "--help")


def test_typers_own_words_follow_the_language() -> None:
    shown = _help("deal", "wordsearch", "--lang", "fr", "--help")
    assert "Options" in shown and "Afficher cette aide et quitter." in shown and f"[par défaut{NB}: en]" in shown
    assert "Optionen" in _help("verify", "crossword", "--text-lang", "de", "--help")


def test_english_help_is_as_written() -> None:
    """English is the strings as declared: --lang en and no language give the same help, in English."""
    english = _help("deal", "wordsearch", "--help")
    assert english == _help("deal", "wordsearch", "--help", "--lang", "en")
    assert "Deal number / seed (0 to 2147483647)." in english
    assert "Show this message and exit." in english and "[default: en]" in english


def test_the_text_language_of_a_command_line() -> None:
    assert command_line_language(["deal", "wordsearch", "--lang", "fr"]) == "fr"
    assert command_line_language(["sheet", "--lang=de", "--text-lang", "en"]) == "en"
    assert command_line_language(["sheet", "--text-lang=ES"]) == "es"
    assert command_line_language(["sheet", "--lang", "xx"]) == "en"  # no catalogue: English
    assert command_line_language(["sheet", "--lang"]) == "en"
    assert command_line_language(["words", "check", "chat"]) == "en"


INTERRUPTED = """
import sys
import kitgen.games.wordsearch.declaration as declaration
from kitgen.cli.app import main

def ctrl_c(*args, **kwargs):
    raise KeyboardInterrupt

declaration.render_sheet = ctrl_c
sys.argv = ["kitgen", *sys.argv[1:]]
main()
"""


@pytest.mark.parametrize(("lang", "said"), [("fr", "kitgen: interrompu\n"), ("en", "kitgen: interrupted\n")])
def test_an_interruption_is_said_in_the_text_language(tmp_path: Path, lang: str, said: str) -> None:
    done = subprocess.run([sys.executable, "-c", INTERRUPTED, "sheet", "--lang", lang, "--out", f"{tmp_path}/"],
                          capture_output=True, text=True, cwd=ROOT, timeout=120, check=False)
    assert done.returncode == 130
    assert done.stderr == said
