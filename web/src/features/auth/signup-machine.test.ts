// @vitest-environment node
import { describe, expect, it } from "vitest";
import { ORG_TYPES, filterByOrgType } from "./org-types";
import { initialSignupState, planFor, signupReducer, titleFor, type SignupEvent, type SignupState } from "./signup-machine";

const run = (events: SignupEvent[], start: SignupState = initialSignupState()) => events.reduce(signupReducer, start);
const restaurant = ORG_TYPES[0];

describe("sign-up state machine", () => {
  it("starts at the account type chooser titled Get Started with pro selected", () => {
    const s = initialSignupState();
    expect(s.step).toBe("account_type");
    expect(titleFor(s)).toBe("Get Started");
    expect(s.chosenPlan).toBe("pro");
  });

  it("walks a trial through every step to the form titled for a PRO trial", () => {
    const s = run([{ type: "choose_trial" }, { type: "choose_org_type", orgType: restaurant }, { type: "enter_manually" }]);
    expect(s.step).toBe("manual_form");
    expect(s.orgType?.id).toBe("restaurant");
    expect(titleFor(s)).toBe("Start Your PRO Trial");
    expect(planFor(s)).toBe("pro");
  });

  it("uses the chosen plan for a paid account", () => {
    const s = run([{ type: "select_plan", plan: "enterprise" }, { type: "choose_paid", plan: "enterprise" }, { type: "skip_org_type" }, { type: "enter_manually" }]);
    expect(planFor(s)).toBe("enterprise");
    expect(titleFor(s)).toBe("Start Your Paid Account");
  });

  it("maps a trial to pro whatever plan was highlighted", () => {
    expect(planFor(run([{ type: "select_plan", plan: "core" }, { type: "choose_trial" }]))).toBe("pro");
  });

  it("skipping the type searches all types", () => {
    const s = run([{ type: "choose_trial" }, { type: "skip_org_type" }]);
    expect(s.step).toBe("business_search");
    expect(s.orgType).toBeNull();
    expect(titleFor(s)).toBe("Find Your Organization");
  });

  it("goes back one step at a time and clears the account choice from the type step", () => {
    let s = run([{ type: "choose_trial" }, { type: "choose_org_type", orgType: restaurant }, { type: "enter_manually" }]);
    s = signupReducer(s, { type: "back" });
    expect(s.step).toBe("business_search");
    s = signupReducer(s, { type: "back" });
    expect(s.step).toBe("org_type");
    s = signupReducer(s, { type: "back" });
    expect(s.step).toBe("account_type");
    expect(s.accountType).toBeNull();
  });

  it("fills the form from a picked business and empties it for manual entry", () => {
    const picked = run([{ type: "choose_trial" }, { type: "skip_org_type" }, { type: "pick_business", form: { companyName: "Blue Bistro", address: { city: "Oakland" } } }]);
    expect(picked.step).toBe("manual_form");
    expect(picked.form.companyName).toBe("Blue Bistro");
    expect(picked.form.address).toEqual({ street: "", city: "Oakland", state: "", zipCode: "" });
    const manual = signupReducer(signupReducer(picked, { type: "back" }), { type: "enter_manually" });
    expect(manual.form.companyName).toBe("");
  });

  it("opens straight at the organization type when the landing link chose the trial", () => {
    expect(initialSignupState("trial").step).toBe("org_type");
  });
});

describe("organization search filter", () => {
  const results = [
    { display_name: "Blue Bistro, Oakland", class: "amenity", type: "restaurant" },
    { display_name: "Oakland High School", class: "amenity", type: "school" },
    { display_name: "100 Main St, Oakland", class: "place", type: "house" },
  ];
  it("keeps only results of the chosen type", () => {
    expect(filterByOrgType(results, restaurant).map((r) => r.display_name)).toEqual(["Blue Bistro, Oakland"]);
  });
  it("keeps everything with no type or 'other'", () => {
    expect(filterByOrgType(results, null)).toHaveLength(3);
    expect(filterByOrgType(results, ORG_TYPES.find((t) => t.id === "other")!)).toHaveLength(3);
  });
  it("offers eight organization types", () => {
    expect(ORG_TYPES.map((t) => t.id)).toEqual(["restaurant", "government", "education", "healthcare", "corporate", "retail", "hospitality", "other"]);
  });
});
