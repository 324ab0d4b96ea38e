import { Badge } from "@/components/ui/badge";
import { formatNumber } from "@/lib/format";
import { LastRefreshed } from "@/components/ui/last-refreshed";
import { ScrollX } from "@/components/ui/scroll-x";
import { Card, EmptyState, Spinner } from "@/components/ui/panel";
import { fetchApiFile, fileNameFrom, saveResponse } from "@/lib/download";
import { useFollowWarehouse } from "@/lib/follow-warehouse";
import { notify } from "@/lib/notify";
import { useBusyAction, type OnProgress } from "@/lib/use-busy-action";
import { Button } from "@/components/ui/button";
import { BusyError } from "@/components/busy/busy-error";
import { STATE_LAWS, useStateLaws, type StateLawEntry, type StateLaws } from "../api/state-laws";
import { ProgressBar, day } from "./parts";
import "./compliance.css";

const UNITS: Record<string, string> = { short_tons: "tons", cubic_yards: "cubic yards", gallons: "gallons" };

export const amount = (value: number, unit: string, period: string) =>
  `${formatNumber(value, 2)} ${UNITS[unit] ?? unit} a ${period}`;

export function CoveredBadge({ law }: { law: StateLawEntry }) {
  if (law.basis === "none") return <Badge>No state law</Badge>;
  if (law.covered === true) return <Badge tone="blue">Covered</Badge>;
  if (law.covered === false) return <Badge tone="green">Not covered</Badge>;
  return <Badge tone="amber">Depends on a condition</Badge>;
}

async function exportFile(format: "csv" | "pdf", onProgress?: OnProgress): Promise<string> {
  const response = await fetchApiFile(`${STATE_LAWS}?format=${format}`);
  const name = fileNameFrom(response.headers.get("content-disposition"), `state_laws.${format}`);
  await saveResponse(response, name, onProgress);
  return name;
}

function Rate({ law }: { law: StateLawEntry }) {
  if (law.basis === "all") return <span className="small">Applies to every business</span>;
  if (!law.threshold) return <span className="small muted">No statewide threshold</span>;
  const t = law.threshold;
  const m = law.measured;
  if (!m || m.value === null) return <span className="small muted">No weights yet; threshold {amount(t.value, t.unit, t.period)}</span>;
  return (
    <div>
      <ProgressBar value={m.value} target={t.value} label={`${law.law}: measured against threshold`} />
      <span className="small">{amount(m.value, m.unit, t.period)} of {amount(t.value, t.unit, t.period)}
        {" "}(average of {m.weeks} week{m.weeks === 1 ? "" : "s"} with weights)</span>
    </div>
  );
}

function ExportButtons() {
  const { busy, label, error, run, clearError } = useBusyAction();
  const start = (format: "csv" | "pdf") => void run(format, (onProgress) => exportFile(format, onProgress).then(
    (n) => notify({ kind: "success", message: `Saved ${n}` })), "Export failed.");
  return (
    <span className="export-group">
      <span className="row">
        <Button variant="secondary" size="sm" busy={busy === "csv"} busyLabel={label} disabled={busy !== null} onClick={() => start("csv")}>Export CSV</Button>
        <Button size="sm" busy={busy === "pdf"} busyLabel={label} disabled={busy !== null} onClick={() => start("pdf")}>Export PDF</Button>
      </span>
      <BusyError message={error?.message} onDismiss={clearError} />
    </span>
  );
}

function Locations({ data }: { data: StateLaws }) {
  return (
    <ScrollX label="State laws by location">
      <table className="data-table state-laws-table">
        <thead>
          <tr><th>Location</th><th>State</th><th>Law</th><th>Status</th><th>Measured rate against the threshold</th><th>In effect</th><th>Conditions and source</th></tr>
        </thead>
        <tbody>
          {data.locations.flatMap((loc) => loc.laws.map((law, i) => (
            <tr key={`${loc.store_id}-${law.law_key ?? "none"}`}>
              {i === 0 && <td rowSpan={loc.laws.length}>{loc.location}</td>}
              {i === 0 && <td rowSpan={loc.laws.length}>{loc.state}</td>}
              <td>{law.law ?? "No statewide organics law on file"}{law.citation && <div className="small muted">{law.citation}</div>}</td>
              <td><CoveredBadge law={law} /></td>
              <td><Rate law={law} /></td>
              <td>{law.effective_date ? day(law.effective_date) : "—"}
                {law.next_step && <div className="small muted">Next step {day(law.next_step.effective_date)}
                  {law.next_step.threshold && `: ${amount(law.next_step.threshold.value, law.next_step.threshold.unit, law.next_step.threshold.period)}`}</div>}
              </td>
              <td>
                {law.conditions.map((c) => <div key={c} className="small">{c}</div>)}
                <div className="small muted">Source: {law.source}</div>
                {law.unconfirmed && <div className="small muted">Not yet confirmed: {law.unconfirmed}</div>}
              </td>
            </tr>
          )))}
        </tbody>
      </table>
    </ScrollX>
  );
}

/** Reports > State laws: which state organics laws cover each location, from its own weights. */
export default function StateLawsScreen() {
  useFollowWarehouse(["compliance"]);
  const { data, isPending, error } = useStateLaws();
  if (isPending) return <Spinner />;
  if (error) {
    return (
      <EmptyState title="State laws could not be shown">
        <p>{error.message}</p>
        <p><a href="/app/locations">Go to Locations</a></p>
      </EmptyState>
    );
  }
  return (
    <div>
      <div className="compliance-head">
        <h2>State organics laws by location</h2>
        <ExportButtons />
      </div>
      <LastRefreshed figures={data} />
      <p className="small muted">
        Each location's rate is the average of its latest weeks with weights (up to 52) from its own scale tickets, in the
        law's own unit. Conditions Flow cannot check, such as a recycler with capacity nearby, are listed and never assumed met.
      </p>
      {data.action_items.length > 0 && (
        <Card title="Coming up">
          <ul className="compliance-list">
            {data.action_items.map((a) => <li key={a.title}><strong>{a.title}</strong>{a.effective_date && <div className="small">In effect {day(a.effective_date)}</div>}</li>)}
          </ul>
        </Card>
      )}
      <Card title="Locations">
        {data.locations.length === 0 ? <p className="muted">No active locations.</p> : <Locations data={data} />}
      </Card>
    </div>
  );
}

/** The compliance dashboard's card: how many locations each law covers, and the link to the report. */
export function StateLawsCard() {
  const { data, error } = useStateLaws();
  return (
    <Card title="State laws" actions={<a href="/app/state-laws">Open report</a>}>
      {error ? <p className="small">{error.message}</p> : !data ? <Spinner /> : (
        <ul className="compliance-list">
          {data.locations.map((loc) => (
            <li key={loc.store_id}>
              <strong>{loc.location} ({loc.state})</strong>{" "}
              {loc.laws.map((law) => <span key={law.law_key ?? "none"}><CoveredBadge law={law} /> {law.law ?? ""} </span>)}
            </li>
          ))}
          {data.action_items.map((a) => <li key={a.title} className="small">{a.title}</li>)}
        </ul>
      )}
    </Card>
  );
}
