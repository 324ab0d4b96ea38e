import { useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/input";
import { Card } from "@/components/ui/panel";
import { useSession } from "@/lib/session";
import { useExecuteAccountReset } from "../api/execute-account-reset";
import { useRequestAccountReset } from "../api/request-account-reset";

/** Account Reset (spec 1 sections 2 and 4): request an emailed token, enter it, done. */
export default function AccountResetScreen() {
  const [step, setStep] = useState<0 | 1 | 2>(0);
  const [token, setToken] = useState("");
  const [message, setMessage] = useState<{ kind: "error" | "success" | "info"; text: string } | null>(null);
  const [followUp, setFollowUp] = useState(false);
  const request = useRequestAccountReset();
  const execute = useExecuteAccountReset();
  // The confirmation names the company it resets: an admin of two companies must not reset the wrong one.
  const { user } = useSession();
  const company = user?.company?.name ?? user?.company_name ?? "your company";

  useEffect(() => {
    if (step !== 2) return;
    const t = setTimeout(() => setFollowUp(true), 3000);
    return () => clearTimeout(t);
  }, [step]);

  const send = () =>
    request.mutate(undefined, {
      onSuccess: (r) => {
        setMessage({ kind: "info", text: `${r.message} (sent to ${r.sent_to})` });
        setStep(1);
      },
      onError: (err) => setMessage({ kind: "error", text: err.message ? `Error: ${err.message}` : "Failed to send verification email" }),
    });
  const run = () => {
    if (!token.trim()) return setMessage({ kind: "error", text: "Please enter the verification token" });
    execute.mutate(token.trim(), {
      onSuccess: (r) => {
        setMessage({ kind: "success", text: `Account reset completed! ${r.tickets_removed} tickets removed.` });
        setStep(2);
      },
      onError: (err) => setMessage({ kind: "error", text: err.message ? `Error: ${err.message}` : "Failed to execute account reset" }),
    });
  };
  const cancel = () => {
    setStep(0);
    setToken("");
    setMessage(null);
  };

  return (
    <div>
      <div className="page-title"><h1>Account Reset</h1></div>
      <Card className="danger-zone" title={`Remove ${company}'s tickets and invoices`}>
        <div className="steps-line" aria-hidden="true">{[0, 1, 2].map((i) => <span key={i} className={i <= step ? "on" : ""} />)}</div>
        {message && <Alert kind={message.kind}>{message.text}</Alert>}
        {step === 0 && (
          <div className="stack">
            <p>This removes every ticket, invoice, payment, inventory record and carbon credit of <strong>{company}</strong>; people, locations, lists and customers stay. We email a one-time verification token to you; the reset only runs with that token.</p>
            <div><Button variant="danger" busy={request.isPending} busyLabel="Sending..." onClick={send}>Send verification email</Button></div>
          </div>
        )}
        {step === 1 && (
          <div className="stack">
            <p>Enter the token to reset <strong>{company}</strong>. This cannot be undone.</p>
            <TextField label="Verification token" value={token} onChange={(e) => setToken(e.target.value)} autoComplete="one-time-code" />
            <div className="row">
              <Button variant="danger" disabled={!token.trim() || execute.isPending} busy={execute.isPending} busyLabel="Resetting..." onClick={run}>Reset {company}</Button>
              <Button variant="secondary" onClick={cancel}>Cancel</Button>
            </div>
          </div>
        )}
        {step === 2 && followUp && <p className="muted">Your account is clean and ready for live data.</p>}
      </Card>
    </div>
  );
}
