import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import { SimpleTickets } from "./simple-tickets";

function renderFlow() {
  const client = new QueryClient();
  return render(<QueryClientProvider client={client}><SimpleTickets /></QueryClientProvider>);
}

describe("Simple Tickets", () => {
  it("goes to the alternatives with the spec's message when the camera is denied", async () => {
    Object.defineProperty(navigator, "mediaDevices", {
      configurable: true,
      value: { getUserMedia: () => Promise.reject(new DOMException("denied", "NotAllowedError")) },
    });
    renderFlow();
    fireEvent.click(screen.getByRole("button", { name: "Push Here to Take Image" }));
    expect(await screen.findByText("Camera access denied. Please use photo upload or manual entry below.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Alternative Options" })).toBeInTheDocument();
    expect(screen.getByLabelText("Choose photo from gallery")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try Auto-Snap Camera Again" })).toBeEnabled();
  });

  it("keeps Continue with Manual Weight disabled until the weight is above 0", async () => {
    Object.defineProperty(navigator, "mediaDevices", { configurable: true, value: undefined });
    renderFlow();
    fireEvent.click(screen.getByRole("button", { name: "Push Here to Take Image" }));
    const input = await screen.findByLabelText("Enter weight manually (lbs)");
    const next = screen.getByRole("button", { name: "Continue with Manual Weight" });
    expect(next).toBeDisabled();
    fireEvent.change(input, { target: { value: "0" } });
    expect(next).toBeDisabled();
    fireEvent.change(input, { target: { value: "12.5" } });
    expect(next).toBeEnabled();
    fireEvent.click(next);
    expect(screen.getByRole("heading", { name: "Confirm Ticket" })).toBeInTheDocument();
    expect(screen.getByTestId("confirm-weight")).toHaveTextContent("12.5 lbs");
    expect(screen.getByText("Entered manually")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Retake" }));
    expect(screen.getByRole("button", { name: "Push Here to Take Image" })).toBeInTheDocument();
  });
});
