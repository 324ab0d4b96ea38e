"""stores.scale_display_unit: the unit a location's scale shows when its display hides the label
(issue 36: lb by default; kg readings are converted and the screen says the unit came from here)

Revision ID: 0014_scale_display_unit
Revises: 0013_ledger_inventory
Create Date: 2026-11-28 06:00:00+00:00
"""
import sqlalchemy as sa
from alembic import op

revision = '0014_scale_display_unit'
down_revision = '0013_ledger_inventory'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column('stores', sa.Column('scale_display_unit', sa.String(length=2), nullable=False, server_default='lb'))
    op.create_check_constraint(op.f('ck_stores_scale_display_unit'), 'stores', "scale_display_unit in ('lb', 'kg')")


def downgrade() -> None:
    op.drop_constraint(op.f('ck_stores_scale_display_unit'), 'stores', type_='check')
    op.drop_column('stores', 'scale_display_unit')
