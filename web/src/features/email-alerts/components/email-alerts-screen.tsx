import { createColumnHelper } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/input";
import { Modal } from "@/components/ui/modal";
import { Card, EmptyState, Spinner } from "@/components/ui/panel";
import { formatDateTime } from "@/lib/format";
import { notify } from "@/lib/notify";
import {
  useCreateEmailAlert,
  useDeleteEmailAlert,
  useEmailAlerts,
  useSendTestEmailAlert,
  useUpdateEmailAlert,
  type EmailAlert,
  type EmailAlertInput,
} from "../api/email-alerts";

export const REPORT_LABELS: Record<string, string> = {
  "ticket-report": "Ticket Report (PDF + CSV)",
  sb1383: "SB 1383 Compliance",
  "esg-summary": "ESG Summary",
  "cost-analysis": "Cost Analysis",
  "ai-analytics": "AI Analytics",
  "esg-impact": "ESG Impact Report",
};
const SCHEDULES: Record<string, string> = {
  daily: "Daily",
  weekly: "Weekly",
  monthly: "Monthly (1st of the month)",
  "last-friday-month": "Last Friday of the month",
};
const DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday"];
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function describeSchedule(a: Pick<EmailAlert, "schedule" | "weekly_day" | "send_time">): string {
  const when = a.schedule === "weekly" ? `Weekly on ${cap(a.weekly_day ?? "monday")}` : SCHEDULES[a.schedule] ?? a.schedule;
  return `${when} at ${a.send_time}`;
}

/** Splits and checks the recipients as the server will (each needs text@text.text). */
export function recipientError(text: string): string | null {
  const parts = text.split(/[,;]/).map((p) => p.trim()).filter(Boolean);
  if (parts.length === 0) return "Enter at least one email address";
  const bad = parts.find((p) => !/^\S+@\S+\.\S+$/.test(p));
  return bad ? `'${bad}' is not a valid email address` : null;
}

const EMPTY: EmailAlertInput = {
  name: "", report_type: "ticket-report", schedule: "weekly", weekly_day: "monday", send_time: "09:00", recipients: "", is_active: true,
};

function AlertForm({ initial, reportTypes, timezone, onClose }: {
  initial: EmailAlert | null; reportTypes: string[]; timezone: string; onClose: () => void;
}) {
  const [form, setForm] = useState<EmailAlertInput>(initial ? {
    name: initial.name, report_type: initial.report_type as EmailAlertInput["report_type"],
    schedule: initial.schedule as EmailAlertInput["schedule"],
    weekly_day: (initial.weekly_day ?? "monday") as EmailAlertInput["weekly_day"], send_time: initial.send_time,
    recipients: initial.recipients, is_active: initial.is_active,
  } : EMPTY);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateEmailAlert();
  const update = useUpdateEmailAlert();
  const busy = create.isPending || update.isPending;
  const set = <K extends keyof EmailAlertInput>(key: K, value: EmailAlertInput[K]) => setForm((f) => ({ ...f, [key]: value }));
  const recipientsProblem = form.recipients ? recipientError(form.recipients ?? "") : null;

  const save = () => {
    if (!form.name?.trim()) return setError("Alert name is required");
    const bad = recipientError(form.recipients ?? "");
    if (bad) return setError(bad);
    setError(null);
    const body = { ...form, weekly_day: form.schedule === "weekly" ? form.weekly_day : null };
    const done = {
      onSuccess: () => { notify({ kind: "success", message: initial ? "Email alert updated" : "Email alert created" }); onClose(); },
      onError: (e: Error) => setError(e.message),
    };
    if (initial) update.mutate({ id: initial.id, ...body }, done);
    else create.mutate(body, done);
  };

  return (
    <Modal open title={initial ? "Edit Email Alert" : "New Email Alert"} onClose={onClose} locked={busy}
      footer={<><Button variant="secondary" onClick={onClose} disabled={busy}>Cancel</Button><Button busy={busy} onClick={save}>{initial ? "Save" : "Create Alert"}</Button></>}>
      <div className="stack">
        {error && error !== recipientsProblem && <p className="field-error" role="alert">{error}</p>}
        <TextField label="Alert name" value={form.name ?? ""} onChange={(e) => set("name", e.target.value)} required />
        <SelectField label="Report" value={form.report_type} onChange={(e) => set("report_type", e.target.value as EmailAlertInput["report_type"])}>
          {reportTypes.map((t) => <option key={t} value={t}>{REPORT_LABELS[t] ?? t}</option>)}
        </SelectField>
        <SelectField label="Schedule" value={form.schedule} onChange={(e) => set("schedule", e.target.value as EmailAlertInput["schedule"])}>
          {Object.entries(SCHEDULES).map(([v, l]) => <option key={v} value={v}>{l}</option>)}
        </SelectField>
        {form.schedule === "weekly" && (
          <SelectField label="Day" value={form.weekly_day ?? "monday"} onChange={(e) => set("weekly_day", e.target.value as EmailAlertInput["weekly_day"])}>
            {DAYS.map((d) => <option key={d} value={d}>{cap(d)}</option>)}
          </SelectField>
        )}
        <TextField label="Time" type="time" value={form.send_time ?? "09:00"} onChange={(e) => set("send_time", e.target.value)} hint={`In your company's time zone (${timezone}).`} />
        <TextField label="Recipients" value={form.recipients ?? ""} onChange={(e) => set("recipients", e.target.value)}
          placeholder="ops@example.com, manager@example.com" hint="Comma-separated email addresses." error={recipientsProblem} />
        <label className="row"><input type="checkbox" checked={form.is_active ?? true} onChange={(e) => set("is_active", e.target.checked)} /> Enabled</label>
      </div>
    </Modal>
  );
}

const col = createColumnHelper<EmailAlert>();

/** Email Alerts (spec 1 section 9): the signed-in manager's scheduled report mails. */
export default function EmailAlertsScreen() {
  const alerts = useEmailAlerts();
  const update = useUpdateEmailAlert();
  const remove = useDeleteEmailAlert();
  const sendTest = useSendTestEmailAlert();
  const [editing, setEditing] = useState<EmailAlert | "new" | null>(null);

  const columns = useMemo(() => [
    col.accessor("name", { header: "Alert" }),
    col.accessor("report_type", { header: "Report", cell: (c) => REPORT_LABELS[c.getValue()] ?? c.getValue() }),
    col.display({ id: "schedule", header: "Schedule", cell: (c) => describeSchedule(c.row.original) }),
    col.accessor("recipients", { header: "Recipients" }),
    col.accessor("next_run_at", { header: "Next send", cell: (c) => c.getValue() ? formatDateTime(c.getValue()) : "—" }),
    col.display({ id: "last", header: "Last send", cell: (c) => {
      const s = c.row.original.last_send;
      if (!s) return "—";
      return <span title={s.error ?? undefined}><Badge tone={s.status === "sent" ? "green" : s.status === "failed" ? "red" : "amber"}>{s.status}{s.kind === "test" ? " (test)" : ""}</Badge> {formatDateTime(s.finished_at ?? s.created_at)}</span>;
    } }),
    col.display({ id: "active", header: "Enabled", cell: (c) => (
      <input type="checkbox" role="switch" className="switch" aria-label={`Enable ${c.row.original.name}`} checked={c.row.original.is_active}
        onChange={(e) => update.mutate({ id: c.row.original.id, is_active: e.target.checked }, {
          onError: (err) => notify({ kind: "error", message: err.message }) })} />
    ) }),
    col.display({ id: "actions", header: "", cell: (c) => {
      const a = c.row.original;
      return (
        <div className="row">
          <Button size="sm" variant="secondary" onClick={() => setEditing(a)}>Edit</Button>
          <Button size="sm" variant="secondary" busy={sendTest.isPending && sendTest.variables === a.id}
            onClick={() => sendTest.mutate(a.id, {
              onSuccess: (r) => notify({ kind: "success", message: r.message }),
              onError: (err) => notify({ kind: "error", message: err.message }, 8000),
            })}>Send test</Button>
          <Button size="sm" variant="danger" onClick={() => {
            if (!window.confirm(`Delete the alert "${a.name}"?`)) return;
            remove.mutate(a.id, { onError: (err) => notify({ kind: "error", message: err.message }) });
          }}>Delete</Button>
        </div>
      );
    } }),
  ], [update, remove, sendTest]);

  const data = alerts.data;
  return (
    <div className="stack">
      <div className="page-title"><h1>Email Alerts</h1></div>
      <Card title="Scheduled reports" actions={<Button onClick={() => setEditing("new")} disabled={!data}>New Alert</Button>}>
        {alerts.isLoading ? <Spinner /> : alerts.isError ? (
          <p className="field-error" role="alert">{alerts.error.message}</p>
        ) : data && data.alerts.length === 0 ? (
          <EmptyState title="No email alerts yet">Schedule a report to arrive by mail daily, weekly, monthly or on the last Friday of the month.</EmptyState>
        ) : (
          <DataTable data={data?.alerts ?? []} columns={columns} empty="No email alerts yet." getRowId={(r) => r.id} />
        )}
        {data && <p className="small muted">Times are in your company's time zone ({data.timezone}). Each report covers the whole days before it is sent.</p>}
      </Card>
      {editing && data && (
        <AlertForm initial={editing === "new" ? null : editing} reportTypes={data.report_types} timezone={data.timezone} onClose={() => setEditing(null)} />
      )}
    </div>
  );
}
