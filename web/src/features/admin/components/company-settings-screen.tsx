import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { SelectField, TextField } from "@/components/ui/input";
import { Button } from "@/components/ui/button";
import { Card, Spinner } from "@/components/ui/panel";
import { Toggle } from "@/components/ui/toggle";
import { notify } from "@/lib/notify";
import { systemSettingsQueryOptions } from "@/lib/session";
import { useUpdateSystemSettings } from "../api/update-system-settings";

type BoolKey =
  | "simple_tickets_mode" | "outbound_multistep_weighing_enabled" | "enable_customer_notes" | "enable_internal_notes"
  | "enable_ticket_email" | "outbound_truck_scale_enabled" | "outbound_type2_require_vehicle_info"
  | "outbound_type2_auto_generate_bol" | "outbound_type2_auto_create_payable" | "inbound_module_enabled"
  | "inbound_multistep_weighing_enabled" | "inbound_employee_weigh_in_enabled" | "enable_ear_reporting"
  | "enable_carbon_trading";

const TICKETS: [BoolKey, string, string][] = [
  ["outbound_multistep_weighing_enabled", "Outbound multi-step weighing", "Tickets move draft → saved → completed across two weighings."],
  ["enable_customer_notes", "Customer notes", "A note printed on the customer's copy of a ticket."],
  ["enable_internal_notes", "Internal notes", "A note only your team sees."],
  ["enable_ticket_email", "Email tickets", "Send a ticket by email from its detail view."],
];
const TRUCK: [BoolKey, string][] = [
  ["outbound_type2_require_vehicle_info", "Require vehicle information"],
  ["outbound_type2_auto_generate_bol", "Generate a bill of lading automatically"],
  ["outbound_type2_auto_create_payable", "Create the payable automatically"],
];

/** Admin Settings (Admin Only): the company's toggles, each saved on its own (spec 1 sections 3-4). */
export default function CompanySettingsScreen() {
  const settings = useQuery(systemSettingsQueryOptions());
  const update = useUpdateSystemSettings();
  const [price, setPrice] = useState<string | null>(null);
  if (settings.isLoading || !settings.data) return <Spinner />;
  const s = settings.data;
  const busy = update.isPending;
  const save = (change: Record<string, unknown>) =>
    update.mutate(change, {
      onSuccess: () => notify({ kind: "success", message: "Setting updated successfully" }),
      onError: (err) => notify({ kind: "error", message: err.message ? `Failed to update setting: ${err.message}` : "Error updating setting" }),
    });
  const toggle = (key: BoolKey, label: string, description?: string) => (
    <Toggle key={key} label={label} description={description} checked={Boolean(s[key])} disabled={busy} onChange={(v) => save({ [key]: v })} />
  );
  const carbonOn = s.enable_carbon_credits !== false;
  return (
    <div className="stack">
      <div className="page-title"><h1>Admin Settings</h1><span className="badge badge-red">Admin Only</span></div>
      <Card title="Appearance">
        <SelectField label="Theme for everyone in the company" value={s.system_default_theme === "dark" ? "dark" : "light"} disabled={busy}
          onChange={(e) => save({ system_default_theme: e.target.value })}>
          <option value="light">Light</option>
          <option value="dark">Dark</option>
        </SelectField>
      </Card>
      <Card title="Tickets">
        {toggle("simple_tickets_mode", "Simple tickets mode")}
        {s.simple_tickets_mode && <p className="small muted">Simple mode: operators see one screen with defaults filled in; tickets complete on Confirm Weight.</p>}
        {TICKETS.map(([key, label, description]) => toggle(key, label, description))}
        {toggle("outbound_truck_scale_enabled", "Outbound truck scale", "Second ticket type for truck loads weighed in and out.")}
        {s.outbound_truck_scale_enabled && <div className="sub-options">{TRUCK.map(([key, label]) => toggle(key, label))}</div>}
      </Card>
      <Card title="Modules and reporting">
        {toggle("inbound_module_enabled", "Inbound module", "Inbound operations, customers, invoices and inventory (Enterprise).")}
        {toggle("inbound_multistep_weighing_enabled", "Inbound multi-step weighing")}
        {toggle("inbound_employee_weigh_in_enabled", "Employees weigh inbound loads in", "Scale operators get the Inbound Portal and In-Progress Inbound for their location; customers, invoices and inventory stay with managers.")}
        {toggle("enable_ear_reporting", "EAR reporting", "CalRecycle Electronic Annual Report entry in the menu.")}
      </Card>
      <Card title="Carbon credits">
        <Toggle label="Enable carbon credits" checked={carbonOn} disabled={busy} onChange={(v) => save({ enable_carbon_credits: v })} />
        {carbonOn && (
          <div className="stack">
            <SelectField label="Methodology" value={String(s.carbon_credit_methodology ?? "EPA_2023")} disabled={busy} onChange={(e) => save({ carbon_credit_methodology: e.target.value })}>
              <option value="EPA_2023">EPA 2023</option>
              <option value="IPCC_2019">IPCC 2019</option>
              <option value="CUSTOM">Custom</option>
            </SelectField>
            <div className="row" style={{ alignItems: "flex-end" }}>
              <TextField label="Offset price per ton (USD)" type="number" min={0} step={0.1} value={price ?? String(s.carbon_offset_price_per_ton ?? 15)} onChange={(e) => setPrice(e.target.value)} />
              <Button variant="secondary" disabled={busy || price === null || price === "" || Number(price) < 0} onClick={() => save({ carbon_offset_price_per_ton: Number(price) })}>Save price</Button>
            </div>
            {toggle("enable_carbon_trading", "Carbon trading")}
          </div>
        )}
      </Card>
    </div>
  );
}
