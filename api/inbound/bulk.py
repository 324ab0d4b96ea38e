"""Customer CSV import (spec 3 s7 template), streamed: the file is read row by row from the
upload's spooled temporary file and written in batches, so 10,000 rows hold no request memory.

Each bad row is reported as 'Line N: reason' and skipped; good rows are kept. A row matches an
existing customer by account number, else by name and email (case-insensitive), and updates it:
uploading the same file twice does not duplicate customers.
"""
from __future__ import annotations

import codecs
import csv
import io
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import Decimal, InvalidOperation
from typing import BinaryIO

from sqlalchemy import insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from api.inbound.customers import format_account, lock_account_numbers, next_account_number
from api.inbound.schemas import MAX_PRICE
from api.kit.errors import Invalid
from api.tables.parties import Customer

TEMPLATE_COLUMNS = ("customer_name", "phone", "email", "address", "is_hauler", "active", "pricing_per_unit",
                    "unit_of_measure", "notes")
OPTIONAL_COLUMNS = ("account_number",)
TEMPLATE_EXAMPLE = ("Golden Gate Produce Co.", "(415) 555-0191", "ap@goldengate.example.com",
                    "1200 Evans Ave, San Francisco, CA 94124", "false", "true", "0.045", "lb", "Net 30")
MAX_UPLOAD_BYTES = 20 * 1024 * 1024
NOT_CSV = "Please select a valid CSV file"
BATCH = 500
MAX_ERRORS_KEPT = 1000
TRUE = {"true", "yes", "y", "1", "t"}
FALSE = {"false", "no", "n", "0", "f"}
UNITS = {"lb": "lb", "lbs": "lb", "pound": "lb", "pounds": "lb", "ton": "ton", "tons": "ton", "yard": "yard",
         "yards": "yard", "cubic_yard": "yard", "cubic_yards": "yard", "gallon": "gallon", "gallons": "gallon",
         "each": "each"}
LIMITS = {"customer_name": 200, "phone": 40, "email": 320, "address": 300, "notes": 2000, "account_number": 40}


def template_csv() -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(TEMPLATE_COLUMNS)
    writer.writerow(TEMPLATE_EXAMPLE)
    return out.getvalue()


def _looks_like_text(head: bytes) -> bool:
    if b"\x00" in head:
        return False
    try:
        codecs.getincrementaldecoder("utf-8-sig")().decode(head, final=False)
    except UnicodeDecodeError:
        return False
    return True


def _flag(value: str, default: bool, name: str) -> bool:
    v = value.strip().lower()
    if not v:
        return default
    if v in TRUE:
        return True
    if v in FALSE:
        return False
    raise ValueError(f"{name} must be true or false, not '{value.strip()[:20]}'")


def parse_row(row: dict[str, str]) -> dict:
    """Column values of one customer, or ValueError with the reason."""
    values = {k: (row.get(k) or "").strip() for k in (*TEMPLATE_COLUMNS, *OPTIONAL_COLUMNS)}
    if not values["customer_name"]:
        raise ValueError("Customer name is required")
    for name, limit in LIMITS.items():
        if len(values[name]) > limit:
            raise ValueError(f"{name} is longer than {limit} characters")
    if values["email"] and "@" not in values["email"]:
        raise ValueError(f"email '{values['email'][:40]}' is not an email address")
    price = None
    if values["pricing_per_unit"]:
        try:
            price = Decimal(values["pricing_per_unit"].lstrip("$"))
        except InvalidOperation:
            raise ValueError(f"pricing_per_unit '{values['pricing_per_unit'][:20]}' is not a number") from None
        if not price.is_finite() or price < 0 or price > MAX_PRICE:
            raise ValueError("pricing_per_unit must be between 0 and 1,000,000")
    unit = None
    if values["unit_of_measure"]:
        unit = UNITS.get(values["unit_of_measure"].lower())
        if unit is None:
            raise ValueError(f"unit_of_measure must be one of lb, ton, yard, gallon, each, not "
                             f"'{values['unit_of_measure'][:20]}'")
    return {
        "customer_name": values["customer_name"], "phone": values["phone"] or None, "email": values["email"] or None,
        "address": values["address"] or None, "is_hauler": _flag(values["is_hauler"], False, "is_hauler"),
        "active": _flag(values["active"], True, "active"), "custom_pricing_per_unit": price,
        "default_unit_of_measure": unit or ("lb" if price is not None else None), "notes": values["notes"] or None,
        "account_number": values["account_number"] or None,
    }


@dataclass
class Outcome:
    created: int = 0
    updated: int = 0
    errors: list[str] = field(default_factory=list)
    error_count: int = 0

    def error(self, line: int, reason: str) -> None:
        self.error_count += 1
        if len(self.errors) < MAX_ERRORS_KEPT:
            self.errors.append(f"Line {line}: {reason}")


def _name_key(name: str, email: str | None) -> tuple[str, str]:
    return name.strip().lower(), (email or "").strip().lower()


class Importer:
    def __init__(self, db: AsyncSession, company_id: uuid.UUID):
        self.db, self.company_id = db, company_id
        self.by_account: dict[str, uuid.UUID] = {}
        self.by_name: dict[tuple[str, str], uuid.UUID] = {}
        self.seen: dict[uuid.UUID, int] = {}  # customer -> line that touched it in this file
        self.next_number = 0
        self.outcome = Outcome()
        self.pending: list[tuple[int, bool, dict]] = []  # (line, is_new, values)

    async def load(self) -> None:
        await lock_account_numbers(self.db, self.company_id)
        self.next_number = await next_account_number(self.db)
        rows = await self.db.execute(select(Customer.id, Customer.account_number, Customer.customer_name, Customer.email))
        for cid, account, name, email in rows:
            if account:
                self.by_account[account.lower()] = cid
            self.by_name.setdefault(_name_key(name, email), cid)

    def take(self, line: int, raw: dict[str, str]) -> None:
        try:
            values = parse_row(raw)
        except ValueError as exc:
            self.outcome.error(line, str(exc))
            return
        account = values.pop("account_number")
        match = self.by_account.get(account.lower()) if account else None
        if match is None and not account:
            match = self.by_name.get(_name_key(values["customer_name"], values["email"]))
        if match is not None and match in self.seen:
            self.outcome.error(line, f"the same customer as line {self.seen[match]}")
            return
        now = datetime.now(tz=UTC)
        if match is None:
            match = uuid.uuid4()
            if not account:
                account = format_account(self.next_number)
                self.next_number += 1
            values.update(id=match, company_id=self.company_id, account_number=account, is_disposal_partner=False,
                          created_at=now, updated_at=now)
            self.by_account[account.lower()] = match
            self.by_name.setdefault(_name_key(values["customer_name"], values["email"]), match)
            self.pending.append((line, True, values))
        else:
            values.update(id=match, updated_at=now)
            if account:
                values["account_number"] = account
            self.pending.append((line, False, values))
        self.seen[match] = line

    async def _write(self, items: list[tuple[int, bool, dict]]) -> None:
        new = [v for _l, is_new, v in items if is_new]
        old = [v for _l, is_new, v in items if not is_new]
        if new:
            await self.db.execute(insert(Customer), new)
        if old:
            await self.db.execute(update(Customer), old)

    async def flush(self) -> None:
        items, self.pending = self.pending, []
        if not items:
            return
        try:
            async with self.db.begin_nested():
                await self._write(items)
            self._count(items)
            return
        except IntegrityError:
            pass
        for item in items:  # a constraint refused the batch: find the row, keep the others
            try:
                async with self.db.begin_nested():
                    await self._write([item])
                self._count([item])
            except IntegrityError:
                self.outcome.error(item[0], "account number already used by another customer")

    def _count(self, items) -> None:
        for _line, is_new, _v in items:
            if is_new:
                self.outcome.created += 1
            else:
                self.outcome.updated += 1


async def import_customers(db: AsyncSession, company_id: uuid.UUID, stream: BinaryIO) -> Outcome:
    head = stream.read(8192)
    stream.seek(0)
    if not head.strip() or not _looks_like_text(head):
        raise Invalid(NOT_CSV)
    text = io.TextIOWrapper(stream, encoding="utf-8-sig", newline="")
    try:
        reader = csv.DictReader(text)
        header = [h.strip().lower() for h in (reader.fieldnames or [])]
        if "customer_name" not in header:
            raise Invalid(f"{NOT_CSV}: the first line must name the template's columns (customer_name, ...)")
        reader.fieldnames = header
        importer = Importer(db, company_id)
        await importer.load()
        try:
            for raw in reader:
                line = reader.line_num
                if None in raw:
                    importer.outcome.error(line, "more values than columns")
                    continue
                if not any((v or "").strip() for v in raw.values()):
                    continue  # blank line
                importer.take(line, raw)
                if len(importer.pending) >= BATCH:
                    await importer.flush()
        except (UnicodeDecodeError, csv.Error) as exc:
            importer.outcome.error(reader.line_num + 1, f"the file cannot be read past this line ({type(exc).__name__})")
        await importer.flush()
        return importer.outcome
    finally:
        text.detach()
