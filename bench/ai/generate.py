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
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

from PIL import Image, ImageDraw, ImageEnhance, ImageFilter

from bench.ai.displays import (
    LCD,
    LCD_BLUE,
    LED_GREEN,
    LED_RED,
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--per-condition", type=int, default=40, help="weight photos per condition (8 conditions)")
    parser.add_argument("--plates", type=int, default=120)
    parser.add_argument("--out", type=Path, default=None,
                        help="default bench/out/ai, or bench/out/ai-seed<N> with another --seed")
    parser.add_argument("--seed", type=int, default=SEED, help="another seed gives a held-out set")
    args = parser.parse_args()
    out = args.out or (OUT if args.seed == SEED else OUT.with_name(f"ai-seed{args.seed}"))
    args.out = out
    rng = random.Random(args.seed)
    manifest = {"seed": args.seed, "weights": weights(rng, args.per_condition, args.out / "weights"),
                "plates": plates(rng, args.plates, args.out / "plates")}
    (args.out / "manifest.json").write_text(json.dumps(manifest, indent=1))
    print(f"{len(manifest['weights'])} weight photos, {len(manifest['plates'])} plates in {args.out}")


if __name__ == "__main__":
    main()
