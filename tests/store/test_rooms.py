"""Game rooms in the class database (docs/web.md, "Game rooms"), on SQLite and PostgreSQL."""

from __future__ import annotations

from pathlib import Path

import pytest

from kitgen.store import Forbidden, NotFound, Store
from kitgen.store.rooms import Rooms, Stale

HEAD = "pattern:\n.........\n#.#.#.#.#\n#.#.#.#.#\nplayers: ANN BOB\n"


def test_a_turn_is_added_only_onto_the_version_it_was_checked_against(store: Store) -> None:
    rooms = Rooms(store)
    room = rooms.open_room("crossword", HEAD, ("ANN", "BOB"))
    assert rooms.add_turn(room.id, 0, "ANN 2D ART") == 1
    with pytest.raises(Stale):
        rooms.add_turn(room.id, 0, "ANN 4D TEA")  # checked against the record before ANN's turn
    again = rooms.room(room.id)
    assert again.version == 1 and again.record == HEAD + "ANN 2D ART\n"
    assert again.players == ("ANN", "BOB")


def test_a_seat_is_taken_by_one_device_and_its_key_names_the_player(store: Store) -> None:
    rooms = Rooms(store)
    room = rooms.open_room("crossword", HEAD, ("ANN", "BOB"))
    ann = rooms.take_seat(room.id, "ANN")
    with pytest.raises(Forbidden):
        rooms.take_seat(room.id, "ANN")
    with pytest.raises(NotFound):
        rooms.take_seat(room.id, "EVE")
    assert rooms.seat_of(room.id, ann) == "ANN"
    assert rooms.seat_of(room.id, "guess") is None and rooms.seat_of(room.id, None) is None
    assert rooms.room(room.id).taken == ("ANN",)


def test_a_room_survives_the_server_and_another_rooms_key_opens_nothing(db_url: str) -> None:
    first = Store(db_url)
    rooms = Rooms(first)
    a, b = rooms.open_room("crossword", HEAD, ("ANN", "BOB")), rooms.open_room("crossword", HEAD, ("ANN", "BOB"))
    key = rooms.take_seat(a.id, "ANN")
    rooms.add_turn(a.id, 0, "ANN 2D ART")
    first.close()
    again = Rooms(Store(db_url))
    assert again.room(a.id).record.endswith("ANN 2D ART\n") and again.seat_of(a.id, key) == "ANN"
    assert again.seat_of(b.id, key) is None
    again.store.close()


def test_rooms_opened_before_rooms_had_a_language_are_english_after_the_upgrade(db_url: str) -> None:
    """Migration 0006 gives ``game_room`` its language of the words: a room kept by a database at 0005 (opened
    when every room was checked in English) reads back as English, on SQLite and PostgreSQL alike."""
    from datetime import UTC, datetime

    from alembic import command
    from alembic.config import Config
    from sqlalchemy import create_engine, text

    import kitgen.store.store as store_module

    engine = create_engine(db_url)
    config = Config()
    config.set_main_option("script_location", str(Path(store_module.__file__).parent / "migrations"))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0005")
        connection.execute(text("INSERT INTO game_room (id, kind, record, players, version, created_at) "
                                "VALUES ('OLDROOM', 'crossword', :record, 'ANN\nBOB', 0, :at)"),
                           {"record": HEAD, "at": datetime(2026, 11, 1, tzinfo=UTC)})
    engine.dispose()
    upgraded = Store(db_url)
    try:
        rooms = Rooms(upgraded)
        old = rooms.room("OLDROOM")
        assert (old.lang, old.record, old.players) == ("en", HEAD, ("ANN", "BOB"))
        assert rooms.add_turn("OLDROOM", 0, "ANN 2D ART") == 1  # the old room plays on
        german = rooms.open_room("crossword", HEAD, ("ANN", "BOB"), "de")
        assert rooms.room(german.id).lang == "de"
    finally:
        upgraded.close()
