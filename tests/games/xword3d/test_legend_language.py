"""The brick nets' and tiles' legend speaks the text language (issue 28): "cut", "fold", "glue" beside their
lines, as the rest of the page; English as before (tests/games/xword3d/test_render.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from kitgen.cli.app import app


@pytest.mark.parametrize(("lang", "cut", "fold"), [("fr", "coupe", "pli"), ("ru", "разрез", "сгиб"),
                                                   ("de", "Schnitt", "falten")])
def test_the_legend_of_the_nets_is_in_the_text_language(tmp_path: Path, lang: str, cut: str, fold: str) -> None:
    out = tmp_path / "bricks.pdf"
    result = CliRunner().invoke(app, ["bricks", "--players", "2", "--text-lang", lang, "--out", str(out)])
    assert result.exit_code == 0, result.output
    text = PdfReader(str(out)).pages[0].extract_text()
    assert cut in text and fold.lower() in text.lower(), text[-400:]
    assert not re.search(r"\bcut\b", text), text[-400:]
