/** Renders a screen at a URL for a signed-in manager of an enterprise company with the inbound module on,
 * with a `where` output showing the current query string (the screens keep their filters in the URL). */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { render } from "@testing-library/react";
import { getCurrentSubscriptionQueryOptions } from "@/lib/api/get-current-subscription";
import { meQueryOptions, SessionProvider, systemSettingsQueryOptions } from "@/lib/session";

function Where() {
  return <output data-testid="where">{useLocation().search}</output>;
}

export function renderAt(screenElement: React.ReactNode, url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meQueryOptions().queryKey, { id: "me", email: "ann@example.com", role: "store_admin", first_name: "Ann", last_name: "Lee",
    setup_completed: true, phone: null, store_id: null, assigned_location_id: null, preferences: {}, company_name: "Bayview",
    company: { id: "co", name: "Bayview", subscription_plan: "enterprise", locations: [] } } as never);
  client.setQueryData(systemSettingsQueryOptions().queryKey, { inbound_module_enabled: true } as never);
  client.setQueryData(getCurrentSubscriptionQueryOptions().queryKey, { current_plan: "enterprise", effective_plan: "enterprise", features: ["inbound", "regions"] } as never);
  return render(
    <MemoryRouter initialEntries={[url]}><QueryClientProvider client={client}><SessionProvider>
      <Routes><Route path="*" element={<>{screenElement}<Where /></>} /></Routes>
    </SessionProvider></QueryClientProvider></MemoryRouter>,
  );
}
