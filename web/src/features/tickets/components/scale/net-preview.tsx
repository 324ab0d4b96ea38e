import { formatLbs } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import type { ListItem } from "@/lib/api/get-active-list-items";
import { effectiveTare, netWeight, parseWeight } from "../../lib/weight-rules";

type Props = { gross: string; container: string; containers: ListItem[]; customTare: string };

/**
 * Gross − container tare = net, before Create Ticket (issue 32 point 3): the same rule the server
 * applies (the container's tare, or the custom tare typed in; never below zero), in the user's
 * language and number format.
 */
export function NetPreview({ gross, container, containers, customTare }: Props) {
  const { t } = useTranslation();
  const g = parseWeight(gross);
  if (g === null || g <= 0) return null;
  const tare = effectiveTare(container, containers, customTare);
  return (
    <p className="net-preview" data-testid="net-preview" aria-live="polite">
      {t("scale.netPreview", { gross: formatLbs(g), tare: formatLbs(tare) })}{" "}
      <strong>{t("scale.netPreviewNet", { net: formatLbs(netWeight(g, tare)) })}</strong>
    </p>
  );
}
