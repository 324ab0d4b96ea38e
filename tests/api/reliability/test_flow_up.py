"""`flow up` prints a short status and stops everything it started within 10 s, on Ctrl-C (SIGINT
to the terminal's process group) and on SIGTERM: the API, Dagster's webserver, daemon and code
server. Every process it starts carries a marker in its environment, so none can hide."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path

import psycopg
import pytest
import requests

from tests.conftest import ROOT

STOP_WITHIN = 10.0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _marked(marker: str) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if marker.encode() in (entry / "environ").read_bytes():
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def _up(url: str, timeout: float = 240) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if requests.get(url, timeout=3).status_code < 500:
                return
        except requests.RequestException:
            pass
        time.sleep(0.5)
    raise AssertionError(f"{url} did not come up")


@pytest.mark.daemon  # flow up starts Dagster (webserver, daemon): 31-34 s each, left out of make test-fast
@pytest.mark.parametrize("how", ["ctrl_c_to_the_group", "sigterm"])
def test_flow_up_stops_everything_within_10_seconds(database_url, tmp_path, how):
    marker = f"FLOW_UP_TEST_{uuid.uuid4().hex}"
    port, dagster_port = _free_port(), _free_port()
    dagster_db = f"flow_dagster_{uuid.uuid4().hex[:8]}"
    env = {**os.environ, marker: "1", "FLOW_LOG_DIR": str(tmp_path / "logs"),
           "DAGSTER_HOME": str(tmp_path / "dagster"), "FLOW_DAGSTER_DB": dagster_db}
    flow = str(Path(sys.executable).parent / "flow")
    proc = subprocess.Popen(
        [flow, "up", "--no-demo", "--no-refresh", "--port", str(port), "--dagster-port", str(dagster_port)],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        start_new_session=True,  # its own group, as a terminal gives it
    )
    try:
        _up(f"http://127.0.0.1:{port}/api/healthz")
        _up(f"http://127.0.0.1:{dagster_port}/server_info")
        time.sleep(2)  # let the daemon and code server settle
        before = _marked(marker)
        assert len(before) >= 3, f"expected flow up and Dagster's processes, found {before}"
        started = time.monotonic()
        if how == "ctrl_c_to_the_group":
            os.killpg(proc.pid, signal.SIGINT)
        else:
            proc.send_signal(signal.SIGTERM)
        out, _ = proc.communicate(timeout=STOP_WITHIN + 5)
        while _marked(marker) and time.monotonic() - started < STOP_WITHIN:
            time.sleep(0.1)
        took = time.monotonic() - started
        left = _marked(marker)
        assert not left, f"still running after {took:.1f} s: {left}"
        assert took <= STOP_WITHIN, f"took {took:.1f} s"
        for expected in ("Flow is running", f"http://127.0.0.1:{port}", f"http://127.0.0.1:{dagster_port}",
                         "Logs:", "Ctrl-C", "Flow stopped."):
            assert expected in out, out
        assert len(out.splitlines()) < 30, f"the terminal should get a short status, not:\n{out}"
        assert (tmp_path / "logs" / "dagster.log").stat().st_size > 0
    finally:
        for pid in _marked(marker):
            os.kill(pid, signal.SIGKILL)
        admin = database_url.rsplit("/", 1)[0] + "/postgres"
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'drop database if exists "{dagster_db}" with (force)')


@pytest.mark.server  # starts the app as its own process: left out of make test-fast
def test_flow_up_on_a_taken_port_says_so_and_never_that_it_runs(database_url, tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        env = {**os.environ, "FLOW_LOG_DIR": str(tmp_path / "logs")}
        flow = str(Path(sys.executable).parent / "flow")
        done = subprocess.run([flow, "up", "--no-demo", "--no-refresh", "--no-dagster", "--port", str(port)],
                              cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False)
    out = done.stdout + done.stderr
    assert done.returncode == 3, out
    assert f"could not listen on 127.0.0.1:{port}" in out, out
    assert "Flow is running" not in out, out
