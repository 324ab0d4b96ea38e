import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { TrendDay } from "../lib/trend";
import type { components } from "@/client/schema";

type WeightShare = components["schemas"]["WeightShare"];

// Charts take typed series and never fetch. No animation: figures are read (and printed) at once.
export function TrendChart({ points }: { points: TrendDay[] }) {
  return (
    <ResponsiveContainer width="100%" height={260}>
      <LineChart data={points}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="date" />
        <YAxis yAxisId="lb" />
        <YAxis yAxisId="pct" orientation="right" domain={[0, 100]} />
        <Tooltip />
        <Legend />
        <Line yAxisId="lb" type="linear" dataKey="weight" name="Net lb" stroke="var(--color-primary, #2f7d32)" dot={false} isAnimationActive={false} />
        <Line yAxisId="lb" type="linear" dataKey="diverted_weight" name="Diverted lb" stroke="var(--color-accent, #1e88e5)" dot={false} isAnimationActive={false} />
        <Line yAxisId="pct" type="linear" dataKey="diversion_rate" name="Diversion %" stroke="var(--color-warning, #f9a825)" dot={false} connectNulls isAnimationActive={false} />
      </LineChart>
    </ResponsiveContainer>
  );
}

export function ShareBars({ shares, label }: { shares: Record<string, WeightShare>; label: string }) {
  const data = Object.entries(shares).map(([name, s]) => ({ name, weight: s.weight, percentage: s.percentage }));
  return (
    <ResponsiveContainer width="100%" height={220}>
      <BarChart data={data} layout="vertical" margin={{ left: 24 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis type="number" />
        <YAxis type="category" dataKey="name" width={120} />
        <Tooltip />
        <Bar dataKey="weight" name={label} fill="var(--color-primary, #2f7d32)" isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

export function MoneyBars({ data, x, bars }: { data: object[]; x: string; bars: { key: string; name: string }[] }) {
  return (
    <ResponsiveContainer width="100%" height={240}>
      <BarChart data={data}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey={x} />
        <YAxis />
        <Tooltip />
        <Legend />
        {bars.map((b, i) => <Bar key={b.key} dataKey={b.key} name={b.name} fill={i ? "var(--color-accent, #1e88e5)" : "var(--color-primary, #2f7d32)"} isAnimationActive={false} />)}
      </BarChart>
    </ResponsiveContainer>
  );
}

export function DiversionBar({ rate, width, tone }: { rate: number; width: number; tone: "good" | "warn" }) {
  return (
    <div className="diversion-bar" role="meter" aria-valuemin={0} aria-valuemax={100} aria-valuenow={width} aria-label="Diversion rate">
      <div className={`diversion-bar-fill diversion-bar-${tone}`} style={{ width: `${width}%` }} />
      <span className="small">{rate.toFixed(1)}%</span>
    </div>
  );
}
