"""Render the second evaluation source: scale displays drawn another way, photographed badly.

    .venv/bin/python -m bench.ai_heldout.render --tag 2026-11-28a --count 200
    .venv/bin/python -m bench.ai.evaluate --dir bench/out/ai-heldout-2026-11-28a --skip-plates

Seed scheme: every photo has its own generator, seeded by sha256("<tag>/<index>"), so a tag (a
date and a letter, never reused) names a set, and photo i is the same whatever --count says. The
first source (bench/ai/generate.py) seeds one random.Random with an integer.

Displays: seven-segment digits with rectangular, hexagonal or rounded segments, thin to bold
strokes, upright or slanted up to 14 degrees, ghost (unlit) segments from invisible to half as
dark as the lit ones; 5x7 dot-matrix digits; LCDs on grey-green, yellow-green, orange, white or
blue backlights; red, amber, green and blue LEDs with a bloom. Photos: glare streaks, perspective,
motion blur, JPEG at quality 25-55, a thumb over a corner, a display filling a tenth of the frame,
dim light with noise. Unit: a label (lb, lbs, LB, kg) or none; no label always means pounds
(the location's default "scale display unit").
"""
from __future__ import annotations

import argparse
import hashlib
import io
import json
import random
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

OUT = Path(__file__).resolve().parents[1] / "out"
KG_TO_LB = Decimal("2.20462")
CONDITIONS = ("plain", "ghost", "glare", "perspective", "motion_blur", "jpeg", "thumb", "small", "dim")
STYLES = ("lcd", "led", "backlit", "dot_matrix")

_ON = {"0": "abcdef", "1": "bc", "2": "abged", "3": "abgcd", "4": "fgbc", "5": "afgcd", "6": "afgedc",
       "7": "abc", "8": "abcdefg", "9": "abcdfg"}
# 5x7 dot-matrix digits, one string of five columns' bits per row.
_DOTS = {
    "0": ("01110", "10001", "10011", "10101", "11001", "10001", "01110"),
    "1": ("00100", "01100", "00100", "00100", "00100", "00100", "01110"),
    "2": ("01110", "10001", "00001", "00010", "00100", "01000", "11111"),
    "3": ("11111", "00010", "00100", "00010", "00001", "10001", "01110"),
    "4": ("00010", "00110", "01010", "10010", "11111", "00010", "00010"),
    "5": ("11111", "10000", "11110", "00001", "00001", "10001", "01110"),
    "6": ("00110", "01000", "10000", "11110", "10001", "10001", "01110"),
    "7": ("11111", "00001", "00010", "00100", "01000", "01000", "01000"),
    "8": ("01110", "10001", "10001", "01110", "10001", "10001", "01110"),
    "9": ("01110", "10001", "10001", "01111", "00001", "00010", "01100"),
}
LCD_GROUNDS = [(168, 178, 152), (190, 200, 120), (230, 150, 60), (225, 228, 222), (150, 190, 170)]
LED_COLOURS = [(255, 30, 20), (255, 170, 20), (40, 255, 90), (60, 160, 255)]


def rng_for(tag: str, index: int) -> random.Random:
    return random.Random(int.from_bytes(hashlib.sha256(f"{tag}/{index}".encode()).digest()[:8], "big"))


def a_weight(r: random.Random) -> tuple[str, str]:
    unit = "kg" if r.random() < 0.25 else "lb"
    k = r.random()
    if k < 0.55:
        return f"{r.uniform(0.2, 499.9):.1f}", unit
    if k < 0.8:
        return str(r.randint(20, 9000)), unit
    if k < 0.9:
        return f"{r.uniform(1, 99):.2f}", unit
    return str(r.randrange(5000, 99980, 20)), "lb"


def expected_lb(shown: str, unit: str) -> Decimal:
    v = Decimal(shown) * (KG_TO_LB if unit == "kg" else 1)
    return v.quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)


def _mix(a, b, t: float) -> tuple[int, int, int]:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


def _segment(draw, name: str, x: float, y: float, w: float, h: float, t: float, shape: str, slant: float,
             fill) -> None:
    half, mid, g = t / 2, y + h / 2, max(1.0, t * 0.15)
    spans = {"a": (x + g, y, x + w - g, y + t), "g": (x + g, mid - half, x + w - g, mid + half),
             "d": (x + g, y + h - t, x + w - g, y + h), "f": (x, y + g, x + t, mid - g),
             "b": (x + w - t, y + g, x + w, mid - g), "e": (x, mid + g, x + t, y + h - g),
             "c": (x + w - t, mid + g, x + w, y + h - g)}
    x0, y0, x1, y1 = spans[name]
    if shape == "hex" and name in "agd":
        pts = [(x0, (y0 + y1) / 2), (x0 + half, y0), (x1 - half, y0), (x1, (y0 + y1) / 2), (x1 - half, y1),
               (x0 + half, y1)]
    elif shape == "hex":
        pts = [((x0 + x1) / 2, y0), (x1, y0 + half), (x1, y1 - half), ((x0 + x1) / 2, y1), (x0, y1 - half),
               (x0, y0 + half)]
    else:
        pts = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    base = y + h
    pts = [(px + (base - py) * slant, py) for px, py in pts]
    if shape == "round":
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        if slant:
            draw.polygon(pts, fill=fill)
        else:
            draw.rounded_rectangle([min(xs), min(ys), max(xs), max(ys)], radius=half, fill=fill)
    else:
        draw.polygon(pts, fill=fill)


def display(shown: str, label: str | None, style: str, r: random.Random, ghost: float) -> tuple[Image.Image, dict]:
    """The display alone; ghost is how far unlit segments go from the ground towards the lit colour."""
    h = r.randint(70, 150)
    if style == "led":
        ground = (r.randint(5, 25),) * 3
        lit = r.choice(LED_COLOURS)
    elif style == "backlit":
        ground = r.choice([(30, 60, 190), (20, 20, 20), (60, 20, 120)])
        lit = r.choice([(240, 245, 255), (255, 200, 80), (120, 255, 200)])
    else:
        ground = r.choice(LCD_GROUNDS)
        lit = _mix((15, 20, 15), ground, r.uniform(0, 0.25))
    unlit = _mix(ground, lit, ghost) if ghost > 0 else None
    digits = [c for c in shown if c != "."]
    point_after = shown.index(".") - 1 if "." in shown else None
    cells = len(digits) + r.choice([0, 0, 1, 2])
    w = h * r.uniform(0.45, 0.62)
    pitch = w * r.uniform(1.25, 1.5)
    pad = h * r.uniform(0.25, 0.5)
    font = ImageFont.truetype("DejaVuSans-Bold.ttf", int(h * r.uniform(0.3, 0.42)))
    label_w = int(h * 0.95) if label else 0
    img = Image.new("RGB", (int(2 * pad + cells * pitch + label_w), int(2 * pad + h)), ground)
    draw = ImageDraw.Draw(img)
    lead = cells - len(digits)
    slant = r.uniform(0, 0.25) if style != "dot_matrix" else r.choice([0, 0, 0.1])
    t = h * r.uniform(0.07, 0.18)
    shape = r.choice(["rect", "hex", "round"])
    for i in range(cells):
        x, y = pad + i * pitch, pad
        ch = digits[i - lead] if i >= lead else None
        if style == "dot_matrix":
            dot = w / 5
            for row in range(7):
                for col in range(5):
                    on = ch is not None and _DOTS[ch][row][col] == "1"
                    fill = lit if on else unlit
                    if fill is not None:
                        cx, cy = x + (col + 0.5) * dot + (6 - row) * dot * slant, y + (row + 0.5) * h / 7
                        rr = dot * 0.38
                        draw.ellipse([cx - rr, cy - rr, cx + rr, cy + rr], fill=fill)
        else:
            for name in "abcdefg":
                on = ch is not None and name in _ON[ch]
                fill = lit if on else unlit
                if fill is not None:
                    _segment(draw, name, x, y, w, h, t, shape, slant, fill)
        has_point = ch is not None and point_after == i - lead
        fill = lit if has_point else unlit
        if fill is not None:
            rr = max(2.0, t * 0.6)
            cx = x + w + (pitch - w) / 2
            draw.ellipse([cx - rr, y + h - 2 * rr, cx + rr, y + h], fill=fill)
    if label:
        draw.text((pad + cells * pitch + h * 0.08, pad + h * 0.5), label, fill=lit, font=font)
    if style in ("led", "backlit"):  # light bleeds around lit LEDs
        glow = img.filter(ImageFilter.GaussianBlur(h * 0.06))
        img = Image.blend(img, Image.fromarray(np.maximum(np.asarray(img), np.asarray(glow))), 0.7)
    return img, {"ghost": round(ghost, 2), "slant": round(slant, 3), "stroke": round(t / h, 3), "shape": shape}


def photo(disp: Image.Image, condition: str, r: random.Random) -> Image.Image:
    W, H = r.choice([(1600, 1200), (1200, 1600), (1920, 1080), (2048, 1536)])
    share = r.uniform(0.28, 0.34) if condition == "small" else r.uniform(0.45, 0.8)
    dw = int(W * share)
    dh = int(disp.height * dw / disp.width)
    if dh > 0.6 * H:
        dw, dh = int(dw * 0.6 * H / dh), int(0.6 * H)
    d = disp.resize((dw, dh), Image.LANCZOS)
    wall = tuple(r.randint(60, 200) for _ in range(3))
    frame = Image.new("RGB", (W, H), wall)
    bw, bh = int(dw * r.uniform(1.15, 1.5)), int(dh * r.uniform(1.5, 2.4))
    cx, cy = W // 2 + r.randint(-W // 10, W // 10), H // 2 + r.randint(-H // 10, H // 10)
    ImageDraw.Draw(frame).rectangle([cx - bw // 2, cy - bh // 2, cx + bw // 2, cy + bh // 2],
                                    fill=tuple(r.randint(20, 230) for _ in range(3)))
    frame.paste(d, (cx - dw // 2, cy - dh // 2))
    a = np.asarray(frame).astype(np.float32)
    if condition == "glare":  # a soft streak of reflected light across the glass
        yy, xx = np.mgrid[0:H, 0:W]
        ang = r.uniform(0, np.pi)
        dist = np.abs((xx - cx) * np.sin(ang) - (yy - cy) * np.cos(ang) - r.uniform(-0.3, 0.3) * dh)
        a += (r.uniform(120, 200) * np.exp(-(dist / (dh * r.uniform(0.08, 0.2))) ** 2))[..., None]
    if condition == "perspective":
        m = 0.12
        src = np.float32([[0, 0], [W, 0], [W, H], [0, H]])
        dst = src + np.float32([[r.uniform(-m, m) * W, r.uniform(-m, m) * H] for _ in range(4)])
        a = cv2.warpPerspective(a, cv2.getPerspectiveTransform(src, dst), (W, H), borderMode=cv2.BORDER_REPLICATE)
        a = cv2.warpAffine(a, cv2.getRotationMatrix2D((W / 2, H / 2), r.uniform(-8, 8), 1.0), (W, H),
                           borderMode=cv2.BORDER_REPLICATE)
    if condition == "motion_blur":
        n = r.randint(7, 21)
        k = np.zeros((n, n), np.float32)
        k[n // 2] = 1
        k = cv2.warpAffine(k, cv2.getRotationMatrix2D((n / 2 - 0.5, n / 2 - 0.5), r.uniform(0, 180), 1.0), (n, n))
        a = cv2.filter2D(a, -1, k / max(k.sum(), 1e-6))
    if condition == "thumb":
        corner_x = cx + r.choice([-1, 1]) * dw // 2
        corner_y = cy + r.choice([-1, 1]) * dh // 2
        skin = np.array(r.choice([(224, 172, 140), (141, 85, 60), (198, 134, 100)]), np.float32)
        mask = np.zeros((H, W), np.uint8)
        cv2.ellipse(mask, (int(corner_x), int(corner_y)), (int(dh * 0.45), int(dh * 0.7)), r.uniform(0, 180),
                    0, 360, 255, -1)
        mask = cv2.GaussianBlur(mask, (0, 0), dh * 0.03 + 1)[..., None] / 255.0
        a = a * (1 - mask) + skin * mask
    if condition == "dim":
        a = a * r.uniform(0.2, 0.4) + np.random.default_rng(r.randrange(2 ** 32)).normal(0, r.uniform(4, 10), a.shape)
    a = cv2.GaussianBlur(a, (0, 0), r.uniform(0.4, 1.2))  # a phone lens
    out = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))
    return out


def render(tag: str, count: int, out: Path) -> list[dict]:
    (out / "weights").mkdir(parents=True, exist_ok=True)
    rows = []
    for i in range(count):
        r = rng_for(tag, i)
        condition, style = CONDITIONS[i % len(CONDITIONS)], STYLES[(i // len(CONDITIONS)) % len(STYLES)]
        shown, unit = a_weight(r)
        label = r.choice({"lb": ["lb", "lbs", "LB", None, None], "kg": ["kg", "KG"]}[unit])
        if condition == "ghost" or (style == "lcd" and r.random() < 0.6):
            ghost = r.uniform(0.15, 0.5)
        else:
            ghost = r.choice([0.0, 0.0, r.uniform(0.03, 0.15)])
        disp, drawn = display(shown, label, style, r, ghost)
        pic = photo(disp, condition, r)
        buf = io.BytesIO()
        pic.save(buf, format="JPEG", quality=r.randint(25, 55) if condition == "jpeg" else r.randint(70, 92))
        name = f"{condition}-{i:04d}-{style}.jpg"
        (out / "weights" / name).write_bytes(buf.getvalue())
        rows.append({"file": f"weights/{name}", "condition": condition, "style": style, "shown": shown, "unit": unit,
                     "label": label, "expected_lb": str(expected_lb(shown, unit)), **drawn})
    return rows


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tag", required=True, help="names the set and seeds it; never reuse one that was read")
    p.add_argument("--count", type=int, default=200)
    p.add_argument("--out", type=Path)
    args = p.parse_args()
    out = args.out or OUT / f"ai-heldout-{args.tag}"
    rows = render(args.tag, args.count, out)
    (out / "manifest.json").write_text(json.dumps({"source": "bench.ai_heldout", "tag": args.tag,
                                                   "weights": rows, "plates": []}, indent=1))
    print(f"{len(rows)} photos in {out}")


if __name__ == "__main__":
    main()
