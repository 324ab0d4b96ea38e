import { afterEach, describe, expect, it, vi } from "vitest";
import { api, ApiError, NETWORK_ERROR } from "./api-client";
import { getToken, setToken } from "./auth-token";

const respond = (status: number, body: unknown) =>
  vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } })));

afterEach(() => {
  vi.unstubAllGlobals();
  setToken(null);
});

describe("api client", () => {
  it("sends the bearer token from localStorage", async () => {
    setToken("abc");
    respond(200, { ok: true });
    await api.get("/api/auth/me");
    const [, init] = (fetch as unknown as ReturnType<typeof vi.fn>).mock.calls[0];
    expect((init as RequestInit).headers).toMatchObject({ Authorization: "Bearer abc" });
  });

  it("turns the server's detail into the error message", async () => {
    respond(409, { detail: "An account with this email already exists" });
    await expect(api.post("/api/auth/signup", {})).rejects.toMatchObject({ message: "An account with this email already exists", status: 409 });
  });

  it("signs out on a 401", async () => {
    setToken("expired");
    respond(401, { detail: "Not authenticated" });
    await expect(api.get("/api/auth/me")).rejects.toBeInstanceOf(ApiError);
    expect(getToken()).toBeNull();
  });

  it("keeps the token when the login call itself says 401", async () => {
    setToken("still-good");
    respond(401, { detail: "Invalid email or password" });
    await expect(api.post("/api/auth/login", {}, { allowUnauthorized: true })).rejects.toThrow("Invalid email or password");
    expect(getToken()).toBe("still-good");
  });

  it("reports a network failure in the spec's words", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => { throw new TypeError("Failed to fetch"); }));
    await expect(api.get("/api/anything")).rejects.toThrow(NETWORK_ERROR);
  });
});
