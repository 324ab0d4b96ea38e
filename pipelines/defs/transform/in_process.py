"""dbt in this process instead of a `dbt` subprocess per build (issues 34 and 35).

A subprocess pays Python's start, dbt's and the adapter's imports and the project's parse before
its first model: about 4.4 s of CPU with dbt's partial-parse state, 7.7 s when the rendered profile
changed since the last parse (another warehouse path: every test world, bench/README.md). In this
process the imports are paid once, and the parsed project (dbt's Manifest) is kept per rendered
profile and project digest, so a second build of the same warehouse starts with its first model:
the programmatic runner's documented reuse of a parsed manifest
(https://docs.getdbt.com/reference/programmatic-invocations).

dagster-dbt stays in charge of everything but the process: its selection (a subsetted run's
`--select`), its reading of dbt's JSON events into asset materializations and check results, its
error messages. It starts dbt with `subprocess.Popen`; `InProcessDbt` offers what it uses of one
(JSON event lines on stdout, wait, returncode, args, send_signal), and `in_process()` hands it to
dagster-dbt for one `cli()` call (pipelines/defs/resources.py). tests/pipelines/test_definitions.py
checks that a build through Dagster still yields its events and fails as dbt failed.

The build runs inside the constructor, on the calling thread: the op waits for dbt anyway, and
Dagster's interrupt (a KeyboardInterrupt on this thread) reaches dbt, which cancels its queries.
Each build still has its own target folder (run_results.json, partial-parse state) and closes its
DuckDB files when done (close_duckdb), so the publish step opens the build file as before.
"""
from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import tempfile
import threading
import types
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, Self

import dagster_dbt.core.dbt_cli_invocation as dagster_dbt_invocation
import orjson
from dbt.adapters.duckdb.connections import DuckDBConnectionManager
from dbt.cli.main import dbtRunner
from dbt.contracts.graph.manifest import Manifest
from dbt_common.events.base_types import EventLevel
from dbt_common.events.functions import msg_to_dict

from pipelines.defs.transform.project import MANIFEST, dbt_env, dbt_project, project_digest

# dbt's own loggers stay silent (dagster-dbt prints each event it reads, and the target folder
# with a debug log is deleted after every build); the callback gets every event regardless.
QUIET = ["--log-level", "none", "--log-level-file", "none"]
# What the CLI prints on stdout at its default level, and so what dagster-dbt read before.
SHOWN_LEVELS = frozenset({EventLevel.INFO.value, EventLevel.WARN.value, EventLevel.ERROR.value})
# The environment a profile renders from (dbt/profiles.yml) and where dbt looks for the project.
PROFILE_ENV = ("FLOW_DBT_TARGET", "FLOW_WAREHOUSE_BUILD_PATH", "FLOW_WAREHOUSE_WORK_PATH",
               "DBT_PROFILES_DIR", "DBT_PROJECT_DIR")
# Manifests kept: a pytest worker builds a handful of warehouses, a Dagster run one.
KEPT_MANIFESTS = 8

_manifests: dict[tuple, Manifest] = {}
_lock = threading.Lock()  # one dbt at a time in a process: dbt's flags and adapters are global


def manifest_key(env: Mapping[str, str]) -> tuple:
    return (project_digest(), *(env.get(name, "") for name in PROFILE_ENV))


@contextlib.contextmanager
def environment(env: Mapping[str, str]) -> Iterator[None]:
    """os.environ as the subprocess would have had it: dbt reads its DBT_* settings and the
    profile's env_var() from there."""
    before = dict(os.environ)
    # Key by key, never cleared: another thread of the process (the API in a test) reads it meanwhile.
    for name in before.keys() - env.keys():
        del os.environ[name]
    os.environ.update(env)
    try:
        yield
    finally:
        for name in os.environ.keys() - before.keys():
            del os.environ[name]
        os.environ.update(before)


class _Lines:
    """stdout of the build: its JSON event lines, as bytes, the way a pipe gives them."""

    def __init__(self, lines: list[bytes]) -> None:
        self._lines = lines
        self.closed = False

    def __iter__(self) -> Iterator[bytes]:
        yield from self._lines

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.closed = True


class InProcessDbt:
    """A finished dbt run in this process, shaped like the `subprocess.Popen` dagster-dbt made."""

    def __init__(self, args: list[str], stdout: Any = None, stderr: Any = None, env: Mapping[str, str] | None = None,
                 cwd: str | os.PathLike | None = None) -> None:
        self.args = list(args)
        lines: list[bytes] = []
        self.stdout = _Lines(lines)
        self.returncode = run(self.args[1:], dict(env if env is not None else os.environ), lines)

    def wait(self, timeout: float | None = None) -> int:
        return self.returncode

    def poll(self) -> int:
        return self.returncode

    def send_signal(self, sig: int) -> None:
        pass  # the build has ended by the time anyone holds this object


def run(dbt_args: list[str], env: dict[str, str], lines: list[bytes]) -> int:
    """One dbt command with the manifest kept for this profile; its events as JSON lines."""

    def collect(msg) -> None:
        if msg.info.level in SHOWN_LEVELS:
            lines.append(orjson.dumps(msg_to_dict(msg)))

    parse = dbt_args[:1] == ["parse"]
    with _lock, environment(env):
        key = manifest_key(env)
        manifest = None if parse else _manifests.get(key)
        if manifest is None and not parse:
            parsed = dbtRunner(callbacks=[collect]).invoke(["parse", *QUIET])
            close_duckdb()
            if not parsed.success or not isinstance(parsed.result, Manifest):
                _failed(parsed.exception, lines)
                return 1
            manifest = _keep(key, parsed.result)
        try:
            result = dbtRunner(manifest=manifest, callbacks=[collect]).invoke([*dbt_args, *QUIET])
        finally:
            close_duckdb()
        if parse and result.success and isinstance(result.result, Manifest):
            _keep(key, result.result)
    if isinstance(result.exception, KeyboardInterrupt):
        raise result.exception  # Dagster stopping the run: not a failed build
    if not result.success:
        _failed(result.exception, lines)
        return 1
    return 0


def close_duckdb() -> None:
    """Close the DuckDB files dbt opened. dbt-duckdb keeps its database open between invocations
    in a process (its profile setting keep_open, on by default, which also spares a build closing
    and reopening both files between nodes); the publish step, the quality checks and the next
    refresh in another process need the build file free."""
    try:
        env = DuckDBConnectionManager.env()
    except Exception:  # noqa: BLE001 - dbt-duckdb's bare Exception: no DuckDB opened (a parse, a listing)
        return
    DuckDBConnectionManager.close_all_connections()
    env.close()


def _keep(key: tuple, manifest: Manifest) -> Manifest:
    _manifests[key] = manifest
    while len(_manifests) > KEPT_MANIFESTS:
        _manifests.pop(next(iter(_manifests)))
    return manifest


def _failed(exception: BaseException | None, lines: list[bytes]) -> None:
    """A failure dbt did not report as an event (bad arguments, a broken project): an error line
    as the CLI would print it, for dagster-dbt's error message."""
    if exception is not None:
        lines.append(orjson.dumps({"info": {"name": "InProcessError", "level": "error", "msg": str(exception)},
                                   "data": {}}))


def build_env(build_file: Path) -> dict[str, str]:
    """The environment a warehouse build gives dbt: this process's, the asset's warehouse paths
    (flow_dbt_models) and the project and profile folders dagster-dbt sets."""
    return {**dbt_env(build_file), "DBT_PROFILES_DIR": str(dbt_project.profiles_dir),
            "DBT_PROJECT_DIR": str(dbt_project.project_dir)}


def warm(build_file: Path) -> bool:
    """Parse the project now for builds of build_file, as they will render it: the fork server
    the sensor's runs are forked from does this once (pipelines/launcher.py), so every run starts
    with its first model instead of a parse. False when it could not (a run then parses itself)."""
    with tempfile.TemporaryDirectory(prefix="flow-dbt-warm-") as target:
        state = MANIFEST.with_name("partial_parse.msgpack")
        if state.exists():  # dbt's partial parse: seconds less when the profile is the same
            shutil.copyfile(state, Path(target) / state.name)
        lines: list[bytes] = []
        return run(["parse"], {**build_env(build_file), "DBT_TARGET_PATH": target}, lines) == 0


def is_warm(build_file: Path) -> bool:
    """Whether a build of build_file would start without a parse (warm's key is a real build's)."""
    return manifest_key(build_env(build_file)) in _manifests


def kept_manifests() -> int:
    return len(_manifests)


def forget_manifests() -> None:
    with _lock:
        _manifests.clear()


@contextlib.contextmanager
def in_process() -> Iterator[None]:
    """dagster-dbt starts dbt in this process for the duration (one `DbtCliResource.cli` call)."""
    shim = types.SimpleNamespace(**{name: getattr(subprocess, name) for name in ("PIPE", "STDOUT", "DEVNULL")},
                                 Popen=InProcessDbt)
    original = dagster_dbt_invocation.subprocess
    dagster_dbt_invocation.subprocess = shim
    try:
        yield
    finally:
        dagster_dbt_invocation.subprocess = original
