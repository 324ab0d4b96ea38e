"""`flow`: the command line for operators (typer)."""
from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Annotated

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
        from flow import devdb

        url = devdb.ensure_database(os.environ.get("FLOW_DEV_DB_NAME", "flow"))
        os.environ["FLOW_DATABASE_URL"] = url
    from api.core.config import get_settings

    get_settings.cache_clear()
    return url


def ensure_signing_key() -> None:
    """FLOW_SECRET_KEY, or the key file; the first start writes a random key there (mode 0600)."""
    from api.core.config import ensure_secret_key

    written = ensure_secret_key()
    if written is not None:
        typer.echo(f"Wrote a new signing key to {written} (keep it private; see README, Signing key).")


def upgrade_database(url: str) -> None:
    from pathlib import Path

    from alembic import command
    from alembic.config import Config

    cfg = Config(str(Path(__file__).resolve().parents[1] / "api" / "alembic.ini"))
    cfg.attributes["url"] = url
    command.upgrade(cfg, "head")
    _finish_ticket_locations(url)


def _finish_ticket_locations(url: str) -> None:
    """Once no old ticket lacks its location, the column becomes NOT NULL (migration 0011)."""
    from sqlalchemy import create_engine, pool

    from api.migrations import ticket_locations

    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            url = "postgresql+psycopg://" + url[len(prefix):]
    engine = create_engine(url, poolclass=pool.NullPool)
    try:
        with engine.begin() as conn:
            ticket_locations.finish(conn)
    finally:
        engine.dispose()


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
    from flow import devdb

    devdb.stop()


BACKUP_TABLES = ("tickets", "invoices", "payments")
# The Dagster code locations `flow up` loads: the warehouse (extract, dbt, checks, publish; imports
# nothing from api) and the jobs (billing, report e-mails; calls the API's services).
CODE_LOCATIONS = ("pipelines.definitions", "jobs.definitions")


def _libpq_url(url: str) -> str:
    return url.replace("postgresql+psycopg://", "postgresql://", 1)


def _table_figures(url: str) -> dict[str, dict[str, object]]:
    """Row count and a content checksum of the tables a restore must bring back exactly."""
    import psycopg

    figures: dict[str, dict[str, object]] = {}
    with psycopg.connect(_libpq_url(url)) as conn:
        for table in BACKUP_TABLES:
            exists = conn.execute("select to_regclass(%s)", (f"public.{table}",)).fetchone()[0]
            if exists is None:
                continue
            count, checksum = conn.execute(
                f"select count(*), coalesce(md5(string_agg(t::text, '|' order by t.id)), '') from {table} t"
            ).fetchone()
            figures[table] = {"rows": count, "md5": checksum}
    return figures


@db_app.command("backup")
def db_backup(
    out: Annotated[Path | None, typer.Option(help="Folder to write (default .flow/backups/<UTC time>)")] = None,
) -> None:
    """Back up the operational database (pg_dump) and the image store into one folder.

    The warehouse is not backed up: `flow warehouse refresh --full` rebuilds it from Postgres."""
    import json
    import tarfile
    from datetime import UTC, datetime

    from api.core.config import ROOT, get_settings
    from flow import devdb

    url = ensure_database_url()
    folder = out or ROOT / ".flow" / "backups" / datetime.now(tz=UTC).strftime("%Y%m%dT%H%M%SZ")
    folder.mkdir(parents=True, exist_ok=True)
    subprocess.run([devdb._bin("pg_dump"), "--format=custom", "--no-owner", f"--file={folder / 'flow.dump'}",
                    f"--dbname={_libpq_url(url)}"], check=True)
    media = Path(get_settings().media_dir)
    with tarfile.open(folder / "media.tar.gz", "w:gz") as tar:
        if media.is_dir():
            tar.add(media, arcname="media")
    manifest = {"created_at": datetime.now(tz=UTC).isoformat(), "tables": _table_figures(url)}
    (folder / "manifest.json").write_text(json.dumps(manifest, indent=2))
    typer.echo(f"backup written to {folder}")
    for table, fig in manifest["tables"].items():
        typer.echo(f"  {table}: {fig['rows']} rows")


@db_app.command("restore")
def db_restore(
    folder: Annotated[Path, typer.Argument(help="A folder written by `flow db backup`")],
    force: bool = typer.Option(False, "--force", help="Replace a database that already holds data"),
) -> None:
    """Restore the database and the image store from `flow db backup`, and check them.

    The restored tickets, invoices and payments must match the backup's counts and checksums."""
    import json
    import tarfile

    import psycopg

    from api.core.config import get_settings
    from flow import devdb

    dump, media_tar, manifest_file = folder / "flow.dump", folder / "media.tar.gz", folder / "manifest.json"
    for required in (dump, media_tar, manifest_file):
        if not required.is_file():
            raise typer.BadParameter(f"{required} is missing: not a Flow backup folder", param_hint="FOLDER")
    url = ensure_database_url()
    with psycopg.connect(_libpq_url(url)) as conn:
        has_data = conn.execute("select to_regclass('public.alembic_version') is not null").fetchone()[0]
    if has_data and not force:
        typer.echo("The database already has Flow tables; restore into an empty database, or pass --force "
                   "to replace what it holds.", err=True)
        raise typer.Exit(2)
    args = [devdb._bin("pg_restore"), "--no-owner", "--exit-on-error", "--single-transaction",
            f"--dbname={_libpq_url(url)}"]
    if force:
        args += ["--clean", "--if-exists"]
    subprocess.run([*args, str(dump)], check=True)
    media = Path(get_settings().media_dir)
    media.mkdir(parents=True, exist_ok=True)
    with tarfile.open(media_tar, "r:gz") as tar:
        members = [m for m in tar.getmembers() if m.name == "media" or m.name.startswith("media/")]
        for member in members:
            member.name = member.name.removeprefix("media").lstrip("/") or "."
        tar.extractall(media, members=members, filter="data")
    expected = json.loads(manifest_file.read_text())["tables"]
    found = _table_figures(url)
    if found != expected:
        typer.echo(f"restored data differs from the backup: expected {expected}, found {found}", err=True)
        raise typer.Exit(1)
    summary = ", ".join(f"{table}: {fig['rows']} rows" for table, fig in found.items())
    typer.echo(f"restored {folder} ({summary}); run `flow warehouse refresh --full` to rebuild the warehouse")


@demo_app.command("seed")
def demo_seed() -> None:
    """Create the demo platform admin, tenant, locations, people and a year of data (idempotent)."""
    url = ensure_database_url()
    upgrade_database(url)
    from flow.demo import seed_demo

    logins = asyncio.run(seed_demo())
    for line in logins:
        typer.echo(line)


@warehouse_app.command("refresh")
def warehouse_refresh(full: bool = typer.Option(False, "--full", help="Reload every table, not only changes")) -> None:
    """Extract Postgres into DuckDB, build the dbt models and publish the warehouse, once."""
    ensure_database_url()
    from pipelines.refresh import refresh_once

    refresh_once(full=full)


def ensure_empty_warehouse() -> None:
    """What the reports read before the first publish (made by the pipeline from dbt's artefacts)."""
    from pipelines.defs.publish.empty import prepare_empty_warehouse

    prepare_empty_warehouse()


@app.command()
def serve(host: str = "127.0.0.1", port: int = 8000, workers: int = 1) -> None:
    """Run the API and the built web app on one origin."""
    ensure_database_url()
    ensure_signing_key()
    ensure_empty_warehouse()
    import uvicorn

    # SIGTERM: stop accepting, let requests in flight finish (at most 20 s), then exit.
    # proxy_headers off: uvicorn would believe X-Forwarded-For from any loopback client; the app
    # believes it only from FLOW_TRUSTED_PROXIES (api/main.py).
    uvicorn.run("api.main:app", host=host, port=port, workers=workers, proxy_headers=False,
                timeout_graceful_shutdown=20)


def log_dir() -> Path:
    from api.core.config import ROOT

    path = Path(os.environ.get("FLOW_LOG_DIR") or ROOT / ".flow" / "logs")
    path.mkdir(parents=True, exist_ok=True)
    return path


@contextlib.contextmanager
def output_to(path: Path):
    """Send this process's stdout/stderr (and its children's: dbt, Dagster) to a file for a while."""
    sys.stdout.flush()
    sys.stderr.flush()
    saved = os.dup(1), os.dup(2)
    with open(path, "ab") as log:
        os.dup2(log.fileno(), 1)
        os.dup2(log.fileno(), 2)
        try:
            yield
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            os.close(saved[0])
            os.close(saved[1])


def _descendants(pid: int) -> set[int]:
    """Every process below pid (from /proc), including any that left its process group."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(ppid, []).append(int(entry.name))
    found: set[int] = set()
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def stop_process_tree(proc: subprocess.Popen, grace: float = 4.0) -> None:
    """SIGTERM to the child's process group and every descendant; SIGKILL what is left after grace."""
    if proc.poll() is not None:
        return
    tree = _descendants(proc.pid) | {proc.pid}

    def signal_all(sig: int) -> None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, sig)
        for pid in tree:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, sig)

    signal_all(signal.SIGTERM)
    deadline = time.monotonic() + grace
    while time.monotonic() < deadline:
        tree |= _descendants(proc.pid)
        if proc.poll() is not None and not any(Path(f"/proc/{pid}").exists() for pid in tree - {proc.pid}):
            return
        time.sleep(0.1)
    signal_all(signal.SIGKILL)
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(2)


def _raise_interrupt(_signum, _frame) -> None:
    raise KeyboardInterrupt


def _serve(host: str, port: int, banner: list[str]) -> bool:
    """Serve the app until stopped; the banner is printed once the socket listens (not before:
    a taken port would have announced a Flow that is not there). False when it never started."""
    import uvicorn

    class AnnouncingServer(uvicorn.Server):
        async def startup(self, sockets=None) -> None:
            await super().startup(sockets=sockets)
            if self.started:
                typer.echo("\n".join(banner))

    server = AnnouncingServer(uvicorn.Config("api.main:app", host=host, port=port, proxy_headers=False,
                                             log_config=None, access_log=False, timeout_graceful_shutdown=3))
    try:
        server.run()
    except SystemExit:  # uvicorn's answer to a port it cannot bind (its log has the reason)
        return False
    return server.started


@app.command()
def up(
    host: str = "127.0.0.1",
    port: int = 8000,
    dagster_port: int = 3000,
    dagster: bool = typer.Option(True, help="Also start the Dagster UI and its schedules"),
    demo: bool = typer.Option(True, help="Create the demo tenant and its year of data (once)"),
    refresh: bool = typer.Option(True, help="Refresh the warehouse before starting"),
) -> None:
    """Everything for a demo: database, migrations, demo data, warehouse, Dagster, the app.

    Ctrl-C or SIGTERM stops all of it (the app, Dagster's webserver, daemon and code server)."""
    logs = log_dir()
    os.environ.setdefault("FLOW_LOG_FILE", str(logs / "api.log"))
    # SIGTERM behaves as Ctrl-C in every phase (uvicorn handles both while it serves, then
    # re-raises them here), so the `finally` below always stops the children.
    signal.signal(signal.SIGTERM, _raise_interrupt)
    children: list[subprocess.Popen] = []
    try:
        typer.echo("Starting Flow: database, migrations...")
        url = ensure_database_url()
        ensure_signing_key()
        with output_to(logs / "pipeline.log"):
            upgrade_database(url)
            ensure_empty_warehouse()
        logins: list[str] = []
        if demo:
            typer.echo("Demo data (the first start creates a year of tickets)...")
            from flow.demo import seed_demo

            logins = asyncio.run(seed_demo())
        if refresh:
            typer.echo(f"Warehouse refresh (log: {logs / 'pipeline.log'})...")
            from pipelines.refresh import refresh_once

            try:
                with output_to(logs / "pipeline.log"):
                    refresh_once(full=False)
            except RuntimeError as exc:
                typer.echo(f"warehouse refresh failed, dashboards wait for the next one: {exc}", err=True)
        if dagster:
            from pipelines.refresh import start_dagster

            children.append(start_dagster(dagster_port, log=logs / "dagster.log", locations=CODE_LOCATIONS))
        banner = ["", f"Flow is running (pid {os.getpid()}).", f"  App:         http://{host}:{port}"]
        if dagster:
            banner.append(f"  Dagster UI:  http://{host}:{dagster_port}")
        banner.append(f"  Health:      http://{host}:{port}/api/readyz")
        banner += [f"  {line}" for line in logins]
        banner.append(f"  Logs:        {logs}/ (api.log, pipeline.log, dagster.log)")
        banner.append("  Stop:        Ctrl-C (or kill -TERM the pid above): stops the app and Dagster")
        if not _serve(host, port, banner):
            typer.echo(f"The app could not listen on {host}:{port} (is another Flow running?).", err=True)
            raise typer.Exit(3)
    except KeyboardInterrupt:
        pass
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C must not cut the clean-up short
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        for child in children:
            stop_process_tree(child)
        typer.echo("Flow stopped.")


if __name__ == "__main__":
    sys.exit(app())
