import { useEffect } from "react";
import { Link, Navigate, useSearchParams } from "react-router";
import { useTranslation } from "@/lib/i18n";
import { useSession } from "@/lib/session";
import { LoginForm } from "./login-form";
import { PublicDialogs } from "./public-dialogs";

export default function LoginPage() {
  const { t } = useTranslation();
  const { status } = useSession();
  const [, setParams] = useSearchParams();
  useEffect(() => {
    document.title = t("login.pageTitle");
  }, [t]);
  if (status === "authenticated") return <Navigate to="/app" replace />;
  const open = (dialog: string, extra: Record<string, string> = {}) => setParams({ dialog, ...extra });
  return (
    <div className="auth-page">
      <main className="auth-card">
        <Link to="/" className="landing-brand"><span className="brand-mark" aria-hidden="true" /> Flow</Link>
        <h1>{t("login.title")}</h1>
        <LoginForm
          links={{
            onForgotPassword: () => open("reset"),
            onForgotUsername: () => open("username"),
            onStartTrial: () => open("signup", { account: "trial" }),
            onEmployeePin: () => open("pin"),
          }}
        />
        <p className="center small"><Link to="/">{t("login.backHome")}</Link></p>
      </main>
      <PublicDialogs loginAsModal={false} />
    </div>
  );
}
