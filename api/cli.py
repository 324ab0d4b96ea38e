"""`flow`: the command line for operators (typer)."""
from __future__ import annotations

import asyncio
import os
import subprocess
import sys

import typer

app = typer.Typer(help="Flow: food-waste weighing, tickets, billing and compliance.", no_args_is_help=True)
db_app = typer.Typer(help="The operational database (Postgres).", no_args_is_help=True)
demo_app = typer.Typer(help="Demo tenant and data.", no_args_is_help=True)
warehouse_app = typer.Typer(help="The analytics warehouse (Dagster, dbt, DuckDB).", no_args_is_help=True)
app.add_typer(db_app, name="db")
app.add_typer(demo_app, name="demo")
app.add_typer(warehouse_app, name="warehouse")


def ensure_database_url() -> str:
    """Use FLOW_DATABASE_URL / DATABASE_URL, or start the private cluster and use it."""
    url = os.environ.get("FLOW_DATABASE_URL") or os.environ.get("DATABASE_URL")
    if not url:
        from api import devdb

        url = devdb.ensure_database(os.environ.get("FLOW_DEV_DB_NAME", "flow"))
        os.environ["FLOW_DATABASE_URL"] = url
    from api.core.config import get_settings

    get_settings.cache_clear()
    return url


def upgrade_database(url: str) -> None:
    from pathlib import Path

    from alembic import command
    from alembic.config import Config

    cfg = Config(str(Path(__file__).with_name("alembic.ini")))
    cfg.attributes["url"] = url
    command.upgrade(cfg, "head")


@db_app.command("upgrade")
def db_upgrade() -> None:
    """Apply every migration (the only way the schema changes)."""
    url = ensure_database_url()
    upgrade_database(url)
    typer.echo("database is at the latest migration")


@db_app.command("start")
def db_start() -> None:
    """Start the private Postgres cluster (when no FLOW_DATABASE_URL is set) and print its URL."""
    typer.echo(ensure_database_url())


@db_app.command("stop")
def db_stop() -> None:
    """Stop the private Postgres cluster."""
    from api import devdb

    devdb.stop()


@demo_app.command("seed")
def demo_seed() -> None:
    """Create the demo platform admin, tenant, locations, people and a year of data (idempotent)."""
    url = ensure_database_url()
    upgrade_database(url)
    from api.demo import seed_demo

    logins = asyncio.run(seed_demo())
    for line in logins:
        typer.echo(line)


@warehouse_app.command("refresh")
def warehouse_refresh(full: bool = typer.Option(False, "--full", help="Reload every table, not only changes")) -> None:
    """Extract Postgres into DuckDB, build the dbt models and publish the warehouse, once."""
    ensure_database_url()
    from pipelines.refresh import refresh_once

    refresh_once(full=full)


@app.command()
def serve(host: str = "127.0.0.1", port: int = 8000, workers: int = 1) -> None:
    """Run the API and the built web app on one origin."""
    ensure_database_url()
    import uvicorn

    uvicorn.run("api.main:app", host=host, port=port, workers=workers, proxy_headers=True)


@app.command()
def up(
    host: str = "127.0.0.1",
    port: int = 8000,
    dagster_port: int = 3000,
    dagster: bool = typer.Option(True, help="Also start the Dagster UI and its schedules"),
) -> None:
    """Everything for a demo: database, migrations, demo data, warehouse, Dagster, the app."""
    url = ensure_database_url()
    upgrade_database(url)
    from api.demo import seed_demo

    for line in asyncio.run(seed_demo()):
        typer.echo(line)
    children: list[subprocess.Popen] = []
    try:
        try:
            from pipelines.refresh import refresh_once

            refresh_once(full=False)
        except ImportError:
            typer.echo("warehouse: not built yet")
        if dagster:
            try:
                from pipelines.refresh import start_dagster

                children.append(start_dagster(dagster_port))
                typer.echo(f"Dagster UI:  http://{host}:{dagster_port}")
            except ImportError:
                pass
        typer.echo(f"Flow:        http://{host}:{port}")
        import uvicorn

        uvicorn.run("api.main:app", host=host, port=port, proxy_headers=True)
    finally:
        for child in children:
            child.terminate()


if __name__ == "__main__":
    sys.exit(app())
