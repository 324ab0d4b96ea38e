import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Schema } from "@/client/types";
import { api } from "@/lib/api-client";

// A truck-scale outbound load in two weighings (the saved-ticket mechanism of the inbound issue):
// the truck is weighed on the way in (empty or full) and the ticket saved; it is completed with
// the other weight on the way out, which issues its bill of lading and the partner's bill when
// the settings say so.
type Ticket = Schema<"TicketRead">;

/** Everything that shows a ticket or a bill changes when a load is weighed. */
function useRefresh() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: ["tickets"] });
    void qc.invalidateQueries({ queryKey: ["payables"] });
  };
}

export function useWeighIn() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: Omit<Schema<"TicketCreate">, "status" | "manual_override">) =>
      api.post<Ticket>("/api/tickets", { ...body, status: "saved", manual_override: false }),
    onSuccess: refresh,
  });
}

export function useWeighOut() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: Schema<"TicketUpdate"> }) =>
      api.put<Ticket>(`/api/tickets/${id}`, { ...body, status: "completed" }),
    onSuccess: refresh,
  });
}
