import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// boot.ts sends the session call before the entry has arrived; the session query reads that answer
// once, for the same token, and asks the server itself from then on.
const USER = { id: 7, email: "operator@bayview.flow.local", role: "store_employee", company: null };
const ANSWER = () => new Response(JSON.stringify(USER), { status: 200, headers: { "Content-Type": "application/json" } });

async function freshModules() {
  vi.resetModules();
  const session = await import("./lib/session");
  const { setToken } = await import("./lib/auth-token");
  return { ...session, setToken };
}

beforeEach(() => {
  window.__flowSession = undefined;
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("the early session call", () => {
  it("is sent by boot.ts with the stored token and read by the first session query", async () => {
    const fetch = vi.fn(async () => ANSWER());
    vi.stubGlobal("fetch", fetch);
    localStorage.setItem("token", "tok-1");
    const { meQueryOptions } = await freshModules();
    await import("./boot");
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]).toEqual(["/api/auth/me", { headers: { Accept: "application/json", Authorization: "Bearer tok-1" } }]);

    const client = new QueryClient();
    expect(await client.fetchQuery(meQueryOptions())).toEqual(USER);
    expect(fetch).toHaveBeenCalledTimes(1); // the answer boot.ts asked for, not a second call
    await client.refetchQueries({ queryKey: meQueryOptions().queryKey });
    expect(fetch).toHaveBeenCalledTimes(2); // a later call asks the server
  });

  it("is ignored when it went out with another token", async () => {
    const fetch = vi.fn(async () => ANSWER());
    vi.stubGlobal("fetch", fetch);
    const { meQueryOptions, setToken } = await freshModules();
    window.__flowSession = { token: "old", response: Promise.resolve(new Response("{}", { status: 401 })) };
    setToken("new");
    expect(await new QueryClient().fetchQuery(meQueryOptions())).toEqual(USER);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(window.__flowSession).toBeUndefined();
  });

  it("reports the server's refusal as the session query's error, and signs out", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => ANSWER()));
    const { meQueryOptions, setToken } = await freshModules();
    setToken("expired");
    window.__flowSession = { token: "expired", response: Promise.resolve(new Response(JSON.stringify({ detail: "Not authenticated" }), { status: 401 })) };
    await expect(new QueryClient().fetchQuery(meQueryOptions())).rejects.toMatchObject({ status: 401, message: "Not authenticated" });
    expect(localStorage.getItem("token")).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
