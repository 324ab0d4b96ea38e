"""money: payment idempotency keys, monthly billing of customers, ticket links of invoice lines

Revision ID: 0002_money
Revises: 0002_admin
Create Date: 2026-11-23 18:15:00+00:00
"""
import sqlalchemy as sa
from alembic import op

revision = '0002_money'
down_revision = '0002_admin'
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A retried payment request (same Idempotency-Key) answers with the payment it recorded first.
    op.add_column('payments', sa.Column('idempotency_key', sa.Uuid(), nullable=True))
    op.create_unique_constraint(op.f('uq_payments_company_id_idempotency_key'), 'payments',
                                ['company_id', 'idempotency_key'])
    # per_load: an invoice per charged load; monthly: one consolidated invoice per customer and month.
    op.add_column('customers', sa.Column('billing_cycle', sa.String(10), nullable=False, server_default='per_load'))
    op.create_check_constraint(op.f('ck_customers_billing_cycle'), 'customers',
                               "billing_cycle in ('per_load', 'monthly')")
    # The month a consolidated invoice covers (first day); null for a per-load invoice.
    op.add_column('invoices', sa.Column('billing_period', sa.Date(), nullable=True))
    op.create_index(op.f('uq_invoices_monthly'), 'invoices', ['company_id', 'customer_id', 'billing_period'],
                    unique=True, postgresql_where=sa.text('billing_period is not null'))
    # Which load a line bills: a load is billed once (per-load or on a consolidated invoice).
    op.add_column('invoice_lines', sa.Column('ticket_id', sa.Uuid(), nullable=True))
    op.create_foreign_key(op.f('fk_invoice_lines_ticket_id_tickets'), 'invoice_lines', 'tickets',
                          ['ticket_id'], ['id'], ondelete='SET NULL')
    op.execute("update invoice_lines l set ticket_id = i.ticket_id from invoices i where l.invoice_id = i.id")
    op.create_index(op.f('ix_invoice_lines_ticket_id'), 'invoice_lines', ['ticket_id'])


def downgrade() -> None:
    op.drop_index(op.f('ix_invoice_lines_ticket_id'), table_name='invoice_lines')
    op.drop_constraint(op.f('fk_invoice_lines_ticket_id_tickets'), 'invoice_lines', type_='foreignkey')
    op.drop_column('invoice_lines', 'ticket_id')
    op.drop_index(op.f('uq_invoices_monthly'), table_name='invoices')
    op.drop_column('invoices', 'billing_period')
    op.drop_constraint(op.f('ck_customers_billing_cycle'), 'customers', type_='check')
    op.drop_column('customers', 'billing_cycle')
    op.drop_constraint(op.f('uq_payments_company_id_idempotency_key'), 'payments', type_='unique')
    op.drop_column('payments', 'idempotency_key')
