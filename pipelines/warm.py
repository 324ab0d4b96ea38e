"""What the fork server the sensor's runs are forked from imports (pipelines/launcher.py): the
code location, and the dbt project parsed for the configured warehouse, so that a run's dbt build
starts with its first model (pipelines/defs/transform/in_process.py).

Never raises: the fork server imports this once, and a failed warm-up only means each run parses
the project itself, as it would without it.
"""
from __future__ import annotations

import logging

import pipelines.definitions  # noqa: F401  (the code location, preloaded for every run)

log = logging.getLogger("flow.pipelines")

try:
    from pipelines.defs.transform.in_process import warm
    from pipelines.paths import build_path

    if not warm(build_path()):
        log.warning("dbt project not parsed ahead of the runs: each run parses it")
except Exception:
    log.exception("dbt project not parsed ahead of the runs")
