"""What Make a Wordsearch's deals and verdicts print: typed results and their JSON and text forms.

The JSON documents are the contracts of docs/wordsearch.md, "JSON contract":
``kitgen deal wordsearch --json`` (``WordsearchDeal.to_json``) and
``kitgen verify wordsearch --json`` (``SheetResult.to_json``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kitgen.core.i18n import _, decimal, whole
from kitgen.core.language import ENGLISH, Language
from kitgen.games.wordsearch.formats.report import check_line, deal_lines, score_lines, turn_log_lines
from kitgen.games.wordsearch.formats.sheet import Sheet
from kitgen.games.wordsearch.rules.bound import Bound
from kitgen.games.wordsearch.rules.check import SheetCheck
from kitgen.games.wordsearch.rules.game import Turn
from kitgen.games.wordsearch.rules.lines import target_line
from kitgen.games.wordsearch.rules.par import ParResult, ParSource
from kitgen.games.wordsearch.rules.scoring import Score


@dataclass(frozen=True)
class Dealt:
    """The 25 turn words of a game and where they came from: deal ``seed`` or a book file."""

    words: tuple[str, ...]
    seed: int | None = None
    book: Path | None = None
    lang: Language = ENGLISH
    """The language played: its book, how its words fold into letters (docs/languages.md)."""

    @property
    def name(self) -> str:
        """``deal 42`` or ``book poem.txt`` (a book wins over a seed); ``deal 42 (French)`` in another language."""
        name = _("book {name}").format(name=self.book.name) if self.book is not None else \
            _("deal {seed}").format(seed=self.seed)
        return name if self.lang is ENGLISH else _("{name} ({language})").format(name=name, language=_(self.lang.name))


def turn_json(turn: Turn, lower: bool = False) -> dict[str, Any]:
    return {"turn": turn.number, "word": turn.word.lower() if lower else turn.word, "letter": turn.letter,
            "row": turn.row, "col": turn.col}


def effort_json(found: ParResult, bound: Bound, source: ParSource = ParSource.SEARCH, nodes: int = 0
                ) -> dict[str, Any]:
    """What a par rests on: ``"par"``, ``"bound"``, ``"proven"`` (par == bound), the ``"budget"`` asked for,
    the ``"steps"`` run (fewer only if ``"capped"`` by ``--seconds``), the time and sheets scored, the exact
    search's ``"nodes"`` and the ``"source"`` (``"search"``, or ``"table"``: kitgen's table of pars)."""
    return {"par": found.score, "bound": bound.score, "proven": found.score >= bound.score, "budget": found.budget,
            "steps": found.steps, "capped": found.capped, "seconds": round(found.seconds, 3),
            "evaluations": found.evaluations, "nodes": nodes, "source": source.value}


def par_line(found: ParResult, bound: Bound, source: ParSource = ParSource.SEARCH, nodes: int = 0,
             exact: float = 0.0) -> str:
    """``par 57 of at most 61 (budget 200,000 steps, 3.1 s)``, ``par 61, proven best (...)``; from the table of
    pars, ``par 61, proven best (kitgen's table of proven pars)``; ``exact``: the deterministic seconds the exact
    model ran (``--exact``), named after the rest."""
    said = _("par {score}, proven best").format(score=found.score) if found.score >= bound.score \
        else _("par {score} of at most {bound}").format(score=found.score, bound=bound.score)
    model = _(", then up to {seconds} s of the exact model").format(seconds=decimal(exact)) if exact else ""
    if source is ParSource.TABLE and not found.steps:
        table = _("kitgen's table of proven pars") if found.score >= bound.score else _("kitgen's table of pars")
        return f"{said} ({table}{model})"
    searched = _(" and {nodes} nodes of the exact search").format(nodes=whole(nodes)) if nodes else ""
    cap = _("; stopped by --seconds after {steps} steps, so it depends on this machine").format(
        steps=whole(found.steps)) if found.capped else ""
    return _("{said} (budget {budget} steps{exact}, {seconds} s{cap})").format(
        said=said, budget=whole(found.budget), exact=searched + model, seconds=decimal(found.seconds), cap=cap)


@dataclass(frozen=True)
class ParSheet:
    """The best sheet a par search found for a deal, scored in full, with the proven bound beside it."""

    found: ParResult
    score: Score
    bound: Bound
    source: ParSource = ParSource.SEARCH
    nodes: int = 0
    exact: float = 0.0
    """Deterministic seconds of the exact model (``--exact``), 0 when it did not run."""

    def to_json(self) -> dict[str, Any]:
        """The ``par`` of ``kitgen deal wordsearch --par --json``."""
        found, score = self.found, self.score
        return {"score": score.total, **effort_json(found, self.bound, self.source, self.nodes),
                "exact_seconds": self.exact,
                "boxes": score.boxes, "bonus": score.bonus,
                "grid": found.rows, "log": [turn_json(t, lower=True) for t in found.turns],
                "words": [{"word": f.word, "cells": [list(c) for c in f.cells]} for f in score.words]}

    def lines(self) -> list[str]:
        found = self.found
        said = par_line(found, self.bound, self.source, self.nodes, self.exact)
        return ["", _("Par sheet: {par}").format(par=said), *score_lines(self.score, found.rows),
                _("Turn log of the par sheet:"), *turn_log_lines(found.turns)]


@dataclass(frozen=True)
class WordsearchDeal:
    """A deal of Make a Wordsearch: the 25 turn words (and, with ``--par``, the best sheet found)."""

    dealt: Dealt
    par: ParSheet | None = None

    def to_json(self) -> dict[str, Any]:
        dealt = self.dealt
        out: dict[str, Any] = {
            "game": "wordsearch", "seed": dealt.seed if dealt.book is None else None,
            "book": str(dealt.book) if dealt.book is not None else None,
            "words": [w.lower() if dealt.lang is ENGLISH else w for w in dealt.words],
            "lines": [target_line(len(dealt.lang.normalize(w))) for w in dealt.words]}
        if dealt.lang is not ENGLISH:
            out["lang"] = dealt.lang.code
        if self.par is not None:
            out["par"] = self.par.to_json()
        return out

    def to_text(self) -> str:
        lines = deal_lines(self.dealt.words, self.dealt.name, self.dealt.lang)
        if self.par is not None:
            lines += self.par.lines()
        return "\n".join(lines)


@dataclass(frozen=True)
class SheetResult:
    """A verified sheet: its score, what checking it established, and the deal's par when asked for."""

    sheet: Sheet
    score: Score
    check: SheetCheck
    dealt: Dealt | None = None
    par: ParResult | None = None
    bound: Bound | None = None
    source: ParSource = ParSource.SEARCH

    def to_json(self) -> dict[str, Any]:
        score, tutorial = self.score, self.score.tutorial
        out: dict[str, Any] = {
            "score": score.total, "boxes": score.boxes, "bonus": 0 if tutorial else score.bonus,
            "tutorial": tutorial, "min_length": score.shortest, "super_great": score.super_great,
            "words": [{"word": f.word, "cells": [list(c) for c in f.cells], "also": f.also,
                       "bonus": 0 if tutorial else f.bonus} for f in score.words],
            "grid": self.sheet.rows, "legal": self.check.legal,
            "log": [turn_json(t) for t in self.check.log]}
        if self.par is not None and self.bound is not None:
            out["par"] = {"score": self.par.score, **effort_json(self.par, self.bound, self.source),
                          "grid": self.par.rows}
        return out

    def to_text(self) -> str:
        name = self.dealt.name if self.dealt is not None else None
        lines = score_lines(self.score, self.sheet.rows)
        checked = check_line(self.check, len(self.sheet.turns), name)
        if checked is not None:
            lines.append(checked)
        if self.par is not None and self.bound is not None:
            lines.append(_("{deal}: {par}; this sheet: {score}").format(
                deal=name, par=par_line(self.par, self.bound, self.source), score=self.score.total))
        return "\n".join(lines)
