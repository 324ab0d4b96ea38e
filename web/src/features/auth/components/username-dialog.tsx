import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/input";
import { Modal } from "@/components/ui/modal";
import { ApiError, NETWORK_ERROR } from "@/lib/api-client";
import { useForgotUsername } from "../api/forgot-username";

export function UsernameDialog({ onClose, onBackToSignIn }: { onClose: () => void; onBackToSignIn: () => void }) {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const recover = useForgotUsername();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    recover.mutate(email.trim(), {
      onError: (err) => setError(err instanceof ApiError && err.message !== NETWORK_ERROR ? err.message : "Network error. Please try again."),
    });
  };
  return (
    <Modal open title="Recover Your Username" onClose={onClose} size="sm">
      {recover.isSuccess ? (
        <div className="stack">
          <Alert kind="success">{recover.data.message}</Alert>
          <Button variant="secondary" onClick={onBackToSignIn}>Back to Sign In</Button>
        </div>
      ) : (
        <form className="stack" onSubmit={submit}>
          <p className="muted">We'll email the username (sign-in email) registered for this address.</p>
          {error && <Alert kind="error">{error}</Alert>}
          <TextField label="Email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          <Button type="submit" busy={recover.isPending} busyLabel="Sending...">Send Username</Button>
          <button type="button" className="btn-link" onClick={onBackToSignIn}>Back to Sign In</button>
        </form>
      )}
    </Modal>
  );
}
