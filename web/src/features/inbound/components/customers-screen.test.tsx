import { fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setToken } from "@/lib/auth-token";
import { renderAt } from "@/testing/render-at";
import CustomersScreen from "./customers-screen";

// Customers page through the API's whole set (issue 30): the page, its size
// and the search live in the URL and go to the API as limit, offset and search.
function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
}
let calls: URL[];
const partner = (i: number) => ({ id: `p${i}`, name: `Partner ${i}`, contact_name: null, phone: null, email: null, address: null,
  facility_type: null, accepted_materials: [], price_basis: null, price: null, permit_number: null, payment_terms_days: 30, notes: null, active: true });
const customer = (i: number) => ({ id: `c${i}`, customer_name: `Customer ${i}`, account_number: `C-${1000 + i}`, phone: null, email: null,
  address: null, is_hauler: false, active: true, custom_pricing_per_unit: null, default_unit_of_measure: null, pricing_by_waste_type: {}, notes: null });

beforeEach(() => {
  calls = [];
  setToken("t");
  vi.stubGlobal("fetch", vi.fn(async (url: string) => {
    const u = new URL(String(url), "http://flow.test");
    calls.push(u);
    const offset = Number(u.searchParams.get("offset") ?? 0);
    const limit = Number(u.searchParams.get("limit") ?? 1000);
    const ids = Array.from({ length: 120 }, (_, i) => i).slice(offset, offset + limit);
    if (u.pathname === "/api/disposal-partners") return json({ disposal_partners: ids.map(partner), total: 120 });
    if (u.pathname === "/api/inbound/customers") {
      return json({ customers: ids.map(customer), matching: 120, total: 130, payees: 125, haulers: 5 });
    }
    return json({});
  }));
});
afterEach(() => { vi.unstubAllGlobals(); setToken(null); });

const lastCall = (path: string) => calls.filter((u) => u.pathname === path).at(-1)!;

describe("Customers pages through the API", () => {
  it("shows the page of the URL, counts the matching set and keeps the whole list's cards", async () => {
    renderAt(<CustomersScreen />, "/app/waste-customers?page=3&size=50&search=cust");
    expect(await screen.findByText("Customer 100")).toBeInTheDocument();
    expect(screen.getByTestId("page-range").textContent).toBe("101–120 of 120");
    const call = lastCall("/api/inbound/customers");
    expect([call.searchParams.get("search"), call.searchParams.get("limit"), call.searchParams.get("offset")]).toEqual(["cust", "50", "100"]);
    expect(screen.getByLabelText("Search customers")).toHaveValue("cust");
    expect(screen.getByText("130")).toBeInTheDocument(); // Total Customers: the whole list
    fireEvent.click(screen.getByRole("button", { name: "Previous" }));
    expect(await screen.findByText("Customer 50")).toBeInTheDocument();
    expect(screen.getByTestId("where").textContent).toBe("?page=2&size=50&search=cust");
  });
});
