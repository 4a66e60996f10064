"""The shipped store of typeset documents (issue 32, "first kit fast"; kitgen/io/cache.py, ``shipped``): the default
kits' documents typeset at install time, so that a fresh install's first kit needs no weasyprint, with the same
bytes as typesetting them."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from once import made_once
from typesetting import count_typesetting

from kitgen.games import registry
from kitgen.io import cache
from kitgen.io.pdf import Paper

ROOT = Path(__file__).resolve().parents[2]


def _prebuild(folder: Path) -> None:
    env = {**os.environ, "KITGEN_CACHE_DIR": "unused", "KITGEN_SHIPPED_DOCUMENTS": "off"}
    subprocess.run([sys.executable, str(ROOT / "scripts" / "prebuild_documents.py"), str(folder / "typeset")],
                   check=True, env=env, capture_output=True)


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A store made the way `make install` makes one (scripts/prebuild_documents.py), into a folder of the run's, once
    in the whole run (the workers share it, read-only: tests/once.py)."""
    return made_once(tmp_path_factory, "shipped", _prebuild) / "typeset"


@pytest.fixture
def empty_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    where = tmp_path / "cache"
    monkeypatch.setenv(cache.ENV, str(where))
    return where


def test_the_store_holds_every_default_kits_documents_readable_by_anyone(store: Path) -> None:
    entries = sorted(store.glob("*.pdf"))
    assert len(entries) == 2 * 2 * len(registry.games())  # cover and rules, A4 and Letter, every game
    assert all(p.with_name(p.name + cache.DIGEST).is_file() for p in entries)
    assert not (store / "templates").exists()
    assert (store.stat().st_mode & 0o777) == 0o755
    assert all((p.stat().st_mode & 0o777) == 0o644 for p in store.iterdir())
    assert not list(store.parent.glob(".typeset-*"))  # the scratch folder is gone


def test_a_first_kit_reads_the_store_and_has_the_typeset_bytes(store: Path, empty_cache: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    from kitgen.games.kit import build_kit

    monkeypatch.setenv(cache.SHIPPED_ENV, str(store))
    calls = count_typesetting(monkeypatch)
    for paper in (Paper.a4, Paper.letter):
        first = build_kit(registry.get("crossword"), paper, 5)
        assert calls == []  # nothing typeset: the cover and rules came from the store
        monkeypatch.setenv(cache.ENV, "off")  # off: the store is not read either, and everything is typeset
        assert build_kit(registry.get("crossword"), paper, 5) == first
        assert len(calls) == 2
        calls.clear()
        monkeypatch.setenv(cache.ENV, str(empty_cache))
    assert not list(empty_cache.glob("*.pdf"))  # what the store holds is not copied into the user's cache


def test_a_paper_the_store_lacks_is_typeset_and_cached(store: Path, empty_cache: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from kitgen.games.kit import build_kit

    monkeypatch.setenv(cache.SHIPPED_ENV, str(store))
    calls = count_typesetting(monkeypatch)
    build_kit(registry.get("3dxword"), Paper.a5, 1)
    assert len(calls) == 2  # the cover and the rules, kept beside the nets, drawn once too (``drawn_once``)
    assert len(list(empty_cache.glob("*.pdf"))) == 3


def test_a_tampered_or_stale_entry_is_never_used(store: Path, tmp_path: Path, empty_cache: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from kitgen.games.kit import build_kit

    copy = tmp_path / "store"
    shutil.copytree(store, copy)
    for entry in copy.glob("*.pdf"):  # the same length, other bytes: the digest no longer matches
        data = bytearray(entry.read_bytes())
        data[len(data) // 2] ^= 0xFF
        entry.write_bytes(bytes(data))
    monkeypatch.setenv(cache.SHIPPED_ENV, str(copy))
    calls = count_typesetting(monkeypatch)
    made = build_kit(registry.get("wordsearch"), Paper.a4, 2)
    assert len(calls) == 2
    monkeypatch.setenv(cache.SHIPPED_ENV, "off")
    monkeypatch.setenv(cache.ENV, "off")
    assert build_kit(registry.get("wordsearch"), Paper.a4, 2) == made


def test_the_store_may_belong_to_whoever_installed_kitgen(tmp_path: Path) -> None:
    """A store installed by root (or another account) is read by every user; the user's own cache is not."""
    if os.geteuid() != 0:
        pytest.skip("changing a file's owner needs root")
    entry = tmp_path / "entry.pdf"
    entry.write_bytes(b"%PDF-1.7 x %%EOF")
    os.chown(entry, 12345, 12345)
    assert cache.read_entry(entry) is None
    assert cache.read_entry(entry, anyone=True) == b"%PDF-1.7 x %%EOF"
    link = tmp_path / "link.pdf"
    link.symlink_to(entry)
    assert cache.read_entry(link, anyone=True) is None  # never through a link


def test_off_or_missing_means_no_store(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, store: Path) -> None:
    monkeypatch.setenv(cache.SHIPPED_ENV, str(store))
    monkeypatch.setenv(cache.ENV, str(tmp_path))
    assert cache.shipped_dir() == store
    monkeypatch.setenv(cache.ENV, "off")
    assert cache.shipped_dir() is None
    monkeypatch.setenv(cache.ENV, str(tmp_path))
    monkeypatch.setenv(cache.SHIPPED_ENV, "off")
    assert cache.shipped_dir() is None
    monkeypatch.setenv(cache.SHIPPED_ENV, str(tmp_path / "none"))
    assert cache.shipped_dir() is None
    monkeypatch.delenv(cache.SHIPPED_ENV)
    assert cache.shipped_dir() in (None, ROOT / "kitgen" / "typeset")


def test_a_first_kit_from_the_store_never_imports_weasyprint(store: Path, tmp_path: Path) -> None:
    code = ("import sys; from kitgen import api; api.kit('crossword', 'a4', 3); "
            "print('weasyprint' in sys.modules)")
    env = {**os.environ, cache.ENV: str(tmp_path / "cache"), cache.SHIPPED_ENV: str(store)}
    out = subprocess.run([sys.executable, "-c", code], check=True, env=env, capture_output=True, text=True)
    assert out.stdout.strip() == "False"
    env[cache.SHIPPED_ENV] = "off"
    out = subprocess.run([sys.executable, "-c", code], check=True, env=env, capture_output=True, text=True)
    assert out.stdout.strip() == "True"  # the test can fail: without the store, weasyprint typesets
