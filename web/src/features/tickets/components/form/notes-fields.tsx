import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "@/lib/i18n";
import { systemSettingsQueryOptions } from "@/lib/session";
import { NOTES_MAX } from "../../lib/weight-rules";

type Props = { customer: string; internal: string; onChange: (patch: { customer?: string; internal?: string }) => void };

/** Customer-facing and internal notes, 500 characters each, shown only when the settings enable them. */
export function NotesFields({ customer, internal, onChange }: Props) {
  const { t } = useTranslation();
  const { data: settings } = useQuery(systemSettingsQueryOptions());
  return (
    <>
      {settings?.enable_customer_notes && (
        <div className="field span-2">
          <label htmlFor="customer-notes">{t("details.customerNotes", { count: customer.length, max: NOTES_MAX })}</label>
          <textarea id="customer-notes" maxLength={NOTES_MAX} rows={2} value={customer} onChange={(e) => onChange({ customer: e.target.value })} />
        </div>
      )}
      {settings?.enable_internal_notes && (
        <div className="field span-2">
          <label htmlFor="internal-notes">{t("details.internalNotes", { count: internal.length, max: NOTES_MAX })}</label>
          <textarea id="internal-notes" maxLength={NOTES_MAX} rows={2} value={internal} onChange={(e) => onChange({ internal: e.target.value })} />
        </div>
      )}
    </>
  );
}
