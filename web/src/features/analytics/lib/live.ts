/**
 * Open dashboards ask again every 15 s (paused while the tab is hidden, React Query's default):
 * the warehouse publishes a new ticket within about a minute, and the screen should show it
 * without a reload. Each call is a read of the published DuckDB marts (~100-300 ms).
 */
export const WAREHOUSE_POLL_MS = 15_000;
