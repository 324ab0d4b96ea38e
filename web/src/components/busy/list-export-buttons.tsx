import { Button } from "@/components/ui/button";
import { downloadApiFile } from "@/lib/download";
import { useBusyAction } from "@/lib/use-busy-action";
import { BusyError } from "./busy-error";

const FORMATS = [{ format: "csv", label: "CSV" }, { format: "xlsx", label: "Excel" }] as const;

/**
 * CSV and Excel (.xlsx) of a whole list as its filters stand (not the page shown): GET
 * `{path}?format=csv|xlsx&...filters`. The button that runs is busy ("Preparing…"); the failure
 * (e.g. "No data to export") shows beside the buttons.
 */
export function ListExportButtons({ path, filters, name, label = "Export" }: {
  path: string;
  filters: Record<string, string | undefined | null>;
  /** The file's name without extension when the server gives none. */
  name: string;
  /** The group's accessible name, e.g. "Export invoices". */
  label?: string;
}) {
  const { busy, label: busyLabel, error, run, clearError } = useBusyAction();
  return (
    <div className="export-group">
      <div className="row" role="group" aria-label={label}>
        {FORMATS.map(({ format, label: text }) => (
          <Button key={format} variant="secondary" size="sm" busy={busy === format} busyLabel={busyLabel} disabled={busy !== null}
            onClick={() => void run(format, (onProgress) => downloadApiFile(path, { ...filters, format }, `${name}.${format}`, onProgress),
              `The ${text} file could not be made.`)}>
            {text}
          </Button>
        ))}
      </div>
      <BusyError message={error?.message} onDismiss={clearError} />
    </div>
  );
}
