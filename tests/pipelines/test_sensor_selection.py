"""What the sensor's dbt build leaves out: the money marts, unless a table they read changed."""
from __future__ import annotations

import json

from pipelines.defs.transform.assets import MONEY_MART_FOLDERS, MONEY_TABLES
from pipelines.defs.transform.project import (
    MANIFEST,
    changed_tables,
    empty_build_file,
    full_rebuild_reason,
    note_changed_tables,
    prepare_manifest,
    record_build,
)


def sources_upstream(manifest: dict, unique_id: str) -> set[str]:
    found, todo, seen = set(), [unique_id], set()
    while todo:
        node_id = todo.pop()
        if node_id in seen:
            continue
        seen.add(node_id)
        if node_id.startswith("source."):
            found.add(manifest["sources"][node_id]["name"])
            continue
        todo.extend(manifest["nodes"][node_id]["depends_on"]["nodes"])
    return found


def test_money_tables_are_exactly_what_the_money_marts_read_but_the_tickets():
    prepare_manifest()
    manifest = json.loads(MANIFEST.read_text())
    marts = [uid for uid, node in manifest["nodes"].items()
             if node["resource_type"] == "model" and tuple(node["fqn"][:3]) in MONEY_MART_FOLDERS]
    assert {uid.rsplit(".", 1)[1] for uid in marts} >= {"invoice_aging", "bill_aging", "receivable_activity"}
    read = set().union(*(sources_upstream(manifest, uid) for uid in marts))
    # A new source read by a money mart must join MONEY_TABLES (or the sensor would leave the
    # mart stale); tickets stay out: the marts take only a ticket's number, fixed once issued.
    assert read - {"tickets"} == MONEY_TABLES


def test_changed_tables_add_up_until_a_build_succeeds(tmp_path):
    build = tmp_path / "flow.build.duckdb"
    assert changed_tables(build) == set()
    note_changed_tables(build, ["tickets"])
    note_changed_tables(build, [])  # an extract that found nothing keeps what is pending
    note_changed_tables(build, ["payments", "tickets"])
    assert changed_tables(build) == {"tickets", "payments"}
    record_build(build)
    assert changed_tables(build) == set()


def test_a_full_rebuild_that_fails_part_way_is_rebuilt_again(tmp_path):
    build = tmp_path / "flow.build.duckdb"
    build.write_bytes(b"the last whole build")
    record_build(build)
    assert full_rebuild_reason(build) is None
    empty_build_file(build, "no build yet")
    assert not build.exists()
    build.write_bytes(b"half of a build")  # dbt wrote part of the file, then failed
    assert full_rebuild_reason(build) == "no build yet"
    record_build(build)  # the next build succeeds
    assert full_rebuild_reason(build) is None
