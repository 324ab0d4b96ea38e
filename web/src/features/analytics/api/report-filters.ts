import type { operations } from "@/client/schema";

/** The filters every report call takes (generated from the OpenAPI query), with the period always set. */
export type ReportFilters = NonNullable<operations["analytics-get_basic_report"]["parameters"]["query"]> & {
  start_date: string;
  end_date: string;
};
