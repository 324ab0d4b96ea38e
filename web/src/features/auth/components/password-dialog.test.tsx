// Issue 32 point 5: the invite mail's link (/login?token=...&invite=1) greets an invited user with
// "Set your password"; a reset link keeps "Set a New Password".
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PublicDialogs } from "./public-dialogs";

function client(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

afterEach(() => { vi.unstubAllGlobals(); });

beforeEach(() => {
  vi.stubGlobal("fetch", vi.fn(async () => new Response("{}", { status: 200, headers: { "Content-Type": "application/json" } })));
});

describe("password dialog words", () => {
  it("the invite link opens Set your password, a reset link Set a New Password", async () => {
    const invite = render(<MemoryRouter initialEntries={["/login?token=abc&invite=1"]}><QueryClientProvider client={client()}><PublicDialogs /></QueryClientProvider></MemoryRouter>);
    expect(await screen.findByRole("dialog", { name: "Set your password" }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Set Password" })).toBeTruthy();
    expect(screen.queryByText(/reset/i)).toBeNull();
    invite.unmount();
    render(<MemoryRouter initialEntries={["/login?token=abc"]}><QueryClientProvider client={client()}><PublicDialogs /></QueryClientProvider></MemoryRouter>);
    expect(await screen.findByRole("dialog", { name: "Set a New Password" }, { timeout: 5000 })).toBeTruthy();
  });
});
