"""Counting the times weasyprint really typesets (the document cache's and the shipped store's tests)."""

from __future__ import annotations

import pytest


def count_typesetting(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Patch ``kitgen.io.documents.typeset`` to record each call's number of documents; the list it fills."""
    from kitgen.io import documents

    calls: list[int] = []
    real = documents.typeset

    def counting(htmls: list[str], *args: object, **kwargs: object) -> tuple[bytes, list[int]]:
        calls.append(len(htmls))
        return real(htmls, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(documents, "typeset", counting)
    return calls
