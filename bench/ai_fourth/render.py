"""Phone photos of weighing-scale displays, for the AI weight reader's benchmark: the fourth source.

A tuning source, written without reading the other renderers or the reader. Each photo is an indicator
(body, brand, buttons, printed legends) whose window shows a weight in one display technology (the
*style*): reflective LCD with ghost segments, backlit and inverted LCDs, red/green LEDs, VFD, 14/16-segment
glass, 5x7 dot matrices. Seven-segment faces vary in stroke, gap, slant and segment ends; the separator is a
small dot, a comma or a colon-like pair; the unit is lit text, a mark over a printed legend, or hidden
(meaning lb). The photo then suffers one *condition* (glare, perspective, rotation, motion blur, defocus,
low light, heavy JPEG, a colour cast, a thumb at a corner, the scale far away, a shadow, moire) on top of
mild everyday faults. Weights follow real scale ranges and resolutions (kitchen, floor, truck, kg bench).

Run from the repository root:
    python -m bench.ai_fourth.render --seed N --count 240
It writes bench/out/ai-fourth-seedN/weights/*.jpg and manifest.json; the same seed gives the same photos.
"""

import argparse
import hashlib
import json
import time
from collections import defaultdict
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import cv2
import numpy as np

from bench.ai_fourth import photo
from bench.ai_fourth.display import Font, Reading, render_face

CONDITIONS = ["glare", "perspective", "rotation", "motion-blur", "defocus", "low-light", "jpeg", "colour-cast",
              "thumb", "far", "shadow", "moire"]
STYLES = ["lcd-reflective", "lcd-backlit", "lcd-inverted", "led-red", "led-green", "vfd", "lcd-14seg",
          "led-16seg", "matrix-lcd", "matrix-led"]
# No trouble beyond what every phone photo has (everyday): only with --conditions plain, so the
# photos of the conditions above stay what they were for a seed.
PLAIN = "plain"
LCD_STYLES = ["lcd-reflective", "lcd-backlit", "lcd-inverted", "lcd-14seg", "matrix-lcd"]  # what moire comes from
LB_PER_KG = Decimal("2.20462262185")
OUT = Path(__file__).resolve().parents[1] / "out"


def generator(seed: int, *parts) -> np.random.Generator:
    digest = hashlib.sha256("/".join(map(str, ("ai-fourth", seed, *parts))).encode()).digest()
    return np.random.default_rng(int.from_bytes(digest[:8], "big"))


def _quantise(rng, low: float, high: float, step: str) -> Decimal:
    """A log-uniform weight on the scale's division."""
    d = Decimal(step)
    n = max(1, round(float(np.exp(rng.uniform(np.log(low), np.log(high)))) / float(d)))
    return n * d


def pick_weight(rng) -> dict:
    """One scale: its kind, the reading at its resolution, the unit and how the unit is shown."""
    kind = rng.choice(["kitchen", "floor", "truck", "kg"], p=[0.3, 0.25, 0.15, 0.3])
    if kind == "kitchen":
        step = str(rng.choice(["0.01", "0.02", "0.1", "0.2"]))
        cap = {"0.01": 30, "0.02": 60, "0.1": 150, "0.2": 150}[step]
        value, cells = _quantise(rng, 0.02 if Decimal(step) < Decimal("0.1") else 0.2, cap, step), 5
    elif kind == "floor":
        step, cap = str(rng.choice(["0.5", "1"])), 2000
        value, cells = _quantise(rng, 1, cap, step), 5
    elif kind == "truck":
        step, cap = "20", 100000
        value, cells = min(_quantise(rng, 1000, 99980, step), Decimal(99980)), 6
    else:
        step = str(rng.choice(["0.005", "0.01", "0.02", "0.05", "0.1"]))
        cap = {"0.005": 6, "0.01": 30, "0.02": 60, "0.05": 150, "0.1": 300}[step]
        value, cells = _quantise(rng, 0.05 if Decimal(step) < Decimal("0.1") else 0.5, cap, step), int(rng.choice([5, 6]))
    places = max(0, -Decimal(step).normalize().as_tuple().exponent)
    shown = f"{value:.{places}f}"  # a trailing zero after the point stays: 34.70
    unit = "kg" if kind == "kg" else "lb"
    if unit == "kg":
        mode = str(rng.choice(["text", "arrow"], p=[0.6, 0.4]))
    else:
        mode = str(rng.choice(["text", "arrow", "hidden"], p=[0.45, 0.3, 0.25]))
    sep = "dot"
    if "." in shown and unit == "kg" and rng.random() < 0.35:
        sep, shown = "comma", shown.replace(".", ",")
    elif "." in shown and rng.random() < 0.1:
        sep = "colon"
    label_unit = "kg" if unit == "kg" else "lb"
    label = f"Max {cap} {label_unit}   d={step} {label_unit}"
    return {"kind": kind, "shown": shown, "unit": unit, "mode": mode, "separator": sep, "label": label,
            "cells": cells + int(rng.random() < 0.3), "text_unit": "lbs" if unit == "lb" and rng.random() < 0.35 else unit}


def expected_lb(shown: str, unit: str) -> str:
    value = Decimal(shown.replace(",", "."))
    if unit == "kg":
        return str((value * LB_PER_KG).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))
    return str(value)


def pick_font(rng, style: str) -> Font:
    segments = {"lcd-14seg": int(rng.choice([14, 16])), "led-16seg": int(rng.choice([14, 16]))}.get(style, 7)
    bold = rng.random() < 0.45
    return Font(segments=segments, width=rng.uniform(0.48, 0.62),
                stroke=rng.uniform(0.15, 0.2) if bold else rng.uniform(0.08, 0.13),
                gap=rng.choice([rng.uniform(0.004, 0.012), rng.uniform(0.015, 0.04)]),
                slant=0.0 if rng.random() < 0.2 else rng.uniform(4, 11), pointed=bool(rng.random() < 0.65),
                tails=bool(rng.random() < 0.75), seven_hook=bool(rng.random() < 0.2),
                slashed_zero=bool(rng.random() < 0.4))


def pick_annunciators(rng) -> list[tuple[str, bool]]:
    if rng.random() < 0.35:
        return []
    chosen = rng.choice(["STABLE", "~", "NET", "GROSS", "\u21920\u2190", "ZERO", "HOLD"], rng.integers(1, 5), replace=False)
    lit = {"STABLE": rng.random() < 0.6, "~": rng.random() < 0.5, "HOLD": rng.random() < 0.15,
           "\u21920\u2190": False, "ZERO": False}  # never "at zero" with a weight on the platter
    net = rng.random() < 0.5
    lit |= {"NET": net, "GROSS": not net}
    return [(str(a), bool(lit[a])) for a in chosen]


def place(rng, condition, ind, hd, window, digits, size):
    """Warp the indicator into the photo: angle per condition, the display kept inside the frame."""
    w, h = size
    short = min(w, h)
    target = rng.uniform(26, 40) if condition == "far" else rng.uniform(0.07, 0.15) * short
    yaw, pitch, roll = rng.uniform(-6, 6), rng.uniform(-6, 6), rng.uniform(-4, 4)
    if condition == "perspective":
        big = rng.uniform(18, 35) * rng.choice([-1, 1])
        yaw, pitch = (big, rng.uniform(-12, 12)) if rng.random() < 0.6 else (rng.uniform(-12, 12), big)
    elif condition == "rotation":
        roll = rng.uniform(8, 20) * rng.choice([-1, 1])
    img, alpha = ind
    scale = target / hd
    for _ in range(20):
        pre = min(1.0, scale * 1.2)  # shrink first with area averaging, so the warp does not alias
        small = cv2.resize(img, None, fx=pre, fy=pre, interpolation=cv2.INTER_AREA)
        small_a = cv2.resize(alpha, (small.shape[1], small.shape[0]), interpolation=cv2.INTER_AREA)
        sh, sw = small.shape[:2]
        hm = photo.homography(sw, sh, scale / pre, yaw, pitch, roll, focal=max(w, h) * 1.1)
        win = photo.apply(hm, np.array([[window[0], window[1]], [window[2], window[1]], [window[2], window[3]],
                                        [window[0], window[3]]]) * pre)
        span = win.max(0) - win.min(0)
        if np.all(span < np.array([w, h]) * 0.92):
            room = (np.array([w, h]) - span) / 2
            centre = np.array([w, h]) / 2 + rng.uniform(-1, 1, 2) * room * 0.55
            shift = centre - (win.max(0) + win.min(0)) / 2
            hm = np.array([[1, 0, shift[0]], [0, 1, shift[1]], [0, 0, 1]]) @ hm
            break
        scale *= 0.9
    warped = cv2.warpPerspective(small, hm, (w, h), flags=cv2.INTER_LINEAR)
    warped_a = cv2.warpPerspective(small_a, hm, (w, h), flags=cv2.INTER_LINEAR)
    win = photo.apply(hm, np.array([[window[0], window[1]], [window[2], window[1]], [window[2], window[3]],
                                    [window[0], window[3]]]) * pre)
    box = photo.apply(hm, np.array([[digits[0], digits[1]], [digits[2], digits[1]], [digits[2], digits[3]],
                                    [digits[0], digits[3]]]) * pre)
    digit_px = float(np.linalg.norm(box[3] - box[0]) / max(digits[3] - digits[1], 1) * hd)
    return warped, warped_a, win, box, digit_px


def render_one(rng, condition: str, style: str):
    wt = pick_weight(rng)
    reading = Reading(shown=wt["shown"], cells=wt["cells"], separator=wt["separator"], unit=wt["text_unit"],
                      unit_mode=wt["mode"], annunciators=[] if style.startswith("matrix") else pick_annunciators(rng),
                      annunciator_text=bool(rng.random() < 0.5), minus_cell=bool(rng.random() < 0.2))
    if style.startswith("matrix") and reading.separator == "colon":
        reading.separator = "dot"
    hd = int(rng.integers(110, 170))
    face = render_face(rng, style, reading, pick_font(rng, style), hd)
    body, alpha, window = photo.housing(rng, face, wt["label"])
    digits = (face.digits_box[0] + window[0], face.digits_box[1] + window[1],
              face.digits_box[2] + window[0], face.digits_box[3] + window[1])
    long_side = int(rng.integers(1000, 1601))
    ratio = rng.choice([4 / 3, 16 / 9, 3 / 2])
    size = (long_side, int(long_side / ratio)) if rng.random() < 0.65 else (int(long_side / ratio), long_side)
    w, h = size
    img = photo.scene(rng, w, h)
    ind, ind_a, win, box, digit_px = place(rng, condition, (body, alpha), hd, window, digits, size)
    drop = cv2.GaussianBlur(np.roll(ind_a, (int(digit_px * 0.15), int(digit_px * 0.1)), (0, 1)), (0, 0), digit_px * 0.3)
    img = img * (1 - 0.45 * drop[..., None])
    img = img * (1 - ind_a[..., None]) + ind * ind_a[..., None]
    win_mask = np.zeros((h, w), np.float32)
    cv2.fillConvexPoly(win_mask, win.astype(np.int32), 1)
    digit_mask = np.zeros((h, w), np.float32)
    cv2.fillConvexPoly(digit_mask, box.astype(np.int32), 1)
    img = apply_condition(rng, condition, img, win, win_mask, box, digit_mask, digit_px, style)
    img = everyday(rng, img, strong_cast=condition == "colour-cast")
    if condition == "defocus":
        img = photo.defocus(img, digit_px * rng.uniform(0.05, 0.1))
    elif condition == "motion-blur":
        img = photo.motion_blur(img, digit_px * rng.uniform(0.12, 0.28), rng.uniform(0, 180))
    elif condition == "low-light":
        img = photo.low_light(rng, img)
    quality = int(rng.integers(15, 41)) if condition == "jpeg" else int(rng.integers(72, 94))
    bgr = cv2.cvtColor((np.clip(img, 0, 1) * 255 + 0.5).astype(np.uint8), cv2.COLOR_RGB2BGR)
    ok, jpeg = cv2.imencode(".jpg", bgr, [cv2.IMWRITE_JPEG_QUALITY, quality])
    assert ok
    return jpeg.tobytes(), wt


def apply_condition(rng, condition, img, win, win_mask, box, digit_mask, digit_px, style):
    h, w = img.shape[:2]
    if condition == "glare":
        centre = box.min(0) + rng.uniform(0, 1, 2) * (box.max(0) - box.min(0))
        if rng.random() < 0.5:  # a lamp's blob
            r = digit_px * rng.uniform(0.35, 1.1)
            axes, strength = (r, r * rng.uniform(0.5, 1)), 0.88 if r < digit_px * 0.6 else 0.68
        else:  # a window's streak
            axes, strength = (digit_px * rng.uniform(2, 5), digit_px * rng.uniform(0.08, 0.25)), rng.uniform(0.5, 0.75)
        g = photo.soft_blob(h, w, centre, axes, rng.uniform(0, 180)) * strength
        g += photo.soft_blob(h, w, centre, (axes[0] * 2.5, axes[1] * 2.5), 0) * 0.15
        g = np.clip(g, 0, 0.92)[..., None] * np.clip(win_mask + 0.3, 0, 1)[..., None]
        tint = np.array([1.0, 0.97, 0.9]) if rng.random() < 0.5 else np.array([0.95, 0.98, 1.0])
        return 1 - (1 - img) * (1 - g * tint)
    if condition == "thumb":
        keep = cv2.dilate(digit_mask, np.ones((int(digit_px * 0.3) | 1,) * 2, np.uint8))
        if rng.random() < 0.5:  # over a corner of the display
            k = rng.integers(4)
            out = win[k] - win.mean(0)
            return photo.finger(rng, img, win[k] - out * 0.05, -out, digit_px * rng.uniform(1.2, 1.9), keep)
        corner = np.array([[0, 0], [w, 0], [w, h], [0, h]][rng.integers(4)], float)
        inward = np.array([w, h]) / 2 - corner
        tip = corner + inward * rng.uniform(0.3, 0.5)
        return photo.finger(rng, img, tip, inward + rng.normal(0, 0.2, 2) * np.linalg.norm(inward),
                            min(w, h) * rng.uniform(0.2, 0.3), keep, nail_side=False)
    if condition == "shadow":
        centre = box.mean(0) + rng.normal(0, 0.3, 2) * (box.max(0) - box.min(0))
        a = rng.uniform(0, np.pi)
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        dist = (xx - centre[0]) * np.cos(a) + (yy - centre[1]) * np.sin(a)
        soft = digit_px * rng.uniform(0.1, 0.6)
        mask = 1 / (1 + np.exp(-dist / soft))
        if rng.random() < 0.4:  # a band: a cable, a shelf edge
            mask = mask * (1 / (1 + np.exp((dist - digit_px * rng.uniform(0.6, 2)) / soft)))
        return img * (1 - mask[..., None] * rng.uniform(0.35, 0.55))
    if condition == "moire":
        region = cv2.GaussianBlur(win_mask, (0, 0), 3) * rng.uniform(0.8, 1) + (1 - win_mask) * rng.uniform(0, 0.1)
        return photo.moire(rng, img, region)
    if condition == "far" and rng.random() < 0.6:  # the indicator on its column, the platform below
        x = int(box.mean(0)[0])
        col = float(rng.uniform(0.3, 0.7))
        wy = int(win.max(0)[1] + digit_px * 1.5)
        cv2.rectangle(img, (x - int(digit_px * 0.4), wy), (x + int(digit_px * 0.4), h), (col, col, col), -1)
    return img


def everyday(rng, img, strong_cast: bool):
    """What every phone photo has a little of: white balance, vignetting, sensor noise, sharpening."""
    h, w = img.shape[:2]
    if strong_cast:
        cast = {"tungsten": [1.2, 1.0, 0.62], "fluorescent": [0.88, 1.08, 0.85], "shade": [0.85, 0.97, 1.2],
                "sodium": [1.25, 0.95, 0.5]}[str(rng.choice(["tungsten", "fluorescent", "shade", "sodium"]))]
    else:
        cast = 1 + rng.uniform(-0.05, 0.05, 3)
    img = img * np.asarray(cast, np.float32)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    r2 = ((xx / w - 0.5) ** 2 + (yy / h - 0.5) ** 2) * 2
    img = img * (1 - r2 * rng.uniform(0.05, 0.3))[..., None]
    img = img + rng.normal(0, rng.uniform(0.004, 0.015), img.shape).astype(np.float32)
    if rng.random() < 0.6:
        img = cv2.addWeighted(img, 1.5, cv2.GaussianBlur(img, (0, 0), 1.2), -0.5, 0)
    return np.clip(img, 0, 1).astype(np.float32)


def plan(seed: int, count: int, conditions: list[str] = CONDITIONS) -> list[tuple[str, str]]:
    """Conditions in turn, so any count spreads evenly; styles shuffled but balanced within each condition."""
    rng = generator(seed, "plan")
    queues = {c: [] for c in conditions}
    out = []
    for i in range(count):
        c = conditions[i % len(conditions)]
        if not queues[c]:
            queues[c] = list(rng.permutation(LCD_STYLES if c == "moire" else STYLES))
        out.append((c, str(queues[c].pop())))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--count", type=int, default=240)
    ap.add_argument("--out", type=Path, default=None, help="default: bench/out/ai-fourth-seed<N>")
    ap.add_argument("--conditions", default=",".join(CONDITIONS),
                    help=f"comma-separated, of {', '.join(CONDITIONS + [PLAIN])} (default: all but {PLAIN})")
    args = ap.parse_args(argv)
    conditions = args.conditions.split(",")
    unknown = set(conditions) - set(CONDITIONS + [PLAIN])
    if unknown:
        ap.error(f"unknown conditions: {', '.join(sorted(unknown))}")
    default = args.conditions == ",".join(CONDITIONS)
    out = args.out or OUT / (f"ai-fourth-seed{args.seed}" if default else f"ai-fourth-seed{args.seed}-{'-'.join(conditions)}")
    (out / "weights").mkdir(parents=True, exist_ok=True)
    entries, per = [], defaultdict(list)
    t0 = time.perf_counter()
    for i, (condition, style) in enumerate(plan(args.seed, args.count, conditions)):
        jpeg, wt = render_one(generator(args.seed, "photo", i), condition, style)
        name = f"weights/{condition}-{i:03d}-{style}.jpg"
        (out / name).write_bytes(jpeg)
        unit = "hidden" if wt["mode"] == "hidden" else wt["unit"]
        entries.append({"file": name, "condition": condition, "style": style, "shown": wt["shown"], "unit": unit,
                        "expected_lb": expected_lb(wt["shown"], wt["unit"])})
        per[condition].append(entries[-1])
    (out / "manifest.json").write_text(json.dumps({"seed": args.seed, "weights": entries, "plates": []}, indent=1))
    for condition in conditions:
        rows = per.get(condition, [])
        units = {u: sum(r["unit"] == u for r in rows) for u in ("lb", "kg", "hidden")}
        print(f"{condition:12s} {len(rows):4d} photos  styles={len({r['style'] for r in rows})}  "
              f"lb={units['lb']} kg={units['kg']} hidden={units['hidden']}")
    print(f"{len(entries)} photos in {time.perf_counter() - t0:.1f}s -> {out}")


if __name__ == "__main__":
    main()
