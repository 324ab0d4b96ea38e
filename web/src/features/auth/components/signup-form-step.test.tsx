import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { EMPTY_SIGNUP_FORM } from "../validation";
import { ManualFormStep } from "./signup-form-step";

describe("manual sign-up form", () => {
  it("shows errors on submit, clears one when its field is edited, and submits when valid", () => {
    const onSubmit = vi.fn();
    render(<ManualFormStep initial={EMPTY_SIGNUP_FORM} trial busy={false} onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole("button", { name: "Start 15-Day PRO Trial" }));
    expect(screen.getByText("Organization name is required")).toBeInTheDocument();
    expect(screen.getByText("ZIP code is required")).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Organization Name"), { target: { value: "Green Fork" } });
    expect(screen.queryByText("Organization name is required")).not.toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
    fill("First Name", "Maya");
    fill("Last Name", "Green");
    fill("Email", "maya@example.com");
    fill("Password", "secret1");
    fill("Street Address", "1 Main St");
    fill("City", "Oakland");
    fill("State", "CA");
    fill("ZIP Code", "94607");
    fireEvent.click(screen.getByRole("button", { name: "Start 15-Day PRO Trial" }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ companyName: "Green Fork", address: { street: "1 Main St", city: "Oakland", state: "CA", zipCode: "94607" } }));
    expect(screen.getByText("No credit card required.")).toBeInTheDocument();
  });
});
