import type { Dispatch, SetStateAction } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/input";
import { US_STATES } from "@/lib/us-states";
import { TIMEZONES, type WizardDraft } from "../wizard-draft";

interface StepProps {
  draft: WizardDraft;
  setDraft: Dispatch<SetStateAction<WizardDraft>>;
}

export function LocationStep({ draft, setDraft, errors, setErrors, error }: StepProps & {
  errors: { name?: string; storeNumber?: string };
  setErrors: Dispatch<SetStateAction<{ name?: string; storeNumber?: string }>>;
  error: string | null;
}) {
  const loc = draft.firstLocation;
  const set = (field: keyof WizardDraft["firstLocation"], value: string) => {
    setDraft((d) => ({ ...d, firstLocation: { ...d.firstLocation, [field]: value } }));
    if (field === "name" || field === "storeNumber") setErrors((e) => ({ ...e, [field]: undefined }));
  };
  return (
    <div className="stack">
      <h3>First Location</h3>
      {error && <Alert kind="error">{error}</Alert>}
      <div className="form-grid">
        <TextField label="Location Name *" value={loc.name} onChange={(e) => set("name", e.target.value)} error={errors.name} />
        <TextField label="Store Number *" value={loc.storeNumber} onChange={(e) => set("storeNumber", e.target.value)} error={errors.storeNumber} />
        <TextField label="Address" className="span-2" value={loc.address} onChange={(e) => set("address", e.target.value)} />
        <TextField label="City" value={loc.city} onChange={(e) => set("city", e.target.value)} />
        <SelectField label="State" value={loc.state} onChange={(e) => set("state", e.target.value)}>
          <option value="">Select state</option>
          {US_STATES.map((s) => <option key={s} value={s}>{s}</option>)}
        </SelectField>
        <TextField label="ZIP Code" maxLength={10} value={loc.zipCode} onChange={(e) => set("zipCode", e.target.value)} />
      </div>
    </div>
  );
}

export function TeamStep({ draft, setDraft }: StepProps) {
  const rows = draft.inviteEmployees;
  const update = (i: number, field: "firstName" | "lastName" | "email", value: string) =>
    setDraft((d) => ({ ...d, inviteEmployees: d.inviteEmployees.map((r, j) => (j === i ? { ...r, [field]: value } : r)) }));
  return (
    <div className="stack">
      <h3>Team Setup <span className="muted small">(optional)</span></h3>
      <p className="muted">Invite scale operators now or later from Company → Users. Rows without an email are skipped.</p>
      {rows.map((r, i) => (
        <div key={i} className="invite-row">
          <TextField label="First Name" value={r.firstName} onChange={(e) => update(i, "firstName", e.target.value)} />
          <TextField label="Last Name" value={r.lastName} onChange={(e) => update(i, "lastName", e.target.value)} />
          <TextField label="Email" type="email" value={r.email} onChange={(e) => update(i, "email", e.target.value)} />
          <Button variant="ghost" size="sm" aria-label={`Remove invite ${i + 1}`} onClick={() => setDraft((d) => ({ ...d, inviteEmployees: d.inviteEmployees.filter((_, j) => j !== i) }))}>Remove</Button>
        </div>
      ))}
      <Button variant="secondary" size="sm" onClick={() => setDraft((d) => ({ ...d, inviteEmployees: [...d.inviteEmployees, { firstName: "", lastName: "", email: "" }] }))}>
        + Add Employee Invite
      </Button>
    </div>
  );
}

export function InterfaceStep({ draft, setDraft }: StepProps) {
  const advanced = draft.employeeInterface.advancedOptionsEnabled;
  const choose = (value: boolean) => setDraft((d) => ({ ...d, employeeInterface: { advancedOptionsEnabled: value } }));
  return (
    <div className="stack">
      <h3>Employee Interface</h3>
      <div className="grid-2" role="radiogroup" aria-label="Employee interface">
        <button type="button" role="radio" aria-checked={!advanced} className={`choice-card ${!advanced ? "trial" : ""}`} onClick={() => choose(false)}>
          <span className="badge badge-green">Recommended</span>
          <strong className="choice-title">Simple &amp; Fast</strong>
          <span className="small">One screen: Take Weight Image, the total weight with an inline Confirm Weight, and default container, destination and waste type.</span>
        </button>
        <button type="button" role="radio" aria-checked={advanced} className={`choice-card ${advanced ? "trial" : ""}`} onClick={() => choose(true)}>
          <strong className="choice-title">Advanced Options Wizard</strong>
          <span className="small">Two steps: choose container, destination and waste type; then take the weight image and confirm.</span>
        </button>
      </div>
      <p className="muted small">You can change this later in Settings → Employee Interface.</p>
    </div>
  );
}

export function PreferencesStep({ draft, setDraft }: StepProps) {
  const toggle = (key: keyof WizardDraft["notifications"]) =>
    setDraft((d) => ({ ...d, notifications: { ...d.notifications, [key]: !d.notifications[key] } }));
  return (
    <div className="stack">
      <h3>Preferences</h3>
      <SelectField label="Time zone" value={draft.timezone} onChange={(e) => setDraft((d) => ({ ...d, timezone: e.target.value }))}>
        {TIMEZONES.map((t) => <option key={t.value} value={t.value}>{t.label}</option>)}
      </SelectField>
      <label className="check"><input type="checkbox" checked={draft.notifications.email} onChange={() => toggle("email")} /> Email notifications for important updates</label>
      <label className="check"><input type="checkbox" checked={draft.notifications.weeklyReports} onChange={() => toggle("weeklyReports")} /> Weekly waste summary reports</label>
      <label className="check"><input type="checkbox" checked={draft.notifications.complianceReminders} onChange={() => toggle("complianceReminders")} /> California SB 1383 compliance reminders</label>
    </div>
  );
}
