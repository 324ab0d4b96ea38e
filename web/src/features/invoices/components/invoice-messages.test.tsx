import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "@/components/ui/alert";
import type { InvoiceDetail } from "../api/invoices";
import BillingDashboardScreen from "./billing-dashboard-screen";
import { PaymentModal } from "./invoice-modals";
import InvoicesScreen from "./invoices-screen";

// The receivables messages of spec 3 section 8 (Invoice; Financial dashboard) and the empty and
// loading texts of sections 2.4 and 2.8, with the API answering through a stubbed fetch.
function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

const invoice: InvoiceDetail = {
  invoice_id: "11111111-1111-4111-8111-111111111111", invoice_number: "INV-2026-00007", ticket_id: null, ticket_number: null,
  customer_id: null, customer_name: "Bayview Grocers", issue_date: "2026-11-01", due_date: "2026-12-01",
  payment_terms: "Net 30", amount: "130.02", balance: "130.02", payment_status: "pending", status: "PENDING",
  aging_category: "CURRENT", days_overdue: 0, billing_period: null, line_items: [], payments: [],
  bill_to: { customer_name: "Bayview Grocers", account_number: null, address: null, email: null, phone: null },
};

let answer: (url: string, init?: RequestInit) => Response | Promise<Response>;
beforeEach(() => {
  vi.stubGlobal("fetch", vi.fn(async (url: string, init?: RequestInit) => {
    if (String(url).includes("/api/analytics/refreshed")) return json({ last_refreshed_at: null });
    return answer(String(url), init);
  }));
});
afterEach(() => vi.unstubAllGlobals());

function renderWith(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The lists keep their page and filters in the URL: a router around the screen.
  return render(<MemoryRouter><QueryClientProvider client={client}>{node}<Toaster /></QueryClientProvider></MemoryRouter>);
}

describe("Record Payment messages (spec 3 s8, Invoice)", () => {
  it.each([
    ["a refusal shows the server's detail", () => json({ detail: "This invoice is already paid" }, 409), "Error recording payment: This invoice is already paid"],
    ["a network failure says so plainly", () => { throw new TypeError("Failed to fetch"); }, "Error recording payment"],
    ["a recorded payment", () => json({ payment: {}, invoice: { ...invoice, balance: "0.00", payment_status: "paid" } }), "Payment recorded successfully!"],
  ])("%s", async (_, put, message) => {
    answer = (_url, init) => (init?.method === "PUT" ? put() : json(invoice));
    renderWith(<PaymentModal id={invoice.invoice_id} onClose={() => {}} />);
    expect(await screen.findByLabelText("Amount (USD)")).toHaveValue(130.02);
    fireEvent.click(screen.getByRole("button", { name: "Record Payment" }));
    expect(await screen.findByText(message, { exact: true })).toBeInTheDocument();
  });
});

describe("Invoice/Billing Dashboard (spec 3 s2.8 and s8)", () => {
  it("shows the loading text, then 'Network error loading financial data' when the call fails", async () => {
    answer = () => { throw new TypeError("Failed to fetch"); };
    renderWith(<BillingDashboardScreen />);
    expect(screen.getByText("Loading financial dashboard...")).toBeInTheDocument();
    expect(await screen.findByText("Network error loading financial data")).toBeInTheDocument();
  });

  it("does not show a refused answer as an error", async () => {
    answer = () => json({ detail: "Feature Disabled" }, 403);
    renderWith(<BillingDashboardScreen />);
    expect(await screen.findByText("Feature Disabled")).toBeInTheDocument();
    expect(screen.queryByText("Network error loading financial data")).toBeNull();
  });
});

describe("Invoice Management (spec 3 s2.4)", () => {
  it("says 'No invoices found matching your criteria' when nothing matches", async () => {
    const buckets = Object.fromEntries(["CURRENT", "1-30", "31-60", "61-90", "90+"].map((k) => [k, { total: "0.00", count: 0 }]));
    answer = (url) => url.includes("billing-accounts") ? json({ accounts: [] }) : url.includes("aging-report")
      ? json({ as_of: "2026-11-23", total_accounts_receivable: "0.00", aging_buckets: buckets, last_refreshed_at: null })
      : json({ invoices: [], total: 0, as_of: "2026-11-23", last_refreshed_at: null });
    renderWith(<InvoicesScreen />);
    expect(await screen.findByText("No invoices found matching your criteria")).toBeInTheDocument();
  });
});
