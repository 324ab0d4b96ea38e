"""edible food generator questionnaire: a location's answers (business type, sales, size, seats,
rooms, beds, on-site food facility, attendance) from which dbt derives its Tier 1 / Tier 2

Revision ID: 0006_generator_tiers
Revises: 0005_food_recovery
Create Date: 2026-11-24 00:30:00+00:00
"""
import sqlalchemy as sa
from alembic import op

from api.migrations import rls

revision = '0006_generator_tiers'
down_revision = '0005_food_recovery'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('location_generator_profiles',
    sa.Column('id', sa.Uuid(), nullable=False),
    sa.Column('company_id', sa.Uuid(), nullable=False),
    sa.Column('store_id', sa.Uuid(), nullable=False),
    sa.Column('business_type', sa.String(length=40), nullable=False),
    sa.Column('gross_annual_sales_usd', sa.Numeric(precision=14, scale=2), nullable=True),
    sa.Column('facility_square_feet', sa.Integer(), nullable=True),
    sa.Column('seats', sa.Integer(), nullable=True),
    sa.Column('rooms', sa.Integer(), nullable=True),
    sa.Column('beds', sa.Integer(), nullable=True),
    sa.Column('has_onsite_food_facility', sa.Boolean(), nullable=True),
    sa.Column('average_daily_attendance', sa.Integer(), nullable=True),
    sa.Column('answered_by_id', sa.Uuid(), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.ForeignKeyConstraint(['company_id'], ['companies.id'],
                            name=op.f('fk_location_generator_profiles_company_id_companies'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['store_id'], ['stores.id'], name=op.f('fk_location_generator_profiles_store_id_stores'),
                            ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['answered_by_id'], ['users.id'],
                            name=op.f('fk_location_generator_profiles_answered_by_id_users'), ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_location_generator_profiles')),
    sa.UniqueConstraint('store_id', name=op.f('uq_location_generator_profiles_store_id')),
    )
    op.create_index(op.f('ix_location_generator_profiles_company_id'), 'location_generator_profiles', ['company_id'])
    op.create_index(op.f('ix_location_generator_profiles_updated_at'), 'location_generator_profiles', ['updated_at'])
    rls.tenant_rls('location_generator_profiles')


def downgrade() -> None:
    op.drop_table('location_generator_profiles')
