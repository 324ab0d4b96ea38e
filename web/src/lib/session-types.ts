// Shapes of GET /api/auth/me, /api/subscription/current and /api/system/settings (CONTRACTS.md).
export type Role = "system_admin" | "store_admin" | "store_employee";
export type Plan = "core" | "pro" | "enterprise";

export interface CompanyRef {
  id: string;
  name: string;
  subscription_plan: Plan | string;
  subscription_status: string;
  timezone: string;
  locations: { id: string; name: string }[];
}

export interface CurrentUser {
  id: string;
  email: string;
  role: Role;
  first_name: string;
  last_name: string;
  phone?: string | null;
  setup_completed: boolean;
  store_id?: string | null;
  assigned_location_id?: string | null;
  preferences?: Record<string, unknown> | null;
  company: CompanyRef | null;
  company_name?: string | null;
}

export interface LoginResult {
  access_token: string;
  token_type: string;
  user: CurrentUser;
}

/** What the shell's menu reads of GET /api/subscription/current (features/subscription/api has the call and its generated type). */
export interface Subscription {
  current_plan: string;
  plan_info: { name: string; price?: number | string | null; [k: string]: unknown };
  subscription_status: string;
  current_facilities: number;
  max_facilities: number | null;
  facilities: { id: string; name: string }[];
  sb1383_compliance_enabled: boolean;
  trial_days_remaining?: number | null;
  effective_plan?: string;
  features?: string[];
}

export interface SystemSettings {
  enable_ear_reporting?: boolean;
  inbound_module_enabled?: boolean;
  inbound_multistep_weighing_enabled?: boolean;
  enable_customer_notes?: boolean;
  enable_internal_notes?: boolean;
  enable_ticket_email?: boolean;
  outbound_multistep_weighing_enabled?: boolean;
  system_default_theme?: "light" | "dark" | string;
  outbound_truck_scale_enabled?: boolean;
  outbound_type2_require_vehicle_info?: boolean;
  outbound_type2_auto_generate_bol?: boolean;
  outbound_type2_auto_create_payable?: boolean;
  enable_carbon_credits?: boolean | null;
  carbon_credit_methodology?: string;
  carbon_offset_price_per_ton?: number | string;
  enable_carbon_trading?: boolean;
  simple_tickets_mode?: boolean;
  recaptcha_enabled?: boolean;
  recaptcha_site_key?: string | null;
  sb1383_compliance_enabled?: boolean;
  [key: string]: unknown;
}
