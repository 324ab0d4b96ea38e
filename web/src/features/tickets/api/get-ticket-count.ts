import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { companyYearMonth } from "@/lib/format";

export const getTicketCount = (year: number, month: number, signal?: AbortSignal) =>
  api.get<{ count: number }>("/api/tickets/count", { year, month }, signal);

export const getTicketCountQueryOptions = (year: number, month: number) =>
  queryOptions({ queryKey: ["tickets", "count", year, month], queryFn: ({ signal }) => getTicketCount(year, month, signal) });

/** This month's tickets; a failure is only logged (spec 2 s8) and shows no number. */
export function useMonthTicketCount(now = new Date()) {
  const { year, month } = companyYearMonth(now);  // the company's month, not the device's
  return useQuery({ ...getTicketCountQueryOptions(year, month), retry: false });
}
