import { createColumnHelper } from "@tanstack/react-table";
import { DataTable } from "@/components/data-table/data-table";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/input";
import { Card, Spinner } from "@/components/ui/panel";
import { ApiError } from "@/lib/api-client";
import { formatDate, formatPercent, formatUsd, formatWeight } from "@/lib/format";
import { usePageState } from "@/lib/page-state";
import { useSession } from "@/lib/session";
import { InboundGate } from "@/components/inbound-gate";
import { useActiveWasteTypes } from "@/lib/api/get-active-waste-types";
import { useCustomers } from "@/lib/api/get-customers";
import { type InventoryItem, useInventory } from "../api/get-inventory";

const tone = (s: string) => (s === "available" ? "green" : s === "reserved" ? "amber" : "gray");
const col = createColumnHelper<InventoryItem>();
const columns = [
  col.accessor("waste_type", { header: "Waste Type" }),
  col.accessor("quantity_available", { header: "Quantity", cell: (c) => formatWeight(c.getValue()) }),
  col.accessor("total_value", { header: "Value", cell: (c) => formatUsd(c.getValue()) }),
  col.accessor("status", { header: "Status", cell: (c) => <Badge tone={tone(c.getValue())}>{c.getValue()}</Badge> }),
  col.accessor("updated_at", { header: "Last Updated", cell: (c) => formatDate(c.getValue()) }),
];
const managementColumns = [
  ...columns.slice(0, 1),
  col.accessor((i) => i.source_customer.customer_name ?? "N/A", { id: "source", header: "Source Customer" }),
  ...columns.slice(1),
];

function errorText(e: unknown, network: string, fallback: string) {
  if (e instanceof ApiError) return e.status === 0 ? network : e.message || fallback;
  return fallback;
}

/** Inventory Management (spec 3 s2.6): cards, performance metrics, filters and the item table. */
export function InventoryManagementScreen() {
  return <InboundGate><Management /></InboundGate>;
}

const FILTERS = ["status", "waste_type", "customer_id", "store_id"] as const;

function Management() {
  const page = usePageState(FILTERS);
  const filters = { status: page.filters.status ?? "", waste_type: page.filters.waste_type ?? "",
    customer_id: page.filters.customer_id ?? "", store_id: page.filters.store_id ?? "" };
  const { data, isLoading, isError, error, isFetching } = useInventory({ ...filters, limit: page.size, offset: page.offset });
  const { user } = useSession();
  // An assigned employee sees their own location; others may narrow the figures to one.
  const locations = user?.assigned_location_id ? [] : user?.company?.locations ?? [];
  const wasteTypes = useActiveWasteTypes();
  const customers = useCustomers();
  const set = (k: keyof typeof filters, v: string) => page.update({ filters: { [k]: v } });
  const flows = data?.summary.inventory_flows;
  return (
    <div className="inbound-screen">
      <h1>Inventory Management</h1>
      {isError && <Alert kind="error">{errorText(error, "Network error: Unable to fetch inventory", "Failed to fetch inventory")}</Alert>}
      {isLoading ? <Spinner label="Loading inventory..." /> : flows && (
        <>
          <div className="inbound-cards">
            <Card className="inbound-card"><div className="label">ON HAND</div><div className="value">{formatWeight(flows.on_hand.total_quantity)}</div>
              <div className="muted">{formatUsd(flows.on_hand.total_value)} · {flows.on_hand.item_count} items</div></Card>
            <Card className="inbound-card"><div className="label">IN FLOW (30 days)</div><div className="value">+{formatWeight(flows.flows_last_30_days.total_in)}</div></Card>
            <Card className="inbound-card"><div className="label">OUT FLOW (30 days)</div><div className="value">-{formatWeight(flows.flows_last_30_days.total_out)}</div></Card>
          </div>
          <Metrics data={flows} />
        </>
      )}
      <div className="toolbar">
        {locations.length > 1 && (
          <SelectField label="Location" value={filters.store_id} onChange={(e) => set("store_id", e.target.value)}>
            <option value="">All locations</option>
            {locations.map((l) => <option key={l.id} value={l.id}>{l.name}</option>)}
          </SelectField>
        )}
        <SelectField label="Status" value={filters.status} onChange={(e) => set("status", e.target.value)}>
          <option value="">All statuses</option>
          {["available", "reserved", "empty", "expired"].map((s) => <option key={s} value={s}>{s}</option>)}
        </SelectField>
        <SelectField label="Waste type" value={filters.waste_type} onChange={(e) => set("waste_type", e.target.value)}>
          <option value="">All waste types</option>
          {(wasteTypes.data ?? []).map((w) => <option key={w.id} value={w.name}>{w.name}</option>)}
        </SelectField>
        <SelectField label="Customer" value={filters.customer_id} onChange={(e) => set("customer_id", e.target.value)}>
          <option value="">All customers</option>
          {(customers.data?.customers ?? []).map((c) => <option key={c.id} value={c.id}>{c.customer_name}</option>)}
        </SelectField>
        <Button variant="secondary" onClick={() => page.update({ filters: { status: null, waste_type: null, customer_id: null, store_id: null } })}>Clear</Button>
      </div>
      <DataTable data={data?.inventory_items ?? []} columns={managementColumns} getRowId={(i) => i.id} empty="No inventory items found" caption="Inventory items"
        pager={{ offset: page.offset, size: page.size, total: data?.total ?? 0, noun: "inventory items", busy: isFetching,
          onPage: (p) => page.update({ page: p }), onSize: (size) => page.update({ size }) }} />
    </div>
  );
}

type Flows = NonNullable<ReturnType<typeof useInventory>["data"]>["summary"]["inventory_flows"];

function Metrics({ data }: { data: Flows }) {
  return (
    <Card title="Performance Metrics">
      <div className="inbound-cards">
        <div><div className="label">Turnover Rate</div><div className="value">{formatPercent(data.metrics.turnover_rate_30_day)}</div></div>
        <div><div className="label">Days Inventory</div><div className="value">{data.metrics.days_of_inventory === null ? "N/A" : data.metrics.days_of_inventory.toFixed(1)}</div></div>
        <div><div className="label">Net Change</div><div className="value">{formatWeight(data.flows_last_30_days.net_change)}</div></div>
        <div><div className="label">Transactions</div><div className="value">{data.metrics.transaction_count}</div></div>
      </div>
    </Card>
  );
}

const RECENT = 10;

/** Inventory Dashboard (spec 3 s2.7): the ten most recently changed items. */
export function InventoryDashboardScreen() {
  return <InboundGate><Dashboard /></InboundGate>;
}

function Dashboard() {
  const { data, isLoading, isError, error } = useInventory({ limit: RECENT });
  if (isLoading) return <Spinner label="Loading inventory dashboard..." />;
  const flows = data?.summary.inventory_flows;
  return (
    <div className="inbound-screen">
      <h1>Inventory Dashboard</h1>
      {isError && <Alert kind="error">{errorText(error, "Network error loading inventory data", "Failed to load inventory dashboard data")}</Alert>}
      {flows && (
        <>
          <div className="inbound-cards">
            <Card className="inbound-card"><div className="label">ON HAND</div><div className="value">{formatWeight(flows.on_hand.total_quantity)}</div>
              <div className="muted">{formatUsd(flows.on_hand.total_value)} · {flows.on_hand.item_count} items</div></Card>
            <Card className="inbound-card"><div className="label">IN FLOW</div><div className="value">+{formatWeight(flows.flows_last_30_days.total_in)}</div>
              <div className="muted">{formatWeight(flows.flows_last_30_days.in_flow_rate_per_day)}/day · Customer deliveries</div></Card>
            <Card className="inbound-card"><div className="label">OUT FLOW</div><div className="value">-{formatWeight(flows.flows_last_30_days.total_out)}</div>
              <div className="muted">{formatWeight(flows.flows_last_30_days.out_flow_rate_per_day)}/day · Disposal partners</div></Card>
          </div>
          <Metrics data={flows} />
        </>
      )}
      <h2>Recent Inventory Items</h2>
      <DataTable data={data?.inventory_items ?? []} columns={columns} getRowId={(i) => i.id} empty="No inventory items found" caption="Recent inventory items" />
    </div>
  );
}
