"""`flow db backup` then `flow db restore` into a fresh database gives back the same tickets,
invoices and payments (row counts and a checksum of their content) and the same image store."""
from __future__ import annotations

import os
import subprocess
import sys
import uuid
from pathlib import Path

import psycopg

from tests.conftest import ROOT
from tests.pipelines.world import OCTOBER, add_tickets

FLOW = str(Path(sys.executable).parent / "flow")


def _flow(*args: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run([FLOW, *args], cwd=ROOT, env={**os.environ, **env}, capture_output=True, text=True,
                          timeout=300, check=False)


async def test_backup_wipe_restore_gives_back_the_same_data(database_url, factory, tmp_path):
    from api.core.config import get_settings
    from flow.cli import _table_figures

    tenant = await factory.tenant(stores=2)
    await add_tickets(tenant, OCTOBER)
    photo = Path(get_settings().media_dir) / "tickets" / f"{uuid.uuid4().hex}.jpg"
    photo.parent.mkdir(parents=True, exist_ok=True)
    photo.write_bytes(b"\xff\xd8\xff" + os.urandom(256))
    before = _table_figures(database_url)
    assert before["tickets"]["rows"] >= len(OCTOBER)

    backup = tmp_path / "backup"
    done = _flow("db", "backup", "--out", str(backup))
    assert done.returncode == 0, done.stderr
    assert {p.name for p in backup.iterdir()} == {"flow.dump", "media.tar.gz", "manifest.json"}

    server = database_url.rsplit("/", 1)[0]
    fresh = f"flow_restore_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(f"{server}/postgres", autocommit=True) as conn:
        conn.execute(f'create database "{fresh}"')
    try:
        media = tmp_path / "restored-media"
        done = _flow("db", "restore", str(backup), FLOW_DATABASE_URL=f"{server}/{fresh}", FLOW_MEDIA_DIR=str(media))
        assert done.returncode == 0, done.stdout + done.stderr
        assert _table_figures(f"{server}/{fresh}") == before
        restored = media / photo.relative_to(get_settings().media_dir)
        assert restored.read_bytes() == photo.read_bytes()
        # A second restore over the data it just wrote is refused unless asked for.
        again = _flow("db", "restore", str(backup), FLOW_DATABASE_URL=f"{server}/{fresh}", FLOW_MEDIA_DIR=str(media))
        assert again.returncode == 2 and "--force" in again.stderr
        forced = _flow("db", "restore", str(backup), "--force", FLOW_DATABASE_URL=f"{server}/{fresh}",
                       FLOW_MEDIA_DIR=str(media))
        assert forced.returncode == 0, forced.stderr
        assert _table_figures(f"{server}/{fresh}") == before
    finally:
        with psycopg.connect(f"{server}/postgres", autocommit=True) as conn:
            conn.execute(f'drop database if exists "{fresh}" with (force)')


def test_restore_refuses_a_folder_that_is_not_a_backup(tmp_path):
    done = _flow("db", "restore", str(tmp_path))
    assert done.returncode == 2
    assert "not a Flow backup folder" in done.stderr
