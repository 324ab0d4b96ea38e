"""Tickets written through the ORM (as the app writes them) for warehouse tests, and a refresh."""
from __future__ import annotations

import asyncio
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

from api.core.db import sessionmaker, set_tenant
from api.tables.tickets import Ticket

DESTINATIONS = {
    "Compost": (True, "compost"),
    "Landfill": (False, "landfill"),
    "Food Bank": (True, "donation"),
}


@dataclass
class Weighing:
    at: datetime
    destination: str
    net: str
    tare: str = "0.0"
    waste_type: str = "Food Scraps"
    inbound: bool = False
    status: str = "completed"
    store: int = 0
    container: str | None = None
    capacity_gallons: str | None = None


async def add_tickets(tenant, weighings: list[Weighing]) -> list[uuid.UUID]:
    ids = []
    async with sessionmaker()() as db, db.begin():
        await set_tenant(db, tenant.company_id)
        for w in weighings:
            is_diversion, path = DESTINATIONS[w.destination]
            net, tare = Decimal(w.net), Decimal(w.tare)
            ticket = Ticket(
                ticket_number=f"T-TEST-{uuid.uuid4().hex[:10]}", store_id=tenant.stores[w.store].id,
                is_inbound=w.inbound, status=w.status, ticket_at=w.at, waste_type_name=w.waste_type,
                destination_name=w.destination, destination_is_diversion=is_diversion,
                destination_management_path=path, container_name=w.container,
                container_capacity_gallons=Decimal(w.capacity_gallons) if w.capacity_gallons else None, gross_weight=net + tare,
                tare_weight=tare, net_weight=net, created_by_id=tenant.employee.id, employee_name="Eli Employee",
                outbound_ticket_type=None if w.inbound else "type_1_container",
            )
            db.add(ticket)
            await db.flush()
            ids.append(ticket.id)
    return ids


def dbt(args: list[str], build_file: Path, target: Path) -> tuple[int, str]:
    """A dbt command on build_file (and its work file), in this process as the pipeline runs dbt
    (pipelines/defs/transform/in_process.py); its exit code and what the CLI would print."""
    import json

    from pipelines.defs.transform import in_process
    from pipelines.defs.transform.project import dbt_env
    from pipelines.paths import DBT_DIR

    env = {**dbt_env(build_file), "DBT_PROFILES_DIR": str(DBT_DIR), "DBT_PROJECT_DIR": str(DBT_DIR),
           "DBT_TARGET_PATH": str(target)}
    lines: list[bytes] = []
    code = in_process.run(args, env, lines)
    return code, "\n".join(json.loads(line)["info"]["msg"] for line in lines)


def published(sql: str, params: list | None = None, path: Path | None = None) -> list[tuple]:
    """Rows of the published warehouse (or of the DuckDB file at path), read-only."""
    import duckdb

    from pipelines import paths

    con = duckdb.connect(str(path or paths.published_path()), read_only=True)
    try:
        return con.execute(sql, params or []).fetchall()
    finally:
        con.close()


def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)


# Whether refresh() runs dbt's data and unit tests by default. tests/api/conftest.py turns them off
# for its package: those worlds test the API over the marts, and tests/pipelines (which keeps them
# on) builds the same marts and runs every dbt test (test_refresh.py, test_incremental.py).
DBT_TESTS = {"default": True}


async def refresh(full: bool = False, *, dbt_tests: bool | None = None) -> datetime:
    from pipelines.refresh import refresh_once

    tests = DBT_TESTS["default"] if dbt_tests is None else dbt_tests
    return await asyncio.to_thread(lambda: refresh_once(full, dbt_tests=tests))


# Company A's October (Los Angeles days), hand-computed in the tests:
# outbound 210 lb (100 compost, 50 landfill, 60 donated), inbound 200 lb, one void ticket.
OCTOBER = [
    Weighing(utc(2026, 10, 15, 19), "Compost", "100.0", tare="10.0", container="Slim Jim 23 (23gal)"),
    Weighing(utc(2026, 10, 16, 19), "Landfill", "50.0", tare="7.8", waste_type="Food Waste"),
    Weighing(utc(2026, 10, 20, 19), "Food Bank", "60.0", waste_type="Food Waste", store=1),
    Weighing(utc(2026, 10, 21, 19), "Compost", "200.0", inbound=True, store=1),
    Weighing(utc(2026, 10, 22, 19), "Compost", "999.0", status="void"),
]
