"""The Dagster code location loads and wires ingest, dbt, checks, publish, schedule and sensor."""
from __future__ import annotations

from dagster import AssetKey, DagsterInstance, build_sensor_context

from pipelines.definitions import defs
from pipelines.jobs import WAREHOUSE_JOB
from tests.pipelines.world import Weighing, add_tickets, utc


def test_definitions_load_with_one_lineage_graph():
    graph = defs.resolve_asset_graph()
    keys = set(graph.get_all_asset_keys())
    assert AssetKey(["raw", "tickets"]) in keys
    assert AssetKey(["marts", "ticket_facts_daily"]) in keys
    assert AssetKey(["published_warehouse"]) in keys
    # dbt's source('app', 'tickets') is the ingest asset, not a second node.
    assert AssetKey(["raw", "tickets"]) in graph.get(AssetKey(["staging", "stg_app__tickets"])).parent_keys


def test_quality_expectations_are_asset_checks_on_the_marts():
    check_names = {key.name for key in defs.resolve_asset_graph().asset_check_keys}
    assert {"weights_never_negative", "net_is_gross_minus_tare", "each_ticket_in_one_day_and_location",
            "rates_within_0_and_100"} <= check_names


def test_refresh_job_schedule_and_sensor_are_registered():
    assert defs.resolve_job_def(WAREHOUSE_JOB) is not None
    assert defs.resolve_schedule_def("warehouse_nightly_full_reload").cron_schedule == "30 3 * * *"
    assert defs.resolve_sensor_def("new_tickets_sensor").minimum_interval_seconds <= 30


async def test_sensor_asks_for_a_refresh_only_when_data_changed(factory):
    tenant = await factory.tenant(stores=1)
    await add_tickets(tenant, [Weighing(utc(2026, 10, 2, 19), "Compost", "12.0")])
    sensor = defs.resolve_sensor_def("new_tickets_sensor")
    with DagsterInstance.ephemeral() as instance:
        first = sensor.evaluate_tick(build_sensor_context(instance=instance))
        assert len(first.run_requests) == 1
        again = sensor.evaluate_tick(build_sensor_context(instance=instance, cursor=first.cursor))
        assert again.run_requests == [] and again.skip_message
        await add_tickets(tenant, [Weighing(utc(2026, 10, 3, 19), "Compost", "13.0")])
        later = sensor.evaluate_tick(build_sensor_context(instance=instance, cursor=first.cursor))
        assert len(later.run_requests) == 1


def _warehouse_run(instance: DagsterInstance, status):
    from dagster import DagsterRun

    return instance.add_run(DagsterRun(job_name=WAREHOUSE_JOB, status=status))


def _event(kind: str, step_key: str | None = None):
    from dagster._core.events import DagsterEvent

    return DagsterEvent(kind, WAREHOUSE_JOB, step_key=step_key)


async def test_sensor_queues_a_run_behind_one_past_its_extract_and_leaves_a_change_to_one_before(factory):
    """A change that a queued or starting run will still extract gets no run of its own (and is
    not asked for again once that run ends); a change after the running refresh began its extract
    is queued at once, so it starts when that run ends (issue 30: within a minute at 1 M)."""
    from dagster import DagsterRunStatus

    tenant = await factory.tenant(stores=1)
    sensor = defs.resolve_sensor_def("new_tickets_sensor")
    with DagsterInstance.ephemeral() as instance:
        await add_tickets(tenant, [Weighing(utc(2026, 10, 2, 19), "Compost", "12.0")])
        first = sensor.evaluate_tick(build_sensor_context(instance=instance))
        assert len(first.run_requests) == 1
        # A run is starting, then loading: the next change is its to extract.
        pending = _warehouse_run(instance, DagsterRunStatus.STARTING)
        await add_tickets(tenant, [Weighing(utc(2026, 10, 3, 19), "Compost", "13.0")])
        waiting = sensor.evaluate_tick(build_sensor_context(instance=instance, cursor=first.cursor))
        assert waiting.run_requests == [] and "not extracted yet" in waiting.skip_message
        assert waiting.cursor != first.cursor  # taken: no second run for it once this one ends
        instance.delete_run(pending.run_id)
        running = _warehouse_run(instance, DagsterRunStatus.STARTED)  # loading the code location
        await add_tickets(tenant, [Weighing(utc(2026, 10, 4, 19), "Compost", "14.0")])
        loading = sensor.evaluate_tick(build_sensor_context(instance=instance, cursor=waiting.cursor))
        assert loading.run_requests == [] and loading.cursor != waiting.cursor
        # Its extract has begun: a later change gets a run of its own, queued behind it.
        instance.report_dagster_event(_event("STEP_START", step_key="raw_tables"), run_id=running.run_id)
        await add_tickets(tenant, [Weighing(utc(2026, 10, 5, 19), "Compost", "15.0")])
        behind = sensor.evaluate_tick(build_sensor_context(instance=instance, cursor=loading.cursor))
        assert len(behind.run_requests) == 1
        assert sensor.evaluate_tick(build_sensor_context(instance=instance, cursor=behind.cursor)).run_requests == []

