/**
 * Open report screens follow the warehouse: every 5 s (paused while the tab is hidden, React
 * Query's default) they ask GET /api/analytics/refreshed, a few bytes, and reload their figures
 * only when a new warehouse was published. A new ticket shows without a reload, and a phone on
 * bad Wi-Fi does not fetch whole reports that have not changed.
 */
export const WAREHOUSE_WATCH_MS = 5_000;
