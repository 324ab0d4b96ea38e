"""Public, company and platform settings (spec 1 section 3). The reCAPTCHA secret is write-only."""
from __future__ import annotations

from decimal import Decimal
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from api.kit.fields import JsonNumber
from api.kit.validation import Flag


class PublicSettingsRead(BaseModel):
    recaptcha_site_key: str
    recaptcha_enabled: bool
    recaptcha_min_score: JsonNumber
    address_search_configured: bool = Field(
        False, description="An address service is set up (FLOW_GEOCODER_URL): without one, GET "
                           "/api/address/autocomplete answers an empty list and sign-up says so")


class CompanySettingsRead(BaseModel):
    model_config = ConfigDict(from_attributes=True)

    scope: Literal["company"] = "company"
    enable_ear_reporting: bool
    inbound_module_enabled: bool
    inbound_multistep_weighing_enabled: bool
    inbound_employee_weigh_in_enabled: bool = Field(
        False, description="Employees may weigh inbound loads in at their location (docs/access.md)")
    enable_customer_notes: bool
    enable_internal_notes: bool
    enable_ticket_email: bool
    outbound_multistep_weighing_enabled: bool
    system_default_theme: str
    outbound_truck_scale_enabled: bool
    outbound_type2_require_vehicle_info: bool
    outbound_type2_auto_generate_bol: bool
    outbound_type2_auto_create_payable: bool
    enable_carbon_credits: bool
    carbon_credit_methodology: str
    carbon_offset_price_per_ton: JsonNumber
    enable_carbon_trading: bool
    simple_tickets_mode: bool
    ai_provider: str
    sb1383_target_percent: JsonNumber
    inbound_default_price_per_unit: JsonNumber | None = Field(
        None, description="The company's default inbound price (4th in the pricing precedence)")
    inbound_default_pricing_unit: str = "lb"
    sb1383_compliance_enabled: bool
    recaptcha_enabled: bool
    recaptcha_site_key: str


class CompanySettingsUpdate(BaseModel):
    """What a store_admin may change; the SB 1383 override belongs to the platform."""

    model_config = ConfigDict(extra="forbid")

    enable_ear_reporting: Flag | None = None
    inbound_module_enabled: Flag | None = None
    inbound_multistep_weighing_enabled: Flag | None = None
    inbound_employee_weigh_in_enabled: Flag | None = None
    enable_customer_notes: Flag | None = None
    enable_internal_notes: Flag | None = None
    enable_ticket_email: Flag | None = None
    outbound_multistep_weighing_enabled: Flag | None = None
    system_default_theme: Literal["light", "dark"] | None = None
    outbound_truck_scale_enabled: Flag | None = None
    outbound_type2_require_vehicle_info: Flag | None = None
    outbound_type2_auto_generate_bol: Flag | None = None
    outbound_type2_auto_create_payable: Flag | None = None
    enable_carbon_credits: Flag | None = None
    carbon_credit_methodology: Literal["EPA_2023", "IPCC_2019", "CUSTOM"] | None = None
    carbon_offset_price_per_ton: Decimal | None = Field(default=None, ge=0, max_digits=10, decimal_places=2)
    enable_carbon_trading: Flag | None = None
    simple_tickets_mode: Flag | None = None
    ai_provider: Literal["auto", "local", "openai"] | None = None
    sb1383_target_percent: Decimal | None = Field(default=None, ge=0, le=100, decimal_places=2)
    inbound_default_price_per_unit: Decimal | None = Field(default=None, ge=0, le=1_000_000, decimal_places=4)
    inbound_default_pricing_unit: Literal["lb", "ton", "yard", "gallon", "each"] | None = None


class PlatformSettingsRead(BaseModel):
    model_config = ConfigDict(from_attributes=True)

    scope: Literal["platform"] = "platform"
    require_manual_approval: bool
    auto_approve_domains: list[str]
    recaptcha_enabled: bool
    recaptcha_site_key: str
    recaptcha_secret_configured: bool
    recaptcha_min_score: JsonNumber
    enable_carbon_credits: bool
    plan_upgrade_requires: Literal["payment", "approval"] = Field(
        description="A plan change that costs more takes effect once paid (payment) or once a platform "
                    "admin approves it (approval)")


class PlatformSettingsUpdate(BaseModel):
    model_config = ConfigDict(extra="forbid")

    require_manual_approval: Flag | None = None
    auto_approve_domains: list[Annotated[str, Field(min_length=3, max_length=255)]] | None = None
    recaptcha_enabled: Flag | None = None
    recaptcha_site_key: str | None = Field(default=None, max_length=200)
    recaptcha_secret_key: str | None = Field(default=None, max_length=200)
    recaptcha_min_score: Decimal | None = Field(default=None, ge=0, le=1, decimal_places=2)
    enable_carbon_credits: Flag | None = None
    plan_upgrade_requires: Literal["payment", "approval"] | None = None


def _one_setting() -> dict:
    """PUT /api/system/settings: exactly one setting, a company's (CompanySettingsUpdate) or the
    platform's (PlatformSettingsUpdate), not null. Who may change which is the server's: a manager
    sending a platform setting (or the reverse) gets 403."""
    from fastapi._compat.v2 import GenerateJsonSchema  # the document's generator (decimal patterns)

    import api.kit.contract  # noqa: F401  (sets its decimal hooks: without them a string had no pattern)

    properties: dict = {}
    for model in (CompanySettingsUpdate, PlatformSettingsUpdate):
        for name, prop in model.model_json_schema(schema_generator=GenerateJsonSchema)["properties"].items():
            prop = {k: v for k, v in prop.items() if k != "default"}
            branches = [b for b in prop.pop("anyOf", []) if b != {"type": "null"}]
            if len(branches) == 1:
                prop.update(branches[0])
            elif branches:
                prop["anyOf"] = branches
            properties[name] = prop
    return {"type": "object", "properties": properties, "additionalProperties": False,
            "minProperties": 1, "maxProperties": 1,
            "description": "Exactly one setting to change, with its new value"}


ONE_SETTING = _one_setting()
