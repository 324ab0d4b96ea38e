import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { User } from "../api/users";
import { UserDialog, userChanges, validateUser } from "./user-dialog";

const ann: User = {
  id: "u1", email: "ann@example.com", first_name: "Ann", last_name: "Lee", role: "store_employee", phone: null,
  assigned_location_id: "s1", assigned_location_name: "Kitchen 1", location_name: "Kitchen 1", is_active: true,
  setup_completed: true, has_pin: true, pin_locked: false, invite_pending: false, last_login_at: null, created_at: null,
};
const form = (over: Partial<Parameters<typeof validateUser>[0]> = {}) => ({
  first_name: "Ann", last_name: "Lee", email: "ann@example.com", password: "", role: "store_employee", phone: "",
  assigned_location_id: "s1", pin: "", is_active: true, ...over,
});

describe("validateUser", () => {
  it("needs a password only for a new user, and names each field", () => {
    expect(validateUser(form(), true)).toEqual({ password: "Password is required" });
    expect(validateUser(form(), false)).toEqual({});
    expect(validateUser(form({ first_name: " ", email: "nope", password: "12345", pin: "12a4" }), false)).toEqual({
      first_name: "First name is required", email: "Enter a valid email address",
      password: "Password must be at least 6 characters", pin: "PIN must be exactly 4 digits",
    });
  });
});

describe("userChanges", () => {
  it("sends only what changed: a blank password and PIN keep the current ones", () => {
    expect(userChanges(ann, form(), true)).toEqual({});
    expect(userChanges(ann, form({ last_name: "Park", pin: "4321" }), true)).toEqual({ last_name: "Park", pin: "4321" });
  });
  it("clears the assignment when the employee becomes company-wide or an admin", () => {
    expect(userChanges(ann, form({ assigned_location_id: "" }), true)).toEqual({ assigned_location_id: null });
    expect(userChanges(ann, form({ role: "store_admin" }), true)).toEqual({ role: "store_admin", assigned_location_id: null });
  });
});

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}
afterEach(() => vi.unstubAllGlobals());

function renderDialog(user: User | null, onClose = vi.fn(), featureAvailable = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <UserDialog user={user} onClose={onClose}
        locations={{ locations: [{ id: "s1", name: "Kitchen 1", address: null }], feature_available: featureAvailable, subscription_plan: "pro" }} />
    </QueryClientProvider>,
  );
  return onClose;
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("UserDialog", () => {
  it("shows the plan's limit message the server answers with, and stays open", async () => {
    const fetch = vi.fn(async () => json({ detail: "Maximum users (2) reached for your CORE plan" }, 403));
    vi.stubGlobal("fetch", fetch);
    const onClose = renderDialog(null);
    fill("First name", "Bo"); fill("Last name", "Chan"); fill("Email", "bo@example.com"); fill("Password", "secret-1");
    fireEvent.click(screen.getByRole("button", { name: "Add User" }));
    expect(await screen.findByText("Maximum users (2) reached for your CORE plan")).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    const body = JSON.parse((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as string);
    expect(body).toMatchObject({ email: "bo@example.com", role: "store_employee", assigned_location_id: null });
  });

  it("puts a server's field error under its field", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => json({ detail: "email: taken", errors: [{ field: "email", message: "A user with this email already exists" }] }, 422)));
    renderDialog(null);
    fill("First name", "Bo"); fill("Last name", "Chan"); fill("Email", "bo@example.com"); fill("Password", "secret-1");
    fireEvent.click(screen.getByRole("button", { name: "Add User" }));
    const message = await screen.findByText("A user with this email already exists");
    expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");
    expect(message).toHaveClass("field-error");
  });

  it("refuses an incomplete form without a call", () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    renderDialog(null);
    fireEvent.click(screen.getByRole("button", { name: "Add User" }));
    expect(screen.getByText("First name is required")).toBeInTheDocument();
    expect(screen.getByText("Password is required")).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("offers location assignment only where the plan has it", () => {
    vi.stubGlobal("fetch", vi.fn());
    renderDialog(null, vi.fn(), false);
    expect(screen.queryByLabelText("Assigned location")).toBeNull();
    expect(screen.getByText("Location assignment is for Pro and Enterprise only.")).toBeInTheDocument();
  });

  it("edits with a blank password left out of the update", async () => {
    const fetch = vi.fn(async () => json({ ...ann, last_name: "Park" }));
    vi.stubGlobal("fetch", fetch);
    const onClose = renderDialog(ann);
    fill("Last name", "Park");
    fireEvent.click(screen.getByRole("button", { name: "Update User" }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain("/api/users/u1");
    expect(JSON.parse(init.body as string)).toEqual({ last_name: "Park" });
  });
});
