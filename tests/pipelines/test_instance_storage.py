"""The Dagster instance that `flow up` runs (the repository's dagster.yaml) writes its events over
kept connections: one connection a statement cost 35-43 ms an event, 5-14 s of each sensor run
(pipelines/instance_storage.py, issue 30)."""
from __future__ import annotations

import uuid

import psycopg
import sqlalchemy.pool
from dagster import AssetKey, DagsterInstance, DagsterRun
from dagster._core.events import AssetCheckEvaluationPlanned, DagsterEvent, DagsterEventType

from pipelines.instance_storage import PooledPostgresEventLogStorage
from pipelines.launcher import ForkedRunLauncher


def test_the_instance_keeps_one_connection_for_its_events_and_forks_its_runs(database_url, tmp_path, monkeypatch):
    from pipelines.refresh import dagster_home, ensure_dagster_database

    dagster_db = f"flow_dagster_test_{uuid.uuid4().hex[:8]}"
    monkeypatch.setenv("FLOW_DAGSTER_DB", dagster_db)
    monkeypatch.setenv("DAGSTER_HOME", str(tmp_path / "dagster"))
    monkeypatch.setenv("FLOW_DAGSTER_PG_URL", ensure_dagster_database(database_url))
    dagster_home()  # copies the repository's dagster.yaml there
    try:
        instance = DagsterInstance.get()
        storage = instance.event_log_storage
        assert isinstance(storage, PooledPostgresEventLogStorage)
        assert isinstance(instance.run_launcher, ForkedRunLauncher)
        run = instance.add_run(DagsterRun(job_name="pooled"))
        for n in range(20):  # as a sensor run's creation writes one planned event per check
            instance.report_dagster_event(DagsterEvent(
                DagsterEventType.ASSET_CHECK_EVALUATION_PLANNED.value, "pooled", step_key="dbt",
                event_specific_data=AssetCheckEvaluationPlanned(asset_key=AssetKey(["m", str(n)]), check_name="c"),
            ), run_id=run.run_id)
        assert len(instance.all_logs(run.run_id, of_type=DagsterEventType.ASSET_CHECK_EVALUATION_PLANNED)) == 20
        pool = storage._engine.pool
        assert isinstance(pool, sqlalchemy.pool.QueuePool) and pool.checkedin() == 1 and pool.checkedout() == 0
        instance.dispose()
        assert storage._engine.pool.checkedin() == 0  # given back with the instance
    finally:
        with psycopg.connect(database_url, autocommit=True) as conn:
            conn.execute(f'drop database if exists "{dagster_db}" with (force)')
