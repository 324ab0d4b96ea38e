import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GeneratorTiers } from "./generator-tiers";

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

const unanswered = { location_id: "s2", location_name: "Kitchen 2", is_active: true, answers: null, tier: "unanswered", rule_key: null,
  explanation: null, citation: null, obligated_from: null, answered_at: null };
const tier2 = { location_id: "s1", location_name: "Kitchen 1", is_active: true, answers: { business_type: "restaurant", seats: 300, facility_square_feet: 6000 },
  tier: "tier_2", rule_key: "tier2_restaurant_seats", explanation: "A restaurant with 250 or more seats is a Tier 2 commercial edible food generator.",
  citation: "14 CCR 18982(a), tier two commercial edible food generator (A)", obligated_from: "2024-01-01", answered_at: "2026-11-23T10:00:00Z" };
let puts: { url: string; body: Record<string, unknown> }[];

beforeEach(() => {
  puts = [];
  vi.stubGlobal("fetch", vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === "PUT") {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      puts.push({ url: String(url), body });
      if (body.seats === undefined) return json({ detail: "seats: a restaurant's tier depends on its seats", errors: [{ field: "seats", message: "seats: a restaurant's tier depends on its seats" }] }, 422);
      return json({ ...unanswered, answers: body, tier: "none", rule_key: "restaurant_under_thresholds",
        explanation: "A restaurant is Tier 2 only with 250 or more seats or a total facility size of 5,000 sq ft or more.", citation: "14 CCR 18982(a), tier two commercial edible food generator (A)" });
    }
    return json({ locations: [tier2, unanswered], warnings: ["Kitchen 1 is a Tier 2 commercial edible food generator with no food recovery agreement on file."] });
  }));
});
afterEach(() => vi.unstubAllGlobals());

function renderTiers() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}><GeneratorTiers /></QueryClientProvider>);
}

describe("GeneratorTiers", () => {
  it("lists each location's tier with the rule and its citation, and the warnings", async () => {
    renderTiers();
    const row = (await screen.findByText("Kitchen 1")).closest("tr")!;
    expect(within(row).getByText("Tier 2")).toBeTruthy();
    expect(within(row).getByText(/250 or more seats/)).toBeTruthy();
    expect(within(row).getByText(/14 CCR 18982/)).toBeTruthy();
    expect(within(screen.getByText("Kitchen 2").closest("tr")!).getByText("Not answered")).toBeTruthy();
    expect(screen.getByLabelText("Tier warnings").textContent).toContain("no food recovery agreement on file");
  });

  it("asks the questions of the business type, shows the server's field error, then the outcome", async () => {
    renderTiers();
    fireEvent.click(within((await screen.findByText("Kitchen 2")).closest("tr")!).getByRole("button", { name: "Answer questions" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Business type"), { target: { value: "restaurant" } });
    expect(within(dialog).getByLabelText("Seats")).toBeTruthy();
    expect(within(dialog).queryByLabelText("Rooms")).toBeNull();
    fireEvent.change(within(dialog).getByLabelText("Total facility size (sq ft)"), { target: { value: "4999" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save Answers" }));
    expect((await within(dialog).findByText("seats: a restaurant's tier depends on its seats"))).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("Seats"), { target: { value: "249" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save Answers" }));
    const outcome = await within(dialog).findByRole("status", { name: "Tier outcome" });
    expect(outcome.textContent).toContain("Not a generator");
    expect(outcome.textContent).toContain("14 CCR 18982");
    expect(puts.at(-1)).toEqual({ url: expect.stringContaining("/api/compliance/generator-tiers/s2"), body: { business_type: "restaurant", seats: 249, facility_square_feet: 4999 } });
  });
});
