import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { setToken } from "@/lib/auth-token";
import { en } from "@/lib/i18n/en";
import { setLanguage } from "@/lib/i18n";
import { meQueryOptions, SessionProvider } from "@/lib/session";
import ScalePortalScreen from "./scale-portal-screen";

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const item = (id: string, name: string, extra = {}) => ({ id, name, is_active: true, sort_order: 1, ...extra });
let posted: unknown[];
let answer: () => Response;

beforeEach(() => {
  posted = [];
  answer = () => json({ id: "t1", ticket_number: "T-20261128-0001", net_weight: 1234.5 }, 201);
  setToken("t");
  vi.stubGlobal("fetch", vi.fn(async (url: string, init?: RequestInit) => {
    const path = new URL(String(url), "http://x").pathname;
    if (init?.method === "POST" && path === "/api/tickets") { posted.push(JSON.parse(String(init.body))); return answer(); }
    if (path === "/api/system/settings") return json({ simple_tickets_mode: false, enable_carbon_credits: true });
    if (path === "/api/company/settings") return json({ advanced_options_enabled: false });
    if (path === "/api/tickets/count") return json({ count: 1234 });
    if (path === "/api/waste-types") return json({ waste_types: [item("w", "Food Waste")] });
    if (path === "/api/destination-types") return json({ destination_types: [item("d", "Compost")] });
    if (path === "/api/container-types") return json({ container_types: [item("c", "Tote", { tare_weight_lbs: 12 })] });
    return json({});
  }));
});
afterEach(() => { vi.unstubAllGlobals(); setToken(null); setLanguage("en"); localStorage.clear(); });

function renderScale() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meQueryOptions().queryKey, { id: "op", email: "eli@example.com", role: "store_employee", first_name: "Eli", last_name: "Weigh",
    setup_completed: true, company: { id: "c", name: "Kitchen", locations: [{ id: "s1", name: "Main" }], subscription_plan: "pro", subscription_status: "trial", timezone: "America/Los_Angeles" }, phone: null, store_id: "s1",
    assigned_location_id: "s1", preferences: { language: "es" }, company_name: "Kitchen" });
  return render(<MemoryRouter><QueryClientProvider client={client}><SessionProvider><ScalePortalScreen /></SessionProvider></QueryClientProvider></MemoryRouter>);
}

// Every English word of the catalogue that Spanish does not share (words like "PIN" or "Total" are both).
function englishOnlyWords(): Set<string> {
  const words = (tree: object): string[] => Object.values(tree).flatMap((v) => (typeof v === "string"
    ? v.replace(/\{\{\w+\}\}/g, " ").match(/[A-Za-z][A-Za-z'-]{2,}/g) ?? [] : words(v)));
  return new Set(words(en).map((w) => w.toLowerCase()));
}

describe("Scale Entry in Spanish", () => {
  it("shows the form, the counter and the weights in Spanish, with es-US numbers", async () => {
    setLanguage("es");
    renderScale();
    expect(await screen.findByText("1,234 boletas este mes")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Nueva boleta de báscula" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Pesaje" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Boletas rápidas" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Tomar foto del peso/ })).toBeInTheDocument();
    expect(screen.getByLabelText("Peso total (lb)")).toBeInTheDocument();
    expect(await screen.findByRole("option", { name: "Tote (tara 12 lb)" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Crear boleta" })).toBeDisabled();
    expect(screen.getByText("No hay borradores guardados")).toBeInTheDocument();
  });

  it("creates a ticket and says so in Spanish", async () => {
    setLanguage("es");
    renderScale();
    await screen.findByRole("option", { name: "Compost" });
    fireEvent.change(screen.getByLabelText("Peso total (lb)"), { target: { value: "1246.5" } });
    fireEvent.click(screen.getByRole("button", { name: "Crear boleta" }));
    expect(await screen.findByText("¡Boleta T-20261128-0001 creada! Peso neto: 1,234.5 lb")).toBeInTheDocument();
    expect(posted).toHaveLength(1);
  });

  it("puts a known server refusal in Spanish", async () => {
    answer = () => json({ detail: "Tare weight cannot exceed gross weight" }, 422);
    setLanguage("es");
    renderScale();
    await screen.findByRole("option", { name: "Compost" });
    fireEvent.change(screen.getByLabelText("Peso total (lb)"), { target: { value: "5" } });
    fireEvent.click(screen.getByRole("button", { name: "Crear boleta" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Error: La tara no puede ser mayor que el peso bruto");
  });

  it("shows no word of the English catalogue", async () => {
    setLanguage("es");
    const { container } = renderScale();
    await screen.findByRole("option", { name: "Compost" });
    await waitFor(() => expect(container.textContent).toContain("1,234 boletas"));
    // The company's own list items (Food Waste, Compost, Tote) are its data, not Flow's words.
    const text = (container.textContent ?? "").replace(/Food Waste|Compost|Tote/g, " ");
    const english = englishOnlyWords();
    const spanish = new Set(JSON.stringify((await import("@/lib/i18n/es")).es).match(/[A-Za-zÀ-ÿ'-]{3,}/g)!.map((w) => w.toLowerCase()));
    const found = (text.match(/[A-Za-z][A-Za-z'-]{2,}/g) ?? []).map((w) => w.toLowerCase()).filter((w) => english.has(w) && !spanish.has(w));
    expect(found).toEqual([]);
  });

  it("stays English for an English user", async () => {
    renderScale();
    expect(await screen.findByText("1,234 tickets this month")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Create Ticket" })).toBeDisabled();
  });
});

describe("Scale Entry feedback (issue 32 point 3)", () => {
  it("previews gross − the container's tare = net before Create Ticket, in the user's numbers", async () => {
    setLanguage("es");
    renderScale();
    await screen.findByRole("option", { name: "Tote (tara 12 lb)" });
    expect(screen.queryByTestId("net-preview")).toBeNull();
    fireEvent.change(screen.getByLabelText("Peso total (lb)"), { target: { value: "1246.5" } });
    expect(screen.getByTestId("net-preview")).toHaveTextContent("Bruto 1,246.5 lb − tara 12.0 lb = Neto 1,234.5 lb");
    fireEvent.change(screen.getByLabelText("Peso total (lb)"), { target: { value: "5" } });
    expect(screen.getByTestId("net-preview")).toHaveTextContent("= Neto 0.0 lb");
  });

  it("shows the outcome as a toast fixed in the viewport, which can be dismissed", async () => {
    renderScale();
    await screen.findByRole("option", { name: "Compost" });
    fireEvent.change(screen.getByLabelText("Total weight (lbs)"), { target: { value: "1246.5" } });
    expect(screen.getByTestId("net-preview")).toHaveTextContent("Gross 1,246.5 lbs − tare 12.0 lbs = Net 1,234.5 lbs");
    fireEvent.click(screen.getByRole("button", { name: "Create Ticket" }));
    const toast = await screen.findByTestId("status-toast");
    expect(toast).toHaveAttribute("role", "status");
    expect(toast).toHaveClass("ticket-status-toast");
    expect(toast).toHaveTextContent("Ticket T-20261128-0001 created successfully! Net weight: 1,234.5 lbs");
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByTestId("status-toast")).toBeNull();
  });

  it("keeps a refusal in view as an alert toast", async () => {
    answer = () => json({ detail: "Tare weight cannot exceed gross weight" }, 422);
    renderScale();
    await screen.findByRole("option", { name: "Compost" });
    fireEvent.change(screen.getByLabelText("Total weight (lbs)"), { target: { value: "5" } });
    fireEvent.click(screen.getByRole("button", { name: "Create Ticket" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveClass("ticket-status-toast");
  });
});
