"""The indicator housing around the display, the room behind it, and what a phone camera does to the picture."""

from math import cos, radians, sin

import cv2
import numpy as np
from PIL import Image, ImageDraw

from bench.ai_fourth.display import Face, _font

BRANDS = ["TERRAWEIGH", "NORDSKALA", "KitchenMate", "ACURALINE", "DURATON", "PesoMax", "LOADWELL", "BALANCIA",
          "VEGATRON", "OmniWeigh", "FIELDMARK", "STEELYARD"]
BUTTONS = ["ZERO", "TARE", "PRINT", "ON/OFF", "UNITS", "HOLD", "G/N", "M+", "FUNC", "kg/lb"]
HOUSINGS = [(0.82, 0.83, 0.82), (0.2, 0.21, 0.22), (0.93, 0.93, 0.9), (0.72, 0.74, 0.76), (0.85, 0.68, 0.15),
            (0.2, 0.3, 0.55), (0.88, 0.85, 0.76)]
SKIN = [(0.93, 0.76, 0.64), (0.82, 0.6, 0.45), (0.62, 0.42, 0.3), (0.42, 0.28, 0.2), (0.96, 0.8, 0.7)]


def housing(rng, face: Face, capacity_label: str):
    """The indicator: a plastic or steel body with the window, brand, printed legends and buttons.

    Returns (RGB float image, alpha, window rectangle x0, y0, x1, y1)."""
    fh, fw = face.image.shape[:2]
    hd = face.digit_height
    mx, top, bottom = int(hd * rng.uniform(0.35, 0.9)), int(hd * rng.uniform(0.55, 0.95)), int(hd * rng.uniform(0.9, 1.6))
    w, h = fw + 2 * mx, fh + top + bottom
    body = np.array(HOUSINGS[rng.integers(len(HOUSINGS))]) * rng.uniform(0.9, 1.05)
    dark = body.mean() < 0.5
    ink = (235, 235, 235) if dark else (35, 35, 40)
    img = Image.new("RGB", (w, h), tuple(int(c * 255) for c in body))
    d = ImageDraw.Draw(img)
    bevel = max(3, hd // 14)
    d.rectangle([mx - bevel, top - bevel, mx + fw + bevel, top + fh + bevel], fill=(25, 25, 28))
    d.text((mx, top - bevel * 2.5), BRANDS[rng.integers(len(BRANDS))],
           font=_font("DejaVuSans-Bold.ttf" if rng.random() < 0.6 else "DejaVuSerif-Bold.ttf", hd * 0.3),
           fill=ink, anchor="ls")
    small = _font("DejaVuSansCondensed.ttf", hd * 0.13)
    d.text((mx + fw, top - bevel * 2.5), capacity_label, font=small, fill=ink, anchor="rs")
    legend_font = _font("DejaVuSans-Bold.ttf", hd * 0.17)
    for x, label in face.legends:
        d.text((mx + x, top + fh + bevel + hd * 0.22), label, font=legend_font, fill=ink, anchor="mt")
    nb = rng.integers(3, 6)
    names = list(rng.choice(BUTTONS, nb, replace=False))
    bw = min(hd * 0.9, fw / nb * 0.7)
    by = top + fh + hd * (0.55 if face.legends else 0.35)
    colours = [(200, 40, 40), (40, 110, 200), (235, 235, 235), (60, 60, 60), (40, 150, 70)]
    for k, name in enumerate(names):
        cx = mx + fw * (k + 0.5) / nb
        col = colours[rng.integers(len(colours))]
        d.rounded_rectangle([cx - bw / 2, by, cx + bw / 2, by + bw * 0.55], radius=bw * 0.15, fill=col,
                            outline=(20, 20, 20), width=max(1, hd // 60))
        txt = (20, 20, 20) if sum(col) > 500 else (240, 240, 240)
        if rng.random() < 0.6:
            d.text((cx, by + bw * 0.28), name, font=_font("DejaVuSans-Bold.ttf", bw * 0.2), fill=txt, anchor="mm")
        else:
            d.text((cx, by + bw * 0.6), name, font=legend_font, fill=ink, anchor="mt")
    arr = np.asarray(img, np.float32) / 255
    arr[top:top + fh, mx:mx + fw] = face.image
    # the glass: a faint sheen across the window
    yy, xx = np.mgrid[0:fh, 0:fw].astype(np.float32)
    sheen = np.clip(1 - np.abs((xx / fw - yy / fh * 0.6) - rng.uniform(0, 1)) * 3, 0, 1) * rng.uniform(0, 0.08)
    arr[top:top + fh, mx:mx + fw] += sheen[..., None]
    arr *= _gradient_shade(h, w, rng)[..., None]
    alpha = Image.new("L", (w, h), 0)
    ImageDraw.Draw(alpha).rounded_rectangle([0, 0, w - 1, h - 1], radius=int(hd * 0.3), fill=255)
    alpha = np.asarray(alpha)
    return arr, alpha.astype(np.float32) / 255, (mx, top, mx + fw, top + fh)


def _gradient_shade(h, w, rng):
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    a = rng.uniform(0, 2 * np.pi)
    t = (xx / w - 0.5) * cos(a) + (yy / h - 0.5) * sin(a)
    return 1 + t * rng.uniform(0.05, 0.25)


def scene(rng, w: int, h: int):
    """A kitchen or loading-dock background: wall, shelves, boxes, bins, a counter, lamps, softly out of focus."""
    def lowfreq(scale, amp):
        return cv2.resize(rng.normal(0, amp, (scale, scale)).astype(np.float32), (w, h), interpolation=cv2.INTER_CUBIC)

    wall = rng.uniform(0.4, 0.8) * (1 + rng.uniform(-0.12, 0.12, 3))
    img = np.ones((h, w, 3), np.float32) * wall.astype(np.float32)
    img *= np.linspace(rng.uniform(0.75, 1.1), rng.uniform(0.65, 1.0), h, dtype=np.float32)[:, None, None]
    img *= (1 + lowfreq(6, 0.06))[..., None]
    if rng.random() < 0.45:  # tiles with grout
        p = int(rng.uniform(0.04, 0.1) * w)
        img[::p, :] *= 0.8
        img[:, ::p] *= 0.8
    colours = [(0.55, 0.42, 0.28), (0.62, 0.5, 0.34), (0.25, 0.35, 0.5), (0.3, 0.42, 0.32), (0.7, 0.71, 0.72),
               (0.15, 0.15, 0.16), (0.82, 0.82, 0.79), (0.55, 0.22, 0.18)]
    for _ in range(rng.integers(2, 5)):  # shelf boards with a shadow below
        y = int(rng.uniform(0.1, 0.7) * h)
        t = max(4, int(rng.uniform(0.01, 0.025) * h))
        img[y + t:y + 3 * t] *= 0.7
        img[y:y + t] = np.array(colours[rng.integers(len(colours))]) * 0.9
    for _ in range(rng.integers(8, 20)):
        x0, y0 = int(rng.integers(-w // 10, w)), int(rng.integers(0, h))
        bw, bh = int(rng.uniform(0.04, 0.25) * w), int(rng.uniform(0.05, 0.25) * h)
        col = np.array(colours[rng.integers(len(colours))]) * rng.uniform(0.75, 1.15)
        xa, xb, ya, yb = max(0, x0), min(w, x0 + bw), max(0, y0), min(h, y0 + bh)
        if xb <= xa or yb <= ya:
            continue
        shade = np.linspace(rng.uniform(0.75, 1.0), rng.uniform(0.9, 1.15), xb - xa, dtype=np.float32)
        if rng.random() < 0.25:  # a bin or a pot: round-shouldered, lit from one side
            img[ya:yb, xa:xb] = col * (shade ** 3)[None, :, None]
        else:
            img[ya:yb, xa:xb] = col * shade[None, :, None]
            img[ya:yb, xa:xa + 2] *= 0.6
            if rng.random() < 0.4:  # a shipping label
                lx, ly = xa + (xb - xa) // 5, ya + (yb - ya) // 5
                img[ly:ly + (yb - ya) // 4, lx:lx + (xb - xa) // 3] = 0.93
    counter = int(h * rng.uniform(0.62, 0.9))
    steel = rng.random() < 0.5
    top = np.array((0.68, 0.7, 0.72) if steel else rng.uniform(0.3, 0.55) * (1 + rng.uniform(-0.1, 0.1, 3)))
    img[counter:] = top.astype(np.float32)
    img[counter:] *= np.linspace(1.0, 0.75, h - counter, dtype=np.float32)[:, None, None]
    if steel:  # brushed steel
        img[counter:] += rng.normal(0, 0.03, (1, w, 1)).astype(np.float32)
    for _ in range(rng.integers(0, 3)):  # a lamp or a window, blown out
        c = (rng.uniform(0, w), rng.uniform(0, h * 0.4))
        img += soft_blob(h, w, c, (rng.uniform(0.03, 0.12) * w, rng.uniform(0.02, 0.06) * h), 0)[..., None] * 0.8
    img *= (1 + lowfreq(24, 0.03))[..., None]
    img += rng.normal(0, 0.015, img.shape).astype(np.float32)
    return cv2.GaussianBlur(np.clip(img, 0, 1), (0, 0), rng.uniform(2, 6))


def homography(w, h, scale, yaw, pitch, roll, focal):
    """Where the corners of a w x h plane land when it is turned (degrees) and seen by a pinhole at `focal`."""
    y, p, r = radians(yaw), radians(pitch), radians(roll)
    ry = np.array([[cos(y), 0, sin(y)], [0, 1, 0], [-sin(y), 0, cos(y)]])
    rx = np.array([[1, 0, 0], [0, cos(p), -sin(p)], [0, sin(p), cos(p)]])
    rz = np.array([[cos(r), -sin(r), 0], [sin(r), cos(r), 0], [0, 0, 1]])
    pts = np.array([[-w / 2, -h / 2, 0], [w / 2, -h / 2, 0], [w / 2, h / 2, 0], [-w / 2, h / 2, 0]]) * scale
    cam = pts @ (rz @ ry @ rx).T + [0, 0, focal]
    dst = cam[:, :2] * focal / cam[:, 2:3]
    src = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    return cv2.getPerspectiveTransform(src, dst.astype(np.float32))


def apply(hm, pts):
    pts = np.asarray(pts, np.float32).reshape(-1, 1, 2)
    return cv2.perspectiveTransform(pts, hm).reshape(-1, 2)


def soft_blob(h, w, centre, axes, angle):
    """An elliptical Gaussian falloff, 1 at the centre."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    dx, dy = xx - centre[0], yy - centre[1]
    c, s = cos(radians(angle)), sin(radians(angle))
    u, v = (dx * c + dy * s) / axes[0], (-dx * s + dy * c) / axes[1]
    return np.exp(-(u * u + v * v))


def finger(rng, img, tip, direction, width, keep_clear, nail_side=True):
    """A blurred fingertip reaching in along `direction` to `tip`; moved back until it clears `keep_clear`."""
    h, w = img.shape[:2]
    direction = np.asarray(direction, float) / np.linalg.norm(direction)
    tip = np.asarray(tip, float)
    length = width * 3.2
    for _ in range(40):
        mask = np.zeros((h, w), np.float32)
        centre = tip - direction * length / 2
        ang = np.degrees(np.arctan2(direction[1], direction[0]))
        cv2.ellipse(mask, (int(centre[0]), int(centre[1])), (int(length / 2), int(width / 2)), ang, 0, 360, 1, -1)
        if (mask * keep_clear).max() == 0:
            break
        tip = tip - direction * width * 0.12
    blur = rng.uniform(2, 6) * width / 100 * (1 if nail_side else 2)
    mask = cv2.GaussianBlur(mask, (0, 0), max(1, blur))
    dist = cv2.distanceTransform((mask > 0.5).astype(np.uint8), cv2.DIST_L2, 5)
    shade = 0.55 + 0.45 * np.sqrt(dist / max(float(dist.max()), 1))
    skin = np.array(SKIN[rng.integers(len(SKIN))], np.float32) * rng.uniform(0.85, 1.05)
    colour = skin * shade[..., None]
    nail = np.zeros((h, w), np.float32)
    nc = tip - direction * width * 0.5
    cv2.ellipse(nail, (int(nc[0]), int(nc[1])), (int(width * 0.36), int(width * 0.3)), ang, 0, 360, 1, -1)
    nail = cv2.GaussianBlur(nail, (0, 0), max(1, blur)) * mask * nail_side
    colour = colour * (1 - nail[..., None] * 0.6) + np.array([0.95, 0.82, 0.8]) * nail[..., None] * 0.6 * shade[..., None]
    return img * (1 - mask[..., None]) + colour * mask[..., None]


def moire(rng, img, region):
    """Coloured curved interference bands, as when the phone's sensor grid beats against the display's."""
    h, w = img.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    a = rng.uniform(0, np.pi)
    period = rng.uniform(14, 40)
    cx, cy = rng.uniform(0, w), rng.uniform(0, h)
    phase = 2 * np.pi * ((xx * cos(a) + yy * sin(a)) / period + ((xx - cx) ** 2 + (yy - cy) ** 2) * rng.uniform(1, 6) / w ** 2 / 10)
    amp = rng.uniform(0.06, 0.14)
    fine = 1 + 0.04 * np.sin(2 * np.pi * xx / rng.uniform(2.2, 3.5)) * np.sin(2 * np.pi * yy / rng.uniform(2.2, 3.5))
    bands = np.stack([np.sin(phase + k * 2.1) for k in range(3)], -1) * amp
    r = region[..., None]
    return img * (1 + bands * r) * (1 + (fine[..., None] - 1) * r)


def motion_blur(img, length, angle):
    k = np.zeros((int(length) | 1, int(length) | 1), np.float32)
    c = k.shape[0] // 2
    cv2.line(k, (int(c - cos(radians(angle)) * c), int(c - sin(radians(angle)) * c)),
             (int(c + cos(radians(angle)) * c), int(c + sin(radians(angle)) * c)), 1, 1, cv2.LINE_AA)
    return cv2.filter2D(img, -1, k / k.sum())


def defocus(img, radius):
    r = max(1, round(radius))
    k = np.zeros((2 * r + 1, 2 * r + 1), np.float32)
    cv2.circle(k, (r, r), r, 1, -1, cv2.LINE_AA)
    return cv2.filter2D(img, -1, k / k.sum())


def low_light(rng, img):
    """Under-exposed, then lifted by the phone: shot and read noise brought up with it, and some chroma blotches."""
    lin = img ** 2.2 * rng.uniform(0.12, 0.3)
    noisy = lin + rng.normal(0, 1, img.shape).astype(np.float32) * (np.sqrt(lin) * 0.015 + 0.003)
    h, w = img.shape[:2]
    chroma = cv2.resize(rng.normal(0, 0.003, (h // 8, w // 8, 3)).astype(np.float32), (w, h))
    gain = 1 / max(float(np.percentile(lin, 99)), 1e-3) * rng.uniform(0.6, 0.85)
    out = np.clip((noisy + chroma) * gain, 0, 1) ** (1 / 2.2)
    return cv2.GaussianBlur(out, (0, 0), 0.6) if rng.random() < 0.5 else out
