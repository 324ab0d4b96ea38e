import type { ColumnDef } from "@tanstack/react-table";
import { CartesianGrid, Legend, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { formatDay, formatLbs, formatPercent, LB_SYMBOL } from "@/lib/format";
import type { ComplianceDashboard, LocationCompliance } from "../api/get-dashboard";

export const lb = (v: number) => formatLbs(v, LB_SYMBOL);
/** A calendar day (YYYY-MM-DD) as it is: no time zone may move 1 August to 31 July. */
export const day = (d: string) => formatDay(d, d);

const RISK_TONE: Record<string, BadgeTone> = { low: "green", medium: "amber", high: "red", none: "gray" };

export function RiskBadge({ level }: { level: string }) {
  return <Badge tone={RISK_TONE[level] ?? "gray"}>{level === "none" ? "No data" : `${level[0].toUpperCase()}${level.slice(1)} risk`}</Badge>;
}

export function CompliantBadge({ ok }: { ok: boolean }) {
  return <Badge tone={ok ? "green" : "red"}>{ok ? "Compliant" : "Non-Compliant"}</Badge>;
}

/** Spec 3 s4: status words; ready is green. */
export function StatusWord({ value, good }: { value: string; good: string }) {
  return <Badge tone={value === good ? "green" : "gray"}>{value.replace(/_/g, " ")}</Badge>;
}

/** A progress bar capped at 100% (spec 3 s9). */
export function ProgressBar({ value, target, label }: { value: number; target: number; label: string }) {
  const width = Math.max(0, Math.min(100, target > 0 ? (value / target) * 100 : 0));
  return (
    <div className={`compliance-bar ${value < target ? "is-short" : ""}`} role="progressbar" aria-label={label}
      aria-valuenow={Math.round(width)} aria-valuemin={0} aria-valuemax={100}>
      <span style={{ width: `${width}%` }} />
    </div>
  );
}

type Point = ComplianceDashboard["diversion_metrics"]["monthly_trend"][number];

export function MonthlyTrend({ points, target }: { points: Point[]; target: number }) {
  const data = points.map((p) => ({ month: p.month.slice(0, 7), rate: p.diversion_rate }));
  return (
    <ResponsiveContainer width="100%" height={220}>
      <LineChart data={data}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="month" />
        <YAxis domain={[0, 100]} unit="%" />
        <Tooltip />
        <Legend />
        <ReferenceLine y={target} stroke="#dc2626" strokeDasharray="4 4" label={`Target ${target}%`} />
        <Line type="linear" dataKey="rate" name="Diversion %" stroke="var(--green-700, #2f7d32)" isAnimationActive={false} />
      </LineChart>
    </ResponsiveContainer>
  );
}

export type LocationRow = LocationCompliance & { name: string };

export const locationColumns: ColumnDef<LocationRow, unknown>[] = [
  { header: "Location", accessorKey: "name" },
  { header: "Diversion Rate", accessorKey: "diversion_rate", cell: (c) => formatPercent(Number(c.getValue())) },
  { header: "Total Weight", accessorKey: "total_weight", cell: (c) => lb(Number(c.getValue())) },
  { header: "Status", accessorKey: "is_compliant", cell: (c) => <CompliantBadge ok={Boolean(c.getValue())} /> },
  { header: "Risk", accessorKey: "risk_level", cell: (c) => <RiskBadge level={String(c.getValue())} /> },
  { header: "Tickets", accessorKey: "ticket_count" },
  { header: "To divert", accessorKey: "lb_to_target", cell: (c) => (Number(c.getValue()) > 0 ? <span className="text-red">{lb(Number(c.getValue()))}</span> : "—") },
];
