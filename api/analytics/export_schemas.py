"""Bodies of the report export and email calls (spec 3 s2.13, s2.14; call table: filters).

The client sends only its filters: the figures are recomputed from the published warehouse,
never taken from the request (the spec's `reportData` is ignored by design).
"""
from __future__ import annotations

import uuid
from typing import Literal

from pydantic import BaseModel, Field, field_validator

from api.kit.contract import EMAIL_PATTERN
from api.kit.validation import IsoDate

INVALID_EMAIL = "Please enter a valid email address"


class ReportExportFilters(BaseModel):
    start_date: IsoDate | None = Field(None, description="First local day (default: 30 days ago)")
    end_date: IsoDate | None = Field(None, description="Last local day, inclusive (default: today)")
    store_id: uuid.UUID | None = Field(None, description="One location")
    waste_type: str | None = None
    destination: str | None = None
    ticket_type: Literal["all", "inbound", "outbound"] = "all"


class ReportEmailRequest(BaseModel):
    email: str = Field(description="Recipient; the PDF is attached",
                       json_schema_extra={"pattern": EMAIL_PATTERN, "maxLength": 254})
    filters: ReportExportFilters = Field(default_factory=ReportExportFilters)

    @field_validator("email")
    @classmethod
    def _address(cls, value: str) -> str:
        # The spec's rule is "contains an at sign"; also refuse what could never be delivered
        # or could smuggle headers (spaces, line breaks, an empty side of the @).
        value = value.strip()
        local, _, domain = value.rpartition("@")
        if not local or not domain or len(value) > 254 or any(c.isspace() for c in value):
            raise ValueError(INVALID_EMAIL)
        return value


class ReportEmailSent(BaseModel):
    message: str
    email: str
    filename: str
