"""Whole print-ready kits (issue 7): cover, how to print, rules, components, in one PDF per game.

Documents (cover, how-to-print page, rules) are typeset from ``templates/``
with jinja2 + weasyprint; bulk components (grids, sheets, cards, nets) come
from each game's reportlab renderer through its ``kit_components`` function.
The parts are joined with pypdf, which writes no dates or random IDs, so a
kit is byte-identical for the same game, seed, players and paper.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from kitgen import __version__
from kitgen.games import registry
from kitgen.games.base import Game
from kitgen.io.pdf import Paper


@dataclass(frozen=True)
class KitPage:
    """What the kit's cover and how-to-print page say about a game (the templates' ``kit``)."""

    key: str
    title: str
    tagline: str
    players: str
    seed_file: str
    contents: tuple[str, ...]
    print_notes: tuple[str, ...]
    card_stock: tuple[str, ...]

    @classmethod
    def of(cls, game: Game) -> KitPage:
        spec = game.kit
        return cls(game.name, game.title, spec.tagline, spec.players, game.seed_document, spec.contents,
                   spec.print_notes, spec.card_stock)


@dataclass(frozen=True)
class KitJob:
    """What a kit is built from: the game, the paper, the seed and the players."""

    game: str
    paper: Paper
    seed: int
    players: int = 2
    lang: str = "en"
    """The language of the kit's words (docs/languages.md): only components with words change."""

    @property
    def declared(self) -> Game:
        return registry.get(self.game)

    @property
    def kit(self) -> KitPage:
        return KitPage.of(self.declared)


def _document_templates(job: KitJob) -> list[tuple[str, dict[str, object]]]:
    """The kit's documents as (template, context): the cover and how-to-print pages, then the rules."""
    kit = job.kit
    front = ("kit/front.html", dict(kit=kit, game=job.game, players=job.players, contents=list(kit.contents),
                                    paper_name="A4" if job.paper is Paper.a4 else "US Letter"))
    return [front, (job.declared.rules_template, {})]


def documents_cached(job: KitJob) -> bool:
    """Whether the kit's documents are all in the document cache (no weasyprint needed)."""
    from kitgen.io.documents import documents_cached as cached

    return cached(_document_templates(job), job.paper, job.kit.title, job.seed)


def kit_documents(job: KitJob) -> list[bytes]:
    """The kit's documents: the cover and how-to-print pages, then the rules, each its own PDF.

    Each is typeset alone and kept in the document cache (``kitgen.io.cache``): the rules do not depend
    on the seed, so they are typeset once per game, paper and kitgen version, and a kit made again
    (or previewed) skips weasyprint altogether.
    """
    from kitgen.io.documents import render_documents

    return render_documents(_document_templates(job), job.paper, job.kit.title, job.seed)


def kit_component_pages(job: KitJob) -> bytes:
    """The kit's components (patterns, sheets, deck, nets, score pads) from the game's renderer."""
    spec = job.declared.kit
    if job.lang != "en" and spec.components_in is not None:
        from kitgen.core.language import language

        return spec.components_in(job.paper, job.seed, job.players, language(job.lang))
    return spec.components(job.paper, job.seed, job.players)


def assemble_kit(job: KitJob, documents: list[bytes], components: bytes) -> bytes:
    """Join the documents and the components (pypdf), add bookmarks and the kit's metadata."""
    from pypdf import PdfReader, PdfWriter

    kit = job.kit
    writer = PdfWriter()
    counts = []
    for data in (*documents, components):
        reader = PdfReader(io.BytesIO(data))
        counts.append(len(reader.pages))
        writer.append(reader, import_outline=False)
    # Bookmarks, so a reader (and a printer's page-range box) finds each part.
    for name, page in (("Cover", 0), ("How to print", 1), ("Rules", counts[0]), ("Components", sum(counts[:-1]))):
        writer.add_outline_item(title=f"{name} (page {page + 1})", page_number=page)
    writer.page_mode = "/UseOutlines"
    writer.add_metadata({
        "/Title": f"{kit.title}: a kitgen kit",
        "/Subject": kit.tagline,
        "/Author": "kitgen",
        "/Creator": f"kitgen {__version__}, seed {job.seed}, {job.paper.value}, {job.players} players"
                    + ("" if job.lang == "en" else f", language {job.lang}"),
        "/Producer": f"kitgen {__version__} (reportlab, weasyprint, pypdf)",
        "/Keywords": f"kitgen {__version__}, {job.game}, seed {job.seed}",
    })
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def build_kit(game: str, paper: Paper, seed: int, players: int = 2, lang: str = "en") -> bytes:
    """The PDF bytes of one game's kit: cover and how-to-print, rules, components (their words in ``lang``)."""
    job = KitJob(game, paper, seed, players, lang)
    return assemble_kit(job, kit_documents(job), kit_component_pages(job))



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
               jobs: int | None = None, lang: str = "en") -> Iterator[tuple[str, bytes]]:
    """Yield ``(game, pdf bytes)`` for each game in the order given.

    Each kit is two independent parts: its documents (weasyprint) and its
    components (reportlab). With more than one job, one worker forked at once
    draws every kit's components while the parent loads weasyprint
    (``preload``); then ``jobs`` workers typeset the documents, the costliest
    first, and the parent joins each kit as its parts arrive. When every
    document is in the document cache already (a kit made before), nothing
    is typeset and no worker is started. The bytes are the same whichever
    process made them, cached or not. The workers ignore Ctrl-C (the
    parent stops them) and every temporary folder they or weasyprint make is
    removed at the end, however the run ends (``kitgen.io.processes``).
    """
    import os

    from kitgen.io.processes import scratch_space, workers_allowed

    kit_jobs = {g: KitJob(g, paper, seed, players, lang) for g in games}
    jobs = min(len(games), jobs or os.cpu_count() or 1) if workers_allowed() else 1
    with scratch_space():
        if jobs <= 1 or all(documents_cached(job) for job in kit_jobs.values()):  # nothing to typeset: no workers
            for game in games:
                yield game, build_kit(game, paper, seed, players, lang)
            return
        yield from _in_workers(kit_jobs, jobs)


def _in_workers(kit_jobs: dict[str, KitJob], jobs: int) -> Iterator[tuple[str, bytes]]:
    """The kits of ``kit_jobs`` built by forked workers: one drawing the components, ``jobs`` typesetting."""
    from kitgen.io.processes import worker_pool

    games = list(kit_jobs)
    with worker_pool(1) as drawing:
        components = {g: drawing.apply_async(_build_part, (kit_component_pages, kit_jobs[g])) for g in games}
        preload(kit_jobs[games[0]].paper)
        with worker_pool(jobs) as typesetting:
            documents = {g: typesetting.apply_async(_build_part, (kit_documents, kit_jobs[g]))
                         for g in sorted(games, key=lambda g: -registry.get(g).kit.document_cost)}
            for game in games:
                yield game, _joined(kit_jobs[game], documents[game].get(), components[game].get())


def _joined(job: KitJob, documents: object, components: object) -> bytes:
    """The kit from its parts as the workers returned them (a part may be the error that stopped it)."""
    from kitgen.core.errors import KitgenError

    for part in (documents, components):
        if isinstance(part, KitgenError):
            raise part
    assert isinstance(documents, list) and isinstance(components, bytes)
    return assemble_kit(job, documents, components)
