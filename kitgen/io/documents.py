"""Documents (rules booklets, cover pages, how-to-print pages) from jinja2 templates via weasyprint.

Templates live in ``templates/`` and are rendered with autoescaping on.
WeasyPrint fetches nothing but files inside kitgen's ``templates/`` and
``fonts/`` folders: a template or user text pointing at ``http://...`` or
``file:///etc/...`` gets nothing. Metadata is fixed (no dates) so the same
input gives the same bytes.
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote, urlparse

from kitgen import __version__
from kitgen.core.resources import PACKAGE_DIR, resource_dir
from kitgen.io.pdf import Paper

if TYPE_CHECKING:
    import jinja2


FIXED_EPOCH = "946684800"
"""2000-01-01: the timestamp embedded fonts carry, so PDFs are byte-identical run to run."""


class FetchRefused(Exception):
    """WeasyPrint asked for a URL outside kitgen's own templates and fonts."""


def _allowed_roots() -> list[Path]:
    return [resource_dir("templates").resolve(), resource_dir("fonts").resolve()]


def _safe_fetcher() -> Any:
    """A weasyprint ``URLFetcher`` serving only ``file:`` URLs inside kitgen's templates/ and fonts/."""
    from weasyprint.urls import URLFetcher

    # weasyprint ships no type information, so mypy sees URLFetcher as Any.
    class SafeFetcher(URLFetcher):  # type: ignore[misc]
        def fetch(self, url: str, headers: Any = None) -> Any:
            parsed = urlparse(url)
            if parsed.scheme != "file":
                raise FetchRefused(f"refused to fetch {url!r}")
            path = Path(unquote(parsed.path)).resolve()
            if not any(path.is_relative_to(root) for root in _allowed_roots()):
                raise FetchRefused(f"refused to fetch {url!r}")
            return super().fetch(url, headers)

    return SafeFetcher(allowed_protocols=["file"])


def environment(bytecode_cache: jinja2.BytecodeCache | None = None) -> jinja2.Environment:
    """A fresh jinja2 environment as kitgen renders its documents: templates/ and the game packages, autoescape,
    strict undefined, the i18n extension with the catalogue installed (``{% trans %}``), and ``bytecode_cache``
    (compiled templates kept, or None). The one set-up: ``_environment`` is the process's, and
    benchmarks/bench_cache.py builds its own from here."""
    import jinja2

    env = jinja2.Environment(
        # templates/ first; then the game packages, so a game can ship its rules as <package>/rules.html
        loader=jinja2.FileSystemLoader([str(resource_dir("templates")), str(PACKAGE_DIR / "games")]),
        autoescape=jinja2.select_autoescape(["html", "htm", "xml", "j2"], default=True),
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
        bytecode_cache=bytecode_cache,
        extensions=["jinja2.ext.i18n"],
    )
    install_gettext(env)
    return env


@cache
def _environment() -> jinja2.Environment:
    """The process's environment, its compiled templates kept in the cache folder (``_template_cache``)."""
    return environment(_template_cache())


def install_gettext(env: jinja2.Environment) -> None:
    """Templates speak the current text language (``kitgen.core.i18n``): ``{% trans %}...{% endtrans %}`` and
    ``{{ _("...") }}`` look their English up in the catalogue; ``text_language()`` is the page's ``lang``."""
    from kitgen.core import i18n

    env.install_gettext_callables(i18n.gettext, i18n.ngettext, newstyle=True)  # type: ignore[attr-defined]
    env.globals["text_language"] = i18n.text_language
    env.globals["hyphenates"] = hyphenates


def hyphenates() -> bool:
    """Whether WeasyPrint can hyphenate the current text language: it looks a pyphen dictionary up for the page's
    ``lang`` (``pyphen.language_fallback``), and kitgen.css justifies paragraphs with ``hyphens: auto``. Without
    one (Turkish: pyphen ships none) justified lines open gaps of several spaces, so base.html sets them left."""
    import pyphen

    from kitgen.core import i18n

    return pyphen.language_fallback(i18n.text_language()) is not None


MAX_TEMPLATE = 4 << 20
"""The largest compiled template read back from the cache (kitgen's are a few kB)."""


def _template_cache() -> jinja2.BytecodeCache | None:
    """Compiled templates kept in the cache folder (``kitgen.io.cache``), so a process renders a template without
    compiling it again (40-130 ms a process for the kit's five: benchmarks/bench_cache.py). Compiled templates are
    code (jinja2 unmarshals them): one is loaded only from a folder of this user's that no one else may write in
    (``trusted_folder``), and only from a regular file of this user's, not a link; anything else is compiled
    again. None when the cache is off or its folder is not trusted."""
    import io

    import jinja2

    from kitgen.io.cache import read_entry, trusted_dir, trusted_folder

    chosen = trusted_dir()
    if chosen is None:
        return None
    base: Path = chosen
    folder = base / "templates"

    class OwnCache(jinja2.FileSystemBytecodeCache):
        """A folder that cannot be read or written, or is not trusted, only costs a compilation."""

        def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
            if not (trusted_folder(base) and trusted_folder(folder)):
                return
            data = read_entry(Path(self._get_cache_filename(bucket)), MAX_TEMPLATE)
            if data is None:
                return
            try:
                bucket.load_bytecode(io.BytesIO(data))
            except Exception:  # noqa: BLE001 -- a damaged entry (bad marshal data): compiled again
                bucket.reset()

        def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
            if not (trusted_folder(base, make=True) and trusted_folder(folder, make=True)):
                return
            try:
                super().dump_bytecode(bucket)
            except OSError:
                return

    return OwnCache(str(folder))


def render_html(template: str, **context: Any) -> str:
    """Render ``templates/<template>`` with ``context`` (autoescaped)."""
    return _environment().get_template(template).render(version=__version__, **context)


FIT_MARK = '<meta name="kitgen-fit" content="last-page">'
"""What a document that must end on a full page carries (``templates/rules-base.html``: every rules document)."""

FITS = ("", "fit/tighter-1.css", "fit/tighter-2.css", "fit/tighter-3.css", "fit/looser-1.css", "fit/looser-2.css")
"""The layouts tried, in order, for a document carrying ``FIT_MARK``: as written, then tighter (fewer pages
is less paper), then looser (a nearly empty last page fills up)."""

HALF_FULL = 0.5
"""A document's last page is fine when it is at least this full (or the document is one page)."""


def _layout(html: str, paper: Paper, fit: str = "") -> Any:
    """Lay ``html`` out with weasyprint: a ``weasyprint.Document`` (pages, not yet a PDF); ``fit`` names
    a stylesheet of ``templates/fit/`` laid over the document's own."""
    import logging
    import os

    # fontTools stamps subset fonts with "now" unless SOURCE_DATE_EPOCH is set.
    os.environ["SOURCE_DATE_EPOCH"] = FIXED_EPOCH
    from weasyprint import CSS, HTML

    logging.getLogger("weasyprint").setLevel(logging.ERROR)
    logging.getLogger("fontTools").setLevel(logging.ERROR)
    if fit:  # after the document's own stylesheets, so it wins (a user stylesheet would not)
        html = html.replace(FIT_MARK, f'{FIT_MARK}<link rel="stylesheet" href="{fit}">', 1)
    page_css = CSS(string=f"@page {{ size: {paper.css}; }}")
    base = resource_dir("templates").resolve().as_uri() + "/"
    return HTML(string=html, base_url=base, url_fetcher=_safe_fetcher()).render(stylesheets=[page_css])


def last_page_fill(document: Any) -> float:
    """How full the last page of a laid-out document is: the bottom of its lowest line, table or image as a
    share of the page's content height (0 for an empty page; the running footer is not counted)."""
    page = document.pages[-1]._page_box
    top, height = page.content_box_y(), page.height
    lowest = top

    def walk(box: Any) -> None:
        nonlocal lowest
        for child in getattr(box, "children", None) or ():
            if type(child).__name__ in ("LineBox", "TableBox", "InlineReplacedBox", "BlockReplacedBox"):
                lowest = max(lowest, child.position_y + child.margin_height())
            walk(child)

    for child in page.children:
        if not type(child).__name__.endswith("MarginBox"):
            walk(child)
    return float((lowest - top) / height) if height else 0.0


def _fitted_layout(html: str, paper: Paper) -> Any:
    """Lay out ``html``; a document carrying ``FIT_MARK`` is laid out again with each of ``FITS`` until it fits
    on one page or ends on a page at least half full (the text is never cut: only type, spacing and margins
    change). When no layout does, the one with the fewest pages and the fullest last page."""
    first = _layout(html, paper)
    if FIT_MARK not in html:
        return first
    tried = []
    for fit in FITS:
        document = first if not fit else _layout(html, paper, fit)
        if len(document.pages) == 1 or last_page_fill(document) >= HALF_FULL:
            return document
        tried.append(document)
    return min(tried, key=lambda d: (len(d.pages), -last_page_fill(d)))


def typeset(htmls: list[str], paper: Paper = Paper.a4, title: str = "kitgen",
            seed: int | None = None) -> tuple[bytes, list[int]]:
    """Typeset each HTML document and join their pages into one PDF; also each document's page count.

    Each document keeps its own page numbering; the fonts are subset and
    embedded once for the whole PDF, which is most of weasyprint's cost.
    """
    from kitgen.io.processes import scratch_space

    with scratch_space():  # weasyprint's font folders go in here, and go when it does
        documents = [_fitted_layout(html, paper) for html in htmls]
        doc = documents[0].copy([page for d in documents for page in d.pages])
        doc.metadata.title = title
        doc.metadata.authors = ["kitgen"]
        doc.metadata.generator = f"kitgen {__version__} (weasyprint)" + (f", seed {seed}" if seed is not None else "")
        doc.metadata.created = None
        doc.metadata.modified = None
        digest = hashlib.md5(paper.value.encode())
        for html in htmls:
            digest.update(html.encode("utf-8"))
        return (doc.write_pdf(pdf_identifier=digest.hexdigest().encode(), finisher=_print_at_actual_size),
                [len(d.pages) for d in documents])


def _print_at_actual_size(document: Any, pdf: Any) -> None:
    """Ask viewers to print at 100% (``/ViewerPreferences << /PrintScaling /None >>``), as every kitgen PDF does;
    ``/Lang`` comes from the template's ``<html lang>``."""
    import pydyf  # type: ignore[import-untyped]

    pdf.catalog["ViewerPreferences"] = pydyf.Dictionary({"PrintScaling": "/None"})


def document_key(html: str, paper: Paper, title: str, seed: int | None) -> str:
    """What a typeset document depends on, as a cache key: the HTML, the paper, the metadata, the
    templates and fonts it may load, and the versions of kitgen and weasyprint."""
    from kitgen.io.cache import document_key as key
    from kitgen.io.cache import resources_digest

    roots = (resource_dir("templates").resolve(), resource_dir("fonts").resolve())
    return key([__version__, weasyprint_version(), paper.value, title, str(seed), resources_digest(roots), html])


@cache
def weasyprint_version() -> str:
    """The installed weasyprint's version, as ``importlib.metadata`` gives it, read from the ``__version__`` line of
    its ``__init__.py`` where there is one: a warm kit imports neither weasyprint nor ``importlib.metadata`` (~20
    ms; issue 32)."""
    return _installed_version("weasyprint", r"^VERSION = __version__ = '([^']+)'$")


@cache
def jinja2_version() -> str:
    """The installed jinja2's version, read as ``weasyprint_version`` reads weasyprint's (a warm kit imports no
    jinja2)."""
    return _installed_version("jinja2", r'^__version__ = "([^"]+)"$')


def _installed_version(package: str, line: str) -> str:
    """``package``'s version from the line of its ``__init__.py`` that matches ``line``, else from its metadata."""
    import importlib.util
    import re

    spec = importlib.util.find_spec(package)
    origin = spec.origin if spec is not None else None
    if origin:
        found = re.search(line, Path(origin).read_text(encoding="utf-8"), re.M)
        if found:
            return found.group(1)
    from importlib.metadata import version

    return version(package)


def template_key(template: str, context: dict[str, Any], paper: Paper, title: str) -> str | None:
    """The cache key of the document ``render_documents`` typesets from ``template`` and ``context``, known without
    rendering it: a warm kit neither imports jinja2 nor renders a template (issue 32, ~60 ms of a kit's CPU). A
    digest of the template's name, the context, the text language and its catalogue, every template kitgen
    renders from, the fonts, this module (the environment and the layout), the paper, the title and the versions
    of kitgen, jinja2 and weasyprint: all the HTML and its typesetting depend on. None when a value of the context
    has no stable text (``_stable``): that document is keyed by its HTML (``typeset_one``)."""
    from kitgen.core.i18n import text_language
    from kitgen.io.cache import document_key as key

    said = _stable(context)
    if said is None:
        return None
    language = text_language()
    return key(["template", __version__, jinja2_version(), weasyprint_version(), paper.value, title, language,
                _sources_digest(language), template, said])


def _stable(value: object) -> str | None:
    """``value`` as text that names it the same in every process (strings, numbers, None, and lists, tuples, dicts
    and dataclasses of them); None for anything else (an object's ``repr`` may name its address)."""
    import dataclasses

    if value is None or isinstance(value, str | int | float):
        return repr(value)
    if isinstance(value, dict):
        items = [(_stable(k), _stable(v)) for k, v in value.items()]
        pairs = sorted(f"{k}: {v}" for k, v in items if k is not None and v is not None)
        return "{" + ", ".join(pairs) + "}" if len(pairs) == len(items) else None
    if isinstance(value, list | tuple):
        parts = [_stable(v) for v in value]
        return None if None in parts else f"{type(value).__name__}({', '.join(p for p in parts if p)})"
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = _stable({f.name: getattr(value, f.name) for f in dataclasses.fields(value)})
        return None if fields is None else f"{type(value).__qualname__}{fields}"
    return None


@cache
def _sources_digest(language: str) -> str:
    """A digest of what a template renders from besides its context: every template (``templates/`` and the game
    packages' ``.html``), the fonts (``resources_digest``), ``language``'s compiled catalogue and this module."""
    import hashlib

    from kitgen.core.i18n import LOCALE_DIR
    from kitgen.io.cache import resources_digest

    digest = hashlib.sha256(resources_digest((resource_dir("templates").resolve(), resource_dir("fonts").resolve()))
                            .encode())
    games = PACKAGE_DIR / "games"
    for path in [*sorted(games.rglob("*.html")), LOCALE_DIR / language / "LC_MESSAGES" / "kitgen.mo",
                 Path(__file__)]:
        digest.update(str(path.relative_to(PACKAGE_DIR)).encode() + b"\0")
        digest.update(path.read_bytes() if path.is_file() else b"-")
    return digest.hexdigest()


def typeset_one(html: str, paper: Paper = Paper.a4, title: str = "kitgen", seed: int | None = None) -> bytes:
    """One document typeset alone (deterministic), from the on-disk cache when it was typeset before
    (``kitgen.io.cache``): the same bytes either way."""
    from kitgen.io.cache import cached

    return cached(document_key(html, paper, title, seed), lambda: typeset([html], paper, title, seed)[0])


def documents_cached(templates: list[tuple[str, dict[str, Any]]], paper: Paper = Paper.a4,
                     title: str = "kitgen") -> bool:
    """Whether every document ``render_documents`` would make is in the cache already."""
    from kitgen.io.cache import is_cached as stored

    return all(stored(_document_key(t, context, paper, title)) for t, context in templates)


def _document_key(template: str, context: dict[str, Any], paper: Paper, title: str) -> str:
    """The key ``render_documents`` keeps a document under: ``template_key``, else the key of its HTML."""
    key = template_key(template, context, paper, title)
    return key if key is not None else document_key(_html(template, context, paper, title), paper, title, None)


def _html(template: str, context: dict[str, Any], paper: Paper, title: str) -> str:
    """A document's HTML as ``render_documents`` renders it: no seed (``template_key`` does not hold one)."""
    return render_html(template, paper=paper.value, title=title, seed=None, **context)


def render_documents(templates: list[tuple[str, dict[str, Any]]], paper: Paper = Paper.a4,
                     title: str = "kitgen") -> list[bytes]:
    """Render several templates (each with its own context), each typeset alone into its own PDF, e.g. a kit's cover
    and its rules. Each is cached under its template and context (``template_key``): a document typeset before is
    read back without rendering its template. The templates are given no seed (a kit draws its seed line on the cover
    when it is joined), so the rules and the cover are typeset once for every seed."""
    from kitgen.io.cache import cached

    def made(template: str, context: dict[str, Any]) -> bytes:
        key = template_key(template, context, paper, title)
        if key is None:
            return typeset_one(_html(template, context, paper, title), paper, title, None)
        return cached(key, lambda: typeset([_html(template, context, paper, title)], paper, title, None)[0])

    return [made(t, context) for t, context in templates]


def render_document(template: str, paper: Paper = Paper.a4, title: str = "kitgen", seed: int | None = None,
                    **context: Any) -> bytes:
    """Render a template to PDF bytes: ``render_html`` then ``typeset_one`` (cached)."""
    return typeset_one(render_html(template, paper=paper.value, title=title, seed=seed, **context), paper, title,
                       seed)
