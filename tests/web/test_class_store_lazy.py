"""`kitgen serve` starts without the class database's SQLAlchemy (issue 25's bench bar: importing it as the server
started was some 0.4 s of CPU of every start, issue 29's class sessions): the store is imported at the first
request that uses it, and the class pages work as before (tests/web/test_classroom_http.py tests them in full)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SERVE = """
import re, sys
from starlette.testclient import TestClient
from kitgen.cli import serve
from kitgen.web.app import create_app

def loaded():
    return sorted(n for n in ("sqlalchemy", "alembic", "kitgen.store.store", "kitgen.store.rooms") if n in sys.modules)

app = create_app(db=sys.argv[1])
print("STARTED", loaded())
with TestClient(app, base_url="http://testserver", follow_redirects=False) as client:
    pages = [client.get(path).status_code for path in ("/", "/check", "/class", "/room", "/api/games")]
    print("PAGES", pages, loaded())
    token = re.search(r'name="token" value="([0-9a-f]+)"', client.get("/class").text).group(1)
    form = {"token": token, "kind": "wordsearch", "title": "Class 4B", "deal": "1", "lang": "en"}
    opened = client.post("/class", data=form, headers={"Origin": "http://testserver"})
    teacher = client.get(opened.headers["location"])
    print("CLASS", opened.status_code, teacher.status_code, "Class 4B" in teacher.text, loaded())
"""


def test_the_server_starts_and_serves_its_pages_without_sqlalchemy_until_a_class_uses_it(tmp_path: Path) -> None:
    run = subprocess.run([sys.executable, "-c", SERVE, f"sqlite:///{tmp_path / 'classes.db'}"], capture_output=True,
                         text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    lines = dict(line.split(" ", 1) for line in run.stdout.splitlines() if line.split(" ", 1)[0].isupper())
    assert lines["STARTED"] == "[]"
    assert lines["PAGES"] == "[200, 200, 200, 200, 200] []"
    assert lines["CLASS"] == "303 200 True ['alembic', 'kitgen.store.rooms', 'kitgen.store.store', 'sqlalchemy']"
