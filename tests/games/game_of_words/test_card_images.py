"""``kitgen deck --card-images DIR`` (issue 32): one PNG a card face and one of the back, 300 dpi, the trim plus the
bleed, and a CSV of the deck, as print-on-demand card services take a deck."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest


def _pixels(mm: float) -> int:
    return round(mm / 25.4 * 300)


@pytest.mark.parametrize("args, card, bleed", [((), (63, 88), 3.175), (("--size", "mini"), (44, 63), 3.175),
                                               (("--card-size", "60x90"), (60, 90), 3.0),
                                               (("--bleed", "2"), (63, 88), 2.0),
                                               (("--card-size", "60x90", "--bleed", "1.5"), (60, 90), 1.5)])
def test_card_images_are_one_png_a_card_at_300_dpi_with_the_bleed_and_a_csv(invoke, tmp_path: Path, args, card,
                                                                           bleed) -> None:
    from PIL import Image

    folder = tmp_path / "images"
    r = invoke("deck", *args, "--card-images", folder, "--out", tmp_path / "deck.pdf")
    assert r.exit_code == 0, r.output
    assert (tmp_path / "deck.pdf").exists()  # the PDF as ever, the images beside it
    rows = list(csv.DictReader((folder / "deck.csv").open(encoding="utf-8")))
    assert len(rows) == 54 and [row["card"] for row in rows] == [str(k) for k in range(1, 55)]
    assert rows[0]["face"] == "card-01-A.png" and rows[-1]["letter"] == "SUB" and rows[-1]["back"] == "back.png"
    assert {row["bleed_mm"] for row in rows} == {f"{bleed:g}"}
    assert sorted(p.name for p in folder.iterdir()) == sorted([row["face"] for row in rows] + ["back.png",
                                                                                              "deck.csv"])
    for name in (rows[0]["face"], rows[-1]["face"], "back.png"):
        image = Image.open(folder / name)
        assert image.size == (_pixels(card[0] + 2 * bleed), _pixels(card[1] + 2 * bleed)), name
        assert image.info["dpi"][0] == pytest.approx(300, abs=0.01)
        # the bleed is printed: the corner (outside the trim) is the card's ground, not white paper
        corner = image.convert("RGB").getpixel((1, 1))
        assert corner != (255, 255, 255) and corner == image.convert("RGB").getpixel((_pixels(bleed) + 2, 2)), name


def test_card_images_with_an_explicit_bleed_of_0_are_the_card_exactly(invoke, tmp_path: Path) -> None:
    """``--bleed 0`` asks for no bleed: every image is the trim alone (744 x 1039 pixels for a poker card) and the
    CSV says 0; without ``--bleed`` the size's 1/8 in stays (the test above)."""
    from PIL import Image

    folder = tmp_path / "images"
    r = invoke("deck", "--bleed", "0", "--card-images", folder, "--out", tmp_path / "deck.pdf")
    assert r.exit_code == 0, r.output
    rows = list(csv.DictReader((folder / "deck.csv").open(encoding="utf-8")))
    assert {row["bleed_mm"] for row in rows} == {"0"}
    for name in (rows[0]["face"], rows[-1]["face"], "back.png"):
        assert Image.open(folder / name).size == (_pixels(63), _pixels(88)) == (744, 1039), name


def test_card_images_are_the_same_bytes_every_time(invoke, tmp_path: Path) -> None:
    """Determinism: the same deck and options write byte-identical images and CSV."""
    for k in (1, 2):
        assert invoke("deck", "--card-images", tmp_path / f"run{k}", "--out", tmp_path / f"d{k}.pdf").exit_code == 0
    first = {p.name: p.read_bytes() for p in (tmp_path / "run1").iterdir()}
    assert first == {p.name: p.read_bytes() for p in (tmp_path / "run2").iterdir()}


def test_card_images_refuse_to_replace_files_without_force(invoke, tmp_path: Path) -> None:
    """An image already in the folder is not overwritten unless --force, and nothing is written (all or nothing)."""
    folder = tmp_path / "images"
    folder.mkdir()
    (folder / "back.png").write_bytes(b"mine")
    r = invoke("deck", "--card-images", folder, "--out", tmp_path / "deck.pdf")
    assert r.exit_code != 0 and "back.png" in r.output and "Traceback" not in r.output
    assert (folder / "back.png").read_bytes() == b"mine" and not (tmp_path / "deck.pdf").exists()
    assert invoke("deck", "--card-images", folder, "--out", tmp_path / "deck.pdf", "--force").exit_code == 0
    assert (folder / "back.png").read_bytes().startswith(b"\x89PNG")


def test_a_second_run_replaces_kitgens_images_but_not_the_csv_without_force(invoke, tmp_path: Path) -> None:
    """The PNGs carry kitgen's mark (a later run replaces them); a CSV cannot, so deck.csv needs --force."""
    folder = tmp_path / "images"
    assert invoke("deck", "--card-images", folder, "--out", tmp_path / "deck.pdf").exit_code == 0
    (folder / "deck.csv").unlink()
    assert invoke("deck", "--card-images", folder, "--out", tmp_path / "deck.pdf").exit_code == 0
    r = invoke("deck", "--card-images", folder, "--out", tmp_path / "deck.pdf")
    assert r.exit_code != 0 and "deck.csv" in r.output
