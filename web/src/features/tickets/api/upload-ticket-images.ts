import { api } from "@/lib/api-client";
import { dataUrlToBlob } from "../lib/crop";
import type { ExtraImage } from "../lib/offline-sync";

/** Adds photos to a ticket, one multipart call each (kind gross, tare or additional). */
export async function uploadTicketImages(ticketId: string, images: ExtraImage[]): Promise<void> {
  for (const image of images) {
    const form = new FormData();
    form.append("kind", image.kind);
    form.append("file", await dataUrlToBlob(image.data), `${image.kind}.jpg`);
    await api.post(`/api/tickets/${ticketId}/images`, form);
  }
}
