"""The class-session tables (docs/web.md, "Class sessions"): a session a teacher opens, the sheets students send.

Kept apart from the code that reads and writes them (kitgen/store/store.py) so the Alembic migrations in
``migrations/versions`` can be checked against it (tests/store/test_migrations.py).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, DateTime, Float, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

ID_LENGTH = 24
NAME_LENGTH = 40
LANGUAGE_LENGTH = 8
TITLE_LENGTH = 120
RECORD_LENGTH = 20_000
"""A typed sheet or game record is a few hundred characters; the cap keeps one student from filling the disk."""


class Base(DeclarativeBase):
    pass


class SessionRow(Base):
    """One class session: a game's record kind and the deal everyone plays, and the teacher's key (hashed)."""

    __tablename__ = "class_session"

    id: Mapped[str] = mapped_column(String(ID_LENGTH), primary_key=True)
    kind: Mapped[str] = mapped_column(String(40))
    title: Mapped[str] = mapped_column(String(TITLE_LENGTH))
    options: Mapped[str] = mapped_column(Text)
    """The verify options every sheet is checked with (JSON: seed, lang, ...)."""
    teacher_key: Mapped[str] = mapped_column(String(64))
    """The SHA-256 of the teacher's key, never the key."""
    show_ranking: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    closed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)

    submissions: Mapped[list[SubmissionRow]] = relationship(
        back_populates="session", cascade="all, delete-orphan", passive_deletes=True)


class SubmissionRow(Base):
    """One student's sheet: the text typed, the display name, and the verdict the verifier gave."""

    __tablename__ = "submission"

    id: Mapped[str] = mapped_column(String(ID_LENGTH), primary_key=True)
    session_id: Mapped[str] = mapped_column(ForeignKey("class_session.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    record: Mapped[str] = mapped_column(Text)
    score: Mapped[int | None] = mapped_column(Integer, nullable=True)
    ok: Mapped[bool] = mapped_column(Boolean)
    verdict: Mapped[str] = mapped_column(Text)
    """The verifier's JSON document (the same as ``kitgen verify ... --json``)."""
    language: Mapped[str | None] = mapped_column(String(LANGUAGE_LENGTH), nullable=True)
    """The language the student read their page and verdict in (its messages are written in it); the words are
    the session's."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    send_key: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The SHA-256 of the idempotency key the student's page sent the sheet with (the same key on every retry of
    one sheet): one row a key in a session, so a sheet resent after a lost answer is kept once."""

    session: Mapped[SessionRow] = relationship(back_populates="submissions")

    __table_args__ = (Index("ix_submission_session_score", "session_id", "score"),
                      Index("ux_submission_send_key", "session_id", "send_key", unique=True))


class SendRow(Base):
    """One sheet sent, for the limit on sends (kitgen/web/classroom.py, ``Limiter``): the SHA-256 of who sent it
    to which session, and when (seconds since 1970); rows older than a minute are deleted as the key sends again."""

    __tablename__ = "send_log"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    key: Mapped[str] = mapped_column(String(64))
    at: Mapped[float] = mapped_column(Float)

    __table_args__ = (Index("ix_send_log_key_at", "key", "at"),)


class RoomRow(Base):
    """A game room: one game record played from several devices, a turn at a time (the record grows a line a
    turn; ``version`` counts them, so two devices never both add the next turn)."""

    __tablename__ = "game_room"

    id: Mapped[str] = mapped_column(String(ID_LENGTH), primary_key=True)
    kind: Mapped[str] = mapped_column(String(40))
    record: Mapped[str] = mapped_column(Text)
    players: Mapped[str] = mapped_column(Text)
    """The players' names in turn order, one a line."""
    version: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    lang: Mapped[str] = mapped_column(String(LANGUAGE_LENGTH), default="en", server_default="en")
    """The language of the room's words (``--lang``): the lexicon its turns are checked against and the computer
    plays from. Rooms opened before rooms had one are English, the only words they were checked in."""

    seats: Mapped[list[SeatRow]] = relationship(back_populates="room", cascade="all, delete-orphan",
                                                passive_deletes=True)


class SeatRow(Base):
    """A player's place in a room, taken by one device: the SHA-256 of its key, never the key."""

    __tablename__ = "room_seat"

    room_id: Mapped[str] = mapped_column(ForeignKey("game_room.id", ondelete="CASCADE"), primary_key=True)
    player: Mapped[str] = mapped_column(String(NAME_LENGTH), primary_key=True)
    key: Mapped[str] = mapped_column(String(64))

    room: Mapped[RoomRow] = relationship(back_populates="seats")
