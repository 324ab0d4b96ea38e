import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-client";
import { fetchApiFile } from "./download";

afterEach(() => vi.unstubAllGlobals());

describe("fetchApiFile", () => {
  it("turns a refusal into an ApiError with the server's detail", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify({ detail: "Start date must be on or before end date" }), { status: 422 })));
    const error = await fetchApiFile("/api/reports/basic/export", { method: "POST" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe("Start date must be on or before end date");
    expect((error as ApiError).status).toBe(422);
  });

  it("says the status when the refusal is not JSON, and passes a file through", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response("<html>bad gateway</html>", { status: 502 })));
    await expect(fetchApiFile("/api/tickets/export/csv")).rejects.toThrow("HTTP 502");
    vi.stubGlobal("fetch", vi.fn(async () => new Response("a,b\n1,2\n", { status: 200 })));
    expect(await (await fetchApiFile("/api/tickets/export/csv")).text()).toBe("a,b\n1,2\n");
  });
});
