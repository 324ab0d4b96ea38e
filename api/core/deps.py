"""The request's database session: the one dependency core gives every route.

Core knows no domain. The caller and the role guards are in api/access/deps.py, the plan gates in
api/subscription/deps.py.
"""
from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import Depends
from sqlalchemy.ext.asyncio import AsyncSession

from api.core.db import session_scope


async def get_db() -> AsyncIterator[AsyncSession]:
    async for session in session_scope():
        yield session


# scope="function": the transaction commits before the answer is sent. With FastAPI's default
# ("request") it committed after, so a client acting on an answer at once could miss the row it had
# just written, and a failed commit would follow a 200 the client had already taken as saved.
Db = Annotated[AsyncSession, Depends(get_db, scope="function")]
