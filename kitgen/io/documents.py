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


@cache
def _environment() -> jinja2.Environment:
    import jinja2

    env = jinja2.Environment(
        # templates/ first; then the game packages, so a game can ship its rules as <package>/rules.html
        loader=jinja2.FileSystemLoader([str(resource_dir("templates")), str(PACKAGE_DIR / "games")]),
        autoescape=jinja2.select_autoescape(["html", "htm", "xml", "j2"], default=True),
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
        bytecode_cache=_template_cache(),
    )
    return env


def _template_cache() -> jinja2.BytecodeCache | None:
    """Compiled templates kept in the cache folder (``kitgen.io.cache``), so a process renders a template without
    compiling it again: jinja2 checks each against its source. None when the cache is off."""
    import jinja2

    from kitgen.io.cache import cache_dir

    chosen = cache_dir()
    if chosen is None:
        return None
    folder: Path = chosen

    class QuietCache(jinja2.FileSystemBytecodeCache):
        """A folder that cannot be read or written only costs a compilation."""

        def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
            try:
                super().load_bytecode(bucket)
            except OSError:
                return

        def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
            try:
                (folder / "templates").mkdir(parents=True, exist_ok=True)
                super().dump_bytecode(bucket)
            except OSError:
                return

    return QuietCache(str(folder / "templates"))


def render_html(template: str, **context: Any) -> str:
    """Render ``templates/<template>`` with ``context`` (autoescaped)."""
    return _environment().get_template(template).render(version=__version__, **context)


def _layout(html: str, paper: Paper) -> Any:
    """Lay ``html`` out with weasyprint: a ``weasyprint.Document`` (pages, not yet a PDF)."""
    import logging
    import os

    # fontTools stamps subset fonts with "now" unless SOURCE_DATE_EPOCH is set.
    os.environ["SOURCE_DATE_EPOCH"] = FIXED_EPOCH
    from weasyprint import CSS, HTML

    logging.getLogger("weasyprint").setLevel(logging.ERROR)
    logging.getLogger("fontTools").setLevel(logging.ERROR)
    page_css = CSS(string=f"@page {{ size: {paper.css}; }}")
    base = resource_dir("templates").resolve().as_uri() + "/"
    return HTML(string=html, base_url=base, url_fetcher=_safe_fetcher()).render(stylesheets=[page_css])


def typeset(htmls: list[str], paper: Paper = Paper.a4, title: str = "kitgen",
            seed: int | None = None) -> tuple[bytes, list[int]]:
    """Typeset each HTML document and join their pages into one PDF; also each document's page count.

    Each document keeps its own page numbering; the fonts are subset and
    embedded once for the whole PDF, which is most of weasyprint's cost.
    """
    from kitgen.io.processes import scratch_space

    with scratch_space():  # weasyprint's font folders go in here, and go when it does
        documents = [_layout(html, paper) for html in htmls]
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


def html_to_pdf(html: str, paper: Paper = Paper.a4, title: str = "kitgen", seed: int | None = None) -> bytes:
    """Typeset ``html`` with weasyprint and return the PDF bytes (deterministic)."""
    return typeset([html], paper, title, seed)[0]


def document_key(html: str, paper: Paper, title: str, seed: int | None) -> str:
    """What a typeset document depends on, as a cache key: the HTML, the paper, the metadata, the
    templates and fonts it may load, and the versions of kitgen and weasyprint."""
    from importlib.metadata import version

    from kitgen.io.cache import document_key as key
    from kitgen.io.cache import resources_digest

    roots = (resource_dir("templates").resolve(), resource_dir("fonts").resolve())
    return key([__version__, version("weasyprint"), paper.value, title, str(seed), resources_digest(roots), html])


def typeset_one(html: str, paper: Paper = Paper.a4, title: str = "kitgen", seed: int | None = None) -> bytes:
    """One document typeset alone (deterministic), from the on-disk cache when it was typeset before
    (``kitgen.io.cache``): the same bytes either way."""
    from kitgen.io.cache import cached

    return cached(document_key(html, paper, title, seed), lambda: typeset([html], paper, title, seed)[0])


def is_cached(html: str, paper: Paper = Paper.a4, title: str = "kitgen", seed: int | None = None) -> bool:
    """Whether ``typeset_one`` would find this document in the cache (no weasyprint needed)."""
    from kitgen.io.cache import is_cached as stored

    return stored(document_key(html, paper, title, seed))


def documents_cached(templates: list[tuple[str, dict[str, Any]]], paper: Paper = Paper.a4,
                     title: str = "kitgen", seed: int | None = None) -> bool:
    """Whether every document ``render_documents`` would make is in the cache already."""
    return all(is_cached(render_html(t, paper=paper.value, title=title, seed=seed, **context), paper, title)
               for t, context in templates)


def render_documents(templates: list[tuple[str, dict[str, Any]]], paper: Paper = Paper.a4, title: str = "kitgen",
                     seed: int | None = None) -> list[bytes]:
    """Render several templates (each with its own context), each typeset alone into its own PDF (cached),
    e.g. a kit's cover and its rules: the rules, which do not change with the seed, are typeset once."""
    htmls = [render_html(t, paper=paper.value, title=title, seed=seed, **context) for t, context in templates]
    return [typeset_one(html, paper, title, None) for html in htmls]


def render_document(template: str, paper: Paper = Paper.a4, title: str = "kitgen", seed: int | None = None,
                    **context: Any) -> bytes:
    """Render a template to PDF bytes: ``render_html`` then ``typeset_one`` (cached)."""
    return typeset_one(render_html(template, paper=paper.value, title=title, seed=seed, **context), paper, title,
                       seed)
