"""every ticket has its location: old tickets without one get it where the answer is known, new
ones must carry it (CHECK ... NOT VALID), and the column becomes NOT NULL once none is left

Known answers, in order: the creator's assigned location (an assigned operator weighs only there),
then a company's only location. The rest wait for a manager (GET /api/tickets/without-location,
Company > Locations): guessing them (say, the first location) would put another site's weight in
a location's EAR. While any remain the CHECK guards every new or changed row; once none remain,
`api.migrations.ticket_locations.finish` (here, and at every `flow db upgrade`) validates it and
sets NOT NULL. A location with tickets can no longer be deleted (the foreign key no longer sets
them to null); a company's deletion still removes both.

Revision ID: 0011_ticket_locations
Revises: 0010_plan_upgrade_approval
Create Date: 2026-11-27 23:20:00+00:00
"""
from alembic import op

from api.migrations import ticket_locations

revision = '0011_ticket_locations'
down_revision = '0010_plan_upgrade_approval'
branch_labels = None
depends_on = None


def upgrade() -> None:
    ticket_locations.assign_known(op.get_bind())
    op.drop_constraint('fk_tickets_store_id_stores', 'tickets', type_='foreignkey')
    op.create_foreign_key('fk_tickets_store_id_stores', 'tickets', 'stores', ['store_id'], ['id'])
    op.execute(f"alter table tickets add constraint {ticket_locations.CHECK} check (store_id is not null) not valid")
    ticket_locations.finish(op.get_bind())


def downgrade() -> None:
    op.execute(f"alter table tickets drop constraint if exists {ticket_locations.CHECK}")
    op.alter_column('tickets', 'store_id', nullable=True)
    op.drop_constraint('fk_tickets_store_id_stores', 'tickets', type_='foreignkey')
    op.create_foreign_key('fk_tickets_store_id_stores', 'tickets', 'stores', ['store_id'], ['id'], ondelete='SET NULL')
