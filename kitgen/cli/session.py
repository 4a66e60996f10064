"""``kitgen session list|export``: the class sessions of ``kitgen serve`` from the command line (docs/web.md)."""

from __future__ import annotations

from typing import Any

from kitgen.api import Command, Context, Group, Option, Outcome, Values

DB = Option("db", str, None, "The class database: a SQLAlchemy URL (sqlite:///classes.db, "
            "postgresql+psycopg://user@host/db); default $KITGEN_DB, else a file in your user data folder.")
SESSION_ID = Option("id", str, None, "The session's id (the end of its link).", argument=True, required=True)
CSV = Option("csv", bool, False, "The ranking as CSV (for a spreadsheet).")


def _store(values: Values) -> Any:
    from kitgen.store import Store

    db = values["db"]
    return Store(db if isinstance(db, str) else None)


def _list(values: Values, context: Context) -> Outcome:
    store = _store(values)
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


def _export(values: Values, context: Context) -> Outcome:
    store = _store(values)
    session_id = str(values["id"])
    try:
        if values["csv"]:
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


COMMANDS = (
    Command("list", Group.TOP, "Every class session in the class database, newest first.", (DB,), _list,
            result=True),
    Command("export", Group.TOP, "A session's sheets, ranked (--csv: for a spreadsheet; --json: with each "
            "sheet's verdict).", (SESSION_ID, CSV, DB), _export, result=True),
)
