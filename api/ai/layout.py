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
LABEL_INK = 200  # a unit label lighter than the digits is still darker than this (ghosts are not)


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
    # Where the digits read end and how tall they are: a unit label stands right of them.
    digits_line: tuple[int, int, int] | None = None  # right edge of the last digit read, top, bottom


def blobs(gray: np.ndarray) -> list[Blob]:
    count, _, stats, _ = cv2.connectedComponentsWithStats((gray < INK).astype(np.uint8), connectivity=8)
    return [Blob(int(x), int(y), int(w), int(h), int(a)) for x, y, w, h, a in stats[1:count]]


def dark_ink(img: Image.Image, bounds: tuple[int, int, int, int]) -> np.ndarray:
    """The picture in grey with the digits in the box dark: a picture cleaned in the other
    polarity (light digits on a dark panel) is turned round here, so the ink checks see digits
    and not one panel-sized blob."""
    gray = np.asarray(img.convert("L"))
    x0, y0, x1, y1 = bounds
    inside = gray[max(0, y0):max(y0 + 1, y1), max(0, x0):max(x0 + 1, x1)]
    if inside.size and float((inside < INK).mean()) > 0.5:
        return 255 - gray
    return gray


def without_ghosts(img: Image.Image) -> Image.Image:
    """The cleaned picture with everything lighter than the ink level white: lit segments against
    unlit ones by their contrast within the display, not by the presence of ink. The OCR model
    reads faint unlit ("ghost") segments as ink (234.7 as 234.9, blank leading cells as 8s); the
    segment decoder, which thresholds at INK, already reads them as unlit."""
    gray = np.asarray(img.convert("L"))
    return Image.fromarray(np.where(gray < INK, gray, 255).astype(np.uint8)).convert("RGB")


# Gaps between segments closed by growing the ink this share of a stroke's width: square-ended
# segments stand about a third of a stroke apart (wide seed 604).
BRIDGE = 0.6
# Marks whose strokes are thinner than this share of the segments' are letters, left as they are.
THIN = 0.75
# Marks smaller than this share of the median mark are points or specks, left as they are.
SEGMENT_AREA = 0.5


def bridged(img: Image.Image) -> Image.Image:
    """The picture without ghosts, its ink grown until segments that do not touch join into
    strokes: the model reads such digits as marks of their own (wide seed 604: 69280 on a
    square-ended amber LCD read as Chinese characters, as 69280 once joined). For the model's eyes
    only: a point grown into a digit is seen by the ink checks in the picture as it was."""
    ink = (np.asarray(img.convert("L")) < INK).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    if count < 2:
        return img
    depth = cv2.distanceTransform(ink, cv2.DIST_L2, 3)
    # A stroke's width: twice the deepest point of each mark (segments, not specks or frames).
    deepest = np.zeros(count, np.float32)
    np.maximum.at(deepest, labels.ravel(), depth.ravel())
    marks = [i for i in range(1, count) if stats[i, cv2.CC_STAT_AREA] >= 12
             and stats[i, cv2.CC_STAT_HEIGHT] < 0.5 * ink.shape[0]]
    if not marks:
        return img
    stroke = float(np.median(deepest[marks]))
    side = max(3, round(BRIDGE * 2 * stroke) | 1)
    # Letters of a unit label are thinner than segments: grown, "kg" is a blot, and a reading that
    # lost its label is taken for pounds (197.9 kg accepted as 197.9 lb at 97.6 on wide seed 604).
    # Marks smaller than a segment (points, specks) stay as they are: a speck of glare grown into
    # a point was read by both recognisers (4.531 for 4531 lb at 90, dev seed 20261207).
    area = SEGMENT_AREA * float(np.median(stats[marks, cv2.CC_STAT_AREA]))
    grow = (deepest >= THIN * stroke) & (stats[:, cv2.CC_STAT_AREA] >= area)
    grow[0] = False
    thick = grow[labels] & (ink > 0)
    grown = cv2.dilate(thick.astype(np.uint8), cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (side, side))) | ink
    return Image.fromarray(np.where(grown > 0, 0, 255).astype(np.uint8)).convert("RGB")


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


# Segments with square ends and clear gaps between them (many LCD glasses): the bars a, g and d
# stand in a column of their own between the digit's left and right segments, a gap of about a
# third of a stroke from each (digits stand a third of a digit's width apart).
SEGMENT_GAP = 0.1


def cells(parts: list[Blob], band: int) -> list[Column]:
    """columns, with a column of horizontal bars only joined to the columns just left and right
    of it: no digit is horizontal bars alone, so they are the middle of a digit whose segments
    do not touch (wide seed 604: 1520 read by the model on a square-ended LCD at 99.9, the
    segments decoding nothing)."""
    found = columns(parts)
    flat = [all(b.width >= 1.5 * b.height for b in parts if c.left <= b.centre_x <= c.right) for c in found]
    gap = SEGMENT_GAP * band
    out: list[Column] = []
    joins: list[bool] = []  # out[-1] may take the next column in (it ends in bars)
    for c, bars in zip(found, flat):
        if out and (bars or joins[-1]) and c.left - out[-1].right <= gap:
            p = out[-1]
            out[-1] = Column(p.left, max(p.right, c.right), min(p.top, c.top), max(p.bottom, c.bottom))
            joins[-1] = bars
        else:
            out.append(c)
            joins.append(bars)
    return out


def survey(img: Image.Image, bounds: tuple[int, int, int, int], digit_count: int,
           label_left: int | None = None) -> Surroundings:
    """Decimal point among the digits, and ink next to them the recogniser never returned.

    The detector's box is loose (it adds a margin, and may hold the unit label), so the digits'
    own height is measured from the blobs inside it and every rule is relative to that.
    """
    x0, y0, x1, y1 = bounds
    box_h = max(1, y1 - y0)
    gray = dark_ink(img, bounds)
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
    if label is None and len(ours) >= digit_count > 0:
        label = _light_label(gray, ours[digit_count - 1].right, d_top, d_bottom, band)
    ink_left = any(c.right < x0 and c.right >= x0 - band for c in digits)
    ink_after = False
    if label_left is not None and len(ours) >= digit_count > 0:
        last = ours[digit_count - 1].right
        ink_after = any(c.left > last and c.right <= label_left for c in ours)
    slack = 0.1 * band
    marks_in_box = sum(1 for c in digits if c.left >= x0 - slack and c.right <= x1 + slack)
    line_end = (ours[digit_count - 1].right, d_top, d_bottom) if len(ours) >= digit_count > 0 else None
    return Surroundings(digits_after, label, ink_left, ink_after, marks_in_box, line_end)


def _light_label(gray: np.ndarray, last: int, d_top: int, d_bottom: int, band: int) -> tuple[int, int, int, int] | None:
    """A unit label lighter than the digits just right of them: a small coloured legend, often
    raised to the digits' top ("kg" in light blue beside glowing blue digits on the first source's
    wide seed 605, a red "kg" under motion blur on wide seed 606: both were read as pounds at 90
    and 97.7, the label never seen). Darker than the panel by a margin, where washed-out ghost
    segments are not (INK, LABEL_INK)."""
    x0, x1 = last + max(2, int(0.08 * band)), min(gray.shape[1], int(last + 2.0 * band))
    y0, y1 = max(0, int(d_top - 0.15 * band)), min(gray.shape[0], int(d_bottom + 0.15 * band))
    if x1 - x0 < 4 or y1 - y0 < 4:
        return None
    region = gray[y0:y1, x0:x1]
    count, _, stats, _ = cv2.connectedComponentsWithStats((region < LABEL_INK).astype(np.uint8), connectivity=8)
    marks = []
    for x, y, w, h, a in stats[1:count]:
        point_like = y + h >= (d_bottom - y0) - 0.1 * band and h < 0.25 * band
        if 0.12 * band <= h <= 0.7 * band and a >= 0.004 * band * band and x <= 1.2 * band \
                and x > 0 and y > 0 and y + h < region.shape[0] and not point_like:
            marks.append((x0 + x, y0 + y, x0 + x + w, y0 + y + h))
    if not marks:
        return None
    return (min(m[0] for m in marks), min(m[1] for m in marks), max(m[2] for m in marks), max(m[3] for m in marks))


# Skin in HSV (OpenCV: hue 0-180): orange-ish hues of middling saturation. Lit red LED segments
# are redder and more saturated (hue 0-3, saturation above 200), also under glare (hue 1-3);
# grey housings, green LCDs and white glare have no saturation or another hue.
SKIN_HUE = (4, 25)
SKIN_SATURATION = (38, 190)
SKIN_VALUE = 40


def skin_share(colour: Image.Image, region: tuple[int, int, int, int]) -> float:
    """The share of region that is skin coloured in the photo's own colours: a finger over it."""
    x0, y0, x1, y1 = (max(0, v) for v in region)
    rgb = np.ascontiguousarray(np.asarray(colour.convert("RGB"))[y0:y1, x0:x1])
    if rgb.size == 0:
        return 0.0
    hsv = cv2.cvtColor(rgb, cv2.COLOR_RGB2HSV)
    hue, sat, val = hsv[..., 0], hsv[..., 1], hsv[..., 2]
    skin = ((hue >= SKIN_HUE[0]) & (hue <= SKIN_HUE[1]) & (sat >= SKIN_SATURATION[0])
            & (sat <= SKIN_SATURATION[1]) & (val >= SKIN_VALUE))
    return float(skin.mean())


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


# Which segments are lit for each digit (a top, b upper right, c lower right, d bottom, e lower
# left, f upper left, g middle); 6, 7 and 9 are drawn two ways by different makers.
_DIGIT_OF_SEGMENTS = {
    "abcdef": "0", "bc": "1", "abdeg": "2", "abcdg": "3", "bcfg": "4", "acdfg": "5", "acdefg": "6",
    "cdefg": "6", "abc": "7", "abcf": "7", "abcdefg": "8", "abcdfg": "9", "abcfg": "9",
}
# Where each segment lies in a digit's cell (fractions of width and height, deslanted).
_SEGMENT_ZONES = {
    "a": ((0.3, 0.7), (0.0, 0.18)), "g": ((0.3, 0.7), (0.41, 0.59)), "d": ((0.3, 0.7), (0.82, 1.0)),
    "f": ((0.0, 0.3), (0.15, 0.42)), "b": ((0.7, 1.0), (0.15, 0.42)),
    "e": ((0.0, 0.3), (0.58, 0.85)), "c": ((0.7, 1.0), (0.58, 0.85)),
}
_LIT = 0.2  # share of a segment's zone that must be ink


def _deslanted(mask: np.ndarray, bottom: int) -> tuple[np.ndarray, float]:
    """The mask sheared so that italic seven-segment digits stand upright (the slant that makes
    the vertical projection narrowest: upright segments cover the fewest columns), and that slant."""
    best, best_width, best_slant = mask, int((mask.sum(axis=0) > 0).sum()), 0.0
    for slant in np.arange(0.02, 0.26, 0.02):
        sheared = _sheared(mask, slant, bottom, cv2.INTER_NEAREST, 0)
        width = int((sheared.sum(axis=0) > 0).sum())
        if width < best_width:
            best, best_width, best_slant = sheared, width, float(slant)
    return best, best_slant


def _sheared(img: np.ndarray, slant: float, bottom: int, flags: int, border: int) -> np.ndarray:
    h, w = img.shape
    matrix = np.float32([[1, slant, -slant * bottom], [0, 1, 0]])
    return cv2.warpAffine(img, matrix, (w, h), flags=flags, borderValue=border)


@dataclass(frozen=True)
class Segments:
    text: str  # the digits and decimal point decoded
    span: int  # pixels from the first decoded digit's left edge to the last one's right edge
    band: int  # the digits' height in pixels
    solid: bool = False  # every wide digit one stroke of ink: printed, or blurred (decoding them may fail)
    # Digits after a point-like mark in a gap between digits that the decoder did not take for a
    # point (blurred, glowing or grown into a digit): where a lost point may be (issue 36).
    point_marks: tuple[int, ...] = ()
    # Some segments decoded as lit are much fainter than the others: ghost segments read as ink.
    faint: bool = False


def seven_segments(img: Image.Image, bounds: tuple[int, int, int, int]) -> str | None:
    """The number in the box decoded from its segments alone (a second recogniser that shares
    nothing with the OCR model), with its decimal point, or None when any digit-tall mark is not
    a seven-segment digit (printed fonts, glare over a segment, a label read in the box).

    Only the digit-tall marks inside the box are decoded; the unit label is shorter.
    """
    found = segment_reading(img, bounds)
    return found.text if found is not None else None


def _digit_band(img: Image.Image, bounds: tuple[int, int, int, int], ink: float = INK) \
        -> tuple[np.ndarray, np.ndarray, int, int] | None:
    """The ink (darker than ink) of the digits' band in the box (dark digits, italic slant taken
    out), the picture's grey in the same frame, and the band's top and bottom rows; None when no
    digit-tall ink."""
    x0, y0, x1, y1 = bounds
    box_h = max(1, y1 - y0)
    gray = dark_ink(img, bounds)
    left, right = max(0, int(x0 - 0.1 * box_h)), min(gray.shape[1], int(x1 + 0.1 * box_h))
    top, bottom = max(0, int(y0 - 0.15 * box_h)), min(gray.shape[0], int(y1 + 0.15 * box_h))
    region = (gray[top:bottom, left:right] < ink).astype(np.uint8)
    if region.size == 0:
        return None
    count, labels, stats, _ = cv2.connectedComponentsWithStats(region, connectivity=8)
    rh = region.shape[0]
    keep = [i for i in range(1, count)
            if stats[i, cv2.CC_STAT_AREA] >= 0.002 * box_h * box_h and stats[i, cv2.CC_STAT_HEIGHT] <= box_h
            and stats[i, cv2.CC_STAT_TOP] > 0 and stats[i, cv2.CC_STAT_TOP] + stats[i, cv2.CC_STAT_HEIGHT] < rh]
    if not keep:
        return None
    tops = [stats[i, cv2.CC_STAT_TOP] for i in keep]
    bottoms = [stats[i, cv2.CC_STAT_TOP] + stats[i, cv2.CC_STAT_HEIGHT] for i in keep]
    heights = [b - t for t, b in zip(tops, bottoms)]
    # The digits' band: the tallest marks (segments of one digit are separate blobs, so take
    # the extent of every blob overlapping the tallest one's rows).
    tallest = int(np.argmax(heights))
    band_top, band_bottom = tops[tallest], bottoms[tallest]
    gap = 0.06 * box_h  # between the segments of one digit
    grown = True
    while grown:
        grown = False
        for t, b in zip(tops, bottoms):
            if b > band_top - gap and t < band_bottom + gap and (t < band_top or b > band_bottom):
                band_top, band_bottom, grown = min(band_top, t), max(band_bottom, b), True
    band = band_bottom - band_top
    if band < 12:
        return None
    mask = np.isin(labels, keep).astype(np.uint8)
    mask[:band_top] = 0
    mask[band_bottom:] = 0
    mask, slant = _deslanted(mask, band_bottom)
    shade = _sheared(gray[top:bottom, left:right], slant, band_bottom, cv2.INTER_LINEAR, 255) if slant else \
        gray[top:bottom, left:right]
    return mask, shade, int(band_top), int(band_bottom)


def segment_reading(img: Image.Image, bounds: tuple[int, int, int, int], ink: float = INK) -> Segments | None:
    """seven_segments, with how much of the box the decoded digits cover; ink: the grey below
    which a pixel is lit (INK, or another level for segments_at_other_levels)."""
    found = _digit_band(img, bounds, ink)
    if found is None:
        return None
    mask, shade, band_top, band_bottom = found
    band = band_bottom - band_top
    parts = blobs(np.where(mask > 0, 0, 255).astype(np.uint8))
    round_ = [b for b in parts if is_round(b, band)]
    chars = [c for c in cells([b for b in parts if b not in round_], band) if c.bottom - c.top >= 0.5 * band]
    if not chars:
        return None
    widths = sorted(c.right - c.left for c in chars)
    digit_w = widths[-1]
    # Every wide character one stroke of ink: printed digits, or segments blurred together, where
    # a lit seven-segment digit is segments with gaps between them. Zones of a printed 0 or 9 are
    # all inked, so such digits decode as 8s (dev seeds: a printed 906 in low light as 888).
    strokes = [b for b in parts if b not in round_]
    wide = [c for c in chars if c.right - c.left >= 0.45 * digit_w]
    solid = len(wide) >= 2 and all(sum(1 for b in strokes if c.left <= b.centre_x <= c.right) == 1 for c in wide)
    # Contrast within the display (issue 36): the lit level, the panel's, and what lies between.
    ground, contrast = _contrast(mask, shade, band_top, band_bottom)
    out, marks, zone_shades, point_shades = [], [], [], []
    for i, c in enumerate(chars):
        points = [p for p in round_ if i and chars[i - 1].right <= p.centre_x <= c.left
                  and p.bottom >= band_bottom - 0.2 * band]
        seen_point = bool(points)
        if i and not seen_point and _point_mark(shade, chars[i - 1], c, band_top, band, ground, contrast):
            marks.append(len(chars) - i)
        if seen_point:
            out.append(".")
            p = points[0]
            inked = shade[p.top:p.bottom, p.left:p.right][mask[p.top:p.bottom, p.left:p.right] > 0]
            if inked.size:
                point_shades.append(float(np.median(inked)))
        if c.right - c.left < 0.45 * digit_w:
            if c.bottom - c.top < 0.6 * band:
                return None
            out.append("1")
            continue
        lit = ""
        # A perspective photo shrinks the digits along the line: each tall column is its own cell.
        c_top, c_bottom = (c.top, c.bottom) if c.bottom - c.top >= 0.85 * band else (band_top, band_bottom)
        cell = mask[c_top:c_bottom, c.left:c.right]
        ch, cw = cell.shape
        for name, ((fx0, fx1), (fy0, fy1)) in _SEGMENT_ZONES.items():
            zone = cell[int(fy0 * ch):max(int(fy1 * ch), int(fy0 * ch) + 1), int(fx0 * cw):max(int(fx1 * cw), int(fx0 * cw) + 1)]
            if zone.size and zone.mean() >= _LIT:
                lit += name
                zy0, zx0 = c_top + int(fy0 * ch), c.left + int(fx0 * cw)
                inked = shade[zy0:zy0 + zone.shape[0], zx0:zx0 + zone.shape[1]][zone > 0]
                if inked.size:
                    zone_shades.append(float(np.median(inked)))
        digit = _DIGIT_OF_SEGMENTS.get("".join(sorted(lit)))
        if digit is None:
            return None
        out.append(digit)
    # A segment whose ink is much lighter than the darkest lit segments is a ghost the threshold
    # let through (an 8 for a blank cell, 234.9 for 234.7): the decoding is no confirmation.
    faint = bool(zone_shades) and max(zone_shades) - min(zone_shades) > FAINT * contrast
    # So is a point much lighter than the lit segments: an unlit point (every cell of many LCD
    # glasses has one) dark enough to pass the ink level (1480 as 14.80 at 90 on the third source,
    # the ink check and the segments both seeing it).
    faint = faint or bool(zone_shades) and any(s - min(zone_shades) > FAINT * contrast for s in point_shades)
    return Segments("".join(out), chars[-1].right - chars[0].left, band, solid, tuple(marks), faint)


# A mark in the bottom of the gap between two digits at least this share of the way from the
# panel to the lit level, and that much darker than the same gap at mid height: a point.
POINT_MARK = 0.45
# Lit segments whose inks differ by more than this share of the display's contrast: some are ghosts.
FAINT = 0.3


def _point_mark(shade: np.ndarray, before: Column, after: Column, band_top: int, band: int, ground: float,
                contrast: float) -> bool:
    """Point-like ink in the bottom of the gap between two digits: the darkest small spot there
    (a box a tenth of the digit height across) against the same gap at mid height."""
    x0, x1 = before.right + 1, after.left - 1
    if x1 - x0 < 2:
        return False
    k = max(1, int(0.08 * band))
    bottom = shade[band_top + int(0.75 * band):band_top + band + int(0.05 * band), x0:x1].astype(np.float32)
    middle = shade[band_top + int(0.35 * band):band_top + int(0.6 * band), x0:x1].astype(np.float32)
    if bottom.size == 0 or middle.size == 0:
        return False
    dark_bottom = float(cv2.blur(bottom, (k, k)).min())
    dark_middle = float(cv2.blur(middle, (k, k)).min())
    return ground - dark_bottom >= POINT_MARK * contrast and dark_middle - dark_bottom >= 0.3 * contrast


# Of the digits' band, the share from the top in which the digits' columns are measured for
# undecoded: a point stands in the bottom fifth, so above this its ink joins no digit.
ABOVE_POINT = 0.72
# Strokes a digit (median) from which a display is segments or dots, not printed digits.
SEGMENTED = 2


@dataclass(frozen=True)
class Undecoded:
    """What the ink says about digits the segment decoder could not read."""
    segmented: bool  # several strokes a digit (segments or dots), not printed digits
    # Digits after each gap whose bottom holds a point-like mark (segmented displays only).
    point_marks: tuple[int, ...] = ()
    # Segments or dots seen only when lit is told from unlit at a lighter grey than INK (blurred,
    # grey digits): the gaps between them were not searched for a point.
    lighter: bool = False


def undecoded(img: Image.Image, bounds: tuple[int, int, int, int]) -> Undecoded:
    """Whether the digits in the box are segments or dots, and where a point may stand that the
    decoder could not see: for each gap between the digits' columns measured above the baseline,
    the digits after it, when the bottom of the gap holds a point-like mark (_point_mark).

    The segment decoder finds point marks only when every digit decodes; a point grown into its
    neighbours (LED glow joining it to the segments beside it, blur smearing it into a digit)
    makes one mark of them, so no digit decodes and nothing held the model's reading without a
    point (52 for 5.2 at 99, 2132 for 213.2 kg at 92 on the first source's wide seed 602). Above
    the baseline the point's ink joins no digit: the gaps are seen there."""
    found = _undecoded_at(img, bounds, INK)
    if found.segmented:
        return found
    # Blurred dots are grey, lighter than the ink level: only their darkest specks pass it (3424
    # for 342.4 at 100, wide seed 602). Measured again halfway between the lit level and the panel.
    band = _digit_band(img, bounds)
    if band is None:
        return found
    mask, shade, band_top, band_bottom = band
    ground, contrast = _contrast(mask, shade, band_top, band_bottom)
    halfway = ground - contrast / 2
    if halfway <= INK + 10:
        return found
    # Its marks are not searched: at a lighter grey, unlit (ghost) points would pass as marks.
    return Undecoded(_undecoded_at(img, bounds, halfway).segmented, lighter=True)


def _undecoded_at(img: Image.Image, bounds: tuple[int, int, int, int], ink: float) -> Undecoded:
    found = _digit_band(img, bounds, ink)
    if found is None:
        return Undecoded(False)
    mask, shade, band_top, band_bottom = found
    band = band_bottom - band_top
    upper = mask[band_top:band_top + int(ABOVE_POINT * band)]
    inked = upper.any(axis=0)
    # Columns of ink, gaps narrower than those between one digit's segments closed.
    close = max(1, int(0.06 * band))
    spans: list[list[int]] = []
    for x in np.flatnonzero(inked):
        if spans and x - spans[-1][1] <= close:
            spans[-1][1] = int(x) + 1
        else:
            spans.append([int(x), int(x) + 1])
    # Digits reach over most of the measured rows; a label beside them (shorter) does not.
    rows = upper.shape[0]
    chars = [Column(x0, x1, band_top, band_bottom) for x0, x1 in spans
             if int(upper[:, x0:x1].any(axis=1).sum()) >= 0.6 * rows]
    if not chars:
        return Undecoded(False)
    # Printed digits are one stroke each, and their feet and curves reach into the gaps below
    # the line the columns are measured on (dev seed 20261207: 14 printed integers marked, none
    # with a point). Segments and dots are several strokes a digit: only they are searched.
    strokes = [b for b in blobs(np.where(mask > 0, 0, 255).astype(np.uint8)) if b.height >= 0.1 * band]
    per_digit = [sum(1 for b in strokes if c.left <= b.centre_x < c.right) for c in chars]
    if float(np.median(per_digit)) < SEGMENTED:
        return Undecoded(False)
    ground, contrast = _contrast(mask, shade, band_top, band_bottom)
    return Undecoded(True, tuple(len(chars) - i for i in range(1, len(chars))
                                 if _point_mark(shade, chars[i - 1], chars[i], band_top, band, ground, contrast)))


def _contrast(mask: np.ndarray, shade: np.ndarray, band_top: int, band_bottom: int) -> tuple[float, float]:
    """The panel's grey and the distance from it to the lit level, within the digits' band."""
    band_shade = shade[band_top:band_bottom]
    lit_values = band_shade[mask[band_top:band_bottom] > 0]
    ground_values = band_shade[mask[band_top:band_bottom] == 0]
    lit_level = float(np.percentile(lit_values, 20)) if lit_values.size else 0.0
    ground = float(np.percentile(ground_values, 75)) if ground_values.size else 255.0
    return ground, max(1.0, ground - lit_level)


def segments_at_other_levels(img: Image.Image, bounds: tuple[int, int, int, int]) -> list[Segments]:
    """The segments decoded again with lit told from unlit at two other greys, measured within
    the display: halfway from the panel to the lit level (blur and glare leave segments grey,
    lighter than INK) and near the lit level (ghost segments dark enough to pass INK stay out).
    For digits the decoder could not read at INK; every decoding found is returned."""
    band = _digit_band(img, bounds)
    if band is None:
        return []
    mask, shade, band_top, band_bottom = band
    ground, contrast = _contrast(mask, shade, band_top, band_bottom)
    found = []
    for level in (ground - contrast / 2, ground - 0.8 * contrast):
        if abs(level - INK) > 10:
            decoded = segment_reading(img, bounds, level)
            if decoded is not None:
                found.append(decoded)
    return found
