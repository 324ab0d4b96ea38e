import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/input";
import { Modal } from "@/components/ui/modal";
import { ApiError } from "@/lib/api-client";
import { languageOf, serverMessage, setLanguage, useTranslation } from "@/lib/i18n";
import { useSession } from "@/lib/session";
import { useLogin } from "../api/login";

export interface LoginLinks {
  onForgotPassword: () => void;
  onForgotUsername: () => void;
  onStartTrial: () => void;
  onEmployeePin?: () => void;
}

export function LoginForm({ links }: { links: LoginLinks }) {
  const { t } = useTranslation();
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
          setLanguage(languageOf(result.user));
          signIn(result.access_token, result.user);
          navigate("/app");
        },
        onError: (err) => setError(err instanceof ApiError ? serverMessage(err.message) : t("login.failed")),
      },
    );
  };

  return (
    <form className="stack" onSubmit={submit} noValidate={false}>
      {error && <Alert kind="error">{error}</Alert>}
      <TextField label={t("login.email")} type="email" name="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
      <TextField label={t("login.password")} type="password" name="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
      <div className="auth-links">
        <button type="button" className="btn-link" onClick={links.onForgotPassword}>{t("login.forgotPassword")}</button>
        <button type="button" className="btn-link" onClick={links.onForgotUsername}>{t("login.forgotUsername")}</button>
      </div>
      <Button type="submit" size="lg" busy={login.isPending} busyLabel={t("login.busy")}>{t("login.submit")}</Button>
      {links.onEmployeePin && (
        <>
          <div className="divider">{t("login.or")}</div>
          <Button variant="secondary" onClick={links.onEmployeePin}>{t("login.pinButton")}</Button>
        </>
      )}
      <p className="center small">
        {t("login.newToFlow")} <button type="button" className="btn-link" onClick={links.onStartTrial}>{t("login.startTrial")}</button>
      </p>
    </form>
  );
}

/** The landing page's sign-in popup, in the browser's language (it loads with this form, so the
 * landing page itself carries no catalogue). */
export function LoginDialog({ links, onClose }: { links: LoginLinks; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open title={t("login.welcomeBack")} onClose={onClose} size="sm" closeLabel={t("common.close")}>
      <LoginForm links={links} />
    </Modal>
  );
}
