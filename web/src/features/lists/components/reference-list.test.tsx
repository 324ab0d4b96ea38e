import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "@/components/ui/alert";
import { CONTAINER_TYPES, WASTE_TYPES, type ListConfig } from "../lib/list-config";
import type { ListItem } from "../types";
import { setLanguage } from "@/lib/i18n";
import { ReferenceList } from "./reference-list";

const containers: ListItem[] = [
  { id: "c1", name: "Plastic Bucket", description: "5-gallon pail", is_active: true, is_system_standard: true,
    sort_order: 1, capacity_gallons: "5.0", tare_weight_lbs: "1.5" },
  { id: "c2", name: "Slim Jim 23 (23gal)", description: null, is_active: true, is_system_standard: true,
    sort_order: 2, capacity_gallons: "23.0", tare_weight_lbs: "7.8" },
  { id: "c3", name: "Cambro 22qt", description: null, is_active: true, is_system_standard: false,
    sort_order: 3, capacity_gallons: "5.5", tare_weight_lbs: "3.5" },
];

const wasteTypes: ListItem[] = [
  { id: "w1", name: "Food Scraps", description: null, is_active: true, is_system_standard: true, sort_order: 1,
    unit_of_measure: "lbs", default_price_per_unit: null, default_pricing_unit: "lb", is_organic: true },
  { id: "w2", name: "Green Waste", description: "Yard trimmings", is_active: true, is_system_standard: false,
    sort_order: 2, unit_of_measure: "cubic_yards", default_price_per_unit: "12.5000", default_pricing_unit: "yard",
    is_organic: true },
];

interface Call {
  method: string;
  url: string;
  body: unknown;
}

type Reply = () => Promise<Response>;

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

let calls: Call[];
let writeReply: Reply;
let listBody: Record<string, ListItem[]>;

beforeEach(() => {
  calls = [];
  writeReply = async () => json({});
  listBody = { container_types: containers, waste_types: wasteTypes };
  vi.stubGlobal("fetch", vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (method === "GET" && url.includes("units-of-measure")) {
      return json({ units_of_measure: [{ code: "lbs", display_name: "Pounds" }] });
    }
    if (method === "GET") {
      const key = url.includes("container-types") ? "container_types" : "waste_types";
      return json({ [key]: listBody[key] });
    }
    return writeReply();
  }));
});

afterEach(() => vi.unstubAllGlobals());

function renderList(config: ListConfig, canEdit = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ReferenceList config={config} canEdit={canEdit} />
      <Toaster />
    </QueryClientProvider>,
  );
}

const rowNames = () => screen.getAllByTestId("list-row").map((row) => row.getAttribute("data-name"));

describe("ReferenceList", () => {
  it("shows the header, subtitle, badges and the container line", async () => {
    renderList(CONTAINER_TYPES);
    expect(await screen.findByText("Slim Jim 23 (23gal)")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Container Types Management" })).toBeInTheDocument();
    expect(screen.getByText("Manage container types and tare weights")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Add Container" })).toBeInTheDocument();
    expect(screen.getByText("23 gal · 7.8 lbs tare")).toBeInTheDocument();
    expect(screen.getAllByText("System")).toHaveLength(2);
    expect(screen.getAllByText("Custom")).toHaveLength(1);
  });

  it("shows the default price with yard³ and the no-pricing line", async () => {
    renderList(WASTE_TYPES);
    expect(await screen.findByText("Default: $12.50/yard³")).toBeInTheDocument();
    expect(screen.getByText("No default pricing set")).toBeInTheDocument();
    expect(screen.getByText("No description")).toBeInTheDocument();
  });

  it("gives an employee a read-only list", async () => {
    renderList(CONTAINER_TYPES, false);
    await screen.findByText("Plastic Bucket");
    expect(screen.queryByRole("button", { name: "Add Container" })).not.toBeInTheDocument();
    expect(screen.queryByRole("switch")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Edit/ })).not.toBeInTheDocument();
  });

  it("reorders at once and sends positions from 1", async () => {
    writeReply = () => new Promise(() => {});
    renderList(CONTAINER_TYPES);
    await screen.findByText("Cambro 22qt");
    fireEvent.click(screen.getByRole("button", { name: "Move Cambro 22qt up" }));
    await waitFor(() => expect(rowNames()).toEqual(["Plastic Bucket", "Cambro 22qt", "Slim Jim 23 (23gal)"]));
    await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    const put = calls.find((c) => c.method === "PUT")!;
    expect(put.url).toBe("/api/container-types/reorder");
    expect(put.body).toEqual({ items: [
      { id: "c1", sort_order: 1 }, { id: "c3", sort_order: 2 }, { id: "c2", sort_order: 3 },
    ] });
  });

  it("moves an item with the keyboard on its handle", async () => {
    writeReply = () => new Promise(() => {});
    renderList(CONTAINER_TYPES);
    await screen.findByText("Plastic Bucket");
    fireEvent.keyDown(screen.getByRole("button", { name: "Reorder Plastic Bucket" }), { key: "ArrowDown" });
    await waitFor(() => expect(rowNames()).toEqual(["Slim Jim 23 (23gal)", "Plastic Bucket", "Cambro 22qt"]));
  });

  it("puts the old order back and alerts when the reorder fails", async () => {
    let fail!: () => void;
    writeReply = () => new Promise((resolve) => { fail = () => resolve(json({ detail: "nope" }, 500)); });
    renderList(CONTAINER_TYPES);
    await screen.findByText("Cambro 22qt");
    fireEvent.click(screen.getByRole("button", { name: "Move Plastic Bucket down" }));
    // Shown before the server has answered.
    await waitFor(() => expect(rowNames()).toEqual(["Slim Jim 23 (23gal)", "Plastic Bucket", "Cambro 22qt"]));
    await waitFor(() => expect(fail).toBeDefined());
    await act(async () => fail());
    expect(await screen.findByText("Failed to reorder container types")).toBeInTheDocument();
    await waitFor(() => expect(rowNames()).toEqual(["Plastic Bucket", "Slim Jim 23 (23gal)", "Cambro 22qt"]));
  });

  it("flips the active toggle at once and reverts it with the server's detail on failure", async () => {
    let fail!: () => void;
    writeReply = () => new Promise((resolve) => { fail = () => resolve(json({ detail: "Locked" }, 400)); });
    renderList(CONTAINER_TYPES);
    await screen.findByText("Cambro 22qt");
    const toggle = screen.getByRole("switch", { name: "Cambro 22qt active" });
    fireEvent.click(toggle);
    await waitFor(() => expect(screen.getByRole("switch", { name: "Cambro 22qt active" })).not.toBeChecked());
    await waitFor(() => expect(fail).toBeDefined());
    const put = calls.find((c) => c.method === "PUT")!;
    expect(put.url).toBe("/api/container-types/c3");
    expect(put.body).toEqual({ name: "Cambro 22qt", description: null, is_active: false });
    await act(async () => fail());
    expect(await screen.findByText("Error: Locked")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("switch", { name: "Cambro 22qt active" })).toBeChecked());
  });

  it("checks the edit dialog with the spec's messages and clears an error on edit", async () => {
    renderList(CONTAINER_TYPES);
    await screen.findByText("Cambro 22qt");
    fireEvent.click(screen.getByRole("button", { name: "Edit Cambro 22qt" }));
    const dialog = await screen.findByRole("dialog", { hidden: true });
    const capacity = within(dialog).getByLabelText("Capacity (gallons)");
    fireEvent.change(capacity, { target: { value: "0" } });
    fireEvent.change(within(dialog).getByLabelText("Name"), { target: { value: "  " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save Changes", hidden: true }));
    expect(await within(dialog).findByText("Capacity must be greater than 0")).toBeInTheDocument();
    expect(within(dialog).getByText("Name is required")).toBeInTheDocument();
    expect(calls.some((c) => c.method === "PUT")).toBe(false);
    fireEvent.change(capacity, { target: { value: "6" } });
    expect(within(dialog).queryByText("Capacity must be greater than 0")).not.toBeInTheDocument();
  });

  it("locks the name of a system-standard item", async () => {
    renderList(CONTAINER_TYPES);
    await screen.findByText("Plastic Bucket");
    fireEvent.click(screen.getByRole("button", { name: "Edit Plastic Bucket" }));
    const dialog = await screen.findByRole("dialog", { hidden: true });
    expect(within(dialog).getByLabelText("Name")).toBeDisabled();
    expect(within(dialog).getByText("System standard names cannot be changed")).toBeInTheDocument();
  });

  it("adds with the spec's defaults and shows the server's refusal", async () => {
    writeReply = async () => json({ detail: "Capacity must be greater than 0" }, 422);
    renderList(CONTAINER_TYPES);
    await screen.findByText("Plastic Bucket");
    fireEvent.click(screen.getByRole("button", { name: "Add Container" }));
    const dialog = await screen.findByRole("dialog", { hidden: true });
    expect(within(dialog).getByLabelText("Capacity (gallons)")).toHaveValue(0);
    fireEvent.change(within(dialog).getByLabelText("Name"), { target: { value: "Tote" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add Container", hidden: true }));
    expect(await screen.findByText("Error: Capacity must be greater than 0")).toBeInTheDocument();
    const post = calls.find((c) => c.method === "POST")!;
    expect(post.body).toEqual({ name: "Tote", description: "", capacity_gallons: 0, tare_weight_lbs: 0, is_active: true });
  });

  it("asks the organic question of a new waste type before sending it", async () => {
    writeReply = async () => json({ ...wasteTypes[1], id: "w3", name: "Pallets", is_system_standard: false });
    renderList(WASTE_TYPES);
    await screen.findByText("Food Scraps");
    fireEvent.click(screen.getByRole("button", { name: "Add Waste Type" }));
    const dialog = await screen.findByRole("dialog", { hidden: true });
    fireEvent.change(within(dialog).getByLabelText("Name"), { target: { value: "Pallets" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add Waste Type", hidden: true }));
    const organic = within(dialog).getByLabelText("Organic waste (SB 1383)");
    expect(await within(dialog).findByText("Say whether this waste type is organic waste (SB 1383)")).toBeInTheDocument();
    expect(organic).toHaveAttribute("aria-invalid", "true");
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    fireEvent.change(organic, { target: { value: "true" } });
    expect(within(dialog).queryByText("Say whether this waste type is organic waste (SB 1383)")).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole("button", { name: "Add Waste Type", hidden: true }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")!.body).toMatchObject({ name: "Pallets", is_organic: true });
  });
});

describe("ReferenceList on a plan without custom lists", () => {
  it("keeps the add button off and says why", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <ReferenceList config={WASTE_TYPES} canEdit addLockedReason="Custom waste and destination types are available on the Pro and Enterprise plans" />
      </QueryClientProvider>,
    );
    await screen.findByText("Food Scraps");
    expect(screen.getByRole("button", { name: "Add Waste Type" })).toBeDisabled();
    expect(screen.getByText(/available on the Pro and Enterprise plans/)).toBeInTheDocument();
    expect(screen.getByRole("switch", { name: "Food Scraps active" })).toBeEnabled();
  });
});

describe("ReferenceList as an employee reads it in Spanish (issue 32 point 8)", () => {
  afterEach(() => setLanguage("en"));

  it("words the containers, their capacity and tare in Spanish with es-US numbers", async () => {
    setLanguage("es");
    renderList(CONTAINER_TYPES, false);
    expect(await screen.findByText("Slim Jim 23 (23gal)")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Contenedores" })).toBeInTheDocument();
    expect(screen.getByText("23 gal · tara 7.8 lb")).toBeInTheDocument();
    expect(screen.getAllByText("Del sistema")).toHaveLength(2);
    expect(screen.getAllByText("Activo")).toHaveLength(3);
  });

  it("words the products, their units and prices in Spanish", async () => {
    setLanguage("es");
    renderList(WASTE_TYPES, false);
    expect(await screen.findByText("Green Waste")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Productos" })).toBeInTheDocument();
    expect(screen.getByText("Precio base: $12.50/yarda³")).toBeInTheDocument();
    expect(screen.getByText("Sin precio base")).toBeInTheDocument();
    expect(screen.getByText("yardas cúbicas")).toBeInTheDocument();
    expect(screen.getAllByText("Orgánico (SB 1383)")).toHaveLength(2);
    expect(screen.getByText("Sin descripción")).toBeInTheDocument();
  });
});
