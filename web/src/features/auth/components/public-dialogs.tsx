import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { Modal } from "@/components/ui/modal";
import type { PublicDialog } from "@/lib/dialog-links";
import type { PaidPlan } from "../signup-machine";
import { LoginForm } from "./login-form";
import { PasswordDialog } from "./password-dialog";
import { PinDialog } from "./pin-dialog";
import { SignupModal } from "./signup-modal";
import { UsernameDialog } from "./username-dialog";

/**
 * The public dialogs, opened from the URL (`?dialog=login`, `?dialog=signup&account=trial`,
 * `?token=...` opens the password dialog in reset mode), so links and reloads keep them open.
 */
export function PublicDialogs({ loginAsModal = true }: { loginAsModal?: boolean }) {
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
      return loginAsModal ? (
        <Modal open title="Welcome Back" onClose={close} size="sm">
          <LoginForm links={links} />
        </Modal>
      ) : null;
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
      return <PasswordDialog token={token} onClose={close} onBackToSignIn={backToSignIn} />;
    case "username":
      return <UsernameDialog onClose={close} onBackToSignIn={backToSignIn} />;
    case "pin":
      return <PinDialog onClose={close} />;
    default:
      return null;
  }
}
