// @vitest-environment node
import { centredSquare } from "./crop";

describe("centredSquare", () => {
  it("crops a landscape frame to its centred square and scales it down to 640 px", () => {
    expect(centredSquare(1920, 1080)).toEqual({ sx: 420, sy: 0, side: 1080, outSide: 640 });
  });
  it("crops a portrait frame vertically", () => {
    expect(centredSquare(1080, 1920)).toEqual({ sx: 0, sy: 420, side: 1080, outSide: 640 });
  });
  it("never scales a small image up", () => {
    expect(centredSquare(400, 300)).toEqual({ sx: 50, sy: 0, side: 300, outSide: 300 });
  });
});
