"""Stroked paths of a PDF page as pdfium sees them (every transformation applied): for tests that measure lines."""

from __future__ import annotations

import ctypes


def page_paths(data: bytes | str, page: int) -> list[tuple[float, bool, bool, list[tuple[int, float, float]]]]:
    """(line width, stroked, dashed, [(segment type, x, y), ...] on the page) of every path of page ``page``
    (0-based) of a PDF (bytes or a file name)."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    document = pdfium.PdfDocument(data)
    out = []
    try:
        for obj in document[page].get_objects():
            if obj.type != raw.FPDF_PAGEOBJ_PATH:
                continue
            fill, stroke, width = ctypes.c_int(), ctypes.c_int(), ctypes.c_float()
            raw.FPDFPath_GetDrawMode(obj.raw, ctypes.byref(fill), ctypes.byref(stroke))
            raw.FPDFPageObj_GetStrokeWidth(obj.raw, ctypes.byref(width))
            a, b, c, d, e, f = obj.get_matrix().get()
            points = []
            for i in range(raw.FPDFPath_CountSegments(obj.raw)):
                seg = raw.FPDFPath_GetPathSegment(obj.raw, i)
                x, y = ctypes.c_float(), ctypes.c_float()
                raw.FPDFPathSegment_GetPoint(seg, ctypes.byref(x), ctypes.byref(y))
                points.append((raw.FPDFPathSegment_GetType(seg), a * x.value + c * y.value + e,
                               b * x.value + d * y.value + f))
            out.append((round(width.value, 2), bool(stroke.value), raw.FPDFPageObj_GetDashCount(obj.raw) > 0, points))
    finally:
        document.close()
    return out
