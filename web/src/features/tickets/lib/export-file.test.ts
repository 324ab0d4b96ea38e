// @vitest-environment node
import { t } from "@/lib/i18n";
import { exportFileName, exportLabel } from "./export-file";

describe("export file name", () => {
  it("takes the name from content-disposition", () => {
    expect(exportFileName('attachment; filename="tickets_2026-11-22.csv"', "csv")).toBe("tickets_2026-11-22.csv");
    expect(exportFileName("attachment; filename=report.pdf", "pdf")).toBe("report.pdf");
    expect(exportFileName("attachment; filename*=UTF-8''t%C3%A9st.xlsx", "excel")).toBe("tést.xlsx");
  });
  it("falls back to flow_tickets_export.{extension}: Excel is a real .xlsx", () => {
    expect(exportFileName(null, "excel")).toBe("flow_tickets_export.xlsx");
    expect(exportFileName("attachment", "csv")).toBe("flow_tickets_export.csv");
  });
  it("words the messages as the spec does", () => {
    expect(t("history.exportDone", { format: exportLabel("csv") })).toBe("CSV export completed successfully!");
    expect(t("history.exportFailed", { format: exportLabel("pdf") })).toBe("Failed to export PDF.");
  });
});
