import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { warehouseRefreshedQueryOptions } from "@/lib/follow-warehouse";
import { companyDay, formatDateTime, getDisplayTimeZone } from "@/lib/format";

/** What every analytics answer says of its figures (api/analytics/freshness.py). */
export type Figures = {
  last_refreshed_at?: string | null;
  refreshing?: boolean;
  pending_since?: string | null;
};

/** A change the sensor has not published after this long is waiting for something else (Dagster
 * not running, a failed refresh): the notice stops promising a minute. */
export const PENDING_PROMISE_MS = 10 * 60_000;

/** "2:14 PM" today, "Nov 27, 2:14 PM" on another day: in the company's time zone. */
export function figuresTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  const timeZone = getDisplayTimeZone();
  const time = at.toLocaleTimeString("en-US", { timeZone, hour: "numeric", minute: "2-digit" });
  if (companyDay(at) === companyDay(now)) return time;
  const day = at.toLocaleDateString("en-US", { timeZone, month: "short", day: "numeric",
    year: at.getFullYear() === now.getFullYear() ? undefined : "numeric" });
  return `${day}, ${time}`;
}

/**
 * The "as of" line of every analytics screen: when the figures were published, and, while a
 * ticket or location changed since then, that newer figures are on their way. When the warehouse
 * watch (GET /api/analytics/refreshed, every 5 s) has seen a newer publish than these figures,
 * the queries holding them are refetched once: the screen follows until the new version arrives,
 * without polling whole reports.
 */
export function LastRefreshed({ figures, now }: { figures: Figures | undefined; now?: Date }) {
  const at = figures?.last_refreshed_at ?? null;
  const queryClient = useQueryClient();
  const { data: watch } = useQuery(warehouseRefreshedQueryOptions());
  const published = watch?.last_refreshed_at ?? null;
  useEffect(() => {
    if (!published || (at && Date.parse(published) <= Date.parse(at))) return;
    void queryClient.invalidateQueries({
      predicate: (q) => q.queryKey[0] !== "warehouse-refreshed"
        && (q.state.data as Figures | undefined)?.last_refreshed_at === at,
    });
  }, [published, at, queryClient]);

  const pendingSince = figures?.pending_since ? Date.parse(figures.pending_since) : null;
  const soon = pendingSince === null || (now ?? new Date()).getTime() - pendingSince < PENDING_PROMISE_MS;
  return (
    <div className="small muted" data-testid="last-refreshed">
      <p title={at ? formatDateTime(at) : undefined}>
        {at ? `Figures as of ${figuresTime(at, now)}` : "Figures appear after the first warehouse refresh."}
      </p>
      {figures?.refreshing && (
        <p role="status" data-testid="figures-refreshing">
          {soon ? "Newer figures are on their way — updating within a minute."
            : "Newer figures will show after the next warehouse refresh."}
        </p>
      )}
    </div>
  );
}
