import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ApiError } from "@/lib/api-client";
import { t } from "@/lib/i18n";
import { notify } from "@/lib/notify";
import { putQueuedTicket } from "@/lib/offline-store";
import { newClientId, toOfflineTicket, type ExtraImage } from "../lib/offline-sync";
import type { SimpleTicketPayload } from "../lib/simple-ticket";
import type { components } from "@/client/schema";
import type { Ticket } from "@/lib/api/get-ticket";

type TicketCreate = components["schemas"]["TicketCreate"];
/** The POST /api/tickets body; the fields the server defaults may be left out. */
export type TicketCreatePayload = Omit<TicketCreate, "is_inbound" | "status" | "manual_override"> &
  Partial<Pick<TicketCreate, "is_inbound" | "status" | "manual_override">>;
export type OutboundTicketType = NonNullable<TicketCreate["outbound_ticket_type"]>;
import { uploadTicketImages } from "./upload-ticket-images";

export type SubmitResult = { kind: "created"; ticket: Ticket } | { kind: "queued"; clientId: string };

/**
 * Sends a ticket, or keeps it in the offline queue when there is no connection. The client id
 * is made before the first attempt so a retry of the same weighing can never duplicate it.
 */
export async function submitTicket(payload: TicketCreatePayload | SimpleTicketPayload, extraImages: ExtraImage[] = []): Promise<SubmitResult> {
  const clientId = newClientId();
  const body = { ...payload, client_id: clientId, ticket_at: ("ticket_at" in payload && payload.ticket_at) || new Date().toISOString() };
  const queue = async (): Promise<SubmitResult> => {
    await putQueuedTicket(toOfflineTicket(body, clientId, extraImages));
    return { kind: "queued", clientId };
  };
  if (typeof navigator !== "undefined" && navigator.onLine === false) return queue();
  let ticket: Ticket;
  try {
    ticket = await api.post<Ticket>("/api/tickets", body);
  } catch (err) {
    if (err instanceof ApiError && err.status === 0) return queue();
    throw err;
  }
  if (extraImages.length) {
    try {
      await uploadTicketImages(ticket.id, extraImages);
    } catch (err) {
      // The ticket exists; failing here would invite a second, duplicate ticket.
      notify({ kind: "error", message: t("scale.photoNotSaved", { number: ticket.ticket_number, message: (err as Error).message }) }, 8000);
    }
  }
  return { kind: "created", ticket };
}

export function useSubmitTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    // Offline is not a reason to wait: submitTicket queues the ticket itself.
    networkMode: "always",
    mutationFn: ({ payload, extraImages }: { payload: TicketCreatePayload | SimpleTicketPayload; extraImages?: ExtraImage[] }) =>
      submitTicket(payload, extraImages),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["tickets"] }),
  });
}
