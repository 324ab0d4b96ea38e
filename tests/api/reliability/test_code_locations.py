"""`flow up` loads two Dagster code locations: the warehouse's (pipelines.definitions, which imports
nothing from api) and the jobs' (jobs.definitions: billing and report e-mails, which call the API's
services). Together they hold the jobs and schedules one location held before the split."""
from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from flow.cli import CODE_LOCATIONS
from pipelines.refresh import dagster_dev_command
from tests.conftest import ROOT


def _defs(module: str):
    return importlib.import_module(module).defs


def test_flow_up_starts_dagster_on_both_code_locations():
    assert CODE_LOCATIONS == ("pipelines.definitions", "jobs.definitions")
    command = dagster_dev_command(3000, CODE_LOCATIONS)
    assert command[1:6] == ["dev", "-m", "pipelines.definitions", "-m", "jobs.definitions"]


def test_the_two_locations_hold_every_job_and_schedule_once_and_the_schedules_are_on():
    warehouse, jobs = (_defs(module) for module in CODE_LOCATIONS)
    schedules = {location: {s.name: s for s in _defs(location).schedules} for location in CODE_LOCATIONS}
    assert set(schedules["pipelines.definitions"]) == {"warehouse_nightly_full_reload"}
    assert set(schedules["jobs.definitions"]) == {"email_alerts_every_5_minutes", "subscription_billing_hourly"}
    assert all(s.default_status.value == "RUNNING" for s in schedules["jobs.definitions"].values())
    assert {j.name for j in jobs.jobs} == {"email_alerts_send", "subscription_billing_run"}
    assert not {j.name for j in jobs.jobs} & {j.name for j in warehouse.jobs}
    assert [s.name for s in warehouse.sensors] == ["new_tickets_sensor"]


def test_loading_the_warehouse_location_imports_nothing_from_api_jobs_or_great_expectations():
    """The contract import-linter holds statically, seen at run time: a fresh Python that loads
    pipelines.definitions has no api or jobs module. Nor great_expectations (10-25 s of imports in
    every run process; pipelines/defs/publish/quality.py imports it only when the GX engine runs),
    which tests/pipelines/test_quality.py checked in a second such process."""
    probe = ("import sys, pipelines.definitions; "
             "print(sorted({m.split('.')[0] for m in sys.modules} & {'api', 'jobs', 'flow', 'great_expectations'}))")
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.daemon  # starts a code server per location: 20-40 s, left out of make test-fast
def test_dagster_validates_both_code_locations_loaded_together(tmp_path):
    done = subprocess.run(
        [str(Path(sys.executable).parent / "dagster"), "definitions", "validate",
         *[arg for module in CODE_LOCATIONS for arg in ("-m", module)]],
        check=False, cwd=ROOT, env={**os.environ, "DAGSTER_HOME": str(tmp_path)},
        capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "All code locations passed validation" in done.stdout + done.stderr
