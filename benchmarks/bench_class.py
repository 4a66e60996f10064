#!/usr/bin/env python3
"""Issue "Class sessions": a class sending sheets, and a server killed in the middle of it (127.0.0.1 only).

- 40 students, each on a device of its own (a loopback address of its own, 127.0.0.2 to 127.0.0.41), each
  sending a sheet every 5 s (the most a device may: 12 a minute) for 60 s to one session of ``kitgen serve``
  in a fresh process: p50 and p95 latency of a send (checked by the verifier and committed), target 0 errors;
- then the same class sending as fast as they may while the server is killed with SIGKILL; restarted on the
  same database: every sheet a student was told is kept is there, and nothing else but sheets whose answer
  the kill cut off (in flight), each row whole.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlencode

from _common import report

ROOT = Path(__file__).resolve().parent.parent
SHEET = (ROOT / "samples" / "wordsearch" / "deal-1.txt").read_text()
STUDENTS = 40
SECONDS = 60.0
EVERY = 5.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    def __init__(self, db: str, port: int) -> None:
        self.port, self.db = port, db
        self.process = subprocess.Popen([sys.executable, "-m", "kitgen", "serve", "--port", str(port), "--db", db],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if request(port, "GET", "/class")[0] == 200:
                    break
            except OSError:
                time.sleep(0.05)
        while time.monotonic() < deadline:  # the workers warm (the lexicon, the verifier) before the class starts
            try:
                if request(port, "POST", "/api/verify/wordsearch?deal=1", SHEET)[0] == 200:
                    return
            except OSError:
                time.sleep(0.05)
        raise SystemExit("kitgen serve did not start")

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(10)


def request(port: int, method: str, path: str, body: str | None = None, headers: dict[str, str] | None = None,
            source: str = "127.0.0.1") -> tuple[int, bytes, http.client.HTTPResponse]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60, source_address=(source, 0))
    try:
        connection.request(method, path, body=body, headers=headers or {})
        answer = connection.getresponse()
        return answer.status, answer.read(), answer
    finally:
        connection.close()


def open_session(port: int) -> str:
    status, page, _ = request(port, "GET", "/class")
    token = re.search(rb'name="token" value="([0-9a-f]+)"', page)
    assert status == 200 and token
    form = urlencode({"token": token.group(1).decode(), "kind": "wordsearch", "title": "bench", "deal": "1",
                      "lang": "en"})
    status, _, answer = request(port, "POST", "/class", form, {
        "Origin": f"http://127.0.0.1:{port}", "Content-Type": "application/x-www-form-urlencoded"})
    assert status == 303, status
    return answer.getheader("location", "").split("/")[2].split("?")[0]


def send(port: int, session: str, student: int) -> int:
    body = urlencode({"name": f"student {student}", "sheet": SHEET})
    status, _, _ = request(port, "POST", f"/s/{session}", body, {
        "Origin": f"http://127.0.0.1:{port}", "X-Kitgen-Send": "1",
        "Content-Type": "application/x-www-form-urlencoded"}, source=f"127.0.0.{2 + student}")
    return status


def a_class(port: int, session: str, seconds: float, every: float) -> tuple[list[float], list[int], int, int]:
    """Every student sends a sheet every ``every`` seconds for ``seconds``: latencies, error statuses, the sheets
    acknowledged (200) and the sends cut off by a dead server (in flight)."""
    times: list[float] = []
    errors: list[int] = []
    counts = {"ok": 0, "cut": 0}
    lock = threading.Lock()
    end = time.monotonic() + seconds

    def student(n: int) -> None:
        time.sleep(n * every / STUDENTS)  # spread over the interval, as a class would
        while time.monotonic() < end:
            started = time.monotonic()
            try:
                status = send(port, session, n)
            except OSError:
                with lock:
                    counts["cut"] += 1
                return
            with lock:
                times.append(time.monotonic() - started)
                if status == 200:
                    counts["ok"] += 1
                else:
                    errors.append(status)
            time.sleep(max(0.0, every - (time.monotonic() - started)))

    threads = [threading.Thread(target=student, args=(n,)) for n in range(STUDENTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return times, errors, counts["ok"], counts["cut"]


def stored(db: str, session: str) -> int:
    from kitgen.store import Store

    store = Store(db)
    try:
        entries = store.ranking(session)
        assert all(e.name and isinstance(e.verdict, dict) for e in entries)  # every row whole
        return len(entries)
    finally:
        store.close()


def main() -> int:
    folder = tempfile.mkdtemp(prefix="kitgen-class-bench-")
    db = f"sqlite:///{Path(folder) / 'classes.db'}"
    port = free_port()
    server = Server(db, port)
    session = open_session(port)
    times, errors, ok, _ = a_class(port, session, SECONDS, EVERY)
    times.sort()
    p95 = times[int(0.95 * (len(times) - 1))]
    report(f"{STUDENTS} students, a sheet every {EVERY:g} s: send p50", statistics.median(times))
    report(f"  p95 ({len(times)} sends, {len(errors)} errors)", p95, target="0 errors", ok=not errors)

    second = open_session(port)
    killer = threading.Timer(4.0, server.kill)
    killer.start()
    _, errors2, acknowledged, cut = a_class(port, second, 8.0, EVERY)
    killer.join()
    Server(db, port).stop()
    kept = stored(db, second)
    fine = acknowledged <= kept <= acknowledged + cut
    print(f"killed with SIGKILL mid-burst: {acknowledged} acknowledged, {kept} stored, {cut} cut off in flight,"
          f" other answers {sorted(set(errors2))}   target stored = acknowledged (+ in flight)"
          f"   {'OK' if fine else 'MISSED'}", flush=True)
    print(json.dumps({"p50_ms": round(statistics.median(times) * 1000, 1), "p95_ms": round(p95 * 1000, 1),
                      "sends": len(times), "errors": len(errors), "acknowledged": acknowledged, "stored": kept}))
    return 0


if __name__ == "__main__":
    os.environ.setdefault("KITGEN_CACHE_DIR", "off")
    raise SystemExit(main())
