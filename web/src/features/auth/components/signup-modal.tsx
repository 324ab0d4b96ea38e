import { useReducer, useState } from "react";
import { useNavigate } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Modal } from "@/components/ui/modal";
import { ApiError } from "@/lib/api-client";
import { recaptchaToken } from "@/lib/recaptcha";
import { useSession } from "@/lib/session";
import type { CurrentUser } from "@/lib/session-types";
import { usePublicSettings } from "../api/get-public-settings";
import { useSignup, type SignupResult } from "../api/signup";
import { initialSignupState, planFor, signupReducer, titleFor, type PaidPlan } from "../signup-machine";
import { flattenAddress, type SignupForm } from "../validation";
import { ManualFormStep } from "./signup-form-step";
import { AccountTypeStep, BusinessSearchStep, OrgTypeStep } from "./signup-steps";

export function SignupModal({ account, plan, onClose }: { account: "trial" | "paid" | null; plan?: PaidPlan; onClose: () => void }) {
  const [state, dispatch] = useReducer(signupReducer, initialSignupState(account, plan));
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<SignupResult | null>(null);
  const [working, setWorking] = useState(false);
  const publicSettings = usePublicSettings();
  const signup = useSignup();
  const { signIn } = useSession();
  const navigate = useNavigate();

  const submit = async (form: SignupForm) => {
    setError(null);
    setWorking(true);
    try {
      // reCAPTCHA only when the platform enabled it with a site key; otherwise skipped cleanly.
      let token: string | null = null;
      const rc = publicSettings.data;
      if (rc?.recaptcha_enabled && rc.recaptcha_site_key) {
        try {
          token = await recaptchaToken(rc.recaptcha_site_key, "signup");
        } catch {
          setError("reCAPTCHA verification failed. Please refresh the page and try again.");
          return;
        }
      }
      const result = await signup.mutateAsync({
        company_name: form.companyName.trim(),
        admin_email: form.email.trim(),
        admin_password: form.password,
        admin_first_name: form.firstName.trim(),
        admin_last_name: form.lastName.trim(),
        phone: form.phone.trim() || null,
        address: flattenAddress(form.address),
        city: form.address.city.trim(),
        state: form.address.state.trim(),
        zip_code: form.address.zipCode.trim(),
        industry: "Food Service",
        org_type: state.orgType?.id ?? null,
        subscription_plan: planFor(state),
        account_type: state.accountType ?? "trial",
        recaptcha_token: token,
      });
      if (result.access_token) {
        signIn(result.access_token, result.user as CurrentUser);
        navigate("/app");
      } else {
        setPending(result);
      }
    } catch (err) {
      setError(err instanceof ApiError ? err.message || "Signup failed. Please try again." : "An error occurred during registration. Please try again.");
    } finally {
      setWorking(false);
    }
  };

  return (
    <Modal open title={pending ? "Account Created" : titleFor(state)} onClose={onClose} size="lg" locked={working}>
      {working && (
        <div className="overlay-busy" role="status">
          <span className="spinner" aria-hidden="true" /> Creating Your Account...
        </div>
      )}
      {pending ? (
        <Alert kind="success" title="Thanks for signing up!">{pending.message}</Alert>
      ) : (
        <div className="stack">
          {state.step !== "account_type" && (
            <button type="button" className="btn-link back-link" onClick={() => dispatch({ type: "back" })}>← Back</button>
          )}
          {error && <Alert kind="error">{error}</Alert>}
          {state.step === "account_type" && <AccountTypeStep state={state} dispatch={dispatch} />}
          {state.step === "org_type" && <OrgTypeStep dispatch={dispatch} />}
          {state.step === "business_search" && <BusinessSearchStep state={state} dispatch={dispatch} />}
          {state.step === "manual_form" && (
            <ManualFormStep key={JSON.stringify(state.form)} initial={state.form} trial={state.accountType === "trial"} busy={working} onSubmit={submit} />
          )}
        </div>
      )}
    </Modal>
  );
}
