"""Build tenants and people the way the product does (provision_company), without HTTP."""
from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from functools import cache

from api.companies.service import provision_company
from api.core.db import sessionmaker, set_system_scope
from api.core.security import create_access_token, hash_secret
from api.tables.companies import Company
from api.tables.stores import Store
from api.tables.users import User

PASSWORD = "secret-pass-1"
PIN = "4321"


@cache
def hashed(secret: str) -> str:
    """argon2 is slow on purpose; tests reuse one real hash per secret."""
    return hash_secret(secret)


@dataclass
class Tenant:
    company_id: uuid.UUID
    admin: User
    employee: User
    stores: list[Store]
    plan: str
    tokens: dict[str, str] = field(default_factory=dict)

    def headers(self, who: str = "admin") -> dict[str, str]:
        return {"Authorization": f"Bearer {self.tokens[who]}"}


def token_for(user: User) -> str:
    return create_access_token(user_id=user.id, company_id=user.company_id, role=user.role, version=user.token_version)


class Factory:
    async def tenant(
        self,
        plan: str = "enterprise",
        *,
        trial: bool = False,
        stores: int = 2,
        assign_employee: bool = False,
        name: str | None = None,
    ) -> Tenant:
        tag = uuid.uuid4().hex[:8]
        async with sessionmaker()() as db, db.begin():
            await set_system_scope(db)
            company = Company(
                name=name or f"Tenant {tag}",
                email=f"owner-{tag}@example.com",
                subscription_plan="pro" if trial else plan,
                subscription_status="trial" if trial else "active",
                account_type="trial" if trial else "paid",
                trial_ends_at=datetime.now(tz=UTC) + timedelta(days=15) if trial else None,
                approval_status="approved",
            )
            db.add(company)
            await db.flush()
            await provision_company(db, company)
            store_rows = [
                Store(company_id=company.id, name=f"Kitchen {i + 1}", store_number=f"S{i + 1:03d}", state="CA",
                      city="Oakland")
                for i in range(stores)
            ]
            db.add_all(store_rows)
            await db.flush()
            admin = User(
                company_id=company.id, email=f"admin-{tag}@example.com", password_hash=hashed(PASSWORD),
                role="store_admin", first_name="Ada", last_name="Admin", setup_completed=True,
            )
            employee = User(
                company_id=company.id, email=f"employee-{tag}@example.com", password_hash=hashed(PASSWORD),
                pin_hash=hashed(PIN), role="store_employee", first_name="Eli", last_name="Employee",
                assigned_location_id=store_rows[0].id if (assign_employee and store_rows) else None,
            )
            db.add_all([admin, employee])
            await db.flush()
        tenant = Tenant(company.id, admin, employee, store_rows, plan)
        tenant.tokens = {"admin": token_for(admin), "employee": token_for(employee)}
        return tenant

    async def system_admin(self) -> tuple[User, str]:
        tag = uuid.uuid4().hex[:8]
        async with sessionmaker()() as db, db.begin():
            await set_system_scope(db)
            user = User(company_id=None, email=f"root-{tag}@example.com", password_hash=hashed(PASSWORD),
                        role="system_admin", first_name="Sam", last_name="Root", setup_completed=True)
            db.add(user)
            await db.flush()
        return user, token_for(user)


def add_alert_recipients(owner_sql, company_id, *emails: str) -> None:
    """A manager's (inactive) e-mail alert naming these addresses: reports and tickets may then be
    mailed to them (api/mail/recipients.py allows the company's users and alert recipients only)."""
    owner_sql("insert into email_alerts (id, company_id, name, report_type, schedule, send_time, recipients, "
              "is_active, created_at, updated_at) values (gen_random_uuid(), %s, 'Test recipients', 'basic', "
              "'daily', '09:00', %s, false, now(), now())", (company_id, ",".join(emails)))
