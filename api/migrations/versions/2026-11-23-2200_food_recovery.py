"""edible food recovery records: partner address, collection mode and agreements on file

Revision ID: 0005_food_recovery
Revises: 0004_carbon
Create Date: 2026-11-23 22:00:00+00:00
"""
import sqlalchemy as sa
from alembic import op

from api.migrations import rls

revision = '0005_food_recovery'
down_revision = '0004_carbon'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column('food_recovery_partners', sa.Column('address', sa.String(length=300), nullable=True))
    op.add_column('food_recovery_partners', sa.Column('pickup_mode', sa.String(length=12), server_default='collected',
                                                      nullable=False))
    op.add_column('food_recovery_partners', sa.Column('is_active', sa.Boolean(), server_default='true',
                                                      nullable=False))
    op.create_table('food_recovery_agreements',
    sa.Column('id', sa.Uuid(), nullable=False),
    sa.Column('company_id', sa.Uuid(), nullable=False),
    sa.Column('partner_id', sa.Uuid(), nullable=False),
    sa.Column('start_date', sa.Date(), nullable=False),
    sa.Column('end_date', sa.Date(), nullable=True),
    sa.Column('file_name', sa.String(length=200), nullable=False),
    sa.Column('content_type', sa.String(length=60), nullable=False),
    sa.Column('size_bytes', sa.Integer(), nullable=False),
    sa.Column('sha256', sa.String(length=64), nullable=False),
    sa.Column('storage_key', sa.String(length=300), nullable=False),
    sa.Column('uploaded_by_id', sa.Uuid(), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.ForeignKeyConstraint(['company_id'], ['companies.id'], name=op.f('fk_food_recovery_agreements_company_id_companies'),
                            ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['partner_id'], ['food_recovery_partners.id'],
                            name=op.f('fk_food_recovery_agreements_partner_id_food_recovery_partners'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['uploaded_by_id'], ['users.id'], name=op.f('fk_food_recovery_agreements_uploaded_by_id_users'),
                            ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_food_recovery_agreements')),
    )
    op.create_index(op.f('ix_food_recovery_agreements_company_id'), 'food_recovery_agreements', ['company_id'])
    op.create_index(op.f('ix_food_recovery_agreements_partner_id'), 'food_recovery_agreements', ['partner_id'])
    op.create_index(op.f('ix_food_recovery_agreements_updated_at'), 'food_recovery_agreements', ['updated_at'])
    rls.tenant_rls('food_recovery_agreements')


def downgrade() -> None:
    op.drop_table('food_recovery_agreements')
    op.drop_column('food_recovery_partners', 'is_active')
    op.drop_column('food_recovery_partners', 'pickup_mode')
    op.drop_column('food_recovery_partners', 'address')
