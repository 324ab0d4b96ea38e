// @vitest-environment node
import { describe, expect, it } from "vitest";
import { EMPTY_SIGNUP_FORM, flattenAddress, pinComplete, sanitizePin, validateNewPassword, validateSignupForm, type SignupForm } from "./validation";

const valid: SignupForm = {
  companyName: "Green Fork", firstName: "Maya", lastName: "Green", email: "maya@example.com", password: "secret1", phone: "",
  address: { street: "100 Market St", city: "San Francisco", state: "CA", zipCode: "94105" },
};

describe("manual sign-up form", () => {
  it("accepts a complete form with no phone", () => {
    expect(validateSignupForm(valid)).toEqual({});
  });

  it("gives every required-field message of spec 1 section 5 for an empty form", () => {
    expect(validateSignupForm(EMPTY_SIGNUP_FORM)).toEqual({
      companyName: "Organization name is required",
      firstName: "First name is required",
      lastName: "Last name is required",
      email: "Email is required",
      password: "Password is required",
      street: "Street address is required",
      city: "City is required",
      state: "State is required",
      zipCode: "ZIP code is required",
    });
  });

  it("treats whitespace-only as empty", () => {
    const errors = validateSignupForm({ ...valid, companyName: "   ", firstName: "\t", address: { ...valid.address, city: "  " } });
    expect(errors.companyName).toBe("Organization name is required");
    expect(errors.firstName).toBe("First name is required");
    expect(errors.city).toBe("City is required");
  });

  it.each(["maya", "maya@example", "maya @example.com", "@example.com"])("rejects the email %s", (email) => {
    expect(validateSignupForm({ ...valid, email }).email).toBe("Please enter a valid email address");
  });

  it("asks for at least six password characters", () => {
    expect(validateSignupForm({ ...valid, password: "12345" }).password).toBe("Password must be at least 6 characters");
    expect(validateSignupForm({ ...valid, password: "123456" }).password).toBeUndefined();
  });

  it("flattens the address as 'street, city, state zip'", () => {
    expect(flattenAddress(valid.address)).toBe("100 Market St, San Francisco, CA 94105");
  });
});

describe("password reset", () => {
  it("says when the passwords differ before checking length", () => {
    expect(validateNewPassword("abc", "abd")).toBe("Passwords do not match");
  });
  it("needs six characters", () => {
    expect(validateNewPassword("abc", "abc")).toBe("Password must be at least 6 characters long");
    expect(validateNewPassword("abcdef", "abcdef")).toBeNull();
  });
});

describe("employee PIN", () => {
  it("keeps digits only and at most four", () => {
    expect(sanitizePin("1a2b3c4d5")).toBe("1234");
  });
  it("is complete at exactly four digits", () => {
    expect(pinComplete("123")).toBe(false);
    expect(pinComplete("1234")).toBe(true);
  });
});
