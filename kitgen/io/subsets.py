"""Distinct font subset tags in a joined PDF (issue 32; ISO 32000-1, 9.6.4).

Every embedded subset of a font is named ``TAG+FontName`` with a six-letter
tag, and two different subsets in one file must not share a tag: a print
shop's RIP may take the second for the first and drop its glyphs. reportlab
and weasyprint each tag their subsets uniquely within a document they write,
but the same way in every document (reportlab's first subset of Kitgen-Sans is
always ``HQEZCP+``), so a kit joined from several documents had one name for
several different subsets. ``unique_subset_tags`` renames each subset after
the font program it embeds: a tag is six letters of the SHA-256 of the font's
name and program, so the same subset keeps the same tag (and a kit stays
byte-identical run to run) and different subsets get different ones.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Iterator
from typing import Any

_TAGGED = re.compile(r"^/?[A-Z]{6}\+(.+)$")
FONT_FILES = ("/FontFile", "/FontFile2", "/FontFile3")


def subset_tag(name: str, program: bytes) -> str:
    """Six capital letters from the digest of a subset's font ``name`` and its ``program``."""
    digest = int.from_bytes(hashlib.sha256(name.encode() + b"\0" + program).digest()[:8], "big")
    letters = []
    for _ in range(6):
        digest, k = divmod(digest, 26)
        letters.append(chr(ord("A") + k))
    return "".join(letters)


def unique_subset_tags(pages: Iterable[Any]) -> None:
    """Rename, in place, every tagged subset font the ``pages`` (pypdf page objects) use, in their resources and
    in those of the forms they draw: ``BaseFont`` (a composite font's and its descendant's) and the descriptor's
    ``FontName``."""
    done: set[int] = set()
    for page in pages:
        for font in _fonts(page.get("/Resources"), set()):
            if id(font) not in done:
                done.add(id(font))
                _retag(font)


def _fonts(resources: Any, seen: set[int]) -> Iterator[Any]:
    """The font dictionaries of ``resources`` and of the form XObjects it names, recursively."""
    resources = resources.get_object() if resources is not None else None
    if resources is None or id(resources) in seen:
        return
    seen.add(id(resources))
    fonts = resources.get("/Font")
    for ref in (fonts.get_object().values() if fonts is not None else ()):
        yield ref.get_object()
    xobjects = resources.get("/XObject")
    for ref in (xobjects.get_object().values() if xobjects is not None else ()):
        form = ref.get_object()
        if form.get("/Subtype") == "/Form":
            yield from _fonts(form.get("/Resources"), seen)


def _retag(font: Any) -> None:
    from pypdf.generic import NameObject

    found = _TAGGED.match(str(font.get("/BaseFont", "")))
    descendants = font.get("/DescendantFonts")
    inner = descendants.get_object()[0].get_object() if descendants is not None else font
    descriptor = inner.get("/FontDescriptor")
    descriptor = descriptor.get_object() if descriptor is not None else None
    program = next((descriptor[key].get_object() for key in FONT_FILES if descriptor is not None and key in descriptor),
                   None)
    if found is None or program is None or descriptor is None:
        return
    tag = subset_tag(found.group(1), program.get_data())
    for holder, key in ((font, "/BaseFont"), (inner, "/BaseFont"), (descriptor, "/FontName")):
        own = _TAGGED.match(str(holder.get(key, "")))
        if own is not None:
            holder[NameObject(key)] = NameObject(f"/{tag}+{own.group(1)}")
