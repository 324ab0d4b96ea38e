"""Ticket numbers: T-YYYYMMDD-NNNN (outbound) and T-I-YYYYMMDD-NNNN (inbound).

YYYYMMDD is the company's local day of the weighing; NNNN is gap-free per company, direction
and local day. The counter row is incremented with one upsert, which row-locks it until the
transaction ends: concurrent creators queue on the lock, and a rolled-back ticket (or savepoint)
gives its number back, so the sequence has no gaps.
"""
from __future__ import annotations

import uuid
from datetime import date, datetime

from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from api.kit.calendar import local_day
from api.tables.tickets import TicketCounter


def format_ticket_number(day: date, number: int, *, inbound: bool) -> str:
    prefix = "T-I-" if inbound else "T-"
    return f"{prefix}{day:%Y%m%d}-{number:04d}"


async def next_ticket_number(db: AsyncSession, company_id: uuid.UUID, *, inbound: bool, at: datetime, tz: str) -> str:
    day = local_day(at, tz)
    stmt = insert(TicketCounter).values(company_id=company_id, direction="I" if inbound else "O", day=day, last_number=1)
    stmt = stmt.on_conflict_do_update(
        index_elements=[TicketCounter.company_id, TicketCounter.direction, TicketCounter.day],
        set_={"last_number": TicketCounter.last_number + 1},
    ).returning(TicketCounter.last_number)
    number = (await db.execute(stmt)).scalar_one()
    return format_ticket_number(day, number, inbound=inbound)


async def take_ticket_numbers(
    db: AsyncSession, company_id: uuid.UUID, ats: list[datetime], *, inbound: bool, tz: str
) -> list[str]:
    """Numbers for many tickets (one per weighing time, in that order) in one statement: each
    local day's counter moves on by its count at once. The rows are upserted in day order, so
    two batches that touch the same days lock them in the same order and cannot deadlock."""
    days = [local_day(at, tz) for at in ats]
    counts: dict[date, int] = {}
    for day in days:
        counts[day] = counts.get(day, 0) + 1
    if not counts:
        return []
    direction = "I" if inbound else "O"
    rows = [{"company_id": company_id, "direction": direction, "day": d, "last_number": n}
            for d, n in sorted(counts.items())]
    stmt = insert(TicketCounter).values(rows)
    stmt = stmt.on_conflict_do_update(
        index_elements=[TicketCounter.company_id, TicketCounter.direction, TicketCounter.day],
        set_={"last_number": TicketCounter.last_number + stmt.excluded.last_number},
    ).returning(TicketCounter.day, TicketCounter.last_number)
    last = {day: number for day, number in (await db.execute(stmt)).all()}
    following = {day: last[day] - n + 1 for day, n in counts.items()}
    numbers = []
    for day in days:
        numbers.append(format_ticket_number(day, following[day], inbound=inbound))
        following[day] += 1
    return numbers
