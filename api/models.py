"""Every table, imported once so Alembic and the tenant mechanisms see the whole schema."""
from api.admin.models import Alert, AuditEvent  # noqa: F401
from api.auth.models import AuthToken, RateLimitBucket  # noqa: F401
from api.carbon.models import CarbonCredit  # noqa: F401
from api.companies.models import Company, CompanySettings, PlatformSettings, Region, Store  # noqa: F401
from api.compliance.models import ComplianceEvent, FoodRecoveryPartner  # noqa: F401
from api.core.db import Base
from api.email_alerts.models import EmailAlert  # noqa: F401
from api.inbound.models import Customer, CustomerPrice, Vehicle  # noqa: F401
from api.inventory.models import InventoryItem, InventoryMovement  # noqa: F401
from api.invoices.models import Invoice, InvoiceLine, Payment  # noqa: F401
from api.lists.models import (  # noqa: F401
    CarbonMethodology,
    ContainerType,
    DestinationType,
    DiversionMethod,
    WasteSubtype,
    WasteType,
)
from api.tickets.models import Ticket, TicketCounter, TicketImage, TicketLineItem  # noqa: F401
from api.users.models import User  # noqa: F401

# Tables whose rows belong to one company: RLS policies are created for each (first migration).
TENANT_TABLES = sorted(
    t.name for t in Base.metadata.sorted_tables if "company_id" in t.c and t.name not in {"users", "auth_tokens", "audit_log", "alerts"}
)
