import { useEffect, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/input";
import { Modal } from "@/components/ui/modal";
import { ApiError, NETWORK_ERROR } from "@/lib/api-client";
import { useForgotPassword } from "../api/forgot-password";
import { useResetPassword } from "../api/reset-password";
import { validateNewPassword } from "../validation";

const RESET_DONE = "Password reset successfully! You can now sign in with your new password.";
const INVITE_DONE = "Your password is set. You can now sign in with it.";
const RETURN_DELAY_MS = 2000;

/** Request mode (email) or reset mode (token from the URL): spec 1 sections 2, 4, 5 and 8. */
export function PasswordDialog({ token, invite = false, onClose, onBackToSignIn }: {
  token: string | null; invite?: boolean; onClose: () => void; onBackToSignIn: () => void;
}) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const forgot = useForgotPassword();
  const reset = useResetPassword();
  const done = reset.isSuccess;

  useEffect(() => {
    if (!done) return;
    const t = setTimeout(onBackToSignIn, RETURN_DELAY_MS);
    return () => clearTimeout(t);
  }, [done, onBackToSignIn]);

  const request = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    forgot.mutate(email.trim(), {
      onSuccess: (r) => setMessage(r.message),
      onError: (err) => setError(err instanceof ApiError && err.message !== NETWORK_ERROR ? err.message : "Network error. Please try again."),
    });
  };
  const submitReset = (e: FormEvent) => {
    e.preventDefault();
    const invalid = validateNewPassword(password, confirm);
    if (invalid) return setError(invalid);
    setError(null);
    reset.mutate(
      { token: token ?? "", new_password: password },
      { onError: (err) => setError(err instanceof ApiError ? err.message : "Password reset failed") },
    );
  };

  return (
    <Modal open title={token ? (invite ? "Set your password" : "Set a New Password") : "Reset Your Password"} onClose={onClose} size="sm">
      {token ? (
        done ? (
          <Alert kind="success">{invite ? INVITE_DONE : RESET_DONE}</Alert>
        ) : (
          <form className="stack" onSubmit={submitReset}>
            {error && <Alert kind="error">{error}</Alert>}
            <TextField label="New Password" type="password" autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
            <TextField label="Confirm Password" type="password" autoComplete="new-password" required value={confirm} onChange={(e) => setConfirm(e.target.value)} />
            <Button type="submit" busy={reset.isPending} busyLabel={invite ? "Saving..." : "Resetting..."}>{invite ? "Set Password" : "Reset Password"}</Button>
          </form>
        )
      ) : message ? (
        <div className="stack">
          <Alert kind="success">{message}</Alert>
          <Button variant="secondary" onClick={onBackToSignIn}>Back to Sign In</Button>
        </div>
      ) : (
        <form className="stack" onSubmit={request}>
          <p className="muted">Enter your account email and we'll send you a link to choose a new password.</p>
          {error && <Alert kind="error">{error}</Alert>}
          <TextField label="Email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          <Button type="submit" busy={forgot.isPending} busyLabel="Sending...">Send Reset Link</Button>
          <button type="button" className="btn-link" onClick={onBackToSignIn}>Back to Sign In</button>
        </form>
      )}
    </Modal>
  );
}
