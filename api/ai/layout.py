"""What the ink around a read number says about it: decimal points and labels the OCR did not return.

The recogniser is sure of itself even when it drops the small round decimal point of a
seven-segment display (a weight 10x too big) or when the detector leaves the unit label or a
leading digit outside its box. These checks look at the dark blobs in and around the number's
box of the cleaned picture (dark digits on a light ground), so the reader can stay unsure.
cv2 comes with RapidOCR (opencv), so the offline reader needs nothing more.
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
from PIL import Image

INK = 110  # cleaned pictures: lit segments near 0, washed-out ghost segments near 240


@dataclass(frozen=True)
class Blob:
    left: int
    top: int
    width: int
    height: int
    area: int

    @property
    def right(self) -> int:
        return self.left + self.width

    @property
    def bottom(self) -> int:
        return self.top + self.height

    @property
    def centre_x(self) -> float:
        return self.left + self.width / 2


@dataclass(frozen=True)
class Surroundings:
    digits_after_point: int | None  # a round point on the baseline between digits, and digits right of it
    ink_right: tuple[int, int, int, int] | None  # unread label-sized ink just right of the box
    ink_left: bool  # a digit just left of the box: a leading digit left out
    ink_after: bool = False  # a digit between the last one read and the unit label: digits left out
    digit_marks: int | None = None  # digit-tall marks inside the box (fewer than read: a label read as digits)


def blobs(gray: np.ndarray) -> list[Blob]:
    count, _, stats, _ = cv2.connectedComponentsWithStats((gray < INK).astype(np.uint8), connectivity=8)
    return [Blob(int(x), int(y), int(w), int(h), int(a)) for x, y, w, h, a in stats[1:count]]


def is_round(b: Blob, band: int) -> bool:
    """Small and round: maybe a decimal point (segments are long, digits tall)."""
    return (b.height <= 0.32 * band and 0.65 <= b.width / b.height <= 1.55
            and b.area >= 0.5 * b.width * b.height)


def is_point(b: Blob, before: Column, after: Column) -> bool:
    """A round blob on the baseline between two digits, measured against those two digits.

    Measured locally so a tilted photo (rotation up to 15 degrees) keeps its baseline.
    """
    h = max(before.bottom - before.top, after.bottom - after.top)
    top, bottom = (before.top + after.top) / 2, (before.bottom + after.bottom) / 2
    return (0.08 * h <= b.height <= 0.32 * h and b.top >= top + 0.6 * h and b.bottom >= bottom - 0.15 * h)


@dataclass(frozen=True)
class Column:
    left: int
    right: int
    top: int
    bottom: int


def columns(parts: list[Blob]) -> list[Column]:
    """Blobs side by side merged into characters: a seven-segment digit is several blobs."""
    found: list[Column] = []
    for b in sorted(parts, key=lambda b: b.left):
        if found and b.left <= found[-1].right:
            c = found[-1]
            found[-1] = Column(c.left, max(c.right, b.right), min(c.top, b.top), max(c.bottom, b.bottom))
        else:
            found.append(Column(b.left, b.right, b.top, b.bottom))
    return found


def survey(img: Image.Image, bounds: tuple[int, int, int, int], digit_count: int,
           label_left: int | None = None) -> Surroundings:
    """Decimal point among the digits, and ink next to them the recogniser never returned.

    The detector's box is loose (it adds a margin, and may hold the unit label), so the digits'
    own height is measured from the blobs inside it and every rule is relative to that.
    """
    x0, y0, x1, y1 = bounds
    box_h = max(1, y1 - y0)
    gray = np.asarray(img.convert("L"))
    left, right = max(0, int(x0 - 1.2 * box_h)), min(gray.shape[1], int(x1 + 1.2 * box_h))
    top, bottom = max(0, int(y0 - 0.15 * box_h)), min(gray.shape[0], int(y1 + 0.15 * box_h))
    found = [Blob(b.left + left, b.top + top, b.width, b.height, b.area)
             for b in blobs(gray[top:bottom, left:right])]
    # Specks, and housing edges or frames that run out of the region, are not characters.
    found = [b for b in found if b.area >= 0.002 * box_h * box_h and b.height <= box_h
             and b.top > top and b.bottom < bottom and b.left > left and b.right < right]
    core = [b for b in found if x0 <= b.centre_x <= x1 and y0 <= b.top + b.height / 2 <= y1]
    if not core:
        return Surroundings(None, None, False)
    d_top, d_bottom = min(b.top for b in core), max(b.bottom for b in core)
    band = max(1, d_bottom - d_top)
    line = [b for b in found if d_top - 0.1 * band <= b.top + b.height / 2 <= d_bottom + 0.1 * band]
    round_ = [b for b in line if is_round(b, band)]
    chars = columns([b for b in line if b not in round_])
    tallest = max((c.bottom - c.top for c in chars), default=0)
    # Every seven-segment digit spans most of the digit height ("1" too); labels and "-" do not.
    digits = [c for c in chars if c.bottom - c.top >= 0.55 * tallest]
    ours = [c for c in digits if c.right >= x0]
    digits_after, points = None, []
    for p in round_:
        before = [c for c in ours if c.right <= p.centre_x]
        after = [c for c in ours[:digit_count] if c.left >= p.centre_x]
        if before and after and is_point(p, before[-1], after[0]):
            digits_after = len(after)
            points.append(p)
    label = None
    if len(ours) >= digit_count > 0:
        last = ours[digit_count - 1].right
        marks = columns([b for b in line if b not in points])  # round letters of "kg" count here
        rest = [c for c in marks if c.left > last and c.left <= last + 1.2 * band and c.bottom - c.top >= 0.2 * band]
        if rest:
            label = (min(c.left for c in rest), min(c.top for c in rest),
                     max(c.right for c in rest), max(c.bottom for c in rest))
    ink_left = any(c.right < x0 and c.right >= x0 - band for c in digits)
    ink_after = False
    if label_left is not None and len(ours) >= digit_count > 0:
        last = ours[digit_count - 1].right
        ink_after = any(c.left > last and c.right <= label_left for c in ours)
    slack = 0.1 * band
    marks_in_box = sum(1 for c in digits if c.left >= x0 - slack and c.right <= x1 + slack)
    return Surroundings(digits_after, label, ink_left, ink_after, marks_in_box)


def ink_tilt(img: Image.Image, region: tuple[int, int, int, int], limit: float = 18.0) -> float:
    """The angle (degrees, + = the line falls to the right) that makes the ink in region level.

    Classic projection-profile deskew: the rows of a level text line are either full of ink or
    empty, so the row sums vary most when the picture is turned by the line's angle. Slanted
    (italic) digits do not disturb it: a slant shifts ink along rows, not across them.
    """
    x0, y0, x1, y1 = region
    gray = np.asarray(img.convert("L"))[y0:y1, x0:x1]
    if gray.size == 0:
        return 0.0
    mask = (gray < INK).astype(np.float32)
    scale = min(1.0, 320 / max(mask.shape))
    if scale < 1:
        mask = cv2.resize(mask, (max(1, int(mask.shape[1] * scale)), max(1, int(mask.shape[0] * scale))),
                          interpolation=cv2.INTER_AREA)
    h, w = mask.shape
    # Room for the turned ink: pad to the diagonal.
    side = int(np.hypot(h, w)) + 2
    canvas = np.zeros((side, side), np.float32)
    oy, ox = (side - h) // 2, (side - w) // 2
    canvas[oy:oy + h, ox:ox + w] = mask
    centre = (side / 2, side / 2)

    def sharpness(angle: float) -> float:
        turned = cv2.warpAffine(canvas, cv2.getRotationMatrix2D(centre, angle, 1.0), (side, side),
                                flags=cv2.INTER_LINEAR)
        rows = turned.sum(axis=1)
        return float(np.square(np.diff(rows)).sum())

    best = max(np.arange(-limit, limit + 0.1, 1.0), key=sharpness)
    return float(max(np.arange(best - 0.75, best + 0.8, 0.25), key=sharpness))
