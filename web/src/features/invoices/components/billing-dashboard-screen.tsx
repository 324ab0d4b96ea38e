import { createColumnHelper } from "@tanstack/react-table";
import { DataTable } from "@/components/data-table/data-table";
import { Card, Spinner } from "@/components/ui/panel";
import { StatCard } from "@/components/ui/stat-card";
import { ApiError } from "@/lib/api-client";
import { useDashboardAging, useDashboardInvoices, type InvoiceRow } from "../api/invoices";
import { AgingBadge, StatusBadge } from "@/components/money/aging-badge";
import { formatDay, usd } from "@/components/money/format";
import "@/components/money/money.css";

const col = createColumnHelper<InvoiceRow>();
const columns = [
  col.accessor("invoice_number", { header: "Invoice #" }),
  col.accessor("customer_name", { header: "Customer", cell: (c) => c.getValue() ?? "N/A" }),
  col.accessor((r) => Number(r.balance), { id: "amount", header: "Amount", cell: (c) => usd(c.row.original.balance) }),
  col.accessor("due_date", { header: "Due Date", cell: (c) => formatDay(c.getValue()) }),
  col.accessor("aging_category", { header: "Aging", cell: (c) => <AgingBadge category={c.getValue()} /> }),
  col.accessor("status", { header: "Status", cell: (c) => <StatusBadge status={c.getValue()} /> }),
];

// The spec's dashboard shows Current, 1-30, 31-60 and 90+ and drops 61-90; Flow shows it, so
// the cards add up to the outstanding total.
const CARDS = [
  { key: "current", label: "Current" },
  { key: "days_1_30", label: "1-30 Days" },
  { key: "days_31_60", label: "31-60 Days" },
  { key: "days_61_90", label: "61-90 Days" },
  { key: "days_90_plus", label: "90+ Days" },
] as const;

/** Invoice/Billing Dashboard (spec 3 s2.8). */
export default function BillingDashboardScreen() {
  const aging = useDashboardAging();
  const recent = useDashboardInvoices();
  if (aging.isPending || recent.isPending) return <Spinner label="Loading financial dashboard..." />;
  const failed = aging.error ?? recent.error;
  if (failed) {
    // Spec 3 s8: an exception says so; a refused answer (non-OK) is not shown as an error.
    return (
      <div>
        <h2>Invoice/Billing Dashboard</h2>
        {failed instanceof ApiError && failed.status === 0 ? <p className="alert alert-error">Network error loading financial data</p>
          : <p className="muted">{failed.message}</p>}
      </div>
    );
  }
  const a = aging.data!;
  return (
    <div>
      <h2>Invoice/Billing Dashboard</h2>
      <p className="small muted" data-testid="last-refreshed">{`Aging as of ${formatDay(a.as_of)}; every invoice and payment shows as soon as it is saved.`}</p>
      <div className="invoice-cards" data-testid="dashboard-aging">
        {CARDS.map((c) => (
          <StatCard key={c.key} label={c.label} value={usd(a.aging_buckets[c.key]?.total_amount)}
            hint={`${a.aging_buckets[c.key]?.invoice_count ?? 0} invoices`} />
        ))}
      </div>
      <Card title="A/R Overview">
        <div className="invoice-cards" data-testid="ar-overview">
          <StatCard label="Outstanding" value={usd(a.total_outstanding)} />
          <StatCard label="Invoices" value={a.total_invoices.toLocaleString()} />
          <StatCard label="Customers" value={a.unique_customers.toLocaleString()} />
        </div>
      </Card>
      <Card title="Recent Invoices">
        <DataTable data={recent.data!.invoices.slice(0, 10)} columns={columns} getRowId={(r) => r.invoice_id} pageSize={10} empty="No invoices yet" />
      </Card>
    </div>
  );
}
