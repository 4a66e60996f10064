"""Issue 17: every overwrite is checked before any work, and a multi-file command writes all or nothing."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest

from kitgen.core.errors import KitgenError
from kitgen.games import registry

EVERY_GAME = [g.name for g in registry.games()]


def _tiny_pdf() -> bytes:
    from kitgen.io.pdf import canvas_bytes

    return canvas_bytes(lambda c: c.drawString(72, 720, "a kit"))


def _no_building(*args: object, **kwargs: object) -> object:
    raise AssertionError("a kit was built before the overwrite was refused")
    yield  # a generator, as build_kits is: nothing runs until the first kit is asked for


def _one_line(result) -> None:
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("kitgen: ") and result.stderr.count("\n") == 1, result.stderr


def _files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.rglob("*") if p.is_file())


def test_kit_refuses_the_third_target_before_building_anything(invoke, tmp_path, monkeypatch):
    monkeypatch.setattr("kitgen.games.kit.build_kits", _no_building)
    (tmp_path / "game-of-words-kit.pdf").write_text("my notes\n")
    result = invoke("kit", *EVERY_GAME, "--out", tmp_path)
    _one_line(result)
    assert "game-of-words-kit.pdf: exists and was not written by kitgen" in result.stderr
    assert _files(tmp_path) == ["game-of-words-kit.pdf"]


def test_kit_png_refuses_a_user_png_before_building_anything(invoke, tmp_path, monkeypatch):
    monkeypatch.setattr("kitgen.games.kit.build_kits", _no_building)
    png = tmp_path / "png"
    png.mkdir()
    (png / "crossword-kit-03.png").write_bytes(b"\x89PNG\r\n\x1a\nmy photo")
    result = invoke("kit", "crossword", "--out", tmp_path / "out", "--png", png)
    _one_line(result)
    assert "crossword-kit-03.png: exists and was not written by kitgen" in result.stderr
    assert _files(tmp_path) == ["crossword-kit-03.png"]


def test_kit_whose_third_build_fails_writes_no_kit(invoke, tmp_path, monkeypatch):
    def two_then_fail(games, *args, **kwargs):
        yield games[0].name, _tiny_pdf()
        yield games[1].name, _tiny_pdf()
        raise KitgenError("the third kit broke")

    monkeypatch.setattr("kitgen.games.kit.build_kits", two_then_fail)
    result = invoke("kit", *EVERY_GAME, "--out", tmp_path / "out", "--png", tmp_path / "png")
    assert result.exit_code != 0 and "the third kit broke" in result.stderr
    assert _files(tmp_path) == []


def test_pattern_set_with_a_user_s_second_ipuz_writes_nothing(invoke, tmp_path):
    (tmp_path / "set-2.ipuz").write_text('{"title": "mine"}\n')
    _one_line(invoke("pattern", "--count", "2", "--ipuz", tmp_path / "set.ipuz", "--out", f"{tmp_path}/p/"))
    assert _files(tmp_path) == ["set-2.ipuz"]


def _disk_full_on_third_file(monkeypatch):
    """The third temporary file kitgen makes fails as a full disk does."""
    import tempfile

    real = tempfile.mkstemp
    calls = []

    def full(*args, **kwargs):
        calls.append(1)
        if len(calls) == 3:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(*args, **kwargs)

    monkeypatch.setattr(tempfile, "mkstemp", full)


def test_a_write_failing_midway_leaves_nothing(invoke, tmp_path, monkeypatch):
    """Disk full on the third file of ``pattern --count 2 --ipuz``: no ipuz, no PDF, no temporary."""
    _disk_full_on_third_file(monkeypatch)
    result = invoke("pattern", "--count", "2", "--ipuz", tmp_path / "set.ipuz", "--out", f"{tmp_path}/p/")
    _one_line(result)
    assert "No space left" in result.stderr
    assert _files(tmp_path) == []


@pytest.mark.parametrize("args, work", [
    (["sheet", "--seed", "3"], "kitgen.games.wordsearch.declaration.render_sheet"),
    (["bricks"], "kitgen.games.xword3d.declaration.render_pieces"),
    (["deck"], "kitgen.games.game_of_words.declaration._deck_pdf"),
    (["deal", "word-solitaire"], "kitgen.games.game_of_words.declaration.render_sheet"),
    (["pattern", "--count", "3"], "kitgen.games.crossword.rules.generate.iter_patterns"),
    (["pattern", "--count", "3"], "kitgen.games.crossword.render.write_patterns"),
])
def test_a_refused_overwrite_comes_before_any_work(invoke, tmp_path, monkeypatch, args, work):
    def no_work(*args: object, **kwargs: object) -> object:
        raise AssertionError("the work was done before the overwrite was refused")

    monkeypatch.setattr(work, no_work)
    theirs = tmp_path / "theirs.pdf"
    theirs.write_text("my notes\n")
    result = invoke(*args, "--out", theirs)
    _one_line(result)
    assert "not written by kitgen; use --force" in result.stderr
    assert theirs.read_text() == "my notes\n"


def test_a_failed_batch_leaves_no_directory_it_made(invoke, tmp_path, monkeypatch):
    """The folders made for a batch that is then discarded go too: nothing at all is left behind."""
    _disk_full_on_third_file(monkeypatch)
    result = invoke("pattern", "--count", "2", "--ipuz", tmp_path / "a" / "b" / "set.ipuz", "--out",
                    f"{tmp_path}/c/d/")
    _one_line(result)
    assert list(tmp_path.iterdir()) == []
