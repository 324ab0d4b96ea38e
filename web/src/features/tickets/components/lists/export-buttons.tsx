import { useState } from "react";
import { Button } from "@/components/ui/button";
import { notify } from "@/lib/notify";
import { exportTickets } from "../../api/export-tickets";
import { exportFailureMessage, exportLabel, exportSuccessMessage, type ExportFormat } from "../../lib/export-file";
import type { TicketFilters } from "../../api/get-tickets";

/** CSV / Excel / PDF of the screen's filters; each button is busy while its file is made. */
export function ExportButtons({ filters, formats = ["csv", "excel", "pdf"] }: { filters: TicketFilters; formats?: ExportFormat[] }) {
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const run = async (format: ExportFormat) => {
    setBusy(format);
    try {
      await exportTickets(format, filters);
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
      {formats.map((f) => (
        <Button key={f} variant="secondary" busy={busy === f} busyLabel="Exporting..." disabled={busy !== null} onClick={() => void run(f)}>
          {f === "excel" ? "Excel" : exportLabel(f)}
        </Button>
      ))}
    </div>
  );
}
