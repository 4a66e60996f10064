"""PNG previews of a PDF's pages (pypdfium2), for sharing a kit or a sheet and for the web app."""

from __future__ import annotations

from pathlib import Path


def write_previews(pdf: Path, folder: Path, scale: float = 1.0, force: bool = False) -> list[Path]:
    """PNG previews of every page of ``pdf`` (pypdfium2), named ``<stem>-NN.png``; returns the paths."""
    import pypdfium2
    from PIL.PngImagePlugin import PngInfo

    from kitgen.io.files import atomic_path, kitgen_mark

    folder.mkdir(parents=True, exist_ok=True)
    written = []
    info = PngInfo()
    info.add_text("Software", kitgen_mark())  # how kitgen knows its own PNG again (io.files.written_by_kitgen)
    doc = pypdfium2.PdfDocument(str(pdf))
    try:
        for i in range(len(doc)):
            image = doc[i].render(scale=scale).to_pil()
            target = folder / f"{pdf.stem}-{i + 1:02d}.png"
            with atomic_path(target, force=force) as tmp:
                image.save(tmp, format="PNG", optimize=False, pnginfo=info)
            written.append(target)
    finally:
        doc.close()
    return written
