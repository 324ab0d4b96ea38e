"""Scale-display pictures with known weights: seven-segment LCD/LED and plain fonts.

Shared by the evaluation set (bench/ai/generate.py) and the tests (tests/api/ai), so both read
the same kinds of displays.
"""
from __future__ import annotations

import subprocess
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from api.ai.dots import SHAPES, VARIANTS

# Which segments light for each character (a top, b upper right, c lower right, d bottom,
# e lower left, f upper left, g middle).
SEGMENTS = {
    "0": "abcdef", "1": "bc", "2": "abdeg", "3": "abcdg", "4": "bcfg", "5": "acdfg",
    "6": "acdefg", "7": "abc", "8": "abcdefg", "9": "abcdfg", "-": "g", " ": "",
}


@dataclass(frozen=True)
class DisplayStyle:
    kind: str  # lcd | led | font
    background: tuple[int, int, int]
    lit: tuple[int, int, int]
    unlit: tuple[int, int, int] | None  # ghost segments of real LCDs
    font_path: str | None = None


LCD = DisplayStyle("lcd", (176, 190, 160), (30, 36, 30), (164, 177, 149))
LED_RED = DisplayStyle("led", (12, 10, 10), (255, 40, 30), (34, 13, 12))
LED_GREEN = DisplayStyle("led", (8, 14, 10), (60, 255, 120), None)
LCD_BLUE = DisplayStyle("lcd", (40, 90, 200), (235, 240, 255), None)


@lru_cache
def system_fonts() -> tuple[str, ...]:
    """TrueType fonts installed on this machine (fc-list), Latin ones that draw digits."""
    try:
        out = subprocess.run(["fc-list", ":", "file"], capture_output=True, text=True, timeout=10, check=False).stdout
    except (OSError, subprocess.SubprocessError):
        out = ""
    paths = sorted({line.split(":")[0].strip() for line in out.splitlines() if line.strip()})
    keep = [p for p in paths if p.endswith(".ttf") and "Math" not in p]
    return tuple(keep) or ("DejaVuSans.ttf",)


def _segment_polygons(x: float, y: float, w: float, h: float, t: float) -> dict[str, list[tuple[float, float]]]:
    """Hexagonal segments of one digit cell whose top left is (x, y), stroke t."""
    half = t / 2
    mid = y + h / 2

    def horizontal(cy: float) -> list[tuple[float, float]]:
        return [(x + half, cy), (x + t, cy - half), (x + w - t, cy - half), (x + w - half, cy),
                (x + w - t, cy + half), (x + t, cy + half)]

    def vertical(cx: float, y0: float, y1: float) -> list[tuple[float, float]]:
        return [(cx, y0 + half), (cx + half, y0 + t), (cx + half, y1 - t), (cx, y1 - half),
                (cx - half, y1 - t), (cx - half, y0 + t)]

    gap = t * 0.12
    return {
        "a": horizontal(y + half), "g": horizontal(mid), "d": horizontal(y + h - half),
        "f": vertical(x + half, y + half + gap, mid - gap), "b": vertical(x + w - half, y + half + gap, mid - gap),
        "e": vertical(x + half, mid + gap, y + h - half - gap), "c": vertical(x + w - half, mid + gap, y + h - half - gap),
    }


def _skew(points, origin_y: float, slant: float):
    return [(px + (origin_y - py) * slant, py) for px, py in points]


def _rect_segments(x: float, y: float, w: float, h: float, t: float) -> dict[str, list[tuple[float, float]]]:
    """Plain rectangular segments with square ends and clear gaps between them (many LCD glass
    makers draw them so; no mitred hexagon ends)."""
    g = max(1.0, t * 0.3)
    mid = y + h / 2

    def rect(x0: float, y0: float, x1: float, y1: float) -> list[tuple[float, float]]:
        return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]

    return {
        "a": rect(x + t + g, y, x + w - t - g, y + t), "g": rect(x + t + g, mid - t / 2, x + w - t - g, mid + t / 2),
        "d": rect(x + t + g, y + h - t, x + w - t - g, y + h),
        "f": rect(x, y + t + g, x + t, mid - t / 2 - g), "b": rect(x + w - t, y + t + g, x + w, mid - t / 2 - g),
        "e": rect(x, mid + t / 2 + g, x + t, y + h - t - g), "c": rect(x + w - t, mid + t / 2 + g, x + w, y + h - t - g),
    }


def seven_segment(text: str, style: DisplayStyle = LCD, *, digit_height: int = 120, slant: float = 0.08,
                  unit: str | None = "lb", cells: int | None = None, stroke: float | None = None,
                  shape: str = "hex", point: str = "round", width: float = 0.55,
                  unit_place: str = "right") -> Image.Image:
    """Draw `text` (digits, one '.', '-') as a seven-segment display, right aligned like a scale.
    stroke: the segments' width as a share of the digit height (default 0.13).
    shape: "hex" (mitred segment ends) or "rect" (square ends, wider gaps).
    point: "round" (between cells), "square", "small" (a dot half the usual size) or "tucked"
    (a square dot close under the digit's lower right corner, as on many LCD glasses).
    width: a digit's width as a share of its height (narrow fonts about 0.45, wide ones 0.65).
    unit_place: "right" (beside the digits, on their baseline) or "top" (a small legend at the
    top right, as on scales that print the unit above the last digit)."""
    digits = text.replace(".", "")
    cells = max(cells or len(digits), len(digits))
    h = digit_height
    w = int(h * width)
    t = max(4, int(min(h * (stroke or 0.13), w * 0.24)))  # a stroke wider leaves no segment between
    pitch = int(w * 1.35)
    pad = int(h * 0.35)
    unit_w = int(h * 0.9) if unit else 0
    width = pad * 2 + pitch * cells + unit_w
    height = pad * 2 + h
    img = Image.new("RGB", (width, height), style.background)
    draw = ImageDraw.Draw(img)
    # Right-align: blank leading cells show only ghost segments.
    chars: list[tuple[str, bool]] = []  # (digit, decimal point after it)
    for ch in text:
        if ch == "." and chars:
            chars[-1] = (chars[-1][0], True)
        elif ch != ".":
            chars.append((ch, False))
    chars = [(" ", False)] * (cells - len(chars)) + chars
    base_y = pad + h
    for i, (ch, dot) in enumerate(chars):
        x = pad + i * pitch
        polys = (_rect_segments if shape == "rect" else _segment_polygons)(x, pad, w, h, t)
        for name, poly in polys.items():
            on = name in SEGMENTS.get(ch, "")
            color = style.lit if on else style.unlit
            if color is not None:
                draw.polygon(_skew(poly, base_y, slant), fill=color)
        dot_color = style.lit if dot else style.unlit
        if dot_color is not None:
            r = t * {"small": 0.4, "tucked": 0.55}.get(point, 0.75)
            cx = x + w + (pitch - w) / 2
            if point == "tucked":
                cx = x + w + r + max(1.0, t * 0.1)
            if point in ("square", "tucked"):
                draw.rectangle([cx - r, base_y - 2 * r, cx + r, base_y], fill=dot_color)
            else:
                draw.ellipse([cx - r, base_y - 2 * r, cx + r, base_y], fill=dot_color)
    if unit:
        if unit_place == "top":
            font = ImageFont.truetype(_font("DejaVuSans-Bold"), int(h * 0.22))
            draw.text((pad + cells * pitch + int(h * 0.05), pad - int(h * 0.05)), unit, fill=style.lit, font=font)
        else:
            font = ImageFont.truetype(_font("DejaVuSans-Bold"), int(h * 0.38))
            draw.text((pad + cells * pitch + int(h * 0.1), base_y - int(h * 0.45)), unit, fill=style.lit, font=font)
    return img


def _font(name: str) -> str:
    for path in system_fonts():
        if Path(path).stem == name:
            return path
    return system_fonts()[0]


def plain_display(text: str, *, font_path: str | None = None, background=(235, 235, 228), ink=(20, 20, 20),
                  size: int = 110, unit: str | None = "lb") -> Image.Image:
    """A printed-digits display (scale-house screens and terminals)."""
    font = ImageFont.truetype(font_path or _font("DejaVuSans-Bold"), size)
    label = f"{text} {unit}" if unit else text
    box = font.getbbox(label)
    pad = int(size * 0.4)
    img = Image.new("RGB", (box[2] - box[0] + 2 * pad, box[3] - box[1] + 2 * pad), background)
    ImageDraw.Draw(img).text((pad - box[0], pad - box[1]), label, fill=ink, font=font)
    return img


def scale_photo(display: Image.Image, *, canvas: tuple[int, int] = (1280, 960), body=(70, 72, 78),
                scale: float = 0.55) -> Image.Image:
    """Put the display into a scale housing on a phone-sized frame, centred like an operator aims."""
    W, H = canvas
    frame = Image.new("RGB", canvas, (150, 148, 140))
    target_w = int(W * scale)
    ratio = target_w / display.width
    disp = display.resize((target_w, max(1, int(display.height * ratio))), Image.LANCZOS)
    bw, bh = int(disp.width * 1.2), int(disp.height * 1.7)
    bx, by = (W - bw) // 2, (H - bh) // 2
    ImageDraw.Draw(frame).rounded_rectangle([bx, by, bx + bw, by + bh], radius=int(bh * 0.08), fill=body)
    frame.paste(disp, ((W - disp.width) // 2, (H - disp.height) // 2))
    return frame


def plate_image(plate: str, *, state: str = "CALIFORNIA", font_path: str | None = None) -> Image.Image:
    """A US-style licence plate (12 x 6 in proportions) with the state name on top."""
    W, H = 600, 300
    img = Image.new("RGB", (W, H), (245, 245, 240))
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle([4, 4, W - 5, H - 5], radius=18, outline=(30, 30, 90), width=6)
    small = ImageFont.truetype(_font("DejaVuSans-Bold"), 34)
    sw = draw.textlength(state, font=small)
    draw.text(((W - sw) / 2, 22), state, fill=(170, 30, 30), font=small)
    big = ImageFont.truetype(font_path or _font("DejaVuSansMono-Bold"), 130)
    box = draw.textbbox((0, 0), plate, font=big)
    draw.text(((W - (box[2] - box[0])) / 2 - box[0], 95 - box[1] + 20), plate, fill=(20, 30, 110), font=big)
    return img


# Backlit and LED panels the first palettes do not cover (issue 36: displays the reader was not
# tuned on). The ghost of an unlit segment is a share of the way from the panel to the lit colour.
LCD_AMBER = DisplayStyle("lcd", (214, 150, 40), (40, 22, 6), None)
LCD_WHITE = DisplayStyle("lcd", (222, 226, 220), (26, 26, 34), None)
LED_BLUE = DisplayStyle("led", (6, 8, 20), (80, 170, 255), None)
LED_AMBER = DisplayStyle("led", (14, 8, 4), (255, 170, 30), None)


def ghosted(style: DisplayStyle, share: float) -> DisplayStyle:
    """The style with unlit segments `share` of the way from the panel to the lit colour."""
    unlit = tuple(round(b + share * (l - b)) for b, l in zip(style.background, style.lit))
    return DisplayStyle(style.kind, style.background, style.lit, unlit, style.font_path)


# A 5 x 7 dot-matrix font: the usual character-LCD digit shapes (HD44780-style, rows top to bottom,
# five columns, # lit), the same standard glyphs the reader's dot decoder knows (api.ai.dots), plus
# the minus sign, a blank and the unit's letters.
DOTS_5X7 = {
    **SHAPES,
    "-": (".....", ".....", ".....", "#####", ".....", ".....", "....."),
    " ": (".....",) * 7,
    "k": ("#....", "#....", "#..#.", "#.#..", "##...", "#.#..", "#..#."),
    "g": (".....", ".....", ".####", "#...#", ".####", "....#", ".###."),
    "l": (".##..", "..#..", "..#..", "..#..", "..#..", "..#..", ".###."),
    "b": ("#....", "#....", "#.##.", "##..#", "#...#", "#...#", "####."),
    "s": (".....", ".....", ".###.", "#....", ".###.", "....#", "####."),
}


# Another maker's 5 x 7 digits (character ROMs differ): a 0 without the slash, a 1 without its
# foot, a 4 closed at the top, a 7 with a straight stem, a 6 and a 9 with flat tops and tails; the
# same variants the reader's dot decoder knows (api.ai.dots.VARIANTS).
DOTS_5X7_ALT = {**DOTS_5X7, **VARIANTS}


def dot_matrix(text: str, style: DisplayStyle = LCD, *, dot: int = 14, gap: float = 0.35, round_dots: bool = True,
               unit: str | None = "lb", cells: int | None = None, font: dict | None = None) -> Image.Image:
    """`text` (digits, one '.') on a 5 x 7 dot-matrix panel, right aligned, the unit in the same
    dots after a blank cell; style.unlit draws the dots that are off (ghost dots)."""
    chars: list[tuple[str, bool]] = []
    for ch in text:
        if ch == "." and chars:
            chars[-1] = (chars[-1][0], True)
        elif ch != ".":
            chars.append((ch, False))
    cells = max(cells or len(chars), len(chars))
    chars = [(" ", False)] * (cells - len(chars)) + chars
    if unit:
        chars += [(" ", False)] + [(c, False) for c in unit]
    step = dot * (1 + gap)
    cell_w = step * 6.2  # five dots and a blank column (and room for the point)
    pad = int(step * 2)
    img = Image.new("RGB", (int(2 * pad + cell_w * len(chars)), int(2 * pad + step * 7)), style.background)
    draw = ImageDraw.Draw(img)
    for i, (ch, point) in enumerate(chars):
        rows = (font or DOTS_5X7).get(ch, DOTS_5X7[" "])
        for r, row in enumerate(rows):
            for c, mark in enumerate(row):
                colour = style.lit if mark == "#" else style.unlit
                if colour is None:
                    continue
                x, y = pad + i * cell_w + c * step, pad + r * step
                (draw.ellipse if round_dots else draw.rectangle)([x, y, x + dot, y + dot], fill=colour)
        if point:
            x, y = pad + i * cell_w + 5 * step + (cell_w - 5 * step - dot) / 2 - step * 0.1, pad + 6 * step
            draw.rectangle([x, y, x + dot, y + dot], fill=style.lit)
    return img
