"""The class database: sessions a teacher opens and the sheets students send (docs/web.md, "Class sessions").

SQLite by default (a file in the user data directory, WAL mode: several readers while one writes), PostgreSQL
when a URL names one (``kitgen serve --db postgresql+psycopg://...`` or ``$KITGEN_DB``), for a school server with
several workers. The schema is brought up to date by Alembic when the store opens. A submission is acknowledged
only once it is committed. The games know nothing of this: the web face verifies a sheet through the same API
call as ``kitgen verify`` and hands the verdict here to keep.
"""

from __future__ import annotations

import base64
import csv
import hashlib
import hmac
import io
import json
import os
import secrets
import unicodedata
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, delete, event, func, select
from sqlalchemy.exc import IntegrityError, OperationalError, SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker

from kitgen.core.display import invisible_at
from kitgen.core.errors import InputError, KitgenError
from kitgen.core.i18n import gettext as _
from kitgen.store.schema import NAME_LENGTH, RECORD_LENGTH, TITLE_LENGTH, SendRow, SessionRow, SubmissionRow

ENV = "KITGEN_DB"


class StoreError(KitgenError):
    """The class database cannot be used (down, full, locked): said in words, never a traceback (exit 2)."""


class NotFound(InputError):
    """No session (or no submission) with that id: a mistyped link, a deleted session, or a guess."""


class Closed(InputError):
    """The teacher closed the session: no more sheets are taken."""


class Forbidden(KitgenError):
    """A teacher's action without the teacher's key."""


class KeyReused(InputError):
    """A sheet's idempotency key sent again with another sheet or name: refused, and nothing of the first told."""


@dataclass(frozen=True)
class SessionInfo:
    """A class session as its pages show it."""

    id: str
    kind: str
    title: str
    options: Mapping[str, Any]
    show_ranking: bool
    created_at: datetime
    closed: bool
    submissions: int


@dataclass(frozen=True)
class NewSession:
    """A session just opened, and the teacher's key: shown once, kept only as a digest."""

    info: SessionInfo
    teacher_key: str


@dataclass(frozen=True)
class Entry:
    """One submitted sheet: who (a display name), the score, whether every rule holds, the verdict."""

    id: str
    session_id: str
    name: str
    score: int | None
    ok: bool
    verdict: Mapping[str, Any]
    created_at: datetime
    rank: int = 0
    """1 for the best score (ties share a rank), 0 for a sheet with no score."""
    language: str | None = None
    """The language the student read the verdict in (its messages are in it), None if not known."""


def default_url() -> str:
    """``$KITGEN_DB``, else a SQLite file in the user data directory (made private to this user)."""
    chosen = os.environ.get(ENV, "").strip()
    if chosen:
        return chosen
    from platformdirs import user_data_dir

    folder = Path(user_data_dir("kitgen", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    return f"sqlite:///{folder / 'classes.db'}"


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


def _engine(url: str) -> Engine:
    try:
        engine = create_engine(url, pool_pre_ping=True)
    except (SQLAlchemyError, ImportError, ValueError) as exc:
        raise StoreError(_("cannot use the class database {url}: {reason}").format(url=_safe_url(url),
                                                                                 reason=_reason(exc))) from None
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def _safe_url(url: str) -> str:
    """The URL without its password, for messages."""
    from sqlalchemy.engine import make_url

    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:  # noqa: BLE001 - a URL too broken to parse is named by its scheme only
        return url.split(":", 1)[0] + ":..."


def _reason(exc: BaseException) -> str:
    text = str(getattr(exc, "orig", None) or exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


def upgrade(engine: Engine) -> None:
    """Bring the schema up to date with kitgen's Alembic migrations (a new database gets every table)."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def check_name(name: str) -> str:
    """A display name: trimmed, 1 to 40 characters, no control or invisible characters (no other data kept)."""
    name = unicodedata.normalize("NFC", name).strip()
    if not name:
        raise InputError(_("Please write your name (or a nickname)."))
    if len(name) > NAME_LENGTH:
        raise InputError(_("A name can be at most {most} letters long.").format(most=NAME_LENGTH))
    if invisible_at(name.replace(" ", "")) is not None:  # the readers' own test (core.display); spaces allowed
        raise InputError(_("A name can only have letters, numbers, spaces and punctuation."))
    return name


def check_send_key(key: str) -> str:
    """An idempotency key as the student's page makes it: 16 to 64 letters, digits, ``-`` or ``_`` (the page's are
    32 hex digits, 128 random bits)."""
    if not (16 <= len(key) <= 64 and key.isascii() and key.replace("-", "").replace("_", "").isalnum()):
        raise InputError(_("This page is out of date: reload it and try again."))
    return key


def new_id() -> str:
    """An unguessable id (80 random bits) in capitals and digits (base32), so a link to it is a short QR code
    (QR's alphanumeric mode: kitgen/io/stamp.py) and reads aloud without case."""
    return base64.b32encode(secrets.token_bytes(10)).decode("ascii")


def _digest(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def _now() -> datetime:
    return datetime.now(UTC)


class Store:
    """Class sessions and their submissions in one database (``url``: SQLAlchemy's, see ``default_url``)."""

    def __init__(self, url: str | None = None) -> None:
        self.url = url or default_url()
        self.engine = _engine(self.url)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        with self._errors():
            upgrade(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    @contextmanager
    def _errors(self) -> Iterator[None]:
        """Database failures become one ``StoreError`` in words (the web answers 503 with it)."""
        try:
            yield
        except (InputError, Forbidden):
            raise
        except OperationalError as exc:
            raise StoreError(_("the class database is not available ({reason}); try again in a moment").format(
                reason=_reason(exc))) from None
        except SQLAlchemyError as exc:
            raise StoreError(_("the class database refused the change ({reason})").format(reason=_reason(exc))) \
                from None

    @contextmanager
    def _transaction(self) -> Iterator[Session]:
        with self._errors(), self._sessions.begin() as session:
            yield session

    # -- sessions ------------------------------------------------------------------------

    def open_session(self, kind: str, title: str, options: Mapping[str, Any], show_ranking: bool = False) -> NewSession:
        """A new session for a record kind (``wordsearch``) and the options every sheet is checked with."""
        title = title.strip()[:TITLE_LENGTH] or kind
        key = secrets.token_urlsafe(24)
        row = SessionRow(id=new_id(), kind=kind, title=title,
                         options=json.dumps(dict(options), sort_keys=True), teacher_key=_digest(key),
                         show_ranking=show_ranking, created_at=_now())
        with self._transaction() as session:
            session.add(row)
        return NewSession(self._info(row, 0), key)

    def session(self, session_id: str) -> SessionInfo:
        """The session with that id (``NotFound`` otherwise)."""
        with self._transaction() as session:
            row = self._row(session, session_id)
            count = session.scalar(select(func.count()).where(SubmissionRow.session_id == row.id)) or 0
            return self._info(row, count)

    def sessions(self) -> list[SessionInfo]:
        """Every session, newest first (``kitgen session list``)."""
        counts = (select(SubmissionRow.session_id, func.count().label("n"))
                  .group_by(SubmissionRow.session_id).subquery())
        query = (select(SessionRow, func.coalesce(counts.c.n, 0))
                 .outerjoin(counts, counts.c.session_id == SessionRow.id)
                 .order_by(SessionRow.created_at.desc(), SessionRow.id))
        with self._transaction() as session:
            return [self._info(row, int(n)) for row, n in session.execute(query)]

    def is_teacher(self, session_id: str, key: str | None) -> bool:
        """Whether ``key`` is the session's teacher key (compared in constant time)."""
        if not key:
            return False
        with self._transaction() as session:
            row = self._row(session, session_id)
            return hmac.compare_digest(row.teacher_key, _digest(key))

    def require_teacher(self, session_id: str, key: str | None) -> None:
        if not self.is_teacher(session_id, key):
            raise Forbidden(_("Only the teacher who opened this session can do that."))

    def close_session(self, session_id: str, key: str | None, signed_in: bool = False) -> None:
        """No more sheets are taken (the ranking stays). ``signed_in``: the web face checked the teacher's
        password (``kitgen serve --teacher``) instead of the session's key."""
        if not signed_in:
            self.require_teacher(session_id, key)
        with self._transaction() as session:
            row = self._row(session, session_id)
            row.closed_at = row.closed_at or _now()

    def delete_session(self, session_id: str, key: str | None, signed_in: bool = False) -> None:
        """The session and every sheet sent to it, gone (``signed_in`` as for ``close_session``)."""
        if not signed_in:
            self.require_teacher(session_id, key)
        with self._transaction() as session:
            session.delete(self._row(session, session_id))

    # -- submissions ---------------------------------------------------------------------

    def submit(self, session_id: str, name: str, record: str, score: int | None, ok: bool,
               verdict: Mapping[str, Any], language: str | None = None, key: str | None = None) -> Entry:
        """Keep a checked sheet; it is committed before this returns (the student is told only then). ``language``
        is the one the student reads (the verdict's messages are in it). ``key`` is the sheet's idempotency key
        (``check_send_key``): a sheet already kept with it in this session is returned as it was kept, not kept
        twice (two sends of one sheet at once: the unique index keeps one, the other reads it)."""
        name = check_name(name)
        if language is not None and not (language.isascii() and language.isalpha() and len(language) <= 8):
            raise InputError(_("a language is named by its code (fr)"))
        if len(record) > RECORD_LENGTH:
            raise InputError(_("That sheet is too long to keep (at most {most} characters).").format(
                most=RECORD_LENGTH))
        row = SubmissionRow(id=new_id(), session_id=session_id, name=name, record=record,
                            score=score, ok=ok, verdict=json.dumps(dict(verdict), sort_keys=True),
                            language=language, created_at=_now(),
                            send_key=None if key is None else _digest(check_send_key(key)))
        with self._errors():
            try:
                with self._sessions.begin() as session:
                    if self._row(session, session_id).closed_at is not None:
                        raise Closed(_("This class session is closed: ask your teacher."))
                    session.add(row)
            except IntegrityError:
                kept = self.resent(session_id, key, name, record) if key is not None else None
                if kept is None:
                    raise
                return kept
        return _entry(row)

    def resent(self, session_id: str, key: str, name: str, record: str) -> Entry | None:
        """The sheet kept in this session with idempotency key ``key``, if any: a sheet sent again after its
        answer was lost. Only the same sheet under the same name reads it (``KeyReused`` otherwise: a key is no way
        to read another's verdict); another session's sheet with the same key is not this session's."""
        digest = _digest(check_send_key(key))
        with self._transaction() as session:
            row = session.scalar(select(SubmissionRow).where(SubmissionRow.session_id == session_id,
                                                              SubmissionRow.send_key == digest))
            if row is None:
                return None
            if row.name != check_name(name) or row.record != record:
                raise KeyReused(_("This sheet was sent with another's key: reload the page and send it again."))
            return _entry(row)

    def allow(self, key: str, per_minute: int, now: float) -> bool:
        """Whether ``key`` may send again at ``now`` (seconds): fewer than ``per_minute`` sends in the sixty
        seconds before, counted in the database so every server worker sees every send. A send allowed is
        counted; older ones of the key are deleted. Counting and adding are one step for each key: SQLite's
        DELETE takes the database's write lock first; PostgreSQL's transactions would each count the same rows
        and all add theirs (16 of 1,000 simultaneous sends let through for 12), so they take a lock on the key."""
        digest = _digest(key)
        with self._transaction() as session:
            if self.engine.dialect.name == "postgresql":
                session.execute(select(func.pg_advisory_xact_lock(int(digest[:15], 16))))
            session.execute(delete(SendRow).where(SendRow.key == digest, SendRow.at <= now - 60))
            sent = session.scalar(select(func.count()).where(SendRow.key == digest)) or 0
            if sent >= per_minute:
                return False
            session.add(SendRow(key=digest, at=now))
        return True

    def submission(self, session_id: str, submission_id: str) -> Entry:
        """One sheet, by the session and its own unguessable id (a student's own link)."""
        with self._transaction() as session:
            row = session.get(SubmissionRow, submission_id)
            if row is None or row.session_id != session_id:
                raise NotFound(_("There is no such sheet in this class session."))
            return _entry(row)

    def ranking(self, session_id: str) -> list[Entry]:
        """Every sheet, best score first (sheets that break a rule after those that keep them all, then by
        time sent); tied scores share a rank."""
        query = (select(SubmissionRow).where(SubmissionRow.session_id == session_id)
                 .order_by(SubmissionRow.ok.desc(), SubmissionRow.score.desc().nulls_last(),
                           SubmissionRow.created_at, SubmissionRow.id))
        with self._transaction() as session:
            self._row(session, session_id)
            return _ranked([_entry(row) for row in session.scalars(query)])

    def export_csv(self, session_id: str) -> str:
        """The ranking as CSV (rank, name, score, keeps the rules, words, problems, sent at); cells a spreadsheet
        would run as a formula are quoted as text."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["rank", "name", "score", "keeps the rules", "words", "problems", "sent at (UTC)",
                         "language", "scoring"])
        for entry in self.ranking(session_id):
            writer.writerow([entry.rank or "", _cell(entry.name), "" if entry.score is None else entry.score,
                             "yes" if entry.ok else "no", _cell(" ".join(_words(entry.verdict))),
                             _cell(" | ".join(_problems(entry.verdict))),
                             entry.created_at.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S"),
                             entry.language or "", _scoring(entry.verdict)])
        return out.getvalue()

    # -- rows ----------------------------------------------------------------------------

    @staticmethod
    def _row(session: Session, session_id: str) -> SessionRow:
        row = session.get(SessionRow, session_id) if 0 < len(session_id) <= 64 else None
        if row is None:
            raise NotFound(_("There is no such class session: check the link, or ask your teacher."))
        return row

    @staticmethod
    def _info(row: SessionRow, count: int) -> SessionInfo:
        return SessionInfo(row.id, row.kind, row.title, json.loads(row.options), row.show_ranking,
                           _aware(row.created_at), row.closed_at is not None, count)


def _aware(moment: datetime) -> datetime:
    """SQLite hands back naive datetimes: every time kitgen stores is UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _entry(row: SubmissionRow) -> Entry:
    return Entry(row.id, row.session_id, row.name, row.score, row.ok, json.loads(row.verdict),
                 _aware(row.created_at), language=row.language)


def _ranked(entries: list[Entry]) -> list[Entry]:
    ranked: list[Entry] = []
    for position, entry in enumerate(entries, 1):
        if entry.score is None or not entry.ok:
            ranked.append(entry)
            continue
        before = ranked[-1] if ranked else None
        tied = before is not None and before.ok and before.score == entry.score
        ranked.append(Entry(**{**entry.__dict__, "rank": before.rank if tied and before else position}))
    return ranked


def _words(verdict: Mapping[str, Any]) -> list[str]:
    words = verdict.get("words", [])
    return [str(w.get("word", w)) if isinstance(w, dict) else str(w) for w in words] if isinstance(words, list) \
        else []


def _problems(verdict: Mapping[str, Any]) -> list[str]:
    problems = verdict.get("problems", [])
    return [str(p.get("message", p)) if isinstance(p, dict) else str(p) for p in problems] \
        if isinstance(problems, list) else []


def _scoring(verdict: Mapping[str, Any]) -> str:
    """The rules a sheet was scored by: ``full`` or ``tutorial``, and ``2-letter words`` where they counted."""
    rules = "tutorial" if verdict.get("tutorial") else "full"
    return rules + ("; 2-letter words" if verdict.get("min_length") == 2 else "")


def _cell(text: str) -> str:
    """A CSV cell a spreadsheet shows as text: one starting ``= + - @`` (a formula) gets a leading quote."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


__all__ = ["ENV", "Closed", "Entry", "Forbidden", "IntegrityError", "KeyReused", "NewSession", "NotFound",
           "SessionInfo", "Store", "StoreError", "check_name", "check_send_key", "default_url", "upgrade"]
