"""A cache that can only make kitgen slower (issue 33): planted, linked, damaged or forged entries, and folders
that are not the user's own, are never trusted; each is typeset (or compiled) again."""

from __future__ import annotations

import os
import signal
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from kitgen.games import registry
from kitgen.io import cache
from kitgen.io.pdf import Paper

KEY = "a" * 40


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    where = tmp_path / "cache"
    monkeypatch.setenv(cache.ENV, str(where))
    return where


@pytest.fixture
def pdf() -> bytes:
    from kitgen.io.documents import typeset

    return typeset(["<p>a real page</p>"], Paper.a4)[0]


class Blocked(Exception):
    """A cache read blocked (not an OSError: a cache that swallows read errors must not swallow this)."""


@pytest.fixture
def alarm() -> Iterator[None]:
    """Fail, rather than hang the suite, if a read blocks (a FIFO)."""

    def stop(signum: int, frame: object) -> None:
        raise Blocked("the cache read blocked")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(10)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


@pytest.fixture
def memory_cap() -> Iterator[None]:
    """Fail with MemoryError, rather than eat the machine's memory, if a read does not stop (/dev/zero)."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    with open("/proc/self/statm") as statm:
        size = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    resource.setrlimit(resource.RLIMIT_AS, (size + (1 << 30), hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def _entry(folder: Path) -> Path:
    return folder / f"{KEY}.pdf"


def test_a_stored_entry_is_read_back_without_making_it_again(folder: Path, pdf: bytes) -> None:
    assert cache.cached(KEY, lambda: pdf) == pdf
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700  # made private
    assert (folder / f"{KEY}.pdf.sha256").read_text().strip() == cache.entry_digest(KEY, pdf)
    assert cache.cached(KEY, lambda: b"made again") == pdf


def test_a_forged_pdf_without_its_digest_is_typeset_again(folder: Path, pdf: bytes) -> None:
    folder.mkdir(mode=0o700)
    forged = b"%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"
    _entry(folder).write_bytes(forged)
    assert cache.cached(KEY, lambda: pdf) == pdf
    assert cache.cached(KEY, lambda: b"not made") == pdf  # stored afresh, with its digest
    _entry(folder).write_bytes(pdf + b"\n% tampered")  # the digest no longer matches
    assert cache.cached(KEY, lambda: b"typeset again") == b"typeset again"


def test_a_damaged_entry_with_a_matching_digest_is_typeset_again(folder: Path, pdf: bytes) -> None:
    folder.mkdir(mode=0o700)
    broken = b"%PDF-1.7\nnot a pdf at all\n%%EOF\n"
    _entry(folder).write_bytes(broken)
    (folder / f"{KEY}.pdf.sha256").write_text(cache.entry_digest(KEY, broken))
    assert cache.cached(KEY, lambda: pdf) == pdf


def test_a_fifo_entry_never_hangs(folder: Path, pdf: bytes, alarm: None) -> None:
    folder.mkdir(mode=0o700)
    os.mkfifo(_entry(folder))
    os.mkfifo(folder / f"{KEY}.pdf.sha256")
    assert cache.cached(KEY, lambda: pdf) == pdf


def test_an_entry_linked_to_dev_zero_is_not_read(folder: Path, pdf: bytes, alarm: None, memory_cap: None) -> None:
    folder.mkdir(mode=0o700)
    _entry(folder).symlink_to("/dev/zero")
    (folder / f"{KEY}.pdf.sha256").symlink_to("/dev/zero")
    assert cache.cached(KEY, lambda: pdf) == pdf
    assert not cache.is_cached(KEY) or _entry(folder).is_file()


def test_an_oversized_entry_is_not_read(folder: Path, pdf: bytes, monkeypatch: pytest.MonkeyPatch) -> None:
    cache.cached(KEY, lambda: pdf)
    monkeypatch.setattr(cache, "MAX_ENTRY", len(pdf) - 1)
    assert cache.cached(KEY, lambda: b"made") == b"made"


@pytest.mark.parametrize("mode", [0o777, 0o770, 0o722])
def test_a_folder_others_may_write_in_is_ignored_with_one_note(folder: Path, pdf: bytes, mode: int,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    cache.cached(KEY, lambda: pdf)
    folder.chmod(mode)
    assert cache.cached(KEY, lambda: b"made") == b"made"
    assert cache.cached(KEY, lambda: b"made") == b"made"
    assert not cache.is_cached(KEY)
    err = capsys.readouterr().err
    assert err.count("kitgen: note:") == 1 and "others may write in it" in err and str(folder) in err


def test_a_folder_of_another_users_is_ignored(folder: Path, pdf: bytes, monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    cache.cached(KEY, lambda: pdf)
    uid = os.geteuid() + 4242
    monkeypatch.setattr(os, "geteuid", lambda: uid)
    assert cache.cached(KEY, lambda: b"made") == b"made"
    assert "belongs to another user" in capsys.readouterr().err


def test_an_entry_of_another_users_is_not_read(folder: Path, pdf: bytes) -> None:
    if os.geteuid() != 0:
        pytest.skip("giving a file to another user needs root")
    cache.cached(KEY, lambda: pdf)
    os.chown(_entry(folder), 65534, 65534)
    assert cache.cached(KEY, lambda: b"made") == b"made"


def test_a_kit_with_a_damaged_entry_is_typeset_again_not_an_internal_error(folder: Path) -> None:
    from kitgen.games.kit import build_kit

    first = build_kit(registry.get("wordsearch"), Paper.a4, 3)
    for entry in folder.glob("*.pdf"):  # damaged, digests rewritten to match: the PDF check catches it
        damaged = entry.read_bytes()[:200] + b"\n%%EOF\n"
        entry.write_bytes(damaged)
        entry.with_name(entry.name + ".sha256").write_text(cache.entry_digest(entry.stem, damaged))
    assert build_kit(registry.get("wordsearch"), Paper.a4, 3) == first


def _planted_template(folder: Path, marker: Path) -> None:
    """A compiled template in the cache whose code writes ``marker`` when loaded and run."""
    import jinja2

    from kitgen.io.documents import _template_cache

    kept = _template_cache()
    assert kept is not None
    env = jinja2.Environment(loader=jinja2.DictLoader({"t.html": "{{ x }}!"}), bytecode_cache=kept)
    env.get_template("t.html")
    (entry,) = (folder / "templates").glob("*.cache")
    source, _, _ = env.loader.get_source(env, "t.html")  # type: ignore[union-attr]
    bucket = kept.get_bucket(env, "t.html", None, source)
    bucket.code = compile(f"open({str(marker)!r}, 'w').close()", "<planted>", "exec")
    with entry.open("wb") as out:
        bucket.write_bytecode(out)


def _render_fresh() -> str:
    import jinja2

    from kitgen.io.documents import _template_cache

    kept = _template_cache()
    env = jinja2.Environment(loader=jinja2.DictLoader({"t.html": "{{ x }}!"}), bytecode_cache=kept)
    try:
        return env.get_template("t.html").render(x=1)
    except Exception:  # noqa: BLE001 -- the planted code ran (and broke the template): the marker says so
        return "ran"


def test_compiled_templates_in_a_folder_others_may_write_are_never_loaded(folder: Path, tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    _planted_template(folder, marker)
    folder.chmod(0o777)
    assert _render_fresh() == "1!"
    assert not marker.exists()
    folder.chmod(0o700)
    (folder / "templates").chmod(0o777)
    assert _render_fresh() == "1!"
    assert not marker.exists()


def test_a_compiled_template_is_loaded_only_from_a_file_of_this_users(folder: Path, tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    _planted_template(folder, marker)
    (entry,) = (folder / "templates").glob("*.cache")
    moved = tmp_path / "elsewhere.cache"
    entry.rename(moved)
    entry.symlink_to(moved)  # a link planted in place of the entry: not followed
    assert _render_fresh() == "1!"
    assert not marker.exists()


# -- the folders above a cache folder, up to the cache root (issue 33) ------------------------------------------


@pytest.fixture
def default_root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The user cache directory's ``kitgen`` (no ``$KITGEN_CACHE_DIR``), in a temporary folder."""
    import platformdirs

    root = tmp_path / "home-cache" / "kitgen"
    monkeypatch.delenv(cache.ENV, raising=False)
    monkeypatch.setattr(platformdirs, "user_cache_dir", lambda *args, **kwargs: str(root))
    return root


def test_documents_under_a_root_others_may_write_in_are_ignored_with_one_note(
        default_root: Path, pdf: bytes, capsys: pytest.CaptureFixture[str]) -> None:
    assert cache.cache_dir() == default_root / "documents"
    cache.cached(KEY, lambda: pdf)
    assert cache.is_cached(KEY)
    default_root.chmod(0o777)  # documents/ is still 0700: whoever writes in its parent may swap it
    assert cache.cached(KEY, lambda: b"made") == b"made"
    assert cache.cached(KEY, lambda: b"made") == b"made"
    assert not cache.is_cached(KEY)
    err = capsys.readouterr().err
    assert err.count("kitgen: note:") == 1
    assert f"others may write in the folder {default_root} above it" in err


def test_documents_under_a_root_of_another_users_are_ignored(default_root: Path, pdf: bytes,
                                                             monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    if os.geteuid() != 0:
        pytest.skip("giving a folder to another user needs root")
    cache.cached(KEY, lambda: pdf)
    os.chown(default_root, 65534, 65534)
    assert cache.cached(KEY, lambda: b"made") == b"made"
    assert f"the folder {default_root} above it belongs to another user" in capsys.readouterr().err


def test_the_folders_kitgen_makes_up_to_the_root_are_its_users_alone(default_root: Path, pdf: bytes) -> None:
    old = os.umask(0o002)  # a umask that lets the group write: the folders are made 0700 all the same
    try:
        cache.cached(KEY, lambda: pdf)
    finally:
        os.umask(old)
    for made in (default_root, default_root / "documents"):
        assert stat.S_IMODE(made.stat().st_mode) == 0o700
    assert cache.cached(KEY, lambda: b"made") == pdf


def test_an_index_folder_under_a_root_others_may_write_in_is_ignored(folder: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    from kitgen.io import index_cache

    builds: list[int] = []

    def build() -> list[int]:
        builds.append(1)
        return [1, 2, 3]

    def same(data: object) -> list[int]:
        assert isinstance(data, list)
        return data

    key = "b" * 40
    assert index_cache.cached_index(key, build, same, same) == [1, 2, 3]
    assert index_cache.cached_index(key, build, same, same) == [1, 2, 3]
    assert len(builds) == 1 and stat.S_IMODE((folder / "indexes").stat().st_mode) == 0o700
    folder.chmod(0o777)  # indexes/ is still 0700, its parent is not
    assert index_cache.cached_index(key, build, same, same) == [1, 2, 3]
    assert len(builds) == 2
    err = capsys.readouterr().err
    assert err.count("kitgen: note:") == 1 and f"others may write in the folder {folder} above it" in err
