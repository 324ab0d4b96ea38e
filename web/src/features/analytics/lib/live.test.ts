import { describe, expect, it } from "vitest";
import { getBasicReportQueryOptions } from "../api/get-basic-report";
import { getCostAnalysisQueryOptions } from "../api/get-cost-analysis";
import { getDashboardQueryOptions } from "../api/get-dashboard";
import { getEsgReportQueryOptions } from "../api/get-esg-report";
import { WAREHOUSE_POLL_MS } from "./live";

describe("open dashboards follow the warehouse", () => {
  const filters = { start_date: "2026-11-01", end_date: "2026-11-30" };
  it.each([
    ["dashboard", getDashboardQueryOptions(filters)],
    ["basic report", getBasicReportQueryOptions(filters)],
    ["ESG report", getEsgReportQueryOptions(filters)],
    ["cost analysis", getCostAnalysisQueryOptions(filters)],
  ])("%s asks again every 15 s", (_name, options) => {
    expect(WAREHOUSE_POLL_MS).toBe(15_000);
    expect(options.refetchInterval).toBe(WAREHOUSE_POLL_MS);
  });
});
