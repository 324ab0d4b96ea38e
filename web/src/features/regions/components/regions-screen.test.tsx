import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Region } from "@/lib/api/get-regions";
import RegionsScreen, { regionTree } from "./regions-screen";

const r = (id: string, name: string, parent_id: string | null = null, store_count = 0, user_count = 0): Region => ({
  id, name, description: null, parent_id, created_at: "2026-11-01T00:00:00Z", store_count, user_count,
});

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}
afterEach(() => vi.unstubAllGlobals());

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<MemoryRouter><QueryClientProvider client={client}><RegionsScreen /></QueryClientProvider></MemoryRouter>);
}

describe("regionTree", () => {
  it("puts subregions under their region", () => {
    const tree = regionTree([r("a", "West"), r("b", "Bay", "a"), r("c", "East")]);
    expect(tree.map((t) => [t.region.name, t.children.map((c) => c.name)])).toEqual([["West", ["Bay"]], ["East", []]]);
  });
});

describe("RegionsScreen", () => {
  it("is the Enterprise lock screen on other plans, without asking for regions", async () => {
    const fetch = vi.fn(async (_url: string) => json({ features: ["multi_location"] }));
    vi.stubGlobal("fetch", fetch);
    renderScreen();
    expect(await screen.findByText("Enterprise Feature")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Upgrade to Enterprise" })).toHaveAttribute("href", "/app/subscription");
    expect(fetch.mock.calls.some(([u]) => String(u).includes("/api/regions"))).toBe(false);
  });

  it("shows real counts and the server's reason when a used region cannot be deleted", async () => {
    vi.stubGlobal("confirm", vi.fn(() => true));
    vi.stubGlobal("fetch", vi.fn(async (url: string, init?: RequestInit) => {
      if (String(url).includes("/api/subscription/current")) return json({ features: ["regions"] });
      if (init?.method === "DELETE") return json({ detail: "This region is used by 2 location(s); move them to another region first" }, 409);
      return json({ regions: [r("a", "West", null, 2, 5)] });
    }));
    renderScreen();
    expect(await screen.findByText(/2 locations · 5 users/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("This region is used by 2 location(s); move them to another region first")).toBeInTheDocument();
  });
});
