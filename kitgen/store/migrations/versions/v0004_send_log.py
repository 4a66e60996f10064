"""The sends a device made to a session in the last minute, for the limit on sends (shared by every worker).

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "send_log",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("key", sa.String(64), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
    )
    op.create_index("ix_send_log_key_at", "send_log", ["key", "at"])


def downgrade() -> None:
    op.drop_index("ix_send_log_key_at", "send_log")
    op.drop_table("send_log")
