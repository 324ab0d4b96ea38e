import { queryOptions, useQuery } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";

export type CompanyInfo = components["schemas"]["CompanyInfoRead"];

export function getCompanyInfo(signal?: AbortSignal): Promise<CompanyInfo> {
  return api.get<CompanyInfo>("/api/company/info", undefined, signal);
}

export const getCompanyInfoQueryOptions = () =>
  queryOptions({ queryKey: ["company", "info"], queryFn: ({ signal }) => getCompanyInfo(signal) });

export function useCompanyInfo() {
  return useQuery(getCompanyInfoQueryOptions());
}
