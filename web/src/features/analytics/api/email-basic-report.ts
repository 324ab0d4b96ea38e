import { useMutation } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";
import type { ReportFilters } from "./report-filters";
import { exportBody } from "./export-basic-report";

export type ReportEmailSent = components["schemas"]["ReportEmailSent"];
export type EmailReportInput = { email: string; filters: ReportFilters };

/** POST /api/reports/basic/email: the Basic Report PDF mailed to one address. */
export const emailBasicReport = ({ email, filters }: EmailReportInput) =>
  api.post<ReportEmailSent>("/api/reports/basic/email", { email, filters: exportBody(filters) });

export function useEmailBasicReport() {
  return useMutation({ mutationFn: emailBasicReport });
}
