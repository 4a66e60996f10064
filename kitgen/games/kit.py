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
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kitgen import __version__
from kitgen.core.i18n import _, speaking, text_language_for
from kitgen.games import registry
from kitgen.games.base import ComponentParts, Game, KitSettings
from kitgen.io.calibration import PagePart, blank_page, print_check_page
from kitgen.io.pdf import MM, Duplex, Paper

if TYPE_CHECKING:
    from pypdf import PageObject, PdfReader, PdfWriter
    from reportlab.pdfgen.canvas import Canvas


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
    card_weight: tuple[int, int]

    @classmethod
    def of(cls, game: Game) -> KitPage:
        """The game's kit page in the current text language (``kitgen.core.i18n``)."""
        spec = game.kit
        return cls(game.name, _(game.title), _(spec.tagline), _(spec.players), game.seed_document,
                   tuple(_(c) for c in spec.contents), tuple(_(n) for n in spec.print_notes),
                   tuple(_(c) for c in spec.card_stock), spec.card_weight)


@dataclass(frozen=True)
class KitJob:
    """What a kit is built from: the game (its declaration, looked up once by name), the paper, the seed and the
    players."""

    game: Game
    paper: Paper
    seed: int
    players: int = 2
    lang: str = "en"
    """The language of the kit's words (docs/languages.md): only components with words change."""
    text_lang: str = "en"
    """The language of the kit's text: labels, cover, how to print, rules (``kitgen.core.i18n``)."""

    @classmethod
    def of(cls, name: str, paper: Paper, seed: int, players: int = 2, lang: str = "en",
           text_lang: str = "en") -> KitJob:
        """The job for the game called ``name`` (an ``InputError`` listing the games if there is none)."""
        return cls(registry.get(name), paper, seed, players, lang, text_lang)

    def __reduce__(self) -> tuple[Callable[..., KitJob], tuple[str, Paper, int, int, str, str]]:
        """A job crosses to a worker process by its game's name (a declaration holds closures, which do not pickle);
        the worker, forked from this process, has the same registry."""
        return KitJob.of, (self.game.name, self.paper, self.seed, self.players, self.lang, self.text_lang)

    @property
    def kit(self) -> KitPage:
        return KitPage.of(self.game)

    @property
    def settings(self) -> KitSettings:
        """What the game's component pages are drawn for."""
        from kitgen.core.language import language

        return KitSettings(self.paper, self.seed, self.players, language(self.lang))


def flip_edge(job: KitJob) -> Duplex | None:
    """The edge the kit's double-sided pages (card faces and backs) turn on, on the job's paper; None when the
    kit has none."""
    double_sided = job.game.kit.double_sided
    return double_sided(job.paper) if double_sided is not None else None


FRONT_PAGES = 2
"""The cover and the how-to-print page, a page each on every paper (tests/games/test_kit.py): the rules start on
page 3, and their footers number their pages from there, as "Which pages are which" does."""


def cover_scale(paper: Paper) -> float:
    """How much the cover's type and spacing shrink on a page shorter than A4's 297 mm (A5: 0.71), so it stays one
    page; 1 on A4 and taller paper."""
    return round(min(1.0, paper.size[1] / (297 * MM)), 3)


def _document_templates(job: KitJob) -> list[tuple[str, dict[str, object]]]:
    """The kit's documents as (template, context): the cover and how-to-print pages, then the rules."""
    kit = job.kit
    flip = flip_edge(job)
    # Only what the template shows: the key a document is kept under holds the whole context (``template_key``), so a
    # value it does not show (the number of players) would typeset the same cover again.
    front = ("kit/front.html", dict(kit=kit, contents=list(kit.contents),
                                    paper_name=_(job.paper.label), metric=job.paper.metric,
                                    scale=cover_scale(job.paper),
                                    flip=flip.value if flip is not None else ""))
    return [front, (job.game.rules_template, {"first_page": FRONT_PAGES + 1})]


def documents_cached(job: KitJob) -> bool:
    """Whether the kit's documents are all in the document cache (no weasyprint needed)."""
    from kitgen.io.documents import documents_cached as cached

    with speaking(job.text_lang):
        return cached(_document_templates(job), job.paper, job.kit.title)


def kit_documents(job: KitJob) -> list[bytes]:
    """The kit's documents: the cover and how-to-print pages, then the rules, each its own PDF.

    Each is typeset alone and kept in the document cache (``kitgen.io.cache``): the rules do not depend
    on the seed, so they are typeset once per game, paper and kitgen version, and a kit made again
    (or previewed) skips weasyprint altogether.
    """
    from kitgen.io.documents import render_documents

    with speaking(job.text_lang):
        return render_documents(_document_templates(job), job.paper, job.kit.title)


SHIPPED_PAPERS = (Paper.a4, Paper.letter)
"""The papers whose default kits' documents are typeset when kitgen is installed (``prebuild_documents``)."""


def prebuild_documents(papers: tuple[Paper, ...] = SHIPPED_PAPERS) -> int:
    """Typeset the documents (cover and how-to-print, rules) of every game's default kit, in English, on each of
    ``papers``, into the document cache (``kitgen.io.cache``); the number of documents. ``make install`` runs it
    into the shipped store (scripts/prebuild_documents.py), so that a fresh install's first kit needs no
    weasyprint (issue 32)."""
    made = 0
    for game in registry.games():
        for paper in papers:
            made += len(kit_documents(KitJob(game, paper, 1)))
    return made


def kit_component_pages(job: KitJob, first_page: int | None = None) -> bytes | ComponentParts:
    """The kit's components (patterns, sheets, deck, nets, score pads) from the game's renderer, their labels in
    the kit's text language, their pages numbered as the kit numbers them from ``first_page`` (``components_start``;
    None: each part counts its own pages, as when printed alone)."""
    from contextlib import nullcontext

    from kitgen.io.pdf import kit_numbering

    with speaking(job.text_lang), (nullcontext() if first_page is None else kit_numbering(first_page)):
        return job.game.kit.components(job.settings)


def components_start(job: KitJob, counts: list[int]) -> tuple[int, bool]:
    """``(first page, blank)``: the kit's page number of its first component page after documents of ``counts``
    pages and the print-check page, and whether a page blank on purpose comes before it (so that card faces start
    on an odd page)."""
    check = sum(counts) + 1
    flip = flip_edge(job)
    blank = flip is not None and (check + 1) % 2 == 0
    return check + 1 + blank, blank


def kit_parts(job: KitJob) -> tuple[list[bytes], bytes | ComponentParts]:
    """The kit's documents, then its components numbered on from them (a part for ``assemble_kit``)."""
    documents = kit_documents(job)
    return documents, kit_component_pages(job, components_start(job, page_counts(documents))[0])


def page_counts(documents: list[bytes]) -> list[int]:
    """The page count of each PDF (read once: the reader is kept for ``assemble_kit``)."""
    from kitgen.io.cache import parsed_pdf

    return [len(parsed_pdf(data, take=False).pages) for data in documents]


def _component_readers(components: bytes | ComponentParts) -> tuple[list[PdfReader], list[tuple[str, int]]]:
    """The components' readers and each part's ``(bookmark, first page)``: from one PDF's bookmarks, or from a
    game's parts (``ComponentParts``), each parsed once (a kept reader where the game counted its pages, or where
    the cache checked a kept drawing: 3DXWORD's nets), so the kit joins them once."""
    from itertools import accumulate

    from kitgen.io.cache import parsed_pdf
    from kitgen.io.calibration import PART_MARK

    if isinstance(components, bytes):
        reader = parsed_pdf(components)
        return [reader], [(str(item.title), reader.get_destination_page_number(item) or 0) for item in reader.outline
                          if not isinstance(item, list) and PART_MARK in str(item.title)]
    readers = [parsed_pdf(data) for data, _title in components]
    starts = accumulate((len(reader.pages) for reader in readers), initial=0)
    return readers, [(title, start) for (_data, title), start in zip(components, starts, strict=False)]


def assemble_kit(job: KitJob, documents: list[bytes], components: bytes | ComponentParts) -> bytes:
    """Join the documents, the print-check page and the components (pypdf); add bookmarks, the kit's metadata
    and its viewer preferences (print at actual size; the flip edge of its double-sided pages; English).

    The print-check page (``kitgen.io.calibration``) is the first component page: rulers to check the printer
    prints at 100%, and "Which pages are which" with every part's page numbers. Where the kit has
    double-sided card pages, a page blank on purpose keeps the first card faces on an odd page.
    """
    from pypdf import PdfReader, PdfWriter

    from kitgen.io.cache import parsed_pdf
    from kitgen.io.pdf import kit_numbering
    from kitgen.io.subsets import unique_subset_tags

    readers = [parsed_pdf(data) for data in documents]  # each parsed once, when it was checked or counted
    parts, marks = _component_readers(components)
    counts = [len(r.pages) for r in readers]
    if counts[0] != FRONT_PAGES:  # the rules' footers were numbered from FRONT_PAGES + 1
        raise ValueError(f"the {job.game.name} kit's cover and how-to-print page took {counts[0]} pages on "
                         f"{job.paper.label}, not {FRONT_PAGES}")
    first, blank = components_start(job, counts)
    check = sum(counts) + 1
    flip = flip_edge(job)
    guide = _page_guide(job, counts, check, first, marks, sum(len(part.pages) for part in parts))
    inserted = [print_check_page(job.paper, job.kit.title, guide, check)]
    if blank:
        with kit_numbering(check + 1):
            inserted.append(blank_page(job.paper, _("The card faces start on the next, odd page, so that each back "
                                                    "prints behind its face.")))
    stamp = _seed_line(job, readers[0])
    writer = PdfWriter()
    for reader in (*readers, *(PdfReader(io.BytesIO(data)) for data in inserted), *parts):
        writer.append(reader, import_outline=False)
    if stamp is not None:
        writer.pages[stamp[0]].merge_page(stamp[1])
    unique_subset_tags(writer.pages)  # each part tagged its subsets as if it were alone
    # Bookmarks, so a reader (and a printer's page-range box) finds each part.
    for name, page in ((_("Cover"), 1), (_("How to print"), 2), (_("Rules"), counts[0] + 1),
                       (_("Print check"), check), (_("Components"), check + 1 + blank)):
        writer.add_outline_item(title=_("{name} (page {page})").format(name=name, page=page), page_number=page - 1)
    writer.page_mode = "/UseOutlines"
    _kit_catalog(writer, flip)
    writer.add_metadata(_kit_info(job))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


SEED_LINE = "kit-seed-line"
"""The cover's empty line (``templates/kit/front.html``) that the kit's seed line is drawn on."""


def seed_line_text(job: KitJob) -> str:
    """The cover's line naming what made the kit: ``Made by kitgen VERSION · seed N · PAPER``."""
    return _("Made by kitgen {version} \u00b7 seed {seed} \u00b7 {paper}").format(
        version=__version__, seed=job.seed, paper=_(job.paper.label))


def _seed_line(job: KitJob, cover: PdfReader) -> tuple[int, PageObject] | None:
    """``(page index, overlay)``: the seed line drawn (reportlab) where the cover keeps its empty line, found by
    its named destination. The cover itself is the same for every seed, so it is typeset once and cached
    (``kit_documents``); only this line changes with the seed. The destination is then dropped from the cover.
    None if the cover has no such line."""
    from pypdf import PdfReader

    from kitgen.io.fonts import SANS
    from kitgen.io.pdf import canvas_bytes

    target = _take_destination(cover, SEED_LINE)
    if target is None:
        return None
    page, top = target
    width = float(cover.pages[page].mediabox.width)

    def draw(c: Canvas) -> None:
        c.setFont(SANS, 9)
        c.setFillColorRGB(0x55 / 255, 0x55 / 255, 0x55 / 255)
        c.drawCentredString(width / 2, top - SEED_LINE_BASELINE, seed_line_text(job))
        c.showPage()

    return page, PdfReader(io.BytesIO(canvas_bytes(draw, job.paper))).pages[0]


def _take_destination(reader: PdfReader, name: str) -> tuple[int, float] | None:
    """``(page index, top)`` of the named destination ``name`` (``/XYZ``, as weasyprint writes one for an
    element's id in the catalog's flat ``/Names /Dests`` array), removing the catalog's names so that they are
    not carried into the kit. None if there is no such destination."""
    from pypdf.generic import ArrayObject, DictionaryObject, NameObject

    names = reader.root_object.get("/Names")
    names = names.get_object() if names is not None else None
    dests = names.get("/Dests") if isinstance(names, DictionaryObject) else None
    dests = dests.get_object() if dests is not None else None
    flat = dests.get("/Names") if isinstance(dests, DictionaryObject) else None
    found = None
    if isinstance(flat, ArrayObject):
        pairs = dict(zip(flat[::2], flat[1::2], strict=True))
        target = pairs.get(name)
        if target is not None and len(target.get_object()) >= 4:
            array = target.get_object()
            page = [p.indirect_reference for p in reader.pages].index(array[0])
            found = page, float(array[3])
    if names is not None:
        del reader.root_object[NameObject("/Names")]
    return found


SEED_LINE_BASELINE = 9.5
"""Points from the top of the cover's seed line (9 pt text, line height 1.4: 12.6 pt) to its baseline, as
weasyprint lays out a line of DejaVu Sans there: half the leading (1.1 pt) plus the ascent (8.35 pt)."""


def _page_guide(job: KitJob, counts: list[int], check: int, first: int, marks: list[tuple[str, int]],
                total: int) -> list[PagePart]:
    """The rows of "Which pages are which": the documents, the print-check page, then each component part
    (``marks``: its bookmark ``WHAT | PRINT ON`` and first page) to the next part's, the last to the components'
    ``total`` pages."""
    from kitgen.io.calibration import PART_MARK, PagePart

    rows = [PagePart(1, 2, _("Cover and how to print"), _("plain paper (optional)")),
            PagePart(counts[0] + 1, check - 1, _("Rules"), _("plain paper, double-sided if you like")),
            PagePart(check, check, _("Print check: rulers and this guide"), _("plain paper, first, at 100%"))]
    if not marks:
        marks = [(f"{_('Components')}{PART_MARK}{_stock(job)}", 0)]
    ends = [page for _, page in marks[1:]] + [total]
    for (title, page), end in zip(marks, ends, strict=True):
        what, on = title.split(PART_MARK, 1)
        rows.append(PagePart(first + page, first + end - 1, what, on))
    return rows


def _stock(job: KitJob) -> str:
    return _("card stock, as the how-to-print page says") if job.kit.card_stock else _("plain paper")


def _kit_catalog(writer: PdfWriter, flip: Duplex | None) -> None:
    """The kit's language and viewer preferences: print at actual size, and duplex on its flip edge."""
    from pypdf.generic import DictionaryObject, NameObject, TextStringObject

    from kitgen.core.i18n import text_language

    prefs = DictionaryObject({NameObject("/PrintScaling"): NameObject("/None")})
    if flip is not None:
        prefs[NameObject("/Duplex")] = NameObject(f"/{flip.pdf}")
    writer._root_object[NameObject("/ViewerPreferences")] = prefs
    writer._root_object[NameObject("/Lang")] = TextStringObject(text_language())


def _kit_info(job: KitJob) -> dict[str, str]:
    kit = job.kit
    return {
        "/Title": _("{title}: a kitgen kit").format(title=kit.title),
        "/Subject": kit.tagline,
        "/Author": "kitgen",
        "/Creator": f"kitgen {__version__}, seed {job.seed}, {job.paper.value}, {job.players} players"
                    + ("" if job.lang == "en" else f", language {job.lang}"),
        "/Producer": f"kitgen {__version__} (reportlab, weasyprint, pypdf)",
        "/Keywords": f"kitgen {__version__}, {job.game.name}, seed {job.seed}",
    }


def build_kit(game: Game, paper: Paper, seed: int, players: int = 2, lang: str = "en",
              text_lang: str | None = None) -> bytes:
    """The PDF bytes of one game's kit: cover and how-to-print, rules, components (their words in ``lang``, their
    text in ``text_lang``, by default the words' language where kitgen has a catalogue for it)."""
    return _built(KitJob(game, paper, seed, players, lang, text_language_for(text_lang, lang)))


def _built(job: KitJob) -> bytes:
    with collector_paused():
        documents, components = kit_parts(job)
        with speaking(job.text_lang):
            return assemble_kit(job, documents, components)


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector paused for the block, as a kit is built: pypdf and reportlab make some hundred
    thousand objects a kit, and the collector, run every 700 of them, went through them again and again (~7% of a
    warm kit's CPU; issue 32). What the block leaves in cycles is collected after it. Resumed only by whoever paused
    it: a block inside another, or beside one in another thread, leaves it to the first."""
    import gc

    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()



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


def build_kits(games: list[Game], paper: Paper, seed: int, players: int = 2,
               jobs: int | None = None, lang: str = "en", text_lang: str | None = None) -> Iterator[tuple[str, bytes]]:
    """Yield ``(game, pdf bytes)`` for each game in the order given.

    Each kit is two parts: its documents (weasyprint) and its components
    (reportlab). With more than one job, the parent loads weasyprint
    (``preload``) and then forks ``jobs`` workers (from its one thread:
    tests/games/test_kit_fork.py), each typesetting a kit's documents and
    drawing its components, the costliest kit first, and the parent joins
    each kit as its parts arrive. When every
    document is in the document cache already (a kit made before), nothing
    is typeset: with ``jobs`` given, this process and ``jobs - 1`` workers
    build whole kits; without (the default), this process builds them one
    after another and forks none (issue 32, warm kit CPU: a forked worker
    cost some 10% more CPU than the kits it built, for a kit that takes
    under a second anyway). The bytes are the same whichever
    process made them, cached or not. The workers ignore Ctrl-C (the
    parent stops them) and every temporary folder they or weasyprint make is
    removed at the end, however the run ends (``kitgen.io.processes``).
    """
    import os

    from kitgen.io.processes import scratch_space, workers_allowed

    kit_jobs = {g.name: KitJob(g, paper, seed, players, lang, text_language_for(text_lang, lang)) for g in games}
    asked = jobs
    jobs = min(len(games), jobs or os.cpu_count() or 1) if workers_allowed() else 1
    with scratch_space():
        warm = jobs > 1 and all(documents_cached(job) for job in kit_jobs.values())  # nothing to typeset
        if jobs <= 1 or (warm and asked is None):
            for name, job in kit_jobs.items():
                yield name, _built(job)
        elif warm:  # whole kits, shared with workers as asked
            yield from _whole_in_workers(kit_jobs, jobs)
        else:
            yield from _in_workers(kit_jobs, jobs)


SHARED_MODULES = ("pypdf", "pypdf.filters", "reportlab.pdfgen.canvas", "kitgen.io.subsets")
"""What every kit's worker imports (drawing and joining), imported by the parent before it forks them."""


def _whole_kit(job: KitJob) -> bytes:
    """Worker: one whole kit (its documents read from the document cache)."""
    return _built(job)


def _whole_in_workers(kit_jobs: dict[str, KitJob], jobs: int) -> Iterator[tuple[str, bytes]]:
    """The kits of ``kit_jobs``, their documents all in the cache, built whole by ``jobs`` processes: this one and
    ``jobs - 1`` forked workers (drawing the components and joining the parts is then all the work, shared between
    the cores). This process builds every ``jobs``-th kit, the costliest first, as its turn comes: a worker forked
    and kept in step costs CPU (~25 ms a warm kit of four) that the process waiting for it would not."""
    from kitgen.core.errors import KitgenError
    from kitgen.io.fonts import SANS, SANS_BOLD, SERIF, load_fonts
    from kitgen.io.pdf import code_digest
    from kitgen.io.processes import worker_pool

    for shared in SHARED_MODULES:  # loaded once, before the workers fork, not once a worker
        __import__(shared)
    load_fonts(SANS, SANS_BOLD, SERIF)  # the fonts every kit draws with; the others are read where used
    code_digest()  # the key of every kept drawing (``drawn_once``)
    costliest = sorted(kit_jobs, key=lambda g: -kit_jobs[g].game.kit.document_cost)
    here = set(costliest[jobs - 1::jobs])
    with worker_pool(jobs - 1) as pool:
        made = {g: pool.apply_async(_build_part, (_whole_kit, kit_jobs[g])) for g in costliest if g not in here}
        for game in kit_jobs:
            kit = _built(kit_jobs[game]) if game in here else made[game].get()
            if isinstance(kit, KitgenError):
                raise kit
            assert isinstance(kit, bytes)
            yield game, kit


def _in_workers(kit_jobs: dict[str, KitJob], jobs: int) -> Iterator[tuple[str, bytes]]:
    """The kits of ``kit_jobs`` built by ``jobs`` forked workers, each typesetting a kit's documents and then
    drawing its components (numbered on from the documents' pages), the costliest kit first; the parent loads
    weasyprint before they fork and joins each kit as its parts arrive."""
    from kitgen.io.processes import worker_pool

    games = list(kit_jobs)
    preload(kit_jobs[games[0]].paper)
    with worker_pool(jobs) as pool:
        parts = {g: pool.apply_async(_build_part, (kit_parts, kit_jobs[g]))
                 for g in sorted(games, key=lambda g: -kit_jobs[g].game.kit.document_cost)}
        for game in games:
            yield game, _joined(kit_jobs[game], parts[game].get())


def _joined(job: KitJob, parts: object) -> bytes:
    """The kit from its parts as a worker returned them (or the error that stopped it)."""
    from kitgen.core.errors import KitgenError

    if isinstance(parts, KitgenError):
        raise parts
    assert isinstance(parts, tuple)
    documents, components = parts
    with speaking(job.text_lang):
        return assemble_kit(job, documents, components)
