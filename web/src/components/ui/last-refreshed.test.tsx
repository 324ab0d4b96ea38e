import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { render, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setDisplayTimeZone } from "@/lib/format";
import { LastRefreshed, figuresTime } from "./last-refreshed";

const NOW = new Date("2026-11-27T20:00:00Z");  // 3:00 PM in New York
let watched: string | null;
let published: string;
let figureCalls: number;

beforeEach(() => {
  setDisplayTimeZone("America/New_York");
  watched = "2026-11-27T19:14:00Z";
  published = "2026-11-27T19:14:00Z";
  figureCalls = 0;
  vi.stubGlobal("fetch", vi.fn(async (url: string) => {
    const body = String(url).includes("/api/analytics/refreshed") ? { last_refreshed_at: watched } : {};
    return new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
  }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  setDisplayTimeZone(null);
});

function wrap(node: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

describe("the figures' as-of line", () => {
  it("says the publish time in the company's zone, with the day when it is not today", () => {
    expect(figuresTime("2026-11-27T19:14:00Z", NOW)).toBe("2:14 PM");
    expect(figuresTime("2026-11-27T03:05:00Z", NOW)).toBe("Nov 26, 10:05 PM");  // still the 26th in New York
    expect(figuresTime("2025-12-31T15:00:00Z", NOW)).toBe("Dec 31, 2025, 10:00 AM");
    setDisplayTimeZone("America/Los_Angeles");
    expect(figuresTime("2026-11-27T19:14:00Z", NOW)).toBe("11:14 AM");
  });

  it("shows no notice while the figures are current", async () => {
    const view = wrap(<LastRefreshed figures={{ last_refreshed_at: published, refreshing: false, pending_since: null }} now={NOW} />);
    expect(view.getByTestId("last-refreshed").textContent).toBe("Figures as of 2:14 PM");
    expect(view.queryByRole("status")).toBeNull();
  });

  it("says newer figures are on their way while a change waits for the refresh", () => {
    const view = wrap(<LastRefreshed now={NOW}
      figures={{ last_refreshed_at: published, refreshing: true, pending_since: "2026-11-27T19:59:30Z" }} />);
    expect(view.getByRole("status").textContent).toBe("Newer figures are on their way — updating within a minute.");
  });

  it("stops promising a minute when the change has waited ten minutes", () => {
    const view = wrap(<LastRefreshed now={NOW}
      figures={{ last_refreshed_at: published, refreshing: true, pending_since: "2026-11-27T19:49:00Z" }} />);
    expect(view.getByRole("status").textContent).toBe("Newer figures will show after the next warehouse refresh.");
  });

  it("says when there are no figures yet", () => {
    const view = wrap(<LastRefreshed figures={{ last_refreshed_at: null, refreshing: true, pending_since: null }} now={NOW} />);
    expect(view.getByTestId("last-refreshed").textContent).toContain("Figures appear after the first warehouse refresh.");
  });
});

function Screen() {
  const { data } = useQuery({
    queryKey: ["analytics", "dashboard"],
    queryFn: async () => {
      figureCalls += 1;
      return { last_refreshed_at: published, refreshing: published === "2026-11-27T19:14:00Z", pending_since: null };
    },
  });
  return <LastRefreshed figures={data} now={NOW} />;
}

describe("the figures follow a newer publish", () => {
  it("refetch once when the watch has seen a newer warehouse than the figures, then rest", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const view = render(<QueryClientProvider client={client}><Screen /></QueryClientProvider>);
    await view.findByText("Newer figures are on their way — updating within a minute.");
    await client.refetchQueries({ queryKey: ["warehouse-refreshed"] });
    expect(figureCalls).toBe(1);  // the same version: nothing refetched

    watched = "2026-11-27T19:15:00Z";  // the sensor's refresh published
    published = watched;
    await client.refetchQueries({ queryKey: ["warehouse-refreshed"] });
    await view.findByText("Figures as of 2:15 PM");
    expect(view.queryByRole("status")).toBeNull();
    await client.refetchQueries({ queryKey: ["warehouse-refreshed"] });
    await waitFor(() => expect(figureCalls).toBe(2));
  });
});
