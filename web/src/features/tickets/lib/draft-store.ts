// Drafts stay in the browser (spec 2 s2.4): save overwrites the current draft id, load sets it.
import type { CapturedImage } from "./image-caps";

export type LineItem = { id: string; waste_type: string; quantity: string; unit: "lbs" | "tons" | "cubic_yards"; notes: string };

export type TicketDraft = {
  id: string;
  timestamp: string;
  waste_type: string;
  destination: string;
  container_type: string;
  gross_weight: string;
  tare_weight: string;
  outbound_ticket_type: "type_1_container" | "type_2_truck_scale";
  vehicle_info: Record<string, string>;
  disposal_partner: { id: string; name: string } | null;
  customer_facing_notes: string;
  internal_notes: string;
  image_data: string | null;
  captured_images: CapturedImage[];
  line_items: LineItem[];
  draft: true;
};

export const DRAFTS_KEY = "flow.ticketDrafts";

type KeyValueStore = Pick<Storage, "getItem" | "setItem">;

export function shortDraftId(id: string): string {
  return id.slice(0, 8);
}

export function createDraftStore(storage: KeyValueStore, newId: () => string = () => crypto.randomUUID()) {
  const read = (): TicketDraft[] => {
    try {
      const parsed = JSON.parse(storage.getItem(DRAFTS_KEY) ?? "[]");
      return Array.isArray(parsed) ? parsed : [];
    } catch {
      return [];
    }
  };
  const write = (drafts: TicketDraft[]) => storage.setItem(DRAFTS_KEY, JSON.stringify(drafts));

  return {
    list(): TicketDraft[] {
      return read().sort((a, b) => b.timestamp.localeCompare(a.timestamp));
    },
    /** Creates a draft, or overwrites the one with currentId; returns the draft's id. */
    save(values: Omit<TicketDraft, "id" | "timestamp" | "draft">, currentId: string | null, now = new Date()): string {
      const id = currentId ?? newId();
      const draft: TicketDraft = { ...values, id, timestamp: now.toISOString(), draft: true };
      write([...read().filter((d) => d.id !== id), draft]);
      return id;
    },
    load(id: string): TicketDraft | null {
      return read().find((d) => d.id === id) ?? null;
    },
    remove(id: string): void {
      write(read().filter((d) => d.id !== id));
    },
  };
}

export type DraftStore = ReturnType<typeof createDraftStore>;
