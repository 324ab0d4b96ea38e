import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Region } from "@/lib/api/get-regions";
import { LocationDialog } from "./location-dialog";

const region = (id: string, name: string, parent_id: string | null = null): Region => ({
  id, name, description: null, parent_id, created_at: "2026-11-01T00:00:00Z", store_count: 0, user_count: 0,
});
function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}
afterEach(() => vi.unstubAllGlobals());

function renderDialog(regions: Region[] | null, onCreated = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={client}><LocationDialog store={null} regions={regions} onClose={vi.fn()} onCreated={onCreated} /></QueryClientProvider>);
  return onCreated;
}
const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("LocationDialog", () => {
  it("hides the region without regions (not enterprise, or none yet)", () => {
    vi.stubGlobal("fetch", vi.fn());
    renderDialog(null);
    expect(screen.queryByLabelText("Region")).toBeNull();
  });

  it("offers a region's subregions and sends both with the interface choice", async () => {
    const fetch = vi.fn(async () => json({ id: "s9", name: "Dock", employee_credentials: null }, 201));
    vi.stubGlobal("fetch", fetch);
    const onCreated = renderDialog([region("w", "West"), region("b", "Bay", "w"), region("e", "East")]);
    expect(screen.queryByLabelText("Subregion")).toBeNull();
    fill("Location name", "Dock");
    fill("Store number", "D-1");
    fill("Region", "w");
    expect(screen.getByLabelText("Subregion")).toBeInTheDocument();
    fill("Subregion", "b");
    fireEvent.click(screen.getByLabelText(/Advanced/));
    fireEvent.click(screen.getByRole("button", { name: "Add Location" }));
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalled());
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toMatchObject({ name: "Dock", store_number: "D-1", region_id: "w", subregion_id: "b", advanced_options_enabled: true });
  });

  it("sends the scale display unit, pounds unless the manager picks kilograms", async () => {
    const fetch = vi.fn(async () => json({ id: "s9", name: "Dock", employee_credentials: null }, 201));
    vi.stubGlobal("fetch", fetch);
    const onCreated = renderDialog(null);
    expect(screen.getByLabelText("Scale display unit")).toHaveValue("lb");
    fill("Location name", "Dock");
    fill("Store number", "D-1");
    fill("Scale display unit", "kg");
    fireEvent.click(screen.getByRole("button", { name: "Add Location" }));
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalled());
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toMatchObject({ scale_display_unit: "kg" });
  });

  it("names the missing fields and puts a server conflict above the form", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => json({ detail: "A location with this store number already exists" }, 409)));
    renderDialog(null);
    fireEvent.click(screen.getByRole("button", { name: "Add Location" }));
    expect(screen.getByText("Location name is required")).toBeInTheDocument();
    expect(screen.getByText("Store number is required")).toBeInTheDocument();
    fill("Location name", "Dock");
    fill("Store number", "D-1");
    fireEvent.click(screen.getByRole("button", { name: "Add Location" }));
    expect(await screen.findByText("A location with this store number already exists")).toBeInTheDocument();
  });
});
