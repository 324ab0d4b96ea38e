import { useState } from "react";
import { usd } from "@/components/money/format";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { Card, EmptyState, Spinner } from "@/components/ui/panel";
import { useRegions } from "@/lib/api/get-regions";
import { useCurrentSubscription } from "@/lib/api/get-current-subscription";
import { formatPercent, formatWeight } from "@/lib/format";
import { notify } from "@/lib/notify";
import type { StoreCreated } from "@/lib/api/create-store";
import { Pager } from "@/components/pager/pager";
import { PAGE_SIZES, usePageState } from "@/lib/page-state";
import { PAGE_SIZE, useBilling, useStores, useUpdateStore, type Store } from "../api/stores";
import { LocationDialog } from "./location-dialog";
import { UnlocatedTicketsPanel } from "./unlocated-tickets-panel";


/** "used/max" with ∞ when the plan has no maximum (spec 3 section 2.21). */
export function usedOfMax(used: number, max: number | null | undefined): string {
  return `${used}/${max == null ? "∞" : max}`;
}

/** Location Management (spec 3 section 2.21): every figure from the API (counts, bill, this month's warehouse stats). */
export default function LocationsScreen() {
  const page = usePageState([], { size: PAGE_SIZE });
  const stores = useStores(page.offset, page.size);
  const sub = useCurrentSubscription();
  const billing = useBilling();
  const enterprise = sub.data?.features.includes("regions") ?? false;
  const regions = useRegions({ enabled: enterprise });
  const update = useUpdateStore();
  const [editing, setEditing] = useState<Store | "new" | null>(null);
  const [credentials, setCredentials] = useState<NonNullable<StoreCreated["employee_credentials"]> | null>(null);

  if (stores.isPending || sub.isPending) return <Spinner label="Loading locations..." />;
  if (stores.error || sub.error) return <Alert kind="error">{(stores.error ?? sub.error)?.message}</Alert>;

  const s = sub.data;
  const canAdd = s.features.includes("multi_location");
  const atLimit = s.max_facilities != null && s.current_facilities >= s.max_facilities;
  const regionChoices = enterprise && regions.data && regions.data.regions.length > 0 ? regions.data.regions : null;

  const toggle = (store: Store) => {
    const next = !store.is_active;
    const question = next ? `Activate ${store.name}?`
      : `Deactivate ${store.name}? Its employees can no longer record tickets there. You can undo this by reactivating it.`;
    if (!window.confirm(question)) return;
    update.mutate({ id: store.id, body: { is_active: next } }, {
      onSuccess: () => notify({ kind: "success", message: `${store.name} ${next ? "activated" : "deactivated"}` }),
      onError: (err) => notify({ kind: "error", message: err.message || "Failed to update location status" }),
    });
  };
  const created = (store: StoreCreated) => {
    setEditing(null);
    notify({ kind: "success", message: `${store.name} added` });
    if (store.employee_credentials) setCredentials(store.employee_credentials);
  };

  return (
    <div className="stack">
      <div className="page-title">
        <h1>Location Management</h1>
        <div className="row">
          <span className="badge badge-blue" data-testid="locations-counter">{usedOfMax(s.current_facilities, s.max_facilities)} locations</span>
          <Button onClick={() => setEditing("new")} disabled={!canAdd || atLimit}>Add Location</Button>
        </div>
      </div>
      {!canAdd && <Alert kind="info">Adding locations is available on the Pro and Enterprise plans.</Alert>}
      {canAdd && atLimit && <Alert kind="warning">Maximum locations ({s.max_facilities}) reached for your plan</Alert>}

      <Card title="Current Billing">
        {billing.isPending ? <Spinner /> : billing.error ? <p className="muted">{billing.error.message}</p> : (
          <dl className="detail-grid" data-testid="current-billing">
            <div><dt>Monthly total</dt><dd>{usd(billing.data.monthly_total)}</dd></div>
            <div><dt>Active locations</dt><dd>{billing.data.current_locations}</dd></div>
            <div><dt>Active users</dt><dd>{billing.data.current_users}</dd></div>
            <div><dt>Location cost</dt><dd>{usd(billing.data.billing_breakdown.location_cost)}</dd></div>
            <div><dt>User cost</dt><dd>{Number(billing.data.billing_breakdown.user_cost) === 0 ? "Users included" : usd(billing.data.billing_breakdown.user_cost)}</dd></div>
          </dl>
        )}
      </Card>

      {stores.data.stores.length === 0 ? <EmptyState title="No locations yet" /> : (
        <div className="location-grid">
          {stores.data.stores.map((store) => (
            <LocationCard key={store.id} store={store} showRegion={enterprise} onEdit={() => setEditing(store)} onToggle={() => toggle(store)} busy={update.isPending} />
          ))}
        </div>
      )}
      {(stores.data.total > PAGE_SIZES[0] || page.page > 1) && (
        <Pager offset={page.offset} size={page.size} total={stores.data.total} noun="locations" busy={stores.isFetching}
          onPage={(p) => page.update({ page: p })} onSize={(size) => page.update({ size })} />
      )}

      <UnlocatedTicketsPanel locations={stores.data.stores.map((x) => ({ id: x.id, name: x.name }))} />

      {editing && (
        <LocationDialog store={editing === "new" ? null : editing} regions={regionChoices} onClose={() => setEditing(null)} onCreated={created} />
      )}
      {credentials && (
        <Modal open title="Employee credentials" onClose={() => setCredentials(null)} size="sm">
          <div className="stack">
            <Alert kind="warning">Copy these now: they are shown once and never again.</Alert>
            <dl className="detail-grid">
              {Object.entries(credentials).map(([k, v]) => <div key={k}><dt>{k}</dt><dd><code>{String(v)}</code></dd></div>)}
            </dl>
            <Button onClick={() => setCredentials(null)}>Done</Button>
          </div>
        </Modal>
      )}
    </div>
  );
}

function LocationCard({ store, showRegion, onEdit, onToggle, busy }: {
  store: Store; showRegion: boolean; onEdit: () => void; onToggle: () => void; busy: boolean;
}) {
  const address = [store.address, store.city, [store.state, store.zip_code].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return (
    <Card className="location-card" title={store.name} actions={store.is_active ? <Badge tone="green">Active</Badge> : <Badge tone="gray">Inactive</Badge>}>
      <div className="stack" data-testid={`location-${store.store_number}`}>
        <span className="small muted">Store #{store.store_number}{address ? ` · ${address}` : ""}</span>
        {showRegion && <span className="small">Region: {store.region_name ?? "No Region"}</span>}
        <dl className="detail-grid">
          <div><dt>Tickets this month</dt><dd>{store.stats ? store.stats.total_tickets : "—"}</dd></div>
          <div><dt>Total weight</dt><dd>{store.stats ? formatWeight(store.stats.total_lb) : "—"}</dd></div>
          <div><dt>Diversion rate</dt><dd>{store.stats ? formatPercent(store.stats.diversion_rate) : "—"}</dd></div>
          <div><dt>Monthly cost</dt><dd>{store.monthly_cost != null ? `${usd(store.monthly_cost)}/mo per location` : "—"}</dd></div>
        </dl>
        <div className="row">
          <Button size="sm" variant="secondary" onClick={onEdit}>Edit</Button>
          <Button size="sm" variant={store.is_active ? "danger" : "primary"} disabled={busy} onClick={onToggle}>{store.is_active ? "Deactivate" : "Activate"}</Button>
        </div>
      </div>
    </Card>
  );
}
