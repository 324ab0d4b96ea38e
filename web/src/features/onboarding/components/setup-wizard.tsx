import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api-client";
import type { CurrentUser } from "@/lib/session-types";
import { createStore } from "@/lib/api/create-store";
import { inviteUser } from "@/lib/api/invite-user";
import { updateEmployeeInterface } from "@/lib/api/update-employee-interface";
import { updatePreferences } from "@/lib/api/update-preferences";
import { invitable, locationErrors, newDraft, WIZARD_STEPS, type WizardDraft } from "../wizard-draft";
import { InterfaceStep, LocationStep, PreferencesStep, TeamStep } from "./wizard-steps";

type Busy = null | "Creating..." | "Inviting..." | "Saving..." | "Completing...";

/** Account Setup wizard (spec 1 sections 2 and 4): six steps, Skip Setup at any time. */
export function SetupWizard({ user, plan, onFinish }: { user: CurrentUser; plan: string; onFinish: () => void }) {
  const [step, setStep] = useState(0);
  const [draft, setDraft] = useState<WizardDraft>(() => newDraft(user.company?.name ?? user.company_name ?? ""));
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(null);
  const [locErrors, setLocErrors] = useState<{ name?: string; storeNumber?: string }>({});
  const [storeId, setStoreId] = useState<string | undefined>(undefined);

  const next = () => setStep((s) => Math.min(s + 1, WIZARD_STEPS.length - 1));
  const back = () => setStep((s) => Math.max(s - 1, 0));

  const createLocation = async () => {
    const found = locationErrors(draft.firstLocation);
    setLocErrors(found);
    if (found.name || found.storeNumber) return;
    setBusy("Creating...");
    setError(null);
    try {
      const loc = draft.firstLocation;
      const store = await createStore({
        name: loc.name.trim(), store_number: loc.storeNumber.trim(), address: loc.address.trim(),
        city: loc.city.trim(), state: loc.state, zip_code: loc.zipCode.trim(),
      });
      setStoreId(store.id);
      next();
    } catch (err) {
      // The wizard stays on step 2 with the reason in a red box (spec 1 section 8).
      setError(err instanceof ApiError && err.message ? err.message : "Failed to create location");
    } finally {
      setBusy(null);
    }
  };

  const invite = async () => {
    const rows = invitable(draft.inviteEmployees);
    if (rows.length > 0) {
      setBusy("Inviting...");
      // Each invite is independent; a failure is logged and the wizard moves on (spec 1 section 4).
      const results = await Promise.allSettled(
        rows.map((r) => inviteUser({ email: r.email.trim(), first_name: r.firstName.trim(), last_name: r.lastName.trim(), role: "employee" })),
      );
      results.forEach((r) => r.status === "rejected" && console.warn("Invite failed", r.reason));
      setBusy(null);
    }
    next();
  };

  const saveInterface = async () => {
    setBusy("Saving...");
    try {
      await updateEmployeeInterface({ advanced_options_enabled: draft.employeeInterface.advancedOptionsEnabled, ...(storeId ? { store_id: storeId } : {}) });
    } catch (err) {
      console.warn("Saving the employee interface failed", err);
    }
    setBusy(null);
    next();
  };

  const complete = async () => {
    setBusy("Completing...");
    try {
      await updatePreferences({ timezone: draft.timezone, notifications: draft.notifications, setup_completed: true });
    } catch (err) {
      console.warn("Saving preferences failed; setup still finishes", err);
    }
    setBusy(null);
    next();
  };

  const primary: Record<number, { label: string; action: () => void }> = {
    0: { label: "Get Started", action: next },
    1: { label: "Create Location", action: createLocation },
    2: { label: "Continue", action: invite },
    3: { label: "Save & Continue", action: saveInterface },
    4: { label: "Complete Setup", action: complete },
    5: { label: "Start Using", action: onFinish },
  };

  return (
    <div className="wizard-overlay" role="dialog" aria-modal="true" aria-labelledby="wizard-title">
      <div className="wizard">
        <header className="wizard-head">
          <h2 id="wizard-title">Account Setup</h2>
          {step < 5 && <button type="button" className="btn-link" onClick={onFinish} disabled={busy !== null}>Skip Setup</button>}
        </header>
        <ol className="wizard-progress" aria-label="Progress">
          {WIZARD_STEPS.map((name, i) => (
            <li key={name} className={i < step ? "done" : i === step ? "current" : ""} aria-current={i === step ? "step" : undefined}>
              <span className="dot">{i < step ? "✓" : i + 1}</span>
              <span className="label">{name}</span>
            </li>
          ))}
        </ol>
        <div className="wizard-bar"><span style={{ width: `${(step / (WIZARD_STEPS.length - 1)) * 100}%` }} /></div>
        <div className="wizard-body">
          {step === 0 && (
            <div className="stack">
              <h3>Welcome to Flow, {user.first_name}!</h3>
              <dl className="summary">
                <dt>Company</dt><dd>{draft.companyName}</dd>
                <dt>Plan</dt><dd>{plan.toUpperCase()}</dd>
                <dt>Administrator</dt><dd>{user.first_name} {user.last_name}</dd>
                <dt>Email</dt><dd>{user.email}</dd>
              </dl>
              <p>In a few steps we will set up:</p>
              <ul className="ticks">
                <li>Your first location</li>
                <li>Invitations for your team</li>
                <li>The screen your scale operators use</li>
                <li>Your time zone and notifications</li>
              </ul>
            </div>
          )}
          {step === 1 && <LocationStep draft={draft} setDraft={setDraft} errors={locErrors} setErrors={setLocErrors} error={error} />}
          {step === 2 && <TeamStep draft={draft} setDraft={setDraft} />}
          {step === 3 && <InterfaceStep draft={draft} setDraft={setDraft} />}
          {step === 4 && <PreferencesStep draft={draft} setDraft={setDraft} />}
          {step === 5 && (
            <div className="stack">
              <h3>You're All Set!</h3>
              <p>What's next:</p>
              <ul className="ticks">
                <li>Weigh your first bin from Outbound Operations → Scale</li>
                <li>Review products, containers and destinations under Ticket Settings</li>
                <li>Watch diversion build up on the Main Dashboard</li>
              </ul>
              <Alert kind="info">Questions? Our support team is one email away from the Help links in the footer.</Alert>
            </div>
          )}
        </div>
        <footer className="wizard-foot">
          {step >= 1 && step <= 4 ? <Button variant="secondary" onClick={back} disabled={busy !== null}>Back</Button> : <span />}
          <Button onClick={primary[step].action} busy={busy !== null} busyLabel={busy ?? undefined}>{primary[step].label}</Button>
        </footer>
      </div>
    </div>
  );
}
