import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/input";
import { Card, Spinner } from "@/components/ui/panel";
import { Toggle } from "@/components/ui/toggle";
import { notify } from "@/lib/notify";
import { systemSettingsQueryOptions } from "@/lib/session";
import { useUpdateSystemSettings } from "../api/update-system-settings";

/** The platform's own settings: approval policy, reCAPTCHA and carbon credits; saved one field at a time. */
export function PlatformSettingsPanel() {
  const settings = useQuery(systemSettingsQueryOptions());
  const update = useUpdateSystemSettings();
  const [domains, setDomains] = useState<string | null>(null);
  const [siteKey, setSiteKey] = useState<string | null>(null);
  const [secret, setSecret] = useState("");
  if (settings.isLoading || !settings.data) return <Spinner />;
  const s = settings.data as Record<string, unknown>;
  const save = (change: Record<string, unknown>) =>
    update.mutate(change, {
      onSuccess: () => notify({ kind: "success", message: "Setting updated successfully" }),
      onError: (err) => notify({ kind: "error", message: err.message ? `Failed to update setting: ${err.message}` : "Error updating setting" }),
    });
  const busy = update.isPending;
  const domainText = domains ?? ((s.auto_approve_domains as string[] | undefined) ?? []).join(", ");
  return (
    <div className="stack">
      <Card title="Account approval">
        <Toggle label="Require Manual Account Approval" description="New sign-ups wait for a platform admin before they can sign in."
          checked={Boolean(s.require_manual_approval)} disabled={busy} onChange={(v) => save({ require_manual_approval: v })} />
        <div className="row" style={{ alignItems: "flex-end" }}>
          <div style={{ flex: 1, minWidth: 220 }}>
            <TextField label="Auto-Approve Domains" hint="Comma-separated, e.g. example.org, city.gov" value={domainText} onChange={(e) => setDomains(e.target.value)} />
          </div>
          <Button variant="secondary" disabled={busy || domains === null}
            onClick={() => save({ auto_approve_domains: domainText.split(",").map((d) => d.trim()).filter(Boolean) })}>Save domains</Button>
        </div>
      </Card>
      <Card title="reCAPTCHA (sign-up)">
        <Toggle label="Enable reCAPTCHA" description="Only takes effect with a site key and secret." checked={Boolean(s.recaptcha_enabled)} disabled={busy} onChange={(v) => save({ recaptcha_enabled: v })} />
        <div className="form-grid">
          <TextField label="Site key" value={siteKey ?? String(s.recaptcha_site_key ?? "")} onChange={(e) => setSiteKey(e.target.value)} />
          <TextField label={`Secret key ${s.recaptcha_secret_configured ? "(configured)" : "(not set)"}`} type="password" value={secret} onChange={(e) => setSecret(e.target.value)} />
        </div>
        <div className="row">
          <Button variant="secondary" disabled={busy || siteKey === null} onClick={() => save({ recaptcha_site_key: siteKey })}>Save site key</Button>
          <Button variant="secondary" disabled={busy || !secret} onClick={() => { save({ recaptcha_secret_key: secret }); setSecret(""); }}>Save secret</Button>
        </div>
      </Card>
      <Card title="Plan changes">
        <Toggle label="Upgrades need a platform admin's approval"
          description="Off: a plan that costs more takes effect once its payment goes through (without a payment provider it waits for approval). On: every upgrade waits for approval under Account Approvals."
          checked={s.plan_upgrade_requires === "approval"} disabled={busy}
          onChange={(v) => save({ plan_upgrade_requires: v ? "approval" : "payment" })} />
      </Card>
      <Card title="Carbon credits">
        <Toggle label="Enable carbon credits" checked={s.enable_carbon_credits !== false} disabled={busy} onChange={(v) => save({ enable_carbon_credits: v })} />
      </Card>
    </div>
  );
}
