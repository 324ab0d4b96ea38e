import { Card, Spinner } from "@/components/ui/panel";
import { Toggle } from "@/components/ui/toggle";
import { notify } from "@/lib/notify";
import { useAdminPlans, useSetPlanActive } from "../api/platform-billing";
import { formatUsd as money } from "@/lib/format";

/** Plan Management (spec 3 s2.24): prices from the plan table, customers and revenue from the tenants. */
export default function PlanManagementScreen() {
  const plans = useAdminPlans();
  const setActive = useSetPlanActive();
  return (
    <div className="stack">
      <div className="page-title"><h1>Plan Management</h1></div>
      {plans.isLoading ? <Spinner /> : (
        <div style={{ display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(260px, 1fr))", gap: 14 }}>
          {(plans.data?.plans ?? []).map((p) => (
            <Card key={p.id} title={`FLOW ${p.name.toUpperCase()}`}>
              <p>{p.price_terms}</p>
              <Toggle label="Offered at sign-up" description="Existing customers keep their plan." checked={p.active} disabled={setActive.isPending}
                onChange={(next) => setActive.mutate({ id: p.id, active: next }, {
                  onSuccess: () => notify({ kind: "success", message: `${p.name} is ${next ? "offered" : "no longer offered"} at sign-up` }),
                  onError: (e) => notify({ kind: "error", message: e.message }),
                })} />
              <dl className="detail-grid">
                <div><dt>Customers</dt><dd>{p.customers}</dd></div>
                <div><dt>Paying</dt><dd>{p.paying_customers}</dd></div>
                <div><dt>On trial</dt><dd>{p.trial_customers}</dd></div>
                <div><dt>Monthly revenue</dt><dd>{money(p.monthly_revenue)}</dd></div>
                <div><dt>Users</dt><dd>{p.max_users ?? "Unlimited"}</dd></div>
                <div><dt>Locations</dt><dd>{p.max_facilities ?? "Unlimited"}</dd></div>
              </dl>
              <ul className="small">{p.features.map((f) => <li key={f}>{f}</li>)}</ul>
            </Card>
          ))}
        </div>
      )}
    </div>
  );
}
