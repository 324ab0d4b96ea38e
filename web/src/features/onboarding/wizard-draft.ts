// The setup wizard's draft (spec 1 section 3) and its step rules (sections 4, 5 and 9).
export const WIZARD_STEPS = ["Welcome", "First Location", "Team Setup", "Employee Interface", "Preferences", "All Set"] as const;

export const TIMEZONES = [
  { value: "America/Los_Angeles", label: "Pacific Time" },
  { value: "America/Denver", label: "Mountain Time" },
  { value: "America/Chicago", label: "Central Time" },
  { value: "America/New_York", label: "Eastern Time" },
  { value: "America/Phoenix", label: "Arizona Time" },
  { value: "Pacific/Honolulu", label: "Hawaii Time" },
] as const;

export interface Invitee {
  firstName: string;
  lastName: string;
  email: string;
}

export interface WizardDraft {
  companyName: string;
  firstLocation: { name: string; storeNumber: string; address: string; city: string; state: string; zipCode: string; phone: string };
  inviteEmployees: Invitee[];
  employeeInterface: { advancedOptionsEnabled: boolean };
  timezone: string;
  notifications: { email: boolean; weeklyReports: boolean; complianceReminders: boolean };
}

export const newDraft = (companyName: string): WizardDraft => ({
  companyName,
  firstLocation: { name: "", storeNumber: "", address: "", city: "", state: "", zipCode: "", phone: "" },
  inviteEmployees: [{ firstName: "", lastName: "", email: "" }],
  employeeInterface: { advancedOptionsEnabled: false },
  timezone: "America/Los_Angeles",
  notifications: { email: true, weeklyReports: true, complianceReminders: true },
});

export function locationErrors(loc: WizardDraft["firstLocation"]): { name?: string; storeNumber?: string } {
  const errors: { name?: string; storeNumber?: string } = {};
  if (!loc.name.trim()) errors.name = "Location name is required";
  if (!loc.storeNumber.trim()) errors.storeNumber = "Store number is required";
  return errors;
}

/** Only rows whose email contains an at sign are invited (spec 1 section 5). */
export const invitable = (rows: Invitee[]) => rows.filter((r) => r.email.includes("@"));

/** Shown to a store_admin with setup not completed, a company and no locations. */
export function needsSetupWizard(user: { role: string; setup_completed: boolean; company: { locations: unknown[] } | null } | null): boolean {
  return Boolean(user && user.role === "store_admin" && !user.setup_completed && user.company && user.company.locations.length === 0);
}
