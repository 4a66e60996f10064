"""The reasons kitgen passes on from a library or the system speak the text language too (docs/languages.md, "The
language of the text"): a deck spec's TOML error after ``not valid TOML:``, the system's reason a file could not be
read or written (``strerror``), a survey file's refused lines, and a finished Crossword Solitaire grid's findings.
English keeps the words it always said (tomllib's, the system's)."""

from __future__ import annotations

import errno
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from kitgen.cli.app import app
from kitgen.core.errors import InputError, Location
from kitgen.core.i18n import SYSTEM_REASONS, TRANSLATED, UNREADABLE, speaking, system_reason, translations

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "samples" / "game-of-words"
NB = "\u00a0"
ENGLISH_WORDS = re.compile(r"\b(?:the|is|not|of|to|be|cannot|must|every|used|word|file|value|string|"
                           r"expected|invalid|unclosed|declare|twice|found|no such|directory|disk|full|line|key|"
                           r"letters|alone|pack|many|or)\b", re.IGNORECASE)
"""English words a translated reason would still show if it went through no catalogue (not ``a``, ``an`` or ``in``,
which are German or Italian words too)."""


def _run(*args: str | Path) -> Result:
    return CliRunner().invoke(app, [str(a) for a in args])


def _english_left(said: str, keep: tuple[str, ...] = ()) -> list[str]:
    for kept in keep:
        said = said.replace(kept, "")
    return ENGLISH_WORDS.findall(said)


TOML_CASES = (  # text, where, tomllib's English reason, its French
    ("[letters]\nA = \n", "2:5", "Invalid value", "valeur non valide (une chaîne entre guillemets, un nombre, true "
     "ou false, [ ... ] ou { ... })"),
    ("[letters]\n[letters]\n", "2:9", "Cannot declare ('letters',) twice", "la table letters est déclarée deux fois"),
    ('[letters]\nA = { count = 1, value = 2 \n', "2:28", "Unclosed inline table",
     "une table { ... } n’est pas fermée (elle se ferme sur la même ligne)"),
    ("[letters]\nA = { count = 1, count = 2 }\n", "2:27", "Duplicate inline table key 'count'",
     "la clé 'count' est donnée deux fois dans la même table entre accolades"),
    ('name = "mini\n', "1:13", "Illegal character '\\n'",
     "un caractère qui ne peut pas être écrit dans une chaîne{NB}: '\\n'"),
    ("!\n", "1:1", "Invalid statement", "cette ligne n’est ni une clé = valeur, ni une [table], ni un commentaire"),
)


@pytest.mark.parametrize("case", TOML_CASES, ids=lambda case: case[2])
def test_a_deck_spec_s_toml_error_is_said_plainly_in_the_text_language(tmp_path: Path,
                                                                        case: tuple[str, ...]) -> None:
    """tomllib's English reason is not left after the translated ``not valid TOML:``: kitgen says its kind plainly,
    at tomllib's line and column (a key named as TOML writes it); English keeps tomllib's words."""
    text, where, english, french = case
    spec = tmp_path / "deck.toml"
    spec.write_text(text, encoding="utf-8")
    command = ("deck", "--spec", spec, "--out", tmp_path / "out.pdf")
    assert _run(*command).stderr == f"kitgen: {spec}:{where}: not valid TOML: {english}\n"
    assert _run(*command, "--lang", "fr").stderr == \
        f"kitgen: {spec}:{where}: TOML non valide{NB}: {french.replace('{NB}', NB)}\n"
    for lang in ("de", "ru"):
        said = _run(*command, "--lang", lang).stderr
        assert said.startswith(f"kitgen: {spec}:{where}: ") and english not in said, said
        assert not _english_left(said.split(f"{where}: ", 1)[1], ("TOML", "true", "false", "count", "letters")), said


def test_a_toml_error_at_the_end_of_the_file_is_located_there(tmp_path: Path) -> None:
    """tomllib says ``(at end of document)`` for a string the file never closes: the error is at the file's end,
    not at 1:1 with tomllib's words left in the reason."""
    spec = tmp_path / "deck.toml"
    spec.write_text('[letters]\nname = """mini', encoding="utf-8")
    assert _run("deck", "--spec", spec).stderr == f"kitgen: {spec}:2:15: not valid TOML: Unterminated string\n"
    assert _run("deck", "--spec", spec, "--lang", "de").stderr == \
        f"kitgen: {spec}:2:15: kein gültiges TOML: eine Zeichenkette ist nicht geschlossen\n"


def test_every_toml_reason_is_translated_and_an_unknown_one_is_not_left_in_english() -> None:
    from kitgen.core.text import TOML_REASONS, load_toml

    for code in TRANSLATED[1:]:
        for reason in TOML_REASONS:
            assert translations(code).gettext(reason) != reason, (code, reason)
    with speaking("fr"), pytest.raises(InputError) as refused:
        load_toml("deck.toml", "a = 1\na = 2\n")
    assert str(refused.value) == f"deck.toml:2:6: TOML non valide{NB}: une clé reçoit une valeur deux fois"
    from kitgen.core.text import _toml_reason

    with speaking("ru"):
        assert _toml_reason("Some reason a newer Python gives") == translations("ru").gettext(UNREADABLE)


@pytest.mark.parametrize("code", [errno.ENOENT, errno.EACCES, errno.EISDIR, errno.ENOTDIR, errno.ENOSPC,
                                  errno.EROFS, errno.ENAMETOOLONG, errno.EIO])
def test_the_system_s_reason_is_said_in_the_text_language(code: int) -> None:
    """Each family of the system's errors has kitgen's own plain words in every catalogue; English keeps the
    system's ``strerror``."""
    import os

    exc = OSError(code, os.strerror(code))
    with speaking("en"):
        assert system_reason(exc) == os.strerror(code)
    for lang in TRANSLATED[1:]:
        with speaking(lang):
            said = system_reason(exc)
        assert said == translations(lang).gettext(SYSTEM_REASONS[code]) and said != SYSTEM_REASONS[code], lang
        assert os.strerror(code) not in said
    with speaking("fr"):
        assert system_reason(OSError(errno.ENOSPC, "No space left on device")) == "le disque est plein"
        assert system_reason(OSError(errno.ENXIO, "No such device or address")) == "une erreur du système (ENXIO)"


def test_a_file_kitgen_cannot_write_is_refused_in_the_text_language(tmp_path: Path) -> None:
    """``--out`` under a file (its folder cannot be made) and over a file kitgen did not write: the refusal and the
    system's reason in French, German and Russian, as the English says them."""
    blocker = tmp_path / "notes.txt"
    blocker.write_text("mine\n", encoding="utf-8")
    under = blocker / "sheets" / "sheet.pdf"
    assert _run("sheet", "--seed", "1", "--out", under).stderr == \
        f"kitgen: {under}: cannot check the existing file: Not a directory\n"
    assert _run("sheet", "--seed", "1", "--out", under, "--lang", "fr").stderr == \
        f"kitgen: {under}{NB}: impossible de vérifier le fichier existant{NB}: une partie du chemin n’est pas un " \
        "dossier\n"
    theirs = tmp_path / "theirs.pdf"
    theirs.write_bytes(b"%PDF-1.4 someone else's\n")
    assert _run("sheet", "--seed", "1", "--out", theirs, "--lang", "de").stderr == \
        f"kitgen: {theirs}: existiert und wurde nicht von kitgen geschrieben; mit --force wird sie ersetzt\n"
    for lang in ("fr", "de", "ru"):
        for target in (under, theirs):
            said = _run("sheet", "--seed", "1", "--out", target, "--lang", lang).stderr
            assert said.startswith("kitgen: ") and not _english_left(said.split(": ", 2)[-1], ("--force", "kitgen")), \
                said


def test_a_survey_file_s_refused_line_is_said_in_the_text_language(tmp_path: Path) -> None:
    """A resumed survey line saying ``"winnable": "yes"`` is refused in the text language, the kinds it may take
    joined with the language's own "or" (``either``), not an English " or "."""
    words = tmp_path / "words.txt"
    words.write_text("bold\ncold\ngold\nhold\nmold\ntold\nscold\nfold\n", encoding="utf-8")
    out = tmp_path / "ws.jsonl"
    command = ("deal", "word-solitaire", "--range", "1-2", "--solve", "--out", out, "--words", words)
    assert _run(*command).exit_code == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    tampered = json.loads(lines[1])
    tampered["winnable"] = "yes"
    out.write_text(lines[0] + "\n" + json.dumps(tampered) + "\n", encoding="utf-8")
    again = (*command[:3], "1-3", *command[4:])
    assert _run(*again).stderr == f"kitgen: {out}:2:1: 'winnable' is true or false or null (got \"yes\")\n"
    assert _run(*again, "--text-lang", "fr").stderr == \
        f"kitgen: {out}:2:1: 'winnable' est true ou false ou null (reçu \"yes\")\n"
    assert _run(*again, "--text-lang", "ru").stderr == \
        f"kitgen: {out}:2:1: 'winnable' — это true или false или null (получено \"yes\")\n"


def test_a_survey_file_s_unreadable_lines_are_said_in_the_text_language() -> None:
    from kitgen.io.jsonl import parse_line

    where = Location("s.jsonl", 3, 1)
    for raw in (b"not json\n", b"[1, 2]\n", b"[" * 20 + b"]" * 20 + b"\n"):
        with speaking("en"), pytest.raises(InputError) as english:
            parse_line(raw, where)
        for lang in ("fr", "de", "ru"):
            with speaking(lang), pytest.raises(InputError) as refused:
                parse_line(raw, where)
            said = str(refused.value).split("s.jsonl:3:1: ", 1)[1]
            assert said != str(english.value) and not _english_left(said, ("JSON", "kitgen")), (lang, said)


def test_a_finished_crossword_solitaire_grid_s_findings_are_said_in_the_text_language() -> None:
    """Every finding of a finished grid (cards too many and not used, a word that is not one, a letter alone, letters
    apart) in the check page's words (``FINDINGS``, the web's refusals), the cards left out said once; in French,
    German and Russian the same catalogue entries' translations."""
    from kitgen.core.lexicon import Lexicon
    from kitgen.games.game_of_words.rules.crossword_solitaire import check_crossword

    words = Lexicon.from_entries([(w, 10) for w in ("beam", "earn", "moor", "north")])
    cells = {(x, y): ch for y, row in enumerate("BEAM..\n.A.O..\n.R.O..\n.NORHT\n......\n..Z..E".splitlines())
             for x, ch in enumerate(row) if ch != "."}
    pack = "BEAMARNOORTHOQQ"
    with speaking("en"):
        english = [p.message for p in check_crossword(cells, pack, words).problems]
    pack_rule = "the rules say you make “a Crossword using all the letters of the pack”, each card once."
    assert english == [f"The crossword has more E than the pack has: {pack_rule}",
                       f"The crossword has more Z than the pack has: {pack_rule}",
                       "These cards of the pack are not in the crossword: Q Q. The rules say you make “a Crossword "
                       "using all the letters of the pack”.",
                       "NORHT is not a word kitgen knows: “all the ordinary rules of the first Crossword Game apply”, "
                       "so every word across and down must be a real word.",
                       "Z stands alone: every letter is part of a word across or down, as in any crossword.",
                       "E stands alone: every letter is part of a word across or down, as in any crossword.",
                       "These letters do not join the rest of the crossword: everything joins into one crossword.",
                       "These letters do not join the rest of the crossword: everything joins into one crossword."]
    with speaking("ru"):
        russian = [p.message for p in check_crossword(cells, pack, words).problems]
    assert russian[2] == ("Этих карт колоды нет в кроссворде: Q Q. Правила говорят, что ты составляешь «кроссворд из "
                          "всех букв колоды».")
    assert russian[3].startswith("Слово NORHT kitgen не знает: ")
    for lang in ("fr", "de", "ru"):
        with speaking(lang):
            said = [p.message for p in check_crossword(cells, pack, words).problems]
        assert not [m for m in said if _english_left(m, ("NORHT",))], (lang, said)


def test_a_finished_grid_s_findings_are_the_check_page_s_catalogue_entries() -> None:
    """The command line and the web's check page say a finished Crossword Solitaire grid's findings, its won line and
    its order-not-checked note with the same catalogue entries (one translation each): the rules' ``FINDINGS`` are
    the web's ``REFUSALS["solitaire"]`` for the same codes, and the won line is the page's ``won``."""
    from kitgen.games.game_of_words.formats.results import ORDER_NOT_CHECKED
    from kitgen.games.game_of_words.rules.crossword_solitaire import FINDINGS
    from kitgen.web.refusals import REFUSALS

    assert FINDINGS == {code: REFUSALS["solitaire"][code] for code in FINDINGS}
    assert set(FINDINGS) == {"too-many", "not-used", "not-a-word", "alone", "apart"}
    assert ORDER_NOT_CHECKED == REFUSALS["solitaire"]["order-not-checked"]
    page = (ROOT / "kitgen" / "web" / "templates" / "check_solitaire.html").read_text(encoding="utf-8")
    assert 'ngettext("Won! {n} word uses every card.", "Won! {n} words use every card.")' in page


def test_the_sample_broken_grid_is_refused_in_the_text_language() -> None:
    """The CLI's report of the sample broken grid: no English finding left in French, the check page's words."""
    said = _run("verify", "solitaire", GAMES / "crossword-solitaire-b-broken.txt", "--game", "crossword-solitaire-b",
                "--seed", "1", "--lang", "fr").stderr
    assert "crossword-solitaire-b-broken.txt:5:2: NORHT n’est pas un mot que kitgen connaît" in said
    assert f"Ces cartes du paquet ne sont pas dans la grille{NB}: A A C D E E E F G H H I I I I J K L L L N " in said
    assert "not used" not in said and "is not a word" not in said, said


@pytest.mark.parametrize(("lang", "won"), [
    ("fr", "Gagné{NNB}! 4 mots utilisent toutes les cartes."),
    ("ru", "Победа! 4 слова используют все карты."),
    ("pl", "Wygrana! 4 słowa używają wszystkich kart."),
])
def test_a_won_finished_grid_is_said_with_the_check_page_s_words(tmp_path: Path, lang: str, won: str) -> None:
    """A won finished grid's line is the check page's “Won! 4 words use every card.” in the text language (its plural
    form for 4: Russian and Polish write the few-form), with the page's note that a grid does not show the order of
    play; English says it in the page's English."""
    words = tmp_path / "words.txt"
    words.write_text("beam\nearn\nmoor\nnorth\n", encoding="utf-8")
    grid = "crossword-solitaire-b.txt"
    command = ("verify", "solitaire", GAMES / grid, "--game", "crossword-solitaire-b", "--seed", "1", "--spec",
               GAMES / "mini-deck.toml", "--words", words)
    english = _run(*command)
    assert english.exit_code == 0 and english.stdout == (
        f"{GAMES / grid}: Won! 4 words use every card. A finished crossword does not show the order of play: type "
        "your moves, one a line, to have them checked against the deal.\n")
    said = _run(*command, "--text-lang", lang)
    with speaking(lang):
        note = translations(lang).gettext(
            "A finished crossword does not show the order of play: type your moves, one a line, to have them checked "
            "against the deal.")
    assert said.exit_code == 0 and said.stdout == f"{GAMES / grid}: {won.format(NNB=chr(0x202f))} {note}\n"
    assert not _english_left(note)


def test_a_survey_s_summary_is_said_in_the_text_language(tmp_path: Path) -> None:
    """``--range``'s report (the file written, the deals' share won, the lost deals) in the text language, with its
    decimal comma; English as before."""
    words = tmp_path / "words.txt"
    words.write_text("bold\ncold\ngold\nhold\nmold\ntold\nscold\nfold\n", encoding="utf-8")
    out = tmp_path / "ws.jsonl"
    command = ("deal", "word-solitaire", "--range", "1-3", "--solve", "--out", out, "--words", words)
    english = _run(*command).stdout.splitlines()
    assert english[0] == f"wrote {out} (3 deals worked, 0 already there)"
    assert english[1].startswith("deals 1-3: 0 of 3 winnable (0.0%), 3 lost, 0 undecided, in ")
    assert english[2] == "lost: 1 2 3"
    french = _run(*command, "--text-lang", "fr").stdout.splitlines()
    assert french[0] == f"écrit {out} (0 donnes traitées, 3 déjà là)"
    assert french[1].startswith(f"donnes 1-3{NB}: 0 sur 3 gagnables (0,0 %), 3 perdues, 0 indécises, en ")
    assert french[2] == f"perdues{NB}: 1 2 3"
    for lang in ("de", "ru"):
        said = "\n".join(_run(*command, "--text-lang", lang).stdout.splitlines())
        assert not _english_left(said.replace(str(out), "")), (lang, said)


def test_a_survey_s_rate_is_written_as_the_text_language_writes_numbers() -> None:
    from kitgen.games.survey import _tenths

    with speaking("en"):
        assert [_tenths(1234.56), _tenths(0.04), _tenths(12.0)] == ["1,234.6", "0.0", "12.0"]
    with speaking("de"):
        assert _tenths(1234.56) == "1.234,6"
    with speaking("fr"):
        assert _tenths(1234.56) == "1\u202f234,6"


def test_a_survey_s_time_left_is_said_in_the_text_language_s_units() -> None:
    """Issue 28: the time the rest of a ``--range`` will take names its units (s, min, h) as the text language
    writes them; English as before."""
    from kitgen.games.survey import _duration

    with speaking("en"):
        assert [_duration(42), _duration(600), _duration(7500)] == ["42 s", "10 min", "2 h 05 min"]
    with speaking("fr"):
        assert [_duration(42), _duration(600), _duration(7500)] == ["42 s", "10 min", "2 h 05 min"]
    with speaking("ru"):
        assert [_duration(42), _duration(600), _duration(7500)] == ["42 с", "10 мин", "2 ч 05 мин"]


def test_a_survey_s_chart_is_titled_in_the_text_language(tmp_path: Path) -> None:
    """Issue 28: ``--plot``'s title ("{variant}, deals A-B") in the text language, in French and Russian."""
    pytest.importorskip("matplotlib")
    words = tmp_path / "words.txt"
    words.write_text("sea\ntea\n", encoding="utf-8")
    titles = {}
    for lang in ("en", "fr", "ru"):
        chart = tmp_path / f"{lang}.svg"
        done = _run("deal", "word-solitaire", "--range", "1-3", "--solve", "--words", words, "--plot", chart,
                    "--text-lang", lang)
        assert done.exit_code == 0, done.stderr
        titles[lang] = chart.read_text(encoding="utf-8")
    assert "word-solitaire, deals 1-3" in titles["en"]
    assert "word-solitaire, donnes 1-3" in titles["fr"] and "deals 1-3" not in titles["fr"]
    assert "word-solitaire, раздачи 1-3" in titles["ru"] and "deals 1-3" not in titles["ru"]
