"""Game rooms (docs/web.md, "Game rooms"): one game record played from several devices, a turn at a time.

The room keeps the record as text, a line a turn, exactly as ``kitgen verify`` reads it; the web face checks each
new turn with the verifier (whose turn it is, the light, the word) before it is added here. A device takes a
player's seat and gets a key for it; only that key may add that player's turns. A turn is added only onto the
version of the record it was checked against, so two devices never both add the next turn.
"""

from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass

from sqlalchemy import select, update

from kitgen.core.errors import InputError
from kitgen.core.i18n import gettext as _
from kitgen.store.schema import RoomRow, SeatRow
from kitgen.store.store import Forbidden, NotFound, Store, _digest, _now, new_id

MAX_RECORD = 20_000


class Stale(InputError):
    """The record changed since the turn was checked (another device played first)."""


@dataclass(frozen=True)
class Room:
    id: str
    kind: str
    record: str
    version: int
    players: tuple[str, ...]
    taken: tuple[str, ...]
    lang: str = "en"
    """The language of the room's words (its turns are checked in its lexicon)."""


class Rooms:
    """The rooms of a class database (the same database as the class sessions)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def open_room(self, kind: str, record: str, players: tuple[str, ...], lang: str = "en") -> Room:
        """A room for ``kind`` whose record starts as ``record`` (its pattern and players, no turn yet), played in
        the words of ``lang``."""
        row = RoomRow(id=new_id(), kind=kind, record=record, players="\n".join(players), version=0,
                      created_at=_now(), lang=lang)
        with self.store._transaction() as session:
            session.add(row)
        return Room(row.id, kind, record, 0, players, (), lang)

    def room(self, room_id: str) -> Room:
        with self.store._transaction() as session:
            row = self._row(session, room_id)
            taken = tuple(session.scalars(select(SeatRow.player).where(SeatRow.room_id == row.id)))
            return Room(row.id, row.kind, row.record, row.version, tuple(row.players.split("\n")), taken,
                        row.lang)

    def take_seat(self, room_id: str, player: str) -> str:
        """The key of ``player``'s seat for the device taking it; a seat already taken is refused."""
        key = secrets.token_urlsafe(24)
        with self.store._transaction() as session:
            if player not in self._row(session, room_id).players.split("\n"):
                raise NotFound(_("{player} is not a player of this game.").format(player=player))
            if session.get(SeatRow, (room_id, player)) is not None:
                raise Forbidden(_("{player} is already playing on another device.").format(player=player))
            session.add(SeatRow(room_id=room_id, player=player, key=_digest(key)))
        return key

    def seat_of(self, room_id: str, key: str | None) -> str | None:
        """The player whose seat ``key`` opens, or None."""
        if not key:
            return None
        with self.store._transaction() as session:
            for seat in session.scalars(select(SeatRow).where(SeatRow.room_id == room_id)):
                if hmac.compare_digest(seat.key, _digest(key)):
                    return seat.player
        return None

    def add_turn(self, room_id: str, version: int, line: str) -> int:
        """Add a checked turn onto ``version`` of the record; ``Stale`` if another turn came first."""
        with self.store._transaction() as session:
            row = self._row(session, room_id)
            if len(row.record) + len(line) > MAX_RECORD:
                raise InputError(_("This game is too long to keep."))
            done = session.execute(update(RoomRow).where(RoomRow.id == room_id, RoomRow.version == version)
                                   .values(record=row.record.rstrip("\n") + "\n" + line + "\n",
                                           version=version + 1))
            if done.rowcount != 1:  # type: ignore[attr-defined]
                raise Stale(_("The game moved on while you played: look at the grid again."))
        return version + 1

    @staticmethod
    def _row(session: object, room_id: str) -> RoomRow:
        row = session.get(RoomRow, room_id) if 0 < len(room_id) <= 64 else None  # type: ignore[attr-defined]
        if row is None:
            raise NotFound(_("There is no such game room: check the link."))
        return row  # type: ignore[no-any-return]
