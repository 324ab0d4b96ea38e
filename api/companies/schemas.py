"""Company information, logo and the per-store employee interface setting (spec 3 sections 2.20, 3)."""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, field_validator

from api.kit.contract import EMAIL_OR_BLANK
from api.kit.fields import clean_email


class CompanyAddress(BaseModel):
    street: str | None
    city: str | None
    state: str | None
    zip: str | None


class CompanyInfoRead(BaseModel):
    name: str
    industry: str
    billing_email: str | None
    phone: str | None
    billing_notification_email: str | None
    address: CompanyAddress
    subscription_plan: str
    subscription_status: str


class CompanyInfoUpdate(BaseModel):
    """Contact details only: name and address change through support (spec 3 section 2.20)."""

    model_config = ConfigDict(extra="forbid")

    billing_email: str | None = Field(None, json_schema_extra=EMAIL_OR_BLANK)
    phone: str | None = Field(default=None, max_length=40)
    billing_notification_email: str | None = Field(None, json_schema_extra=EMAIL_OR_BLANK)

    @field_validator("billing_email", "billing_notification_email", "phone", mode="before")
    @classmethod
    def _blank_is_none(cls, value):
        if isinstance(value, str) and not value.strip():
            return None
        return value.strip() if isinstance(value, str) else value

    @field_validator("billing_email", "billing_notification_email")
    @classmethod
    def _email_shape(cls, value: str | None) -> str | None:
        # The spec's email rule (spec 1 section 5), shared with sign-up; it accepts internal
        # domains such as .local that the stricter RFC checker refuses.
        return None if value is None else clean_email(value)


class LogoRead(BaseModel):
    logo: str | None


class LogoUpload(BaseModel):
    logo_data: str = Field(min_length=1, description="A data URL: data:image/png;base64,...")


class MessageRead(BaseModel):
    message: str
