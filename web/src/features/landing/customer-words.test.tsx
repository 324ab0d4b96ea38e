// Issue 32 point 5: what a customer reads on the landing page names no file, environment variable
// or internal note, and invents no contact address.
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { LandingFooter } from "./components/landing-footer";
import { STATE_LAWS } from "./state-laws";

const INTERNAL = /DOMAIN\.md|FLOW_[A-Z]|\.md\b|example\.com|Spec \d/;

describe("landing page words", () => {
  it("the state-law sources on the landing page name no internal file or spec", () => {
    for (const law of STATE_LAWS) expect(law.source, law.code).not.toMatch(INTERNAL);
  });

  it("the footer shows no invented contact address when none is configured", () => {
    const { container } = render(<MemoryRouter><LandingFooter /></MemoryRouter>);
    expect(container.textContent).not.toMatch(INTERNAL);
    expect(container.querySelector('a[href^="mailto:"]')).toBeNull();
    expect(screen.queryByRole("heading", { name: "Contact" })).toBeNull();
  });
});
