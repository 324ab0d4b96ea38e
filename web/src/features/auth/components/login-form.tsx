import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/input";
import { ApiError } from "@/lib/api-client";
import { useSession } from "@/lib/session";
import { useLogin } from "../api/login";

export interface LoginLinks {
  onForgotPassword: () => void;
  onForgotUsername: () => void;
  onStartTrial: () => void;
  onEmployeePin?: () => void;
}

export function LoginForm({ links }: { links: LoginLinks }) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const login = useLogin();
  const { signIn } = useSession();
  const navigate = useNavigate();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (result) => {
          signIn(result.access_token, result.user);
          navigate("/app");
        },
        onError: (err) => setError(err instanceof ApiError ? err.message : "Login failed"),
      },
    );
  };

  return (
    <form className="stack" onSubmit={submit} noValidate={false}>
      {error && <Alert kind="error">{error}</Alert>}
      <TextField label="Email" type="email" name="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
      <TextField label="Password" type="password" name="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
      <div className="auth-links">
        <button type="button" className="btn-link" onClick={links.onForgotPassword}>Forgot Password?</button>
        <button type="button" className="btn-link" onClick={links.onForgotUsername}>Forgot Username?</button>
      </div>
      <Button type="submit" size="lg" busy={login.isPending} busyLabel="Signing in...">Sign In</Button>
      {links.onEmployeePin && (
        <>
          <div className="divider">or</div>
          <Button variant="secondary" onClick={links.onEmployeePin}>Employee Sign In (4-digit PIN)</Button>
        </>
      )}
      <p className="center small">
        New to Flow? <button type="button" className="btn-link" onClick={links.onStartTrial}>Start a free trial</button>
      </p>
    </form>
  );
}
