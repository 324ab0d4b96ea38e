import { useState } from "react";
import type { ColumnDef } from "@tanstack/react-table";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/input";
import { Modal } from "@/components/ui/modal";
import { Card, EmptyState, Spinner } from "@/components/ui/panel";
import { ScrollX } from "@/components/ui/scroll-x";
import { StatCard } from "@/components/ui/stat-card";
import { LastRefreshed } from "@/components/ui/last-refreshed";
import { DataTable } from "@/components/data-table/data-table";
import { formatDateTime, formatUsd } from "@/lib/format";
import { useFollowWarehouse } from "@/lib/follow-warehouse";
import { notify } from "@/lib/notify";
import { useCarbonCredits, type CarbonCredit } from "../api/get-carbon-credits";
import { useCarbonSummary, type CarbonSummary } from "../api/get-carbon-summary";
import { useSetVerification, type VerificationUpdate } from "../api/set-verification";
import "./carbon.css";

/** Totals with 2 decimals, entries with 3 (spec 3 s9). */
const mt = (v: number, digits = 2) => `${v.toFixed(digits)} MT`;
const PATH_LABEL: Record<string, string> = { compost: "Composting", anaerobic_digestion: "Anaerobic digestion", donation: "Donation", landfill: "Landfill (baseline)", combustion: "Combustion" };
const STATUS_TONE: Record<string, BadgeTone> = { verified: "green", rejected: "red", pending: "amber" };

/** Carbon Credits dashboard (spec 3 s2.19): estimates from the carbon marts, every factor with its source. */
export default function CarbonCreditsScreen() {
  useFollowWarehouse(["carbon"]);
  const [period, setPeriod] = useState("all");
  const summary = useCarbonSummary(period);
  const credits = useCarbonCredits(period);
  const data = summary.data;
  return (
    <div>
      <div className="carbon-head">
        <div>
          <h2>Carbon Credits</h2>
          {data && <p className="carbon-total" data-testid="carbon-total">{mt(data.total_credits_tons)} CO₂e <Badge tone="amber">Estimate</Badge></p>}
        </div>
        {data && (
          <label>Period{" "}
            <select aria-label="Period" value={period} onChange={(e) => setPeriod(e.target.value)}>
              {data.period_options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
            </select>
          </label>
        )}
      </div>
      {summary.error ? (
        <EmptyState title="Carbon credits could not be loaded"><p>{summary.error.message}</p></EmptyState>
      ) : !data ? <Spinner /> : data.credit_count === 0 ? (
        <>
          <LastRefreshed figures={data} />
          <EmptyState title="No carbon credit estimates yet"><p>Weigh loads sent to compost, anaerobic digestion or food donation to estimate avoided emissions.</p></EmptyState>
          {data.methodology && <MethodologyPanel data={data} />}
        </>
      ) : (
        <>
          <LastRefreshed figures={data} />
          <div className="carbon-grid">
            <StatCard label="Total credits" value={mt(data.total_credits_tons)} hint={`${data.credit_count.toLocaleString()} loads, estimates`} />
            <StatCard label="Total value" value={formatUsd(data.total_value_usd)} hint={`at ${formatUsd(data.methodology?.price_usd_per_mt ?? 0)} per MT`} />
            <StatCard label="Verified" value={mt(data.verified_credits)} hint={data.rejected_credits > 0 ? `${mt(data.rejected_credits)} rejected` : "by a store admin"} />
            <StatCard label="Pending" value={mt(data.pending_credits)} hint="estimates until verified" />
          </div>
          <div className="carbon-stack">
            <Card title="Monthly Trend">
              <ResponsiveContainer width="100%" height={220}>
                <BarChart data={data.monthly_trend.map((m) => ({ month: m.month.slice(0, 7), tons: m.total_co2e_tons }))}>
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis dataKey="month" />
                  <YAxis unit=" MT" />
                  <Tooltip formatter={(v) => mt(Number(v), 3)} />
                  <Bar dataKey="tons" name="MT CO₂e avoided" fill="var(--green-700, #2f7d32)" isAnimationActive={false} />
                </BarChart>
              </ResponsiveContainer>
            </Card>
            <Card title="Yearly Projection">
              {data.yearly_projection ? (
                <dl className="carbon-dl">
                  <dt>Year</dt><dd>{data.yearly_projection.year}</dd>
                  <dt>So far</dt><dd>{mt(data.yearly_projection.total_co2e_tons)}</dd>
                  <dt>Projected year</dt><dd data-testid="projected-tons">{mt(data.yearly_projection.projected_year_tons)}</dd>
                  <dt>Projected value</dt><dd>{formatUsd(data.yearly_projection.projected_year_value_usd)}</dd>
                </dl>
              ) : <p className="muted">No estimates this year yet.</p>}
              <p className="small muted">The average of the {data.yearly_projection?.months_with_credits ?? 0} months with estimates, times 12: a run rate from your data, not a forecast.</p>
            </Card>
          </div>
          <MethodologyPanel data={data} />
          <Card title="Recent Entries">
            {credits.isPending ? <Spinner /> : credits.error ? <p className="text-red">{credits.error.message}</p> : (
              <Entries rows={credits.data.carbon_credits} total={credits.data.total} />
            )}
          </Card>
        </>
      )}
    </div>
  );
}

function MethodologyPanel({ data }: { data: CarbonSummary }) {
  const m = data.methodology;
  if (!m) return null;
  const avoided = m.factors.filter((f) => f.factor_kind === "avoided_emissions");
  const inventory = m.factors.filter((f) => f.factor_kind === "inventory");
  return (
    <Card title="Methodology">
      <p><strong>{m.methodology_name}</strong> ({m.methodology}): {m.note}.</p>
      <p className="small">Avoided emissions = net short tons × (landfill factor − path factor). Composting, anaerobic digestion and donation are counted against a landfill baseline. Value at {formatUsd(m.price_usd_per_mt)} per metric ton CO₂e.</p>
      <ScrollX label="Avoided-emission factors">
      <table className="carbon-factors">
        <caption>Avoided-emission factors (make the credits), MTCO₂e per short ton</caption>
        <thead><tr><th>Set</th><th>Path</th><th>Factor</th><th>Source</th></tr></thead>
        <tbody>{avoided.map((f) => (
          <tr key={f.management_path}><td>{f.factor_set}</td><td>{PATH_LABEL[f.management_path] ?? f.management_path}</td><td>{f.mtco2e_per_short_ton.toFixed(2)}</td><td className="small">{f.source}</td></tr>
        ))}</tbody>
      </table>
      </ScrollX>
      <ScrollX label="Inventory factors">
      <table className="carbon-factors">
        <caption>Inventory factors (Scope 3 emissions, never a credit), MTCO₂e per short ton</caption>
        <thead><tr><th>Set</th><th>Path</th><th>Factor</th><th>Source</th></tr></thead>
        <tbody>{inventory.map((f) => (
          <tr key={f.management_path}><td>{f.factor_set}</td><td>{PATH_LABEL[f.management_path] ?? f.management_path}</td><td>{f.mtco2e_per_short_ton.toFixed(2)}</td><td className="small">{f.source}</td></tr>
        ))}</tbody>
      </table>
      </ScrollX>
      <p className="small muted">Inventory emissions of these loads: {(data.inventory_co2e_kg / 1000).toFixed(2)} MT CO₂e (EPA GHG Emission Factors Hub, Table 9). Diversion SB 1383 already requires may not count as additional for a sellable credit; every figure is an estimate until verified under an offset protocol.</p>
    </Card>
  );
}

function Entries({ rows, total }: { rows: CarbonCredit[]; total: number }) {
  const [deciding, setDeciding] = useState<{ credit: CarbonCredit; status: VerificationUpdate["verification_status"] } | null>(null);
  const columns: ColumnDef<CarbonCredit, unknown>[] = [
    { header: "Date", accessorKey: "created_at", cell: (c) => formatDateTime(String(c.getValue())) },
    { header: "Ticket", accessorKey: "ticket_number" },
    { header: "Location", accessorKey: "location_name" },
    { header: "Method", accessorKey: "diversion_method", cell: (c) => PATH_LABEL[String(c.getValue())] ?? String(c.getValue()) },
    { header: "CO₂e avoided", accessorKey: "total_co2e_tons", cell: (c) => mt(Number(c.getValue()), 3) },
    { header: "Value", accessorKey: "credit_value_usd", cell: (c) => formatUsd(Number(c.getValue())) },
    { header: "Status", id: "status", cell: ({ row }) => (
      <span title={row.original.verification_reason ?? undefined}>
        <Badge tone={STATUS_TONE[row.original.verification_status] ?? "gray"}>{row.original.verification_status}</Badge>
        {row.original.is_estimate && <> <Badge tone="gray">Estimate</Badge></>}
      </span>
    ) },
    { header: "Actions", id: "actions", cell: ({ row }) => (
      <span className="carbon-actions">
        {row.original.verification_status !== "verified" && <Button size="sm" variant="secondary" onClick={() => setDeciding({ credit: row.original, status: "verified" })}>Verify</Button>}
        {row.original.verification_status !== "rejected" && <Button size="sm" variant="ghost" onClick={() => setDeciding({ credit: row.original, status: "rejected" })}>Reject</Button>}
      </span>
    ) },
  ];
  return (
    <>
      <p className="small muted">The newest {rows.length} of {total.toLocaleString()} entries in the period.</p>
      <DataTable data={rows} columns={columns} getRowId={(r) => r.id} empty="No entries in this period." />
      {deciding && <VerificationDialog {...deciding} onClose={() => setDeciding(null)} />}
    </>
  );
}

function VerificationDialog({ credit, status, onClose }: { credit: CarbonCredit; status: VerificationUpdate["verification_status"]; onClose: () => void }) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const mutation = useSetVerification();
  const submit = () => {
    if (reason.trim().length < 3) { setError("Give a reason of at least 3 characters"); return; }
    mutation.mutate({ id: credit.id, body: { verification_status: status, reason: reason.trim() } }, {
      onSuccess: () => { notify({ kind: "success", message: `Entry ${credit.ticket_number ?? ""} marked ${status}` }); onClose(); },
      onError: (e) => setError(e.message),
    });
  };
  return (
    <Modal open title={`Mark ${status}: ${credit.ticket_number ?? credit.id}`} onClose={onClose}
      footer={<><Button variant="secondary" onClick={onClose}>Cancel</Button><Button busy={mutation.isPending} busyLabel="Saving..." onClick={submit}>Save</Button></>}>
      <p>{mt(credit.total_co2e_tons, 3)} CO₂e from {PATH_LABEL[credit.diversion_method] ?? credit.diversion_method}, {credit.factor_set}.</p>
      <TextField label="Reason" value={reason} onChange={(e) => { setReason(e.target.value); setError(null); }} error={error} maxLength={500} autoFocus />
    </Modal>
  );
}
