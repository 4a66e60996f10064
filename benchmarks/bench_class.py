#!/usr/bin/env python3
"""Issue "Class sessions": a class sending sheets, and kill -9 in the middle of it (127.0.0.1 only).

- 40 students, each on a device of its own (a loopback address of its own, 127.0.0.2 to 127.0.0.41), each
  sending a sheet every 5 s (the most a device may: 12 a minute) for 60 s, the issue's minute (``--seconds 20``
  for a quicker look) to one session of ``kitgen serve`` in a fresh process: p50 and p95 latency of a send
  (checked by the verifier and committed), target 0 errors;
- then a burst (every student sends its minute's 12 sheets, one every 0.4 s) while one of the server's worker
  processes (the verifier's) is killed with SIGKILL: the sends it held are refused in words (503), every other
  is acknowledged, and exactly the acknowledged sheets are stored, none twice;
- then the same burst while the server itself is killed with SIGKILL; restarted on the same database, each
  student sends again the sheet whose answer the kill cut off, with the same idempotency key (as the students'
  page does): every sheet ends acknowledged exactly once and the sheets stored are exactly those acknowledged
  (a sheet committed before the kill cut its answer off is answered from the database, not kept twice), each row
  whole. The script fails (exit 1) when stored and acknowledged differ.

``--db postgresql+psycopg://...`` runs it all on a PostgreSQL database instead of a fresh SQLite file (a school
server's database; the sessions it opens are its own, so the counts are the same).

Every sheet sent has a name of its own (student 7 #3) and a key of its own, so a sheet stored twice is seen.
"""

from __future__ import annotations

import argparse
import collections
import http.client
import json
import os
import re
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

from _common import report

ROOT = Path(__file__).resolve().parent.parent
SHEET = (ROOT / "samples" / "wordsearch" / "deal-1.txt").read_text()
STUDENTS = 40
SECONDS = 60.0
EVERY = 5.0
BURST_EVERY = 0.4
BURST_SENDS = 12


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


def send(port: int, session: str, student: int, number: int, key: str) -> tuple[int, str]:
    """One sheet from a student's own device, with its idempotency key: the answer's status and the id of the sheet
    kept ("" if none; "again:ID" when an earlier send of the key had kept it)."""
    body = urlencode({"name": f"student {student} #{number}", "sheet": SHEET, "key": key})
    status, answer, _ = request(port, "POST", f"/s/{session}", body, {
        "Origin": f"http://127.0.0.1:{port}", "X-Kitgen-Send": "1",
        "Content-Type": "application/x-www-form-urlencoded"}, source=f"127.0.0.{2 + student}")
    if status != 200:
        return status, ""
    document = json.loads(answer)
    return status, ("again:" if document.get("again") else "") + str(document.get("id", ""))


@dataclass
class Sends:
    """What a class was told: the latency of every answer, the ids of the sheets acknowledged, the other
    statuses, and the sends a dead server cut off (in flight)."""

    times: list[float] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)
    statuses: list[int] = field(default_factory=list)
    cut: int = 0
    again: int = 0
    """Sheets sent again after the restart that the server had kept before the kill cut their answer off."""
    unanswered: list[tuple[int, int, str]] = field(default_factory=list)
    """The sends a dead server never answered (student, number, key): sent again after the restart."""
    lock: threading.Lock = field(default_factory=threading.Lock)

    def one(self, port: int, session: str, student: int, number: int) -> bool:
        """Send one sheet and note the answer; False when the server is gone."""
        started = time.monotonic()
        key = secrets.token_hex(16)
        try:
            status, kept = send(port, session, student, number, key)
        except (OSError, http.client.HTTPException):  # the server died before or while it answered
            with self.lock:
                self.cut += 1
                self.unanswered.append((student, number, key))
            return False
        with self.lock:
            self.times.append(time.monotonic() - started)
            if kept:
                self.kept.append(kept)
            else:
                self.statuses.append(status)
        return True


def a_class(port: int, session: str, seconds: float, every: float, most: int = 10**6) -> Sends:
    """Every student sends a sheet every ``every`` seconds for ``seconds`` (``most`` sheets at most)."""
    sends = Sends()
    end = time.monotonic() + seconds

    def student(n: int) -> None:
        time.sleep(n * every / STUDENTS)  # spread over the interval, as a class would
        number = 0
        while time.monotonic() < end and number < most:
            started = time.monotonic()
            number += 1
            if not sends.one(port, session, n, number):
                return
            time.sleep(max(0.0, every - (time.monotonic() - started)))

    threads = [threading.Thread(target=student, args=(n,)) for n in range(STUDENTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sends


def stored(db: str, session: str) -> tuple[set[str], int]:
    """The ids of the sheets stored in a session, and how many sheets were stored more than once."""
    from kitgen.store import Store

    store = Store(db)
    try:
        entries = store.ranking(session)
        assert all(e.name and isinstance(e.verdict, dict) for e in entries)  # every row whole
        twice = sum(n - 1 for n in collections.Counter(e.name for e in entries).values())
        return {e.id for e in entries}, twice
    finally:
        store.close()


def worker_pids(server: int) -> list[int]:
    """The server's worker processes: the children of its fork server (its own child)."""
    def children(pid: int) -> list[int]:
        found = Path(f"/proc/{pid}/task/{pid}/children")
        return [int(p) for p in found.read_text().split()] if found.exists() else []

    return [worker for forkserver in children(server) for worker in children(forkserver)]


def load(port: int, seconds: float) -> float:
    """The class at its steady pace: p50 and p95 latency, target 0 errors; returns p95."""
    sends = a_class(port, open_session(port), seconds, EVERY)
    times = sorted(sends.times)
    p95 = times[int(0.95 * (len(times) - 1))]
    errors = len(sends.statuses) + sends.cut
    report(f"{STUDENTS} students, a sheet every {EVERY:g} s: send p50", statistics.median(times))
    report(f"  p95 ({len(times)} sends in {seconds:g} s, {errors} errors)", p95, target="0 errors", ok=not errors)
    return p95


def resend(port: int, session: str, sends: Sends) -> None:
    """Each sheet the kill left unanswered, sent again with its own key until the restarted server answers (as the
    students' page does: status 0, 502, 503 or 504 is sent again)."""
    waiting, sends.unanswered = sends.unanswered, []
    for student, number, key in waiting:
        for _ in range(60):
            try:
                status, kept = send(port, session, student, number, key)
            except (OSError, http.client.HTTPException):
                status, kept = 0, ""
            if status not in (0, 502, 503, 504):
                break
            time.sleep(0.5)
        if kept.startswith("again:"):
            sends.again += 1
        if kept:
            sends.kept.append(kept.removeprefix("again:"))
        else:
            sends.statuses.append(status)


def killed(what: str, sends: Sends, ids: set[str], twice: int, resent: bool) -> bool:
    """The line of a kill: acknowledged, stored, doubled, lost; stored = acknowledged, exactly."""
    acknowledged = set(sends.kept)
    lost = len(acknowledged - ids)
    extra = len(ids - acknowledged)
    once = len(sends.kept) == len(acknowledged)
    fine = not lost and not twice and not extra and once and len(ids) == len(acknowledged) and \
        set(sends.statuses) <= {503}
    refused = sorted(collections.Counter(sends.statuses).items())
    print(f"kill -9 of {what} mid-burst: {len(sends.kept)} acknowledged, {len(ids)} stored, {lost} lost, "
          f"{twice} doubled, {sends.cut} cut off in flight"
          f"{f' and sent again with their keys ({sends.again} kept before the kill)' if resent else ''}, "
          f"refused (status, sends) {refused}   target stored = acknowledged, 0 lost, 0 doubled"
          f"   {'OK' if fine else 'MISSED'}", flush=True)
    return fine


def burst_killing(port: int, db: str, kill: Callable[[], None], seconds: float) -> tuple[Sends, str]:
    """Every student sends its minute's sheets as fast as it may while ``kill`` runs ``seconds`` in."""
    session = open_session(port)
    killer = threading.Timer(seconds, kill)
    killer.start()
    sends = a_class(port, session, BURST_SENDS * BURST_EVERY + 1, BURST_EVERY, BURST_SENDS)
    killer.join()
    return sends, session


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=SECONDS, help="how long the class sends at its pace")
    parser.add_argument("--db", default="", help="the class database (a PostgreSQL URL on this machine, for a "
                        "school server's database; its sessions are new ones); a fresh SQLite file by default")
    args = parser.parse_args(argv)
    seconds = args.seconds
    db = args.db or f"sqlite:///{Path(tempfile.mkdtemp(prefix='kitgen-class-bench-')) / 'classes.db'}"
    port = free_port()
    server = Server(db, port)
    p95 = load(port, seconds)

    def kill_a_worker() -> None:
        os.kill(worker_pids(server.process.pid)[0], signal.SIGKILL)

    sends, session = burst_killing(port, db, kill_a_worker, 2.0)
    worker_fine = killed("a worker (the verifier's)", sends, *stored(db, session), resent=False)
    sends2, session2 = burst_killing(port, db, server.kill, 2.0)
    restarted = Server(db, port)
    resend(port, session2, sends2)
    restarted.stop()
    ids, twice = stored(db, session2)
    server_fine = killed("the server, then restarted", sends2, ids, twice, resent=True)
    print(json.dumps({"p95_ms": round(p95 * 1000, 1), "worker_kill_ok": worker_fine,
                      "server_kill_ok": server_fine, "acknowledged": len(sends2.kept), "stored": len(ids),
                      "answered_from_the_database": sends2.again}))
    return 0 if worker_fine and server_fine and len(ids) == len(sends2.kept) else 1


if __name__ == "__main__":
    os.environ.setdefault("KITGEN_CACHE_DIR", "off")
    raise SystemExit(main(sys.argv[1:]))
