#!/usr/bin/env python3
"""The README's kit screenshots: a few pages of each kit side by side, from `kitgen kit` (seed 1, A4).

Run from the repository after `make install`: ``.venv/bin/python scripts/readme_screenshots.py``.
Writes ``docs/img/<game>-kit.png``. Pages are rendered with pypdfium2 and laid out with Pillow
(both already installed with kitgen), so nothing else is needed.

With ``--web``, the web app's pictures instead (``docs/img/web-<page>-<desktop|phone>.png``): the
browser tests take them (tests/web/test_*browser*.py, Playwright on Debian's Chromium).
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "img"
PAGE_WIDTH = 300
"""Pixels a page in the screenshot."""


def pages_to_show(pdf_path: Path) -> list[int]:
    """The cover, the first rules page and the first two component pages (0-based), from the kit's bookmarks."""
    from pypdf import PdfReader

    reader = PdfReader(pdf_path)
    marks = {item.title.split(" (")[0]: reader.get_destination_page_number(item) for item in reader.outline}
    first = marks["Components"]
    return [0, marks["Rules"], first, min(first + 1, len(reader.pages) - 1)]


def web_shots() -> int:
    """The browser tests, asked to leave their screenshots in docs/img."""
    import os

    env = {**os.environ, "KITGEN_README_SHOTS": "1"}
    tests = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests" / "web").glob("test_*browser*.py"))
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:xdist", *tests]
    return subprocess.run(command, cwd=ROOT, env=env).returncode


def main() -> int:
    if "--web" in sys.argv[1:]:
        return web_shots()
    import pypdfium2
    from PIL import Image, ImageDraw

    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, "-m", "kitgen", "kit", "--seed", "1", "--out", tmp, "--quiet"], check=True)
        for pdf_path in sorted(Path(tmp).glob("*-kit.pdf")):
            pdf = pypdfium2.PdfDocument(str(pdf_path))
            shots = []
            for index in pages_to_show(pdf_path):
                page = pdf[index]
                scale = PAGE_WIDTH / page.get_width()
                shots.append(page.render(scale=scale).to_pil().convert("RGB"))
            pdf.close()
            gap = 12
            height = max(s.height for s in shots)
            sheet = Image.new("RGB", (len(shots) * (PAGE_WIDTH + gap) + gap, height + 2 * gap), (225, 225, 225))
            draw = ImageDraw.Draw(sheet)
            for k, shot in enumerate(shots):
                x = gap + k * (PAGE_WIDTH + gap)
                draw.rectangle([x + 3, gap + 3, x + shot.width + 3, gap + shot.height + 3], fill=(170, 170, 170))
                sheet.paste(shot, (x, gap))
            target = OUT / f"{pdf_path.stem}.png"
            sheet.save(target, optimize=True)
            print(f"wrote {target.relative_to(ROOT)} ({target.stat().st_size // 1024} KiB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
