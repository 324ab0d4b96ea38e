import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { exportBody, reportFileName } from "../api/export-basic-report";
import { EmailReportPrompt, emailError, recipientsError } from "@/components/email-report-prompt";

describe("email report prompt (spec 3: the address must contain an at sign)", () => {
  it("refuses an address without @ and makes no call", async () => {
    const send = vi.fn().mockResolvedValue({});
    render(<EmailReportPrompt title="Basic Report" send={send} />);
    fireEvent.click(screen.getByRole("button", { name: "EMAIL" }));
    fireEvent.change(screen.getByLabelText("Email address"), { target: { value: "owner.example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Please enter a valid email address")).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
  });

  it("with several recipients names the bad one and sends the list as typed", async () => {
    expect(recipientsError("a@x.com, b.example.com")).toBe("Please enter a valid email address: 'b.example.com'");
    expect(recipientsError(" , ")).toBe("Please enter a valid email address");
    const send = vi.fn().mockResolvedValue({});
    render(<EmailReportPrompt title="Tickets" multiple send={send} />);
    fireEvent.click(screen.getByRole("button", { name: "EMAIL" }));
    fireEvent.change(screen.getByLabelText("Email addresses (comma-separated)"), { target: { value: "a@x.com, b@y.org" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(send).toHaveBeenCalledWith("a@x.com, b@y.org"));
  });

  it("sends a valid address and confirms", async () => {
    const send = vi.fn().mockResolvedValue({});
    render(<EmailReportPrompt title="Basic Report" send={send} />);
    fireEvent.click(screen.getByRole("button", { name: "EMAIL" }));
    fireEvent.change(screen.getByLabelText("Email address"), { target: { value: " owner@example.com " } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(send).toHaveBeenCalledWith("owner@example.com"));
    expect(await screen.findByText(/Basic Report sent to owner@example.com/)).toBeTruthy();
  });

  it("shows the server's reason when sending fails", async () => {
    const send = vi.fn().mockRejectedValue(new Error("Too many attempts. Please wait a minute and try again."));
    render(<EmailReportPrompt title="ESG Impact Report" send={send} />);
    fireEvent.click(screen.getByRole("button", { name: "EMAIL" }));
    fireEvent.change(screen.getByLabelText("Email address"), { target: { value: "a@b.co" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Failed to send email: Too many attempts. Please wait a minute and try again.")).toBeTruthy();
  });

  it("checks only for the at sign, as the spec says", () => {
    expect(emailError("x@y")).toBeNull();
    expect(emailError("xy")).toBe("Please enter a valid email address");
  });
});

describe("report export helpers", () => {
  it("takes the file name from content-disposition", () => {
    expect(reportFileName('attachment; filename="basic_report_2026-11-22.pdf"', "basic_report.pdf")).toBe("basic_report_2026-11-22.pdf");
    expect(reportFileName(null, "basic_report.pdf")).toBe("basic_report.pdf");
  });

  it("sends only the filters that are set", () => {
    expect(exportBody({ start_date: "2026-10-01", end_date: "2026-10-31", waste_type: "" })).toEqual({
      start_date: "2026-10-01", end_date: "2026-10-31", ticket_type: "all" });
  });
});
