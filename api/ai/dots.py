"""Dot-matrix displays (issue 36): 5 x 7 dots a character, which the OCR model does not read as
digits (the dots are too far apart to be strokes) and the segment decoder cannot decode.

Two independent readings, as for seven segments: the model reads a picture with the dots joined
into strokes (joined), and the dots themselves are decoded against the usual 5 x 7 digit shapes
(decode); a reading is accepted only when both give the same number.
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
from PIL import Image

from api.ai.layout import INK

MIN_DOTS = 30  # fewer round marks of one size than this: not a dot-matrix display
# The usual 5 x 7 digit shapes of character displays (rows top to bottom); makers differ by a
# dot or two (a slashed or plain 0, the foot of a 1), so a character matches within MAX_WRONG.
SHAPES = {
    "0": (".###.", "#...#", "#..##", "#.#.#", "##..#", "#...#", ".###."),
    "1": ("..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###."),
    "2": (".###.", "#...#", "....#", "...#.", "..#..", ".#...", "#####"),
    "3": ("#####", "...#.", "..#..", "...#.", "....#", "#...#", ".###."),
    "4": ("...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."),
    "5": ("#####", "#....", "####.", "....#", "....#", "#...#", ".###."),
    "6": ("..##.", ".#...", "#....", "####.", "#...#", "#...#", ".###."),
    "7": ("#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."),
    "8": (".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###."),
    "9": (".###.", "#...#", "#...#", ".####", "....#", "...#.", ".##.."),
}
# Other makers' character ROMs draw some digits their own way: a 0 without the slash, a 1 without
# its foot, a 4 closed at the top, a 6 and a 9 with flat tops and tails, a 7 with a straight stem.
VARIANTS = {
    "0": (".###.", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."),
    "1": ("..#..", ".##..", "#.#..", "..#..", "..#..", "..#..", "..#.."),
    "4": ("#...#", "#...#", "#...#", "#####", "....#", "....#", "....#"),
    "6": (".###.", "#....", "#....", "####.", "#...#", "#...#", ".###."),
    "7": ("#####", "....#", "....#", "...#.", "..#..", "..#..", "..#.."),
    "9": (".###.", "#...#", "#...#", ".####", "....#", "....#", ".###."),
}
_SHAPES = [(d, np.array([[ch == "#" for ch in row] for row in rows], bool))
           for font in (SHAPES, VARIANTS) for d, rows in font.items()]
MAX_WRONG = 3
# Characters stand about two empty columns apart (a 1 drawn in the middle three columns: four);
# a blank cell between the number and its unit label is more than five.
LABEL_GAP = 5.5


@dataclass(frozen=True)
class Dots:
    centres: np.ndarray  # n x 2 (x, y) of the lit dots
    pitch: float  # distance between neighbouring dots
    size: float  # a dot's diameter


def find_dots(gray: np.ndarray) -> Dots | None:
    """The lit dots of a dot-matrix display in a cleaned picture (dark ink on white), or None
    when the ink is not many small round marks of one size."""
    count, _, stats, centroids = cv2.connectedComponentsWithStats((gray < INK).astype(np.uint8), connectivity=8)
    if count < MIN_DOTS:
        return None
    w, h, area = stats[1:, 2], stats[1:, 3], stats[1:, 4]
    small = (area >= 6) & (w <= 2.2 * h) & (h <= 2.2 * w)
    if small.sum() < MIN_DOTS:
        return None
    typical = float(np.median(area[small]))
    same = small & (area >= 0.4 * typical) & (area <= 2.5 * typical)
    if same.sum() < MIN_DOTS:
        return None
    pts = centroids[1:][same]
    size = float(np.sqrt(typical))
    diffs = np.linalg.norm(pts[:, None, :] - pts[None, :, :], axis=2)
    np.fill_diagonal(diffs, np.inf)
    pitch = float(np.median(diffs.min(axis=1)))
    if not 1.05 * size <= pitch <= 4 * size:
        return None  # touching marks are strokes; far apart ones are specks
    # The dots of the display are the ones with a neighbour one pitch away.
    near = (diffs.min(axis=1) <= 2.2 * pitch)  # a decimal point stands a little apart
    if near.sum() < MIN_DOTS:
        return None
    return Dots(pts[near], pitch, size)


def joined(cleaned: Image.Image, dots: Dots) -> Image.Image:
    """The picture with each dark dot grown until it touches its neighbours: strokes the model reads."""
    gray = np.asarray(cleaned.convert("L"))
    k = max(3, round(dots.pitch - dots.size) + 3) | 1
    grown = cv2.erode(gray, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    return Image.fromarray(cv2.GaussianBlur(grown, (3, 3), 0)).convert("RGB")


def _clusters(values: np.ndarray, gap: float) -> list[float]:
    """Centres of runs of sorted values no more than gap apart."""
    out, run = [], []
    for v in np.sort(values):
        if run and v - run[-1] > gap:
            out.append(float(np.mean(run)))
            run = []
        run.append(v)
    if run:
        out.append(float(np.mean(run)))
    return out


# Tilts of the dots' rows tried (degrees either way): a straightened panel cut along a housing
# that is not square to the display leaves its line a few degrees off level.
MAX_TILT = 10.0


def levelled(centres: np.ndarray, pitch: float) -> np.ndarray:
    """The dots turned about their centre so that their rows are level: the angle at which the
    dots' heights fall most on rows one pitch apart (the phases of their heights agree best)."""
    centre = centres.mean(axis=0)
    x, y = (centres - centre).T
    best, best_angle = -1.0, 0.0
    for angle in np.radians(np.arange(-MAX_TILT, MAX_TILT + 0.01, 0.25)):
        turned = y * np.cos(angle) - x * np.sin(angle)
        coherence = float(np.abs(np.exp(2j * np.pi * turned / pitch).mean()))
        if coherence > best + 1e-9:
            best, best_angle = coherence, angle
    c, s = np.cos(best_angle), np.sin(best_angle)
    return np.stack([x * c + y * s, y * c - x * s], axis=1) + centre


def _split_at_points(groups: list[list[float]], pts: np.ndarray, rows_idx: np.ndarray,
                     p: float) -> tuple[list[list[float]], list[float]]:
    """Characters set closer than an empty column, a point between them: a run of columns wider
    than a character, with a column holding one dot in the bottom rows in it, is the characters
    either side and their point (the foot of a 1 is a character's own, and no wider than it)."""
    out, points = [], []
    for g in groups:
        if round((g[-1] - g[0]) / p) + 1 <= 5:
            out.append(g)
            continue
        for i in range(len(g)):
            members = np.abs(pts[:, 0] - g[i]) <= 0.45 * p
            left, right = g[:i], g[i + 1:]
            if members.sum() == 1 and rows_idx[members][0] >= 5 \
                    and all(round((part[-1] - part[0]) / p) + 1 <= 5 for part in (left, right) if part):
                out += [part for part in (left, right) if part]
                points.append(g[i])
                break
        else:
            out.append(g)
    return out, points


def decode(dots: Dots) -> str | None:
    """The number on a dot-matrix line, from the dots alone: digits and a point, stopping at the
    first character that is no digit once digits were read (the unit label). The line is
    levelled first (levelled)."""
    pts, p = levelled(dots.centres, dots.pitch), dots.pitch
    rows = _clusters(pts[:, 1], 0.45 * p)
    # The line: seven rows one pitch apart holding the most dots.
    best, best_n = None, 0
    for i in range(len(rows)):
        top = rows[i]
        grid = [top + k * p for k in range(7)]
        n = int((np.abs(pts[:, 1][:, None] - np.array(grid)[None, :]).min(axis=1) <= 0.35 * p).sum())
        if n > best_n:
            best, best_n = grid, n
    if best is None:
        return None
    grid_y = np.array(best)
    row_of = np.abs(pts[:, 1][:, None] - grid_y[None, :])
    on_line = row_of.min(axis=1) <= 0.35 * p
    pts, rows_idx = pts[on_line], row_of[on_line].argmin(axis=1)
    # A decimal point: a column of one dot, in the bottom rows (a digit's columns hold two or more).
    col_of = np.abs(pts[:, 0][:, None] - np.array(_clusters(pts[:, 0], 0.45 * p))[None, :]).argmin(axis=1)
    counts = np.bincount(col_of)
    same_row = (rows_idx[:, None] == rows_idx[None, :]) & (np.abs(pts[:, 0][:, None] - pts[:, 0][None, :]) < 1.2 * p)
    lone = (counts[col_of] == 1) & (rows_idx >= 5) & (same_row.sum(axis=1) == 1)  # not the foot of a 1
    points_x = sorted(pts[lone, 0])
    pts, rows_idx = pts[~lone], rows_idx[~lone]
    cols = _clusters(pts[:, 0], 0.45 * p)
    if not cols:
        return None
    # Characters: runs of columns one pitch apart; a wider gap (an empty column) ends one.
    groups, run = [], [cols[0]]
    for c in cols[1:]:
        if c - run[-1] > 1.6 * p:
            groups.append(run)
            run = []
        run.append(c)
    groups.append(run)
    groups, split_points = _split_at_points(groups, pts, rows_idx, p)
    points_x = sorted(points_x + split_points)
    out, last_right = "", None
    for g in groups:
        if out and last_right is not None:
            if g[0] - last_right > LABEL_GAP * p:
                break  # a blank cell: the unit label follows the number
            if any(last_right < x < g[0] for x in points_x) and "." not in out:
                out += "."
        width = round((g[-1] - g[0]) / p) + 1
        members = (pts[:, 0] >= g[0] - 0.4 * p) & (pts[:, 0] <= g[-1] + 0.4 * p)
        if out and width <= 2 and (rows_idx[members] >= 5).all():
            # A point drawn as a block of dots in the bottom rows (the HD44780 character ROM's
            # ".": two by two), a cell of its own between the digits.
            if "." not in out:
                out += "."
            last_right = g[-1]
            continue
        last_right = g[-1]
        if width > 5:
            return None
        cell = np.zeros((7, width), bool)
        for (x, _), r in zip(pts[members], rows_idx[members]):
            cell[r, min(width - 1, round((x - g[0]) / p))] = True
        scores = []
        for digit, shape in _SHAPES:
            for off in range(6 - width):
                wrong = int((shape[:, off:off + width] != cell).sum()) + int(shape.sum() - shape[:, off:off + width].sum())
                scores.append((wrong, digit))
        scores.sort()
        wrong, digit = scores[0]
        if wrong > MAX_WRONG or (len(scores) > 1 and scores[1][0] == wrong and scores[1][1] != digit):
            if out:
                break  # the unit label (or an unclear character): the number ends here
            return None
        out += digit
    out = out.rstrip(".")
    return out or None
