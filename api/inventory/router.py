"""GET /api/inventory (spec 3 s7) and audited manual adjustments; behind the inbound gate."""
from __future__ import annotations

import uuid
from typing import Annotated

from fastapi import APIRouter, Query, status

from api.access.deps import AdminUser
from api.core.deps import Db
from api.inventory import ledger, service
from api.inventory.schemas import AdjustmentCreate, AdjustmentRead, InventoryRead, InventoryStatus
from api.kit.calendar import company_today
from api.kit.fields import MAX_OFFSET
from api.subscription.deps import InboundCompany

router = APIRouter(tags=["inventory"])


@router.get("/inventory", response_model=InventoryRead)
async def get_inventory(
    db: Db, _user: AdminUser, company: InboundCompany,
    status_filter: Annotated[InventoryStatus | None, Query(alias="status")] = None,
    waste_type: Annotated[str | None, Query(max_length=120)] = None,
    customer_id: Annotated[uuid.UUID | None, Query()] = None,
    store_id: Annotated[uuid.UUID | None, Query(description="A location (default: all)")] = None,
    limit: Annotated[int, Query(ge=1, le=1000)] = 500, offset: Annotated[int, Query(ge=0, le=MAX_OFFSET)] = 0,
) -> InventoryRead:
    """A page of items (filtered; `total` counts them all) and the summary, from the ledger: the
    next read after a load, void or adjustment shows it. Flows and metrics follow the location,
    waste type and customer filters. Managers only (docs/access.md)."""
    return await ledger.read_inventory(db, ledger.InventoryFilter(
        company_id=company.id, today=company_today(company), store_id=store_id, status=status_filter,
        waste_type=waste_type, customer_id=customer_id, limit=limit, offset=offset))


@router.post("/inventory/adjustments", response_model=AdjustmentRead, status_code=status.HTTP_201_CREATED)
async def adjust_inventory(body: AdjustmentCreate, db: Db, admin: AdminUser, company: InboundCompany) -> AdjustmentRead:
    """A manual adjustment with its reason: one movement row and an audit event, never an edit in place."""
    move, after = await service.adjust(db, company.id, admin.id, body.item_id, body.quantity, body.reason)
    return AdjustmentRead(movement_id=move.id, item_id=move.item_id, direction=move.direction, quantity=move.quantity,
                          on_hand=after)
