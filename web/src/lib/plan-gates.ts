// Plan gates as the web applies them: the feature keys GET /api/subscription/current lists as open
// now (`features`: the plan in force's gates in api/subscription/plans.py, a trial counted as pro,
// with the SB 1383 override). The web names no plan; the API refuses the same (api/subscription/deps.py).
import type { Subscription } from "@/lib/session-types";

/** A gate key as the API types it (api/subscription/plans.py Gate, through the generated client). */
export type Gate = NonNullable<Subscription["features"]>[number];

/** Gate keys of api/subscription/plans.py that the web reads. */
export const FEATURE = {
  esgAdvanced: "esg_advanced",
  emailAlerts: "email_alerts",
  regions: "regions",
  inbound: "inbound",
  aiAnalytics: "ai_analytics",
  directSubmission: "direct_submission",
} as const satisfies Record<string, Gate>;
export type Feature = (typeof FEATURE)[keyof typeof FEATURE];

/** Whether the subscription opens this gate now (none while the subscription is unknown). */
export function hasFeature(subscription: Pick<Subscription, "features"> | null | undefined, feature: Feature): boolean {
  return subscription?.features?.includes(feature) ?? false;
}

/** The inbound gate (spec 3 s6): the plan's inbound gate open and the company's module on. */
export function inboundGate(subscription: Pick<Subscription, "features"> | null | undefined, moduleEnabled: boolean | undefined): "ok" | "enterprise" | "disabled" {
  if (!hasFeature(subscription, FEATURE.inbound)) return "enterprise";
  return moduleEnabled === true ? "ok" : "disabled";
}
