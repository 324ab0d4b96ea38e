"""Finding the display in the photo and straightening it (issue 36).

A display filling a tenth of the frame loses its digits when the whole photo is shrunk for the
detector, and one photographed at an angle is read as a slanted line. The panel is a rectangle
of its own brightness inside the scale's housing: its outline is found on the photo's edges, and
the panel is cut from the photo as taken (full resolution) and warped to a straight rectangle, so
the reader sees a small or tilted display like a large straight one.
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
from PIL import Image

WORK_SIDE = 640  # the outline is looked for on the photo at this size (fast; edges survive)
MIN_SHARE = 0.004  # of the frame: smaller outlines are labels, screws and specks
MAX_SHARE = 0.7  # larger ones are the photo's own edge
ASPECT = (1.3, 9.0)  # scale displays are wider than tall
FILL = 0.8  # an outline's area against its rotated bounding box: a rectangle (rounded corners too)
OUT_LONG_SIDE = 960  # the straightened panel, long side (what the detector gets)


@dataclass(frozen=True)
class Panel:
    corners: np.ndarray  # 4 x 2, in the photo as taken: top left, top right, bottom right, bottom left
    share: float  # of the frame's area
    angle: float  # degrees of its top edge


def _ordered(pts: np.ndarray) -> np.ndarray:
    """Four points as top left, top right, bottom right, bottom left."""
    pts = pts.reshape(4, 2).astype(np.float32)
    s, d = pts.sum(axis=1), np.diff(pts, axis=1).ravel()
    return np.array([pts[np.argmin(s)], pts[np.argmin(d)], pts[np.argmax(s)], pts[np.argmax(d)]], np.float32)


def find_panels(img: Image.Image) -> list[Panel]:
    """Rectangular outlines that may be a display, best first (near the centre, then larger)."""
    small = img.copy()
    small.thumbnail((WORK_SIDE, WORK_SIDE), Image.BILINEAR)
    factor = img.width / small.width
    gray = cv2.cvtColor(np.asarray(small.convert("RGB")), cv2.COLOR_RGB2GRAY)
    gray = cv2.GaussianBlur(gray, (5, 5), 0)
    edges = cv2.Canny(gray, 20, 60)
    edges = cv2.dilate(edges, np.ones((3, 3), np.uint8))
    contours, _ = cv2.findContours(edges, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
    area_all = float(gray.shape[0] * gray.shape[1])
    centre = np.array([gray.shape[1] / 2, gray.shape[0] / 2])
    found = []
    for c in contours:
        area = cv2.contourArea(c)
        if not MIN_SHARE * area_all <= area <= MAX_SHARE * area_all:
            continue
        (cx, cy), (w, h), angle = cv2.minAreaRect(c)
        if w * h <= 0 or area / (w * h) < FILL:
            continue
        long_, short = max(w, h), min(w, h)
        if not ASPECT[0] <= long_ / max(short, 1) <= ASPECT[1]:
            continue
        approx = cv2.approxPolyDP(cv2.convexHull(c), 0.03 * cv2.arcLength(c, True), True)
        corners = approx if len(approx) == 4 else cv2.boxPoints(((cx, cy), (w, h), angle))
        corners = _ordered(np.asarray(corners)) * factor
        top = corners[1] - corners[0]
        found.append((float(np.linalg.norm(np.array([cx, cy]) - centre)) / gray.shape[1], -area,
                      Panel(corners, area / area_all, float(np.degrees(np.arctan2(top[1], top[0]))))))
    found.sort(key=lambda f: (round(f[0], 1), f[1]))
    return [f[2] for f in found]


def straightened(img: Image.Image, panel: Panel, margin: float = 0.08) -> Image.Image:
    """The panel cut from the photo and warped to a level rectangle (with a margin of its
    surroundings), its long side OUT_LONG_SIDE pixels."""
    tl, tr, br, bl = panel.corners
    width = (np.linalg.norm(tr - tl) + np.linalg.norm(br - bl)) / 2
    height = (np.linalg.norm(bl - tl) + np.linalg.norm(br - tr)) / 2
    scale = OUT_LONG_SIDE / max(1.0, width * (1 + 2 * margin))
    out_w, out_h = int(width * scale * (1 + 2 * margin)), int(height * scale + 2 * margin * width * scale)
    mx, my = margin * width * scale, margin * width * scale
    target = np.array([[mx, my], [mx + width * scale, my], [mx + width * scale, my + height * scale],
                       [mx, my + height * scale]], np.float32)
    matrix = cv2.getPerspectiveTransform(panel.corners.astype(np.float32), target)
    warped = cv2.warpPerspective(np.asarray(img.convert("RGB")), matrix, (max(1, out_w), max(1, out_h)),
                                 flags=cv2.INTER_CUBIC, borderMode=cv2.BORDER_REPLICATE)
    return Image.fromarray(warped)
