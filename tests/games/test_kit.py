"""``kitgen kit`` (issue 7): one print-ready PDF per game, deterministic, fonts embedded, written safely."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from kitgen.games import registry
from kitgen.games.kit import KitPage
from kitgen.io.pdf import Paper

GAMES = {g.name: KitPage.of(g) for g in registry.games()}

KIT_GAMES = list(GAMES)


class KitFolder:
    """The kits of seed 5 in one folder, each built once for the module, when a test first asks for it (a test of one
    game builds that game's kit only; the kits missing are built together, in worker processes as `make kit` does)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def of(self, *games: str) -> Path:
        from typer.testing import CliRunner

        from kitgen.cli.app import app

        missing = [g for g in games if not (self.folder / f"{g}-kit-seed5.pdf").exists()]
        if missing:
            result = CliRunner().invoke(app, ["kit", *missing, "--seed", "5", "--out", str(self.folder)])
            assert result.exit_code == 0, result.output
        return self.folder


@pytest.fixture(scope="module")
def kit_folder(tmp_path_factory: pytest.TempPathFactory) -> KitFolder:
    return KitFolder(tmp_path_factory.mktemp("kits"))


@pytest.fixture
def kits(kit_folder: KitFolder) -> Path:
    """Every game's kit, seed 5."""
    return kit_folder.of(*KIT_GAMES)


def _fonts(reader: PdfReader) -> dict[str, bool]:
    """Every font used on any page (base name -> embedded?), walking Type0 descendants and XObjects."""
    found: dict[str, bool] = {}

    def font_embedded(font) -> bool:
        if font.get("/Subtype") == "/Type0":
            return all(font_embedded(d.get_object()) for d in font["/DescendantFonts"])
        if font.get("/Subtype") == "/Type3":
            return True
        desc = font.get("/FontDescriptor")
        if desc is None:
            return False
        desc = desc.get_object()
        return any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3"))

    def walk(resources) -> None:
        if resources is None:
            return
        resources = resources.get_object()
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            found[str(font.get("/BaseFont"))] = font_embedded(font)
        for xobj in (resources.get("/XObject") or {}).values():
            xobj = xobj.get_object()
            if xobj.get("/Subtype") == "/Form":
                walk(xobj.get("/Resources"))

    for page in reader.pages:
        walk(page.get("/Resources"))
    return found


def test_kit_writes_one_pdf_per_game(kits):
    assert sorted(p.name for p in kits.glob("*.pdf")) == sorted(f"{g}-kit-seed5.pdf" for g in KIT_GAMES)
    assert not list(kits.glob(".*.part")), "no temporary files left behind"


@pytest.mark.parametrize("game", KIT_GAMES)
def test_kit_has_cover_how_to_print_rules_and_components(kit_folder, game):
    reader = PdfReader(kit_folder.of(game) / f"{game}-kit-seed5.pdf")
    kit = GAMES[game]
    assert len(reader.pages) >= 5
    first = reader.pages[0].extract_text()
    assert kit.title in first and "Inside this kit" in first and "seed 5" in first
    assert "How to print" in reader.pages[1].extract_text()
    assert "100%" in reader.pages[1].extract_text()
    text = "\n".join(page.extract_text() for page in reader.pages[2:])
    assert kit.title.split()[-1] in text
    marks = {item.title.split(" (")[0]: reader.get_destination_page_number(item) for item in reader.outline}
    assert list(marks) == ["Cover", "How to print", "Rules", "Print check", "Components"]
    assert marks["Cover"] == 0 and marks["How to print"] == 1 < marks["Rules"] < marks["Print check"] \
        < marks["Components"]
    assert kit.title.split()[-1] in reader.pages[marks["Rules"]].extract_text()
    meta = reader.metadata
    assert meta.title == f"{kit.title}: a kitgen kit"
    assert "seed 5" in meta["/Keywords"] and "kitgen" in meta["/Producer"]


@pytest.mark.parametrize("game", KIT_GAMES)
def test_every_font_in_every_kit_is_embedded(kit_folder, game):
    fonts = _fonts(PdfReader(kit_folder.of(game) / f"{game}-kit-seed5.pdf"))
    assert fonts, "a kit without fonts"
    assert all(fonts.values()), [name for name, ok in fonts.items() if not ok]


def test_card_and_tile_pages_carry_trim_and_bleed_boxes(kit_folder):
    reader = PdfReader(kit_folder.of("game-of-words") / "game-of-words-kit-seed5.pdf")
    card_pages = [p for p in reader.pages if "/TrimBox" in p]
    assert card_pages, "the deck pages keep their TrimBox through the kit merge"
    for page in card_pages:
        trim, media = page.trimbox, page.mediabox
        assert media.left <= trim.left < trim.right <= media.right


def test_same_seed_gives_byte_identical_kits(kits, invoke, tmp_path):
    result = invoke("kit", "--seed", "5", "--out", tmp_path, "--jobs", "1")  # one after another this time
    assert result.exit_code == 0, result.output
    for game in KIT_GAMES:
        assert (tmp_path / f"{game}-kit-seed5.pdf").read_bytes() == (kits / f"{game}-kit-seed5.pdf").read_bytes()


def test_another_seed_gives_another_kit(kit_folder, invoke, tmp_path):
    assert invoke("kit", "wordsearch", "--seed", "6", "--out", tmp_path).exit_code == 0
    assert (tmp_path / "wordsearch-kit-seed6.pdf").read_bytes() != \
        (kit_folder.of("wordsearch") / "wordsearch-kit-seed5.pdf").read_bytes()


def test_letter_paper_is_laid_out_not_scaled(invoke, tmp_path):
    assert invoke("kit", "crossword", "--paper", "letter", "--out", tmp_path).exit_code == 0
    reader = PdfReader(tmp_path / "crossword-kit-letter.pdf")
    for page in reader.pages:
        assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == (612, 792)


def test_kit_refuses_to_overwrite_a_stranger_file(invoke, tmp_path):
    theirs = tmp_path / "3dxword-kit.pdf"
    theirs.write_text("my own notes\n")
    result = invoke("kit", "3dxword", "--out", tmp_path)
    assert result.exit_code == 2
    assert "not written by kitgen" in result.stderr and "--force" in result.stderr
    assert theirs.read_text() == "my own notes\n"
    assert invoke("kit", "3dxword", "--out", tmp_path, "--force").exit_code == 0
    assert theirs.read_bytes().startswith(b"%PDF")
    # kitgen's own file is replaced without --force
    assert invoke("kit", "3dxword", "--out", tmp_path).exit_code == 0


@pytest.mark.parametrize("args, message", [
    (["kit", "chess"], "unknown game 'chess'"),
    (["kit", "--players", "13"], "--players must be between 2 and 12"),
    (["kit", "--seed", "-1"], "seed"),
    (["kit", "--out", "kit.pdf"], "is a directory"),
])
def test_kit_bad_options_exit_2_with_one_line(invoke, tmp_path, args, message):
    result = invoke(*args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.output


def test_png_previews_one_per_page(invoke, tmp_path):
    result = invoke("kit", "3dxword", "--out", tmp_path, "--png", tmp_path / "png")
    assert result.exit_code == 0, result.output
    pages = len(PdfReader(tmp_path / "3dxword-kit.pdf").pages)
    pngs = sorted((tmp_path / "png").glob("3dxword-kit-*.png"))
    assert len(pngs) == pages
    assert pngs[0].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_quiet_kit_prints_nothing(invoke, tmp_path):
    result = invoke("kit", "3dxword", "--out", tmp_path, "--quiet")
    assert result.exit_code == 0 and result.stdout == ""


def test_document_fonts_cover_every_character_the_templates_print():
    """The trimmed document fonts (fonts/doc, scripts/build_doc_fonts.py) have a glyph for every character."""
    from fontTools.ttLib import TTFont

    from kitgen.core.resources import resource_dir
    from kitgen.io.documents import render_html

    folder = resource_dir("fonts") / "doc"
    cmaps = {f.name: set(TTFont(f)["cmap"].getBestCmap()) for f in folder.glob("*.ttf")}
    assert len(cmaps) == 7
    templates = [f"rules/{g}.html" for g in KIT_GAMES]
    pages = [render_html(t, paper="a4", title="t", seed=1) for t in templates]
    pages += [render_html("kit/front.html", paper="a4", title="t", seed=1, kit=kit, game=g, players=2,
                          contents=list(kit.contents), paper_name="A4")
              for g, kit in GAMES.items()]
    text = html.unescape(re.sub(r"<style.*?</style>|<[^>]+>", " ", "\n".join(pages), flags=re.S))
    needed = {ord(ch) for ch in text if not ch.isspace()}
    for name, cmap in cmaps.items():
        assert not needed - cmap, (name, sorted(chr(c) for c in needed - cmap))


def test_documents_fetch_nothing_outside_templates_and_fonts(tmp_path):
    """A template or user text pointing at http:// or file:///etc gets nothing (issue 7, safety)."""
    from kitgen.io.documents import typeset_one

    secret = tmp_path / "secret.css"
    secret.write_text("body { background: red; }")
    page = (f'<html><head><link rel="stylesheet" href="{secret.as_uri()}">'
            '<link rel="stylesheet" href="http://127.0.0.1:9/x.css"></head>'
            '<body><p>hello</p><img src="file:///etc/passwd"><img src="http://127.0.0.1:9/x.png"></body></html>')
    data = typeset_one(page)
    assert data.startswith(b"%PDF")
    from kitgen.io import documents

    with pytest.raises(documents.FetchRefused):
        documents._safe_fetcher().fetch(secret.as_uri())
    with pytest.raises(documents.FetchRefused):
        documents._safe_fetcher().fetch("http://127.0.0.1:9/x.css")


def test_templates_autoescape_user_text():
    from kitgen.io.documents import _environment

    template = _environment().from_string("<p>{{ name }}</p>")
    assert template.render(name="<script>x</script>") == "<p>&lt;script&gt;x&lt;/script&gt;</p>"


@pytest.mark.parametrize("args", [
    ["pattern", "--per-page", "2"], ["sheet", "--seed", "3"], ["deck", "--duplex"], ["bricks", "--form", "tiles"],
    ["bricks"], ["deal", "crossword", "--players", "3"],
], ids=lambda a: " ".join(a))
def test_every_font_in_every_command_pdf_is_embedded(invoke, tmp_path, args):
    out = tmp_path / "out.pdf"
    result = invoke(*args, "--out", out)
    assert result.exit_code == 0, result.output
    fonts = _fonts(PdfReader(out))
    assert fonts and all(fonts.values()), fonts


@pytest.mark.parametrize("paper", list(Paper))
@pytest.mark.parametrize("game", KIT_GAMES)
def test_the_cover_is_one_page_inside_its_margins_on_every_paper(game: str, paper: Paper) -> None:
    """On A5 the cover's "Inside this kit" box ran off the right edge and its last lines spilled onto a page of their
    own, and the Game of Words' How to print page ran onto a third: the front's type and spacing now shrink with the
    page (cover_scale), and stay as they were on A4."""
    from pdflayout import glyphs, outside, page_size

    from kitgen.games.kit import KitJob, _document_templates
    from kitgen.io.documents import render_documents

    [data] = render_documents(_document_templates(KitJob.of(game, paper, 1))[:1], paper)
    assert len(glyphs(data)) == 2  # the cover, then How to print
    width, height = page_size(data)
    cover = glyphs(data)[0]
    assert outside(cover, width, height, 16 * 72 / 25.4) == []
    assert "identical." in "".join(g.char for g in cover)


@pytest.mark.parametrize("game", ["3dxword", "game-of-words"])
def test_a_kit_names_one_card_weight(kit_folder, game):
    """Issue 32 ("the 3DXWORD how-to gives two different card weights"): its how-to said "the brick net pages
    (160-220 gsm folds cleanly) on card (200-300 gsm)". The how-to page and the guide's part for the card pages now
    name the game's one weight (``KitSpec.card_weight``)."""
    reader = PdfReader(kit_folder.of(game) / f"{game}-kit-seed5.pdf")
    text = " ".join(" ".join(page.extract_text().split()) for page in reader.pages)
    weights = set(re.findall(r"(\d{3})\s*-\s*(\d{3}) gsm", text))
    assert weights == {tuple(str(w) for w in registry.get(game).kit.card_weight)}


def test_a_kit_is_built_with_the_cycle_collector_paused_then_resumed():
    """Issue 32 (warm kit): pypdf and reportlab make some hundred thousand objects a kit, and Python's cycle collector
    went through them again and again (~7% of a warm kit's CPU); it is paused while a kit is built, and resumed only
    by whoever paused it."""
    import gc

    from kitgen.games.kit import collector_paused

    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()  # paused by someone else: left so
    finally:
        gc.enable()


def test_warm_kits_are_built_in_this_process_unless_jobs_are_asked_for(tmp_path, monkeypatch):
    """Issue 32 (warm kit <= 0.7 s CPU): with every document cached and no --jobs, no worker is forked (one cost
    some 10% more CPU than the kits it built); the same bytes and order as one after another. A cold kit still
    uses workers."""
    from kitgen.games.kit import build_kits

    monkeypatch.setenv("KITGEN_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr("os.cpu_count", lambda: 2)
    games = [registry.get(name) for name in ("crossword", "wordsearch")]
    pools = _pools_forked(monkeypatch)
    before = dict(build_kits(games, Paper.a4, 4))  # cold: the documents typeset in workers
    assert pools == [2]
    again = list(build_kits(games, Paper.a4, 5))
    assert pools == [2]  # warm: none forked
    assert [g for g, _ in again] == [g.name for g in games]
    assert dict(again) == dict(build_kits(games, Paper.a4, 5, jobs=1)) and dict(again) != before


def test_warm_kits_are_built_here_and_in_one_worker_on_two_cores(tmp_path, monkeypatch):
    """Issue 32 (warm kit CPU): with every document cached and two jobs, this process builds every other kit while
    one forked worker builds the rest (a second worker cost CPU while this one only waited); the same bytes and
    order as one after another."""
    from kitgen.games.kit import build_kits

    monkeypatch.setenv("KITGEN_CACHE_DIR", str(tmp_path))
    games = [registry.get(name) for name in ("crossword", "3dxword", "wordsearch")]
    before = dict(build_kits(games, Paper.a4, 4, jobs=1))
    pools = _pools_forked(monkeypatch)
    again = list(build_kits(games, Paper.a4, 4, jobs=2))
    assert pools == [1]
    assert [g for g, _ in again] == [g.name for g in games] and dict(again) == before


def test_the_game_of_words_kit_joins_its_parts_once_into_the_same_bytes(tmp_path, monkeypatch):
    """The Game of Words hands the kit its parts (deck, deal sheet, score pads, each with its bookmark) rather than
    one PDF of them that the kit parses and joins again: the kit joins them once, and it is the same bytes, its
    "Which pages are which" the same, as the kit joined from the one PDF (``kit_components``, the golden)."""
    from kitgen.games.game_of_words.render.kit import kit_components
    from kitgen.games.kit import KitJob, assemble_kit, components_start, kit_parts, page_counts
    from kitgen.io.calibration import PART_MARK
    from kitgen.io.pdf import kit_numbering

    monkeypatch.setenv("KITGEN_CACHE_DIR", str(tmp_path))
    job = KitJob(next(g for g in registry.games() if g.name == "game-of-words"), Paper.a5, 3)
    documents, parts = kit_parts(job)
    assert isinstance(parts, tuple) and len(parts) == 3
    assert all(isinstance(data, bytes) and PART_MARK in title for data, title in parts)
    with kit_numbering(components_start(job, page_counts(documents))[0]):  # numbered as the kit numbers them
        joined = kit_components(Paper.a5, 3, 2)
    assert assemble_kit(job, documents, parts) == assemble_kit(job, documents, joined)


def _pools_forked(monkeypatch) -> list[int]:
    """The sizes of the worker pools kitgen forks from now on, in order (the pool made as before)."""
    from kitgen.io import processes

    pools: list[int] = []
    real = processes.worker_pool

    def pool(n):
        pools.append(n)
        return real(n)

    monkeypatch.setattr(processes, "worker_pool", pool)
    return pools
