import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setToken } from "@/lib/auth-token";
import { meQueryOptions, SessionProvider } from "@/lib/session";
import { useTicketLocation } from "@/lib/ticket-location";
import { LocationPicker } from "./location-picker";

const KITCHENS = [{ id: "s-1", name: "Kitchen 1" }, { id: "s-2", name: "Kitchen 2" }];

function me(over: { locations?: { id: string; name: string }[]; assigned?: string | null; id?: string } = {}) {
  return {
    id: over.id ?? "u-1", email: "op@example.com", role: "store_employee" as const, first_name: "Op", last_name: "Lee",
    setup_completed: true, phone: null, store_id: null, assigned_location_id: over.assigned ?? null, preferences: {},
    company_name: "Kitchens", company: { id: "c-1", name: "Kitchens", subscription_plan: "pro", subscription_status: "active",
      timezone: "America/Los_Angeles", locations: over.locations ?? KITCHENS },
  };
}

function Weighing() {
  const location = useTicketLocation();
  return (
    <>
      <LocationPicker choices={location.choices} value={location.storeId} onChange={location.choose} />
      <output data-testid="store">{location.storeId ?? "none"}</output>
      <output data-testid="missing">{String(location.missing)}</output>
    </>
  );
}

function renderAs(user: ReturnType<typeof me>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meQueryOptions().queryKey, user);
  return render(<QueryClientProvider client={client}><SessionProvider><Weighing /></SessionProvider></QueryClientProvider>);
}

beforeEach(() => {
  localStorage.clear();
  setToken("t");
  vi.stubGlobal("fetch", vi.fn(async () => new Response("{}", { status: 200, headers: { "Content-Type": "application/json" } })));
});
afterEach(() => { vi.unstubAllGlobals(); setToken(null); localStorage.clear(); });

describe("LocationPicker on a weighing screen", () => {
  it("asks a user who covers several locations, and remembers the choice on this device", () => {
    const first = renderAs(me());
    expect(screen.getByLabelText(/Location/)).toHaveValue("");
    expect(screen.getByTestId("missing")).toHaveTextContent("true");
    fireEvent.change(screen.getByLabelText(/Location/), { target: { value: "s-2" } });
    expect(screen.getByTestId("store")).toHaveTextContent("s-2");
    first.unmount();

    renderAs(me());  // the next visit on this device starts at the remembered location
    expect(screen.getByLabelText(/Location/)).toHaveValue("s-2");
    expect(screen.getByTestId("missing")).toHaveTextContent("false");
  });

  it("never shows the picker to an assigned operator, who weighs at the assigned location", () => {
    localStorage.setItem("flow.ticket-location.u-1", "s-2");
    renderAs(me({ assigned: "s-1" }));
    expect(screen.queryByLabelText(/Location/)).toBeNull();
    expect(screen.getByTestId("store")).toHaveTextContent("s-1");
  });

  it("shows no picker with one location and weighs there", () => {
    renderAs(me({ locations: [KITCHENS[0]] }));
    expect(screen.queryByLabelText(/Location/)).toBeNull();
    expect(screen.getByTestId("store")).toHaveTextContent("s-1");
  });

  it("forgets a remembered location the company no longer has, and another user's choice", () => {
    localStorage.setItem("flow.ticket-location.u-1", "s-gone");
    localStorage.setItem("flow.ticket-location.u-2", "s-2");
    renderAs(me());
    expect(screen.getByLabelText(/Location/)).toHaveValue("");
    expect(screen.getByTestId("store")).toHaveTextContent("none");
  });
});
