"""inbound: a vehicle's stored tare, movement kinds with reasons, the company's default inbound price

Revision ID: 0002_inbound
Revises: 0001
Create Date: 2026-11-23 18:10:00+00:00
"""
import sqlalchemy as sa
from alembic import op

revision = '0002_inbound'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Stored tare: a regular truck can leave by the stored tare instead of a second weighing.
    op.add_column('vehicles', sa.Column('tare_weight', sa.Numeric(12, 1), nullable=True))
    op.add_column('vehicles', sa.Column('tare_weighed_at', sa.DateTime(timezone=True), nullable=True))
    # Every change of inventory is a movement: inbound line, outbound disposal, manual adjustment.
    op.add_column('inventory_movements', sa.Column('kind', sa.String(12), nullable=False, server_default='inbound'))
    op.add_column('inventory_movements', sa.Column('reason', sa.Text(), nullable=True))
    op.add_column('inventory_movements', sa.Column('value', sa.Numeric(12, 2), nullable=False, server_default='0'))
    op.add_column('inventory_movements', sa.Column('created_by_id', sa.Uuid(), nullable=True))
    op.create_foreign_key(op.f('fk_inventory_movements_created_by_id_users'), 'inventory_movements', 'users',
                          ['created_by_id'], ['id'], ondelete='SET NULL')
    op.create_check_constraint(op.f('ck_inventory_movements_quantity_positive'), 'inventory_movements',
                               'quantity > 0')
    # The company's default inbound price (4th in the pricing precedence, before 0.1 per lb).
    op.add_column('company_settings', sa.Column('inbound_default_price_per_unit', sa.Numeric(12, 4), nullable=True))
    op.add_column('company_settings', sa.Column('inbound_default_pricing_unit', sa.String(10), nullable=False,
                                                server_default='lb'))


def downgrade() -> None:
    op.drop_column('company_settings', 'inbound_default_pricing_unit')
    op.drop_column('company_settings', 'inbound_default_price_per_unit')
    op.drop_constraint(op.f('ck_inventory_movements_quantity_positive'), 'inventory_movements', type_='check')
    op.drop_constraint(op.f('fk_inventory_movements_created_by_id_users'), 'inventory_movements', type_='foreignkey')
    op.drop_column('inventory_movements', 'created_by_id')
    op.drop_column('inventory_movements', 'value')
    op.drop_column('inventory_movements', 'reason')
    op.drop_column('inventory_movements', 'kind')
    op.drop_column('vehicles', 'tare_weighed_at')
    op.drop_column('vehicles', 'tare_weight')
