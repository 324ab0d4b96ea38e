"""The signing key: never the published placeholder, never absent, written once by the first start.

Issue 31, finding 1: tokens were signed with a key printed in api/core/config.py unless
FLOW_SECRET_KEY was set, so anyone who read the source could mint a token for any user."""
from __future__ import annotations

import os
import socket
import stat
import subprocess
import sys
import time
from pathlib import Path

import jwt
import pytest
import requests
from pydantic import ValidationError

from tests.conftest import ROOT
from tests.factories import PASSWORD

FLOW = str(Path(sys.executable).parent / "flow")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _env_without_key(key_file: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "FLOW_SECRET_KEY"}
    env["FLOW_SECRET_KEY_FILE"] = str(key_file)
    return env


@pytest.mark.parametrize("env", ["development", "test", "production"])
def test_the_published_placeholder_is_refused_in_every_environment(monkeypatch, tmp_path, env):
    from api.core.config import PLACEHOLDER_SECRET, Settings

    monkeypatch.delenv("FLOW_SECRET_KEY", raising=False)
    with pytest.raises(ValidationError, match="placeholder"):
        Settings(env=env, secret_key=PLACEHOLDER_SECRET, _env_file=None)
    placeholder_file = tmp_path / "secret_key"
    placeholder_file.write_text(PLACEHOLDER_SECRET + "\n")
    with pytest.raises(ValidationError, match="placeholder"):
        Settings(env=env, secret_key_file=placeholder_file, _env_file=None)
    with pytest.raises(ValidationError, match="too short"):
        Settings(env=env, secret_key="short", _env_file=None)


def test_no_key_and_no_key_file_means_no_key(monkeypatch, tmp_path):
    from api.core.config import Settings

    monkeypatch.delenv("FLOW_SECRET_KEY", raising=False)
    settings = Settings(secret_key_file=tmp_path / "absent", _env_file=None)
    assert settings.secret_key == ""
    with pytest.raises(RuntimeError, match="No signing key"):
        settings.require_secret_key()


@pytest.mark.server  # starts the app as its own process: left out of make test-fast
def test_a_server_with_neither_key_nor_key_file_refuses_to_start(database_url, tmp_path):
    port = _free_port()
    done = subprocess.run(
        [sys.executable, "-m", "uvicorn", "api.main:app", "--host", "127.0.0.1", "--port", str(port)],
        cwd=ROOT, env=_env_without_key(tmp_path / "no-such-key"), capture_output=True, text=True, timeout=120,
        check=False)
    out = done.stdout + done.stderr
    assert done.returncode != 0, out
    assert "No signing key" in out, out
    assert not (tmp_path / "no-such-key").exists(), "only flow serve / flow up write a key"


def _serve(env: dict[str, str], port: int) -> subprocess.Popen:
    proc = subprocess.Popen([FLOW, "serve", "--port", str(port)], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        assert proc.poll() is None, proc.stdout.read()
        try:
            if requests.get(f"http://127.0.0.1:{port}/api/healthz", timeout=3).ok:
                return proc
        except requests.RequestException:
            pass
        time.sleep(0.3)
    proc.kill()
    raise AssertionError("flow serve did not start within 120 s")


def _stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=10)


@pytest.fixture
async def tenant(factory):
    return await factory.tenant(stores=1)


@pytest.mark.server  # starts the app as its own process: left out of make test-fast
def test_flow_serve_writes_a_private_key_keeps_it_and_a_new_key_signs_everyone_out(database_url, tmp_path, tenant):
    key_file = tmp_path / "flow" / "secret_key"
    env = _env_without_key(key_file)
    port = _free_port()
    base = f"http://127.0.0.1:{port}"

    proc = _serve(env, port)
    try:
        assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
        key = key_file.read_text().strip()
        assert len(key) >= 32
        login = requests.post(f"{base}/api/auth/login", json={"email": tenant.admin.email, "password": PASSWORD},
                              timeout=30)
        assert login.status_code == 200, login.text
        token = login.json()["access_token"]
        assert jwt.decode(token, key, algorithms=["HS256"])["sub"] == str(tenant.admin.id)
        me = requests.get(f"{base}/api/auth/me", headers={"Authorization": f"Bearer {token}"}, timeout=30)
        assert me.status_code == 200
    finally:
        _stop(proc)

    proc = _serve(env, port)  # a restart keeps the key: sessions survive it
    try:
        assert key_file.read_text().strip() == key
        me = requests.get(f"{base}/api/auth/me", headers={"Authorization": f"Bearer {token}"}, timeout=30)
        assert me.status_code == 200
    finally:
        _stop(proc)

    key_file.unlink()  # rotation, as the README tells it: remove the file and start again
    proc = _serve(env, port)
    try:
        assert key_file.read_text().strip() != key
        me = requests.get(f"{base}/api/auth/me", headers={"Authorization": f"Bearer {token}"}, timeout=30)
        assert me.status_code == 401, "a token signed with the old key signs nobody in"
    finally:
        _stop(proc)
