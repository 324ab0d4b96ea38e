// The session's shapes, taken from the generated client (web/src/client/schema.d.ts, `make client`):
// GET /api/auth/me (MeRead), POST /api/auth/login (TokenRead), GET /api/subscription/current
// (SubscriptionRead) and GET /api/system/settings (CompanySettingsRead or PlatformSettingsRead).
import type { components } from "@/client/schema";

type Schemas = components["schemas"];

/** The three roles (api/users: users.role); MeRead carries it as a string. */
export type Role = "system_admin" | "store_admin" | "store_employee";
export type Plan = "core" | "pro" | "enterprise";

export type CompanyRef = Schemas["CompanyBrief"];
export type CurrentUser = Omit<Schemas["MeRead"], "role"> & { role: Role };
export type LoginResult = Omit<Schemas["TokenRead"], "user"> & { user: CurrentUser };

/** What the shell's menu reads of GET /api/subscription/current. */
export type Subscription = Pick<Schemas["SubscriptionRead"],
  "current_plan" | "subscription_status" | "current_facilities" | "max_facilities" | "facilities"
  | "sb1383_compliance_enabled"> & Partial<Pick<Schemas["SubscriptionRead"],
  "trial_days_remaining" | "effective_plan" | "features">> & {
    plan_info: Pick<Schemas["PlanInfo"], "name"> & Partial<Schemas["PlanInfo"]>;
  };

/** GET /api/system/settings: a company's settings for its users, the platform's for a system admin. */
export type SystemSettings = Partial<Omit<Schemas["CompanySettingsRead"], "scope">
  & Omit<Schemas["PlatformSettingsRead"], "scope">> & { scope?: "company" | "platform" };
