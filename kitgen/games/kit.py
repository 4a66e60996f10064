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
from kitgen.io.pdf import Paper


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
    """``module:function`` returning the components' PDF bytes: ``f(paper, seed, players) -> bytes``
    (imported only when a kit is built, so the renderers load lazily)."""
    card_stock: tuple[str, ...] = field(default_factory=tuple)

    @property
    def rules_template(self) -> str:
        """The game's rules, ``templates/rules/<key>.html`` (the same page the game's docs point to)."""
        return f"rules/{self.key}.html"

    def components_function(self) -> Callable[..., bytes]:
        module_name, _, func = self.components.partition(":")
        return getattr(importlib.import_module(module_name), func)


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
        components="kitgen.games.crossword.render:kit_components",
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
        components="kitgen.games.wordsearch.render:kit_components",
    ),
    "game-of-words": GameKit(
        key="game-of-words",
        title="The Game of Words",
        tagline="The new crossword cards (Whitman No. 3924, 1938): one deck, eight games.",
        players="1 to 7 players",
        seed_file="game-of-words-1938.txt",
        contents=("Rules booklet: eight games", "The letter-card deck: 52 letters and 2 Sub Cards, faces and backs",
                  "A seeded Word Solitaire deal sheet"),
        print_notes=("Card pages come in pairs, a page of faces then its page of backs: print them double-sided, "
                     "flipping on the LONG edge, so each back lands behind its face.",
                     "Cut on the crop marks, which sit outside the cards.",
                     "The Word Solitaire deal sheet (last page) shows how to stack the printed deck into the "
                     "kit's deal."),
        card_stock=("the card face and card back pages",),
        components="kitgen.games.game_of_words.render.kit:kit_components",
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
        components="kitgen.games.xword3d.render:kit_components",
    ),
}


@dataclass(frozen=True)
class KitJob:
    """What a kit is built from: the game, the paper, the seed and the players."""

    game: str
    paper: Paper
    seed: int
    players: int = 2

    @property
    def kit(self) -> GameKit:
        return GAMES[self.game]


def kit_documents(job: KitJob) -> tuple[bytes, list[int]]:
    """The kit's documents (cover and how-to-print, then the rules) typeset in one PDF, and their page counts."""
    from kitgen.io.documents import render_documents

    kit = job.kit
    front = ("kit/front.html", dict(kit=kit, game=job.game, players=job.players, contents=list(kit.contents),
                                    paper_name="A4" if job.paper is Paper.a4 else "US Letter"))
    return render_documents([front, (kit.rules_template, {})], job.paper, kit.title, job.seed)


def kit_component_pages(job: KitJob) -> bytes:
    """The kit's components (patterns, sheets, deck, nets, score pads) from the game's renderer."""
    return job.kit.components_function()(job.paper, job.seed, job.players)


def assemble_kit(job: KitJob, documents: tuple[bytes, list[int]], components: bytes) -> bytes:
    """Join the documents and the components (pypdf), add bookmarks and the kit's metadata."""
    from pypdf import PdfReader, PdfWriter

    kit = job.kit
    front_pdf, counts = documents
    writer = PdfWriter()
    for data in (front_pdf, components):
        writer.append(PdfReader(io.BytesIO(data)), import_outline=False)
    # Bookmarks, so a reader (and a printer's page-range box) finds each part.
    for name, page in (("Cover", 0), ("How to print", 1), ("Rules", counts[0]), ("Components", sum(counts))):
        writer.add_outline_item(title=f"{name} (page {page + 1})", page_number=page)
    writer.page_mode = "/UseOutlines"
    writer.add_metadata({
        "/Title": f"{kit.title}: a kitgen kit",
        "/Subject": kit.tagline,
        "/Author": "kitgen",
        "/Creator": f"kitgen {__version__}, seed {job.seed}, {job.paper.value}, {job.players} players",
        "/Producer": f"kitgen {__version__} (reportlab, weasyprint, pypdf)",
        "/Keywords": f"kitgen {__version__}, {job.game}, seed {job.seed}",
    })
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def build_kit(game: str, paper: Paper, seed: int, players: int = 2) -> bytes:
    """The PDF bytes of one game's kit: cover and how-to-print, rules, components."""
    job = KitJob(game, paper, seed, players)
    return assemble_kit(job, kit_documents(job), kit_component_pages(job))


DOCUMENT_COST = {"game-of-words": 9, "crossword": 4, "wordsearch": 3, "3dxword": 3}
"""Rough relative cost of each kit's documents: the costliest are handed out first."""


def _build_part(part: Callable[[KitJob], object], job: KitJob) -> object:
    """Worker: one part of one kit, or the error that stopped it (as a plain, picklable KitgenError)."""
    from kitgen.core.errors import KitgenError

    try:
        return part(job)
    except KitgenError as exc:
        return KitgenError(str(exc))


def preload(paper: Paper) -> None:
    """Import weasyprint, lay out a scrap of text and register the fonts once, before the document
    workers fork: fontconfig, Pango and the hyphenation dictionary are then loaded in every worker
    already, instead of once a worker."""
    from kitgen.io.documents import _layout

    _layout('<html lang="en"><head><link rel="stylesheet" href="kitgen.css"></head>'
            "<body><h1>Kit</h1><p>Warming up <b>hyphenation</b> and <i>fonts</i>.</p></body></html>", paper)


def build_kits(games: list[str], paper: Paper, seed: int, players: int = 2,
               jobs: int | None = None) -> Iterator[tuple[str, bytes]]:
    """Yield ``(game, pdf bytes)`` for each game in the order given.

    Each kit is two independent parts: its documents (weasyprint) and its
    components (reportlab). With more than one job, one worker forked at once
    draws every kit's components while the parent loads weasyprint
    (``preload``); then ``jobs`` workers typeset the documents, the costliest
    first, and the parent joins each kit as its parts arrive. The bytes are
    the same whichever process made them.
    """
    import os

    from kitgen.core.errors import KitgenError

    kit_jobs = {g: KitJob(g, paper, seed, players) for g in games}
    jobs = min(len(games), jobs or os.cpu_count() or 1)
    if jobs <= 1:
        for game in games:
            yield game, build_kit(game, paper, seed, players)
        return
    import multiprocessing

    context = multiprocessing.get_context("fork")
    with context.Pool(1) as drawing:
        components = {g: drawing.apply_async(_build_part, (kit_component_pages, kit_jobs[g])) for g in games}
        preload(paper)
        with context.Pool(jobs) as typesetting:
            documents = {g: typesetting.apply_async(_build_part, (kit_documents, kit_jobs[g]))
                         for g in sorted(games, key=lambda g: -DOCUMENT_COST.get(g, 5))}
            for game in games:
                parts = documents[game].get(), components[game].get()
                for result in parts:
                    if isinstance(result, KitgenError):
                        raise result
                yield game, assemble_kit(kit_jobs[game], *parts)  # type: ignore[arg-type]


def write_previews(pdf: Path, folder: Path, scale: float = 1.0) -> list[Path]:
    """PNG previews of every page of ``pdf`` (pypdfium2), named ``<stem>-NN.png``; returns the paths."""
    import pypdfium2

    from kitgen.io.files import atomic_path

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
