"""Receivables shapes of spec 3 s3: invoices, the aging report (management screen) and the
dashboard's aging; payments. Money is Decimal to the cent, serialised as a JSON string."""
from __future__ import annotations

import uuid
from datetime import date, datetime
from decimal import Decimal
from typing import Annotated, Literal

from pydantic import BaseModel, Field, field_validator

AgingCategory = Literal["CURRENT", "1-30", "31-60", "61-90", "90+"]
AGING_CATEGORIES: tuple[str, ...] = ("CURRENT", "1-30", "31-60", "61-90", "90+")
PaymentStatus = Literal["pending", "paid", "overdue"]
PaymentMethod = Literal["cash", "check", "credit_card", "bank_transfer"]
Money = Annotated[Decimal, Field(max_digits=12, decimal_places=2)]


class InvoiceRow(BaseModel):
    invoice_id: uuid.UUID
    invoice_number: str
    ticket_id: uuid.UUID | None = None
    ticket_number: str | None = None
    customer_id: uuid.UUID | None = None
    customer_name: str | None = None
    issue_date: date
    due_date: date
    payment_terms: str | None = None
    amount: Money
    balance: Money
    payment_status: Literal["pending", "paid", "overdue", "void"]
    status: str = Field(description="PAID, PENDING, OVERDUE or VOID (the screens' badge)")
    aging_category: AgingCategory | None = Field(None, description="Null once paid: nothing left to age")
    days_overdue: int = Field(0, description="Days past the due date on the as-of day; 0 when not past due or paid")
    billing_period: date | None = Field(None, description="Month a consolidated (monthly) invoice covers (its first day)")


# Ledger answers are read from Postgres, current with the last write; the field stays for clients
# that showed a warehouse refresh time.
LEDGER_REFRESHED = Field(description="Always null: read from the ledger, current with the last write")


class InvoiceList(BaseModel):
    invoices: list[InvoiceRow]
    total: int = Field(description="Invoices matching the filters (the list is cut at limit)")
    as_of: date
    last_refreshed_at: datetime | None = LEDGER_REFRESHED


class AgingBucket(BaseModel):
    total: Money
    count: int


class AgingReport(BaseModel):
    as_of: date
    total_accounts_receivable: Money
    aging_buckets: dict[AgingCategory, AgingBucket]
    last_refreshed_at: datetime | None = LEDGER_REFRESHED


class DashboardBucket(BaseModel):
    total_amount: Money
    invoice_count: int


class DashboardAging(BaseModel):
    as_of: date
    aging_buckets: dict[Literal["current", "days_1_30", "days_31_60", "days_61_90", "days_90_plus"], DashboardBucket]
    total_outstanding: Money
    total_invoices: int
    unique_customers: int
    last_refreshed_at: datetime | None = LEDGER_REFRESHED


class InvoiceLineRead(BaseModel):
    description: str
    quantity: Decimal
    unit_price: Decimal
    total: Money
    ticket_number: str | None = None


class PaymentRead(BaseModel):
    payment_id: uuid.UUID
    invoice_id: uuid.UUID
    amount: Money
    method: PaymentMethod
    reference: str | None
    notes: str | None
    paid_at: datetime


class BillTo(BaseModel):
    customer_name: str | None
    account_number: str | None
    address: str | None
    email: str | None
    phone: str | None


class InvoiceDetail(InvoiceRow):
    bill_to: BillTo
    line_items: list[InvoiceLineRead]
    payments: list[PaymentRead]


class PaymentCreate(BaseModel):
    amount: Money = Field(gt=0, description="At most the balance, to the cent")
    method: PaymentMethod
    reference: str | None = Field(None, max_length=100)
    notes: str | None = Field(None, max_length=2000)

    @field_validator("amount")
    @classmethod
    def _to_the_cent(cls, value: Decimal) -> Decimal:
        return value.quantize(Decimal("0.01"))

    @field_validator("reference", "notes")
    @classmethod
    def _blank_is_none(cls, value: str | None) -> str | None:
        return value.strip() or None if value is not None else None


class PaymentRecorded(BaseModel):
    payment: PaymentRead
    invoice: InvoiceDetail


class StatementLine(BaseModel):
    activity_date: date
    kind: Literal["invoice", "payment"]
    invoice_number: str
    method: PaymentMethod | None = None
    reference: str | None = None
    charge: Money
    credit: Money
    balance: Money = Field(description="Running balance after this line")


class Statement(BaseModel):
    """A customer statement (the ledger: ledger_receivable_activity, ledger_invoice_aging): the opening
    balance, the period's invoices and payments with a running balance, the invoices still open
    on the statement date and their aging."""

    customer_id: uuid.UUID
    customer_name: str
    account_number: str | None
    start_date: date
    end_date: date
    opening_balance: Money
    total_charges: Money
    total_credits: Money
    closing_balance: Money
    lines: list[StatementLine]
    open_invoices: list[InvoiceRow]
    aging: AgingReport
    last_refreshed_at: datetime | None = LEDGER_REFRESHED


BillingCycle = Literal["per_load", "monthly"]
TermsDays = Literal[0, 15, 30, 60]


class BillingAccount(BaseModel):
    customer_id: uuid.UUID
    customer_name: str
    account_number: str | None
    email: str | None
    active: bool
    billing_cycle: BillingCycle
    payment_terms_days: int | None = Field(description="Null: the default, Net 30")
    payment_terms: str


class BillingAccountList(BaseModel):
    accounts: list[BillingAccount]


class BillingAccountUpdate(BaseModel):
    """How a customer is billed: an invoice per load or one consolidated invoice a month, and
    its payment terms (Due on receipt, Net 15, Net 30, Net 60)."""

    billing_cycle: BillingCycle | None = None
    payment_terms_days: TermsDays | None = Field(None, description="0 (Due on receipt), 15, 30 or 60")
