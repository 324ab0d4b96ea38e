"""Generate the AI-reading evaluation set: scale-display photos and licence plates, known answers.

    .venv/bin/python -m bench.ai.generate            # bench/out/ai/{weights,plates}/ + manifest.json
    .venv/bin/python -m bench.ai.generate --seed 7   # a held-out set in bench/out/ai-seed7/

Fixed seed, so every run writes the same pictures; the pictures themselves are not committed.
"""
from __future__ import annotations

import argparse
import io
import json
import random
from dataclasses import replace
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

from PIL import Image, ImageDraw, ImageEnhance, ImageFilter

from bench.ai.displays import (
    LCD,
    LCD_AMBER,
    LCD_BLUE,
    LCD_WHITE,
    LED_AMBER,
    LED_BLUE,
    LED_GREEN,
    LED_RED,
    dot_matrix,
    ghosted,
    plain_display,
    plate_image,
    scale_photo,
    seven_segment,
    system_fonts,
)

OUT = Path(__file__).resolve().parents[1] / "out" / "ai"
SEED = 20261122
KG_TO_LB = Decimal("2.20462")
CONDITIONS = ("clean", "glare", "blur", "rotation", "perspective", "low_light", "occlusion", "phone_jpeg")
STYLES = ("lcd", "led_red", "led_green", "lcd_blue", "font")


def a_weight(rng: random.Random) -> tuple[str, str]:
    """(what the display shows, unit): kitchen bins, pallets and truck scales."""
    kind = rng.random()
    unit = "kg" if rng.random() < 0.2 else "lb"
    if kind < 0.6:
        return f"{rng.uniform(0.5, 400):.1f}", unit
    if kind < 0.85:
        return str(rng.randint(100, 5000)), unit
    return str(rng.randrange(10000, 80000, 20)), "lb"


def expected_lb(shown: str, unit: str) -> Decimal:
    value = Decimal(shown) * (KG_TO_LB if unit == "kg" else 1)
    return value.quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)


def render_display(shown: str, unit: str, style: str, rng: random.Random) -> Image.Image:
    # A display without a unit label is read as pounds, so only pound displays go without one.
    label = rng.choice([unit, unit, unit + "s" if unit == "lb" else unit, None if unit == "lb" else unit])
    if style == "font":
        fonts = [f for f in system_fonts() if "Bold" in f or "Mono" in f] or list(system_fonts())
        return plain_display(shown, font_path=rng.choice(fonts), unit=label)
    palette = {"lcd": LCD, "led_red": LED_RED, "led_green": LED_GREEN, "lcd_blue": LCD_BLUE}[style]
    cells = len(shown.replace(".", "")) + rng.choice([0, 1, 2])
    return seven_segment(shown, palette, unit=label, cells=min(cells, 6), slant=rng.uniform(0, 0.12))


def _perspective(img: Image.Image, rng: random.Random, strength: float) -> Image.Image:
    w, h = img.size
    d = [rng.uniform(0, strength) * s for s in (w, h, w, h, w, h, w, h)]
    quad = (d[0], d[1], d[2], h - d[3], w - d[4], h - d[5], w - d[6], d[7])
    return img.transform(img.size, Image.QUAD, quad, Image.BICUBIC, fillcolor=(150, 148, 140))


def degrade(img: Image.Image, condition: str, rng: random.Random) -> Image.Image:
    if condition == "glare":
        over = Image.new("L", img.size, 0)
        cx, cy = rng.uniform(0.25, 0.75) * img.width, rng.uniform(0.3, 0.7) * img.height
        r = rng.uniform(0.08, 0.18) * img.width
        ImageDraw.Draw(over).ellipse([cx - r, cy - r * 0.6, cx + r, cy + r * 0.6], fill=rng.randint(90, 160))
        over = over.filter(ImageFilter.GaussianBlur(r * 0.35))
        img = Image.composite(Image.new("RGB", img.size, (255, 255, 250)), img, over)
    elif condition == "blur":
        img = img.filter(ImageFilter.GaussianBlur(rng.uniform(1.5, 3.5)))
    elif condition == "rotation":
        img = img.rotate(rng.uniform(-15, 15), resample=Image.BICUBIC, fillcolor=(150, 148, 140))
    elif condition == "perspective":
        img = _perspective(img, rng, 0.08)
    elif condition == "low_light":
        img = ImageEnhance.Brightness(img).enhance(rng.uniform(0.25, 0.45))
        noise = Image.effect_noise(img.size, rng.uniform(8, 18)).convert("RGB")
        img = Image.blend(img, noise, 0.12)
    elif condition == "occlusion":
        # A thumb or a sticker over the edge of the display, sometimes reaching a digit.
        draw = ImageDraw.Draw(img)
        w, h = img.size
        x = rng.choice([rng.uniform(0.15, 0.3), rng.uniform(0.7, 0.85)]) * w
        y = rng.uniform(0.55, 0.75) * h
        draw.ellipse([x - 0.07 * w, y - 0.05 * h, x + 0.07 * w, y + 0.3 * h], fill=(205, 160, 135))
    return img


def to_jpeg(img: Image.Image, quality: int) -> bytes:
    buf = io.BytesIO()
    img.save(buf, format="JPEG", quality=quality)
    return buf.getvalue()


def phone_frame(rng: random.Random, condition: str) -> tuple[tuple[int, int], float]:
    if condition == "phone_jpeg":
        return rng.choice([(4032, 3024), (3024, 4032), (1920, 1080), (1080, 1920)]), rng.uniform(0.35, 0.6)
    return rng.choice([(1280, 960), (960, 1280), (1600, 1200)]), rng.uniform(0.45, 0.7)


def weights(rng: random.Random, per_condition: int, out: Path) -> list[dict]:
    rows = []
    out.mkdir(parents=True, exist_ok=True)
    for condition in CONDITIONS:
        for i in range(per_condition):
            style = STYLES[i % len(STYLES)]
            shown, unit = a_weight(rng)
            display = render_display(shown, unit, style, rng)
            canvas, scale = phone_frame(rng, condition)
            if canvas[1] > canvas[0]:
                scale = min(0.85, scale * 1.4)  # portrait: the display fills more of the width
            photo = degrade(scale_photo(display, canvas=canvas, scale=scale), condition, rng)
            name = f"{condition}-{i:03d}-{style}.jpg"
            quality = rng.randint(60, 80) if condition == "phone_jpeg" else 88
            (out / name).write_bytes(to_jpeg(photo, quality))
            rows.append({"file": f"weights/{name}", "condition": condition, "style": style, "shown": shown,
                         "unit": unit, "expected_lb": str(expected_lb(shown, unit))})
    return rows


def a_plate(rng: random.Random) -> str:
    L = "ABCDEFGHJKLMNPRSTUVWXYZ"
    D = "0123456789"
    pattern = rng.choice(["DLLLDDD", "LLLDDDD", "LLLDDD", "DLLDDDD", "LLDDDDD"])
    return "".join(rng.choice(L if p == "L" else D) for p in pattern)


def plates(rng: random.Random, count: int, out: Path) -> list[dict]:
    rows = []
    out.mkdir(parents=True, exist_ok=True)
    states = ["CALIFORNIA", "TEXAS", "OREGON", "NEVADA", "ARIZONA", "WASHINGTON"]
    conditions = ("clean", "blur", "rotation", "perspective", "low_light")
    for i in range(count):
        condition = conditions[i % len(conditions)]
        plate = a_plate(rng)
        img = plate_image(plate, state=rng.choice(states))
        frame = Image.new("RGB", (1280, 960), (90, 95, 105))
        frame.paste(img.resize((int(600 * 1.3), int(300 * 1.3))), (250, 280))
        photo = degrade(frame, condition, rng)
        name = f"{condition}-{i:03d}.jpg"
        (out / name).write_bytes(to_jpeg(photo, 85))
        rows.append({"file": f"plates/{name}", "condition": condition, "expected_plate": plate})
    return rows


# The wider set (issue 36, --wide): displays and framings the first set never shows, drawn here
# (not by the second source, which stays out of every tuning loop). Each condition cycles its styles.
WIDE = {
    "ghost": ("lcd", "lcd_amber", "lcd_white", "led_red", "led_amber"),
    "dot_matrix": ("lcd", "lcd_amber", "led_green", "led_blue", "lcd_white"),
    "backlight": ("lcd_amber", "lcd_white", "led_blue", "led_amber", "lcd_blue"),
    "small": ("lcd", "led_red", "dot_matrix", "lcd_amber", "font"),
    "tilt": ("lcd", "led_green", "dot_matrix", "lcd_white", "led_blue"),
    "thin_bold": ("lcd", "led_red", "lcd_amber", "led_blue", "lcd_white"),
}
WIDE_PALETTES = {"lcd": LCD, "lcd_amber": LCD_AMBER, "lcd_white": LCD_WHITE, "lcd_blue": LCD_BLUE,
                 "led_red": LED_RED, "led_green": LED_GREEN, "led_blue": LED_BLUE, "led_amber": LED_AMBER}


def wide_display(shown: str, unit: str, condition: str, style: str, rng: random.Random) -> Image.Image:
    label = rng.choice([unit, unit, None if unit == "lb" else unit])
    if style == "font":
        return plain_display(shown, unit=label)
    cells = min(6, len(shown.replace(".", "")) + rng.choice([0, 1, 2]))
    palette = WIDE_PALETTES.get(style, LCD)
    if condition == "dot_matrix" or style == "dot_matrix":
        ghost = rng.choice([None, 0.12, 0.25])
        return dot_matrix(shown, ghosted(palette, ghost) if ghost else replace(palette, unlit=None),
                          dot=rng.randint(9, 16), gap=rng.uniform(0.15, 0.5), round_dots=rng.random() < 0.6,
                          unit=label, cells=cells)
    # Ghosts of a third of the lit contrast are what the first set never drew (its LCD: about 0.1).
    share = rng.uniform(0.18, 0.4) if condition == "ghost" else rng.choice([0.0, 0.1, 0.2])
    styled = ghosted(palette, share) if share else replace(palette, unlit=None)
    height = rng.randint(70, 150)
    stroke = rng.uniform(0.08, 0.2) if condition == "thin_bold" else None
    return seven_segment(shown, styled, unit=label, cells=cells, slant=rng.uniform(0, 0.14),
                         digit_height=height, stroke=stroke)


def wide_weights(rng: random.Random, per_condition: int, out: Path) -> list[dict]:
    rows = []
    out.mkdir(parents=True, exist_ok=True)
    for condition, styles in WIDE.items():
        for i in range(per_condition):
            style = styles[i % len(styles)]
            shown, unit = a_weight(rng)
            display = wide_display(shown, unit, condition, style, rng)
            canvas = rng.choice([(1280, 960), (1600, 1200), (4032, 3024), (1920, 1080)])
            scale = rng.uniform(0.1, 0.2) if condition == "small" else rng.uniform(0.4, 0.65)
            photo = scale_photo(display, canvas=canvas, scale=scale)
            if condition == "tilt":
                photo = photo.rotate(rng.choice([-1, 1]) * rng.uniform(8, 22), resample=Image.BICUBIC,
                                     fillcolor=(150, 148, 140))
                photo = _perspective(photo, rng, 0.1)
            elif condition == "small" and rng.random() < 0.5:
                photo = photo.rotate(rng.uniform(-10, 10), resample=Image.BICUBIC, fillcolor=(150, 148, 140))
            if rng.random() < 0.3:
                photo = photo.filter(ImageFilter.GaussianBlur(rng.uniform(0.8, 2.0)))
            name = f"{condition}-{i:03d}-{style}.jpg"
            (out / name).write_bytes(to_jpeg(photo, rng.randint(65, 90)))
            rows.append({"file": f"weights/{name}", "condition": condition, "style": style, "shown": shown,
                         "unit": unit, "expected_lb": str(expected_lb(shown, unit))})
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--per-condition", type=int, default=40, help="weight photos per condition (8 conditions)")
    parser.add_argument("--plates", type=int, default=120)
    parser.add_argument("--out", type=Path, default=None,
                        help="default bench/out/ai, or bench/out/ai-seed<N> with another --seed")
    parser.add_argument("--seed", type=int, default=SEED, help="another seed gives a held-out set")
    parser.add_argument("--wide", action="store_true",
                        help="the wider set (ghosts, dot-matrix, backlights, small and tilted displays) in "
                        "bench/out/ai-wide-seed<N>, --per-condition photos of each of its 6 conditions, no plates")
    args = parser.parse_args()
    if args.wide:
        out = args.out or OUT.with_name(f"ai-wide-seed{args.seed}")
        rng = random.Random(f"wide-{args.seed}")
        manifest = {"seed": args.seed, "weights": wide_weights(rng, args.per_condition, out / "weights"), "plates": []}
        (out / "manifest.json").write_text(json.dumps(manifest, indent=1))
        print(f"{len(manifest['weights'])} weight photos in {out}")
        return
    out = args.out or (OUT if args.seed == SEED else OUT.with_name(f"ai-seed{args.seed}"))
    args.out = out
    rng = random.Random(args.seed)
    manifest = {"seed": args.seed, "weights": weights(rng, args.per_condition, args.out / "weights"),
                "plates": plates(rng, args.plates, args.out / "plates")}
    (args.out / "manifest.json").write_text(json.dumps(manifest, indent=1))
    print(f"{len(manifest['weights'])} weight photos, {len(manifest['plates'])} plates in {args.out}")


if __name__ == "__main__":
    main()
