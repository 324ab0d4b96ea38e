"""money: bills of lading issued on completion of a type-2 load (outbound_type2_auto_generate_bol)

Revision ID: 0004_money_bol
Revises: 0003_money_payables
Create Date: 2026-11-23 21:20:00+00:00
"""
import sqlalchemy as sa
from alembic import op

from api.migrations import rls

revision = '0004_money_bol'
down_revision = '0003_money_payables'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'bills_of_lading',
        sa.Column('id', sa.Uuid(), nullable=False),
        sa.Column('company_id', sa.Uuid(), nullable=False),
        sa.Column('ticket_id', sa.Uuid(), nullable=False),
        sa.Column('bol_number', sa.String(60), nullable=False),
        sa.Column('pdf', sa.LargeBinary(), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
        sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
        sa.ForeignKeyConstraint(['company_id'], ['companies.id'], name=op.f('fk_bills_of_lading_company_id_companies'),
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['ticket_id'], ['tickets.id'], name=op.f('fk_bills_of_lading_ticket_id_tickets'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_bills_of_lading')),
        sa.UniqueConstraint('ticket_id', name=op.f('uq_bills_of_lading_ticket_id')),
    )
    op.create_index(op.f('ix_bills_of_lading_company_id'), 'bills_of_lading', ['company_id'])
    op.create_index(op.f('ix_bills_of_lading_updated_at'), 'bills_of_lading', ['updated_at'])
    rls.tenant_rls('bills_of_lading')


def downgrade() -> None:
    op.drop_table('bills_of_lading')
