"""Game rooms and their seats.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "game_room",
        sa.Column("id", sa.String(24), primary_key=True),
        sa.Column("kind", sa.String(40), nullable=False),
        sa.Column("record", sa.Text(), nullable=False),
        sa.Column("players", sa.Text(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "room_seat",
        sa.Column("room_id", sa.String(24), sa.ForeignKey("game_room.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("player", sa.String(40), primary_key=True),
        sa.Column("key", sa.String(64), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("room_seat")
    op.drop_table("game_room")
