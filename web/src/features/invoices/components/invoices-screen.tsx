import { createColumnHelper } from "@tanstack/react-table";
import { useEffect, useMemo, useState } from "react";
import { usePageState } from "@/lib/page-state";
import { useDebounced } from "@/lib/use-debounced";
import { ListExportButtons } from "@/components/busy/list-export-buttons";
import { DataTable } from "@/components/data-table/data-table";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/input";
import { Spinner } from "@/components/ui/panel";
import { StatCard } from "@/components/ui/stat-card";
import { useAgingReport, useBillingAccounts, useInvoices, type AgingCategory, type InvoiceFilters, type InvoiceRow, type PaymentStatus } from "../api/invoices";
import { AgingBadge, StatusBadge } from "@/components/money/aging-badge";
import { AGING, formatDay, usd } from "@/components/money/format";
import { InvoiceDetailModal, PaymentModal } from "./invoice-modals";
import "@/components/money/money.css";

const col = createColumnHelper<InvoiceRow>();

const FILTER_KEYS = ["status", "aging_category", "customer_id", "search"] as const;

/** Invoice Management (spec 3 s2.4): aging cards, search, filters with Clear (all in the URL),
 * table, detail and payment; CSV/Excel of the whole filtered list and of the A/R aging. */
export default function InvoicesScreen() {
  const page = usePageState(FILTER_KEYS);
  const filters = Object.fromEntries(FILTER_KEYS.map((k) => [k, page.filters[k] ?? ""])) as InvoiceFilters;
  const setFilters = (f: InvoiceFilters) => page.update({ filters: Object.fromEntries(FILTER_KEYS.map((k) => [k, f[k]])) });
  // The search box types freely; the URL (and the list) follow once typing pauses.
  const [search, setSearch] = useState(filters.search ?? "");
  const settled = useDebounced(search, 300);
  useEffect(() => { setSearch(page.filters.search ?? ""); }, [page.filters.search]);
  useEffect(() => {
    if (settled.trim() !== (page.filters.search ?? "")) page.update({ filters: { search: settled.trim() } });
    // dependencies deliberately partial
  }, [settled]);
  const accounts = useBillingAccounts();
  const [openId, setOpenId] = useState<string | null>(null);
  const [paying, setPaying] = useState<string | null>(null);
  const aging = useAgingReport();
  const list = useInvoices({ ...filters, limit: String(page.size), offset: String(page.offset) });
  const columns = useMemo(() => [
    col.accessor("invoice_number", { header: "Invoice #", cell: (c) => <Button variant="link" onClick={() => setOpenId(c.row.original.invoice_id)}>{c.getValue()}</Button> }),
    col.accessor("customer_name", { header: "Customer", cell: (c) => c.getValue() ?? "N/A" }),
    col.accessor("issue_date", { header: "Issue Date", cell: (c) => formatDay(c.getValue()) }),
    col.accessor("due_date", { header: "Due Date", cell: (c) => formatDay(c.getValue()) }),
    col.accessor((r) => Number(r.amount), { id: "amount", header: "Amount", cell: (c) => usd(c.row.original.amount) }),
    col.accessor((r) => Number(r.balance), { id: "balance", header: "Balance", cell: (c) => usd(c.row.original.balance) }),
    col.accessor("status", { header: "Status", cell: (c) => <StatusBadge status={c.getValue()} strong /> }),
    col.accessor("aging_category", { header: "Aging", cell: (c) => <AgingBadge category={c.getValue()} /> }),
    col.display({
      id: "actions", header: "Actions", cell: (c) => (
        <span className="row-actions">
          <Button size="sm" variant="secondary" onClick={() => setOpenId(c.row.original.invoice_id)}>View</Button>
          {c.row.original.payment_status !== "paid" && (
            <Button size="sm" onClick={() => setPaying(c.row.original.invoice_id)}>Payment</Button>
          )}
        </span>
      ),
    }),
  ], []);
  const report = aging.data;
  const filtered = FILTER_KEYS.some((k) => Boolean(filters[k]));
  const exportFilters = { ...filters, as_of: list.data?.as_of };
  return (
    <div>
      <h2>Invoice Management</h2>
      {list.data && <p className="small muted" data-testid="last-refreshed">{`Aging as of ${formatDay(list.data.as_of)}; every invoice and payment shows as soon as it is saved.`}</p>}
      <div className="invoice-cards" data-testid="aging-cards">
        <StatCard label="Total Accounts Receivable" value={report ? usd(report.total_accounts_receivable) : "…"} />
        {AGING.map((b) => (
          <StatCard key={b.key} label={b.label} value={report ? usd(report.aging_buckets[b.key]?.total) : "…"}
            hint={report ? `${report.aging_buckets[b.key]?.count ?? 0} invoices` : undefined} />
        ))}
      </div>
      <div className="invoice-filters">
        <TextField label="Search" type="search" placeholder="Invoice # or customer" value={search} maxLength={100}
          onChange={(e) => setSearch(e.target.value)} />
        <SelectField label="Customer" value={filters.customer_id} onChange={(e) => setFilters({ ...filters, customer_id: e.target.value })}>
          <option value="">All customers</option>
          {accounts.data?.accounts.map((a) => <option key={a.customer_id} value={a.customer_id}>{a.customer_name}</option>)}
        </SelectField>
        <SelectField label="Payment status" value={filters.status} onChange={(e) => setFilters({ ...filters, status: e.target.value as PaymentStatus | "" })}>
          <option value="">All statuses</option>
          <option value="pending">Pending</option>
          <option value="paid">Paid</option>
          <option value="overdue">Overdue</option>
        </SelectField>
        <SelectField label="Aging category" value={filters.aging_category} onChange={(e) => setFilters({ ...filters, aging_category: e.target.value as AgingCategory | "" })}>
          <option value="">All categories</option>
          {AGING.map((b) => <option key={b.key} value={b.key}>{b.key}</option>)}
        </SelectField>
        <Button variant="secondary" disabled={!filtered} onClick={() => { setSearch(""); setFilters({}); }}>Clear</Button>
      </div>
      <div className="invoice-exports">
        <span className="small muted">Invoices as filtered:</span>
        <ListExportButtons path="/api/invoices/export" filters={exportFilters} name="invoices" label="Export invoices" />
        <span className="small muted">A/R aging:</span>
        <ListExportButtons path="/api/invoices/aging-report/export" filters={{ customer_id: filters.customer_id, as_of: list.data?.as_of }}
          name="ar_aging" label="Export A/R aging" />
      </div>
      {list.isPending ? <Spinner label="Loading invoices..." /> : list.error ? <p className="alert alert-error">{list.error.message}</p> : (
        <DataTable data={list.data.invoices} columns={columns} getRowId={(r) => r.invoice_id}
          empty="No invoices found matching your criteria" caption={`${list.data.total} invoices`}
          pager={{ offset: page.offset, size: page.size, total: list.data.total, noun: "invoices", busy: list.isFetching,
            onPage: (p) => page.update({ page: p }), onSize: (size) => page.update({ size }) }} />
      )}
      <InvoiceDetailModal id={paying ? null : openId} onClose={() => setOpenId(null)} onPay={(id) => setPaying(id)} />
      <PaymentModal id={paying} onClose={() => setPaying(null)} />
    </div>
  );
}
