"""Address and organisation search for sign-up (public; never an error page)."""
from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from api.access.deps import Public
from api.address import service
from api.address.schemas import AddressSuggestion

router = APIRouter(tags=["address"])


@router.get("/address/autocomplete", response_model=list[AddressSuggestion], response_model_by_alias=True,
            dependencies=[Public])
async def autocomplete_address(
    q: str = "",
    limit: int = 10,
    org_type: Annotated[str | None, Query(max_length=30, description="restaurant, government, education, ...")] = None,
) -> list[AddressSuggestion]:
    # Out-of-range input is clamped rather than refused: the search box must never show an error.
    return await service.autocomplete(q[:200], max(1, min(limit, 20)), org_type)
