"""Company user management contract (spec 3 sections 3, 5 and 7; spec 1 section 3 for invites)."""
from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import BaseModel, Field, field_validator, model_validator

from api.kit.contract import EMAIL_PATTERN, SPACE, Needed, one_of_codes
from api.kit.fields import blank, check_password, check_pin, clean_email
from api.kit.validation import FieldValueError, Flag, about

ROLE_ALIASES = {"store_admin": "store_admin", "admin": "store_admin", "store_employee": "store_employee",
                "employee": "store_employee"}


def clean_role(value: str | None) -> str | None:
    """Company roles only; system_admin is refused by the service with a 403, not here."""
    if value is None:
        return None
    role = value.strip().lower()
    if role == "system_admin":
        return role
    if role not in ROLE_ALIASES:
        raise ValueError("Role must be store_admin or store_employee")
    return ROLE_ALIASES[role]


def _empty_to_none(value: Any) -> Any:
    return None if isinstance(value, str) and not value.strip() else value


class UserRead(BaseModel):
    """Never carries a password or PIN hash; has_pin says whether a PIN is set."""

    id: uuid.UUID
    email: str
    first_name: str
    last_name: str
    role: str
    phone: str | None
    assigned_location_id: uuid.UUID | None
    assigned_location_name: str | None
    location_name: str | None
    is_active: bool
    setup_completed: bool
    has_pin: bool
    pin_locked: bool
    invite_pending: bool
    last_login_at: datetime | None
    created_at: datetime | None


class UserList(BaseModel):
    users: list[UserRead]
    total: int = Field(description="The company's users in all (the list is cut at limit)")
    active_users: int = Field(description="Active users in all, not only on this page")
    max_users: int | None  # None = unlimited
    subscription_plan: str


class UserCreate(BaseModel):
    email: str = Needed(email=True)
    password: str = Needed(declared={"minLength": 6})
    first_name: str = Needed(text=True)
    last_name: str = Needed(text=True)
    role: str = Field("store_employee", json_schema_extra=one_of_codes(ROLE_ALIASES))
    phone: str | None = Field(default=None, max_length=40)
    assigned_location_id: uuid.UUID | None = None
    pin: str | None = Field(None, json_schema_extra={"pattern": f"^([0-9]{{4}}|{SPACE}*)$"})

    @field_validator("assigned_location_id", "pin", "phone", mode="before")
    @classmethod
    def _blank(cls, value: Any) -> Any:
        return _empty_to_none(value)

    @model_validator(mode="after")
    def _rules(self) -> UserCreate:
        if blank(self.first_name):
            raise FieldValueError("first_name", "First name is required")
        if blank(self.last_name):
            raise FieldValueError("last_name", "Last name is required")
        with about("email"):
            self.email = clean_email(self.email)
        if not self.password:
            raise FieldValueError("password", "Password is required")
        with about("password"):
            check_password(self.password)
        self.first_name, self.last_name = self.first_name.strip()[:100], self.last_name.strip()[:100]
        with about("role"):
            self.role = clean_role(self.role or "store_employee")
        if self.pin is not None:
            with about("pin"):
                check_pin(self.pin)
        return self


class UserUpdate(BaseModel):
    """Partial: empty text fields and an empty password are left out, so they keep their value."""

    email: str | None = Field(None, json_schema_extra={"pattern": f"^{SPACE}*$|{EMAIL_PATTERN}", "maxLength": 320})
    first_name: str | None = None
    last_name: str | None = None
    phone: str | None = Field(default=None, max_length=40)
    role: str | None = Field(None, json_schema_extra=one_of_codes(ROLE_ALIASES))
    password: str | None = Field(None, json_schema_extra={"pattern": f"^({SPACE}*|.{{6,}})$"})
    pin: str | None = Field(None, json_schema_extra={"pattern": f"^([0-9]{{4}}|{SPACE}*)$"})
    is_active: Flag | None = None
    # Explicit null or "" means company-wide access (no assigned location).
    assigned_location_id: uuid.UUID | None = None

    @field_validator("assigned_location_id", mode="before")
    @classmethod
    def _blank_location(cls, value: Any) -> Any:
        return _empty_to_none(value)

    @model_validator(mode="after")
    def _rules(self) -> UserUpdate:
        for name in ("email", "first_name", "last_name", "phone", "password", "pin"):
            if blank(getattr(self, name)):
                setattr(self, name, None)
        if self.email is not None:
            with about("email"):
                self.email = clean_email(self.email)
        if self.password is not None:
            with about("password"):
                check_password(self.password)
        if self.pin is not None:
            with about("pin"):
                check_pin(self.pin)
        with about("role"):
            self.role = clean_role(self.role)
        self.first_name = self.first_name.strip()[:100] if self.first_name else None
        self.last_name = self.last_name.strip()[:100] if self.last_name else None
        return self

    @property
    def location_given(self) -> bool:
        return "assigned_location_id" in self.model_fields_set


class InviteCreate(BaseModel):
    email: str = Needed(email=True)
    first_name: str = Needed(text=True)
    last_name: str = Needed(text=True)
    role: str = Field("store_employee", json_schema_extra=one_of_codes(("store_employee", "employee")))

    @model_validator(mode="after")
    def _rules(self) -> InviteCreate:
        if blank(self.first_name):
            raise FieldValueError("first_name", "First name is required")
        if blank(self.last_name):
            raise FieldValueError("last_name", "Last name is required")
        with about("email"):
            self.email = clean_email(self.email)
        with about("role"):
            if clean_role(self.role) != "store_employee":
                raise ValueError("Invites are for employees (role store_employee)")
        self.role = "store_employee"
        self.first_name, self.last_name = self.first_name.strip()[:100], self.last_name.strip()[:100]
        return self


DEFAULT_NOTIFICATIONS = {"email": True, "weeklyReports": True, "complianceReminders": True}


Language = Literal["en", "es"]


class PreferencesUpdate(BaseModel):
    timezone: str | None = None
    # The language of the scale screens (issue 32 point 8); unset, the browser's language decides.
    language: Language | None = None
    notifications: dict[str, Flag] | None = Field(None, json_schema_extra={
        "propertyNames": {"enum": list(DEFAULT_NOTIFICATIONS)}})
    setup_completed: Flag | None = None

    @field_validator("notifications")
    @classmethod
    def _known_notifications(cls, value: dict[str, bool] | None) -> dict[str, bool] | None:
        # Stored as the user's JSON preferences: an unknown key would be kept there for ever.
        unknown = sorted(set(value or {}) - set(DEFAULT_NOTIFICATIONS))
        if unknown:
            raise ValueError(f"Unknown notification setting: {', '.join(unknown)} "
                             f"(known: {', '.join(DEFAULT_NOTIFICATIONS)})")
        return value

    @field_validator("timezone")
    @classmethod
    def _zone(cls, value: str | None) -> str | None:
        if value is None:
            return None
        try:
            ZoneInfo(value.strip())
        except (ZoneInfoNotFoundError, ValueError):
            raise ValueError("Unknown timezone") from None
        return value.strip()


class PreferencesRead(BaseModel):
    timezone: str
    language: Language | None
    notifications: dict[str, bool]
    setup_completed: bool


class AvailableLocation(BaseModel):
    id: uuid.UUID
    name: str
    address: str | None


class AvailableLocations(BaseModel):
    locations: list[AvailableLocation]
    feature_available: bool
    subscription_plan: str
