import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/input";
import { Modal } from "@/components/ui/modal";
import { ApiError, NETWORK_ERROR } from "@/lib/api-client";
import { serverMessage, setLanguage, languageOf, useTranslation } from "@/lib/i18n";
import { useSession } from "@/lib/session";
import { useEmployeePinLogin } from "../api/employee-pin-login";
import { pinComplete, sanitizePin } from "../validation";

export function PinDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState("");
  const [pin, setPin] = useState("");
  const [error, setError] = useState<string | null>(null);
  const pinLogin = useEmployeePinLogin();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!pinComplete(pin)) return;
    setError(null);
    pinLogin.mutate(
      { email: email.trim(), pin },
      {
        onSuccess: (r) => {
          setLanguage(languageOf(r.user)); // the scale opens in the operator's language
          signIn(r.access_token, r.user);
          navigate("/app/scale");
        },
        // A locked PIN (429) says so; anything else stays the spec's generic message.
        onError: (err) => setError(err instanceof ApiError && (err.status === 429 || err.message === NETWORK_ERROR) ? serverMessage(err.message) : t("pin.failed")),
      },
    );
  };
  return (
    <Modal open title={t("pin.title")} onClose={onClose} size="sm" closeLabel={t("common.close")}>
      <form className="stack" onSubmit={submit}>
        {error && <Alert kind="error">{error}</Alert>}
        <TextField label={t("pin.email")} type="email" required value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="username" />
        <TextField
          label={t("pin.pin")}
          type="password"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="\d{4}"
          maxLength={4}
          value={pin}
          onChange={(e) => setPin(sanitizePin(e.target.value))}
          className="pin-field"
        />
        <Button type="submit" size="lg" disabled={!pinComplete(pin)} busy={pinLogin.isPending} busyLabel={t("pin.busy")}>{t("pin.submit")}</Button>
      </form>
    </Modal>
  );
}
