import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Pager, pageRange } from "./pager";

describe("the pager of every list", () => {
  it("says where the page sits in the whole set", () => {
    expect(pageRange(0, 50, 812)).toBe("1–50 of 812");
    expect(pageRange(800, 12, 812)).toBe("801–812 of 812");
    expect(pageRange(0, 0, 0)).toBe("0 of 0");
    expect(pageRange(950, 50, 1000)).toBe("951–1,000 of 1,000");
  });

  it("moves to the next, previous and last page and changes the page size", () => {
    const onPage = vi.fn();
    const onSize = vi.fn();
    render(<Pager offset={50} size={50} total={812} onPage={onPage} onSize={onSize} noun="tickets" />);
    expect(screen.getByTestId("page-range").textContent).toBe("51–100 of 812");
    expect(screen.getByText("Page 2 of 17")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    fireEvent.click(screen.getByRole("button", { name: "Previous" }));
    fireEvent.click(screen.getByRole("button", { name: "Last" }));
    expect(onPage.mock.calls).toEqual([[3], [1], [17]]);
    fireEvent.change(screen.getByTestId("page-size"), { target: { value: "100" } });
    expect(onSize).toHaveBeenCalledWith(100);
  });

  it("stops at the ends", () => {
    render(<Pager offset={800} size={50} total={812} onPage={() => {}} />);
    expect((screen.getByRole("button", { name: "Next" }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Previous" }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByTestId("page-range").textContent).toBe("801–812 of 812");
  });
});
