"""plan changes that cost more wait for payment or the platform's approval: companies.pending_plan
(+ when asked), platform setting plan_upgrade_requires (payment | approval) (issue 31, finding 7)

Revision ID: 0010_plan_upgrade_approval
Revises: 0009_waste_type_organic
Create Date: 2026-11-27 23:20:00+00:00
"""
import sqlalchemy as sa
from alembic import op

revision = '0010_plan_upgrade_approval'
down_revision = '0009_waste_type_organic'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column('companies', sa.Column('pending_plan', sa.String(length=20), nullable=True))
    op.add_column('companies', sa.Column('pending_plan_requested_at', sa.DateTime(timezone=True), nullable=True))
    op.add_column('platform_settings', sa.Column('plan_upgrade_requires', sa.String(length=10),
                                                 server_default='payment', nullable=False))


def downgrade() -> None:
    op.drop_column('platform_settings', 'plan_upgrade_requires')
    op.drop_column('companies', 'pending_plan_requested_at')
    op.drop_column('companies', 'pending_plan')
