import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/input";
import { Modal } from "@/components/ui/modal";
import { notify } from "@/lib/notify";

export const INVALID_EMAIL = "Please enter a valid email address";

/** The spec's rule for the email report prompt: the address must contain an at sign. */
export const emailError = (email: string) => (email.includes("@") ? null : INVALID_EMAIL);

/** Several comma-separated addresses: each must contain an at sign; the first bad one is named. */
export function recipientsError(value: string): string | null {
  const parts = value.split(",").map((p) => p.trim()).filter(Boolean);
  if (parts.length === 0) return INVALID_EMAIL;
  const bad = parts.find((p) => !p.includes("@"));
  return bad === undefined ? null : `${INVALID_EMAIL}: '${bad}'`;
}

/**
 * The EMAIL button of a report: asks for an address, has the server mail the report's PDF
 * (figures recomputed there), then confirms. Failures read 'Failed to send email: {message}'.
 */
export function EmailReportPrompt({ title, send, multiple = false, note = "The report is attached as a PDF." }: {
  title: string;
  send: (email: string) => Promise<unknown>;
  /** Accept comma-separated addresses (the server checks each and names a bad one). */
  multiple?: boolean;
  note?: string;
}) {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const close = () => {
    setOpen(false);
    setError(null);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const address = email.trim();
    const invalid = multiple ? recipientsError(address) : emailError(address);
    if (invalid) {
      setError(invalid);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await send(address);
      setSentTo(address);
      notify({ kind: "success", message: `${title} sent to ${address}` });
      setOpen(false);
    } catch (err) {
      setError(`Failed to send email: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button variant="secondary" onClick={() => { setSentTo(null); setOpen(true); }}>EMAIL</Button>
      {sentTo && <span className="muted" role="status"> {title} sent to {sentTo}.</span>}
      <Modal open={open} title={`Email ${title}`} onClose={close} size="sm" locked={busy}>
        <form noValidate onSubmit={submit}>
          <p className="muted">{note}</p>
          <TextField label={multiple ? "Email addresses (comma-separated)" : "Email address"} type={multiple ? "text" : "email"}
            autoComplete="email" value={email} autoFocus
            onChange={(e) => { setEmail(e.target.value); setError(null); }} error={error} />
          <div className="modal-footer">
            <Button variant="ghost" onClick={close} disabled={busy}>Cancel</Button>
            <Button type="submit" busy={busy} busyLabel="Sending...">Send</Button>
          </div>
        </form>
      </Modal>
    </>
  );
}
