"""Every table, imported once so Alembic and the tenant mechanisms see the whole schema."""
from api.core.db import Base
from api.tables.alerts import Alert  # noqa: F401
from api.tables.audit import AuditEvent  # noqa: F401
from api.tables.auth import AuthToken  # noqa: F401
from api.tables.carbon import CarbonCredit  # noqa: F401
from api.tables.companies import Company  # noqa: F401
from api.tables.compliance import ComplianceEvent, FoodRecoveryPartner, GeneratorProfile  # noqa: F401
from api.tables.email_alerts import EmailAlert, EmailAlertSend  # noqa: F401
from api.tables.inbound import CustomerPrice  # noqa: F401
from api.tables.inventory import InventoryItem, InventoryMovement  # noqa: F401
from api.tables.invoices import Invoice, InvoiceLine, Payment  # noqa: F401
from api.tables.lists import (  # noqa: F401
    CarbonMethodology,
    ContainerType,
    DestinationType,
    DiversionMethod,
    WasteSubtype,
    WasteType,
)
from api.tables.parties import Customer, Vehicle  # noqa: F401
from api.tables.payables import Bill, BillOfLading, BillPayment  # noqa: F401
from api.tables.ratelimit import RateLimitBucket  # noqa: F401
from api.tables.regions import Region  # noqa: F401
from api.tables.settings import CompanySettings, PlatformSettings  # noqa: F401
from api.tables.stores import Store  # noqa: F401
from api.tables.subscription import PlanSetting, SubscriptionChange, SubscriptionInvoice  # noqa: F401
from api.tables.tickets import Ticket, TicketCounter, TicketImage, TicketLineItem  # noqa: F401
from api.tables.users import User  # noqa: F401

# Tables whose rows belong to one company: RLS policies are created for each (first migration).
TENANT_TABLES = sorted(
    t.name for t in Base.metadata.sorted_tables if "company_id" in t.c and t.name not in {"users", "auth_tokens", "audit_log", "alerts"}
)
