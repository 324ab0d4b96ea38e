"""money: disposal partner profiles, bills owed to them and the payments made

Revision ID: 0003_money_payables
Revises: 0002_money
Create Date: 2026-11-23 18:40:00+00:00
"""
import sqlalchemy as sa
from alembic import op

from api.migrations import rls

revision = '0003_money_payables'
down_revision = '0002_money'
branch_labels = None
depends_on = None

PARTNER_COLUMNS = (
    ('contact_name', sa.String(200)), ('facility_type', sa.String(40)), ('accepted_materials', sa.Text()),
    ('price_basis', sa.String(10)), ('partner_price', sa.Numeric(12, 2)), ('permit_number', sa.String(80)),
)


def upgrade() -> None:
    for name, kind in PARTNER_COLUMNS:
        op.add_column('customers', sa.Column(name, kind, nullable=True))
    op.create_check_constraint(op.f('ck_customers_price_basis'), 'customers', "price_basis in ('per_ton', 'per_load')")
    op.create_table(
        'bills',
        sa.Column('id', sa.Uuid(), nullable=False),
        sa.Column('company_id', sa.Uuid(), nullable=False),
        sa.Column('bill_number', sa.String(40), nullable=False),
        sa.Column('partner_id', sa.Uuid(), nullable=True),
        sa.Column('ticket_id', sa.Uuid(), nullable=True),
        sa.Column('issue_date', sa.Date(), nullable=False),
        sa.Column('due_date', sa.Date(), nullable=False),
        sa.Column('payment_terms', sa.String(20), nullable=False),
        sa.Column('description', sa.String(300), nullable=False),
        sa.Column('quantity', sa.Numeric(12, 3), nullable=False),
        sa.Column('unit', sa.String(10), nullable=False),
        sa.Column('unit_price', sa.Numeric(12, 4), nullable=False),
        sa.Column('amount', sa.Numeric(12, 2), nullable=False),
        sa.Column('balance', sa.Numeric(12, 2), nullable=False),
        sa.Column('status', sa.String(10), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
        sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
        sa.CheckConstraint('balance >= 0 and balance <= amount', name=op.f('ck_bills_balance_within_amount')),
        sa.ForeignKeyConstraint(['company_id'], ['companies.id'], name=op.f('fk_bills_company_id_companies'),
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['partner_id'], ['customers.id'], name=op.f('fk_bills_partner_id_customers'),
                                ondelete='SET NULL'),
        sa.ForeignKeyConstraint(['ticket_id'], ['tickets.id'], name=op.f('fk_bills_ticket_id_tickets'),
                                ondelete='SET NULL'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_bills')),
        sa.UniqueConstraint('company_id', 'bill_number', name=op.f('uq_bills_company_id_bill_number')),
        sa.UniqueConstraint('ticket_id', name=op.f('uq_bills_ticket_id')),
    )
    op.create_index(op.f('ix_bills_company_id'), 'bills', ['company_id'])
    op.create_index(op.f('ix_bills_partner_id'), 'bills', ['partner_id'])
    op.create_index(op.f('ix_bills_updated_at'), 'bills', ['updated_at'])
    op.create_table(
        'bill_payments',
        sa.Column('id', sa.Uuid(), nullable=False),
        sa.Column('company_id', sa.Uuid(), nullable=False),
        sa.Column('bill_id', sa.Uuid(), nullable=False),
        sa.Column('amount', sa.Numeric(12, 2), nullable=False),
        sa.Column('method', sa.String(20), nullable=False),
        sa.Column('reference', sa.String(100), nullable=True),
        sa.Column('notes', sa.Text(), nullable=True),
        sa.Column('paid_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('recorded_by_id', sa.Uuid(), nullable=True),
        sa.Column('idempotency_key', sa.Uuid(), nullable=True),
        sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
        sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
        sa.CheckConstraint('amount > 0', name=op.f('ck_bill_payments_amount_positive')),
        sa.ForeignKeyConstraint(['bill_id'], ['bills.id'], name=op.f('fk_bill_payments_bill_id_bills'),
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['company_id'], ['companies.id'], name=op.f('fk_bill_payments_company_id_companies'),
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['recorded_by_id'], ['users.id'], name=op.f('fk_bill_payments_recorded_by_id_users'),
                                ondelete='SET NULL'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_bill_payments')),
        sa.UniqueConstraint('company_id', 'idempotency_key', name=op.f('uq_bill_payments_company_id_idempotency_key')),
    )
    op.create_index(op.f('ix_bill_payments_company_id'), 'bill_payments', ['company_id'])
    op.create_index(op.f('ix_bill_payments_bill_id'), 'bill_payments', ['bill_id'])
    op.create_index(op.f('ix_bill_payments_updated_at'), 'bill_payments', ['updated_at'])
    for table in ('bills', 'bill_payments'):
        rls.tenant_rls(table)


def downgrade() -> None:
    op.drop_table('bill_payments')
    op.drop_table('bills')
    op.drop_constraint(op.f('ck_customers_price_basis'), 'customers', type_='check')
    for name, _kind in PARTNER_COLUMNS:
        op.drop_column('customers', name)
