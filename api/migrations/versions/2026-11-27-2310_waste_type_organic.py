"""waste types say whether they are organic waste in SB 1383's sense (14 CCR 18982(a)(46)): a flag,
set on the system-standard types every company was given (api/lists/defaults.py)

Revision ID: 0009_waste_type_organic
Revises: 0008_ledger_views
Create Date: 2026-11-27 23:10:00+00:00
"""
import sqlalchemy as sa
from alembic import op

revision = '0009_waste_type_organic'
down_revision = '0008_ledger_views'
branch_labels = None
depends_on = None

# The system-standard waste types that are organic waste (api/lists/defaults.py says why each is
# or is not); a company's renamed copy keeps its name here only if it still has it.
ORGANIC = ("Food Scraps", "Food Waste", "Pre-Consumer Food Waste", "Post-Consumer Food Waste", "Edible Surplus Food",
           "Fats, Oils & Grease", "Cardboard (OCC)", "Green Waste")


def upgrade() -> None:
    op.add_column('waste_types', sa.Column('is_organic', sa.Boolean(), server_default=sa.false(), nullable=False))
    op.execute(sa.text("update waste_types set is_organic = true where is_system_standard and name = any(:names)")
               .bindparams(sa.bindparam("names", list(ORGANIC), type_=sa.ARRAY(sa.String()))))


def downgrade() -> None:
    op.drop_column('waste_types', 'is_organic')
