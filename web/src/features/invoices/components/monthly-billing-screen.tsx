import { ScrollX } from "@/components/ui/scroll-x";
import { createColumnHelper } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { AgingBadge, StatusBadge } from "@/components/money/aging-badge";
import { formatDay, usd } from "@/components/money/format";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/input";
import { Card, Spinner } from "@/components/ui/panel";
import { ApiError } from "@/lib/api-client";
import { companyDay } from "@/lib/format";
import { notify } from "@/lib/notify";
import { useBillingAccounts, useMonthlyInvoices, useSaveBillingAccount, type BillingAccount, type InvoiceRow } from "../api/invoices";
import { InvoiceDetailModal, PaymentModal } from "./invoice-modals";
import "@/components/money/money.css";

const col = createColumnHelper<InvoiceRow>();
const TERMS = [{ days: 0, label: "Due on receipt" }, { days: 15, label: "Net 15" }, { days: 30, label: "Net 30" }, { days: 60, label: "Net 60" }] as const;

/** Monthly Billing: the month's consolidated invoices (one per customer on monthly billing,
 * every load of the month on it, issued on the month's last day) and how each customer is
 * billed (per load or monthly, and the payment terms). */
export default function MonthlyBillingScreen() {
  const [month, setMonth] = useState(companyDay().slice(0, 7));
  const [openId, setOpenId] = useState<string | null>(null);
  const [paying, setPaying] = useState<string | null>(null);
  const period = `${month}-01`;
  const today = companyDay();
  const [y, m] = month.split("-").map(Number);
  const monthEnd = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  const invoices = useMonthlyInvoices(period, monthEnd > today ? monthEnd : today);
  const columns = useMemo(() => [
    col.accessor("invoice_number", { header: "Invoice #", cell: (c) => <Button variant="link" onClick={() => setOpenId(c.row.original.invoice_id)}>{c.getValue()}</Button> }),
    col.accessor("customer_name", { header: "Customer", cell: (c) => c.getValue() ?? "N/A" }),
    col.accessor("issue_date", { header: "Issue Date", cell: (c) => formatDay(c.getValue()) }),
    col.accessor("due_date", { header: "Due Date", cell: (c) => formatDay(c.getValue()) }),
    col.accessor("payment_terms", { header: "Terms" }),
    col.accessor((r) => Number(r.amount), { id: "amount", header: "Amount", cell: (c) => usd(c.row.original.amount) }),
    col.accessor((r) => Number(r.balance), { id: "balance", header: "Balance", cell: (c) => usd(c.row.original.balance) }),
    col.accessor("status", { header: "Status", cell: (c) => <StatusBadge status={c.getValue()} strong /> }),
    col.accessor("aging_category", { header: "Aging", cell: (c) => <AgingBadge category={c.getValue()} /> }),
  ], []);
  return (
    <div>
      <h2>Monthly Billing</h2>
      <div className="invoice-filters">
        <TextField label="Billing month" type="month" value={month} onChange={(e) => e.target.value && setMonth(e.target.value)} />
      </div>
      <Card title="Consolidated invoices">
        {invoices.isPending ? <Spinner label="Loading invoices..." /> : invoices.error ? <p className="alert alert-error">{invoices.error.message}</p> : (
          <>
            <p className="small muted">{`As of ${formatDay(invoices.data.as_of)} (a consolidated invoice is issued on the month's last day).`}</p>
            <DataTable data={invoices.data.invoices} columns={columns} getRowId={(r) => r.invoice_id}
              empty="No consolidated invoices for this month" caption={`${invoices.data.total} consolidated invoices`} />
          </>
        )}
      </Card>
      <BillingAccounts />
      <InvoiceDetailModal id={paying ? null : openId} onClose={() => setOpenId(null)} onPay={(id) => setPaying(id)} />
      <PaymentModal id={paying} onClose={() => setPaying(null)} />
    </div>
  );
}

function BillingAccounts() {
  const accounts = useBillingAccounts();
  const save = useSaveBillingAccount();
  const change = (a: BillingAccount, body: { billing_cycle?: "per_load" | "monthly"; payment_terms_days?: 0 | 15 | 30 | 60 }) =>
    save.mutate({ id: a.customer_id, body }, {
      onSuccess: (done) => notify({ kind: "success", message: `${done.customer_name}: ${done.billing_cycle === "monthly" ? "billed monthly" : "billed per load"}, ${done.payment_terms}` }),
      onError: (err) => notify({ kind: "error", message: err instanceof ApiError ? err.message : "Could not save the billing settings" }),
    });
  return (
    <Card title="How customers are billed">
      <p className="small muted">Changes apply to loads billed from now on; issued invoices keep their terms.</p>
      {accounts.isPending ? <Spinner label="Loading customers..." /> : accounts.error ? <p className="alert alert-error">{accounts.error.message}</p> : (
        <ScrollX label="How customers are billed"><table className="invoice-lines" data-testid="billing-accounts">
          <thead><tr><th>Customer</th><th>Account #</th><th>Billing</th><th>Payment terms</th></tr></thead>
          <tbody>
            {accounts.data.accounts.map((a) => (
              <tr key={a.customer_id}>
                <td>{a.customer_name}</td><td>{a.account_number ?? "-"}</td>
                <td>
                  <select aria-label={`Billing for ${a.customer_name}`} value={a.billing_cycle} disabled={save.isPending}
                    onChange={(e) => change(a, { billing_cycle: e.target.value as "per_load" | "monthly" })}>
                    <option value="per_load">Per load</option><option value="monthly">Monthly (consolidated)</option>
                  </select>
                </td>
                <td>
                  <select aria-label={`Payment terms for ${a.customer_name}`} value={a.payment_terms_days ?? 30} disabled={save.isPending}
                    onChange={(e) => change(a, { payment_terms_days: Number(e.target.value) as 0 | 15 | 30 | 60 })}>
                    {TERMS.map((t) => <option key={t.days} value={t.days}>{t.label}</option>)}
                  </select>
                </td>
              </tr>
            ))}
          </tbody>
        </table></ScrollX>
      )}
    </Card>
  );
}
