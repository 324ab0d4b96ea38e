"""The dbt project as Dagster sees it; the manifest is made by `dbt parse` before Dagster loads."""
from __future__ import annotations

import fcntl
import hashlib
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

from dagster_dbt import DbtProject

from pipelines.paths import DBT_DIR, build_path

BIN = Path(sys.executable).parent
DBT_EXECUTABLE = str(BIN / "dbt")
MANIFEST = DBT_DIR / "target" / "manifest.json"

dbt_project = DbtProject(project_dir=DBT_DIR, profiles_dir=DBT_DIR)


def dbt_env(build_file: Path | None = None) -> dict[str, str]:
    """The dbt subprocess environment: the venv's bin first on PATH, the work file as target."""
    env = dict(os.environ)
    env["PATH"] = f"{BIN}{os.pathsep}{env.get('PATH', '')}"
    env.setdefault("DBT_SEND_ANONYMOUS_USAGE_STATS", "false")
    if build_file is not None:
        env["FLOW_WAREHOUSE_BUILD_PATH"] = str(build_file)
        env["FLOW_WAREHOUSE_WORK_PATH"] = str(work_file_for(build_file))
    return env


def work_file_for(build_file: Path) -> Path:
    """The work file that belongs to a build file (flow.build.duckdb -> flow.work.duckdb)."""
    return build_file.with_name(build_file.name.replace(".build.duckdb", ".work.duckdb"))


PROJECT_SUFFIXES = {".sql", ".yml", ".yaml", ".csv"}  # not caches (sqlfluff leaves __pycache__ here)


def project_digest() -> str:
    """A digest of everything dbt builds from: a change in a model, macro or factor seed means
    the incremental models must be rebuilt from scratch."""
    digest = hashlib.sha256()
    for folder in ("models", "macros", "seeds", "unit_tests", "data-tests"):
        for path in sorted((DBT_DIR / folder).rglob("*")):
            if path.is_file() and path.suffix in PROJECT_SUFFIXES:
                digest.update(str(path.relative_to(DBT_DIR)).encode() + b"\0" + path.read_bytes())
    digest.update((DBT_DIR / "dbt_project.yml").read_bytes())
    return digest.hexdigest()


def _marker(build_file: Path) -> Path:
    return build_file.with_name(build_file.name + ".full-rebuild")


def _built_digest(build_file: Path) -> Path:
    return build_file.with_name(build_file.name + ".project")


def request_full_rebuild(build_file: Path, reason: str) -> None:
    """Ask the next dbt build for --full-refresh (kept until a build succeeds)."""
    _marker(build_file).write_text(reason)


def full_rebuild_reason(build_file: Path) -> str | None:
    """Why the next build must rebuild the incremental models from scratch, or None."""
    if _marker(build_file).exists():
        return _marker(build_file).read_text() or "requested"
    if not build_file.exists():
        return "no build yet"
    built = _built_digest(build_file)
    if not built.exists() or built.read_text() != project_digest():
        return "the dbt project changed"
    return None


def _changed_tables_file(build_file: Path) -> Path:
    return build_file.with_name(build_file.name + ".changed-tables")


def note_changed_tables(build_file: Path, tables: Iterable[str]) -> None:
    """The raw tables an extract loaded changed rows into, added to those no build has taken yet
    (kept until a build succeeds: a failed build's changes are built by the next one)."""
    pending = changed_tables(build_file) | set(tables)
    if pending:
        _changed_tables_file(build_file).write_text(json.dumps(sorted(pending)))


def changed_tables(build_file: Path) -> set[str]:
    """The raw tables with changed rows that no successful build has taken yet."""
    path = _changed_tables_file(build_file)
    return set(json.loads(path.read_text())) if path.exists() else set()


def empty_build_file(build_file: Path, reason: str) -> None:
    """Before a full rebuild, which writes every mart and seed anew: start from no file. DuckDB
    does not shrink a file; a rebuild over the old one left half of it free blocks (2.5 GB of
    which 1.25 GB in use at 10 M tickets), and the build file becomes the published one.

    The reason is kept as a request first: a build that fails part-way leaves a part-built file,
    which the next build must rebuild too (the old project digest beside it would otherwise
    take it for a whole one)."""
    request_full_rebuild(build_file, reason)
    for path in (build_file, build_file.with_name(build_file.name + ".wal")):
        path.unlink(missing_ok=True)


# What a build took in, narrowest first: the sensor's selectors (dbt/selectors.yml; money_change
# is ticket_change and the money marts), then every model and seed ("all": a full run or rebuild).
SELECTIONS = ("ticket_change", "money_change", "all")


def wider(*selections: str | None) -> str | None:
    """The narrowest selection that covers all of them (None: nothing)."""
    known = [s for s in selections if s is not None]
    return max(known, key=SELECTIONS.index) if known else None


def _read_selection(path: Path) -> str | None:
    if not path.exists():
        return None
    value = path.read_text().strip()
    return value if value in SELECTIONS else "all"  # unknown: assume the widest


def _built_since_publish_file(build_file: Path) -> Path:
    return build_file.with_name(build_file.name + ".built-since-publish")


def _behind_file(build_file: Path) -> Path:
    return build_file.with_name(build_file.name + ".behind")


def built_since_publish(build_file: Path) -> str | None:
    """What the builds into build_file since the last publish took in (the widest of them)."""
    return _read_selection(_built_since_publish_file(build_file))


def forget_built_since_publish(build_file: Path) -> None:
    _built_since_publish_file(build_file).unlink(missing_ok=True)


def behind(build_file: Path) -> str | None:
    """What the build file lacks against the published file (None: nothing). After a publish the
    build file is the version the publish replaced (pipelines/defs/publish/publish.py): it lacks
    what the builds since took in, and the next build takes that in too."""
    return _read_selection(_behind_file(build_file))


def note_behind(build_file: Path, selection: str | None) -> None:
    if selection is None:
        _behind_file(build_file).unlink(missing_ok=True)
    else:
        _behind_file(build_file).write_text(selection)


def record_build(build_file: Path, selection: str = "all") -> None:
    """After a successful build: remember the project it was built from and what changed in it
    (the selection the changes called for, before it was widened by what the file lacked: the file
    the publish replaces had that already), drop any request, the changed tables (the build's
    selection was chosen from them, under the same writer lock) and what the file lacked (the
    build took it in)."""
    _built_digest(build_file).write_text(project_digest())
    _built_since_publish_file(build_file).write_text(wider(built_since_publish(build_file), selection))
    _marker(build_file).unlink(missing_ok=True)
    _changed_tables_file(build_file).unlink(missing_ok=True)
    _behind_file(build_file).unlink(missing_ok=True)


def keep_parse_state(invocation_target: Path) -> None:
    """Keep a finished build's partial-parse state as the one the next build starts from.

    dagster-dbt gives every build its own target folder and seeds it with the project's
    partial_parse.msgpack. dbt discards that state when the rendered profile differs (another
    warehouse path: `dbt parse` run by hand, the tests), and then parses the whole project on
    every sensor run (about 5 s here). Copying the state back makes the second build after any
    such change partial again. Replaced atomically: another process may be copying it.
    """
    state = invocation_target / "partial_parse.msgpack"
    if state.exists():
        staged = MANIFEST.with_name(f".partial_parse.{os.getpid()}.msgpack")
        shutil.copyfile(state, staged)
        os.replace(staged, MANIFEST.with_name("partial_parse.msgpack"))


def _sources_changed_since(stamp: float) -> bool:
    for folder in ("models", "macros", "seeds", "unit_tests"):
        for path in (DBT_DIR / folder).rglob("*"):
            if path.is_file() and path.stat().st_mtime > stamp:
                return True
    return any((DBT_DIR / name).stat().st_mtime > stamp for name in ("dbt_project.yml", "selectors.yml"))


def prepare_manifest(force: bool = False) -> Path:
    """Run `dbt parse` when the manifest is missing or older than the project's files.

    Parsed with the same warehouse paths the runs use: dbt keeps its partial-parse state only
    while the rendered profile is unchanged, so each sensor-driven `dbt build` skips a full parse.
    """
    def stale() -> bool:
        return force or not MANIFEST.exists() or _sources_changed_since(MANIFEST.stat().st_mtime)

    if not stale():
        return MANIFEST
    # One parse at a time: parallel test workers (pytest-xdist) and `flow up` may start together,
    # and a second `dbt parse` writing target/ would leave the first a half-written manifest.
    MANIFEST.parent.mkdir(parents=True, exist_ok=True)
    with open(MANIFEST.with_name(".parse.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if stale():  # the process that held the lock may have parsed it already
            subprocess.run(
                [DBT_EXECUTABLE, "parse", "--quiet", "--project-dir", str(DBT_DIR), "--profiles-dir", str(DBT_DIR)],
                check=True, env=dbt_env(build_path()), cwd=DBT_DIR,
            )
    return MANIFEST
