"""Third source of synthetic scale-display photos: a tuning set drawn from how real weighing indicators look.

    .venv/bin/python -m bench.ai_third.render --seed N --count 300
    .venv/bin/python -m bench.ai.evaluate --dir bench/out/ai-third-seedN --skip-plates

Writes bench/out/ai-third-seedN/weights/<condition>-<index>-<style>.jpg and manifest.json (the format
bench.ai.evaluate reads). Photo i is drawn from its own generators seeded with sha256("third/N/i"), so
it is the same whatever --count is.

What it draws, from real scale indicators (not from either other source; it was written without reading
the first source, bench/ai/generate.py and displays.py, or the held-out second source,
bench/ai_heldout/render.py, which must stay untuned-on): reflective and backlit LCDs with ghost segments
and the polariser's drop shadow, LED digits with bloom behind a smoked filter, VFDs with their grid mesh
and filament wires, HD44780-style and LED dot matrices, thin 7- and 14-segment kitchen-scale fonts; the
unit as lit text, as an arrow annunciator pointing at a printed legend, or hidden (lb only); NET/GROSS/
zero/stable annunciators, a smaller second number, a housing with window, buttons, screws and stickers,
on a wall, table, floor or steel background; then one photographic trouble per photo (the condition).

It is a source to tune the reader on, like the first; the second source stays held out.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import math
import random
from dataclasses import dataclass, field
from decimal import ROUND_CEILING, ROUND_HALF_UP, Decimal
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

OUT = Path(__file__).resolve().parents[1] / "out"
STYLES = ("lcd_reflective", "lcd_backlit", "led", "vfd", "dot_matrix_lcd", "dot_matrix_led", "segment_small")
CONDITIONS = ("clean", "glare", "reflection", "perspective", "rotation", "small", "motion_blur", "defocus",
              "low_light", "jpeg_heavy", "shadow", "thumb", "moire", "combo")
COMBINABLE = ("glare", "reflection", "perspective", "rotation", "small", "motion_blur", "defocus", "low_light",
              "jpeg_heavy", "shadow", "thumb", "moire")
KG_TO_LB = Decimal("2.20462")
FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")

# ---------------------------------------------------------------------------------------------- readings


@dataclass
class Reading:
    shown: str  # the number as the display shows it
    unit: str  # "lb" or "kg"
    decimals: int
    cells: int  # digit positions on the display
    unit_mode: str  # "text", "arrow" or "hidden" (lb only)
    leading_zeros: bool

    @property
    def expected_lb(self) -> str:
        value = Decimal(self.shown) * (KG_TO_LB if self.unit == "kg" else 1)
        return str(value.quantize(Decimal("0.1"), rounding=ROUND_HALF_UP))


def log_uniform(rng: random.Random, lo: float, hi: float) -> float:
    return math.exp(rng.uniform(math.log(lo), math.log(hi)))


def pick_reading(rng: random.Random, style: str) -> Reading:
    kind = rng.choices(["truck", "bench_lb", "kg", "kitchen"], [0.22, 0.36, 0.32, 0.10])[0]
    if style == "segment_small" and rng.random() < 0.7:
        kind = "kitchen"
    if kind == "truck":
        step = rng.choice([10, 20])
        value = Decimal(max(1, round(log_uniform(rng, 300, 80000) / step)) * step)
        decimals, unit, cells = 0, "lb", rng.choice([5, 6, 6])
    elif kind == "kitchen":
        unit = rng.choice(["lb", "kg"])
        decimals = 2 if unit == "lb" else rng.choice([3, 3, 2])
        div = {2: Decimal("0.01"), 3: Decimal("0.001")}[decimals] * rng.choice([1, 1, 2, 5])
        hi = 22.0 if unit == "lb" else 10.0
        value = max(1, round(Decimal(log_uniform(rng, 0.03, hi)) / div)) * div
        cells = 4 if value < 10 and rng.random() < 0.5 else 5
    else:
        unit = "lb" if kind == "bench_lb" else "kg"
        decimals = rng.choice([1, 1, 2]) if unit == "lb" else rng.choice([1, 2, 2, 3])
        div = Decimal(1).scaleb(-decimals) * rng.choice([1, 2, 5])
        hi = {1: 300.0, 2: 60.0, 3: 15.0}[decimals] * (1 if unit == "lb" else 0.5)
        value = max(1, round(Decimal(log_uniform(rng, 0.02 if unit == "lb" else 0.005, hi)) / div)) * div
        cells = rng.choice([5, 6])
    if kind != "truck":
        # The app keeps weights to 0.1 lb: less than 0.05 lb on the display is no weight to read
        # (its expected 0.0 could never be right). Raised to the display's least step above that.
        floor = Decimal("0.05") if unit == "lb" else Decimal("0.025")
        if value < floor:
            value = (floor / div).to_integral_value(rounding=ROUND_CEILING) * div
    shown = f"{value:.{decimals}f}"
    cells = max(cells, len(shown.replace(".", "")))
    if unit == "kg":
        unit_mode = rng.choices(["text", "arrow"], [0.55, 0.45])[0]
    else:
        unit_mode = rng.choices(["text", "arrow", "hidden"], [0.35, 0.3, 0.35 if kind != "truck" else 0.6])[0]
    if style.startswith("dot_matrix") and unit_mode == "arrow":
        unit_mode = "text"
    return Reading(shown, unit, decimals, cells, unit_mode, rng.random() < 0.15)


def cells_of(reading: Reading) -> list[tuple[str, bool]]:
    """(character, point after it) per digit cell, right-aligned, blanks or zeros to the left."""
    out: list[tuple[str, bool]] = []
    for ch in reading.shown:
        if ch == ".":
            out[-1] = (out[-1][0], True)
        else:
            out.append((ch, False))
    pad = "0" if reading.leading_zeros else " "
    return [(pad, False)] * (reading.cells - len(out)) + out


# ---------------------------------------------------------------------------------------------- drawing helpers

_FONTS: dict[tuple[str, int], ImageFont.FreeTypeFont] = {}


def font(px: int, name: str = "DejaVuSans-Bold.ttf") -> ImageFont.FreeTypeFont:
    key = (name, max(6, int(px)))
    if key not in _FONTS:
        _FONTS[key] = ImageFont.truetype(str(FONT_DIR / name), key[1])
    return _FONTS[key]


def text_mask(text: str, px: float, name: str = "DejaVuSans-Bold.ttf") -> np.ndarray:
    f = font(int(px), name)
    x0, y0, x1, y1 = f.getbbox(text)
    im = Image.new("L", (max(1, x1 - x0 + 2), max(1, y1 - y0 + 2)), 0)
    ImageDraw.Draw(im).text((1 - x0, 1 - y0), text, fill=255, font=f)
    return np.asarray(im, np.float32) / 255.0


def stamp(dst: np.ndarray, mask: np.ndarray, x: float, y: float, value=1.0, alpha: float = 1.0) -> None:
    """Blend mask (h, w) into dst at (x, y): dst = dst*(1-a*m) + value*a*m; clipped at the edges."""
    x, y = ri(x), ri(y)
    h, w = mask.shape
    X0, Y0, X1, Y1 = max(0, x), max(0, y), min(dst.shape[1], x + w), min(dst.shape[0], y + h)
    if X1 <= X0 or Y1 <= Y0:
        return
    m = mask[Y0 - y:Y1 - y, X0 - x:X1 - x] * alpha
    region = dst[Y0:Y1, X0:X1]
    if dst.ndim == 3:
        m = m[..., None]
        value = np.asarray(value, np.float32)
    region[...] = region * (1 - m) + value * m


def stamp_max(dst: np.ndarray, mask: np.ndarray, x: float, y: float) -> None:
    x, y = ri(x), ri(y)
    h, w = mask.shape
    X0, Y0, X1, Y1 = max(0, x), max(0, y), min(dst.shape[1], x + w), min(dst.shape[0], y + h)
    if X1 > X0 and Y1 > Y0:
        np.maximum(dst[Y0:Y1, X0:X1], mask[Y0 - y:Y1 - y, X0 - x:X1 - x], out=dst[Y0:Y1, X0:X1])


def fill_poly(mask: np.ndarray, pts, value: float = 1.0) -> None:
    tmp = np.zeros(mask.shape, np.uint8)
    cv2.fillPoly(tmp, [np.round(np.asarray(pts) * 8).astype(np.int32)], 255, cv2.LINE_AA, shift=3)
    np.maximum(mask, tmp.astype(np.float32) / 255.0 * value, out=mask)


def fill_circle(mask: np.ndarray, cx: float, cy: float, r: float, value: float = 1.0) -> None:
    tmp = np.zeros(mask.shape, np.uint8)
    cv2.circle(tmp, (ri(cx * 8), ri(cy * 8)), max(1, ri(r * 8)), 255, -1,
               cv2.LINE_AA, shift=3)
    np.maximum(mask, tmp.astype(np.float32) / 255.0 * value, out=mask)


def ri(v: float) -> int:
    return math.floor(v + 0.5)


def blur(img: np.ndarray, sigma: float) -> np.ndarray:
    return cv2.GaussianBlur(img, (0, 0), max(0.3, sigma)) if sigma > 0.05 else img


# ---------------------------------------------------------------------------------------------- segment fonts

SEG7 = {"0": "abcdef", "1": "bc", "2": "abged", "3": "abgcd", "4": "fgbc", "5": "afgcd", "6": "afgedc",
        "7": "abc", "8": "abcdefg", "9": "abcdfg", " ": "", "-": "g"}


def seg_poly(p0, p1, t: float, gap: float, ends: str) -> np.ndarray:
    p0, p1 = np.asarray(p0, float), np.asarray(p1, float)
    d = p1 - p0
    L = float(np.hypot(*d))
    u = d / L
    n = np.array([-u[1], u[0]])
    ht = t / 2
    a, b = p0 + u * gap, p1 - u * gap
    if ends == "bevel":
        return np.array([a, a + u * ht + n * ht, b - u * ht + n * ht, b, b - u * ht - n * ht, a + u * ht - n * ht])
    if ends == "square":
        a, b = a + u * ht * 0.7, b - u * ht * 0.7
        return np.array([a + n * ht, b + n * ht, b - n * ht, a - n * ht])
    a, b = a + u * ht, b - u * ht  # round ends
    pts = []
    base = math.atan2(n[1], n[0])
    for k in range(9):
        ang = base - math.pi * k / 8
        pts.append(b + ht * np.array([math.cos(ang), math.sin(ang)]))
    for k in range(9):
        ang = base + math.pi - math.pi * k / 8
        pts.append(a + ht * np.array([math.cos(ang), math.sin(ang)]))
    return np.array(pts)


def segment_lines(x, y, w, h, t, fourteen: bool) -> dict[str, tuple]:
    xl, xr, xc = x + t / 2, x + w - t / 2, x + w / 2
    yt, ym, yb = y + t / 2, y + h / 2, y + h - t / 2
    lines = {"a": ((xl, yt), (xr, yt)), "d": ((xl, yb), (xr, yb)), "f": ((xl, yt), (xl, ym)),
             "b": ((xr, yt), (xr, ym)), "e": ((xl, ym), (xl, yb)), "c": ((xr, ym), (xr, yb))}
    if fourteen:
        lines.update({"g1": ((xl, ym), (xc, ym)), "g2": ((xc, ym), (xr, ym)), "i": ((xc, yt), (xc, ym)),
                      "l": ((xc, ym), (xc, yb)), "h": ((xl, yt), (xc, ym)), "j": ((xr, yt), (xc, ym)),
                      "k": ((xl, yb), (xc, ym)), "m": ((xr, yb), (xc, ym))})
    else:
        lines["g"] = ((xl, ym), (xr, ym))
    return lines


@dataclass
class SegFont:
    aspect: float  # cell width / height
    t: float  # stroke / height
    gap: float  # gap between segments / height
    ends: str
    slant: float  # tan of the italic angle
    fourteen: bool = False
    variants: dict = field(default_factory=dict)  # digit -> segments (6 without a tail, 7 with f, ...)


def draw_digit(lit: np.ndarray, ghost: np.ndarray, ch: str, x: float, y: float, h: float, sf: SegFont,
               ghosts: bool = True) -> None:
    w, t = sf.aspect * h, sf.t * h
    lines = segment_lines(x, y, w, h, t, sf.fourteen)
    on = sf.variants.get(ch, SEG7.get(ch, ""))
    if sf.fourteen:
        on_set = {c for c in on if c in "abcdef"} | ({"g1", "g2"} if "g" in on else set())
        on_set |= set(sf.variants.get(ch + "+", "").split())
    else:
        on_set = set(on)
    for name, (p0, p1) in lines.items():
        diag = name in "hjkm" and len(name) == 1 and sf.fourteen
        tt = t * (0.75 if diag or name in ("i", "l") else 1.0)
        gap = sf.gap * h * (2.2 if diag else 1.0) + (t * 0.3 if diag else 0)
        pts = seg_poly(p0, p1, tt, gap, "square" if diag else sf.ends)
        pts[:, 0] += (y + h - pts[:, 1]) * sf.slant
        if name in on_set:
            fill_poly(lit, pts)
        elif ghosts:
            fill_poly(ghost, pts)


def draw_point(mask: np.ndarray, x: float, y: float, h: float, sf: SegFont, space: float, shape: str) -> None:
    r = min(0.62 * sf.t * h, space * 0.36)
    cx, cy = x + sf.aspect * h + space * 0.5, y + h - r
    if shape == "square":
        fill_poly(mask, [(cx - r, cy - r), (cx + r, cy - r), (cx + r, cy + r), (cx - r, cy + r)])
    else:
        fill_circle(mask, cx, cy, r)


# ---------------------------------------------------------------------------------------------- dot matrix font

F57 = {
    "0": "01110 10001 10011 10101 11001 10001 01110", "1": "00100 01100 00100 00100 00100 00100 01110",
    "2": "01110 10001 00001 00010 00100 01000 11111", "3": "11111 00010 00100 00010 00001 10001 01110",
    "4": "00010 00110 01010 10010 11111 00010 00010", "5": "11111 10000 11110 00001 00001 10001 01110",
    "6": "00110 01000 10000 11110 10001 10001 01110", "7": "11111 00001 00010 00100 01000 01000 01000",
    "8": "01110 10001 10001 01110 10001 10001 01110", "9": "01110 10001 10001 01111 00001 00010 01100",
    ".": "00000 00000 00000 00000 00000 01100 01100", ",": "00000 00000 00000 00000 00000 00000 00100",
    "k": "10000 10000 10010 10100 11000 10100 10010", "g": "00000 01111 10001 10001 01111 00001 01110",
    "l": "01100 00100 00100 00100 00100 00100 01110", "b": "10000 10000 10110 11001 10001 10001 11110",
    "K": "10001 10010 10100 11000 10100 10010 10001", "B": "11110 10001 10001 11110 10001 10001 11110",
    "N": "10001 10001 11001 10101 10011 10001 10001", "E": "11111 10000 10000 11110 10000 10000 11111",
    "T": "11111 00100 00100 00100 00100 00100 00100", "G": "01110 10001 10000 10111 10001 10001 01111",
    "R": "11110 10001 10001 11110 10100 10010 10001", "O": "01110 10001 10001 10001 10001 10001 01110",
    "S": "01111 10000 10000 01110 00001 00001 11110", "A": "01110 10001 10001 10001 11111 10001 10001",
    "Z": "11111 00001 00010 00100 01000 10000 11111", "P": "11110 10001 10001 11110 10000 10000 10000",
    "C": "01110 10001 10000 10000 10000 10001 01110", "H": "10001 10001 10001 11111 10001 10001 10001",
    "L": "10000 10000 10000 10000 10000 10000 11111", "D": "11100 10010 10001 10001 10001 10010 11100",
    "M": "10001 11011 10101 10101 10001 10001 10001", "+": "00000 00100 00100 11111 00100 00100 00000",
    "-": "00000 00000 00000 11111 00000 00000 00000", " ": "00000 00000 00000 00000 00000 00000 00000",
}


def glyph(ch: str) -> np.ndarray:
    return np.array([[c == "1" for c in row] for row in F57[ch].split()], bool)


# ---------------------------------------------------------------------------------------------- panels


@dataclass
class Panel:
    lit: np.ndarray
    ghost: np.ndarray
    prints: list = field(default_factory=list)  # (mask, x, y) printed on the glass/filter, drawn after colour
    digits_box: tuple = (0, 0, 0, 0)
    legends: list = field(default_factory=list)  # ("kg", x, y, side) legend beside an arrow, panel coords
    main_h: float = 0.0


ANNUNCIATORS = ["NET", "GROSS", "→0←", "ZERO", "STABLE", "TARE", "M+", "HOLD", "○", "~", "battery"]


def draw_battery(mask: np.ndarray, x: float, y: float, h: float, bars: int) -> None:
    w = h * 2.0
    t = max(1.0, h * 0.14)
    fill_poly(mask, [(x, y), (x + w, y), (x + w, y + h), (x, y + h)])
    inner = np.zeros_like(mask)
    fill_poly(inner, [(x + t, y + t), (x + w - t, y + t), (x + w - t, y + h - t), (x + t, y + h - t)])
    mask -= np.minimum(mask, inner)
    fill_poly(mask, [(x + w, y + h * 0.3), (x + w + t * 1.5, y + h * 0.3), (x + w + t * 1.5, y + h * 0.7),
                     (x + w, y + h * 0.7)])
    bw = (w - 2 * t) / 3
    for k in range(bars):
        bx = x + t * 1.8 + k * bw
        fill_poly(mask, [(bx, y + t * 1.8), (bx + bw - t * 0.8, y + t * 1.8), (bx + bw - t * 0.8, y + h - t * 1.8),
                         (bx, y + h - t * 1.8)])


def segment_panel(reading: Reading, style: str, rng: random.Random) -> Panel:
    H = 120.0
    if style == "segment_small":
        fourteen = rng.random() < 0.4
        sf = SegFont(rng.uniform(0.48, 0.58), rng.uniform(0.065, 0.095),
                     rng.uniform(0.015, 0.025) if fourteen else rng.uniform(0.03, 0.05),
                     rng.choice(["square", "bevel"]), math.tan(math.radians(rng.choice([0, 0, 5, 8]))), fourteen)
        if fourteen and rng.random() < 0.5:
            sf.variants["7"] = "a"
            sf.variants["7+"] = "j k"
    elif style == "led":
        sf = SegFont(rng.uniform(0.5, 0.62), rng.uniform(0.12, 0.17), rng.uniform(0.008, 0.025),
                     rng.choice(["round", "square", "bevel"]), math.tan(math.radians(rng.choice([0, 0, 6, 10]))))
    elif style == "vfd":
        sf = SegFont(rng.uniform(0.5, 0.6), rng.uniform(0.09, 0.13), rng.uniform(0.015, 0.03),
                     rng.choice(["bevel", "square"]), math.tan(math.radians(rng.choice([0, 5, 8, 10]))))
    else:
        sf = SegFont(rng.uniform(0.48, 0.6), rng.uniform(0.11, 0.16), rng.uniform(0.01, 0.03), "bevel",
                     math.tan(math.radians(rng.choice([0, 4, 6, 8, 10, 12]) if rng.random() < 0.8 else 0)))
    if rng.random() < 0.25:
        sf.variants.update({"6": "fgedc", "9": "abcfg"} if rng.random() < 0.5 else {"7": "abcf"})
    space = H * rng.uniform(0.2, 0.32)
    cw = sf.aspect * H
    slant_dx = H * sf.slant
    cells = cells_of(reading)
    n = len(cells)
    anns = rng.sample(ANNUNCIATORS, rng.randint(0, 5)) if rng.random() < 0.8 else []
    secondary = rng.random() < 0.25
    top_row = 0.0
    if anns or secondary:
        top_row = H * (0.46 if secondary else 0.3)
    margin = H * rng.uniform(0.22, 0.45)
    x0, y0 = margin, margin * 0.6 + top_row
    digits_right = x0 + n * (cw + space) - space + slant_dx
    unit_w = 0.0
    stacked = reading.unit_mode == "text" and style != "led" and rng.random() < 0.6
    unit_px = H * (0.3 if stacked else rng.uniform(0.32, 0.45))
    if reading.unit_mode == "text":
        unit_w = unit_px * 1.6 + H * 0.25
    arrow_side = rng.choice(["below", "below", "right"]) if reading.unit_mode == "arrow" else ""
    bottom = H * (0.36 if arrow_side == "below" else 0.0) + margin * 0.6
    W = int(digits_right + unit_w + margin + (H * 0.2 if arrow_side == "right" else 0))
    Ht = int(y0 + H + bottom)
    lit, ghost = np.zeros((Ht, W), np.float32), np.zeros((Ht, W), np.float32)
    panel = Panel(lit, ghost, main_h=H)
    emissive_labels = style == "led"
    dp_shape = "square" if (style == "led" and sf.ends == "square") or rng.random() < 0.2 else "round"
    ghost_dp = set(range(n - 1)) if style in ("led", "vfd") else {n - 2, n - 3, n - 4}
    for i, (ch, dp) in enumerate(cells):
        x = x0 + i * (cw + space)
        draw_digit(lit, ghost, ch, x, y0, H, sf)
        if dp:
            draw_point(lit, x, y0, H, sf, space, dp_shape)
        elif i in ghost_dp:
            draw_point(ghost, x, y0, H, sf, space, dp_shape)
    box = [x0, y0, digits_right, y0 + H]
    # the unit
    ux = digits_right + H * 0.22
    others = [u for u in ("kg", "lb", "oz", "g") if u != reading.unit]
    if reading.unit_mode == "text":
        if stacked:
            order = [reading.unit, others[0]] if rng.random() < 0.5 else [others[0], reading.unit]
            if reading.unit not in ("kg", "lb") or "kg" not in order or "lb" not in order:
                order = ["kg", "lb"]
            for k, u in enumerate(order):
                m = text_mask(u, unit_px, "DejaVuSans.ttf" if rng.random() < 0.5 else "DejaVuSans-Bold.ttf")
                yy = y0 + H * 0.18 + k * H * 0.45
                stamp_max(lit if u == reading.unit else ghost, m, ux, yy)
                box[2] = max(box[2], ux + m.shape[1])
        else:
            m = text_mask(reading.unit, unit_px, "DejaVuSans-Bold.ttf")
            stamp_max(lit, m, ux, y0 + H - m.shape[0] * 1.05)
            box[2] = max(box[2], ux + m.shape[1])
    elif reading.unit_mode == "arrow":
        legends = ["kg", "lb"] if rng.random() < 0.5 else ["lb", "kg"]
        if rng.random() < 0.3:
            legends.insert(rng.randint(0, 2), rng.choice(["oz", "g", "pcs"]))
        tri = H * 0.13
        for k, u in enumerate(legends):
            if arrow_side == "below":
                cx = W - margin - (len(legends) - 1 - k) * H * 0.75 - H * 0.2
                cy = Ht - bottom + H * 0.12
                pts = [(cx - tri, cy), (cx + tri, cy), (cx, cy + tri * 1.1)]
                panel.legends.append((u, cx, None, "below"))
            else:
                cx, cy = W - H * 0.12, y0 + H * 0.15 + k * H * 0.36
                pts = [(cx - tri * 1.1, cy - tri), (cx, cy), (cx - tri * 1.1, cy + tri)]
                panel.legends.append((u, None, cy, "right"))
            fill_poly(lit if u == reading.unit else ghost, pts)
    # annunciators and a second number in the top row
    tx = x0
    ann_px = H * 0.15
    right_limit = digits_right - (H * 1.7 if secondary else 0)
    for a in anns:
        on = rng.random() < 0.45
        if a == "battery":
            if tx + ann_px * 2.3 > right_limit:
                break
            bm = np.zeros_like(lit)
            draw_battery(bm, tx, margin * 0.5, ann_px, rng.randint(1, 3))
            np.maximum(lit if on else ghost, bm, out=lit if on else ghost)
            tx += ann_px * 2.3 + H * 0.2
            continue
        m = text_mask(a, ann_px)
        if tx + m.shape[1] > right_limit:
            break
        if emissive_labels:
            panel.prints.append((m, tx, margin * 0.5))
            fill_circle(lit if on else ghost, tx + m.shape[1] / 2, margin * 0.5 + m.shape[0] + H * 0.09, H * 0.05)
        else:
            stamp_max(lit if on else ghost, m, tx, margin * 0.5)
        tx += m.shape[1] + H * 0.2
    if secondary:
        label, value = rng.choice([("PCS", str(rng.randint(1, 999))), ("TARE", f"{rng.randint(1, 250) / 100:.2f}"),
                                   ("U/P", f"{rng.randint(50, 2000) / 100:.2f}")])
        h2 = H * rng.uniform(0.24, 0.32)
        sf2 = SegFont(sf.aspect, sf.t, sf.gap, sf.ends, sf.slant)
        sx = digits_right - len(value.replace(".", "")) * (sf2.aspect * h2 + h2 * 0.25)
        yy = margin * 0.35
        k = 0
        for ch in value:
            if ch == ".":
                draw_point(lit, sx + (k - 1) * (sf2.aspect * h2 + h2 * 0.25), yy, h2, sf2, h2 * 0.25, "round")
                continue
            draw_digit(lit, ghost, ch, sx + k * (sf2.aspect * h2 + h2 * 0.25), yy, h2, sf2)
            k += 1
        m = text_mask(label, H * 0.12)
        if emissive_labels:
            panel.prints.append((m, sx - m.shape[1] - H * 0.12, yy + h2 - m.shape[0]))
        else:
            stamp_max(lit, m, sx - m.shape[1] - H * 0.12, yy + h2 - m.shape[0])
    panel.digits_box = tuple(box)
    return panel


def matrix_panel(reading: Reading, style: str, rng: random.Random) -> Panel:
    led = style == "dot_matrix_led"
    unit_txt = reading.unit if rng.random() < 0.7 else reading.unit.upper()
    text = reading.shown.lstrip()
    if reading.unit_mode == "text":
        text += " " + unit_txt
    proportional = not led and rng.random() < 0.35
    scale = 2 if proportional and rng.random() < 0.6 else 1
    p = 120.0 / 7 / (1 if led else 1.6) * (0.5 if scale == 2 else 1)  # pixel pitch
    if proportional:
        point_w = rng.choice([1, 2])
        widths = [(point_w if ch == "." else 3 if ch == " " else 5) for ch in text]
        cols = int(sum(w + 1 for w in widths) + rng.randint(4, 16) // scale) * scale + 2
        rows = 7 * scale + 4 if rng.random() < 0.5 else 16 * scale // 2 + 10
        W, Ht = int(cols * p + 2 * p), int(rows * p + 2 * p)
        lit, ghost = np.zeros((Ht, W), np.float32), np.zeros((Ht, W), np.float32)
        on = np.zeros((rows, cols), bool)
        c = cols - 1 - sum(w + 1 for w in widths) * scale
        r0 = rows - 7 * scale - 2
        for ch, w in zip(text, widths):
            g = glyph(ch)
            if ch == ".":
                g = g[:, 1:3] if point_w == 2 else np.zeros((7, 1), bool)
                if point_w == 1:
                    g[6, 0] = True
            g = np.kron(g, np.ones((scale, scale), bool))
            on[r0:r0 + g.shape[0], c:c + g.shape[1]] |= g
            c += (w + 1) * scale
        cellmask = np.ones((rows, cols), bool)
        origin = (p, p)
        box_rows = (r0, r0 + 7 * scale)
        first_col = cols - 1 - sum(w + 1 for w in widths) * scale
        box_cols = (first_col, cols - 1)
        if rng.random() < 0.6:  # a status word on top
            word = rng.choice(["NET", "GROSS", "ZERO", "STABLE", "HOLD", "TARE"])
            cc = 1
            for ch in word:
                if ch in F57 and cc + 5 < cols and 1 + 7 <= r0 - 1:
                    on[1:8, cc:cc + 5] |= glyph(ch)
                cc += 6
    else:
        nchar = rng.choice([16, 16, 20]) if not led else rng.choice([8, 10, 12])
        nchar = max(nchar, len(text) + 2)
        nlines = 1 if led else rng.choice([2, 2, 1])
        cg, rg = 1, 1  # gaps between cells, in pixels
        cols, rows = nchar * (5 + cg) - cg, nlines * (8 + rg) - rg
        W, Ht = int(cols * p + 2.6 * p), int(rows * p + 2.6 * p)
        lit, ghost = np.zeros((Ht, W), np.float32), np.zeros((Ht, W), np.float32)
        on = np.zeros((rows, cols), bool)
        cellmask = np.zeros((rows, cols), bool)
        for ln in range(nlines):
            for k in range(nchar):
                cellmask[ln * 9:ln * 9 + (7 if led else 8), k * 6:k * 6 + 5] = True
        line = nlines - 1
        right = nchar - rng.choice([0, 0, 1])
        start = right - len(text)
        one_pixel_point = rng.random() < 0.3
        for k, ch in enumerate(text):
            g = glyph(ch).copy()
            if ch == "." and one_pixel_point:
                g[:] = False
                g[6, 2] = True
            on[line * 9:line * 9 + 7, (start + k) * 6:(start + k) * 6 + 5] |= g
        if nlines == 2:
            word = rng.choice(["GROSS", "NET", "ZERO", "ST", "TARE", "HOLD", "GROSS   ST", "NET     ST"])
            if rng.random() < 0.8:
                for k, ch in enumerate(word):
                    if ch in F57 and k < nchar:
                        on[0:7, k * 6:k * 6 + 5] |= glyph(ch)
        origin = (1.3 * p, 1.3 * p)
        box_rows = (line * 9, line * 9 + 7)
        box_cols = (start * 6, right * 6)
    pix = rng.uniform(0.78, 0.9) * p
    rr, cc = np.nonzero(cellmask)
    for r, c in zip(rr, cc):
        x, y = origin[0] + c * p, origin[1] + r * p
        target = lit if on[r, c] else ghost
        if led:
            fill_circle(target, x + p / 2, y + p / 2, pix / 2)
        else:
            x0, y0 = ri(x), ri(y)
            x1, y1 = ri(x + pix), ri(y + pix)
            target[y0:y1, x0:x1] = 1.0
    if not led:
        lit[:] = blur(lit, p * 0.05)
        ghost[:] = blur(ghost, p * 0.05)
    box = (origin[0] + box_cols[0] * p, origin[1] + box_rows[0] * p, origin[0] + box_cols[1] * p,
           origin[1] + box_rows[1] * p)
    return Panel(lit, ghost, digits_box=box, main_h=7 * p * scale)


# ---------------------------------------------------------------------------------------------- colour


def mix(a, b, t):
    t = t[..., None] if np.ndim(t) == 2 else t
    return a + (np.asarray(b, np.float32) - a) * t


def jitter(rng: random.Random, c, amount=0.04):
    return np.clip(np.array(c, np.float32) + np.array([rng.uniform(-amount, amount) for _ in range(3)]), 0, 1)


def colourize(panel: Panel, style: str, rng: random.Random) -> tuple[np.ndarray, np.ndarray, dict]:
    """The panel as RGB (0..1) and its light emission (0..1, for low light and shadows)."""
    L, G = panel.lit, panel.ghost
    Gx = G * (1 - L)
    h, w = L.shape
    H = panel.main_h
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    info: dict = {}
    emis = np.zeros((h, w), np.float32)
    if style in ("lcd_reflective", "segment_small") and not (style == "segment_small" and rng.random() < 0.3):
        bg = jitter(rng, rng.choice([(0.66, 0.70, 0.60), (0.62, 0.64, 0.61), (0.70, 0.72, 0.66),
                                     (0.58, 0.64, 0.56), (0.72, 0.73, 0.70)]), 0.03)
        seg = jitter(rng, rng.choice([(0.10, 0.12, 0.10), (0.08, 0.08, 0.12), (0.14, 0.14, 0.13)]), 0.03)
        gf = rng.uniform(0.03, 0.2) if style == "lcd_reflective" else rng.uniform(0.12, 0.28)
        img = np.broadcast_to(bg, (h, w, 3)).astype(np.float32).copy()
        img *= (1 + rng.uniform(-0.08, 0.08) * (yy / h - 0.5) + rng.uniform(-0.06, 0.06) * (xx / w - 0.5))[..., None]
        off = H * rng.uniform(0.02, 0.05)
        M = np.float32([[1, 0, off * rng.choice([-1, 1]) * 0.6], [0, 1, off]])
        shadow = blur(cv2.warpAffine(L, M, (w, h)), H * 0.02) * rng.uniform(0.08, 0.22)
        img = mix(img, img * 0.5, shadow)
        img = mix(img, seg, L + gf * Gx)
        info["ghost"] = gf
    elif style in ("lcd_backlit", "segment_small"):
        mode = rng.choice(["yg", "white", "negative"]) if style == "lcd_backlit" else rng.choice(["white", "yg"])
        gf = rng.uniform(0.05, 0.2)
        if mode == "yg":
            bg, seg = jitter(rng, (0.62, 0.80, 0.22)), jitter(rng, (0.10, 0.18, 0.06), 0.03)
        elif mode == "white":
            bg = jitter(rng, rng.choice([(0.88, 0.91, 0.94), (0.78, 0.87, 0.99), (0.85, 0.92, 0.96)]), 0.03)
            seg = jitter(rng, (0.07, 0.08, 0.16), 0.03)
        else:
            bg = jitter(rng, rng.choice([(0.05, 0.10, 0.38), (0.04, 0.04, 0.06), (0.03, 0.12, 0.30)]), 0.02)
            seg = jitter(rng, rng.choice([(0.93, 0.96, 1.0), (0.55, 0.95, 1.0), (1.0, 0.72, 0.22)]), 0.03)
        # backlight LEDs along one edge
        edge = rng.choice(["left", "right", "top", "bottom"])
        d = {"left": xx / w, "right": 1 - xx / w, "top": yy / h, "bottom": 1 - yy / h}[edge]
        light = 0.85 + rng.uniform(0.15, 0.35) * np.exp(-d * rng.uniform(2.5, 5))
        for _ in range(rng.randint(2, 4)):
            s = rng.uniform(0.1, 0.9)
            cx, cy = {"left": (0, s * h), "right": (w, s * h), "top": (s * w, 0), "bottom": (s * w, h)}[edge]
            light += 0.12 * np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * (0.12 * max(w, h)) ** 2))
        img = np.broadcast_to(bg, (h, w, 3)).astype(np.float32).copy()
        img = mix(img, seg, L + gf * Gx)
        img = img * light[..., None]
        if mode == "negative":
            img += blur(L, H * 0.03)[..., None] * seg * 0.25
        emis = np.full((h, w), 0.8, np.float32)
        info.update(ghost=gf, backlight=mode)
    elif style in ("led", "dot_matrix_led"):
        colour = rng.choice(["red", "red", "green", "amber", "blue"] if style == "led" else ["red", "red", "amber"])
        lit_c = {"red": (1.0, 0.13, 0.08), "green": (0.25, 1.0, 0.35), "amber": (1.0, 0.62, 0.08),
                 "blue": (0.25, 0.5, 1.0)}[colour]
        unlit_c = {"red": (0.20, 0.08, 0.07), "green": (0.10, 0.15, 0.10), "amber": (0.19, 0.13, 0.07),
                   "blue": (0.09, 0.10, 0.16)}[colour]
        bg = jitter(rng, (0.05, 0.04, 0.045), 0.015) + np.array(lit_c, np.float32) * 0.02
        img = np.broadcast_to(bg, (h, w, 3)).astype(np.float32).copy()
        img *= (1 + 0.25 * np.exp(-((yy / h - rng.uniform(0, 0.4)) ** 2) * 8))[..., None]  # filter sheen
        img = mix(img, jitter(rng, unlit_c, 0.02), Gx * rng.uniform(0.6, 1.0))
        core = np.clip(np.array(lit_c) + rng.uniform(0.1, 0.45), 0, 1)
        img = mix(img, lit_c, L)
        img = mix(img, core, blur(L, H * 0.015) * L * rng.uniform(0.2, 0.6))
        bloom = blur(L, H * rng.uniform(0.04, 0.1))
        img = img + np.array(lit_c, np.float32) * bloom[..., None] * rng.uniform(0.35, 0.8)
        emis = np.clip(L + bloom, 0, 1)
        info["colour"] = colour
    elif style == "vfd":
        lit_c = jitter(rng, rng.choice([(0.45, 1.0, 0.85), (0.35, 0.95, 0.75), (0.55, 1.0, 0.95)]), 0.03)
        bg = jitter(rng, (0.04, 0.06, 0.06), 0.015)
        img = np.broadcast_to(bg, (h, w, 3)).astype(np.float32).copy()
        img = mix(img, (0.10, 0.14, 0.13), Gx * rng.uniform(0.3, 0.8))
        img = mix(img, lit_c, L * 0.92)
        pitch = H * rng.uniform(0.035, 0.06)
        ang = math.radians(rng.choice([0, 45]))
        u, v = xx * math.cos(ang) + yy * math.sin(ang), -xx * math.sin(ang) + yy * math.cos(ang)
        grid = np.maximum(np.abs(((u / pitch) % 1) - 0.5), np.abs(((v / pitch) % 1) - 0.5)) > 0.36
        img *= (1 - grid.astype(np.float32) * rng.uniform(0.25, 0.45))[..., None]
        glow = blur(L, H * rng.uniform(0.03, 0.07))
        img = img + lit_c * glow[..., None] * rng.uniform(0.3, 0.6)
        for _ in range(rng.randint(2, 4)):
            fy = int(rng.uniform(0.1, 0.9) * h)
            img[fy:fy + max(1, int(H * 0.008))] = img[fy:fy + max(1, int(H * 0.008))] * 0.55 + 0.12
        emis = np.clip(L + glow, 0, 1)
    else:  # dot_matrix_lcd
        mode = rng.choice(["green", "blue", "green"])
        if mode == "green":
            bg, on_c, gf = jitter(rng, (0.58, 0.78, 0.16)), jitter(rng, (0.08, 0.16, 0.05), 0.03), rng.uniform(0.06, 0.16)
        else:
            bg, on_c, gf = jitter(rng, (0.10, 0.26, 0.85)), jitter(rng, (0.92, 0.96, 1.0), 0.03), rng.uniform(0.06, 0.14)
        img = np.broadcast_to(bg, (h, w, 3)).astype(np.float32).copy()
        img *= (0.9 + 0.2 * np.exp(-((xx / w - rng.choice([0.0, 1.0])) ** 2) * 3))[..., None]
        img = mix(img, on_c, L + gf * Gx)
        emis = np.full((h, w), 0.8, np.float32)
        info.update(ghost=gf, backlight=mode)
    for m, x, y in panel.prints:
        stamp(img, m, x, y, (0.75, 0.75, 0.72), 0.8)
    return np.clip(img, 0, 1.4), emis, info


# ---------------------------------------------------------------------------------------------- housing

BRANDS = ["DURAWEIGH", "AXIOM", "KORVEX", "SCALEPRO", "NORDIC WEIGH", "TITAN", "MERIDIAN", "PRECISA LINE",
          "FIELDMASTER", "OHLSEN", "CARGOSCALE"]
BUTTONS = ["ZERO", "TARE", "PRINT", "UNITS", "ON/OFF", "MODE", "NET/GR", "HOLD", "M+"]


@dataclass
class Housing:
    img: np.ndarray
    emis: np.ndarray
    alpha: np.ndarray
    window: tuple  # x0, y0, x1, y1
    digits: tuple
    protect: list  # boxes a thumb must not cover
    digit_h: float


def bezel_texture(rng: random.Random, nrng: np.random.Generator, h: int, w: int, kind: str) -> np.ndarray:
    base = {"grey": jitter(rng, (0.62, 0.63, 0.64), 0.06), "black": jitter(rng, (0.13, 0.13, 0.14), 0.03),
            "white": jitter(rng, (0.88, 0.88, 0.86), 0.03), "stainless": jitter(rng, (0.66, 0.67, 0.68), 0.03),
            "blue": jitter(rng, (0.18, 0.30, 0.55), 0.05), "yellow": jitter(rng, (0.88, 0.70, 0.15), 0.04)}[kind]
    img = np.broadcast_to(base, (h, w, 3)).astype(np.float32).copy()
    yy = np.linspace(0, 1, h, dtype=np.float32)[:, None]
    img *= (1.06 - 0.12 * yy)[..., None]
    if kind == "stainless":
        streak = nrng.normal(0, 1, (h, 1)).astype(np.float32)
        streak = cv2.resize(blur(nrng.normal(0, 1, (h, max(8, w // 40))).astype(np.float32), 1.0), (w, h))
        img += (0.03 * streak + 0.02 * blur(nrng.normal(0, 1, (h, 1)).astype(np.float32), 1.5))[..., None]
    img += nrng.normal(0, 0.008, (h, w, 1)).astype(np.float32)
    return img


def build_housing(reading: Reading, style: str, panel: Panel, pimg: np.ndarray, pemis: np.ndarray,
                  rng: random.Random, nrng: np.random.Generator) -> Housing:
    H = panel.main_h
    ph, pw = pimg.shape[:2]
    kind = rng.choice(["grey", "black", "black", "white", "stainless", "grey", "blue", "yellow"])
    dark = kind in ("black", "blue")
    print_c = (0.92, 0.92, 0.9) if dark else (0.1, 0.1, 0.12)
    frame = H * rng.uniform(0.08, 0.22)
    mx, my = H * rng.uniform(0.35, 0.9), H * rng.uniform(0.45, 0.9)
    has_buttons = rng.random() < 0.8
    legend_below = any(s == "below" for *_, s in panel.legends)
    legend_right = any(s == "right" for *_, s in panel.legends)
    below = (H * 0.45 if legend_below else 0) + (H * rng.uniform(0.9, 1.3) if has_buttons else H * 0.4)
    right_extra = H * 0.75 if legend_right else 0
    W = int(pw + 2 * frame + 2 * mx + right_extra)
    Ht = int(ph + 2 * frame + my + below)
    img = bezel_texture(rng, nrng, Ht, W, kind)
    wx0, wy0 = mx + frame, my + frame
    # the window: a dark frame, the panel, glass depth shading
    fc = np.array((0.05, 0.05, 0.06) if kind != "black" else (0.02, 0.02, 0.025), np.float32)
    img[int(my):int(wy0 + ph + frame), int(mx):int(wx0 + pw + frame)] = fc
    hi = np.array(print_c) * 0.3 + 0.35
    img[int(my):int(my) + 2, int(mx):int(wx0 + pw + frame)] = hi
    ix, iy = ri(wx0), ri(wy0)
    region = pimg.copy()
    depth = np.linspace(0, 1, ph, dtype=np.float32)[:, None]
    region *= (0.82 + 0.18 * np.clip(depth * 8, 0, 1))[..., None]
    img[iy:iy + ph, ix:ix + pw] = region[: Ht - iy, : W - ix]
    emis = np.zeros((Ht, W), np.float32)
    emis[iy:iy + ph, ix:ix + pw] = pemis
    protect = [(mx, my, wx0 + pw + frame, wy0 + ph + frame)]
    # unit legends printed next to the arrows
    lpx = H * rng.uniform(0.24, 0.32)
    for u, cx, cy, side in panel.legends:
        m = text_mask(u, lpx)
        if side == "below":
            x, y = ix + cx - m.shape[1] / 2, wy0 + ph + frame + H * 0.08
        else:
            x, y = wx0 + pw + frame + H * 0.1, iy + cy - m.shape[0] / 2
        stamp(img, m, x, y, print_c)
        protect.append((x, y, x + m.shape[1], y + m.shape[0]))
    # brand, buttons, screws, sticker
    m = text_mask(rng.choice(BRANDS), H * rng.uniform(0.16, 0.26),
                  rng.choice(["DejaVuSans-Bold.ttf", "DejaVuSerif-Bold.ttf", "DejaVuSansCondensed-Bold.ttf"]))
    brand = (0.0, 0.0)
    if m.shape[1] < W - 2 * mx:
        bx = mx if rng.random() < 0.6 else (W - m.shape[1]) / 2
        stamp(img, m, bx, (my - m.shape[0]) * 0.5, print_c, 0.9)
        brand = (bx, bx + m.shape[1])
    if has_buttons:
        names = rng.sample(BUTTONS, rng.randint(3, 5))
        by = wy0 + ph + frame + (H * 0.5 if legend_below else H * 0.25)
        bh = H * rng.uniform(0.35, 0.5)
        span = W - 2 * mx
        bw = min(span / len(names) * 0.7, H * 1.1)
        shape = rng.choice(["rect", "round", "membrane"])
        bcol = jitter(rng, rng.choice([(0.2, 0.2, 0.22), (0.75, 0.75, 0.76), (0.15, 0.35, 0.6), (0.7, 0.2, 0.15)]), 0.03)
        for k, name in enumerate(names):
            cx = mx + span * (k + 0.5) / len(names)
            bm = np.zeros((Ht, W), np.float32)
            if shape == "round":
                fill_circle(bm, cx, by + bh / 2, bh / 2)
            else:
                fill_poly(bm, [(cx - bw / 2, by), (cx + bw / 2, by), (cx + bw / 2, by + bh), (cx - bw / 2, by + bh)])
            col = bcol if shape != "membrane" else np.array(img[int(by), int(cx)]) * 0.92
            img = mix(img, col, bm)
            img = mix(img, np.zeros(3), blur(bm, 2) * 0.15 * (1 - bm))
            tm = text_mask(name, H * 0.12)
            if shape == "round" or tm.shape[1] > bw * 0.9:
                stamp(img, tm, cx - tm.shape[1] / 2, by + bh + H * 0.05, print_c)
            else:
                lc = (0.95, 0.95, 0.95) if bcol.mean() < 0.5 or shape == "membrane" and dark else (0.1, 0.1, 0.1)
                stamp(img, tm, cx - tm.shape[1] / 2, by + (bh - tm.shape[0]) / 2, lc)
    if rng.random() < 0.6:
        r = H * 0.07
        for sx, sy in ((mx * 0.4, my * 0.4), (W - mx * 0.4, my * 0.4), (mx * 0.4, Ht - my * 0.4),
                       (W - mx * 0.4, Ht - my * 0.4)):
            sm = np.zeros((Ht, W), np.float32)
            fill_circle(sm, sx, sy, r)
            img = mix(img, (0.55, 0.55, 0.56), sm)
            slot = np.zeros((Ht, W), np.float32)
            a = rng.uniform(0, math.pi)
            fill_poly(slot, seg_poly((sx - r * 0.8 * math.cos(a), sy - r * 0.8 * math.sin(a)),
                                     (sx + r * 0.8 * math.cos(a), sy + r * 0.8 * math.sin(a)), r * 0.25, 0, "square"))
            img = mix(img, (0.25, 0.25, 0.25), slot)
    if rng.random() < 0.35:
        unit = reading.unit
        caps = {"kg": [6, 15, 30, 60, 150], "lb": [15, 30, 60, 150, 300, 1000, 5000, 80000, 100000]}[unit]
        cap = next(c for c in caps if c >= Decimal(reading.shown) or c == caps[-1])
        lines = [rng.choice(["CLASS III", "NTEP", "S/N 4A0" + str(rng.randint(1000, 9999))]), f"Max {cap} {unit}"]
        ms = [text_mask(t, H * 0.09, "DejaVuSans.ttf") for t in lines]
        sw = max(m.shape[1] for m in ms) + H * 0.16
        sh = sum(m.shape[0] for m in ms) + H * 0.2
        sx = W - mx - sw if rng.random() < 0.5 else mx
        sy = max(2, my - sh - H * 0.05)
        if sy + sh < my and (sx + sw < brand[0] - H * 0.1 or sx > brand[1] + H * 0.1):
            img[int(sy):int(sy + sh), int(sx):int(sx + sw)] = jitter(rng, (0.93, 0.93, 0.9), 0.02)
            yy = sy + H * 0.08
            for m in ms:
                stamp(img, m, sx + H * 0.08, yy, (0.1, 0.1, 0.1))
                yy += m.shape[0] + H * 0.04
    alpha = np.zeros((Ht, W), np.uint8)
    rad = int(H * rng.uniform(0.1, 0.45))
    cv2.rectangle(alpha, (rad, 0), (W - rad, Ht), 255, -1)
    cv2.rectangle(alpha, (0, rad), (W, Ht - rad), 255, -1)
    for cx, cy in ((rad, rad), (W - rad, rad), (rad, Ht - rad), (W - rad, Ht - rad)):
        cv2.circle(alpha, (cx, cy), rad, 255, -1, cv2.LINE_AA)
    x0, y0, x1, y1 = panel.digits_box
    digits = (ix + x0, iy + y0, ix + x1, iy + y1)
    return Housing(np.clip(img, 0, 1.4), emis, alpha.astype(np.float32) / 255, (ix, iy, ix + pw, iy + ph),
                   digits, protect, H)


# ---------------------------------------------------------------------------------------------- glass troubles


def add_glare(h: Housing, rng: random.Random, strength: float) -> None:
    x0, y0, x1, y1 = h.window
    dx0, dy0, dx1, dy1 = h.digits
    H = h.digit_h
    hh, ww = h.img.shape[:2]
    yy, xx = np.mgrid[0:hh, 0:ww].astype(np.float32)
    if rng.random() < 0.55:  # a blob: its core smaller than a digit
        cx, cy = rng.uniform(dx0, dx1), rng.uniform(dy0, dy1)
        sx, sy = H * rng.uniform(0.12, 0.22), H * rng.uniform(0.15, 0.35)
        a = math.radians(rng.uniform(0, 180))
        u = (xx - cx) * math.cos(a) + (yy - cy) * math.sin(a)
        v = -(xx - cx) * math.sin(a) + (yy - cy) * math.cos(a)
        g = np.exp(-(u ** 2 / (2 * sx ** 2) + v ** 2 / (2 * sy ** 2)))
        g = np.maximum(g, 0.35 * np.exp(-(u ** 2 / (2 * (sx * 3) ** 2) + v ** 2 / (2 * (sy * 3) ** 2))))
        peak = rng.uniform(0.55, 0.8) * strength
    else:  # a streak across the window
        cx, cy = rng.uniform(dx0, dx1), rng.uniform(y0, y1)
        a = math.radians(rng.uniform(-70, 70))
        d = (xx - cx) * math.cos(a) + (yy - cy) * math.sin(a)
        g = np.exp(-d ** 2 / (2 * (H * rng.uniform(0.05, 0.12)) ** 2))
        peak = rng.uniform(0.45, 0.7) * strength
    inside = np.zeros((hh, ww), np.float32)
    inside[int(y0):int(y1), int(x0):int(x1)] = 1
    g = g * blur(inside, 2) * peak
    h.img = h.img + (1.15 - h.img) * g[..., None]


def add_reflection(h: Housing, rng: random.Random, strength: float) -> None:
    dx0, dy0, dx1, dy1 = h.digits
    x0, y0, x1, y1 = h.window
    H = h.digit_h
    hh, ww = h.img.shape[:2]
    cx, cy = rng.uniform(dx0, dx1), rng.uniform(dy0, dy1)
    wt, wb, ht = H * rng.uniform(0.8, 2.5), H * rng.uniform(1.2, 3.5), H * rng.uniform(0.8, 2.0)
    sk = H * rng.uniform(-0.6, 0.6)
    m = np.zeros((hh, ww), np.float32)
    fill_poly(m, [(cx - wt / 2 + sk, cy - ht / 2), (cx + wt / 2 + sk, cy - ht / 2), (cx + wb / 2, cy + ht / 2),
                  (cx - wb / 2, cy + ht / 2)])
    if rng.random() < 0.5:  # a window's mullions
        bar = np.zeros_like(m)
        fill_poly(bar, [(cx - H * 0.05, cy - ht), (cx + H * 0.05, cy - ht), (cx + H * 0.05, cy + ht),
                        (cx - H * 0.05, cy + ht)])
        m *= 1 - bar * 0.8
    inside = np.zeros((hh, ww), np.float32)
    inside[int(y0):int(y1), int(x0):int(x1)] = 1
    m = blur(m, H * rng.uniform(0.08, 0.2)) * inside * rng.uniform(0.2, 0.6) * strength
    col = jitter(rng, rng.choice([(0.95, 0.97, 1.0), (1.0, 0.92, 0.78), (0.9, 0.95, 1.0)]), 0.03)
    h.img = mix(h.img, col, m)


# ---------------------------------------------------------------------------------------------- the scene


def background(rng: random.Random, nrng: np.random.Generator, h: int, w: int) -> np.ndarray:
    kind = rng.choice(["wall", "table", "floor", "steel", "counter"])
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    if kind == "wall":
        base = jitter(rng, rng.choice([(0.85, 0.82, 0.74), (0.78, 0.80, 0.80), (0.70, 0.75, 0.68)]), 0.05)
        tex = blur(nrng.normal(0, 1, (h, w)).astype(np.float32), 1.2) * 0.015
    elif kind == "table":
        base = jitter(rng, rng.choice([(0.55, 0.38, 0.22), (0.70, 0.55, 0.38), (0.40, 0.28, 0.18)]), 0.05)
        grain = cv2.resize(nrng.normal(0, 1, (h // 4 + 1, 6)).astype(np.float32), (w, h))
        tex = 0.05 * np.sin(yy / h * rng.uniform(30, 60) + 3 * grain) + blur(nrng.normal(0, 1, (h, w)).astype(np.float32), 1) * 0.01
    elif kind == "floor":
        base = jitter(rng, (0.52, 0.52, 0.50), 0.06)
        tex = nrng.normal(0, 0.04, (h, w)).astype(np.float32) + blur(nrng.normal(0, 1, (h, w)).astype(np.float32), 6) * 0.2
    elif kind == "steel":
        base = jitter(rng, (0.58, 0.60, 0.62), 0.04)
        tex = cv2.resize(nrng.normal(0, 0.04, (h, max(4, w // 60))).astype(np.float32), (w, h))
        pitch = rng.uniform(30, 60)
        tex += 0.05 * ((np.sin(xx / pitch * 6.28 + yy / pitch * 6.28) > 0.92) & (np.sin(xx / pitch * 6.28) > 0))
    else:
        base = jitter(rng, rng.choice([(0.92, 0.92, 0.9), (0.25, 0.25, 0.27), (0.6, 0.6, 0.58)]), 0.04)
        tex = blur(nrng.normal(0, 1, (h, w)).astype(np.float32), 2) * 0.03
    light = 1 + rng.uniform(-0.2, 0.2) * (xx / w - 0.5) + rng.uniform(-0.2, 0.2) * (yy / h - 0.5)
    return np.clip(base[None, None, :] * (light + tex)[..., None], 0, 1)


def pose_homography(hw: int, hh: int, scale: float, centre, roll: float, tilt_x: float, tilt_y: float,
                    focal: float) -> np.ndarray:
    src = np.float32([[0, 0], [hw, 0], [hw, hh], [0, hh]])
    pts = np.array([[x - hw / 2, y - hh / 2, 0.0] for x, y in src]) * scale
    cx, sx = math.cos(tilt_x), math.sin(tilt_x)
    cy, sy = math.cos(tilt_y), math.sin(tilt_y)
    cz, sz = math.cos(roll), math.sin(roll)
    R = (np.array([[cz, -sz, 0], [sz, cz, 0], [0, 0, 1]]) @ np.array([[1, 0, 0], [0, cx, -sx], [0, sx, cx]])
         @ np.array([[cy, 0, sy], [0, 1, 0], [-sy, 0, cy]]))
    p = pts @ R.T
    dst = np.float32([[focal * X / (Z + focal) + centre[0], focal * Y / (Z + focal) + centre[1]] for X, Y, Z in p])
    return cv2.getPerspectiveTransform(src, dst)


def warp_pts(Hm: np.ndarray, pts) -> np.ndarray:
    return cv2.perspectiveTransform(np.float32(pts).reshape(-1, 1, 2), Hm).reshape(-1, 2)


def box_pts(b) -> list:
    x0, y0, x1, y1 = b
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def render_photo(index: int, seed: int) -> tuple[np.ndarray, dict, int]:
    digest = hashlib.sha256(f"third/{seed}/{index}".encode()).digest()
    rng = random.Random(int.from_bytes(digest[:8], "big"))
    nrng = np.random.default_rng(int.from_bytes(digest[8:16], "big"))
    condition = CONDITIONS[index % len(CONDITIONS)]
    style = STYLES[(index + index // len(CONDITIONS)) % len(STYLES)]
    effects = {condition}
    if condition == "combo":
        first = rng.choice(COMBINABLE)
        pool = [c for c in COMBINABLE if c != first and {c, first} not in ({"glare", "reflection"},
                                                                           {"motion_blur", "defocus"})]
        effects = {first, *rng.sample(pool, rng.choice([1, 1, 2]))}
    mild = 0.75 if condition == "combo" else 1.0
    reading = pick_reading(rng, style)
    panel = matrix_panel(reading, style, rng) if style.startswith("dot_matrix") else segment_panel(reading, style, rng)
    pimg, pemis, _ = colourize(panel, style, rng)
    housing = build_housing(reading, style, panel, pimg, pemis, rng, nrng)
    # every window has a faint sheen; glare and reflections are on the glass
    if "glare" in effects:
        add_glare(housing, rng, mild)
    if "reflection" in effects:
        add_reflection(housing, rng, mild)
    # frame and pose
    if "small" in effects:
        W = rng.randint(1280, 1600)
    elif "jpeg_heavy" in effects:
        W = rng.randint(1100, 1600)
    else:
        W = rng.randint(800, 1600)
    portrait = rng.random() < 0.3
    Hh = int(W * (4 / 3 if portrait else 3 / 4))
    hh, hw = housing.img.shape[:2]
    wx0, _, wx1, _ = housing.window
    if "small" in effects:
        scale = W * rng.uniform(0.08, 0.15) / (wx1 - wx0)
    else:
        scale = min(W * rng.uniform(0.5, 0.92) / hw, Hh * 0.9 / hh, W * rng.uniform(0.35, 0.8) / (wx1 - wx0))
    roll = math.radians(rng.uniform(-3, 3))
    tilt_x, tilt_y = math.radians(rng.uniform(-7, 7)), math.radians(rng.uniform(-7, 7))
    if "rotation" in effects:
        roll = math.radians(rng.uniform(5, 25) * rng.choice([-1, 1]) * (0.8 if mild < 1 else 1))
    if "perspective" in effects:
        ang = math.radians(rng.uniform(15, 40) * (0.8 if mild < 1 else 1)) * rng.choice([-1, 1])
        split = rng.random()
        tilt_x, tilt_y = ang * math.sqrt(split) if split > 0.3 else ang * 0.3, ang * math.sqrt(1 - split)
    focal = W * rng.uniform(0.8, 1.4)
    for _ in range(30):
        centre = (W / 2 + rng.uniform(-0.2, 0.2) * W, Hh / 2 + rng.uniform(-0.2, 0.2) * Hh)
        Hm = pose_homography(hw, hh, scale, centre, roll, tilt_x, tilt_y, focal)
        win = warp_pts(Hm, box_pts(housing.window))
        if win[:, 0].min() > 0.04 * W and win[:, 0].max() < 0.96 * W and win[:, 1].min() > 0.04 * Hh \
                and win[:, 1].max() < 0.96 * Hh:
            break
        scale *= 0.95
    # pre-shrink so the warp does not alias thin strokes and pixel grids
    pre = min(1.0, scale * 1.3)
    if pre < 1.0:
        small_size = (max(2, int(hw * pre)), max(2, int(hh * pre)))
        himg = cv2.resize(housing.img, small_size, interpolation=cv2.INTER_AREA)
        hem = cv2.resize(housing.emis, small_size, interpolation=cv2.INTER_AREA)
        hal = cv2.resize(housing.alpha, small_size, interpolation=cv2.INTER_AREA)
        S = np.diag([hw / small_size[0], hh / small_size[1], 1.0])
        Hw = Hm @ S
    else:
        himg, hem, hal, Hw = housing.img, housing.emis, housing.alpha, Hm
    warped = cv2.warpPerspective(himg, Hw, (W, Hh), flags=cv2.INTER_LINEAR)
    emis = cv2.warpPerspective(hem, Hw, (W, Hh), flags=cv2.INTER_LINEAR)
    alpha = cv2.warpPerspective(hal, Hw, (W, Hh), flags=cv2.INTER_LINEAR)
    scene = background(rng, nrng, Hh, W)
    sh = blur(np.roll(alpha, (int(W * 0.01), int(W * 0.006)), axis=(0, 1)), W * 0.012)
    scene = scene * (1 - 0.45 * sh[..., None])
    scene = scene * (1 - alpha[..., None]) + warped * alpha[..., None]
    emis *= alpha
    digits_q = warp_pts(Hm, box_pts(housing.digits))
    digit_h = float(np.hypot(*(digits_q[3] - digits_q[0]))) * housing.digit_h / max(
        1.0, housing.digits[3] - housing.digits[1])
    yy, xx = np.mgrid[0:Hh, 0:W].astype(np.float32)
    # lighting: a soft gradient and the lens's vignette
    light = 1 + rng.uniform(-0.15, 0.15) * (xx / W - 0.5) + rng.uniform(-0.15, 0.15) * (yy / Hh - 0.5)
    vig = 1 - rng.uniform(0.1, 0.3) * (((xx / W - 0.5) ** 2 + (yy / Hh - 0.5) ** 2) / 0.5)
    scene = scene * (light * vig)[..., None]
    if "shadow" in effects:
        q = warp_pts(Hm, box_pts(housing.window))
        px, py = q.mean(axis=0) + (q[1] - q[0]) * rng.uniform(-0.3, 0.3)
        a = math.radians(rng.uniform(0, 360))
        d = (xx - px) * math.cos(a) + (yy - py) * math.sin(a)
        edge = blur((d > 0).astype(np.float32), rng.uniform(0.8, 3.0))
        k = rng.uniform(0.4, 0.62) / mild if mild < 1 else rng.uniform(0.4, 0.62)
        dark = 1 - (1 - min(k, 0.8)) * edge
        keep = np.maximum(dark, emis * 0.85)
        scene = scene * keep[..., None] * np.array([0.97, 1.0, 1.06], np.float32)[None, None, :] ** edge[..., None]
    if "thumb" in effects:
        scene = add_thumb(scene, rng, Hm, housing, W, Hh)
    # white balance and exposure
    wb = np.array([rng.uniform(0.93, 1.07), 1.0, rng.uniform(0.9, 1.08)], np.float32)
    scene = scene * wb * rng.uniform(0.9, 1.1)
    if "low_light" in effects:
        k = rng.uniform(0.35, 0.55)
        scene = scene * (k + (1 - k) * emis * 0.85)[..., None] * np.array([1.12, 1.0, 0.72], np.float32)
        scene = scene + nrng.normal(0, rng.uniform(0.025, 0.045) * mild, scene.shape[:2] + (1,)).astype(np.float32)
        scene = scene + nrng.normal(0, 0.012, scene.shape).astype(np.float32)
        scene = blur(scene, 0.7)
    # optics
    if "defocus" in effects:
        r = max(1.5, digit_h * rng.uniform(0.05, 0.09) * mild)
        k = np.zeros((int(2 * r) + 3, int(2 * r) + 3), np.float32)
        cv2.circle(k, (k.shape[1] // 2, k.shape[0] // 2), ri(r), 1.0, -1, cv2.LINE_AA)
        scene = cv2.filter2D(scene, -1, k / k.sum())
    if "motion_blur" in effects:
        length = max(3, int(digit_h * rng.uniform(0.06, 0.13) * mild))
        k = np.zeros((length, length), np.float32)
        k[length // 2, :] = 1
        k = cv2.warpAffine(k, cv2.getRotationMatrix2D((length / 2 - 0.5, length / 2 - 0.5), rng.uniform(0, 180), 1),
                           (length, length))
        scene = cv2.filter2D(scene, -1, k / max(k.sum(), 1e-6))
    if "moire" in effects:
        p1 = rng.uniform(2.6, 4.5)
        a1 = math.radians(rng.uniform(-10, 10))
        u = xx * math.cos(a1) + yy * math.sin(a1)
        v = -xx * math.sin(a1) + yy * math.cos(a1)
        fine = np.cos(2 * math.pi * u / p1) * np.cos(2 * math.pi * v / p1)
        P = rng.uniform(18, 60)
        a2 = math.radians(rng.uniform(0, 180))
        wav = np.sin(2 * math.pi * (xx * math.cos(a2) + yy * math.sin(a2)) / P + 3 * np.sin(yy / Hh * 4 + xx / W * 3))
        bands = np.stack([np.sin(wav * 2 + ph) for ph in (0, 2.1, 4.2)], -1)
        scene = scene * (1 + rng.uniform(0.03, 0.06) * mild * fine[..., None] + rng.uniform(0.025, 0.05) * mild * bands)
    # sensor noise, the phone's sharpening
    scene = scene + nrng.normal(0, rng.uniform(0.004, 0.012), scene.shape).astype(np.float32)
    scene = blur(scene, rng.uniform(0.4, 0.8))
    soft = blur(scene, 1.5)
    scene = scene + rng.uniform(0.2, 0.6) * (scene - soft)
    out = (np.clip(scene, 0, 1) ** rng.uniform(0.95, 1.05) * 255 + 0.5).astype(np.uint8)
    quality = rng.randint(70, 92)
    if "jpeg_heavy" in effects:
        w2 = rng.randint(800, 1000)
        out = cv2.resize(out, (w2, int(out.shape[0] * w2 / out.shape[1])), interpolation=cv2.INTER_AREA)
        quality = rng.randint(25, 45)
    row = {"file": f"weights/{condition}-{index:03d}-{style}.jpg", "condition": condition, "style": style,
           "shown": reading.shown, "unit": reading.unit, "expected_lb": reading.expected_lb}
    return out, row, quality


def add_thumb(scene: np.ndarray, rng: random.Random, Hm: np.ndarray, housing: Housing, W: int, Hh: int) -> np.ndarray:
    """A thumb over a corner or the bezel, never over the window or the unit's legend."""
    protect = np.zeros((Hh, W), np.uint8)
    for b in housing.protect:
        x0, y0, x1, y1 = b
        pad = housing.digit_h * 0.08
        q = warp_pts(Hm, box_pts((x0 - pad, y0 - pad, x1 + pad, y1 + pad)))
        cv2.fillPoly(protect, [np.round(q).astype(np.int32)], 1)
    hh, hw = housing.img.shape[:2]
    corners = warp_pts(Hm, [(0, 0), (hw, 0), (hw, hh), (0, hh), (hw / 2, hh), (0, hh / 2), (hw, hh / 2)])
    centre = warp_pts(Hm, [(hw / 2, hh / 2)])[0]
    size = float(np.hypot(*(corners[1] - corners[0])))
    skin = jitter(rng, rng.choice([(0.93, 0.76, 0.65), (0.85, 0.64, 0.50), (0.70, 0.48, 0.32), (0.45, 0.30, 0.20)]),
                  0.03)
    for _ in range(40):
        anchor = corners[rng.randrange(len(corners))]
        ax, ay = size * rng.uniform(0.06, 0.09), size * rng.uniform(0.2, 0.32)
        out_dir = anchor - centre
        out_dir = out_dir / max(1e-6, float(np.hypot(*out_dir)))
        for push in np.linspace(0.45, 1.3, 10):
            c = anchor + out_dir * ay * push
            ang = math.degrees(math.atan2(out_dir[1], out_dir[0])) + 90 + rng.uniform(-25, 25)
            m = np.zeros((Hh, W), np.uint8)
            cv2.ellipse(m, (int(c[0]), int(c[1])), (int(ax), int(ay)), ang, 0, 360, 1, -1)
            far = c + out_dir * (W + Hh)  # the rest of the thumb, out to the frame's edge
            cv2.line(m, (int(c[0]), int(c[1])), (int(far[0]), int(far[1])), 1, int(2 * ax * 1.05))
            if m.sum() > 0.3 * math.pi * ax * ay and not (m & protect).any():
                mf = blur(m.astype(np.float32), max(1.0, ax * 0.04))
                yy, xx = np.mgrid[0:Hh, 0:W].astype(np.float32)
                across = np.abs((xx - c[0]) * out_dir[1] - (yy - c[1]) * out_dir[0]) / ax  # 0 on the axis
                shade = 0.72 + 0.3 * np.clip(1 - across ** 2, 0, 1) ** 0.5
                nail = np.zeros((Hh, W), np.uint8)
                tip = c - out_dir * ay * 0.62
                cv2.ellipse(nail, (int(tip[0]), int(tip[1])), (int(ax * 0.6), int(ay * 0.22)), ang, 0, 360, 1, -1)
                col = skin * shade[..., None]
                col = mix(col, np.clip(skin + 0.12, 0, 1), blur(nail.astype(np.float32), 2) * 0.5 * mf)
                shadow = blur(m.astype(np.float32), ax * 0.25) * (1 - mf) * 0.35
                scene = scene * (1 - shadow[..., None])
                return scene * (1 - mf[..., None]) + col * mf[..., None]
    return scene


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--only", type=int, nargs="*", help="render only these indices (for looking)")
    args = parser.parse_args()
    out_dir = OUT / f"ai-third-seed{args.seed}"
    (out_dir / "weights").mkdir(parents=True, exist_ok=True)
    rows = []
    for i in range(args.count):
        if args.only and i not in args.only:
            continue
        img, row, quality = render_photo(i, args.seed)
        Image.fromarray(img).save(out_dir / row["file"], quality=quality)
        rows.append(row)
    (out_dir / "manifest.json").write_text(json.dumps({"seed": args.seed, "source": "third", "weights": rows,
                                                       "plates": []}, indent=1))
    print(f"{len(rows)} photos in {out_dir}")


if __name__ == "__main__":
    main()
