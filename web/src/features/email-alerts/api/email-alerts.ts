import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";

export type EmailAlertList = components["schemas"]["EmailAlertList"];
export type EmailAlert = components["schemas"]["EmailAlertRead"];
export type EmailAlertInput = components["schemas"]["EmailAlertCreate"];
export type TestSendResult = components["schemas"]["TestSendResult"];

const KEY = ["email-alerts"] as const;

export function getEmailAlerts(signal?: AbortSignal): Promise<EmailAlertList> {
  return api.get<EmailAlertList>("/api/email-alerts", undefined, signal);
}

export const emailAlertsQueryOptions = () => queryOptions({ queryKey: KEY, queryFn: ({ signal }) => getEmailAlerts(signal) });

export function useEmailAlerts() {
  return useQuery(emailAlertsQueryOptions());
}

function useAlertMutation<TInput, TResult>(fn: (input: TInput) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: KEY }) });
}

export function useCreateEmailAlert() {
  return useAlertMutation((body: EmailAlertInput) => api.post<EmailAlert>("/api/email-alerts", body));
}

export function useUpdateEmailAlert() {
  return useAlertMutation(({ id, ...body }: Partial<EmailAlertInput> & { id: string }) =>
    api.put<EmailAlert>(`/api/email-alerts/${id}`, body));
}

export function useDeleteEmailAlert() {
  return useAlertMutation((id: string) => api.delete<{ message: string }>(`/api/email-alerts/${id}`));
}

export function useSendTestEmailAlert() {
  return useAlertMutation((id: string) => api.post<TestSendResult>(`/api/email-alerts/${id}/send-test`));
}
