import { createColumnHelper } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { usePageState } from "@/lib/page-state";
import { DataTable } from "@/components/data-table/data-table";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/input";
import { Spinner } from "@/components/ui/panel";
import { StatCard } from "@/components/ui/stat-card";
import { useAgingReport, useInvoices, type AgingCategory, type InvoiceFilters, type InvoiceRow, type PaymentStatus } from "../api/invoices";
import { AgingBadge, StatusBadge } from "@/components/money/aging-badge";
import { AGING, formatDay, usd } from "@/components/money/format";
import { InvoiceDetailModal, PaymentModal } from "./invoice-modals";
import "@/components/money/money.css";

const col = createColumnHelper<InvoiceRow>();

/** Invoice Management (spec 3 s2.4): aging cards, filters with Clear, table, detail and payment. */
export default function InvoicesScreen() {
  const page = usePageState(["status", "aging_category"]);
  const filters = { status: page.filters.status ?? "", aging_category: page.filters.aging_category ?? "" } as InvoiceFilters;
  const setFilters = (f: InvoiceFilters) => page.update({ filters: { status: f.status, aging_category: f.aging_category } });
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
  const filtered = Boolean(filters.status || filters.aging_category);
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
        <Button variant="secondary" disabled={!filtered} onClick={() => setFilters({ status: "", aging_category: "" })}>Clear</Button>
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
