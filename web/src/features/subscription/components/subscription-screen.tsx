import { createColumnHelper } from "@tanstack/react-table";
import { DataTable } from "@/components/data-table/data-table";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, Spinner } from "@/components/ui/panel";
import { StatCard } from "@/components/ui/stat-card";
import { formatDate, formatUsd as money } from "@/lib/format";
import { notify } from "@/lib/notify";
import {
  useCancelSubscription,
  useChangePlan,
  useCurrentSubscription,
  usePlans,
  useSubscriptionInvoices,
  type InvoiceList,
} from "../api/subscription";

const RANK: Record<string, number> = { core: 0, pro: 1, enterprise: 2 };
type Invoice = InvoiceList["invoices"][number];
const col = createColumnHelper<Invoice>();
const invoiceColumns = [
  col.accessor("number", { header: "Invoice" }),
  col.accessor("period_start", { header: "Month", cell: (c) => c.getValue().slice(0, 7) }),
  col.accessor("plan", { header: "Plan", cell: (c) => c.getValue().toUpperCase() }),
  col.display({ id: "usage", header: "Locations / users", cell: (c) => `${c.row.original.locations} / ${c.row.original.users}` }),
  col.accessor("amount", { header: "Amount", cell: (c) => money(c.getValue()) }),
  col.accessor("status", { header: "Status", cell: (c) => (
    <span title={c.row.original.failure_reason ?? undefined}>
      <Badge tone={c.getValue() === "paid" ? "green" : c.getValue() === "failed" ? "red" : "amber"}>{c.getValue().toUpperCase()}</Badge>
    </span>) }),
  col.accessor("paid_at", { header: "Paid", cell: (c) => formatDate(c.getValue(), "—") }),
];

function statusTone(status: string) {
  return status === "active" ? "green" : status === "trial" ? "amber" : "red";
}

/** Subscription and Billing (company side): the plan, what it costs, changing or cancelling it. */
export default function SubscriptionScreen() {
  const sub = useCurrentSubscription();
  const plans = usePlans();
  const invoices = useSubscriptionInvoices();
  const change = useChangePlan();
  const cancel = useCancelSubscription();
  const s = sub.data;
  if (sub.isLoading) return <Spinner />;
  if (!s) return <p className="field-error" role="alert">{sub.error?.message ?? "The subscription could not be loaded."}</p>;
  const onTrial = s.subscription_status === "trial";

  const choose = (id: string, name: string) => {
    const verb = RANK[id] > RANK[s.current_plan] ? "Upgrade" : RANK[id] < RANK[s.current_plan] ? "Move" : "Keep";
    if (!window.confirm(`${verb} to the ${name} plan? ${RANK[id] > RANK[s.current_plan] ? "It takes effect once it is paid or approved." : RANK[id] === RANK[s.current_plan] ? "It applies at once." : "Features of your current plan stop at once."}`)) return;
    change.mutate(id, {
      onSuccess: (r) => notify({ kind: r.invoice?.status === "failed" ? "error" : "success", message: r.invoice?.status === "failed" ? `${r.message}, but the payment failed: ${r.invoice.failure_reason}` : r.message }, 8000),
      onError: (e) => notify({ kind: "error", message: e.message }, 10000),
    });
  };

  return (
    <div className="stack">
      <div className="page-title"><h1>Subscription &amp; Billing</h1></div>
      <div className="stats">
        <StatCard label="Current plan" value={s.plan_info.name.toUpperCase()} hint={<Badge tone={statusTone(s.subscription_status)}>{s.subscription_status.toUpperCase()}</Badge>} />
        <StatCard label="Monthly total" value={s.monthly_total !== null && s.monthly_total !== undefined ? money(s.monthly_total) : "—"} hint="At your plan's prices" />
        <StatCard label="Locations" value={`${s.current_facilities} / ${s.max_facilities ?? "∞"}`} />
        <StatCard label="Users" value={`${s.current_users} / ${s.max_users ?? "∞"}`} />
        {onTrial && <StatCard label="Trial days left" value={s.trial_days_remaining ?? 0} />}
      </div>
      {s.cancel_at_period_end && (
        <p className="card" role="status">Your subscription ends on {formatDate(s.period_end)}. Choose your current plan below to keep it.</p>
      )}
      {s.pending_plan && (
        <p className="card" role="status">
          Your change to the {s.pending_plan.toUpperCase()} plan{s.pending_plan_requested_at ? ` (asked ${formatDate(s.pending_plan_requested_at)})` : ""} takes effect once it is paid or approved by the platform.
        </p>
      )}
      {!s.payment_provider_configured && (
        <p className="card muted" role="status">No payment provider is configured for this Flow installation: invoices are recorded but no card is charged.</p>
      )}
      <Card title="Plans">
        {plans.isLoading ? <Spinner /> : (
          <div style={{ display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(220px, 1fr))", gap: 14 }}>
            {(plans.data?.plans ?? []).map((p) => {
              const current = p.id === s.current_plan && !onTrial;
              const waiting = p.id === s.pending_plan;
              return (
                <div key={p.id} className="card">
                  <h3>{p.name} {current && <Badge tone="green">Current</Badge>}{waiting && <Badge tone="amber">Waiting</Badge>}</h3>
                  <p>{p.price_terms}</p>
                  <ul className="small">{p.features.map((f) => <li key={f}>{f}</li>)}</ul>
                  {(!current || s.cancel_at_period_end) && !waiting && (
                    <Button busy={change.isPending && change.variables === p.id} onClick={() => choose(p.id, p.name)}>
                      {current ? "Keep this plan" : onTrial ? `Choose ${p.name}` : RANK[p.id] > RANK[s.current_plan] ? `Upgrade to ${p.name}` : `Move to ${p.name}`}
                    </Button>
                  )}
                </div>
              );
            })}
          </div>
        )}
      </Card>
      <Card title="Invoice history">
        {invoices.isLoading ? <Spinner /> : <DataTable data={invoices.data?.invoices ?? []} columns={invoiceColumns} empty="No invoices yet." getRowId={(r) => r.id} />}
      </Card>
      {!onTrial && !s.cancel_at_period_end && s.subscription_status !== "canceled" && (
        <Card title="Cancel subscription">
          <p className="small muted">Cancelling ends the subscription at the end of this month ({formatDate(s.period_end)}); until then everything keeps working.</p>
          <Button variant="danger" busy={cancel.isPending} onClick={() => {
            if (!window.confirm("Cancel your subscription at the end of this month?")) return;
            cancel.mutate(undefined, {
              onSuccess: (r) => notify({ kind: "info", message: r.message }, 8000),
              onError: (e) => notify({ kind: "error", message: e.message }),
            });
          }}>Cancel subscription</Button>
        </Card>
      )}
    </div>
  );
}
