"""Whole print-ready kits (issue 7): cover, how to print, rules, components, in one PDF per game.

Documents (cover, how-to-print page, rules) are typeset from ``templates/``
with jinja2 + weasyprint; bulk components (grids, sheets, cards, nets) come
from each game's reportlab renderer through its ``kit_components`` function.
The parts are joined with pypdf, which writes no dates or random IDs, so a
kit is byte-identical for the same game, seed, players and paper.
"""

from __future__ import annotations

import importlib
import io
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator

from kitgen import __version__
from kitgen.render.pdf import Paper
from kitgen.resources import resource_dir


@dataclass(frozen=True)
class GameKit:
    """What goes into one game's kit, and how to print it."""

    key: str
    title: str
    tagline: str
    players: str
    seed_file: str
    contents: tuple[str, ...]
    """What is inside: the rules first, then the components."""
    print_notes: tuple[str, ...]
    components: str
    """``module:function`` returning the components' PDF bytes: ``f(paper, seed, players) -> bytes``."""
    rules: str = ""
    card_stock: tuple[str, ...] = field(default_factory=tuple)

    @property
    def rules_template(self) -> str:
        return self.rules or f"rules/{self.key}.html"

    def components_function(self) -> Callable[..., bytes] | None:
        module_name, _, func = self.components.partition(":")
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name == module_name:
                return None
            raise
        return getattr(module, func, None)

    def has_rules(self) -> bool:
        return (resource_dir("templates") / self.rules_template).is_file()


GAMES: dict[str, GameKit] = {
    "crossword": GameKit(
        key="crossword",
        title="Crossword",
        tagline="Fill a blank newspaper pattern in turn: length times links.",
        players="2 players (more may play in turn)",
        seed_file="crossword-game.txt",
        contents=("Rules", "Blank numbered crossword patterns, each with a two-player score table"),
        print_notes=("Print the pattern pages on plain paper, one game a pattern.",
                     "Write in pencil, or play in ink with the ink rule (a mistake stands and costs 10)."),
        components="kitgen.render.crossword:kit_components",
    ),
    "wordsearch": GameKit(
        key="wordsearch",
        title="Make a Wordsearch",
        tagline="Crissing-and-a-crossing: 25 words, 25 boxes. By Behrooz 'Bez' Shahriari.",
        players="1 or more players",
        seed_file="make-a-wordsearch.txt",
        contents=("Rules", "5x5 score sheets, with this kit's seeded 25 words printed in the turn log"),
        print_notes=("Print as many sheet pages as there are players: everyone plays the same 25 words.",
                     "Score with `kitgen verify wordsearch` if you type a finished sheet back in."),
        components="kitgen.render.wordsearch:kit_components",
    ),
    "game-of-words": GameKit(
        key="game-of-words",
        title="The Game of Words",
        tagline="The new crossword cards (Whitman No. 3924, 1938): one deck, eight games.",
        players="1 to 7 players",
        seed_file="game-of-words-1938.txt",
        contents=("Rules booklet: eight games", "The letter-card deck: 52 letters and 2 Sub Cards, faces and backs",
                  "A seeded Word Solitaire deal sheet"),
        print_notes=("Card pages: print double-sided, flip on the LONG edge, so each back lands behind its face.",
                     "Cut on the crop marks, which sit outside the cards."),
        card_stock=("the card face and card back pages",),
        components="kitgen.render.game_of_words:kit_components",
    ),
    "3dxword": GameKit(
        key="3dxword",
        title="3DXWORD",
        tagline="A crossword you build in three dimensions, from letter bricks.",
        players="2 or more players",
        seed_file="3dxword.txt",
        contents=("Rules: table and 3-D versions", "Brick nets to cut, fold and glue; red and blue Joiners; X pieces",
                  "A score pad"),
        print_notes=("Cut on the solid lines, fold on the dashed lines, glue the shaded tabs inside.",
                     "Print the score pad on plain paper."),
        card_stock=("the brick net pages (160-220 gsm folds cleanly)",),
        components="kitgen.render.bricks:kit_components",
    ),
}


def build_kit(game: str, paper: Paper, seed: int, players: int = 2,
              progress: Callable[[str], None] | None = None) -> bytes:
    """The PDF bytes of one game's kit: cover and how-to-print, rules, components."""
    from pypdf import PdfReader, PdfWriter

    from kitgen.render.documents import render_documents

    kit = GAMES[game]
    step = progress or (lambda _msg: None)
    components = kit.components_function()
    has_rules = kit.has_rules()
    inside = ([kit.contents[0]] if has_rules else []) + (list(kit.contents[1:]) if components else [])
    step(f"{kit.title}: cover and rules")
    front = ("kit/front.html", dict(kit=kit, game=game, players=players, contents=inside,
                                    has_components=components is not None, has_rules=has_rules,
                                    paper_name="A4" if paper is Paper.a4 else "US Letter"))
    documents = [front] + ([(kit.rules_template, {})] if has_rules else [])
    front_pdf, counts = render_documents(documents, paper, kit.title, seed)
    parts = [front_pdf]
    if components is not None:
        step(f"{kit.title}: components")
        parts.append(components(paper, seed, players))
    writer = PdfWriter()
    for data in parts:
        writer.append(PdfReader(io.BytesIO(data)), import_outline=False)
    # Bookmarks, so a reader (and a printer's page-range box) finds each part.
    marks = [("Cover", 0), ("How to print", 1)]
    if has_rules:
        marks.append(("Rules", counts[0]))
    if components is not None:
        marks.append(("Components", sum(counts)))
    for name, page in marks:
        writer.add_outline_item(title=f"{name} (page {page + 1})", page_number=page)
    writer.page_mode = "/UseOutlines"
    writer.add_metadata({
        "/Title": f"{kit.title}: a kitgen kit",
        "/Subject": kit.tagline,
        "/Author": "kitgen",
        "/Creator": f"kitgen {__version__}, seed {seed}, {paper.value}, {players} players",
        "/Producer": f"kitgen {__version__} (reportlab, weasyprint, pypdf)",
        "/Keywords": f"kitgen {__version__}, {game}, seed {seed}",
    })
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


COST_ORDER = ("game-of-words", "crossword", "wordsearch", "3dxword")
"""Games from the slowest kit to the quickest, so two workers finish together."""


def _build_one(args: tuple[str, Paper, int, int]) -> bytes | str:
    """Worker: one kit's bytes, or the one-line message of the error that stopped it."""
    from kitgen.errors import KitgenError

    try:
        return build_kit(*args)
    except KitgenError as exc:
        return str(exc)


def warm_up(paper: Paper) -> None:
    """Lay out a scrap of text once, so fontconfig, Pango and the hyphenation dictionary are loaded
    before the workers fork (each would otherwise load them again)."""
    from kitgen.render.documents import _layout

    _layout('<html lang="en"><head><link rel="stylesheet" href="kitgen.css"></head>'
            "<body><h1>Kit</h1><p>Warming up <b>hyphenation</b> and <i>fonts</i>.</p></body></html>", paper)


def build_kits(games: list[str], paper: Paper, seed: int, players: int = 2,
               jobs: int | None = None) -> Iterator[tuple[str, bytes]]:
    """Yield ``(game, pdf bytes)`` for each game in the order given, building up to ``jobs`` at once.

    The kits are independent, so on a machine with several cores they are
    built in forked worker processes (the parent imports weasyprint,
    reportlab and pypdf first, so workers start warm). The bytes are the
    same whichever process made them.
    """
    import os

    from kitgen.errors import KitgenError

    jobs = min(len(games), jobs or os.cpu_count() or 1)
    if jobs <= 1:
        for game in games:
            yield game, build_kit(game, paper, seed, players)
        return
    import multiprocessing

    import pypdf  # noqa: F401  (imported before forking, so workers inherit them)
    import reportlab.pdfgen.canvas  # noqa: F401
    import weasyprint  # noqa: F401

    from kitgen.render.fonts import register_fonts

    register_fonts()  # parsed once here, not once a worker
    warm_up(paper)

    order = sorted(games, key=lambda g: COST_ORDER.index(g) if g in COST_ORDER else len(COST_ORDER))
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        pending = {g: pool.apply_async(_build_one, ((g, paper, seed, players),)) for g in order}
        for game in games:
            result = pending[game].get()
            if isinstance(result, str):
                raise KitgenError(result)
            yield game, result


def write_previews(pdf: Path, folder: Path, scale: float = 1.0) -> list[Path]:
    """PNG previews of every page of ``pdf`` (pypdfium2), named ``<stem>-NN.png``; returns the paths."""
    import pypdfium2

    from kitgen.outfiles import atomic_path

    folder.mkdir(parents=True, exist_ok=True)
    written = []
    doc = pypdfium2.PdfDocument(str(pdf))
    try:
        for i in range(len(doc)):
            image = doc[i].render(scale=scale).to_pil()
            target = folder / f"{pdf.stem}-{i + 1:02d}.png"
            with atomic_path(target, force=True) as tmp:
                image.save(tmp, format="PNG", optimize=False)
            written.append(target)
    finally:
        doc.close()
    return written
