// @vitest-environment node
import { createDraftStore, shortDraftId } from "./draft-store";

function memoryStorage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
}

const values = {
  waste_type: "Food Scraps", destination: "Compost", container_type: "Plastic Bucket", gross_weight: "10",
  tare_weight: "", outbound_ticket_type: "type_1_container" as const, vehicle_info: {}, disposal_partner: null,
  customer_facing_notes: "", internal_notes: "", image_data: null, captured_images: [], line_items: [],
};

describe("draft store", () => {
  it("shows the first 8 characters of a draft id", () => {
    expect(shortDraftId("0123456789abcdef")).toBe("01234567");
  });
  it("creates a draft, overwrites it with the current id, loads and deletes it", () => {
    let n = 0;
    const store = createDraftStore(memoryStorage(), () => `draft-${++n}-xxxxxxxx`);
    const id = store.save(values, null);
    expect(store.list()).toHaveLength(1);
    store.save({ ...values, gross_weight: "22" }, id);
    expect(store.list()).toHaveLength(1);
    expect(store.load(id)?.gross_weight).toBe("22");
    const second = store.save(values, null);
    expect(second).not.toBe(id);
    expect(store.list()).toHaveLength(2);
    store.remove(id);
    expect(store.list().map((d) => d.id)).toEqual([second]);
  });
  it("survives corrupt storage", () => {
    const storage = memoryStorage();
    storage.setItem("flow.ticketDrafts", "{not json");
    expect(createDraftStore(storage).list()).toEqual([]);
  });
});
