"""Attempt counters shared by every API worker (sign-in, sign-up, report mail)."""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import Base


class RateLimitBucket(Base):
    """Fixed-window counters kept in Postgres so every API worker shares them."""

    __tablename__ = "rate_limit_buckets"

    key: Mapped[str] = mapped_column(String(300), primary_key=True)
    window_start: Mapped[datetime] = mapped_column(DateTime(timezone=True), primary_key=True)
    hits: Mapped[int] = mapped_column(Integer, default=0)
