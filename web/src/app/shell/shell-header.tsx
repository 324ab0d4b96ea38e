import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { CurrentUser, Subscription } from "@/lib/session-types";
import { roleLabel } from "./role-label";

/** Subscription status colours: active green, trial yellow, anything else red (spec 1 section 4). */
export function statusTone(status: string | undefined): BadgeTone {
  if (status === "active") return "green";
  if (status === "trial" || status === "trialing") return "amber";
  return "red";
}

export function ShellHeader({ user, subscription }: { user: CurrentUser; subscription: Subscription | null }) {
  const max = subscription?.max_facilities;
  return (
    <section className="shell-header" aria-label="Account">
      <div>
        <h1 className="company-name">{user.company?.name ?? user.company_name ?? "Flow"}</h1>
        <p className="muted">{user.role === "store_admin" ? "Store Administrator Portal" : "Management Portal"} · {user.first_name} {user.last_name} · {roleLabel(user.role, user.first_name)}</p>
      </div>
      {subscription && (
        <div className="plan-box">
          <span className="plan-name">{subscription.plan_info?.name ?? subscription.current_plan}</span>
          <Badge tone={statusTone(subscription.subscription_status)}>{subscription.subscription_status}</Badge>
          <span className="facilities" title="Facilities used over maximum">
            Facilities: {subscription.current_facilities}/{max === null || max === undefined ? "∞" : max}
          </span>
        </div>
      )}
    </section>
  );
}
