"""SOURCE_DATE_EPOCH in the user's environment does not change kitgen's PDFs (issue 17).

reportlab reads SOURCE_DATE_EPOCH even in invariant mode: a packager's shell changed the dates
inside every PDF (and ``SOURCE_DATE_EPOCH=abc`` crashed it), so output was not byte-identical.
"""

from __future__ import annotations

import pytest


def _pattern_pdf(invoke, folder) -> bytes:
    result = invoke("pattern", "--seed", "7", "--out", f"{folder}/")
    assert result.exit_code == 0, result.output
    (pdf,) = folder.glob("*.pdf")
    return pdf.read_bytes()


@pytest.mark.parametrize("value", ["1700000000", "0", "abc"])
def test_source_date_epoch_does_not_change_a_reportlab_pdf(invoke, tmp_path, monkeypatch, value):
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    plain = _pattern_pdf(invoke, tmp_path / "plain")
    monkeypatch.setenv("SOURCE_DATE_EPOCH", value)
    assert _pattern_pdf(invoke, tmp_path / "with") == plain
