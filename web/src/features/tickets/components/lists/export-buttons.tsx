import { useState } from "react";
import { Button } from "@/components/ui/button";
import { notify } from "@/lib/notify";
import { EmailReportPrompt } from "@/components/email-report-prompt";
import { emailTickets } from "../../api/email-tickets";
import { exportTickets } from "../../api/export-tickets";
import { exportFailureMessage, exportLabel, exportSuccessMessage, type ExportFormat } from "../../lib/export-file";
import type { TicketFilters } from "../../api/get-tickets";

const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024)).toLocaleString("en-US")} KB`;

/** CSV / Excel / PDF of the screen's filters; each button is busy while its file is made. With
 * `email`, an EMAIL button mails the same tickets now as PDF and CSV (spec 3 s2.11, s2.12). */
export function ExportButtons({ filters, formats = ["csv", "excel", "pdf"], email = false }: { filters: TicketFilters; formats?: ExportFormat[]; email?: boolean }) {
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const [received, setReceived] = useState(0);
  const run = async (format: ExportFormat) => {
    setBusy(format);
    setReceived(0);
    try {
      // The whole filtered set, streamed: the button counts what has arrived.
      await exportTickets(format, filters, setReceived);
      notify({ kind: "success", message: exportSuccessMessage(format) });
    } catch (err) {
      const detail = err instanceof Error ? err.message : "";
      notify({ kind: "error", message: detail === "No data to export" ? "No data to export" : exportFailureMessage(format) });
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="row" role="group" aria-label="Export">
      {email && <EmailReportPrompt title="Tickets" multiple note="The tickets are attached as a PDF and a CSV file." send={(to) => emailTickets(to, filters)} />}
      {formats.map((f) => (
        <Button key={f} variant="secondary" busy={busy === f} busyLabel={received > 0 ? `Exporting... ${kilobytes(received)}` : "Exporting..."} disabled={busy !== null} onClick={() => void run(f)}>
          {f === "excel" ? "Excel" : exportLabel(f)}
        </Button>
      ))}
    </div>
  );
}
