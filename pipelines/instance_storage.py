"""The Dagster instance's event log in Postgres over kept connections (dagster.yaml).

dagster-postgres opens a new connection for every statement outside the webserver (NullPool).
Creating a sensor run writes one "planned" event per asset and per check of the job (91 and 303
here), and the run writes one per materialization, observation and output: measured 35-43 ms an
event with a connection each on the loaded 2 cores, 2.3 ms over a kept one, i.e. 5-14 s of every
sensor run before its first step (bench/README.md, issue 30). This storage keeps one connection
per process (more only while threads write at once), and gives them back when the instance is
disposed.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dagster_postgres import PostgresEventLogStorage
from dagster_postgres.utils import create_pg_engine, get_token_provider_from_config, pg_url_from_config

POOL_SIZE = 1  # kept while idle: one per Dagster process (daemon, code server, run, webserver)
MAX_OVERFLOW = 8  # opened for concurrent writers (the daemon's threads), closed when returned
RECYCLE_S = 1800


class PooledPostgresEventLogStorage(PostgresEventLogStorage):
    def __init__(self, postgres_url: str, should_autocreate_tables: bool = True, inst_data=None,
                 token_provider=None):
        super().__init__(postgres_url, should_autocreate_tables, inst_data, token_provider)
        self._engine.dispose()
        self._engine = create_pg_engine(self.postgres_url, token_provider, isolation_level="AUTOCOMMIT",
                                        pool_size=POOL_SIZE, max_overflow=MAX_OVERFLOW, pool_recycle=RECYCLE_S,
                                        pool_pre_ping=True)

    @classmethod
    def from_config_value(cls, inst_data, config_value: Mapping[str, Any]) -> PooledPostgresEventLogStorage:
        return cls(inst_data=inst_data, postgres_url=pg_url_from_config(config_value),
                   should_autocreate_tables=config_value.get("should_autocreate_tables", True),
                   token_provider=get_token_provider_from_config(config_value))

    def dispose(self) -> None:
        super().dispose()
        self._engine.dispose()
