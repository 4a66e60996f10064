"""The document cache (kitgen/io/cache.py): weasyprint once per document, paper and version; same bytes."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typesetting import count_typesetting

from kitgen.games import registry
from kitgen.io import cache
from kitgen.io.pdf import Paper


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    where = tmp_path / "cache"
    monkeypatch.setenv(cache.ENV, str(where))
    return where


def test_the_user_cache_directory_unless_the_environment_names_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(cache.ENV)
    from platformdirs import user_cache_dir

    assert cache.cache_dir() == Path(user_cache_dir("kitgen", appauthor=False)) / "documents"
    monkeypatch.setenv(cache.ENV, "off")
    assert cache.cache_dir() is None


def test_a_kit_made_again_skips_weasyprint_and_is_byte_identical(folder: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from kitgen.games.kit import build_kit

    calls = count_typesetting(monkeypatch)
    first = build_kit(registry.get("crossword"), Paper.a4, 1)
    assert len(calls) == 2  # the cover, then the rules: each typeset alone
    assert len(list(folder.glob("*.pdf"))) == 2
    assert build_kit(registry.get("crossword"), Paper.a4, 1) == first
    assert len(calls) == 2


def test_the_rules_are_typeset_once_whatever_the_seed(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from kitgen.games.kit import build_kit

    calls = count_typesetting(monkeypatch)
    build_kit(registry.get("3dxword"), Paper.a4, 1)
    build_kit(registry.get("3dxword"), Paper.a4, 2)
    assert len(calls) == 2  # the cover is the same for every seed: its seed line is drawn on it (issue 13)
    build_kit(registry.get("3dxword"), Paper.letter, 2)
    assert len(calls) == 4  # another paper is another layout


def test_each_kit_prints_its_own_seed_on_the_shared_cover() -> None:
    """The worker's document cache (tests/conftest.py): the covers may be there already, or are typeset here."""
    import io

    from pypdf import PdfReader

    from kitgen.games.kit import build_kit

    covers = [PdfReader(io.BytesIO(build_kit(registry.get("crossword"), paper, seed))).pages[0].extract_text()
              for paper, seed in ((Paper.a4, 1), (Paper.a4, 12345), (Paper.letter, 7))]
    assert "seed 1 \u00b7 A4" in covers[0] and "seed 12345 \u00b7 A4" in covers[1]
    assert "seed 7 \u00b7 US Letter" in covers[2]
    assert all("Made by kitgen" in text and "Rules from the seed document" in text for text in covers)
    assert "seed 1 " not in covers[1]


def test_cached_and_uncached_kits_are_the_same_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    """The worker's document cache (tests/conftest.py): filled here, or already by another test."""
    from kitgen.games.kit import build_kit

    build_kit(registry.get("wordsearch"), Paper.a4, 3)
    warm = build_kit(registry.get("wordsearch"), Paper.a4, 3)
    monkeypatch.setenv(cache.ENV, "off")
    assert build_kit(registry.get("wordsearch"), Paper.a4, 3) == warm


def test_a_damaged_or_unwritable_cache_only_costs_time(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made = cache.cached("k" * 40, lambda: b"%PDF-1.7 first %%EOF")
    (folder / ("k" * 40 + ".pdf")).write_bytes(b"%PDF-1.7 cut off")  # a half-written file: made again
    assert cache.cached("k" * 40, lambda: b"%PDF-1.7 again %%EOF") == b"%PDF-1.7 again %%EOF"
    assert made == b"%PDF-1.7 first %%EOF"
    blocker = folder.parent / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv(cache.ENV, str(blocker / "sub"))
    assert cache.cached("x" * 40, lambda: b"%PDF made %%EOF") == b"%PDF made %%EOF"


def test_a_changed_template_is_a_new_key() -> None:
    from kitgen.io.documents import document_key

    one = document_key("<p>one</p>", Paper.a4, "t", None)
    assert one == document_key("<p>one</p>", Paper.a4, "t", None)
    assert len({one, document_key("<p>two</p>", Paper.a4, "t", None),
                document_key("<p>one</p>", Paper.letter, "t", None)}) == 3


def test_the_cache_keeps_itself_small(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cache, "KEEP", 10)
    for n in range(12):
        cache.cached(f"{n:040d}", lambda: b"%PDF %%EOF")
    assert len(list(folder.glob("*.pdf"))) <= 10


def test_kits_made_again_in_workers_are_the_same_bytes(folder: Path) -> None:
    """Once every document is cached, the kits are built whole in worker processes (issue 13: `kitgen kit`
    again in <= 1 s): the same bytes as one after another, and nothing new typeset."""
    from kitgen.games.kit import build_kits

    games = [registry.get(name) for name in ("crossword", "3dxword", "wordsearch")]
    first = dict(build_kits(games, Paper.a4, 4, jobs=1))
    stored = sorted(folder.glob("*.pdf"))
    again = list(build_kits(games, Paper.a4, 9, jobs=2))
    assert [game for game, _ in again] == [g.name for g in games]
    assert dict(again) == dict(build_kits(games, Paper.a4, 9, jobs=1)) != first
    assert sorted(folder.glob("*.pdf")) == stored


def test_compiled_templates_are_kept_and_a_broken_folder_only_costs_time(folder: Path) -> None:
    import jinja2

    from kitgen.io.documents import _template_cache

    kept = _template_cache()
    assert kept is not None
    env = jinja2.Environment(loader=jinja2.DictLoader({"t.html": "{{ x }}!"}), bytecode_cache=kept)
    assert env.get_template("t.html").render(x=1) == "1!"
    assert list((folder / "templates").glob("*.cache"))
    shutil.rmtree(folder)
    folder.write_text("a file where the cache folder was")  # neither readable nor writable as a folder
    fresh = jinja2.Environment(loader=jinja2.DictLoader({"t.html": "{{ x }}?"}), bytecode_cache=kept)
    assert fresh.get_template("t.html").render(x=2) == "2?"


def test_the_cache_benchmark_compiles_the_kit_templates_as_kitgen_does(folder: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """benchmarks/bench_cache.py compiles the kit's templates in ``kitgen.io.documents.environment``, the one
    set-up (its own copy lacked the i18n extension: ``unknown tag 'trans'`` on kit/front.html); with the compiled
    templates kept, a second environment loads them from the folder."""
    import importlib
    import sys

    from kitgen.io.documents import _template_cache, environment

    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[2] / "benchmarks"))
    monkeypatch.delitem(sys.modules, "bench_cache", raising=False)
    bench = importlib.import_module("bench_cache")
    bench.compile_all(None)
    kept = _template_cache()
    bench.compile_all(kept)
    assert len(list((folder / "templates").glob("*.cache"))) == len(bench.TEMPLATES)
    env = environment()
    assert "jinja2.ext.InternationalizationExtension" in env.extensions
    assert env.from_string("{% trans %}Rules{% endtrans %}").render() == "Rules"


def test_a_warm_kit_parses_each_cached_document_once(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 32 (warm kit): the reader that checked a cached document is the one its page count and the join use;
    the document is not parsed again for each of them."""
    import hashlib

    import pypdf

    from kitgen.games.kit import KitJob, build_kit, kit_documents

    game = registry.get("wordsearch")
    build_kit(game, Paper.a4, 1)  # fills the cache
    documents = {hashlib.sha256(d).hexdigest() for d in kit_documents(KitJob(game, Paper.a4, 2))}
    parsed: list[str] = []
    init = pypdf.PdfReader.__init__

    def counting(self: pypdf.PdfReader, stream: object, *args: object, **kwargs: object) -> None:
        if hasattr(stream, "getvalue"):
            parsed.append(hashlib.sha256(stream.getvalue()).hexdigest())
        init(self, stream, *args, **kwargs)

    monkeypatch.setattr(pypdf.PdfReader, "__init__", counting)
    kit = build_kit(game, Paper.a4, 2)
    assert len(documents) == 2
    assert sorted(d for d in parsed if d in documents) == sorted(documents)  # each once
    monkeypatch.setattr(pypdf.PdfReader, "__init__", init)
    monkeypatch.setenv(cache.ENV, "off")
    assert build_kit(game, Paper.a4, 2) == kit  # the same bytes as typeset afresh


@pytest.mark.parametrize("name", [game.name for game in registry.games()])
def test_a_warm_kit_parses_every_pdf_it_joins_once(name: str, folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 32 (a join that does not re-parse cached PDFs): every PDF a warm kit joins (its documents, the print
    check, each part of its components, kept or drawn for this seed) is parsed once, by the reader that checked or
    counted it and then joins it. 3DXWORD's nets, kept by ``drawn_once``, were parsed by the cache's check and again
    to be joined."""
    import hashlib
    from collections import Counter

    import pypdf

    from kitgen.games.kit import build_kit

    game = registry.get(name)
    build_kit(game, Paper.a4, 1)  # fills the cache
    parsed: Counter[str] = Counter()
    init = pypdf.PdfReader.__init__

    def counting(self: pypdf.PdfReader, stream: object, *args: object, **kwargs: object) -> None:
        if hasattr(stream, "getvalue"):
            parsed[hashlib.sha256(stream.getvalue()).hexdigest()] += 1
        init(self, stream, *args, **kwargs)

    monkeypatch.setattr(pypdf.PdfReader, "__init__", counting)
    build_kit(game, Paper.a4, 2)
    assert len(parsed) >= 4 and max(parsed.values()) == 1, parsed


def test_a_warm_kit_renders_no_template_and_draws_only_what_its_seed_changes(folder: Path,
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 32 (warm kit <= 0.7 s CPU): a kit's documents are kept under their template and context, so a kit made
    again (another seed) renders no template and imports no jinja2; the parts no seed changes (the Game of Words deck
    and score pads, 3DXWORD's nets) are drawn once and kept. The same bytes as a kit made with the cache off."""
    import sys

    from kitgen.games.game_of_words.render import deck, score_pads
    from kitgen.games.kit import build_kit
    from kitgen.games.xword3d import render as xword3d
    from kitgen.io import documents

    for name in ("game-of-words", "3dxword"):
        build_kit(registry.get(name), Paper.a5, 1)
    calls: list[str] = []
    for module, function in ((documents, "render_html"), (deck, "deck_bytes"), (score_pads, "score_pads_bytes"),
                             (xword3d, "draw_all")):
        def counting(*args: object, _real: object = getattr(module, function), _name: str = function,
                     **kwargs: object) -> object:
            calls.append(_name)
            return _real(*args, **kwargs)  # type: ignore[operator]

        monkeypatch.setattr(module, function, counting)
    monkeypatch.delitem(sys.modules, "jinja2")
    warm = [build_kit(registry.get(name), Paper.a5, 2) for name in ("game-of-words", "3dxword")]
    assert calls == [] and "jinja2" not in sys.modules
    monkeypatch.setenv(cache.ENV, "off")
    assert [build_kit(registry.get(name), Paper.a5, 2) for name in ("game-of-words", "3dxword")] == warm
    assert sorted(set(calls)) == ["deck_bytes", "draw_all", "render_html", "score_pads_bytes"]  # the test can fail


def test_a_documents_key_is_its_template_and_context_known_without_rendering() -> None:
    from kitgen.core.i18n import speaking
    from kitgen.io.documents import template_key

    key = template_key("kit/front.html", {"kit": Paper.a4.label, "scale": 0.71, "contents": ["a", "b"]}, Paper.a4, "t")
    assert key is not None and key == template_key("kit/front.html", {"contents": ["a", "b"], "scale": 0.71,
                                                                       "kit": Paper.a4.label}, Paper.a4, "t")
    others = {template_key("kit/front.html", {"kit": Paper.a4.label, "scale": 0.71, "contents": ["b", "a"]},
                           Paper.a4, "t"),
              template_key("kit/front.html", {"kit": Paper.a4.label, "scale": 0.71, "contents": ["a", "b"]},
                           Paper.a5, "t"),
              template_key("rules/crossword.html", {"kit": Paper.a4.label, "scale": 0.71, "contents": ["a", "b"]},
                           Paper.a4, "t")}
    with speaking("fr"):
        others.add(template_key("kit/front.html", {"kit": Paper.a4.label, "scale": 0.71, "contents": ["a", "b"]},
                                Paper.a4, "t"))
    assert key not in others and len(others) == 4
    assert template_key("kit/front.html", {"kit": object()}, Paper.a4, "t") is None  # its repr names an address


def test_a_kept_drawing_is_drawn_again_for_another_page_numbering_or_when_damaged(folder: Path) -> None:
    from reportlab.pdfgen.canvas import Canvas

    from kitgen.io.pdf import canvas_bytes, drawn_once, kit_numbering, kit_page

    drawn: list[int | None] = []

    def draw() -> bytes:
        def page(c: Canvas) -> None:
            drawn.append(kit_page(c))
            c.showPage()

        return canvas_bytes(page)

    with kit_numbering(5):
        first = drawn_once(("a test part",), draw)
        assert drawn_once(("a test part",), draw) == first and drawn == [5]
    with kit_numbering(6):
        drawn_once(("a test part",), draw)
    assert drawn == [5, 6]
    for entry in folder.glob("*.pdf"):  # the same length, other bytes: its digest no longer matches
        entry.write_bytes(entry.read_bytes().replace(b"%%EOF", b"%%EOX"))
    with kit_numbering(5):
        assert drawn_once(("a test part",), draw) == first
    assert drawn == [5, 6, 5]
