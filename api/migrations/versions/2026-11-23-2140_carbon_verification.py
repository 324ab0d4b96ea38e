"""carbon credit verification: one row per ticket, with the reason and who verified

Revision ID: 0004_carbon
Revises: 0004_money_bol
Create Date: 2026-11-23 21:40:00+00:00
"""
import sqlalchemy as sa
from alembic import op

revision = '0004_carbon'
down_revision = '0004_money_bol'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column('carbon_credits', sa.Column('verification_reason', sa.Text(), nullable=True))
    op.add_column('carbon_credits', sa.Column('verified_by_id', sa.Uuid(), nullable=True))
    op.create_foreign_key(op.f('fk_carbon_credits_verified_by_id_users'), 'carbon_credits', 'users',
                          ['verified_by_id'], ['id'], ondelete='SET NULL')
    op.create_unique_constraint(op.f('uq_carbon_credits_company_id_ticket_id'), 'carbon_credits',
                                ['company_id', 'ticket_id'])


def downgrade() -> None:
    op.drop_constraint(op.f('uq_carbon_credits_company_id_ticket_id'), 'carbon_credits', type_='unique')
    op.drop_constraint(op.f('fk_carbon_credits_verified_by_id_users'), 'carbon_credits', type_='foreignkey')
    op.drop_column('carbon_credits', 'verified_by_id')
    op.drop_column('carbon_credits', 'verification_reason')
