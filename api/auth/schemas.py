"""Auth contract: sign-in, sign-up (both payload shapes of spec 1 section 3), recovery, PIN sign-in."""
from __future__ import annotations

import re
import uuid
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from api.kit.contract import EMAIL, TEXT, Needed
from api.kit.fields import blank, check_password, check_pin, clean_email
from api.kit.validation import FieldValueError, about
from api.subscription.plans import PLANS

ORG_TYPES = ("restaurant", "government", "education", "healthcare", "corporate", "retail", "hospitality", "other")


# ------------------------------------------------------------------ who is signed in
class LocationRef(BaseModel):
    id: uuid.UUID
    name: str


class CompanyBrief(BaseModel):
    id: uuid.UUID
    name: str
    subscription_plan: str
    subscription_status: str
    # Times are stored in UTC and shown in this zone (IANA name).
    timezone: str
    locations: list[LocationRef]


class MeRead(BaseModel):
    """GET /api/auth/me and the `user` of every sign-in answer (CONTRACTS.md). Never a hash."""

    id: uuid.UUID
    email: str
    role: str
    first_name: str
    last_name: str
    phone: str | None
    setup_completed: bool
    store_id: uuid.UUID | None
    assigned_location_id: uuid.UUID | None
    preferences: dict[str, Any]
    company: CompanyBrief | None
    company_name: str | None


class TokenRead(BaseModel):
    access_token: str
    token_type: Literal["bearer"] = "bearer"
    user: MeRead


class MessageRead(BaseModel):
    message: str


# ------------------------------------------------------------------ sign-in
class LoginRequest(BaseModel):
    email: str = Needed(text=True)
    password: str = Needed(nonempty=True)

    @model_validator(mode="after")
    def _required(self) -> LoginRequest:
        if blank(self.email):
            raise ValueError("Email is required")
        if not self.password:
            raise ValueError("Password is required")
        self.email = self.email.strip().lower()
        return self


class PinLoginRequest(BaseModel):
    email: str = Needed(text=True)
    pin: str = Needed(declared={"pattern": "^[0-9]{4}$"})

    @model_validator(mode="after")
    def _shape(self) -> PinLoginRequest:
        if blank(self.email):
            raise ValueError("Email is required")
        self.email = self.email.strip().lower()
        check_pin(self.pin)
        return self


# ------------------------------------------------------------------ recovery
class EmailRequest(BaseModel):
    email: str = Field("", json_schema_extra=EMAIL)

    @field_validator("email")
    @classmethod
    def _email(cls, value: str) -> str:
        return clean_email(value)


class ResetPasswordRequest(BaseModel):
    token: str = Field(default="", max_length=200)
    new_password: str = Needed(declared={"minLength": 6})

    @model_validator(mode="after")
    def _shape(self) -> ResetPasswordRequest:
        if blank(self.token):
            raise ValueError("Invalid or expired reset token")
        with about("new_password"):
            check_password(self.new_password or "", too_short="Password must be at least 6 characters long")
        self.token = self.token.strip()
        return self


# ------------------------------------------------------------------ sign-up
# One line as the manual form and address search flatten it: '1 Main St, Oakland, CA 94607'
# (optionally 'Suite 5' as a further part of the street, and ', USA' at the end).
_ONE_LINE = re.compile(
    r"^\s*(?P<street>.+?)\s*,\s*(?P<city>[^,\d][^,]*?)\s*,\s*(?P<state>[A-Za-z]{2})\.?\s*,?\s*"
    r"(?P<zip>\d{5}(?:-\d{4})?)\s*(?:,\s*(?:USA|US|United States(?: of America)?)\s*)?$",
    re.IGNORECASE,
)


def split_one_line(address: str) -> dict[str, str] | None:
    """street, city, state, zip_code of a one-line US address; None when it is not one."""
    found = _ONE_LINE.match(address)
    if not found:
        return None
    return {"street": found["street"], "city": found["city"], "state": found["state"].upper(),
            "zip_code": found["zip"]}


class SignupAddress(BaseModel):
    street: str | None = None
    city: str | None = None
    state: str | None = None
    zip_code: str | None = Field(default=None, alias="zip_code")

    @model_validator(mode="before")
    @classmethod
    def _aliases(cls, data: Any) -> Any:
        # The form and address search name these differently (street/address, zip/zipCode/postcode).
        if isinstance(data, dict):
            data = dict(data)
            data.setdefault("street", data.get("address") or data.get("street_address"))
            for alt in ("zip", "zipCode", "postcode", "postal_code"):
                if data.get("zip_code") is None and data.get(alt) is not None:
                    data["zip_code"] = data[alt]
        return data


_TEXT = {"type": "string", **TEXT}
_PASSWORD = {"type": "string", "minLength": 6}
_NOT_SENT = {"type": "null"}
# The two shapes the server takes (spec 1 section 3), as the document declares them: the short
# form without any company_name/admin_* value, or the full one with a complete address.
SIGNUP_SHAPES = {"anyOf": [
    {"title": "Short form", "required": ["first_name", "last_name", "email", "password"],
     "properties": {"first_name": _TEXT, "last_name": _TEXT, "email": {"type": "string", **EMAIL},
                    "password": _PASSWORD, "company_name": _NOT_SENT, "admin_email": _NOT_SENT,
                    "admin_password": _NOT_SENT, "admin_first_name": _NOT_SENT, "admin_last_name": _NOT_SENT}},
    {"title": "Full form",
     "required": ["company_name", "admin_first_name", "admin_last_name", "admin_email", "admin_password", "address"],
     "properties": {"company_name": _TEXT, "admin_first_name": _TEXT, "admin_last_name": _TEXT,
                    "admin_email": {"type": "string", **EMAIL}, "admin_password": _PASSWORD,
                    "address": {"type": "object", "required": ["street", "city", "state", "zip_code"],
                                "properties": {"street": _TEXT, "city": _TEXT,
                                               "state": {"type": "string", "pattern": "^[A-Za-z]{2}$"},
                                               "zip_code": {"type": "string", "pattern": "^[0-9]{5}(-[0-9]{4})?$"}}}}},
]}


class SignupRequest(BaseModel):
    """The full paid/trial shape (company_name, admin_*) or the short one (email, password, names).

    After validation the canonical fields are email, password, first_name, last_name,
    company_name, account_type, subscription_plan and address.
    """

    model_config = ConfigDict(json_schema_extra=SIGNUP_SHAPES)

    company_name: str | None = None
    admin_email: str | None = None
    admin_password: str | None = None
    admin_first_name: str | None = None
    admin_last_name: str | None = None
    email: str | None = None
    password: str | None = None
    first_name: str | None = None
    last_name: str | None = None
    phone: str | None = Field(default=None, max_length=40)
    address: SignupAddress | str | None = None
    city: str | None = None
    state: str | None = None
    zip_code: str | None = None
    industry: str | None = None
    org_type: str | None = Field(None, json_schema_extra={"enum": [*ORG_TYPES, None]})
    subscription_plan: str | None = Field(None, json_schema_extra={"enum": [*PLANS, None]})
    account_type: str | None = Field(None, json_schema_extra={"enum": ["trial", "paid", None]})
    recaptcha_token: str | None = None

    @property
    def full_form(self) -> bool:
        return any(v is not None for v in (self.company_name, self.admin_email, self.admin_password,
                                           self.admin_first_name, self.admin_last_name))

    @model_validator(mode="after")
    def _validate(self) -> SignupRequest:
        full = self.full_form

        def named(field: str) -> str:  # the field as this request spelled it
            return f"admin_{field}" if getattr(self, f"admin_{field}") is not None or (
                full and getattr(self, field) is None) else field

        first = self.admin_first_name if self.admin_first_name is not None else self.first_name
        last = self.admin_last_name if self.admin_last_name is not None else self.last_name
        email = self.admin_email if self.admin_email is not None else self.email
        password = self.admin_password if self.admin_password is not None else self.password
        if full and blank(self.company_name):
            raise FieldValueError("company_name", "Organization name is required")
        if blank(first):
            raise FieldValueError(named("first_name"), "First name is required")
        if blank(last):
            raise FieldValueError(named("last_name"), "Last name is required")
        try:
            self.email = clean_email(email)
        except ValueError as exc:
            raise FieldValueError(named("email"), str(exc)) from None
        if not password:
            raise FieldValueError(named("password"), "Password is required")
        try:
            check_password(password)
        except ValueError as exc:
            raise FieldValueError(named("password"), str(exc)) from None
        self.password = password
        self.first_name, self.last_name = first.strip()[:100], last.strip()[:100]
        # The short form names no organization: the account is named after its owner until renamed.
        self.company_name = (self.company_name or "").strip()[:200] or f"{self.first_name} {self.last_name}'s Organization"
        self.address = self._validated_address(required=full)
        self.account_type = (self.account_type or "trial").strip().lower()
        if self.account_type not in ("trial", "paid"):
            raise FieldValueError("account_type", "Account type must be trial or paid")
        plan = (self.subscription_plan or "").strip().lower()
        if self.account_type == "trial":
            plan = "pro"
        elif not plan:
            plan = "core"
        if plan not in PLANS:
            raise FieldValueError("subscription_plan", "Please choose the core, pro or enterprise plan")
        self.subscription_plan = plan
        if self.org_type is not None and self.org_type.strip().lower() not in ORG_TYPES:
            raise FieldValueError("org_type", "Unknown organization type")
        self.org_type = self.org_type.strip().lower() if self.org_type else None
        self.phone = (self.phone or "").strip() or None
        self.industry = (self.industry or "").strip()[:100] or "Food Service"
        return self

    def _validated_address(self, *, required: bool) -> SignupAddress | None:
        addr = self.address
        nested = isinstance(addr, SignupAddress)
        if isinstance(addr, str) or addr is None:
            parts = split_one_line(addr) if isinstance(addr, str) else None
            addr = SignupAddress(**parts) if parts else SignupAddress(street=addr if isinstance(addr, str) else None)

        def where(field: str) -> str:
            return f"address.{field}" if nested else ("address" if field == "street" else field)

        addr = SignupAddress(
            street=addr.street, city=addr.city if addr.city is not None else self.city,
            state=addr.state if addr.state is not None else self.state,
            zip_code=addr.zip_code if addr.zip_code is not None else self.zip_code,
        )
        given = not all(blank(v) for v in (addr.street, addr.city, addr.state, addr.zip_code))
        if not required and not given:
            return None
        for field, value, message in (
            ("street", addr.street, "Street address is required"), ("city", addr.city, "City is required"),
            ("state", addr.state, "State is required"), ("zip_code", addr.zip_code, "ZIP code is required"),
        ):
            if blank(value):
                raise FieldValueError(where(field), message)
        state = addr.state.strip().upper()
        if not re.fullmatch(r"[A-Z]{2}", state):
            raise FieldValueError(where("state"), "State must be a two-letter code")
        zip_code = addr.zip_code.strip()
        if len(zip_code) > 10:
            raise FieldValueError(where("zip_code"), "ZIP code must be at most 10 characters")
        return SignupAddress(street=addr.street.strip()[:300], city=addr.city.strip()[:120], state=state,
                             zip_code=zip_code)


class SignupRead(BaseModel):
    """No access_token while the account waits for a platform admin's approval."""

    access_token: str | None
    token_type: Literal["bearer"] | None
    user: MeRead
    approval_status: Literal["pending", "approved"]
    message: str
