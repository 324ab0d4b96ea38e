"""The platform floor under every report: read-only access to the warehouse the pipeline publishes.

reader: one read-only DuckDB database per published file version, a cursor per request, results
cached per version, and the empty warehouse before the first publish (a file the pipeline
publishes too). freshness: whether a newer figure is on its way. Domains stand on this package;
it imports only api.core and api.kit.
"""
from api.warehouse.reader import (
    PublishedState,
    cached_rows,
    empty_warehouse,
    last_refreshed_at,
    published_refreshed_at,
    published_state,
    read_warehouse,
    rows,
)

__all__ = ["PublishedState", "cached_rows", "empty_warehouse", "last_refreshed_at", "published_refreshed_at",
           "published_state", "read_warehouse", "rows"]
