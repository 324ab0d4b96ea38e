"""Reading tickets: the filters of spec 3 section 7, the month counter, in-progress lists.

Dates are company-local days turned into a UTC range on ticket_at (the weighing time). An
assigned employee is limited to their location everywhere, and every employee to the tickets they
made (docs/access.md); 'created_by=me' is My Ticket History.
"""
from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from datetime import date, datetime, timedelta

from sqlalchemy import Row, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from api.core.db import sessionmaker, set_tenant
from api.kit.calendar import company_zone_name, current_month, local_midnight
from api.kit.errors import Invalid
from api.tables.stores import Store
from api.tables.tickets import Ticket
from api.tickets.references import as_uuid
from api.tickets.schemas import TicketQuery
from api.tickets.service import Caller

STATUSES = {"draft", "saved", "completed", "void"}
EXPORT_ROW_CAP = 100_000


def _by_reference(id_column, name_column, value: str | None):
    if not value or value.strip().lower() in ("", "all"):
        return None
    value = value.strip()
    u = as_uuid(value)
    return id_column == u if u else func.lower(name_column) == value.lower()


def conditions(f: TicketQuery, caller: Caller) -> list:
    tz = company_zone_name(caller.company)
    conds = []
    if caller.scope is not None:
        conds.append(Ticket.store_id == caller.scope)
    if not caller.is_admin:  # an employee reads and exports only the tickets they made
        conds.append(Ticket.created_by_id == caller.user.id)
    if f.store_id:
        conds.append(Ticket.store_id == f.store_id)
    if f.start_date and f.end_date and f.end_date < f.start_date:
        raise Invalid("end_date must not be before start_date")
    if f.start_date:
        conds.append(Ticket.ticket_at >= local_midnight(f.start_date, tz))
    if f.end_date:
        conds.append(Ticket.ticket_at < local_midnight(f.end_date + timedelta(days=1), tz))
    for cond in (
        _by_reference(Ticket.waste_type_id, Ticket.waste_type_name, f.waste_type),
        _by_reference(Ticket.destination_id, Ticket.destination_name, f.destination),
        _by_reference(Ticket.container_type_id, Ticket.container_name, f.container_type),
    ):
        if cond is not None:
            conds.append(cond)
    if f.ticket_type != "all":
        conds.append(Ticket.is_inbound.is_(f.ticket_type == "inbound"))
    if f.status and f.status.strip().lower() != "all":
        wanted = {s.strip().lower() for s in f.status.split(",") if s.strip()}
        if not wanted <= STATUSES:
            raise Invalid("status must be draft, saved, completed, void or all")
        conds.append(Ticket.status.in_(wanted))
    if f.created_by == "me":
        conds.append(Ticket.created_by_id == caller.user.id)
    if f.q and f.q.strip():
        pattern = f.q.strip().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        conds.append(Ticket.ticket_number.ilike(f"%{pattern}%", escape="\\"))
    return conds


def ordering(f: TicketQuery) -> list:
    column = Ticket.ticket_at if f.sort_by == "timestamp" else Ticket.created_at
    if f.sort_order == "asc":
        return [column.asc(), Ticket.ticket_number.asc()]
    return [column.desc(), Ticket.ticket_number.desc()]


async def list_tickets(db: AsyncSession, caller: Caller, f: TicketQuery) -> tuple[list[Ticket], int]:
    conds = conditions(f, caller)
    total = await db.scalar(select(func.count()).select_from(Ticket).where(*conds)) or 0
    rows = await db.execute(select(Ticket).where(*conds).order_by(*ordering(f)).limit(f.limit).offset(f.offset))
    return list(rows.scalars()), total


async def export_extent(db: AsyncSession, caller: Caller, f: TicketQuery) -> tuple[int, datetime | None, datetime | None]:
    """How many tickets an export holds (counted to one past the cap, so a huge match is not
    scanned whole) and the first and last ticket's time."""
    conds = conditions(f, caller)
    capped = select(Ticket.id).where(*conds).limit(EXPORT_ROW_CAP + 1).subquery()
    count = await db.scalar(select(func.count()).select_from(capped)) or 0
    first, last = (await db.execute(select(func.min(Ticket.ticket_at), func.max(Ticket.ticket_at)).where(*conds))).one()
    return count, first, last


async def export_batches(caller: Caller, f: TicketQuery, size: int) -> AsyncIterator[Sequence[Row]]:
    """The export's rows, `size` at a time, through a server-side cursor.

    A session of its own: a streamed answer is sent after the request's session has closed.
    """
    stmt = (
        select(Ticket.ticket_at, Ticket.ticket_number, Ticket.waste_type_name, Ticket.container_name,
               Ticket.destination_name, Ticket.net_weight, Ticket.employee_name, Store.name.label("store_name"))
        .outerjoin(Store, Store.id == Ticket.store_id)
        .where(*conditions(f, caller)).order_by(*ordering(f)).limit(EXPORT_ROW_CAP)
        .execution_options(yield_per=size)
    )
    async with sessionmaker()() as session, session.begin():
        await set_tenant(session, caller.company.id)
        result = await session.stream(stmt)
        async for batch in result.partitions(size):
            yield batch


async def month_count(db: AsyncSession, caller: Caller, year: int, month: int) -> int:
    """Completed tickets in a company-local month; an employee counts their own."""
    tz = company_zone_name(caller.company)
    start = date(year, month, 1)
    end = date(year + (month == 12), month % 12 + 1, 1)
    conds = [
        Ticket.status == "completed",
        Ticket.ticket_at >= local_midnight(start, tz),
        Ticket.ticket_at < local_midnight(end, tz),
    ]
    if caller.scope is not None:
        conds.append(Ticket.store_id == caller.scope)
    if not caller.is_admin:
        conds.append(Ticket.created_by_id == caller.user.id)
    return await db.scalar(select(func.count()).select_from(Ticket).where(*conds)) or 0


async def in_progress(db: AsyncSession, caller: Caller) -> dict[str, list[Ticket]]:
    """Outbound draft and saved tickets (inbound ones are at /api/inbound/tickets/in-progress)."""
    conds = [Ticket.is_inbound.is_(False), Ticket.status.in_(("draft", "saved"))]
    if caller.scope is not None:
        conds.append(Ticket.store_id == caller.scope)
    if not caller.is_admin:
        conds.append(Ticket.created_by_id == caller.user.id)
    rows = await db.execute(select(Ticket).where(*conds).order_by(Ticket.updated_at.desc()).limit(500))
    found: dict[str, list[Ticket]] = {"draft": [], "saved": []}
    for t in rows.scalars():
        found[t.status].append(t)
    return found


def current_local_month(tz: str) -> tuple[int, int]:
    return current_month(tz)

