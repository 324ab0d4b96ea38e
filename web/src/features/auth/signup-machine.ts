import type { OrgType } from "./org-types";
import { EMPTY_SIGNUP_FORM, type SignupForm } from "./validation";

// The sign-up modal's steps (spec 1 section 4): account_type -> org_type -> business_search -> manual_form.
export type SignupStep = "account_type" | "org_type" | "business_search" | "manual_form";
export type PaidPlan = "core" | "pro" | "enterprise";

export interface SignupState {
  step: SignupStep;
  accountType: "trial" | "paid" | null;
  /** The plan radio in the chooser; it defaults to pro (spec 1 section 2). */
  chosenPlan: PaidPlan;
  orgType: OrgType | null;
  form: SignupForm;
}

export type SignupEvent =
  | { type: "choose_trial" }
  | { type: "choose_paid"; plan: PaidPlan }
  | { type: "select_plan"; plan: PaidPlan }
  | { type: "choose_org_type"; orgType: OrgType }
  | { type: "skip_org_type" }
  | { type: "pick_business"; form: Omit<Partial<SignupForm>, "address"> & { address?: Partial<SignupForm["address"]> } }
  | { type: "enter_manually" }
  | { type: "back" }
  | { type: "reset" };

export const initialSignupState = (accountType: "trial" | "paid" | null = null, plan?: PaidPlan): SignupState => ({
  step: accountType ? "org_type" : "account_type",
  accountType,
  chosenPlan: plan ?? "pro",
  orgType: null,
  form: EMPTY_SIGNUP_FORM,
});

export function signupReducer(state: SignupState, event: SignupEvent): SignupState {
  switch (event.type) {
    case "choose_trial":
      return { ...state, accountType: "trial", step: "org_type" };
    case "choose_paid":
      return { ...state, accountType: "paid", chosenPlan: event.plan, step: "org_type" };
    case "select_plan":
      return { ...state, chosenPlan: event.plan };
    case "choose_org_type":
      return { ...state, orgType: event.orgType, step: "business_search" };
    case "skip_org_type":
      return { ...state, orgType: null, step: "business_search" };
    case "pick_business":
      return {
        ...state,
        step: "manual_form",
        form: {
          ...EMPTY_SIGNUP_FORM,
          ...event.form,
          address: { ...EMPTY_SIGNUP_FORM.address, ...event.form.address },
        },
      };
    case "enter_manually":
      return { ...state, step: "manual_form", form: EMPTY_SIGNUP_FORM };
    case "back":
      if (state.step === "org_type") return { ...state, step: "account_type", accountType: null };
      if (state.step === "business_search") return { ...state, step: "org_type" };
      if (state.step === "manual_form") return { ...state, step: "business_search" };
      return state;
    case "reset":
      return initialSignupState();
  }
}

/** Trial runs on pro; a paid account uses the chosen plan (core when none). */
export function planFor(state: SignupState): PaidPlan {
  if (state.accountType === "trial") return "pro";
  return state.chosenPlan ?? "core";
}

export function titleFor(state: SignupState): string {
  switch (state.step) {
    case "account_type": return "Get Started";
    case "org_type": return "Organization Type";
    case "business_search": return "Find Your Organization";
    case "manual_form": return state.accountType === "trial" ? "Start Your PRO Trial" : "Start Your Paid Account";
  }
}
