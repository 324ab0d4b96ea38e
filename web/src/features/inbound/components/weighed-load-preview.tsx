import { Alert } from "@/components/ui/alert";
import { formatUsd, formatWeight, getDisplayLocale } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { type InboundPreviewRequest, useInboundPricePreview } from "../api/inbound";
import { differenceNote } from "../lib/wizard";

const lbs = formatWeight;
const usd = formatUsd;

/** Before Complete: the load as it will be billed. The scale's net weight is billed and stocked;
 * the lines share it by their typed quantities, so a difference is shown here, not found later. */
export function WeighedLoadPreview({ body }: { body: InboundPreviewRequest | null }) {
  const { t } = useTranslation();
  const preview = useInboundPricePreview(body);
  if (!body) return null;
  if (preview.isError) return <Alert kind="warning">{t("inbound.previewUnavailable", { message: (preview.error as Error).message })}</Alert>;
  const p = preview.data;
  if (!p) return <p className="muted" role="status">{t("inbound.calculating")}</p>;
  const note = differenceNote(p.net_weight, p.declared_lbs);
  return (
    <section className="weighed-preview" aria-label={t("inbound.billed")}>
      <p><strong>{t("inbound.net", { weight: lbs(p.net_weight) })}</strong> ({lbs(p.gross_weight)} − {lbs(p.tare_weight)})</p>
      {note && <Alert kind="warning">{note}</Alert>}
      <div className="data-table"><table>
        <caption className="sr-only">{t("inbound.linesCaption")}</caption>
        <thead><tr><th scope="col">{t("inbound.colProduct")}</th><th scope="col">{t("inbound.colTyped")}</th><th scope="col">{t("inbound.colBilled")}</th><th scope="col">{t("inbound.colAmount")}</th></tr></thead>
        <tbody>
          {p.line_items.map((li, i) => (
            <tr key={i}>
              <td>{li.waste_type}</td>
              <td>{li.declared_quantity.toLocaleString(getDisplayLocale())} {t(`lists.unit.${li.declared_unit}`, { defaultValue: li.declared_unit })}</td>
              <td>{lbs(li.quantity_lbs)}</td>
              <td>{usd(li.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot><tr><th scope="row" colSpan={2}>{t("inbound.total")}</th><td>{lbs(p.net_weight)}</td><td><strong>{usd(p.total_amount)}</strong></td></tr></tfoot>
      </table></div>
    </section>
  );
}
