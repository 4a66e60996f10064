#!/usr/bin/env python3
"""Issue 33: what the document cache's safety costs and what the compiled-template cache saves.

* The kit's five templates compiled in a fresh jinja2 environment, with and without the compiled templates kept in
  the cache folder (kitgen/io/documents.py ``_template_cache``): the gain decides whether keeping compiled
  templates (code, loaded only from a folder of the user's own) is worth it. Target: a gain of 10 ms or more.
* Checking a cached rules document before use (its digest and a pypdf parse: kitgen/io/cache.py ``check``)
  beside typesetting it again, the naive way. Target: the check is under 5% of the typesetting.
"""

from __future__ import annotations

import tempfile
from typing import Any

from _common import fmt, median_seconds, report

TEMPLATES = ["kit/front.html", "rules/3dxword.html", "rules/crossword.html", "rules/game-of-words.html",
             "rules/wordsearch.html"]


def compile_all(bytecode: Any) -> None:
    """The kit's templates compiled in a fresh environment set up as kitgen's (``kitgen.io.documents.environment``:
    the i18n extension their ``{% trans %}`` needs among it)."""
    from kitgen.io.documents import environment

    env = environment(bytecode)
    for name in TEMPLATES:
        env.get_template(name)


def main() -> int:
    import os

    with tempfile.TemporaryDirectory() as folder:
        os.environ["KITGEN_CACHE_DIR"] = folder
        from kitgen.io.documents import _template_cache

        kept = _template_cache()
        compile_all(kept)  # fills the folder
        cold = median_seconds(lambda: compile_all(None), repeat=9)
        warm = median_seconds(lambda: compile_all(kept), repeat=9)
        report("kit templates, compiled templates kept", warm, cold, target="gain >=10 ms", ok=cold - warm >= 0.010)
        print(f"  gain a process: {fmt(cold - warm)}", flush=True)

        from kitgen.io import cache
        from kitgen.io.documents import render_html, typeset
        from kitgen.io.pdf import Paper

        html = render_html("rules/crossword.html", paper="a4", title="kitgen", seed=None)
        data = typeset([html], Paper.a4)[0]
        digest = cache.entry_digest("k" * 40, data).encode()
        check = median_seconds(lambda: cache.check("k" * 40, data, digest), repeat=9)
        again = median_seconds(lambda: typeset([html], Paper.a4), repeat=3)
        report("check a cached rules document", check, again, target="<5% of typesetting", ok=check < again * 0.05)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
