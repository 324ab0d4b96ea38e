import { fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setToken } from "@/lib/auth-token";
import { renderAt } from "@/testing/render-at";
import DisposalPartnersScreen from "./disposal-partners-screen";

// Disposal partners page through the API's whole set (issue 30): the page, its size
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

describe("Disposal Partners pages through the API", () => {
  it("asks for the URL's page and moves on with Next", async () => {
    renderAt(<DisposalPartnersScreen />, "/app/disposal-partners?page=2&size=25");
    expect(await screen.findByText("Partner 25")).toBeInTheDocument();
    expect(screen.getByTestId("page-range").textContent).toBe("26–50 of 120");
    expect(lastCall("/api/disposal-partners").searchParams.get("offset")).toBe("25");
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Partner 50")).toBeInTheDocument();
    expect(screen.getByTestId("where").textContent).toBe("?page=3&size=25");
  });

  it("sends the search to the API and starts it at page 1", async () => {
    renderAt(<DisposalPartnersScreen />, "/app/disposal-partners?page=3");
    await screen.findByText("Partner 100");
    fireEvent.change(screen.getByLabelText("Search partners"), { target: { value: "compost" } });
    await vi.waitFor(() => expect(lastCall("/api/disposal-partners").searchParams.get("search")).toBe("compost"));
    expect(lastCall("/api/disposal-partners").searchParams.get("offset")).toBe("0");
    expect(screen.getByTestId("where").textContent).toBe("?search=compost");
  });
});
