import { formatDate } from "@/lib/format";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, EmptyState, Spinner } from "@/components/ui/panel";
import { StatCard } from "@/components/ui/stat-card";
import { ApiError, NETWORK_ERROR } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { useAccountStats } from "../api/get-account-stats";
import { usePendingAccounts } from "../api/get-pending-accounts";
import { useDecideAccount } from "../api/decide-account";
import { PlanChangesPanel } from "./plan-changes-panel";

export function ApprovalsPanel() {
  const stats = useAccountStats();
  const pending = usePendingAccounts();
  const decide = useDecideAccount();

  const act = (id: string, action: "approve" | "reject") => {
    let reason: string | null = null;
    if (action === "reject") {
      // The reason is optional; cancelling the prompt aborts the rejection (spec 1 section 5).
      reason = window.prompt("Reason for rejection (optional):", "");
      if (reason === null) return;
    }
    decide.mutate(
      { id, action, rejection_reason: reason || null },
      {
        onSuccess: () => notify({ kind: "success", message: `Account has been ${action === "approve" ? "approved" : "rejected"} successfully!` }),
        onError: (err) =>
          notify({
            kind: "error",
            message: err instanceof ApiError && err.message !== NETWORK_ERROR ? `Failed to ${action} account: ${err.message}` : `Failed to ${action} account. Please try again.`,
          }),
      },
    );
  };

  return (
    <div className="stack">
      <div className="stats">
        <StatCard label="Pending" value={stats.data?.pending ?? "—"} />
        <StatCard label="Approved" value={stats.data?.approved ?? "—"} />
        <StatCard label="Rejected" value={stats.data?.rejected ?? "—"} />
        <StatCard label="Recent (30d)" value={stats.data?.recent_signups_30_days ?? "—"} />
      </div>
      <Card title="Pending accounts">
        {pending.isLoading ? (
          <Spinner />
        ) : (pending.data?.pending_accounts.length ?? 0) === 0 ? (
          <EmptyState title="No pending account approvals" />
        ) : (
          <div className="stack">
            {pending.data!.pending_accounts.map((a) => (
              <div key={a.id} className="card pending-card">
                <div>
                  <strong>{a.name}</strong> <Badge tone="blue">{a.subscription_plan.toUpperCase()}</Badge>
                  <div className="small muted">
                    {a.email}{a.phone ? ` · ${a.phone}` : ""}{a.address ? ` · ${a.address}` : ""}
                  </div>
                  <div className="small">
                    Admin: {a.admin_user ? `${a.admin_user.first_name} ${a.admin_user.last_name}` : "—"} · {a.location_count} locations · signed up {formatDate(a.created_at)}
                  </div>
                </div>
                <div className="row">
                  <Button size="sm" onClick={() => act(a.id, "approve")} disabled={decide.isPending}>Approve</Button>
                  <Button size="sm" variant="danger" onClick={() => act(a.id, "reject")} disabled={decide.isPending}>Reject</Button>
                </div>
              </div>
            ))}
          </div>
        )}
      </Card>
      <PlanChangesPanel />
    </div>
  );
}
