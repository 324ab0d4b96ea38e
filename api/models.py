"""Every table, imported once so Alembic and the tenant mechanisms see the whole schema."""
from api.alerts.models import Alert  # noqa: F401
from api.audit.models import AuditEvent  # noqa: F401
from api.auth.models import AuthToken  # noqa: F401
from api.carbon.models import CarbonCredit  # noqa: F401
from api.companies.models import Company  # noqa: F401
from api.compliance.models import ComplianceEvent, FoodRecoveryPartner  # noqa: F401
from api.core.db import Base
from api.email_alerts.models import EmailAlert, EmailAlertSend  # noqa: F401
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
from api.payables.models import Bill, BillOfLading, BillPayment  # noqa: F401
from api.ratelimit.models import RateLimitBucket  # noqa: F401
from api.regions.models import Region  # noqa: F401
from api.settings.models import CompanySettings, PlatformSettings  # noqa: F401
from api.stores.models import Store  # noqa: F401
from api.subscription.models import PlanSetting, SubscriptionChange, SubscriptionInvoice  # noqa: F401
from api.tickets.models import Ticket, TicketCounter, TicketImage, TicketLineItem  # noqa: F401
from api.users.models import User  # noqa: F401

# Tables whose rows belong to one company: RLS policies are created for each (first migration).
TENANT_TABLES = sorted(
    t.name for t in Base.metadata.sorted_tables if "company_id" in t.c and t.name not in {"users", "auth_tokens", "audit_log", "alerts"}
)
