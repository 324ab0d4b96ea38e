import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, Spinner } from "@/components/ui/panel";
import { StatCard } from "@/components/ui/stat-card";
import { useCompleteReset } from "../api/complete-reset";
import { useSeedDataStats } from "../api/get-seed-data-stats";

const LABELS = ["GO LIVE", "Yes I'm Sure", "Final Confirmation", "EXECUTE GO LIVE"];
const WARNINGS = [
  "GO LIVE removes every test company and its data from the platform.",
  "Are you sure? Test tickets, users, companies and stores will be deleted.",
  "This cannot be undone. Confirm once more to arm the reset.",
  "Last step: pressing EXECUTE GO LIVE runs the complete reset now.",
];

/** GO LIVE (spec 1 section 4): four clicks, Cancel from step 1, then the complete reset. */
export default function GoLiveScreen() {
  const stats = useSeedDataStats();
  const reset = useCompleteReset();
  const [step, setStep] = useState(0);
  const [result, setResult] = useState<string | null>(null);
  const click = () => {
    if (step < 3) return setStep(step + 1);
    reset.mutate(undefined, {
      onSuccess: (r) => {
        setResult(`${r.message} Deleted ${r.deleted_tickets} tickets, ${r.deleted_users} users, ${r.deleted_companies} companies and ${r.deleted_stores} stores.`);
        setStep(0);
        stats.refetch();
      },
      onError: (err) => {
        window.alert(`COMPLETE RESET Failed\n${err.message || "Failed to execute complete system reset"}`);
        setStep(0);
      },
    });
  };
  return (
    <div>
      <div className="page-title"><h1>GO LIVE</h1></div>
      {stats.isLoading ? <Spinner /> : (
        <div className="stats">
          <StatCard label="Total tickets" value={stats.data?.total_tickets ?? "—"} />
          <StatCard label="Total users" value={stats.data?.total_users ?? "—"} />
          <StatCard label="Test companies" value={stats.data?.test_companies ?? "—"} />
          <StatCard label="Sample data rows" value={stats.data?.sample_data_size ?? "—"} />
        </div>
      )}
      <Card className="danger-zone" title="Complete reset of test data">
        <div className="steps-line" aria-hidden="true">{[0, 1, 2, 3].map((i) => <span key={i} className={i <= step ? "on" : ""} />)}</div>
        {result && <p role="status" className="alert alert-success">{result}</p>}
        <p>{WARNINGS[step]}</p>
        <div className="row">
          <Button variant="danger" busy={reset.isPending} busyLabel="Resetting..." onClick={click}>{LABELS[step]}</Button>
          {step >= 1 && !reset.isPending && <Button variant="secondary" onClick={() => setStep(0)}>Cancel</Button>}
        </div>
      </Card>
    </div>
  );
}
