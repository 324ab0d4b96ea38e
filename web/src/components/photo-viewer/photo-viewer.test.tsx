import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { PhotoViewer, pinchZoom, swipeStep, type ViewerPhoto } from "./photo-viewer";

const PHOTOS: ViewerPhoto[] = [1, 2, 3].map((n) => ({ id: `p${n}`, alt: `scale photo ${n}` }));

function Harness({ onClose = () => {} }: { onClose?: () => void }) {
  const [index, setIndex] = useState<number | null>(null);
  return (
    <>
      {PHOTOS.map((p, i) => <button key={p.id} type="button" onClick={() => setIndex(i)}>{`thumb ${i + 1}`}</button>)}
      <PhotoViewer photos={PHOTOS} index={index} onIndex={setIndex} onClose={() => { setIndex(null); onClose(); }}
        renderPhoto={(p) => <img alt={p.alt} src="data:," />} />
    </>
  );
}

describe("the photo viewer", () => {
  it("turns a swipe into next or previous, and ignores short or vertical moves", () => {
    expect(swipeStep(-120, 10)).toBe(1);
    expect(swipeStep(90, -20)).toBe(-1);
    expect(swipeStep(-30, 0)).toBe(0);
    expect(swipeStep(-80, 200)).toBe(0);
  });

  it("zooms with a pinch between 1x and 4x", () => {
    expect(pinchZoom(1, 100, 200)).toBe(2);
    expect(pinchZoom(2, 100, 50)).toBe(1);
    expect(pinchZoom(1, 100, 40)).toBe(1);
    expect(pinchZoom(2, 100, 900)).toBe(4);
  });

  it("shows one photo at a time and moves with the buttons and the arrow keys", () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole("button", { name: "thumb 2" }));
    expect(screen.getByText("Photo 2 of 3")).toBeInTheDocument();
    expect(screen.getAllByRole("img")).toHaveLength(1);
    expect(screen.getByRole("img", { name: "scale photo 2" })).toBeInTheDocument();
    const dialog = screen.getByRole("dialog", { name: "Photo 2 of 3" });
    fireEvent.keyDown(dialog, { key: "ArrowRight" });
    expect(screen.getByRole("img", { name: "scale photo 3" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Next ›" })).toBeDisabled();
    fireEvent.keyDown(dialog, { key: "ArrowLeft" });
    fireEvent.click(screen.getByRole("button", { name: "‹ Previous" }));
    expect(screen.getByText("Photo 1 of 3")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "‹ Previous" })).toBeDisabled();
  });

  it("swipes to the next photo and zooms with the buttons", () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole("button", { name: "thumb 1" }));
    const stage = screen.getByTestId("photo-stage");
    fireEvent.pointerDown(stage, { pointerId: 1, clientX: 300, clientY: 200 });
    fireEvent.pointerMove(stage, { pointerId: 1, clientX: 180, clientY: 210 });
    fireEvent.pointerUp(stage, { pointerId: 1, clientX: 180, clientY: 210 });
    expect(screen.getByText("Photo 2 of 3")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Zoom in" }));
    const photo = stage.firstElementChild as HTMLElement;
    expect(photo.style.transform).toContain("scale(1.5)");
    expect(screen.getByRole("button", { name: "Zoom out" })).toBeEnabled();
  });

  it("closes with Escape (the dialog's cancel) and gives focus back to the thumbnail", () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const thumb = screen.getByRole("button", { name: "thumb 3" });
    thumb.focus();
    fireEvent.click(thumb);
    expect(screen.getByRole("button", { name: "Close photo" })).toHaveFocus();
    fireEvent(screen.getByRole("dialog"), new Event("cancel", { cancelable: true }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(thumb).toHaveFocus();
  });
});
