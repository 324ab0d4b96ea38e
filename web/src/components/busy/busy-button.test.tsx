import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { BusyButton } from "@/components/busy/busy-button";
import { busyLabel, failureText, type OnProgress } from "@/lib/use-busy-action";

function deferred() {
  let resolve!: () => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<void>((res, rej) => { resolve = res; reject = rej; });
  return { promise, resolve, reject };
}

describe("the busy state of long actions", () => {
  it("words the progress: preparing, a share when the size is known, else kilobytes", () => {
    expect(busyLabel(null)).toBe("Preparing…");
    expect(busyLabel({ received: 0, total: 1000 })).toBe("Preparing…");
    expect(busyLabel({ received: 512, total: 2048 })).toBe("Preparing… 25%");
    expect(busyLabel({ received: 2048, total: 2048 })).toBe("Preparing… 99%");
    expect(busyLabel({ received: 300 * 1024, total: null })).toBe("Preparing… 300 KB");
  });

  it("says the server's reason, or asks to try again", () => {
    expect(failureText(new Error("No data to export"), "The CSV file could not be made.")).toBe("The CSV file could not be made. No data to export");
    expect(failureText(new Error("HTTP 500"), "Export failed.")).toBe("Export failed. Please try again.");
    expect(failureText(new TypeError("Failed to fetch"), "Export failed.")).toBe("Export failed. Please try again.");
  });

  it("disables the button with a spinner and 'Preparing…', shows progress, then comes back", async () => {
    const job = deferred();
    let progress: OnProgress = () => {};
    render(<BusyButton action={(onProgress) => { progress = onProgress; return job.promise; }}>Export PDF</BusyButton>);
    fireEvent.click(screen.getByRole("button", { name: "Export PDF" }));
    const busy = screen.getByRole("button", { name: "Preparing…" });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute("aria-busy", "true");
    expect(busy.querySelector(".spinner")).not.toBeNull();
    act(() => progress(600, 1200));
    expect(screen.getByRole("button", { name: "Preparing… 50%" })).toBeDisabled();
    await act(async () => { job.resolve(); await job.promise; });
    expect(screen.getByRole("button", { name: "Export PDF" })).toBeEnabled();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows a failure next to the button until dismissed, and runs once per click while busy", async () => {
    const job = deferred();
    let calls = 0;
    render(<BusyButton failure="The PDF could not be made." action={() => { calls += 1; return job.promise; }}>PDF</BusyButton>);
    fireEvent.click(screen.getByRole("button", { name: "PDF" }));
    fireEvent.click(screen.getByRole("button", { name: "Preparing…" }));
    expect(calls).toBe(1);
    await act(async () => { job.reject(new Error("No data to export")); await job.promise.catch(() => {}); });
    expect(screen.getByRole("alert")).toHaveTextContent("The PDF could not be made. No data to export");
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
