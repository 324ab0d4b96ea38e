// @vitest-environment node
import { describe, expect, it } from "vitest";
import type { TenantCompany } from "../api/set-company-status";
import { companyChanges } from "./edit-company-dialog";

const company = {
  id: "c1", name: "Bistro", email: "a@example.com", industry: "Food Service", phone: null,
  address: { street: "1 Main", city: "Oakland", state: "CA", zip: "94607" }, max_facilities_override: 3,
} as TenantCompany;
const form = {
  name: "Bistro", email: "a@example.com", industry: "Food Service", phone: "", address_street: "1 Main",
  address_city: "Oakland", address_state: "CA", address_zip: "94607", max_facilities_override: "3",
};

describe("companyChanges", () => {
  it("sends nothing when nothing changed", () => {
    expect(companyChanges(company, form)).toEqual({});
  });
  it("sends changed fields only, trimmed, with the limit as a number", () => {
    expect(companyChanges(company, { ...form, name: " Bistro Group ", max_facilities_override: "5" })).toEqual({ name: "Bistro Group", max_facilities_override: 5 });
  });
  it("a blank limit goes back to the plan's (null)", () => {
    expect(companyChanges(company, { ...form, max_facilities_override: "" })).toEqual({ max_facilities_override: null });
  });
});
