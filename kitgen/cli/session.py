"""``kitgen session list|export``: the class sessions of ``kitgen serve`` from the command line (docs/web.md)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from kitgen.api import (
    PAPER,
    Command,
    Context,
    Group,
    LangCode,
    Option,
    Options,
    OptionValue,
    Outcome,
    OutFile,
    Paper,
    ngettext,
    opt,
    required,
    typed,
)
from kitgen.api import gettext as _

DB = Option("db", str, None, "The class database: a SQLAlchemy URL (sqlite:///classes.db, "
            "postgresql+psycopg://user@host/db); default $KITGEN_DB, else a file in your user data folder.")
SESSION_ID = Option("id", str, None, "The session's id (the end of its link).", argument=True, required=True)
CSV = Option("csv", bool, False, "The ranking as CSV (for a spreadsheet).")
URL = Option("url", str, None, "The address students' phones open kitgen serve at (http://192.168.1.20:8000): "
             "printed on every sheet as a QR code and as text.", required=True)
SHEETS = Option("count", int, 30, "How many sheets (1..60).", minimum=1, maximum=60)
TEXT_LANG_TOO = Option("lang", LangCode, None, "Language of the text (the same as --text-lang: a session's words "
                       "are its own): en (default), fr, de, es, it, nl, pt, sv, pl, tr, ru or el.")
"""``--lang`` of the session commands, as every other command takes it (``kitgen session list --lang fr``)."""


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
    lines = [f"{s.id}  {s.created_at:%Y-%m-%d %H:%M}  {s.kind:<12} {_sheets_count(s.submissions, 4)}"
             f"{'  ' + _('closed') if s.closed else ''}  {s.title}" for s in sessions] or [_("no class sessions yet")]
    document = [{"id": s.id, "kind": s.kind, "title": s.title, "options": dict(s.options),
                 "created_at": s.created_at.isoformat(), "closed": s.closed, "submissions": s.submissions}
                for s in sessions]
    return Outcome(lines=lines, document=document)


def _sheets_count(count: int, width: int = 0) -> str:
    """``  2 sheets``: how many sheets a session holds, the number right-aligned in ``width`` places."""
    return ngettext("{count} sheet", "{count} sheets", count).format(count=f"{count:>{width}}")


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
    lines = [_("{title} ({kind}): {sheets}").format(title=info.title, kind=info.kind,
                                                    sheets=_sheets_count(len(ranking)))
             + (", " + _("closed") if info.closed else "")]
    lines += [f"{e.rank or '-':>3}. "
              + _("{name}: {score}").format(name=e.name, score="-" if e.score is None else e.score)
              + ("" if e.ok else f" ({_('breaks a rule')})") for e in ranking]
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
        raise api.InputError(_("--url must be the server's address, like {example} (got {given})").format(
            example="http://192.168.1.20:8000", given=repr(base)))
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
                   lines=[_("students open {link}").format(link=link)])


SESSION = Option("session", str, None, "A class session's id: print its class set instead (the same as kitgen "
                 "session sheets ID; needs --url).")
SESSION_URL = dataclasses.replace(URL, required=False)
SESSION_COUNT = Option("count", int, None, "How many sheets (1..1000; with --session 1..60, 30 if not given).",
                       minimum=1, maximum=1000)
SESSION_FLAGS = (SESSION, SESSION_URL, DB)
"""What ``kitgen sheet`` takes besides its own options: the class set from the command line in the issue's words
(``kitgen sheet --session ID``). The games know nothing of sessions, so the command line adds them."""
MADE_BY_SESSION = ("seed", "book", "lang", "two_cell_ij", "per_page", "large_print")
"""``kitgen sheet``'s options a session decides (its deal, its language): refused beside ``--session``."""


def with_session(command: Command) -> Command:
    """``kitgen sheet`` with ``--session ID``: the session's class set, by the same code as ``kitgen session sheets
    ID`` (one implementation, two ways to ask); without it the command as declared. Other commands unchanged."""
    if command.name != "sheet" or command.group is not Group.TOP:
        return command
    declared = {o.name: o for o in command.options}
    own_count = declared["count"].default

    def run(values: Mapping[str, OptionValue], context: Context) -> Outcome:
        from kitgen import api

        given = dict(values)
        session_id, url, db = (given.pop(o.name, None) for o in SESSION_FLAGS)
        if session_id is None:
            if url is not None or db is not None:
                raise api.InputError(_("--url and --db go with --session ID (the class set of a class session)"))
            return command.run({**given, "count": own_count if given.get("count") is None else given["count"]},
                               context)
        clash = [declared[name].cli_flag for name in MADE_BY_SESSION
                 if name in given and given[name] not in (None, declared[name].default, False)]
        if clash:
            raise api.InputError(_("{option}: the session decides the deal and its language; leave it out with "
                                   "--session").format(option=clash[0]))
        count = 30 if given.get("count") is None else given["count"]
        return typed(SheetsOptions, _sheets)({"id": session_id, "url": url, "db": db, "count": count,
                                              "paper": given.get("paper", PAPER.default)}, context)

    options = tuple(SESSION_COUNT if o.name == "count" else o for o in command.options)
    return dataclasses.replace(command, options=options + SESSION_FLAGS, run=run)


COMMANDS = (
    Command("list", Group.TOP, "Every class session in the class database, newest first.", (DB, TEXT_LANG_TOO),
            typed(ListOptions, _list), result=True),
    Command("export", Group.TOP, "A session's sheets, ranked (--csv: for a spreadsheet; --json: with each "
            "sheet's verdict).", (SESSION_ID, CSV, DB, TEXT_LANG_TOO), typed(ExportOptions, _export),
            result=True),
    Command("sheets", Group.TOP, "A session's class set: the deal's sheets, each with a QR code students scan to "
            "send it from a phone.", (SESSION_ID, URL, SHEETS, PAPER, DB, TEXT_LANG_TOO),
            typed(SheetsOptions, _sheets), writes=True),
)
