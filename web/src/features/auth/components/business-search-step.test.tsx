import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SignupState } from "../signup-machine";
import { BusinessSearchStep } from "./signup-steps";

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
}

function serve(configured: boolean) {
  vi.stubGlobal("fetch", vi.fn(async (url: string) => {
    if (String(url).includes("/api/system-settings/public")) {
      return json({ recaptcha_site_key: "", recaptcha_enabled: false, recaptcha_min_score: 0.5, address_search_configured: configured });
    }
    return json([]);  // GET /api/address/autocomplete: nothing found (or no service to ask)
  }));
}
afterEach(() => vi.unstubAllGlobals());

function search(text: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={client}><BusinessSearchStep state={{ orgType: null } as unknown as SignupState} dispatch={vi.fn()} /></QueryClientProvider>);
  fireEvent.change(screen.getByLabelText("Organization Name or Address"), { target: { value: text } });
}

describe("BusinessSearchStep", () => {
  it("says the address search is not set up when no service is configured", async () => {
    serve(false);
    search("green fork");
    expect(await screen.findByText("Address search is not set up on this Flow server; enter your details manually.")).toBeInTheDocument();
    expect(screen.queryByText("No matches found.")).toBeNull();
  });

  it("says no matches when a configured service found nothing", async () => {
    serve(true);
    search("green fork");
    expect(await screen.findByText("No matches found.")).toBeInTheDocument();
  });
});
