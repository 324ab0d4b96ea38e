"""Start a run without a fresh Python: fork it from a process that has loaded the code location.

Dagster's default launcher asks the code server for the run, and the code server *spawns* a new
interpreter that imports dagster, dagster-dbt, dbt, pyarrow and this code location before the
first step: 8 s of every sensor run at demo size on the 2 cores, 18 s under load (bench/README.md,
issue 30). This launcher runs the very same run body (dagster's `start_run_in_subprocess`: the
run's own instance, events, termination) in a process forked from a `multiprocessing` fork
server that imported `pipelines.definitions` once and parsed the dbt project for the configured
warehouse (pipelines/warm.py: a forked run's dbt build starts with its first model). The daemon's
run queue still decides when a run starts (dagster.yaml: one warehouse run at a time) and Dagster
records it as before.

The fork server is started at the first launch and started anew when the code location's files
changed since (a run must not execute yesterday's code): the first run after a start or an edit
pays the import once, as every run did before. A run of the jobs code location (billing, report
e-mails) is forked from the same server and imports jobs.definitions (and the API) in its own
process: nothing of api or jobs is ever preloaded here.
"""
from __future__ import annotations

import multiprocessing
import queue
import threading
import time
from pathlib import Path
from typing import Any

from dagster._core.launcher import LaunchRunContext
from dagster._core.launcher.default_run_launcher import DefaultRunLauncher

# The code location and the dbt project parsed for the configured warehouse (pipelines/warm.py).
PRELOAD = "pipelines.warm"
PIPELINES = Path(__file__).resolve().parent
START_TIMEOUT_S = 120.0  # a run that has not opened its instance by then failed to launch


def code_stamp() -> float:
    """The newest modification time of the code location's sources and the dbt manifest it maps."""
    from pipelines.defs.transform.project import MANIFEST

    stamps = [path.stat().st_mtime for path in PIPELINES.rglob("*.py")]
    if MANIFEST.exists():
        stamps.append(MANIFEST.stat().st_mtime)
    return max(stamps, default=0.0)


class _ForkServer:
    """The `multiprocessing` fork server with the code location preloaded (one per process)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._stamp: float | None = None

    def context(self) -> Any:
        from multiprocessing import forkserver

        ctx = multiprocessing.get_context("forkserver")
        with self._lock:
            stamp = code_stamp()
            if self._stamp is not None and stamp != self._stamp:
                forkserver._forkserver._stop()  # the next start imports the changed code
            self._stamp = stamp
            ctx.set_forkserver_preload([PRELOAD])
        return ctx


FORK_SERVER = _ForkServer()


class ForkedRunLauncher(DefaultRunLauncher):
    """DefaultRunLauncher whose runs are forked from a preloaded process instead of spawned by
    the code server; a run without a Python origin (none here) goes the default way."""

    def __init__(self, inst_data=None):
        super().__init__(inst_data=inst_data)
        self._forked: dict[str, tuple[Any, Any]] = {}

    def launch_run(self, context: LaunchRunContext) -> None:
        from dagster._core.errors import DagsterLaunchFailedError
        from dagster._grpc.impl import start_run_in_subprocess
        from dagster._grpc.types import ExecuteExternalJobArgs
        from dagster._serdes import serialize_value
        from dagster._utils.hosted_user_process import recon_job_from_origin

        run = context.dagster_run
        if run.job_code_origin is None or run.remote_job_origin is None:
            return super().launch_run(context)
        args = serialize_value(ExecuteExternalJobArgs(job_origin=run.remote_job_origin, run_id=run.run_id,
                                                      instance_ref=self._instance.get_ref()))
        ctx = FORK_SERVER.context()
        events = ctx.Queue()
        termination = ctx.Event()
        process = ctx.Process(target=start_run_in_subprocess,
                              args=[args, recon_job_from_origin(run.job_code_origin), events, termination])
        process.start()
        self._forked[run.run_id] = (process, termination)
        failure = _wait_for_start(process, events)
        if failure:
            raise DagsterLaunchFailedError(failure)
        # The run reports its own progress to the instance; its status messages are drained so
        # that its exit never waits on a full pipe.
        threading.Thread(target=_drain, args=(process, events), daemon=True).start()

    def terminate(self, run_id: str) -> bool:
        forked = self._forked.get(run_id)
        if forked is None:
            return super().terminate(run_id)
        run = self._instance.get_run_by_id(run_id)
        if not run or run.is_finished:
            return False
        self._instance.report_run_canceling(run)
        forked[1].set()  # as the code server does: the run stops itself and reports CANCELED
        return True


def _wait_for_start(process: Any, events: Any) -> str | None:
    """None once the run opened its instance and began; else why it did not."""
    from dagster._grpc.impl import StartRunInSubprocessSuccessful
    from dagster._utils.error import SerializableErrorInfo

    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        try:
            message = events.get(timeout=0.05)
        except queue.Empty:
            if not process.is_alive():
                return f"the run's process exited before it began (exit code {process.exitcode})"
            continue
        if isinstance(message, StartRunInSubprocessSuccessful):
            return None
        error = getattr(message, "serializable_error_info", None)
        if isinstance(error, SerializableErrorInfo):
            return error.to_string()
    return f"the run's process did not begin within {START_TIMEOUT_S:.0f} s"


def _drain(process: Any, events: Any) -> None:
    while process.is_alive() or not events.empty():
        try:
            events.get(timeout=1)
        except queue.Empty:
            pass
        except (EOFError, OSError):
            break
    process.join()
