import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setDisplayTimeZone } from "@/lib/format";
import type { ReportTicket } from "../api/get-report-tickets";
import type { EsgReport } from "../api/get-esg-report";
import EsgImpactScreen from "./esg-impact-screen";
import { formatDay } from "./period-heading";
import { ReportListSelect } from "./report-list-select";
import { ReportTicketTable } from "./report-ticket-table";

// The screens read the session only for the location filter; a manager of one location has none.
vi.mock("@/lib/session", () => ({ useSession: () => ({ user: { company: { locations: [] }, assigned_location_id: null } }) }));

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

const item = (id: string, name: string, sort_order: number, is_active = true) =>
  ({ id, name, description: null, is_active, is_system_standard: true, sort_order });

const ticket = {
  id: "t-2", ticket_number: "T-20261003-0002", client_id: null, is_inbound: false, ticket_type: "outbound",
  outbound_ticket_type: "type_1_container", status: "completed", timestamp: "2026-10-03T17:00:00Z",
  ticket_at: "2026-10-03T17:00:00Z", created_at: "2026-10-03T17:00:00Z", updated_at: "2026-10-03T17:00:00Z",
  gross_weight: 67.8, tare_weight: 7.8, net_weight: 60, unit_of_measure: "lbs", total_amount: 0,
  waste_type: "Food Waste", destination: "Food Bank", container_type: null, ocr_provider: null, confidence: null,
  manual_override: true, employee_name: "Eli Employee", store_id: "s-1", store_name: "Kitchen 2", location: "Kitchen 2",
  vehicle_info: null, customer_facing_notes: null, internal_notes: null, line_items: [],
  images: [{ id: "i-1", kind: "scale", url: "/api/tickets/t-2/images/i-1", thumbnail_url: "/api/tickets/t-2/images/i-1?thumb=1" }],
};

const rows: ReportTicket[] = [
  { id: "t-1", ticket_number: "T-20261002-0001", timestamp: "2026-10-02T17:00:00Z", waste_type: "Food Scraps",
    destination: "Compost", container_type: null, net_weight: 100, gross_weight: 110, tare_weight: 10,
    employee_name: "Eli Employee", location: null, store_name: "Kitchen 1", is_inbound: false },
  { id: "t-2", ticket_number: "T-20261003-0002", timestamp: "2026-10-03T17:00:00Z", waste_type: "Food Waste",
    destination: "Food Bank", container_type: null, net_weight: 60, gross_weight: 67.8, tare_weight: 7.8,
    employee_name: "Eli Employee", location: null, store_name: "Kitchen 2", is_inbound: false },
];

const esg: EsgReport = {
  period: { start_date: "2026-10-01", end_date: "2026-10-31" }, last_refreshed_at: null, refreshing: false, pending_since: null,
  summary: { total_tickets: 3, total_net_weight_lbs: 210, total_facilities: 2 },
  diversion_metrics: { diversion_rate_percent: 76.2 },
  environmental_impact: { co2_prevented_kg: 48.9, co2_prevented_tons: 0.049, methane_prevented_kg: 1.8,
    equivalent_cars_off_road: 0.01, water_saved_gallons: null, landfill_diverted_tons: 0.08 },
  food_recovery: { meals_recovered: 50, people_fed_per_day: 0.6, protein_recovered_lbs: null, nutritional_value_usd: null },
  economic_impact: { cost_savings: 12.8, tax_benefits_usd: null, operational_savings: null, total_economic_impact: 12.8 },
  compliance: { sb1383_compliant: false, diversion_rate: 76.2, total_diverted_weight: 160, target_rate: 85,
    monthly_target_met: false },
};

let requested: string[];

beforeEach(() => {
  requested = [];
  vi.stubGlobal("fetch", vi.fn(async (url: string) => {
    requested.push(String(url));
    const path = String(url);
    if (path.includes("/api/waste-types")) {
      return json({ waste_types: [item("w2", "Food Waste", 2), item("w1", "Food Scraps", 1), item("w3", "Glass", 3, false)] });
    }
    if (path.includes("/api/destination-types")) return json({ destination_types: [item("d1", "Compost", 1)] });
    if (path.includes("/api/tickets/t-2")) return json(ticket);
    if (path.includes("/api/reports/esg")) return json(esg);
    return json({ detail: "Not found" }, 404);
  }));
  // A photo is fetched with the token as a blob URL.
  Object.assign(URL, { createObjectURL: () => "blob:photo", revokeObjectURL: () => undefined });
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  setDisplayTimeZone(undefined);
});

function wrap(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

describe("report generator filters from the company's lists (spec 3 s2.13)", () => {
  it("offers All first, then the active waste types in the list's order", async () => {
    const onChange = vi.fn();
    wrap(<ReportListSelect label="Waste type" path="waste-types" value={undefined} onChange={onChange} />);
    const select = screen.getByLabelText("Waste type") as HTMLSelectElement;
    await waitFor(() => expect(select.options).toHaveLength(3));
    expect([...select.options].map((o) => o.text)).toEqual(["All", "Food Scraps", "Food Waste"]);
    expect(select.value).toBe("");
    fireEvent.change(select, { target: { value: "Food Waste" } });
    expect(onChange).toHaveBeenLastCalledWith("Food Waste");
  });

  it("sends no filter when All is chosen again", async () => {
    const onChange = vi.fn();
    wrap(<ReportListSelect label="Destination" path="destination-types" value="Compost" onChange={onChange} />);
    const select = screen.getByLabelText("Destination") as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe("Compost"));
    fireEvent.change(select, { target: { value: "" } });
    expect(onChange).toHaveBeenLastCalledWith(undefined);
  });
});

describe("report generator ticket table (spec 3 s2.13, detail as in s2.12)", () => {
  it("opens the ticket detail of a clicked row, with Print, and closes with x", async () => {
    wrap(<ReportTicketTable tickets={rows} />);
    fireEvent.click(screen.getByText("Food Bank"));
    const dialog = await screen.findByRole("dialog", { name: "Ticket T-20261003-0002" });
    expect(requested.some((u) => u.includes("/api/tickets/t-2"))).toBe(true);
    expect(within(dialog).getByRole("button", { name: "Print" })).toBeEnabled();
    expect(within(dialog).getByText("Kitchen 2")).toBeTruthy();
    const cross = within(dialog).getAllByRole("button", { name: "Close" }).find((b) => b.textContent?.trim() === "×");
    fireEvent.click(cross as HTMLElement);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("opens the detail from the ticket number button too (keyboard users)", async () => {
    wrap(<ReportTicketTable tickets={rows} />);
    fireEvent.click(screen.getByRole("button", { name: "T-20261003-0002" }));
    expect(await screen.findByRole("dialog", { name: "Ticket T-20261003-0002" })).toBeTruthy();
  });

  it("shows a photo full size when it is clicked", async () => {
    wrap(<ReportTicketTable tickets={rows} />);
    fireEvent.click(screen.getByText("Food Bank"));
    const dialog = await screen.findByRole("dialog", { name: "Ticket T-20261003-0002" });
    fireEvent.click(await within(dialog).findByAltText("scale photo 1"));
    expect(await screen.findByAltText("scale photo 1 full size")).toBeTruthy();
  });
});

describe("ESG Impact Report (spec 3 s2.14)", () => {
  it("formats a report day as that calendar day, even west of UTC", () => {
    setDisplayTimeZone("America/Los_Angeles");
    expect(formatDay("2026-10-01")).toBe(new Date(2026, 9, 1).toLocaleDateString());
    setDisplayTimeZone("Pacific/Kiritimati");
    expect(formatDay("2026-10-31")).toBe(new Date(2026, 9, 31).toLocaleDateString());
  });

  it("shows the period in the date format and Not estimated small and muted", async () => {
    setDisplayTimeZone("America/Los_Angeles");
    wrap(<EsgImpactScreen />);
    const from = new Date(2026, 9, 1).toLocaleDateString();
    const to = new Date(2026, 9, 31).toLocaleDateString();
    expect(await screen.findByRole("heading", { name: `${from} to ${to}` })).toBeTruthy();
    const water = screen.getByText("Water saved").closest(".stat-card");
    const note = within(water as HTMLElement).getByText("Not estimated");
    expect(note).toHaveClass("small", "muted");
    expect(note.tagName).toBe("SPAN");
    expect(screen.getAllByText("Not estimated")).toHaveLength(5);
  });

  it("judges SB 1383 against the company's target from the API, never a literal 75%", async () => {
    wrap(<EsgImpactScreen />);
    const card = (await screen.findByText("SB 1383 Compliance")).closest(".card") as HTMLElement;
    expect(card.textContent).toContain("Below the company's 85% diversion target (76.2%");
    expect(card.textContent).not.toContain("75%");
  });
});
