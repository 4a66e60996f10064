"""``kitgen session list|export``: the class sessions of ``kitgen serve`` from the command line (docs/web.md)."""

from __future__ import annotations

import dataclasses
from typing import Any

from kitgen.api import PAPER, Command, Context, Group, Option, Options, Outcome, OutFile, Paper, opt, required, typed

DB = Option("db", str, None, "The class database: a SQLAlchemy URL (sqlite:///classes.db, "
            "postgresql+psycopg://user@host/db); default $KITGEN_DB, else a file in your user data folder.")
SESSION_ID = Option("id", str, None, "The session's id (the end of its link).", argument=True, required=True)
CSV = Option("csv", bool, False, "The ranking as CSV (for a spreadsheet).")
URL = Option("url", str, None, "The address students' phones open kitgen serve at (http://192.168.1.20:8000): "
             "printed on every sheet as a QR code and as text.", required=True)
SHEETS = Option("count", int, 30, "How many sheets (1..60).", minimum=1, maximum=60)


class ListOptions(Options):
    """``kitgen list``: the class database."""

    db: str | None = opt(DB)


class ExportOptions(ListOptions):
    """``kitgen export ID``: the session, and whether as CSV."""

    id: str = dataclasses.field(metadata=required(SESSION_ID))
    csv: bool = opt(CSV)


class SheetsOptions(ListOptions):
    """``kitgen sheets ID --url URL``: the session's class set."""

    id: str = dataclasses.field(metadata=required(SESSION_ID))
    url: str = dataclasses.field(metadata=required(URL))
    count: int = opt(SHEETS)
    paper: Paper = opt(PAPER)


def _store(opts: ListOptions) -> Any:
    from kitgen.store import Store

    return Store(opts.db)


def _list(opts: ListOptions, context: Context) -> Outcome:
    store = _store(opts)
    try:
        sessions = store.sessions()
    finally:
        store.close()
    lines = [f"{s.id}  {s.created_at:%Y-%m-%d %H:%M}  {s.kind:<12} {s.submissions:>4} sheets"
             f"{'  closed' if s.closed else ''}  {s.title}" for s in sessions] or ["no class sessions yet"]
    document = [{"id": s.id, "kind": s.kind, "title": s.title, "options": dict(s.options),
                 "created_at": s.created_at.isoformat(), "closed": s.closed, "submissions": s.submissions}
                for s in sessions]
    return Outcome(lines=lines, document=document)


def _export(opts: ExportOptions, context: Context) -> Outcome:
    store = _store(opts)
    session_id = opts.id
    try:
        if opts.csv:
            return Outcome(lines=store.export_csv(session_id).splitlines())
        info = store.session(session_id)
        ranking = store.ranking(session_id)
    finally:
        store.close()
    lines = [f"{info.title} ({info.kind}): {len(ranking)} sheets{', closed' if info.closed else ''}"]
    lines += [f"{e.rank or '-':>3}. {e.name}: {'-' if e.score is None else e.score}"
              f"{'' if e.ok else ' (breaks a rule)'}" for e in ranking]
    document = {"id": info.id, "kind": info.kind, "title": info.title, "options": dict(info.options),
                "closed": info.closed,
                "ranking": [{"rank": e.rank or None, "name": e.name, "score": e.score, "ok": e.ok,
                             "sent_at": e.created_at.isoformat(), "verdict": dict(e.verdict)} for e in ranking]}
    return Outcome(lines=lines, document=document)


def _sheets(opts: SheetsOptions, context: Context) -> Outcome:
    """A session's class set, every sheet with the QR code of its students' page (as the teacher's page prints)."""
    from urllib.parse import urlsplit

    from kitgen import api
    from kitgen.store.kinds import CAPTION, KINDS, class_set_copies, class_set_options, student_link

    base = opts.url
    parts = urlsplit(base)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.path.strip("/") or parts.query:
        raise api.InputError(f"--url must be the server's address, like http://192.168.1.20:8000 (got {base!r})")
    store = _store(opts)
    try:
        info = store.session(opts.id)
    finally:
        store.close()
    kind = KINDS[info.kind]
    count = opts.count
    given = class_set_options(info.kind, info.options, count, opts.paper.value)
    link = student_link(base, info.id)

    def pdf() -> bytes:
        printed = api.copies(api.render(kind.game, kind.component, **given), class_set_copies(info.kind, count))
        return api.stamp_link(printed, link, CAPTION)

    suffix = "" if given["paper"] == "a4" else f"-{given['paper']}"
    return Outcome(files=[OutFile(f"class-{info.id}-x{count}{suffix}.pdf", pdf)],
                   lines=[f"students open {link}"])


COMMANDS = (
    Command("list", Group.TOP, "Every class session in the class database, newest first.", (DB,),
            typed(ListOptions, _list), result=True),
    Command("export", Group.TOP, "A session's sheets, ranked (--csv: for a spreadsheet; --json: with each "
            "sheet's verdict).", (SESSION_ID, CSV, DB), typed(ExportOptions, _export),
            result=True),
    Command("sheets", Group.TOP, "A session's class set: the deal's sheets, each with a QR code students scan to "
            "send it from a phone.", (SESSION_ID, URL, SHEETS, PAPER, DB),
            typed(SheetsOptions, _sheets), writes=True),
)
