import { lazy, Suspense, useCallback, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import type { PublicDialog } from "@/lib/dialog-links";
import type { PaidPlan } from "../signup-machine";

// Each dialog loads when its URL opens it: the landing page a phone opens first carries none of
// the sign-up wizard, reset or PIN code (bundle budget: web/scripts/bundle-budget.mjs).
const LoginDialog = lazy(() => import("./login-form").then((m) => ({ default: m.LoginDialog })));
const PasswordDialog = lazy(() => import("./password-dialog").then((m) => ({ default: m.PasswordDialog })));
const PinDialog = lazy(() => import("./pin-dialog").then((m) => ({ default: m.PinDialog })));
const SignupModal = lazy(() => import("./signup-modal").then((m) => ({ default: m.SignupModal })));
const UsernameDialog = lazy(() => import("./username-dialog").then((m) => ({ default: m.UsernameDialog })));

/**
 * The public dialogs, opened from the URL (`?dialog=login`, `?dialog=signup&account=trial`,
 * `?token=...` opens the password dialog in reset mode), so links and reloads keep them open.
 */
export function PublicDialogs(props: { loginAsModal?: boolean }) {
  return (
    <Suspense fallback={null}>
      <Dialogs {...props} />
    </Suspense>
  );
}

function Dialogs({ loginAsModal = true }: { loginAsModal?: boolean }): ReactNode {
  const [params, setParams] = useSearchParams();
  const token = params.get("token");
  const dialog = (token ? "reset" : params.get("dialog")) as PublicDialog | null;

  const open = useCallback(
    (next: PublicDialog | null, extra: Record<string, string> = {}) => {
      setParams(next ? { dialog: next, ...extra } : {}, { replace: false });
    },
    [setParams],
  );
  const close = useCallback(() => open(null), [open]);
  const backToSignIn = useCallback(() => open(loginAsModal ? "login" : null), [open, loginAsModal]);

  const links = {
    onForgotPassword: () => open("reset"),
    onForgotUsername: () => open("username"),
    onStartTrial: () => open("signup", { account: "trial" }),
    onEmployeePin: () => open("pin"),
  };

  switch (dialog) {
    case "login":
      return loginAsModal ? <LoginDialog links={links} onClose={close} /> : null;
    case "signup": {
      const account = params.get("account");
      return (
        <SignupModal
          account={account === "trial" || account === "paid" ? account : null}
          plan={(params.get("plan") as PaidPlan | null) ?? undefined}
          onClose={close}
        />
      );
    }
    case "reset":
      return <PasswordDialog token={token} invite={params.get("invite") === "1"} onClose={close} onBackToSignIn={backToSignIn} />;
    case "username":
      return <UsernameDialog onClose={close} onBackToSignIn={backToSignIn} />;
    case "pin":
      return <PinDialog onClose={close} />;
    default:
      return null;
  }
}
