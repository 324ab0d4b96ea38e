"""The display window of a scale indicator: segment and dot-matrix glyphs, lit and ghost, coloured per style.

Everything is drawn as two masks (lit, ghost: the unlit segments a real LCD still shows faintly) and then
coloured by the style's look (reflective LCD, backlit LCD, inverted LCD, LED, VFD).
"""

from dataclasses import dataclass, field
from math import radians, tan

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

FONT_DIR = "/usr/share/fonts/truetype/dejavu/"

SEG7 = {"0": "abcdef", "1": "bc", "2": "abged", "3": "abgcd", "4": "fgbc", "5": "afgcd", "6": "afgedc",
        "7": "abc", "8": "abcdefg", "9": "abcdfg", "-": "g", " ": ""}
SEG7_ALL = "abcdefg"
SEG16_ALL = ["a1", "a2", "b", "c", "d1", "d2", "e", "f", "g1", "g2", "h", "i", "j", "k", "l", "m"]

# 5x7 dot font (rows top to bottom), drawn from the usual character-LCD shapes.
DOTS = {
    "0": "01110 10001 10011 10101 11001 10001 01110", "1": "00100 01100 00100 00100 00100 00100 01110",
    "2": "01110 10001 00001 00010 00100 01000 11111", "3": "11111 00010 00100 00010 00001 10001 01110",
    "4": "00010 00110 01010 10010 11111 00010 00010", "5": "11111 10000 11110 00001 00001 10001 01110",
    "6": "00110 01000 10000 11110 10001 10001 01110", "7": "11111 00001 00010 00100 01000 01000 01000",
    "8": "01110 10001 10001 01110 10001 10001 01110", "9": "01110 10001 10001 01111 00001 00010 01100",
    ".": "00000 00000 00000 00000 00000 01100 01100", ",": "00000 00000 00000 00000 01100 00100 01000",
    "k": "10000 10000 10010 10100 11000 10100 10010", "g": "00000 01111 10001 10001 01111 00001 01110",
    "l": "01100 00100 00100 00100 00100 00100 01110", "b": "10000 10000 10110 11001 10001 10001 11110",
    "s": "00000 00000 01110 10000 01110 00001 11110", " ": "00000 00000 00000 00000 00000 00000 00000",
}


@dataclass
class Font:
    """A seven-, fourteen- or sixteen-segment face: proportions of the digit height."""

    segments: int = 7          # 7, 14 or 16
    width: float = 0.55        # cell width / digit height
    stroke: float = 0.13       # segment thickness / digit height
    gap: float = 0.02          # gap between segment ends / digit height
    slant: float = 7.0         # degrees, top leans right
    pointed: bool = True       # hexagonal segment ends, else chamfered bars
    tails: bool = True         # 6 with its top bar, 9 with its bottom bar
    seven_hook: bool = False   # 7 with the f segment
    slashed_zero: bool = False  # 14/16-segment zero with a diagonal


@dataclass
class Reading:
    """What the window shows: digit cells right-aligned, where the separator sits, the unit treatment."""

    shown: str                 # e.g. "12,35"
    cells: int                 # digit cells on the glass (leading ones blank)
    separator: str = "dot"     # dot | comma | colon
    unit: str = "lb"           # lb | lbs | kg
    unit_mode: str = "text"    # text | arrow | hidden
    annunciators: list[tuple[str, bool]] = field(default_factory=list)  # (label, lit)
    annunciator_text: bool = False  # labels on the glass itself, else marks pointing at printed legends
    minus_cell: bool = False   # a sign position left of the digits (never lit: no negative weights)


@dataclass
class Face:
    image: np.ndarray          # float32 HxWx3, 0..1
    digits_box: tuple[int, int, int, int]
    legends: list[tuple[float, str]]  # bezel legends printed under the window: (x centre, text)
    digit_height: int


def _font(name: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(FONT_DIR + name, max(6, int(size)))


def _bar(p0, p1, t, pointed):
    """A segment polygon along p0->p1 with thickness t."""
    p0, p1 = np.asarray(p0, float), np.asarray(p1, float)
    u = (p1 - p0) / max(np.linalg.norm(p1 - p0), 1e-6)
    n = np.array([-u[1], u[0]]) * t / 2
    if pointed:
        h = u * t / 2
        return [p0, p0 + h + n, p1 - h + n, p1, p1 - h - n, p0 + h - n]
    c = u * t * 0.3
    return [p0 + n * 0.4, p0 + c + n, p1 - c + n, p1 + n * 0.4, p1 - n * 0.4, p1 - c - n, p0 + c - n, p0 - n * 0.4]


def _segment_polys(font: Font, h: float) -> dict[str, list]:
    w, t, g = font.width * h, font.stroke * h, font.gap * h
    left, right, top, mid, bot, cx = t / 2, w - t / 2, t / 2, h / 2, h - t / 2, w / 2
    p = font.pointed
    polys = {
        "b": _bar((right, top + g), (right, mid - g), t, p), "c": _bar((right, mid + g), (right, bot - g), t, p),
        "e": _bar((left, mid + g), (left, bot - g), t, p), "f": _bar((left, top + g), (left, mid - g), t, p),
    }
    if font.segments == 7:
        polys |= {"a": _bar((left + g, top), (right - g, top), t, p), "d": _bar((left + g, bot), (right - g, bot), t, p),
                  "g": _bar((left + g, mid), (right - g, mid), t, p)}
        return polys
    d = t * 0.7  # diagonals and the centre bars are thinner on real 14/16-segment glass
    inset = t * 0.9
    polys |= {
        "g1": _bar((left + g, mid), (cx - g, mid), t, p), "g2": _bar((cx + g, mid), (right - g, mid), t, p),
        "i": _bar((cx, top + inset), (cx, mid - inset), d, p), "l": _bar((cx, mid + inset), (cx, bot - inset), d, p),
        "h": _bar((left + inset, top + inset), (cx - d, mid - inset), d, False),
        "j": _bar((right - inset, top + inset), (cx + d, mid - inset), d, False),
        "k": _bar((cx - d, mid + inset), (left + inset, bot - inset), d, False),
        "m": _bar((cx + d, mid + inset), (right - inset, bot - inset), d, False),
    }
    if font.segments == 16:
        polys |= {"a1": _bar((left + g, top), (cx - g, top), t, p), "a2": _bar((cx + g, top), (right - g, top), t, p),
                  "d1": _bar((left + g, bot), (cx - g, bot), t, p), "d2": _bar((cx + g, bot), (right - g, bot), t, p)}
    else:
        polys |= {"a": _bar((left + g, top), (right - g, top), t, p), "d": _bar((left + g, bot), (right - g, bot), t, p)}
    return polys


def _lit_segments(ch: str, font: Font) -> list[str]:
    segs = SEG7[ch]
    if ch == "6" and not font.tails:
        segs = segs.replace("a", "")
    if ch == "9" and not font.tails:
        segs = segs.replace("d", "")
    if ch == "7" and font.seven_hook:
        segs += "f"
    if font.segments == 7:
        return list(segs)
    out = []
    for s in segs:
        if s == "g":
            out += ["g1", "g2"]
        elif s in "ad" and font.segments == 16:
            out += [s + "1", s + "2"]
        else:
            out.append(s)
    if ch == "0" and font.slashed_zero:
        out += ["j", "k"]
    return out


class _Masks:
    """Lit and ghost masks drawn with anti-aliased polygons (sub-pixel via cv2's shift)."""

    def __init__(self, w: int, h: int):
        self.lit = np.zeros((h, w), np.uint8)
        self.ghost = np.zeros((h, w), np.uint8)

    def poly(self, pts, lit: bool):
        arr = (np.asarray(pts, float) * 16).round().astype(np.int32)
        cv2.fillPoly(self.lit if lit else self.ghost, [arr], 255, cv2.LINE_AA, shift=4)

    def dot(self, c, r, lit: bool, square: bool = False):
        if square:
            self.poly([(c[0] - r, c[1] - r), (c[0] + r, c[1] - r), (c[0] + r, c[1] + r), (c[0] - r, c[1] + r)], lit)
            return
        cv2.circle(self.lit if lit else self.ghost, (int(c[0] * 16), int(c[1] * 16)), int(r * 16), 255,
                   -1, cv2.LINE_AA, shift=4)

    def text(self, xy, s: str, font, lit: bool, anchor="ls"):
        img = Image.fromarray(self.lit if lit else self.ghost)
        ImageDraw.Draw(img).text(xy, s, fill=255, font=font, anchor=anchor)
        (self.lit if lit else self.ghost)[:] = np.asarray(img)

    def done(self):
        lit = self.lit.astype(np.float32) / 255
        return lit, np.clip(self.ghost.astype(np.float32) / 255 - lit, 0, 1)


def _split(shown: str) -> tuple[list[str], int | None]:
    """Digits of the reading and the index of the digit the separator follows."""
    digits, after = [], None
    for ch in shown:
        if ch in ".,":
            after = len(digits) - 1
        else:
            digits.append(ch)
    return digits, after


def draw_segments(rng, reading: Reading, font: Font, hd: int, ghosts: bool, led: bool):
    """Masks for a segment display; returns (lit, ghost, digits_box, legend xs, size)."""
    digits, after = _split(reading.shown)
    cells = max(reading.cells, len(digits))
    pad = [" "] * (cells - len(digits))
    w_cell = font.width * hd
    spacing = hd * rng.uniform(0.2, 0.34)
    pitch = w_cell + spacing
    shear = tan(radians(font.slant))
    unit_w = hd * (0.75 if reading.unit_mode == "text" else 0.1)
    sign_w = pitch * 0.8 if reading.minus_cell else 0
    top_band = hd * (0.32 if reading.annunciators else rng.uniform(0.16, 0.26))
    bot_band = hd * (0.3 if reading.unit_mode == "arrow" or reading.annunciators else rng.uniform(0.16, 0.26))
    margin = hd * rng.uniform(0.22, 0.4)
    width = int(margin * 2 + sign_w + cells * pitch + unit_w + hd * shear)
    height = int(top_band + hd + bot_band)
    m = _Masks(width, height)
    polys = _segment_polys(font, hd)
    y0 = top_band
    all_segs = SEG7_ALL if font.segments == 7 else (
        SEG16_ALL if font.segments == 16 else ["a", "b", "c", "d", "e", "f", "g1", "g2", "h", "i", "j", "k", "l", "m"])

    def place(pts, ox):
        return [(ox + x + (hd - y) * shear, y0 + y) for x, y in pts]

    x = margin
    if reading.minus_cell:  # a lone sign bar, ghosted on LCDs
        m.poly(place(_bar((0, hd / 2), (w_cell * 0.7, hd / 2), font.stroke * hd, font.pointed), x), False)
        x += sign_w
    dp_r = font.stroke * hd * rng.uniform(0.45, 0.62)
    dp_square = rng.random() < 0.4
    first_x = None
    for k, ch in enumerate(pad + digits):
        lit = set(_lit_segments(ch, font))
        if first_x is None and ch != " ":
            first_x = x
        for name in all_segs:
            if name in lit:
                m.poly(place(polys[name], x), True)
            elif ghosts:
                m.poly(place(polys[name], x), False)
        this_dp = after is not None and k - len(pad) == after
        dpx, dpy = x + w_cell + spacing * 0.42, y0 + hd - dp_r
        if reading.separator == "colon":
            dpx = x + w_cell + spacing * 0.5 + hd * 0.12 * shear
            upper = (dpx + hd * 0.45 * shear, y0 + hd * 0.55)
            if ghosts or this_dp:
                m.dot(upper, dp_r, False, dp_square)
        if k < cells - 1 or this_dp:
            m.dot((dpx, dpy), dp_r, this_dp, dp_square)
            if reading.separator == "comma" and (this_dp or ghosts):
                tail = [(dpx + dp_r * 0.2, dpy), (dpx + dp_r, dpy), (dpx - dp_r * 0.5, dpy + dp_r * 2.6),
                        (dpx - dp_r * 1.1, dpy + dp_r * 2.4)]
                m.poly(tail, this_dp)
        x += pitch
    digits_box = (int(first_x or margin), int(y0 - 2), int(x - spacing + hd * shear + 2), int(y0 + hd + dp_r * 3))
    legends = []
    if reading.unit_mode == "text":
        size = hd * rng.uniform(0.28, 0.36)
        f = _font("DejaVuSans-Bold.ttf" if rng.random() < 0.5 else "DejaVuSansCondensed.ttf", size)
        other = {"kg": "lb", "lb": "kg", "lbs": "kg"}[reading.unit]
        ux = x - spacing * 0.4 + hd * 0.06
        if ghosts and rng.random() < 0.7:  # both unit icons on the glass, the live one dark
            pair = [(reading.unit, True), (other, False)]
            if rng.random() < 0.5:
                pair.reverse()
            m.text((ux, y0 + hd * 0.42), pair[0][0], f, pair[0][1])
            m.text((ux, y0 + hd * 0.98), pair[1][0], f, pair[1][1])
        else:
            m.text((ux, y0 + hd * (0.98 if rng.random() < 0.7 else 0.4)), reading.unit, f, True)
        digits_box = (digits_box[0], digits_box[1], int(ux + size * 1.6), digits_box[3])
    marks = [] if reading.annunciator_text else list(reading.annunciators)
    if reading.annunciator_text and reading.annunciators:
        f = _font("DejaVuSans-Bold.ttf", hd * 0.16)
        ax = margin
        for label, lit in reading.annunciators:
            m.text((ax, top_band * 0.75), label, f, lit)
            ax += f.getlength(label) + hd * 0.25
    if reading.unit_mode == "arrow":
        units = [("lb", reading.unit.startswith("lb")), ("kg", reading.unit == "kg")]
        if rng.random() < 0.5:
            units.reverse()
        marks += units
    if marks:  # triangles (LCD) or small lamps (LED) along the bottom edge, legends printed below the glass
        xs = np.linspace(margin + hd * 0.3, width - margin - hd * 0.2, len(marks))
        if rng.random() < 0.5:
            xs = xs[::-1]
            marks = marks[::-1]
        r = hd * 0.085
        for xc, (label, lit) in zip(xs, marks):
            yb = height - bot_band * 0.35
            if led:
                m.dot((xc, yb), r * 0.8, lit)
            else:
                m.poly([(xc - r, yb - r), (xc + r, yb - r), (xc, yb + r * 0.7)], lit)
            legends.append((float(xc), label))
    return m, digits_box, legends, (width, height)


def draw_matrix(rng, reading: Reading, hd: int, led: bool):
    """Masks for a 5x7 dot-matrix line: the reading right-aligned, the unit in dots after it."""
    text = reading.shown
    if reading.unit_mode == "text":
        text += " " + reading.unit
    cells = max(reading.cells + 2, len(text))
    text = " " * (cells - len(text)) + text
    pitch = hd / 7.0
    r = pitch * (0.42 if led else 0.44)
    cell_w = pitch * 6.1
    margin = hd * rng.uniform(0.25, 0.4)
    width, height = int(margin * 2 + cells * cell_w), int(hd * rng.uniform(1.5, 1.8))
    y0 = (height - hd) / 2
    m = _Masks(width, height)
    first = None
    for k, ch in enumerate(text):
        rows = DOTS[ch].split()
        ox = margin + k * cell_w
        if first is None and ch != " ":
            first = ox
        for j, row in enumerate(rows):
            for i, bit in enumerate(row):
                c = (ox + (i + 0.5) * pitch, y0 + (j + 0.5) * pitch)
                m.dot(c, r, bit == "1", square=not led)
    legends = []
    if reading.unit_mode == "arrow":
        units = [("lb", reading.unit.startswith("lb")), ("kg", reading.unit == "kg")]
        for xc, (label, lit) in zip((width - margin - hd * 1.4, width - margin - hd * 0.4), units):
            m.poly([(xc - hd * 0.09, height - hd * 0.2), (xc + hd * 0.09, height - hd * 0.2),
                    (xc, height - hd * 0.08)], lit)
            legends.append((float(xc), label))
    box = (int(first or margin), int(y0 - 2), int(width - margin), int(y0 + hd + 2))
    return m, box, legends, (width, height)


def _gradient(h, w, c0, c1, rng):
    ang = rng.uniform(0, np.pi)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    t = (xx * np.cos(ang) + yy * np.sin(ang))
    t = (t - t.min()) / max(float(t.max() - t.min()), 1)
    return np.asarray(c0, np.float32) * (1 - t[..., None]) + np.asarray(c1, np.float32) * t[..., None]


def colourise(rng, look: str, lit, ghost, hd: float):
    """Colour the masks as the glass of one display technology would look."""
    h, w = lit.shape

    def glow(m, s):
        return cv2.GaussianBlur(m, (0, 0), max(s, 0.5))

    if look in ("reflective", "backlit"):
        if look == "reflective":
            base = np.array([0.62, 0.66, 0.58]) + rng.uniform(-0.06, 0.06, 3)
            ink = np.array([0.1, 0.12, 0.11]) + rng.uniform(0, 0.05)
            ghost_a = rng.uniform(0.07, 0.16)
        else:
            base = np.array({"amber": [0.95, 0.7, 0.2], "green": [0.6, 0.85, 0.3], "white": [0.88, 0.92, 0.95],
                             "blue": [0.45, 0.7, 1.0]}[rng.choice(["amber", "green", "white", "blue"])])
            ink = np.array([0.06, 0.06, 0.1]) + rng.uniform(0, 0.05)
            ghost_a = rng.uniform(0.04, 0.1)
        bg = _gradient(h, w, base * rng.uniform(0.8, 0.95), base * rng.uniform(0.95, 1.08), rng)
        # the segments' shadow on the reflector behind the glass
        shadow = np.roll(glow(lit, hd * 0.02), (int(hd * 0.04), int(hd * 0.03)), (0, 1))
        out = bg * (1 - 0.22 * shadow[..., None])
        out = out * (1 - ghost_a * ghost[..., None]) + ink * ghost_a * ghost[..., None]
        a = lit[..., None] * rng.uniform(0.85, 0.97)
        return out * (1 - a) + ink * a
    if look == "inverted":
        base = np.array([[0.05, 0.12, 0.45], [0.03, 0.03, 0.05], [0.1, 0.2, 0.15]][rng.integers(3)])
        fg = np.array([[0.92, 0.96, 1.0], [0.55, 0.85, 1.0], [1.0, 0.75, 0.3]][rng.integers(3)])
        bg = _gradient(h, w, base * 0.8, base * 1.2, rng)
        out = bg + 0.04 * ghost[..., None]
        return out * (1 - lit[..., None]) + fg * lit[..., None] + 0.25 * fg * glow(lit, hd * 0.04)[..., None]
    if look in ("led-red", "led-green", "led-amber"):
        fg = {"led-red": [1.0, 0.1, 0.06], "led-green": [0.25, 1.0, 0.2], "led-amber": [1.0, 0.55, 0.05]}[look]
        fg = np.array(fg)
        tint = rng.random() < 0.5  # behind a smoked or coloured acrylic filter
        bg = _gradient(h, w, fg * 0.02 + 0.02, fg * (0.05 if tint else 0.03) + 0.05, rng)
        core = np.clip(fg * 1.3 + 0.35, 0, 1)  # the camera clips the centres toward white
        out = bg + ghost[..., None] * (0.015 if tint else 0.06) * (fg + 0.5)
        out = out * (1 - lit[..., None]) + (fg * 0.55 + core * 0.45) * lit[..., None]
        bloom = glow(lit, hd * rng.uniform(0.02, 0.05)) * 0.55 + glow(lit, hd * rng.uniform(0.12, 0.25)) * 0.35
        return out + fg * bloom[..., None]
    # vfd: cyan-green phosphor under a fine mesh, filaments across
    fg = np.array([0.35, 1.0, 0.85]) * rng.uniform(0.85, 1.0)
    bg = _gradient(h, w, [0.02, 0.04, 0.04], [0.05, 0.08, 0.08], rng)
    out = bg + ghost[..., None] * 0.05 * fg
    out = out * (1 - lit[..., None]) + fg * lit[..., None]
    yy, xx = np.mgrid[0:h, 0:w]
    p = max(3, int(hd * 0.035))
    mesh = ((xx + yy) % p == 0) | ((xx - yy) % p == 0)
    out = out * np.where(mesh, 0.7, 1.0)[..., None]
    for fy in rng.uniform(0.1, 0.9, rng.integers(2, 4)):
        out[int(fy * h), :] += 0.05
    return out + fg * glow(lit, hd * 0.05)[..., None] * 0.45


def render_face(rng, style: str, reading: Reading, font: Font, hd: int) -> Face:
    looks = {"lcd-reflective": "reflective", "lcd-backlit": "backlit", "lcd-inverted": "inverted",
             "led-red": "led-red", "led-green": "led-green", "vfd": "vfd", "lcd-14seg": "reflective",
             "led-16seg": rng.choice(["led-red", "led-amber", "led-green"]),
             "matrix-lcd": rng.choice(["backlit", "reflective", "inverted"]),
             "matrix-led": rng.choice(["led-red", "led-green", "led-amber"])}
    look = looks[style]
    led = look.startswith("led")
    if style.startswith("matrix"):
        m, box, legends, _ = draw_matrix(rng, reading, hd, led)
    else:
        m, box, legends, _ = draw_segments(rng, reading, font, hd, ghosts=True, led=led)
    lit, ghost = m.done()
    if style.startswith("matrix"):
        ghost *= 0.6  # a dot grid's unlit pixels read fainter than a segment's ghost
    img = np.clip(colourise(rng, look, lit, ghost, hd), 0, 1).astype(np.float32)
    return Face(img, box, legends, hd)
