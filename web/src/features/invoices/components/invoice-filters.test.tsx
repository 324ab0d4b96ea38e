import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import InvoicesScreen from "./invoices-screen";

// Invoices: search and customer filter kept in the URL with the pager; the API is answered through
// a stubbed fetch and every request it was asked is recorded.
const CUSTOMER = "22222222-2222-4222-8222-222222222222";
const buckets = Object.fromEntries(["CURRENT", "1-30", "31-60", "61-90", "90+"].map((k) => [k, { total: "0.00", count: 0 }]));
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
let asked: string[] = [];

beforeEach(() => {
  asked = [];
  vi.stubGlobal("fetch", vi.fn(async (url: string) => {
    const u = String(url);
    asked.push(u);
    if (u.includes("/export")) return json({ detail: "No data to export" }, 404);
    if (u.includes("billing-accounts")) return json({ accounts: [{ customer_id: CUSTOMER, customer_name: "Golden Gate Produce Co.", account_number: null, email: null, active: true, billing_cycle: "per_load", payment_terms_days: 30, payment_terms: "Net 30" }] });
    if (u.includes("aging-report")) return json({ as_of: "2026-11-23", total_accounts_receivable: "0.00", aging_buckets: buckets, last_refreshed_at: null });
    if (u.includes("/api/invoices")) return json({ invoices: [], total: 0, as_of: "2026-11-23", last_refreshed_at: null });
    return json({});
  }));
});
afterEach(() => { vi.unstubAllGlobals(); vi.useRealTimers(); });

let location = "";
function Where() {
  const l = useLocation();
  location = l.search;
  return null;
}

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<MemoryRouter initialEntries={[url]}><QueryClientProvider client={client}><InvoicesScreen /><Where /></QueryClientProvider></MemoryRouter>);
}

const listCalls = () => asked.filter((u) => /\/api\/invoices\?/.test(u)).map((u) => new URL(u, "http://x").searchParams);

describe("Invoices search and customer filter", () => {
  it("reads the search and the customer from the URL and asks the API for them", async () => {
    renderAt(`/app/invoices?search=edge&customer_id=${CUSTOMER}&page=2&size=25`);
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(0));
    const q = listCalls()[0];
    expect(q.get("search")).toBe("edge");
    expect(q.get("customer_id")).toBe(CUSTOMER);
    expect(q.get("offset")).toBe("25");
    expect(screen.getByLabelText("Search")).toHaveValue("edge");
    expect(await screen.findByRole("option", { name: "Golden Gate Produce Co." })).toBeInTheDocument();
    expect(screen.getByLabelText("Customer")).toHaveValue(CUSTOMER);
  });

  it("puts what is typed and the chosen customer in the URL, back on page 1", async () => {
    renderAt("/app/invoices?page=3");
    await screen.findByRole("option", { name: "Golden Gate Produce Co." });
    fireEvent.change(screen.getByLabelText("Search"), { target: { value: "INV-2026" } });
    await waitFor(() => expect(new URLSearchParams(location).get("search")).toBe("INV-2026"), { timeout: 2000 });
    expect(new URLSearchParams(location).get("page")).toBeNull();
    await waitFor(() => expect(listCalls().some((q) => q.get("search") === "INV-2026")).toBe(true));
    fireEvent.change(screen.getByLabelText("Customer"), { target: { value: CUSTOMER } });
    await waitFor(() => expect(listCalls().some((q) => q.get("customer_id") === CUSTOMER && q.get("search") === "INV-2026")).toBe(true));
    fireEvent.click(screen.getByRole("button", { name: "Clear" }));
    await waitFor(() => expect(location).toBe(""));
    expect(screen.getByLabelText("Search")).toHaveValue("");
  });

  it("exports the filtered set (not the page) and shows a failure beside the buttons", async () => {
    renderAt(`/app/invoices?search=edge&customer_id=${CUSTOMER}&page=2`);
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(0));
    const group = await screen.findByRole("group", { name: "Export invoices" });
    await act(async () => { fireEvent.click(group.querySelectorAll("button")[1]); });
    const call = asked.find((u) => u.includes("/api/invoices/export"));
    const q = new URL(call!, "http://x").searchParams;
    expect(q.get("format")).toBe("xlsx");
    expect(q.get("search")).toBe("edge");
    expect(q.get("customer_id")).toBe(CUSTOMER);
    expect(q.get("offset")).toBeNull();
    expect(await screen.findByRole("alert")).toHaveTextContent("The Excel file could not be made. No data to export");
  });
});
