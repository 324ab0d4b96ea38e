import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CompanyInfo } from "../api/get-company-info";
import { ContactInfo } from "./company-screen";

const info: CompanyInfo = {
  name: "Bistro", industry: "Food Service", billing_email: "old@example.com", phone: "111", billing_notification_email: null,
  address: { street: "1 Main", city: "Oakland", state: "CA", zip: "94607" }, subscription_plan: "core", subscription_status: "active",
};
function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}
afterEach(() => vi.unstubAllGlobals());

function renderContact() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}><ContactInfo info={info} /></QueryClientProvider>);
}

describe("ContactInfo", () => {
  it("Cancel restores the stored values without a call", () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    renderContact();
    fireEvent.click(screen.getByRole("button", { name: "Edit Contact Info" }));
    fireEvent.change(screen.getByLabelText("Phone"), { target: { value: "999" } });
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.getByTestId("contact-info")).toHaveTextContent("111");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("keeps edit mode and names the field the server refused", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => json({ detail: "billing_email: Invalid email", errors: [{ field: "billing_email", message: "Invalid email address" }] }, 422)));
    renderContact();
    fireEvent.click(screen.getByRole("button", { name: "Edit Contact Info" }));
    fireEvent.change(screen.getByLabelText("Billing email"), { target: { value: "nope" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Invalid email address")).toHaveClass("field-error");
    expect(screen.getByLabelText("Billing email")).toHaveValue("nope");
  });

  it("sends the three contact fields to PUT /api/company/info and leaves edit mode", async () => {
    const fetch = vi.fn(async () => json({ ...info, phone: "222" }));
    vi.stubGlobal("fetch", fetch);
    renderContact();
    fireEvent.click(screen.getByRole("button", { name: "Edit Contact Info" }));
    fireEvent.change(screen.getByLabelText("Phone"), { target: { value: "222" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(screen.queryByRole("button", { name: "Save" })).toBeNull());
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain("/api/company/info");
    expect(init.method).toBe("PUT");
    expect(JSON.parse(init.body as string)).toEqual({ billing_email: "old@example.com", phone: "222", billing_notification_email: "" });
  });
});
