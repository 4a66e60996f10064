"""A PDF's printed content as a canonical description, and a digest of it, for the golden tests.

Raw PDF bytes are a poor thing to pin: they change with a producer string,
a font subset's name, a compression level or a reportlab release, none of
which changes the print. ``describe`` keeps what reaches the paper, page by
page, in four fields:

* ``boxes``: the MediaBox, and the TrimBox and BleedBox when the page has
  them (``None`` when not), rounded to 0.01 pt, and the page's rotation;
* ``fonts``: the base names of the fonts the page draws with (``Tf``, in
  the page and in the forms it draws), subset prefixes (``ABCDEF+``) gone;
* ``text``: the text pypdf extracts, whitespace runs made single spaces;
* ``geometry``: the content stream's operators (pypdf ``ContentStream``):
  paths, painting, clipping, graphics state, colours, text font/size and
  positions, numbers rounded to 0.01. Strings shown by ``Tj``/``TJ``/``'``/
  ``"`` are dropped (the text field has them; glyph codes depend on
  subsetting), and so is every change of font that only switches between
  subsets of one font at one size, with the shows it splits merged: which
  characters share a subset depends on what the *whole document* used
  first, so keeping them would make an edit on page 1 show up as a change
  on page 9. Form XObjects (the deck's cards) are followed: ``Do`` is
  recorded with the form's BBox, Matrix and its own operators; an image
  with its size, colour space and a hash of its data.

Nothing from the document's metadata, IDs, dates or object numbers is used,
so the description is the same on every run and machine for the same
drawing. ``digest`` is the sha256 of its canonical JSON; ``page_digests``
gives a short digest per page and field, so a failing comparison can say
where the print changed.
"""

from __future__ import annotations

import hashlib
import io
import json
import logging
import re
from typing import Any

FIELDS = ("boxes", "fonts", "text", "geometry")

PATH_OPS = {"m", "l", "c", "v", "y", "h", "re"}
PAINT_OPS = {"S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "n", "W", "W*"}
STATE_OPS = {"w", "J", "j", "M", "d", "cm", "q", "Q", "i", "ri"}
COLOUR_OPS = {"rg", "RG", "g", "G", "k", "K", "cs", "CS", "sc", "SC", "scn", "SCN"}
TEXT_STATE_OPS = {"Td", "TD", "Tm", "T*"}
TEXT_SETTINGS = {"TL", "Tc", "Tw", "Tz", "Ts", "Tr"}
"""Text state kept only where it changes (with ``Tf``), as a subset switch repeats them."""
SHOW_OPS = {"Tj", "TJ", "'", '"'}
KEPT = PATH_OPS | PAINT_OPS | STATE_OPS | COLOUR_OPS | TEXT_STATE_OPS
"""Besides these: ``Tf`` (as base font and size) and ``TEXT_SETTINGS``, the text shows, ``gs`` (its ExtGState's
values) and ``Do``."""

_SUBSET = re.compile(r"^[A-Z]{6}\+")
_MAX_FORM_DEPTH = 8


def _num(x: float) -> float:
    r = round(float(x), 2)
    return 0.0 if r == 0 else r  # no -0.0


def _value(obj: Any) -> Any:
    """A PDF operand as plain JSON: numbers rounded, names as text, arrays as lists, strings dropped."""
    from pypdf.generic import ArrayObject, BooleanObject, DictionaryObject, NameObject, NullObject

    if isinstance(obj, BooleanObject | bool):
        return bool(obj)
    if isinstance(obj, int | float):
        return _num(obj)
    if isinstance(obj, NameObject):
        return str(obj)
    if isinstance(obj, ArrayObject | list):
        return [_value(v) for v in obj]
    if isinstance(obj, DictionaryObject):
        return {str(k): _value(v) for k, v in sorted(obj.items()) if not isinstance(v, DictionaryObject)}
    if isinstance(obj, NullObject) or obj is None:
        return None
    return "<string>"


def _box(page: Any, key: str) -> list[float] | None:
    box = page.get(key)
    return None if box is None else [_num(v) for v in box.get_object()]


def _base_font(resources: Any, name: Any) -> str:
    try:
        font = resources["/Font"][name].get_object()
        return _SUBSET.sub("", str(font["/BaseFont"]).lstrip("/"))
    except (KeyError, TypeError, AttributeError):
        return f"?{name}"  # drawn with a font the resources do not name: a broken PDF, shown as such


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


class _Walker:
    """Turns content streams into the geometry list, following forms (each parsed once)."""

    def __init__(self, reader: Any) -> None:
        self.reader = reader
        self.forms: dict[Any, dict[str, Any]] = {}
        self.fonts: set[str] = set()

    def ops(self, contents: Any, resources: Any, depth: int = 0) -> list[list[Any]]:
        from pypdf.generic import ContentStream

        if contents is None:
            return []
        resources = resources.get_object() if resources is not None else {}
        out: list[list[Any]] = []
        # The text state (the effective font and size, leading, spacings...), saved and restored with q/Q: a
        # setting that does not change it is not drawn (reportlab sets Tf and TL again at every subset switch).
        text_state: dict[str, Any] = {}
        saved: list[dict[str, Any]] = []
        stream = contents if isinstance(contents, ContentStream) else ContentStream(contents, self.reader)
        for operands, raw in stream.operations:
            op = raw.decode("latin-1") if isinstance(raw, bytes) else str(raw)
            if op in SHOW_OPS or op == "Tf" or op in TEXT_SETTINGS:
                self._text_op(op, operands, resources, text_state, out)
            elif op == "q":
                saved.append(dict(text_state))
                out.append(["q"])
            elif op == "Q":
                text_state = saved.pop() if saved else {}
                out.append(["Q"])
            else:
                self._other_op(op, operands, resources, depth, out)
        return out

    def _text_op(self, op: str, operands: Any, resources: Any, text_state: dict[str, Any],
                 out: list[list[Any]]) -> None:
        """A text show (one entry however a subset switch splits it) or a text setting that changes the state."""
        if op in SHOW_OPS:
            shown = [_value(v) for v in operands if isinstance(v, int | float)]  # " keeps its spacings
            if op not in ("Tj", "TJ"):
                out.append([op, *shown])
            elif not (out and out[-1] == ["Tj"]):  # one show split by a subset switch is one
                out.append(["Tj"])
            return
        if op == "Tf":
            base = _base_font(resources, operands[0])
            self.fonts.add(base)
            values: list[Any] = [base, _num(operands[1])]
        else:
            values = [_value(v) for v in operands]
        if text_state.get(op) != values:
            text_state[op] = values
            out.append([op, *values])

    def _other_op(self, op: str, operands: Any, resources: Any, depth: int, out: list[list[Any]]) -> None:
        """Inline images, graphics states, XObjects and the other operators kept."""
        if op == "INLINE IMAGE":
            out.append(["BI", _sha(bytes(operands.get("data", b"")))[:16]])
        elif op == "gs":
            try:
                state = resources["/ExtGState"][operands[0]].get_object()
            except (KeyError, TypeError):
                state = None
            out.append(["gs", _value(state)])
        elif op == "Do":
            out.append(["Do", self.xobject(resources, operands[0], depth)])
        elif op in KEPT:
            out.append([op, *(_value(v) for v in operands)])

    def xobject(self, resources: Any, name: Any, depth: int) -> Any:
        try:
            ref = resources["/XObject"].raw_get(name)
        except (KeyError, TypeError, AttributeError):
            return f"?{name}"
        key = (ref.idnum, ref.generation) if hasattr(ref, "idnum") else id(ref)
        if key in self.forms:
            return self.forms[key]
        xobj = ref.get_object()
        kind = xobj.get("/Subtype")
        if kind == "/Form" and depth < _MAX_FORM_DEPTH:
            desc: dict[str, Any] = {
                "bbox": _value(xobj.get("/BBox")),
                "matrix": _value(xobj.get("/Matrix", [1, 0, 0, 1, 0, 0])),
                "ops": self.ops(xobj, xobj.get("/Resources", resources), depth + 1),
            }
        elif kind == "/Image":
            desc = {"image": [_value(xobj.get("/Width")), _value(xobj.get("/Height"))],
                    "bits": _value(xobj.get("/BitsPerComponent")),
                    "colour_space": _value(xobj.get("/ColorSpace")),
                    "data": _sha(xobj.get_data())[:16]}
        else:
            desc = {"xobject": str(kind)}
        self.forms[key] = desc
        return desc


def describe(pdf: bytes) -> dict[str, Any]:
    """A canonical, JSON-serialisable description of what ``pdf`` prints (see the module's docstring)."""
    from pypdf import PdfReader

    # pypdf logs what it repairs on reading; the description is of what is drawn, so the log is not wanted here
    # (a PDF too broken to read raises instead).
    log = logging.getLogger("pypdf")
    level = log.level
    log.setLevel(logging.ERROR)
    try:
        reader = PdfReader(io.BytesIO(pdf))
        pages = []
        for page in reader.pages:
            walker = _Walker(reader)
            geometry = walker.ops(page.get_contents(), page.get("/Resources"))
            pages.append({
                "boxes": {"media": [_num(v) for v in page.mediabox], "trim": _box(page, "/TrimBox"),
                          "bleed": _box(page, "/BleedBox"), "rotate": int(page.rotation) % 360},
                "fonts": sorted(walker.fonts),
                "text": " ".join(page.extract_text().split()),
                "geometry": geometry,
            })
    finally:
        log.setLevel(level)
    return {"page_count": len(pages), "pages": pages}


def canonical(obj: Any) -> bytes:
    """The one JSON text of ``obj``: sorted keys, no spaces, ASCII."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False).encode()


def digest_of(description: dict[str, Any]) -> str:
    return _sha(canonical(description))


def page_digests(description: dict[str, Any]) -> list[dict[str, str]]:
    """For each page, a short digest of each field (``FIELDS``): where a change is."""
    return [{field: _sha(canonical(page[field]))[:16] for field in FIELDS} for page in description["pages"]]


def digest(pdf: bytes) -> str:
    """The sha256 of ``describe(pdf)``'s canonical JSON: equal for PDFs that print the same."""
    return digest_of(describe(pdf))
