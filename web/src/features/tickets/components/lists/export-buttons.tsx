import { Button } from "@/components/ui/button";
import { BusyError } from "@/components/busy/busy-error";
import { useTranslation } from "@/lib/i18n";
import { notify } from "@/lib/notify";
import { busyLabel, useBusyAction } from "@/lib/use-busy-action";
import { EmailReportPrompt } from "@/components/email-report-prompt";
import { emailTickets } from "../../api/email-tickets";
import { exportTickets } from "../../api/export-tickets";
import { exportLabel, type ExportFormat } from "../../lib/export-file";
import type { TicketFilters } from "../../api/get-tickets";

/** CSV / Excel / PDF of the screen's filters (Excel is a real .xlsx workbook). The button that
 * runs is busy ("Preparing…" and the kilobytes received), the others wait; a failure shows beside
 * them. With `email`, an EMAIL button mails the same tickets now as PDF and CSV (spec 3 s2.11, s2.12). */
export function ExportButtons({ filters, formats = ["csv", "excel", "pdf"], email = false }: { filters: TicketFilters; formats?: ExportFormat[]; email?: boolean }) {
  const { t } = useTranslation();
  const { busy, progress, error, run, clearError } = useBusyAction();
  const start = (format: ExportFormat) => void run(format, async (onProgress) => {
    try {
      // The whole filtered set, streamed: the button counts what has arrived.
      await exportTickets(format, filters, onProgress);
    } catch (err) {
      const detail = err instanceof Error ? err.message : "";
      throw new Error(detail === "No data to export" ? t("history.noData") : "");
    }
    notify({ kind: "success", message: t("history.exportDone", { format: exportLabel(format) }) });
  }, t("history.exportFailed", { format: exportLabel(format) }));
  return (
    <div className="export-group">
      <div className="row" role="group" aria-label={t("history.export")}>
        {email && <EmailReportPrompt title="Tickets" multiple note="The tickets are attached as a PDF and a CSV file." send={(to) => emailTickets(to, filters)} />}
        {formats.map((f) => (
          <Button key={f} variant="secondary" busy={busy === f} busyLabel={busyLabel(progress, t("history.preparing"))} disabled={busy !== null} onClick={() => start(f)}>
            {f === "excel" || f === "xlsx" ? "Excel" : exportLabel(f)}
          </Button>
        ))}
      </div>
      <BusyError message={error?.message} onDismiss={clearError} />
    </div>
  );
}
