"""HTTP for the six reference lists: one generic set of routes, mounted once per list.

No `from __future__ import annotations` here: the handlers are built in a loop and FastAPI must
see each list's schema classes as real objects, not as names it cannot resolve.
"""
import uuid
from typing import Any

from fastapi import APIRouter, Depends

from api.access.deps import AdminUser, StaffUser
from api.core.deps import Db
from api.lists import service
from api.lists.kinds import ALL_KINDS, ListKind
from api.lists.schemas import UNITS_OF_MEASURE, ItemRemoval, ReorderRequest, UnitOfMeasure, UnitsOfMeasureList
from api.subscription.deps import require_feature

router = APIRouter(tags=["lists"])


@router.get("/waste-types/units-of-measure", response_model=UnitsOfMeasureList)
async def list_units_of_measure(_user: StaffUser) -> UnitsOfMeasureList:
    return UnitsOfMeasureList(
        units_of_measure=[UnitOfMeasure(code=code, display_name=name) for code, name in UNITS_OF_MEASURE]
    )


def _mount(kind: ListKind) -> None:
    Read, Create, Update, Envelope = kind.read, kind.create, kind.update, kind.envelope

    def envelope(items: Any) -> Any:
        return Envelope(**{kind.key: [Read.model_validate(item) for item in items]})

    async def list_items(db: Db, _user: StaffUser, active_only: bool = False) -> Any:
        """Sorted by sort_order; `active_only=true` feeds the ticket dropdowns."""
        return envelope(await service.list_items(db, kind, active_only=active_only))

    async def create_item(db: Db, _user: AdminUser, body: Create) -> Any:  # type: ignore[valid-type]
        return Read.model_validate(await service.create_item(db, kind, body))

    async def reorder_items(db: Db, _user: AdminUser, body: ReorderRequest) -> Any:
        """Renumbers the whole list from 1 in one transaction."""
        return envelope(await service.reorder(db, kind, body.items))

    async def update_item(db: Db, _user: AdminUser, item_id: uuid.UUID, body: Update) -> Any:  # type: ignore[valid-type]
        return Read.model_validate(await service.update_item(db, kind, item_id, body))

    async def remove_item(db: Db, _user: AdminUser, item_id: uuid.UUID) -> ItemRemoval:
        """Deletes an unused custom item; an item in use or system standard is deactivated instead."""
        return await service.remove_item(db, kind, item_id)

    gate = [Depends(require_feature(kind.create_gate))] if kind.create_gate else []
    base = f"/{kind.path}"
    router.add_api_route(base, list_items, methods=["GET"], response_model=Envelope, name=f"list_{kind.key}")
    router.add_api_route(base, create_item, methods=["POST"], response_model=Read, status_code=201,
                         dependencies=gate, name=f"create_{kind.key}")
    # /reorder before /{item_id}, or "reorder" would be read as an id.
    router.add_api_route(f"{base}/reorder", reorder_items, methods=["PUT"], response_model=Envelope,
                         name=f"reorder_{kind.key}")
    router.add_api_route(f"{base}/{{item_id}}", update_item, methods=["PUT"], response_model=Read,
                         name=f"update_{kind.key}")
    router.add_api_route(f"{base}/{{item_id}}", remove_item, methods=["DELETE"], response_model=ItemRemoval,
                         name=f"remove_{kind.key}")


for _kind in ALL_KINDS:
    _mount(_kind)
