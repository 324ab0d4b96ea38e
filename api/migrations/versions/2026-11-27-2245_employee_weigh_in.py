"""company setting inbound_employee_weigh_in_enabled: employees may weigh inbound loads in at their
location (issue 31: employees are limited to the scale; the inbound weigh-in is theirs only where
the company turns it on)

Revision ID: 0007_employee_weigh_in
Revises: 0006_generator_tiers
Create Date: 2026-11-27 22:45:00+00:00
"""
import sqlalchemy as sa
from alembic import op

revision = '0007_employee_weigh_in'
down_revision = '0006_generator_tiers'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column('company_settings', sa.Column('inbound_employee_weigh_in_enabled', sa.Boolean(),
                                                server_default=sa.text('false'), nullable=False))


def downgrade() -> None:
    op.drop_column('company_settings', 'inbound_employee_weigh_in_enabled')
