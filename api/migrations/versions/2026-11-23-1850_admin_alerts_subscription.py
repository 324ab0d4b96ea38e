"""email alert owners and send records; subscription invoices, changes and plan settings

Revision ID: 0002_admin
Revises: 0002_inbound
Create Date: 2026-11-23 18:10:00+00:00
"""
import sqlalchemy as sa
from alembic import op

from api.migrations import rls

revision = '0002_admin'
down_revision = '0002_inbound'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column('email_alerts', sa.Column('user_id', sa.Uuid(), nullable=True))
    op.create_foreign_key(op.f('fk_email_alerts_user_id_users'), 'email_alerts', 'users', ['user_id'], ['id'],
                          ondelete='CASCADE')
    op.create_index(op.f('ix_email_alerts_user_id'), 'email_alerts', ['user_id'], unique=False)

    op.create_table('email_alert_sends',
    sa.Column('id', sa.Uuid(), nullable=False),
    sa.Column('company_id', sa.Uuid(), nullable=False),
    sa.Column('alert_id', sa.Uuid(), nullable=False),
    sa.Column('slot_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('kind', sa.String(length=10), nullable=False),
    sa.Column('status', sa.String(length=10), nullable=False),
    sa.Column('attempts', sa.Integer(), nullable=False),
    sa.Column('recipients', sa.String(length=1000), nullable=False),
    sa.Column('attachments', sa.String(length=300), nullable=False),
    sa.Column('error', sa.Text(), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('finished_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['company_id'], ['companies.id'], name=op.f('fk_email_alert_sends_company_id_companies'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['alert_id'], ['email_alerts.id'], name=op.f('fk_email_alert_sends_alert_id_email_alerts'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_email_alert_sends')),
    sa.UniqueConstraint('alert_id', 'slot_at', name=op.f('uq_email_alert_sends_alert_id_slot_at')),
    )
    op.create_index(op.f('ix_email_alert_sends_company_id'), 'email_alert_sends', ['company_id'], unique=False)
    op.create_index(op.f('ix_email_alert_sends_alert_id'), 'email_alert_sends', ['alert_id'], unique=False)

    op.add_column('companies', sa.Column('cancel_at_period_end', sa.Boolean(), server_default='false', nullable=False))
    op.add_column('companies', sa.Column('canceled_at', sa.DateTime(timezone=True), nullable=True))

    op.create_table('subscription_invoices',
    sa.Column('id', sa.Uuid(), nullable=False),
    sa.Column('company_id', sa.Uuid(), nullable=False),
    sa.Column('number', sa.String(length=40), nullable=False),
    sa.Column('period_start', sa.Date(), nullable=False),
    sa.Column('period_end', sa.Date(), nullable=False),
    sa.Column('plan', sa.String(length=20), nullable=False),
    sa.Column('locations', sa.Integer(), nullable=False),
    sa.Column('users', sa.Integer(), nullable=False),
    sa.Column('amount', sa.Numeric(precision=12, scale=2), nullable=False),
    sa.Column('status', sa.String(length=10), nullable=False),
    sa.Column('attempts', sa.Integer(), nullable=False),
    sa.Column('provider_ref', sa.String(length=120), nullable=True),
    sa.Column('failure_reason', sa.Text(), nullable=True),
    sa.Column('paid_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('last_attempt_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.ForeignKeyConstraint(['company_id'], ['companies.id'], name=op.f('fk_subscription_invoices_company_id_companies'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_subscription_invoices')),
    sa.UniqueConstraint('company_id', 'period_start', name=op.f('uq_subscription_invoices_company_id_period_start')),
    )
    op.create_index(op.f('ix_subscription_invoices_company_id'), 'subscription_invoices', ['company_id'], unique=False)
    op.create_index(op.f('ix_subscription_invoices_updated_at'), 'subscription_invoices', ['updated_at'], unique=False)

    op.create_table('subscription_changes',
    sa.Column('id', sa.Uuid(), nullable=False),
    sa.Column('company_id', sa.Uuid(), nullable=False),
    sa.Column('user_id', sa.Uuid(), nullable=True),
    sa.Column('action', sa.String(length=20), nullable=False),
    sa.Column('from_plan', sa.String(length=20), nullable=False),
    sa.Column('to_plan', sa.String(length=20), nullable=False),
    sa.Column('effective_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.ForeignKeyConstraint(['company_id'], ['companies.id'], name=op.f('fk_subscription_changes_company_id_companies'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_subscription_changes')),
    )
    op.create_index(op.f('ix_subscription_changes_company_id'), 'subscription_changes', ['company_id'], unique=False)

    op.create_table('plan_settings',
    sa.Column('plan_id', sa.String(length=20), nullable=False),
    sa.Column('is_active', sa.Boolean(), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.PrimaryKeyConstraint('plan_id', name=op.f('pk_plan_settings')),
    )

    for table in ('email_alert_sends', 'subscription_invoices', 'subscription_changes'):
        rls.tenant_rls(table)
    # Plan settings: everyone reads (sign-up offers active plans), only the system scope writes.
    rls.grant_table('plan_settings')
    op.execute("alter table plan_settings enable row level security")
    op.execute("alter table plan_settings force row level security")
    op.execute("create policy read_all on plan_settings for select using (true)")
    op.execute(
        "create policy system_writes on plan_settings for all "
        "using (current_setting('app.scope', true) = 'system') "
        "with check (current_setting('app.scope', true) = 'system')"
    )
    op.execute("insert into plan_settings (plan_id, is_active) values ('core', true), ('pro', true), "
               "('enterprise', true)")


def downgrade() -> None:
    op.drop_table('plan_settings')
    op.drop_index(op.f('ix_subscription_changes_company_id'), table_name='subscription_changes')
    op.drop_table('subscription_changes')
    op.drop_index(op.f('ix_subscription_invoices_updated_at'), table_name='subscription_invoices')
    op.drop_index(op.f('ix_subscription_invoices_company_id'), table_name='subscription_invoices')
    op.drop_table('subscription_invoices')
    op.drop_column('companies', 'canceled_at')
    op.drop_column('companies', 'cancel_at_period_end')
    op.drop_index(op.f('ix_email_alert_sends_alert_id'), table_name='email_alert_sends')
    op.drop_index(op.f('ix_email_alert_sends_company_id'), table_name='email_alert_sends')
    op.drop_table('email_alert_sends')
    op.drop_index(op.f('ix_email_alerts_user_id'), table_name='email_alerts')
    op.drop_constraint(op.f('fk_email_alerts_user_id_users'), 'email_alerts', type_='foreignkey')
    op.drop_column('email_alerts', 'user_id')
