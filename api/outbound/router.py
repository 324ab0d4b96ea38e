"""Outbound calls of spec 2 s7: haulers/disposal partners, partner search, plate look-up."""
from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from api.access.deps import StaffUser
from api.core.deps import Db
from api.outbound import service
from api.outbound.schemas import OutboundCustomerList, PlateLookup, SearchResults

router = APIRouter(prefix="/outbound", tags=["outbound"])


@router.get("/customers", response_model=OutboundCustomerList)
async def list_outbound_customers(
    db: Db, _user: StaffUser,
    customer_type: Annotated[service.CustomerType, Query()] = "all",
    include_vehicles: bool = False,
) -> OutboundCustomerList:
    """Active haulers and disposal partners, optionally with their vehicles."""
    return OutboundCustomerList(customers=await service.list_customers(db, customer_type, include_vehicles))


@router.get("/customers/search", response_model=SearchResults)
async def search_outbound_customers(
    db: Db, _user: StaffUser, query: Annotated[str, Query(max_length=100)] = "",
) -> SearchResults:
    """Search starts above 2 characters; shorter queries answer an empty list."""
    return SearchResults(search_results=await service.search(db, query))


@router.get("/license-plate-lookup/{plate}", response_model=PlateLookup)
async def license_plate_lookup(plate: str, db: Db, _user: StaffUser) -> PlateLookup:
    """found false (200) when no vehicle has the plate; the screen says 'No vehicle found'."""
    return await service.lookup_plate(db, plate)
