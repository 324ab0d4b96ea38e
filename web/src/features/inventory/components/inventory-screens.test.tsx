import { fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setToken } from "@/lib/auth-token";
import { renderAt } from "@/testing/render-at";
import { InventoryDashboardScreen, InventoryManagementScreen } from "./inventory-screens";

// Inventory pages through the API's items (issue 30): page, size and the filters in the URL, sent
// as limit, offset and the filters; the cards are the ledger's summary of the whole filtered set.
function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
}
let calls: URL[];
const item = (i: number) => ({ id: `i${i}`, waste_type: "Food Scraps", waste_subtype: null, container_type: null, quantity_available: 100 + i,
  quantity_reserved: 0, unit_of_measure: "lbs", unit_value: 0.04, total_value: 4, status: "available",
  source_customer: { id: "c1", customer_name: "Golden Gate Produce" }, created_at: "2026-11-01T10:00:00Z", updated_at: "2026-11-01T10:00:00Z" });
const flows = { on_hand: { total_quantity: 3700, total_value: 148, item_count: 75 },
  flows_last_30_days: { total_in: 4000, total_out: 300, in_flow_rate_per_day: 133.33, out_flow_rate_per_day: 10, net_change: 3700 },
  metrics: { turnover_rate_30_day: 16.2, days_of_inventory: 370, transaction_count: 6 } };

beforeEach(() => {
  calls = [];
  setToken("t");
  vi.stubGlobal("fetch", vi.fn(async (url: string) => {
    const u = new URL(String(url), "http://flow.test");
    calls.push(u);
    if (u.pathname === "/api/inventory") {
      const offset = Number(u.searchParams.get("offset") ?? 0);
      const limit = Number(u.searchParams.get("limit") ?? 500);
      const ids = Array.from({ length: 75 }, (_, i) => i).slice(offset, offset + limit);
      return json({ inventory_items: ids.map(item), total: 75, last_refreshed_at: null,
        summary: { total_items: 75, available_items: 75, reserved_items: 0, total_value: 300, total_quantity: 3700, inventory_flows: flows } });
    }
    if (u.pathname === "/api/inbound/customers") return json({ customers: [], matching: 0, total: 0, payees: 0, haulers: 0 });
    if (u.pathname === "/api/waste-types") return json({ waste_types: [{ id: "w1", name: "Food Scraps", is_active: true, sort_order: 1 }] });
    return json({});
  }));
});
afterEach(() => { vi.unstubAllGlobals(); setToken(null); });

const lastInventoryCall = () => calls.filter((u) => u.pathname === "/api/inventory").at(-1)!;

describe("Inventory Management pages through the API", () => {
  it("asks for the URL's page with its filters and keeps the filter when paging", async () => {
    renderAt(<InventoryManagementScreen />, "/app/inventory-management?status=available&size=25&page=2");
    expect(await screen.findByText("125 lbs")).toBeInTheDocument(); // item 25, the first of page 2
    const call = lastInventoryCall();
    expect([call.searchParams.get("status"), call.searchParams.get("limit"), call.searchParams.get("offset")]).toEqual(["available", "25", "25"]);
    expect(screen.getByTestId("page-range").textContent).toBe("26–50 of 75");
    expect(screen.getByText("ON HAND").parentElement).toHaveTextContent("3,700 lbs"); // the ledger's summary, not the page's
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await vi.waitFor(() => expect(lastInventoryCall().searchParams.get("offset")).toBe("50"));
    expect(lastInventoryCall().searchParams.get("status")).toBe("available");
    expect(screen.getByTestId("where").textContent).toBe("?status=available&size=25&page=3");
  });

  it("a new filter goes back to page 1", async () => {
    renderAt(<InventoryManagementScreen />, "/app/inventory-management?page=2");
    await screen.findByText("150 lbs");
    fireEvent.change(screen.getByLabelText("Waste type"), { target: { value: "Food Scraps" } });
    await vi.waitFor(() => expect(lastInventoryCall().searchParams.get("waste_type")).toBe("Food Scraps"));
    expect(lastInventoryCall().searchParams.get("offset")).toBe("0");
    expect(screen.getByTestId("where").textContent).toBe("?waste_type=Food+Scraps");
  });
});

describe("Inventory Dashboard", () => {
  it("asks for its ten most recent items only", async () => {
    renderAt(<InventoryDashboardScreen />, "/app/inventory-dashboard");
    expect(await screen.findByRole("table", { name: "Recent inventory items" })).toBeInTheDocument();
    expect(lastInventoryCall().searchParams.get("limit")).toBe("10");
    expect(screen.getAllByRole("row")).toHaveLength(11);
  });
});
