"""Class sessions and their submissions.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "class_session",
        sa.Column("id", sa.String(24), primary_key=True),
        sa.Column("kind", sa.String(40), nullable=False),
        sa.Column("title", sa.String(120), nullable=False),
        sa.Column("options", sa.Text(), nullable=False),
        sa.Column("teacher_key", sa.String(64), nullable=False),
        sa.Column("show_ranking", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("closed_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_table(
        "submission",
        sa.Column("id", sa.String(24), primary_key=True),
        sa.Column("session_id", sa.String(24), sa.ForeignKey("class_session.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("record", sa.Text(), nullable=False),
        sa.Column("score", sa.Integer(), nullable=True),
        sa.Column("ok", sa.Boolean(), nullable=False),
        sa.Column("verdict", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_submission_session_score", "submission", ["session_id", "score"])


def downgrade() -> None:
    op.drop_index("ix_submission_session_score", "submission")
    op.drop_table("submission")
    op.drop_table("class_session")
