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


def test_each_kit_prints_its_own_seed_on_the_shared_cover(folder: Path) -> None:
    import io

    from pypdf import PdfReader

    from kitgen.games.kit import build_kit

    covers = [PdfReader(io.BytesIO(build_kit(registry.get("crossword"), paper, seed))).pages[0].extract_text()
              for paper, seed in ((Paper.a4, 1), (Paper.a4, 12345), (Paper.letter, 7))]
    assert "seed 1 \u00b7 A4" in covers[0] and "seed 12345 \u00b7 A4" in covers[1]
    assert "seed 7 \u00b7 US Letter" in covers[2]
    assert all("Made by kitgen" in text and "Rules from the seed document" in text for text in covers)
    assert "seed 1 " not in covers[1]


def test_cached_and_uncached_kits_are_the_same_bytes(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
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
