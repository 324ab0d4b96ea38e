"""A private Postgres cluster for `make run` and `make test` when no database URL is given.

It lives in .flow/pg (data) and listens on 127.0.0.1 at FLOW_DEV_PG_PORT (default 54329) and a
socket inside its own folder, started from the machine's PostgreSQL binaries. As root the server
runs as the `postgres` system user, since initdb refuses to run as root.
"""
from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import time
from pathlib import Path

from api.core.config import ROOT

PG_DIR = Path(os.environ.get("FLOW_DEV_PG_DIR", ROOT / ".flow" / "pg"))
PORT = int(os.environ.get("FLOW_DEV_PG_PORT", "54329"))


def _bin(name: str) -> str:
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True)
    if candidates:
        return candidates[0]
    raise SystemExit(
        f"PostgreSQL server binary '{name}' not found. Install PostgreSQL (apt-get install postgresql) "
        "or set FLOW_DATABASE_URL to an existing database."
    )


def _as_owner(cmd: list[str]) -> list[str]:
    if os.geteuid() != 0:
        return cmd
    return ["runuser", "-u", "postgres", "--", *cmd]


def _owner_ids() -> tuple[int, int] | None:
    if os.geteuid() != 0:
        return None
    pw = pwd.getpwnam("postgres")
    return pw.pw_uid, pw.pw_gid


def admin_url(dbname: str = "postgres") -> str:
    return f"postgresql://postgres@127.0.0.1:{PORT}/{dbname}"


def is_running() -> bool:
    probe = subprocess.run(
        [_bin("pg_isready"), "-h", "127.0.0.1", "-p", str(PORT), "-q"], capture_output=True, check=False
    )
    return probe.returncode == 0


def ensure_running() -> str:
    """Start (creating if needed) the private cluster; return an admin URL to it. One process at a
    time (a lock file beside the cluster's folder): two pytest-xdist workers on a new machine would
    otherwise both run initdb in the same folder, and one fails."""
    import fcntl

    if is_running():
        return admin_url()
    PG_DIR.parent.mkdir(parents=True, exist_ok=True)
    with open(PG_DIR.parent / f".{PG_DIR.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return admin_url() if is_running() else _start()


def _start() -> str:
    data = PG_DIR / "data"
    PG_DIR.mkdir(parents=True, exist_ok=True)
    ids = _owner_ids()
    if ids:
        # postgres must be able to reach its folder through the work tree.
        for parent in [PG_DIR, *PG_DIR.parents]:
            if parent == Path("/"):
                break
            mode = parent.stat().st_mode
            if not mode & 0o001:
                os.chmod(parent, mode | 0o001)
        os.chown(PG_DIR, *ids)
    if not (data / "PG_VERSION").exists():
        subprocess.run(
            _as_owner([_bin("initdb"), "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8",
                       "--locale=C.UTF-8", "--no-sync"]),
            check=True, capture_output=True,
        )
        with open(data / "postgresql.conf", "a") as conf:
            conf.write(
                "\n# Flow private cluster\n"
                f"listen_addresses = '127.0.0.1'\nport = {PORT}\n"
                f"unix_socket_directories = '{PG_DIR}'\n"
                "max_connections = 300\nshared_buffers = 256MB\nfsync = off\n"
                "synchronous_commit = off\nfull_page_writes = off\n"
            )
    log = PG_DIR / "server.log"
    subprocess.run(
        _as_owner([_bin("pg_ctl"), "-D", str(data), "-l", str(log), "-w", "-t", "60", "start"]),
        check=True, capture_output=True,
    )
    for _ in range(100):
        if is_running():
            return admin_url()
        time.sleep(0.1)
    raise SystemExit(f"the private PostgreSQL did not start; see {log}")


def stop() -> None:
    data = PG_DIR / "data"
    if (data / "PG_VERSION").exists() and is_running():
        subprocess.run(_as_owner([_bin("pg_ctl"), "-D", str(data), "-m", "fast", "stop"]), check=False)


def ensure_database(name: str) -> str:
    """Create database `name` in the private cluster if missing; return its URL."""
    import psycopg

    ensure_running()
    with psycopg.connect(admin_url(), autocommit=True) as conn:
        exists = conn.execute("select 1 from pg_database where datname = %s", (name,)).fetchone()
        if not exists:
            conn.execute(f'create database "{name}"')
    return admin_url(name)
