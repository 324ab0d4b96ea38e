"""The dbt project built on Apache Spark: pyspark in local mode, dbt-spark's session method.

The same models, seeds and unit tests as the DuckDB warehouse (its data tests with --data-tests), run on the raw rows of a DuckDB work
file (what the ingest step extracted from Postgres). The raw tables go to Parquet and become
Spark tables of schema `raw`; `dbt build --target spark` runs in this process on that one
SparkSession (dbt-spark's session method picks it up); each mart is then written as Parquet so
its rows can be compared with DuckDB's (tests/pipelines/test_spark_build.py). This shows the
dbt project runs on a distributed engine; a cluster would point `spark.master` elsewhere.

    .venv/bin/python -m pipelines.spark_build --work-file .flow/warehouse/flow.work.duckdb \\
        --out /tmp/spark-marts [--as-of 2026-11-23]

Settings for small data on a small machine: one shuffle partition, no UI, in-memory catalog
(no Hive metastore), the session time zone UTC (raw timestamps are naive UTC).
"""
from __future__ import annotations

import argparse
import json
import logging
import os
import shutil
import sys
import time
from pathlib import Path

import duckdb

from pipelines.paths import DBT_DIR

SPARK_CONF = {
    "spark.master": "local[2]",
    "spark.ui.enabled": "false",
    "spark.ui.showConsoleProgress": "false",
    "spark.sql.catalogImplementation": "in-memory",
    "spark.sql.shuffle.partitions": "1",
    "spark.default.parallelism": "1",
    "spark.sql.adaptive.enabled": "false",
    "spark.sql.session.timeZone": "UTC",
    "spark.driver.memory": "1g",
    "spark.sql.parquet.outputTimestampType": "TIMESTAMP_MICROS",
    "spark.driver.extraJavaOptions": "-Duser.timezone=UTC -XX:+UseSerialGC",
}


def export_raw(work_file: Path, folder: Path) -> list[str]:
    """Every table of the work file's `raw` schema as one Parquet file; returns the table names."""
    folder.mkdir(parents=True, exist_ok=True)
    con = duckdb.connect(str(work_file), read_only=True)
    try:
        tables = [t for (t,) in con.execute(
            "select table_name from information_schema.tables where table_schema = 'raw' order by 1").fetchall()]
        for table in tables:
            con.execute(f"copy raw.\"{table}\" to '{folder / (table + '.parquet')}' (format parquet)")
    finally:
        con.close()
    return tables


def spark_session(warehouse_dir: Path):
    from pyspark.sql import SparkSession

    builder = SparkSession.builder.appName("flow-dbt")
    for key, value in {**SPARK_CONF, "spark.sql.warehouse.dir": str(warehouse_dir)}.items():
        builder = builder.config(key, value)
    return builder.getOrCreate()


def register_raw(spark, folder: Path, tables: list[str]) -> None:
    """Schema `raw` with one table per Parquet file, read in place (the dbt sources)."""
    spark.sql("create database if not exists raw")
    for table in tables:
        spark.sql(f"create table raw.`{table}` using parquet location '{folder / (table + '.parquet')}'")


def run_dbt(args: list[str], target_path: Path) -> None:
    """dbt in this process, so dbt-spark's session method finds the SparkSession made here."""
    from dbt.cli.main import dbtRunner

    # pyspark logs every failed statement with its Java stack as JSON; dbt reports the error.
    logging.getLogger("SQLQueryContextLogger").setLevel(logging.CRITICAL)
    os.environ.setdefault("DBT_SEND_ANONYMOUS_USAGE_STATS", "false")
    result = dbtRunner().invoke([
        *args, "--target", "spark", "--project-dir", str(DBT_DIR), "--profiles-dir", str(DBT_DIR),
        "--target-path", str(target_path), "--log-path", str(target_path / "logs"),
    ])
    if not result.success:
        raise SystemExit(f"dbt {args[0]} on Spark failed: {result.exception or 'see the log above'}")


def export_marts(spark, out: Path) -> list[str]:
    """Each table of schema `marts` as Parquet in out/<name>/, timestamps as naive UTC."""
    from pyspark.sql import functions as F
    from pyspark.sql.types import TimestampType

    names = sorted(row.tableName for row in spark.sql("show tables in marts").collect() if not row.isTemporary)
    for name in names:
        frame = spark.table(f"marts.`{name}`")
        frame = frame.select(*[
            F.col(f.name).cast("timestamp_ntz").alias(f.name) if isinstance(f.dataType, TimestampType)
            else F.col(f.name) for f in frame.schema.fields])
        frame.coalesce(1).write.mode("overwrite").parquet(str(out / name))
    return names


def build(work_file: Path, out: Path, *, as_of: str | None = None, dbt_command: str = "build",
          data_tests: bool = False) -> dict:
    """Build the dbt project on Spark from the work file's raw rows; write the marts to `out`.

    `build` runs the seeds, the models and the unit tests (each engine's SQL on fixed edge cases).
    The data tests check rows, and the marts' rows are compared with a DuckDB build of the same
    raw rows where they pass, so they run on Spark only when asked (a quarter of Spark's build)."""
    if out.exists():
        shutil.rmtree(out)
    scratch = out / "_spark"
    started = time.monotonic()
    tables = export_raw(work_file, scratch / "raw")
    spark = spark_session(scratch / "warehouse")
    try:
        spark.sparkContext.setLogLevel("ERROR")
        register_raw(spark, scratch / "raw", tables)
        variables = {"inventory_as_of_date": as_of} if as_of else {}
        extra = [] if data_tests or dbt_command != "build" else ["--exclude-resource-type", "test"]
        run_dbt([dbt_command, "--vars", json.dumps(variables), *extra], scratch / "target")
        marts = export_marts(spark, out)
    finally:
        spark.stop()
    shutil.rmtree(scratch, ignore_errors=True)
    return {"marts": marts, "seconds": round(time.monotonic() - started, 1)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--work-file", type=Path, required=True, help="DuckDB work file with schema raw")
    parser.add_argument("--out", type=Path, required=True, help="folder for the marts as Parquet")
    parser.add_argument("--as-of", help="inventory_as_of_date (default: today)")
    parser.add_argument("--command", default="build", choices=["build", "run"], help="dbt build (default) or run")
    parser.add_argument("--data-tests", action="store_true", help="with build: run the data tests on Spark too")
    options = parser.parse_args(argv)
    result = build(options.work_file, options.out, as_of=options.as_of, dbt_command=options.command,
                   data_tests=options.data_tests)
    print(json.dumps(result))


if __name__ == "__main__":
    main(sys.argv[1:])
