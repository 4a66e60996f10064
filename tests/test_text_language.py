"""The language of the text (docs/languages.md, "The language of the text"): ``--lang`` chooses the words and the
text, ``--text-lang`` separates them; a PDF's ``/Lang`` and title follow the text."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from kitgen import api
from kitgen.cli.app import app


def _lang_and_title(pdf: bytes) -> tuple[str, str]:
    reader = PdfReader(io.BytesIO(pdf))
    return str(reader.trailer["/Root"]["/Lang"]), str(reader.metadata.title)


def test_a_french_kit_speaks_french_and_says_so() -> None:
    lang, title = _lang_and_title(api.kit("wordsearch", lang="fr"))
    assert lang == "fr"
    assert title == "Fais tes mots mêlés\u00a0: un kit kitgen"


def test_text_lang_keeps_english_text_with_french_words() -> None:
    pdf = api.kit("wordsearch", lang="fr", text_lang="en")
    assert _lang_and_title(pdf) == ("en", "Make a Wordsearch: a kitgen kit")
    reader = PdfReader(io.BytesIO(pdf))
    assert "How to print" in reader.pages[1].extract_text()


@pytest.mark.parametrize(("args", "lang", "name"), [
    (["--lang", "fr"], "fr", "wordsearch-sheet-1-fr.pdf"),
    (["--lang", "fr", "--text-lang", "en"], "en", "wordsearch-sheet-1-fr-text-en.pdf"),
    (["--text-lang", "de"], "de", "wordsearch-sheet-1-text-de.pdf"),
])
def test_a_sheet_speaks_the_text_language_and_names_it(tmp_path: Path, args: list[str], lang: str,
                                                       name: str) -> None:
    """A reportlab PDF declares the text language too; a file whose text is not in its words' language says so
    in its name (two runs that print differently never share a name)."""
    result = CliRunner().invoke(app, ["sheet", "--seed", "1", *args, "--out", f"{tmp_path}/"])
    assert result.exit_code == 0, result.output
    written = tmp_path / name
    assert written.exists(), sorted(p.name for p in tmp_path.iterdir())
    assert _lang_and_title(written.read_bytes())[0] == lang
