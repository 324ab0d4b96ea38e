import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, EmptyState, Spinner } from "@/components/ui/panel";
import { ApiError, NETWORK_ERROR } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { notify } from "@/lib/notify";
import { useDecidePlanChange, usePlanChanges } from "../api/plan-changes";
import { formatUsdWhole as usd } from "@/lib/format";

/** Plan changes that cost more and wait for payment or the platform's approval (issue 31). */
export function PlanChangesPanel() {
  const changes = usePlanChanges();
  const decide = useDecidePlanChange();
  const act = (companyId: string, name: string, action: "approve" | "decline") =>
    decide.mutate(
      { companyId, action },
      {
        onSuccess: (r) => notify({ kind: "success", message: `${name}: ${r.message}` }),
        onError: (err) =>
          notify({
            kind: "error",
            message: err instanceof ApiError && err.message !== NETWORK_ERROR ? `Failed to ${action}: ${err.message}` : `Failed to ${action}. Please try again.`,
          }),
      },
    );
  const rows = changes.data?.changes ?? [];
  const rule = changes.data?.plan_upgrade_requires === "approval" ? "your approval" : "payment (or your approval)";
  return (
    <Card title="Plan changes waiting">
      <p className="small muted">An upgrade takes effect once it gets {rule}; set this under System Settings.</p>
      {changes.isLoading ? (
        <Spinner />
      ) : rows.length === 0 ? (
        <EmptyState title="No plan changes waiting" />
      ) : (
        <div className="stack">
          {rows.map((c) => (
            <div key={c.company_id} className="card pending-card">
              <div>
                <strong>{c.company_name}</strong>{" "}
                <Badge tone="blue">{c.current_plan.toUpperCase()}</Badge> → <Badge tone="green">{c.pending_plan.toUpperCase()}</Badge>
                <div className="small muted">
                  {c.subscription_status} · {usd(c.monthly_total_now)} → {usd(c.monthly_total_after)} a month
                  {c.requested_at ? ` · asked ${formatDateTime(c.requested_at)}` : ""}
                </div>
              </div>
              <div className="row">
                <Button size="sm" onClick={() => act(c.company_id, c.company_name, "approve")} disabled={decide.isPending}>Approve</Button>
                <Button size="sm" variant="danger" onClick={() => act(c.company_id, c.company_name, "decline")} disabled={decide.isPending}>Decline</Button>
              </div>
            </div>
          ))}
        </div>
      )}
    </Card>
  );
}
