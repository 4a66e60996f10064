"""A game room's language of the words: the lexicon its turns are checked against and the computer player plays
from (a German room takes KATZE). Rooms opened before were checked in English, so they keep 'en'.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("game_room", sa.Column("lang", sa.String(8), nullable=False, server_default="en"))


def downgrade() -> None:
    with op.batch_alter_table("game_room") as batch:
        batch.drop_column("lang")
