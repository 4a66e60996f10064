"""PNG previews of a PDF's pages (pypdfium2), for sharing a kit or a sheet and for the web app."""

from __future__ import annotations

from pathlib import Path


def write_previews(pdf: Path, folder: Path, scale: float = 1.0, force: bool = False) -> list[Path]:
    """PNG previews of every page of ``pdf`` (pypdfium2), named ``<stem>-NN.png``; returns the paths."""
    import pypdfium2

    from kitgen.io.files import atomic_path

    folder.mkdir(parents=True, exist_ok=True)
    written = []
    doc = pypdfium2.PdfDocument(str(pdf))
    try:
        for i in range(len(doc)):
            image = doc[i].render(scale=scale).to_pil()
            target = folder / f"{pdf.stem}-{i + 1:02d}.png"
            with atomic_path(target, force=force) as tmp:
                image.save(tmp, format="PNG", optimize=False)
            written.append(target)
    finally:
        doc.close()
    return written
