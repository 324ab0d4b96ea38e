import { useQuery } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/panel";
import { StatCard } from "@/components/ui/stat-card";
import { formatPercent } from "@/lib/format";
import { getCurrentSubscriptionQueryOptions } from "@/lib/api/get-current-subscription";
import { usePlans } from "@/lib/api/get-plans";
import { FEATURE, hasFeature } from "@/lib/plan-gates";
import type { ComplianceDashboard } from "../api/get-dashboard";
import { useGeneratorTiers } from "../api/generator-tiers";
import { usePartners } from "../api/food-recovery";

/** Opened in a new tab (spec 3 s2.17): the EAR preparation tool and the edible food recovery records. */
export const TOOLS = [
  { href: "/compliance/tools/ear-preparation", label: "EAR Preparation Tool" },
  { href: "/compliance/tools/food-recovery-records", label: "Food Recovery Records" },
] as const;

/**
 * Compliance overview, the PRO variant (spec 3 s2.17): banner, the plan's upgrade box (PRO for a
 * core plan, Enterprise for pro), EAR preparation, edible food recovery, metric cards and the tool
 * buttons. Every figure is the dashboard's (the sb1383_* marts) or the records' own.
 */
export function ComplianceOverview({ data }: { data?: ComplianceDashboard }) {
  const subscription = useQuery(getCurrentSubscriptionQueryOptions());
  const sub = subscription.data;
  // Prices come from the one price list (GET /api/subscription/plans), never written here.
  const terms = Object.fromEntries((usePlans().data?.plans ?? []).map((p) => [p.id, p.price_terms]));
  const enabled = sub?.sb1383_compliance_enabled ?? false;
  // The upgrade box follows the gates the API opens (GET /api/subscription/current `features`), never
  // a plan name: PRO while the advanced reports are closed, Enterprise while direct submission is.
  const offerPro = sub !== undefined && !enabled && !hasFeature(sub, FEATURE.esgAdvanced);
  const offerEnterprise = hasFeature(sub, FEATURE.esgAdvanced) && !hasFeature(sub, FEATURE.directSubmission);
  return (
    <section className="compliance-overview" aria-label="Waste compliance overview">
      <div className="compliance-banner">
        <strong>Waste Compliance Overview</strong>
        <span className="small"> California SB 1383: organic waste diversion, edible food recovery and the Electronic Annual Report your jurisdiction files with CalRecycle.</span>
      </div>
      {offerPro && (
        <Card title="Upgrade to PRO">
          <p>SB 1383 compliance tracking, EAR preparation and edible food recovery records come with PRO{terms.pro ? <>: <strong>{terms.pro}</strong></> : ""}.</p>
          <a className="btn btn-primary btn-sm" href="/app/subscription">Upgrade to PRO</a>
        </Card>
      )}
      {enabled && <EnabledOverview data={data} />}
      {offerEnterprise && (
        <Card title="Upgrade to Enterprise">
          <p>Enterprise{terms.enterprise ? <>, <strong>{terms.enterprise}</strong></> : ""}: regions and multi-jurisdiction management, and direct submission to CalRecycle once the state opens a submission route. Today no such route exists: Flow prepares the EAR files and your jurisdiction files them.</p>
          <a className="btn btn-secondary btn-sm" href="/app/subscription">Upgrade to Enterprise</a>
        </Card>
      )}
    </section>
  );
}

function EnabledOverview({ data }: { data?: ComplianceDashboard }) {
  const tiers = useGeneratorTiers();
  const partners = usePartners();
  const tiered = (tiers.data?.locations ?? []).filter((l) => l.tier === "tier_1" || l.tier === "tier_2").length;
  const unanswered = (tiers.data?.locations ?? []).filter((l) => l.tier === "unanswered").length;
  const onFile = (partners.data?.partners ?? []).filter((p) => p.is_active && (p.agreement_status === "on_file" || p.agreement_status === "expiring")).length;
  const ear = data?.ear_progress;
  return (
    <>
      <div className="compliance-grid">
        <StatCard label="EAR preparation" value={ear ? `${ear.completion_percentage}%` : "—"} hint={ear ? (ear.eligible_for_submission ? "Eligible for export" : `Due ${ear.reporting_due_date}`) : "No tickets yet"} />
        <StatCard label="Tier 1/2 locations" value={tiers.data ? String(tiered) : "—"} hint={unanswered > 0 ? `${unanswered} not answered` : "All locations answered"} />
        <StatCard label="Recovery partners on file" value={partners.data ? String(onFile) : "—"} hint="with a written agreement in force" />
        <StatCard label="Food recovery" value={data?.has_data ? formatPercent(data.food_recovery.recovery_rate) : "—"} hint={data?.has_data ? `of ${formatPercent(data.food_recovery.target_rate)} target` : "No tickets yet"} />
      </div>
      <div className="compliance-head">
        <span>
          {ear && <Badge tone={ear.eligible_for_submission ? "green" : "amber"}>{ear.eligible_for_submission ? "EAR ready" : "EAR in progress"}</Badge>}{" "}
          {(tiers.data?.warnings.length ?? 0) > 0 && <Badge tone="red">{tiers.data!.warnings.length} tier warning{tiers.data!.warnings.length === 1 ? "" : "s"}</Badge>}
        </span>
        <span>
          {TOOLS.map((t) => (
            <a key={t.href} className="btn btn-secondary btn-sm" href={t.href} target="_blank" rel="noopener">{t.label}</a>
          ))}
        </span>
      </div>
    </>
  );
}
