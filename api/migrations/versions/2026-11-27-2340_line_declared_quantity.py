"""inbound lines keep the quantity typed before the scale; quantity becomes the billed share of the
net weight (issue 29: loads are billed as weighed)

Revision ID: 0012_line_declared_quantity
Revises: 0011_ticket_locations
Create Date: 2026-11-27 23:40:00+00:00
"""
import sqlalchemy as sa
from alembic import op

revision = '0012_line_declared_quantity'
down_revision = '0011_ticket_locations'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column('ticket_line_items', sa.Column('declared_quantity', sa.Numeric(precision=12, scale=2), nullable=True))
    op.add_column('ticket_line_items', sa.Column('declared_unit', sa.String(length=20), nullable=True))


def downgrade() -> None:
    op.drop_column('ticket_line_items', 'declared_unit')
    op.drop_column('ticket_line_items', 'declared_quantity')
