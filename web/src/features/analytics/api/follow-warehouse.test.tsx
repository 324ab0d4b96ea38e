import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { render, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { WAREHOUSE_WATCH_MS, useFollowWarehouse, warehouseRefreshedQueryOptions } from "@/lib/follow-warehouse";
import { getBasicReportQueryOptions } from "./get-basic-report";
import { getCostAnalysisQueryOptions } from "./get-cost-analysis";
import { getDashboardQueryOptions } from "./get-dashboard";
import { getEsgReportQueryOptions } from "./get-esg-report";

const filters = { start_date: "2026-11-01", end_date: "2026-11-30" };
let publishedAt: string | null;
let dashboardCalls: number;

beforeEach(() => {
  publishedAt = "2026-11-23T10:00:00Z";
  dashboardCalls = 0;
  vi.stubGlobal("fetch", vi.fn(async (url: string) => {
    const body = String(url).includes("/api/analytics/refreshed")
      ? { last_refreshed_at: publishedAt }
      : { total_tickets: ++dashboardCalls };
    return new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
  }));
});

afterEach(() => vi.unstubAllGlobals());

function Screen() {
  useFollowWarehouse();
  const { data } = useQuery(getDashboardQueryOptions(filters));
  return <p>{data ? `tickets ${(data as { total_tickets: number }).total_tickets}` : "loading"}</p>;
}

describe("open report screens follow the warehouse", () => {
  it("reload their figures only when a new warehouse is published", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const view = render(<QueryClientProvider client={client}><Screen /></QueryClientProvider>);
    await view.findByText("tickets 1");

    await client.refetchQueries({ queryKey: ["warehouse-refreshed"] });  // nothing new
    expect(dashboardCalls).toBe(1);

    publishedAt = "2026-11-23T10:00:45Z";  // the sensor published a new ticket
    await client.refetchQueries({ queryKey: ["warehouse-refreshed"] });
    await view.findByText("tickets 2");
    await waitFor(() => expect(dashboardCalls).toBe(2));
  });

  it("ask a small call every 5 s instead of polling whole reports", () => {
    expect(WAREHOUSE_WATCH_MS).toBe(5_000);
    expect(warehouseRefreshedQueryOptions().refetchInterval).toBe(WAREHOUSE_WATCH_MS);
    for (const options of [getDashboardQueryOptions(filters), getBasicReportQueryOptions(filters),
      getEsgReportQueryOptions(filters), getCostAnalysisQueryOptions(filters)]) {
      expect(options.refetchInterval).toBeUndefined();
      expect(options.queryKey[0]).toBe("analytics");
    }
  });
});
