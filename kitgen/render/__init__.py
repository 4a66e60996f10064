"""PDF output: reportlab for geometry (grids, cards, nets), jinja2 + weasyprint for documents.

Renderers take plain objects from ``rules``/``engine`` and write files; they
hold no game rules.
"""
