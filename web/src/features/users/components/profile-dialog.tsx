import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { SelectField } from "@/components/ui/input";
import { Modal } from "@/components/ui/modal";
import { ApiError } from "@/lib/api-client";
import { currentLanguage, isLanguage, LANGUAGES, languageOf, serverMessage, setLanguage, useTranslation, type Language } from "@/lib/i18n";
import type { CurrentUser } from "@/lib/session-types";
import { useUpdateLanguage } from "@/lib/api/update-preferences";

/** The signed-in user's profile: who they are, and the language of their screens (issue 32). */
export function ProfileDialog({ user, onClose }: { user: CurrentUser; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useUpdateLanguage();
  // Kept as a key and rendered in the language of the moment (the choice may just have changed it).
  const [status, setStatus] = useState<{ kind: "success" | "error"; message?: string } | null>(null);

  // The new language shows at once; the server keeps it for every device the user signs in on.
  const choose = (language: Language) => {
    const before = languageOf(user);
    setLanguage(language);
    setStatus(null);
    save.mutate(language, {
      onSuccess: () => setStatus({ kind: "success" }),
      onError: (err) => {
        setLanguage(before);
        const message = err instanceof ApiError ? serverMessage(err.message) : (err as Error).message;
        setStatus({ kind: "error", message });
      },
    });
  };

  return (
    <Modal open title={t("profile.title")} onClose={onClose} size="sm" closeLabel={t("common.close")}>
      <div className="stack">
        <dl className="detail-grid">
          <dt>{t("profile.name")}</dt><dd>{`${user.first_name} ${user.last_name}`.trim()}</dd>
          <dt>{t("profile.email")}</dt><dd>{user.email}</dd>
          <dt>{t("profile.role")}</dt><dd>{t(`shell.role.${user.role}`, { name: user.first_name })}</dd>
        </dl>
        <SelectField label={t("profile.language")} value={currentLanguage()} disabled={save.isPending} data-testid="language-select"
          onChange={(e) => { if (isLanguage(e.target.value)) choose(e.target.value); }}>
          {LANGUAGES.map((l) => <option key={l} value={l} lang={l}>{t(`languages.${l}`)}</option>)}
        </SelectField>
        <p className="small muted">{t("profile.languageHint")}</p>
        {status && <Alert kind={status.kind}>{status.kind === "success" ? t("profile.saved") : t("profile.failed", { message: status.message })}</Alert>}
      </div>
    </Modal>
  );
}
