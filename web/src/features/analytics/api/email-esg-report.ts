import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { EmailReportInput, ReportEmailSent } from "./email-basic-report";
import { exportBody } from "./export-basic-report";

/** POST /api/reports/esg/email (PRO+): the ESG Impact Report PDF mailed to one address. */
export const emailEsgReport = ({ email, filters }: EmailReportInput) =>
  api.post<ReportEmailSent>("/api/reports/esg/email", { email, filters: exportBody(filters) });

export function useEmailEsgReport() {
  return useMutation({ mutationFn: emailEsgReport });
}
