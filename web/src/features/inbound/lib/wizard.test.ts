// @vitest-environment node
import { afterEach, describe, expect, it } from "vitest";
import { setLanguage } from "@/lib/i18n";
import { inboundGate } from "@/lib/plan-gates";
import {
  bulkSummary, canComplete, canLeave, differenceNote, emptyLine, estimatedQuantity, initialState, isCsvFile, previewRequest,
  MESSAGES, removeLine, successMessage, ticketPayload, type WizardState,
} from "./wizard";

const ready = (over: Partial<WizardState> = {}): WizardState => ({
  ...initialState(), payeeId: "p1", lines: [{ waste_type: "Food Scraps", quantity: "1500", unit: "lbs", notes: "" }],
  gross: "14250.5", tare: "10400", ...over,
});

describe("inbound wizard rules", () => {
  it("guards each step as spec 3 s4 says", () => {
    expect(canLeave(1, initialState())).toBe(false);
    expect(canLeave(1, ready())).toBe(true);
    expect(canLeave(2, ready({ lines: [emptyLine()] }))).toBe(false);
    expect(canLeave(2, ready())).toBe(true);
    expect(canLeave(3, ready({ gross: "0" }))).toBe(false);
  });

  it("completes only with a payee, a line and gross above tare", () => {
    expect(canComplete(ready())).toBe(true);
    expect(canComplete(ready({ tare: "14250.5" }))).toBe(false);
    expect(canComplete(ready({ payeeId: "" }))).toBe(false);
    expect(canComplete(ready({ useStoredTare: true, storedTare: 20000 }))).toBe(false);
    expect(canComplete(ready({ useStoredTare: true, storedTare: 10000, tare: "" }))).toBe(true);
  });

  it("never removes the last line and sums quantities", () => {
    const one = [emptyLine()];
    expect(removeLine(one, 0)).toBe(one);
    expect(removeLine([emptyLine(), emptyLine()], 0)).toHaveLength(1);
    expect(estimatedQuantity([{ ...emptyLine(), quantity: "2" }, { ...emptyLine(), quantity: "1.5" }])).toBe(3.5);
  });

  it("sends a saved weigh-in without tare or payment, and an unknown plate as license_plate", () => {
    const p = ticketPayload(ready({ plate: "8GGP305" }), "saved", "c1");
    expect(p.tare_weight).toBeNull();
    expect(p.payment_method).toBeNull();
    expect(p.license_plate).toBe("8GGP305");
    expect(ticketPayload(ready({ vehicleId: "v1", plate: "X" }), "completed", "c1").license_plate).toBeNull();
  });

  it("summarises bulk uploads with the first three errors", () => {
    expect(bulkSummary({ successful: 2, errors: ["a", "b", "c", "d", "e"] })).toEqual([
      "Bulk upload completed! 2 customers added successfully.", "a", "b", "c", "... and 2 more"]);
  });

  it("accepts CSV by type or extension and gates on plan and module", () => {
    expect(isCsvFile({ name: "x.CSV", type: "" })).toBe(true);
    expect(isCsvFile({ name: "x.xlsx", type: "application/vnd.ms-excel" })).toBe(false);
    // The subscription's open gates (GET /api/subscription/current `features`), not the plan's name.
    expect(inboundGate({ features: ["esg_advanced", "inbound"] }, true)).toBe("ok");
    expect(inboundGate({ features: ["esg_advanced", "email_alerts"] }, true)).toBe("enterprise");
    expect(inboundGate({ features: ["inbound"] }, false)).toBe("disabled");
  });
});

describe("billed as weighed", () => {
  it("asks for a preview only once the load can be completed", () => {
    expect(previewRequest(ready({ tare: "" }))).toBeNull();
    expect(previewRequest(ready())).toEqual({
      customer1_id: "p1", vehicle_id: null, gross_weight: "14250.5", tare_weight: "10400", use_stored_tare: false,
      line_items: [{ waste_type: "Food Scraps", quantity: "1500", unit: "lbs" }],
    });
  });

  it("says so when the typed quantities differ from the scale's net", () => {
    expect(differenceNote(2500, 2500)).toBeNull();
    const note = differenceNote(2520, 2500) ?? "";
    expect(note).toContain("2,520 lbs");
    expect(note).toContain("(+20 lbs)");
    expect(differenceNote(2480, 2500)).toContain("(−20 lbs)");
  });
});

describe("the weigh-in's messages in Spanish (issue 32 point 8)", () => {
  afterEach(() => setLanguage("en"));

  it("words the difference note, the success and the incomplete form in Spanish with es-US numbers", () => {
    setLanguage("es");
    expect(differenceNote(2520, 2500)).toBe("La báscula pesó 2,520 lb; los productos escritos suman 2,500 lb (+20 lb). "
      + "La carga se factura y se almacena con el peso neto de la báscula, repartido según las cantidades de los productos.");
    expect(successMessage({ ticket_number: "T-I-20261128-0001", line_items: [{}, {}], total_amount: 151 }))
      .toBe("¡Boleta de entrada creada! Boleta T-I-20261128-0001: 2 productos, total $151.00");
    expect(MESSAGES.incomplete).toMatch(/^Complete los campos obligatorios/);
  });

  it("keeps the English words for an English user", () => {
    expect(successMessage({ ticket_number: "T-I-1", line_items: [{}], total_amount: 5 }))
      .toBe("Multi-Product Inbound ticket created successfully! Ticket T-I-1: 1 product, total $5.00");
  });
});
