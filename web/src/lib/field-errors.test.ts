// @vitest-environment node
import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client";
import { fieldErrors, formError } from "./field-errors";

const invalid = new ApiError("email: not an email", 422, {
  detail: "email: not an email",
  errors: [{ field: "body.email", message: "Enter a valid email" }, { field: "password", message: "Too short" }, { field: "email", message: "second" }],
});

describe("fieldErrors", () => {
  it("keys each message by the field's last segment, first one wins", () => {
    expect(fieldErrors(invalid)).toEqual({ email: "Enter a valid email", password: "Too short" });
  });
  it("is empty for errors without fields", () => {
    expect(fieldErrors(new ApiError("Maximum users (2) reached for your CORE plan", 403, { detail: "x" }))).toEqual({});
    expect(fieldErrors(new Error("boom"))).toEqual({});
  });
});

describe("formError", () => {
  it("is null when a form field carries the message", () => {
    expect(formError(invalid, ["email"], "Failed")).toBeNull();
  });
  it("gives the server's sentence for a refusal without a field", () => {
    const limit = new ApiError("Maximum users (2) reached for your CORE plan", 403, { detail: "Maximum users (2) reached for your CORE plan" });
    expect(formError(limit, ["email"], "Failed to create user")).toBe("Maximum users (2) reached for your CORE plan");
    expect(formError(invalid, ["name"], "Failed")).toBe("email: not an email");
  });
  it("falls back for errors that are not the server's", () => {
    expect(formError(new Error("x"), ["a"], "Failed to create user")).toBe("Failed to create user");
    expect(formError(null, ["a"], "F")).toBeNull();
  });
});
