import { createColumnHelper } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { usePageState } from "@/lib/page-state";
import { ListExportButtons } from "@/components/busy/list-export-buttons";
import { AgingBadge, StatusBadge } from "@/components/money/aging-badge";
import { AGING, formatDay, usd } from "@/components/money/format";
import { PaymentForm } from "@/components/money/payment-form";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/input";
import { Spinner } from "@/components/ui/panel";
import { StatCard } from "@/components/ui/stat-card";
import { ApiError } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { useBill, useBills, useBillsAging, usePayBill, type BillRow } from "../api/payables";
import "@/components/money/money.css";

const col = createColumnHelper<BillRow>();

/** Bills & A/P: what the company owes its disposal partners, aged like receivables. */
export default function BillsScreen() {
  const page = usePageState(["status"]);
  const status = page.filters.status ?? "";
  const setStatus = (value: string) => page.update({ filters: { status: value } });
  const [paying, setPaying] = useState<string | null>(null);
  const aging = useBillsAging();
  const bills = useBills(status, page.size, page.offset);
  const columns = useMemo(() => [
    col.accessor("bill_number", { header: "Bill #" }),
    col.accessor("partner_name", { header: "Partner", cell: (c) => c.getValue() ?? "N/A" }),
    col.accessor("ticket_number", { header: "Ticket #", cell: (c) => c.getValue() ?? "-" }),
    col.accessor("issue_date", { header: "Date", cell: (c) => formatDay(c.getValue()) }),
    col.accessor("due_date", { header: "Due Date", cell: (c) => formatDay(c.getValue()) }),
    col.accessor((r) => Number(r.amount), { id: "amount", header: "Amount", cell: (c) => usd(c.row.original.amount) }),
    col.accessor((r) => Number(r.balance), { id: "balance", header: "Balance", cell: (c) => usd(c.row.original.balance) }),
    col.accessor("status", { header: "Status", cell: (c) => <StatusBadge status={c.getValue()} strong /> }),
    col.accessor("aging_category", { header: "Aging", cell: (c) => <AgingBadge category={c.getValue()} /> }),
    col.display({ id: "actions", header: "Actions", cell: (c) => c.row.original.payment_status !== "paid"
      ? <Button size="sm" onClick={() => setPaying(c.row.original.bill_id)}>Pay</Button> : null }),
  ], []);
  const a = aging.data;
  return (
    <div>
      <h2>Bills &amp; A/P</h2>
      {bills.data && <p className="small muted" data-testid="last-refreshed">{`Aging as of ${formatDay(bills.data.as_of)}; every bill and payment shows as soon as it is saved.`}</p>}
      <div className="invoice-cards" data-testid="ap-aging">
        <StatCard label="Total Accounts Payable" value={a ? usd(a.total_accounts_payable) : "…"} />
        {AGING.map((b) => <StatCard key={b.key} label={b.label} value={a ? usd(a.aging_buckets[b.key]?.total) : "…"} hint={a ? `${a.aging_buckets[b.key]?.count ?? 0} bills` : undefined} />)}
      </div>
      <div className="invoice-filters">
        <SelectField label="Status" value={status} onChange={(e) => setStatus(e.target.value)}>
          <option value="">All</option><option value="pending">Open, not due</option><option value="overdue">Overdue</option><option value="paid">Paid</option>
        </SelectField>
        <Button variant="secondary" disabled={!status} onClick={() => setStatus("")}>Clear</Button>
        <ListExportButtons path="/api/bills/export" filters={{ status, as_of: bills.data?.as_of }} name="bills" label="Export bills" />
      </div>
      {bills.isPending ? <Spinner label="Loading bills..." /> : bills.error ? <p className="alert alert-error">{bills.error.message}</p> : (
        <DataTable data={bills.data.bills} columns={columns} getRowId={(r) => r.bill_id} empty="No bills found"
          pager={{ offset: page.offset, size: page.size, total: bills.data.total, noun: "bills", busy: bills.isFetching,
            onPage: (p) => page.update({ page: p }), onSize: (size) => page.update({ size }) }} />
      )}
      <BillPayment id={paying} onClose={() => setPaying(null)} />
    </div>
  );
}

function BillPayment({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { data } = useBill(id);
  const pay = usePayBill(id ?? "");
  if (id === null || !data || data.status !== "open") return null;
  return (
    <PaymentForm key={data.bill_id + data.balance} title={`Pay ${data.partner_name ?? "partner"}: ${data.bill_number}`} balance={data.balance}
      busy={pay.isPending} onClose={onClose}
      onSubmit={(body, key) => pay.mutate({ body, key }, {
        onSuccess: () => { notify({ kind: "success", message: "Payment recorded successfully!" }); onClose(); },
        onError: (err) => notify({ kind: "error", message: err instanceof ApiError && err.status ? `Error recording payment: ${err.message}` : "Error recording payment" }),
      })} />
  );
}
