import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { agingTone } from "./format";
import { PaymentForm } from "./payment-form";

describe("Record Payment form (spec 3 s5)", () => {
  it("defaults to the balance and sends it with one idempotency key", () => {
    const onSubmit = vi.fn();
    render(<PaymentForm title="Record Payment" balance="130.02" busy={false} onClose={() => {}} onSubmit={onSubmit} />);
    expect((screen.getByLabelText("Amount (USD)") as HTMLInputElement).value).toBe("130.02");
    fireEvent.click(screen.getByRole("button", { name: "Record Payment" }));
    fireEvent.click(screen.getByRole("button", { name: "Record Payment" }));
    expect(onSubmit).toHaveBeenCalledTimes(2);
    const [[first, key1], [, key2]] = onSubmit.mock.calls;
    expect(first).toEqual({ amount: "130.02", method: "check", reference: null, notes: null });
    expect(key1).toBe(key2);
  });

  it.each([
    ["130.03", "Payment amount cannot exceed the balance ($130.02)"],
    ["0", "Payment amount must be greater than 0"],
    ["", "Payment amount is required"],
    ["10.001", "Payment amount must be in dollars and cents"],
  ])("refuses %s", (amount, message) => {
    const onSubmit = vi.fn();
    render(<PaymentForm title="Record Payment" balance="130.02" busy={false} onClose={() => {}} onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText("Amount (USD)"), { target: { value: amount } });
    expect(screen.getByText(message)).toBeTruthy();
    expect((screen.getByRole("button", { name: "Record Payment" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("colours aging as the dashboard does", () => {
    expect(["CURRENT", "1-30", "31-60", "61-90", "90+"].map(agingTone)).toEqual(["green", "amber", "orange", "red", "red"]);
  });
});
