"""A sheet's idempotency key: the student's page makes one for each sheet it sends and sends it again with every
retry, so a sheet whose answer was cut off (a server killed after the commit) is kept once and answered again with
its stored verdict. Kept as a SHA-256 digest; unique within a session (NULL for sheets sent without one).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("submission", sa.Column("send_key", sa.String(64), nullable=True))
    op.create_index("ux_submission_send_key", "submission", ["session_id", "send_key"], unique=True)


def downgrade() -> None:
    op.drop_index("ux_submission_send_key", "submission")
    with op.batch_alter_table("submission") as batch:
        batch.drop_column("send_key")
