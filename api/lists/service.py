"""Rules of the six reference lists, written once for all of them.

Every write first takes a transaction-scoped advisory lock on (list, company), so creates,
renames and reorders of one company's list run one after another: sort_order = max + 1 and the
case-insensitive name check cannot race, and concurrent reorders end in one 1..n numbering.
Reads and other companies are not blocked.
"""
from __future__ import annotations

import uuid
from collections.abc import Sequence

from pydantic import BaseModel
from sqlalchemy import exists, func, or_, select, text
from sqlalchemy.ext.asyncio import AsyncSession

from api.kit.errors import Conflict, DomainError, Invalid, NotFound
from api.lists.kinds import ListKind
from api.lists.schemas import ItemRemoval, ReorderItem
from api.tables.lists import ListItemMixin

SYSTEM_NAME_LOCKED = "System standard names cannot be changed"
CAPACITY_ABOVE_ZERO = "Capacity must be greater than 0"


async def _lock_list(db: AsyncSession, kind: ListKind) -> None:
    company_id = db.info.get("company_id")
    await db.execute(
        text("select pg_advisory_xact_lock(hashtextextended(:key, 0))"), {"key": f"{kind.key}:{company_id}"}
    )


async def list_items(db: AsyncSession, kind: ListKind, *, active_only: bool = False) -> Sequence[ListItemMixin]:
    model = kind.model
    query = select(model).order_by(model.sort_order, model.name)
    if active_only:
        query = query.where(model.is_active.is_(True))
    return (await db.scalars(query)).all()


async def _get(db: AsyncSession, kind: ListKind, item_id: uuid.UUID) -> ListItemMixin:
    # The session scopes this to the caller's company: another company's id is simply not found.
    item = await db.scalar(select(kind.model).where(kind.model.id == item_id))
    if item is None:
        raise NotFound(f"{kind.label} not found")
    return item


async def _ensure_name_free(db: AsyncSession, kind: ListKind, name: str, except_id: uuid.UUID | None = None) -> None:
    model = kind.model
    query = select(model.id).where(func.lower(model.name) == name.lower())
    if except_id is not None:
        query = query.where(model.id != except_id)
    if await db.scalar(query.limit(1)) is not None:
        raise Conflict(f"A {kind.label.lower()} named '{name}' already exists")


async def create_item(db: AsyncSession, kind: ListKind, body: BaseModel) -> ListItemMixin:
    await _lock_list(db, kind)
    data = body.model_dump()
    await _ensure_name_free(db, kind, data["name"])
    last = await db.scalar(select(func.max(kind.model.sort_order)))
    item = kind.model(**data, is_system_standard=False, sort_order=(last or 0) + 1)
    db.add(item)
    await db.flush()
    await db.refresh(item)
    return item


async def update_item(db: AsyncSession, kind: ListKind, item_id: uuid.UUID, body: BaseModel) -> ListItemMixin:
    await _lock_list(db, kind)
    item = await _get(db, kind, item_id)
    changes = {
        field: value for field, value in body.model_dump(exclude_unset=True).items()
        if value is not None or field in kind.nullable
    }
    if "name" in changes and changes["name"] != item.name:
        if item.is_system_standard:
            raise DomainError(SYSTEM_NAME_LOCKED)
        await _ensure_name_free(db, kind, changes["name"], except_id=item.id)
    capacity = changes.get("capacity_gallons")
    # A new capacity must be above 0; an unchanged 0 (the Custom Container's "varies") may stay.
    if capacity is not None and capacity <= 0 and capacity != item.capacity_gallons:
        raise Invalid(CAPACITY_ABOVE_ZERO)
    for field, value in changes.items():
        setattr(item, field, value)
    await db.flush()
    await db.refresh(item)
    return item


async def reorder(db: AsyncSession, kind: ListKind, items: list[ReorderItem]) -> Sequence[ListItemMixin]:
    """Put the listed items first in the order asked, keep the rest after them, number 1..n."""
    await _lock_list(db, kind)
    ids = [entry.id for entry in items]
    if len(set(ids)) != len(ids):
        raise Invalid("Each item may appear only once")
    model = kind.model
    # Lock the company's rows too, so a writer that skipped the advisory lock still waits.
    rows = (await db.scalars(select(model).order_by(model.sort_order, model.name).with_for_update())).all()
    by_id = {row.id: row for row in rows}
    if any(item_id not in by_id for item_id in ids):
        raise NotFound(f"{kind.label} not found")
    asked = [by_id[entry.id] for entry in sorted(items, key=lambda entry: entry.sort_order)]
    listed = set(ids)
    ordered = asked + [row for row in rows if row.id not in listed]
    for position, row in enumerate(ordered, start=1):
        row.sort_order = position
    await db.flush()
    return ordered


async def is_in_use(db: AsyncSession, kind: ListKind, item_id: uuid.UUID) -> bool:
    if not kind.used_by:
        return False
    checks = [exists().where(column == item_id) for column in kind.used_by]
    return bool(await db.scalar(select(or_(*checks))))


async def remove_item(db: AsyncSession, kind: ListKind, item_id: uuid.UUID) -> ItemRemoval:
    """Delete an unused custom item; deactivate a system item or one that tickets keep in history."""
    await _lock_list(db, kind)
    item = await _get(db, kind, item_id)
    if item.is_system_standard or await is_in_use(db, kind, item.id):
        item.is_active = False
        await db.flush()
        reason = "it is a system standard" if item.is_system_standard else "tickets or records use it"
        return ItemRemoval(id=item.id, outcome="deactivated", detail=f"{kind.label} deactivated because {reason}")
    await db.delete(item)
    await db.flush()
    return ItemRemoval(id=item_id, outcome="deleted", detail=f"{kind.label} deleted")
