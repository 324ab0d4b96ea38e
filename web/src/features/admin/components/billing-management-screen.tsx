import { createColumnHelper } from "@tanstack/react-table";
import { useMemo } from "react";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { DataTable } from "@/components/data-table/data-table";
import { Badge } from "@/components/ui/badge";
import { BusyButton } from "@/components/busy/busy-button";
import { Button } from "@/components/ui/button";
import { Card, EmptyState, Spinner } from "@/components/ui/panel";
import { StatCard } from "@/components/ui/stat-card";
import { formatDate, formatDateTime, formatUsd as money } from "@/lib/format";
import { notify } from "@/lib/notify";
import { downloadSystemReport, usePlatformBilling, useRetryAll, useRetryPayment, type Transaction } from "../api/platform-billing";

const col = createColumnHelper<Transaction>();
const tone = (s: string) => (s === "paid" ? "green" : s === "failed" ? "red" : s === "open" ? "amber" : "gray");

/** Billing Management (spec 3 s2.24) from the subscription invoices and the plans in force. */
export default function BillingManagementScreen() {
  const billing = usePlatformBilling();
  const retry = useRetryPayment();
  const retryAll = useRetryAll();
  const columns = useMemo(() => [
    col.accessor("customer", { header: "Customer" }),
    col.accessor("number", { header: "Invoice" }),
    col.accessor("period", { header: "Month" }),
    col.accessor("amount", { header: "Amount", cell: (c) => money(c.getValue()) }),
    col.accessor("status", { header: "Status", cell: (c) => <span title={c.row.original.failure_reason ?? undefined}><Badge tone={tone(c.getValue())}>{c.getValue().toUpperCase()}</Badge></span> }),
    col.accessor("date", { header: "Date", cell: (c) => formatDate(c.getValue()) }),
    col.display({ id: "action", header: "", cell: (c) => c.row.original.status === "failed" || c.row.original.status === "open" ? (
      <Button size="sm" variant="secondary" busy={retry.isPending && retry.variables === c.row.original.id}
        onClick={() => retry.mutate(c.row.original.id, {
          onSuccess: (t) => notify({ kind: t.status === "paid" ? "success" : "error", message: t.status === "paid" ? `${t.customer}: payment received` : `${t.customer}: ${t.failure_reason ?? "payment failed"}` }),
          onError: (e) => notify({ kind: "error", message: e.message }, 8000),
        })}>Retry Payment</Button>
    ) : null }),
  ], [retry]);
  const b = billing.data;
  if (billing.isLoading) return <Spinner />;
  if (!b) return <p className="field-error" role="alert">{billing.error?.message ?? "Billing could not be loaded."}</p>;
  const failed = b.transactions.filter((t) => t.status === "failed");
  return (
    <div className="stack">
      <div className="page-title"><h1>Billing Management</h1></div>
      {!b.payment_provider_configured && (
        <p className="card muted" role="status">No payment provider is configured: subscription invoices stay open and no card is charged. Connect a payment provider in the server's configuration to collect payments.</p>
      )}
      <p className="muted" data-testid="billing-published">{b.warehouse_refreshed_at
        ? `Figures from the warehouse published ${formatDateTime(b.warehouse_refreshed_at)}; invoices below are live.`
        : "The warehouse has not been published yet: figures show once the first refresh completes."}</p>
      <div className="stats">
        <StatCard label="Total Revenue" value={money(b.total_revenue)} hint="Paid subscription invoices" />
        <StatCard label="Monthly Recurring Revenue" value={money(b.monthly_recurring_revenue)} hint={`${b.paying_customers} paying customers`} />
        <StatCard label="Failed Payments" value={b.failed_payments} />
        <StatCard label="Churn Rate" value={`${b.churn_rate}%`} hint={b.churn_month ? `${b.customers_lost} customer(s) billed the month before and not in ${b.churn_month}` : "No billed month yet"} />
      </div>
      <Card title="Payment failures" actions={
        <Button size="sm" variant="secondary" disabled={failed.length === 0 || !b.payment_provider_configured} busy={retryAll.isPending}
          onClick={() => retryAll.mutate(undefined, {
            onSuccess: (r) => notify({ kind: "info", message: `Retried ${r.retried}: ${r.paid} paid, ${r.failed} failed` }),
            onError: (e) => notify({ kind: "error", message: e.message }),
          })}>Retry All</Button>}>
        {failed.length === 0 ? <EmptyState title="No failed payments" /> : (
          <ul className="alert-list">{failed.map((t) => <li key={t.id}><span><strong>{t.customer}</strong> — {money(t.amount)} for {t.period}: {t.failure_reason}</span></li>)}</ul>
        )}
      </Card>
      <Card title="Revenue by month" actions={
        <BusyButton size="sm" failure="The revenue report could not be exported."
          action={(onProgress) => downloadSystemReport("revenue", "csv", onProgress)}>Export Revenue Report</BusyButton>}>
        {b.revenue_by_month.length === 0 ? <EmptyState title="No subscription invoices yet" /> : (
          <div style={{ width: "100%", height: 260 }}>
            <ResponsiveContainer>
              <BarChart data={b.revenue_by_month.map((m) => ({ ...m, revenue: Number(m.revenue), mrr: Number(m.mrr) }))}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="month" />
                <YAxis />
                <Tooltip formatter={(v) => money(Number(v))} />
                <Bar dataKey="mrr" name="Billed" fill="#94a3b8" />
                <Bar dataKey="revenue" name="Paid" fill="#16a34a" />
              </BarChart>
            </ResponsiveContainer>
          </div>
        )}
      </Card>
      <Card title="Recent transactions">
        <DataTable data={b.transactions} columns={columns} empty="No subscription invoices yet." getRowId={(r) => r.id} />
      </Card>
    </div>
  );
}
