"""The offline reader: RapidOCR (PP-OCR models shipped in the wheel) on the CPU, no network.

The angle classifier stays off: it turns "23.4" upside down into "7.EZ". The engine loads once
per process and runs in a worker thread, one reading at a time, so the event loop never blocks
and two readings never fight over two cores.
"""
from __future__ import annotations

import logging
import os
import re
import threading
from dataclasses import dataclass, replace
from functools import partial

import anyio
import cv2
import numpy as np
from PIL import Image

from api.ai import display, dots, images, layout
from api.ai.parsing import parse_weight, plate_in_text, unit_of
from api.ai.reader import DEFAULT_ACCEPT_CONFIDENCE, LOCAL_OCR, PlateReading, WeightReading

log = logging.getLogger("flow.ai")

# The most a reading may claim when the two polarities read different numbers.
DISAGREEING_PASSES = DEFAULT_ACCEPT_CONFIDENCE / 2
# Calibration (bench/README.md, on the tuned set): what a sure recogniser is, what one second
# look disagreeing costs it alone, and when one polarity's reading overrules the other's.
SURE_SCORE = 0.9
REREAD_ONLY = 0.9
WEAK = 60.0
# The doubts the layout checks raise (point, label, digits): agreement never clears them.
HARD_DOUBTS = frozenset({"parse", "letters", "rival", "last_one", "point", "label", "skipped", "leading", "extra_digits",
                         "unit_hidden", "point_mark", "faint_segments", "unread_point_mark", "point_unconfirmed",
                         "taller_text", "leading_zero", "short_leading_zero", "other_quantity", "units_both",
                         "kg_elsewhere", "reread_point"})
# Holds on the point of digits the segment decoder could not read, applied to the answer once
# every look is done (read_weight_sync): a reading held by them takes no more detector passes
# than one accepted (the looks after the first are what a photo's time is made of). A point-like
# mark between such digits: a lost point, as "point_mark"; segments or dots read without a point
# that nothing but the model read: a point is confirmed by two readings, or held below 80.
HELD_AT_THE_END = {"unread_point_mark": 0.5, "point_unconfirmed": 0.75, "segments_unread": 0.75}
# Doubts the segment reader cannot settle: the unit, digits or a point outside the box, another
# number, a point after the last digit (the box may end before a digit).
# The l of "lb" is label-sized, never digit-tall: segments that decode a last 1 settle "last_one"
# (dev seed 9001: 3 right readings held back by it, each with the segments agreeing).
# Digits much narrower than the box the detector saw (the rest hidden by glare) are not settled
# either: the segments read the same few digits in the same ink (held-out seed 20261201: 8
# accepted at 90 for 148.2).
UNSETTLED = frozenset({"parse", "rival", "point", "label", "skipped", "leading", "narrow", "unit_hidden", "point_mark",
                       "faint_segments", "one_digit", "unit_elsewhere", "point_disputed", "all_eights",
                       "taller_text", "other_quantity", "units_both", "short_leading_zero", "kg_elsewhere",
                       "reread_point"})
# The other polarity read a number at least two digits longer: the digits the segments confirm
# may be the few left in view (dev seed 9001: glare over "47" of 2247 lb, the polarities read 22
# and 2247, and the segments confirming 22 accepted it at 90). One digit longer is the other
# polarity losing the point (317.8 and 3178, dev seed 9002), and the segments confirming one of
# two polarities is otherwise right (the 90-95 bin holds 99.7% right), so only this stays held.
LARGER_OTHER = 50
VETOES = frozenset({"larger_other", "taller_other"})
# Words that name a quantity other than the weight on counting and price-computing scales.
# (Not TARE: most indicators light a TARE annunciator beside the weight when a tare is taken; on
# the third source's seed 2 it held 2 right weights.)
OTHER_QUANTITY = re.compile(r"(?<![A-Z])(PCS|PC|QTY|COUNT|U/?P|UNIT ?PRICE|PRICE|TOTAL|\$)(?![A-Z])", re.IGNORECASE)
# What the display shows besides the number (another quantity, taller digits, both units): a look
# at a cleaned or straightened picture may lose the words or legends that raised them, and its
# reading of the same number does not settle them.
DISPLAY_DOUBTS = frozenset({"other_quantity", "taller_text", "units_both", "kg_elsewhere"})
# Digits a number with leading zeros shows (a display's cells): fewer may be digits left by glare.
LEADING_ZERO_DIGITS = 4
# Digits this many times the height of the number read, elsewhere on the display: the number read
# may be a small second one (pieces, tare, unit price), the weight the tall digits. A number's
# own digits and its point differ little in height; a second number is a third to a half of it.
TALLER = 1.4
# What a reading the segments confirm is worth (calibrated on the tuned set).
SEGMENTS_AGREE = 90.0
# Decoded digits covering less than this share of a box more than NARROW_ROOM digit heights
# wide: the box holds more than was read (seed 20261201: "8" decoded in the whole panel of 148.2,
# 0.22 of it; "143 lbs" in one box, right, is 0.47 digits, dev seed 9002).
NARROW = 0.35
NARROW_ROOM = 2.0
# What digits that may be hidden cost the model's own confidence: the segments cannot settle
# them (UNSETTLED), and the model alone reading the few digits in view is no better (83 for 831.0
# at 100 under glare, the probe of 29 Nov on the first source's seed 20261130, bench/HISTORY.md).
NARROW_COST = 0.7
# A finger over this share of the place right of the number where a unit label would stand
# hides the unit (held-out seed 20261205: a thumb over "kg" covered 0.22 of it, and 1232 kg was
# given as 1232 lb at 100). Photos without a finger there have none (glare on red LED digits is
# redder, grey housings and green or blue panels have another hue).
HIDDEN_LABEL_SKIN = 0.1
# A number line tilted more than this is read again, turned level.
TILT_DEGREES = 2.5

_engine = None
_engine_lock = threading.Lock()


def threads() -> int:
    """Two onnxruntime threads, or one when the process may use one core only: two threads
    on one core wait on each other (about twice the CPU time per photo, bench.ai.latency)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return max(1, min(2, cores))


def engine():
    """The RapidOCR engine, built on first use (about 2 s) and shared by the process."""
    global _engine
    if _engine is None:
        with _engine_lock:
            if _engine is None:
                from rapidocr import RapidOCR

                cv2.setNumThreads(threads())  # more threads than cores wait on each other
                ocr = RapidOCR(params={
                    "Global.use_cls": False,
                    "Global.log_level": "error",
                    "EngineConfig.onnxruntime.intra_op_num_threads": threads(),
                    "EngineConfig.onnxruntime.inter_op_num_threads": 1,
                    # Buffers kept between runs: without the arena every detector run allocates
                    # its tensors afresh (a quarter of its CPU time on one core, bench.ai.outputs).
                    "EngineConfig.onnxruntime.enable_cpu_mem_arena": True,
                    # Photos arrive already shrunk to OCR_LONG_SIDE: never scale them up again.
                    "Det.limit_type": "max",
                    "Det.limit_side_len": images.OCR_LONG_SIDE,
                })
                _fast_det_input(ocr._load_det_model())
                ocr._load_rec_model()  # both models loaded here, not inside the first reading
                _engine = ocr
    return _engine


def _fast_det_input(detector) -> None:
    """The detector's input normalised through a table of the 256 values a channel can take.

    RapidOCR normalises in float64 over the whole picture on every run (about a tenth of a
    detector run on one core); each value depends only on its byte, so a table computed with the
    library's own normalize gives the same float32 tensor, value for value (tests/api/ai)."""
    pre = detector.get_preprocess()
    byte_values = np.repeat(np.arange(256, dtype=np.uint8).reshape(256, 1, 1), 3, axis=2)
    table = pre.normalize(byte_values).reshape(256, 3).astype(np.float32)

    def prepare(img: np.ndarray) -> np.ndarray | None:
        resized = pre.resize(img)
        if resized is None:
            return None
        out = np.empty((1, 3, *resized.shape[:2]), np.float32)
        for c in range(3):
            np.take(table[:, c], resized[:, :, c], out=out[0, c])
        return out

    detector.get_preprocess = lambda: _DetInput(prepare)


class _DetInput:
    def __init__(self, prepare) -> None:
        self._prepare = prepare

    def __call__(self, img: np.ndarray) -> np.ndarray | None:
        return self._prepare(img)


@dataclass(frozen=True)
class TextBox:
    text: str
    score: float
    height: float
    bounds: tuple[int, int, int, int]  # left, top, right, bottom in the cleaned picture
    angle: float = 0.0  # degrees of the box's top edge (the detector's quad), + = falling to the right


def recognise(img: Image.Image) -> list[TextBox]:
    """Every text box RapidOCR finds, with its height (display digits are the tallest text)."""
    # RapidOCR keeps the switches of the last call, so every call names all three.
    result = engine()(np.asarray(img), use_det=True, use_cls=False, use_rec=True)
    if result.txts is None:
        return []
    found = []
    for box, text, score in zip(result.boxes, result.txts, result.scores):
        pts = np.asarray(box)
        x0, y0 = pts.min(axis=0)
        x1, y1 = pts.max(axis=0)
        (ax, ay), (bx, by) = pts[0], pts[1]
        angle = float(np.degrees(np.arctan2(by - ay, bx - ax))) if bx > ax else 0.0
        found.append(TextBox(text=text, score=float(score), height=float(y1 - y0),
                             bounds=(int(x0), int(y0), int(x1), int(y1)), angle=angle))
    return found


def reread(img: Image.Image, box: TextBox) -> tuple[str, float]:
    """The recogniser alone on the box, cropped with a margin and enlarged: a second opinion."""
    x0, y0, x1, y1 = box.bounds
    mx, my = int((x1 - x0) * 0.06) + 4, int((y1 - y0) * 0.2) + 4
    crop = img.crop((max(0, x0 - mx), max(0, y0 - my), min(img.width, x1 + mx), min(img.height, y1 + my)))
    if crop.height < 64:
        crop = crop.resize((max(1, crop.width * 64 // max(1, crop.height)), 64), Image.BICUBIC)
    result = engine()(np.asarray(crop), use_det=False, use_cls=False, use_rec=True)
    return (result.txts[0], float(result.scores[0])) if result.txts else ("", 0.0)


def _read_label(img: Image.Image, bounds: tuple[int, int, int, int]) -> str | None:
    """The recogniser alone on ink the detector left out right of the number: a unit label?"""
    x0, y0, x1, y1 = bounds
    pad = max(2, (y1 - y0) // 4)
    crop = img.crop((max(0, x0 - pad), max(0, y0 - pad), min(img.width, x1 + pad), min(img.height, y1 + pad)))
    if crop.height < 48:
        crop = crop.resize((max(1, crop.width * 48 // max(1, crop.height)), 48), Image.BICUBIC)
    result = engine()(np.asarray(crop), use_det=False, use_cls=False, use_rec=True)
    return unit_of(result.txts[0]) if result.txts else None


def _decimals(as_read: str) -> int:
    return len(as_read.partition(".")[2])


# Why a reading is not accepted, in the operator's words (the screens show the first one).
ANGLE = "display at an angle — check the weight"
POINT = "decimal point unclear — check the weight"
LABEL = "unit unclear (lb or kg?) — check the weight"
SKIPPED = "a digit may be hidden — check the weight"
HIDDEN = "digits may be hidden — check the weight"
LEADING = "first digit unclear — check the weight"
LAST_ONE = "last digit may be the l of lb — check the weight"
EXTRA = "more digits read than shown — check the weight"
UNIT_HIDDEN = "unit hidden — check the weight"
TWO_NUMBERS = "two numbers on the display — check the weight"
UNCLEAR = "digits unclear — check the weight"
READ_TWO_WAYS = "digits read two ways — check the weight"
DARK = "photo too dark — check the weight"
GLARE = "glare on the display — check the weight"


@dataclass(frozen=True)
class Doubt:
    code: str  # for the bench and the log
    factor: float  # what it does to the certainty
    words: str  # for the operator


def weight_from_boxes(boxes: list[TextBox], cleaned: Image.Image | None = None, *,
                      first_look: bool = True, colour: Image.Image | None = None,
                      unit_known: bool = False) -> WeightReading:
    """The weight in the boxes the recogniser found, and how far it can be trusted.

    first_look: the picture in the polarity the photo's centre suggested. The other polarity is
    the less likely picture (its misreads are more often confident), so there a second look
    that disagrees always counts in full.
    colour: the photo in its own colours, the same size and turn as cleaned (a finger shows there).
    unit_known: the location says what its scale shows when the display hides the unit (a finger
    over the label then leaves no doubt about the unit; api/ai/service.py applies it).
    """
    raw = " | ".join(b.text for b in boxes)
    boxes = joined(boxes)
    unit_hint = next((u for b in boxes if (u := unit_of(b.text))), None)
    candidates = []
    for b in boxes:
        if unit_of(b.text):
            continue  # a unit label on its own ("Ib") is not the number 16
        parsed = parse_weight(b.text, unit_hint)
        if parsed is not None:
            candidates.append((b, parsed))
    if not candidates:
        reason = "no text found" if not boxes else "no plausible weight in the text"
        return WeightReading(LOCAL_OCR, None, 0.0, unit_hint, raw, reason)
    box, parsed = max(candidates, key=lambda c: c[0].height)
    doubts: list[Doubt] = []
    decoded = False  # the segment decoder read the box's digits (a second recogniser looked)
    if parsed.certainty < 1:
        doubts.append(Doubt("parse" if parsed.guessed_point else "letters", parsed.certainty, UNCLEAR))
    # Another number almost as tall that disagrees: we cannot tell which is the weight.
    rivals = [p for b, p in candidates if b is not box and b.height > 0.7 * box.height and p.value_lb != parsed.value_lb]
    if rivals:
        doubts.append(Doubt("rival", 0.5, TWO_NUMBERS))
    # Text with digits much taller than the number that could not be read as a weight: the number
    # read may be the display's small second one (pieces, tare, unit price) and the weight the
    # tall text ("3.2.4" over "U/P 17.71", 17.7 for 3.24 lb at 99.9 on the third source).
    if any(b is not box and not unit_of(b.text) and re.search(r"\d", b.text) and b.height >= TALLER * box.height
           for b in boxes):
        doubts.append(Doubt("taller_text", 0.5, TWO_NUMBERS))
    # The number beside a word that names another quantity (pieces, tare, unit price): a counting
    # or price-computing scale's second number, not the weight (827 pieces at 100 for 1.90 lb on
    # the third source, the weight's digits not seen as text at all).
    if any(b is not box and OTHER_QUANTITY.search(b.text) and _beside(b, box) for b in boxes):
        doubts.append(Doubt("other_quantity", 0.5, TWO_NUMBERS))
    # Both units labelled: scales print every unit they can show and point at one (an arrow, a lit
    # icon beside unlit ones); which one is meant is not read here (1670 lb read as kg at 90 on
    # the third source, "kg" and "lb" printed under the window).
    units = {unit_of(word) for b in boxes for word in re.split(r"[\s|/]+", b.text) if unit_of(word)}
    if parsed.unit is not None:
        units.add(parsed.unit)
    pointed = _pointed_unit(cleaned, box, [b for b in boxes if unit_of(b.text)]) \
        if cleaned is not None and len(units) > 1 else None
    if pointed is not None:
        # One legend marked (an arrow or a lit icon beside it), the other not: that unit.
        relabelled = parse_weight(re.sub(r"[A-Za-z\s]+$", "", box.text.strip()), pointed)
        if relabelled is not None:
            parsed = relabelled
            doubts.append(Doubt("unit_pointed", 1.0, LABEL))
    elif len(units) > 1:
        doubts.append(Doubt("units_both", 0.5, LABEL))
    if len(parsed.as_read) > 1 and parsed.as_read[0] == "0" and not parsed.as_read.startswith("0."):
        # Most scales blank leading zeros; some show them, in every cell ("0015.4", "01092"). A
        # leading 0 may also be a digit misread: only the segments or the dots reading it too
        # confirm it, and only in a number as long as a display's cells: a short one may be the
        # few digits glare left ("04" for 2304 under glare on the first source's seed 20261207,
        # the segments decoding the same two).
        short = len(parsed.as_read.replace(".", "")) < LEADING_ZERO_DIGITS
        doubts.append(Doubt("short_leading_zero" if short else "leading_zero", 0.5, UNCLEAR))
    # A label box touching a number that ends in 1: that 1 may be the l of "lb" (rotated photos).
    labels = [b for b in boxes if unit_of(b.text)]
    if re.search(r"\d\s+[1lI|]$", box.text.strip()):
        # A lone 1 after a space at the end of the number: the l of "lb" inside the box ("442 1"
        # for 442 lb accepted at 98 as 4421 on a rotated printed display, dev seed 9002).
        doubts.append(Doubt("last_one", 0.5, LAST_ONE))
    elif parsed.as_read.endswith("1") and any(b.bounds[0] <= box.bounds[2] + 0.1 * box.height for b in labels
                                            if b.bounds[0] > box.bounds[0]):
        doubts.append(Doubt("last_one", 0.5, LAST_ONE))
    if cleaned is not None:
        cleaned = _lifted(cleaned, box)
        box = _tightened(cleaned, box)
        # A reading that changes when the same digits are looked at again is not one to trust.
        second = parse_weight(reread(cleaned, box)[0], parsed.unit)
        as_read, first_value = parsed.as_read, parsed.value_lb
        parsed, around = _check_surroundings(cleaned, box, boxes, parsed, doubts, colour, unit_known)
        if second is None or second.value_lb != first_value:
            # The enlarged crop often loses a small point: the same digits, with the point where
            # the ink shows one, agree.
            same_digits = second is not None and second.as_read.replace(".", "") == as_read.replace(".", "")
            if not (same_digits and around is not None and around.digits_after_point == _decimals(as_read)
                    and "." in as_read):
                doubts.append(Doubt("reread", 0.6, UNCLEAR))
                if second is not None and not _same_shape(as_read, second.as_read):
                    doubts.append(Doubt("reread_shape", 1.0, UNCLEAR))
                if second is not None and "." in second.as_read and "." not in parsed.as_read \
                        and second.as_read.replace(".", "") == as_read.replace(".", ""):
                    # The same digits with a point the first look did not read, nor the ink check
                    # place: a point lost (the 10x way). The segments decoding no point settle nothing when blur joins the
                    # point to a digit (1.0 kg read 10 at 90 under defocus on the fourth source,
                    # its enlarged second look reading 1.0).
                    doubts.append(Doubt("reread_point", 1.0, POINT))
        # A second recogniser that shares nothing with the model: the segments themselves.
        segments = layout.segment_reading(cleaned, box.bounds)
        if segments is None:
            # Lit told from unlit by the contrast within the display rather than one grey (issue
            # 36): blur, glare and dim backlights leave lit segments lighter than INK, and strong
            # ghosts darker. A decoding at another level that reads exactly the model's digits and
            # point is the second reading; one that reads anything else stays no reading at all.
            segments = next((s for s in layout.segments_at_other_levels(cleaned, box.bounds)
                             if s.text == parsed.as_read and not s.faint), None)
        if segments is not None and segments.faint:
            # Segments of very different inks decoded as lit: ghosts taken for ink, so their
            # decoding confirms nothing (8888 for 229.4 at 90 on the first source's wide seed 602).
            doubts.append(Doubt("faint_segments", 1.0, UNCLEAR))
            segments = None
        # A point-like mark in a gap between the digits that no reading took for a point
        # (blurred, glowing or grown into a digit): 3816 for 381.6 at 99.9, 493 for 49.3 at
        # 100 on wide seed 602. The point may be lost: a 10x error, so never accepted unseen.
        # Digits the decoder could not read are searched for one too: a point grown into its
        # neighbours is what stops the decoding (52 for 5.2 at 99 on wide seed 602).
        unread = layout.undecoded(cleaned, box.bounds) if segments is None and "." not in parsed.as_read else None
        if segments is None and (unread or layout.undecoded(cleaned, box.bounds)).segmented:
            # Segments or dots the decoder could not read: the model alone read them. On the third
            # source (bench/ai_third, seed 2) such readings accepted were wrong 7 times in 28 (a
            # digit lost at a display's edge, a second number), where printed digits, which no
            # decoder reads, were right alone on the first source (63 of 63 on seed 20261207).
            # Held at the end (HELD_AT_THE_END), so the looks after it are not taken for it: letting
            # them look for the segments held the same readings of seed 20261207 and took p95 per
            # photo from 1.64 to 3.03 s on one core (bench/HISTORY.md, 30 Nov 02:23-04:40).
            doubts.append(Doubt("segments_unread", 1.0, UNCLEAR))
        if segments is not None and segments.point_marks and "." not in parsed.as_read:
            doubts.append(Doubt("point_mark", 0.5, POINT))
        elif unread is not None and unread.point_marks:
            doubts.append(Doubt("unread_point_mark", 1.0, POINT))  # held at the end (HELD_AT_THE_END)
        elif unread is not None and unread.segmented and unread.lighter \
                and not _decoded_elsewhere(cleaned, box, parsed.as_read):
            # Segments or dots the decoder could not read, grey (blurred) so that only at a
            # lighter grey than the ink level were they seen at all, and the model saw no point:
            # no ink check looked at the gaps, so nothing independent of the model says there is
            # no point (3424 for 342.4 at 100, a blurred dot-matrix, wide seed 602). A point is
            # confirmed by two readings, or held. Digits dark enough for the ink level had their
            # gaps searched for a point mark above: none found is the second reading (dev seeds
            # 20261207 and 602: holding those too held 4 right integers and no wrong one).
            doubts.append(Doubt("point_unconfirmed", 1.0, POINT))  # held at the end
        decoded = segments is not None
        if segments is not None:
            agree_ = segments.text == parsed.as_read
            if agree_ or not segments.solid:
                # Digits each one stroke of ink (printed digits, or segments blurred together)
                # fill every zone: their decoding differing is no evidence (dev seeds: printed
                # 906 decoded as 806 or 888 held right readings at 40; no wrong one was held so).
                doubts.append(Doubt("segments_agree" if agree_ else "segments_differ", 1.0, UNCLEAR))
            box_w = box.bounds[2] - box.bounds[0]
            if agree_:
                # More segment digits just right of the box, before the label: the model and the
                # segments both read the same few (91 for 91.7 lb at 90 on an amber backlight,
                # bench/ai wide seed 501).
                x0, y0, x1, y1 = box.bounds
                wider = layout.segment_reading(cleaned, (x0, y0, min(cleaned.width, int(x1 + 1.5 * segments.band)), y1))
                if wider is not None and len(wider.text.replace(".", "")) > len(segments.text.replace(".", "")):
                    doubts.append(Doubt("narrow", NARROW_COST, HIDDEN))
            if box_w > NARROW_ROOM * segments.band and segments.span < NARROW * box_w:
                # Digits lit in only part of the box (glare over the rest): the segments read the
                # same ink as the model, so their agreement is no evidence of the hidden digits.
                doubts.append(Doubt("narrow", NARROW_COST, HIDDEN))
    if parsed.unit is None and not unit_known and units == {"kg"}:
        # No unit read with the number, and "kg" written elsewhere on the scale (a legend an arrow
        # points at, a capacity label, a kg/lb key): it weighs in kilograms too, so pounds are no
        # safe default (the fourth source, bench/ai_fourth, seed 2: 82.4 kg read as 82.4 lb at
        # 98.9 beside a "kg/lb" key, 2.090 kg as lb at 99.9 under "Max 5 kg"; the unit's own
        # small legend unread).
        doubts.append(Doubt("kg_elsewhere", 0.5, LABEL))
    if abs(box.angle) >= TILT_DEGREES:
        doubts.append(Doubt("angle", 1.0, ANGLE))
    codes = [d.code for d in doubts]
    # One digit read on a display: the rest of its digits may be lost to blur or glare, and the
    # segments decoding the same one digit settle nothing (8 for 28480 at 90 under motion blur,
    # the first source's wide seed 604: the other polarity read "8:" and "8"). The first source's
    # weights always show two or more digits; a scale showing one is rare enough to look at.
    if len(parsed.as_read.replace(".", "")) == 1:
        doubts.append(Doubt("one_digit", 0.5, HIDDEN))
        codes.append("one_digit")
    elif set(parsed.as_read.replace(".", "")) == {"8"}:
        # Every digit an 8: what cells of ghost segments look like, to the model and to the
        # segments alike (88888 for 1970 at 90 on the first source's wide seed 606, strong ghosts,
        # the other polarity reading 81970).
        doubts.append(Doubt("all_eights", 0.5, UNCLEAR))
        codes.append("all_eights")
    if first_look and box.score >= SURE_SCORE and [d.code for d in doubts if d.factor < 1] == ["reread"] \
            and not {"segments_differ", "reread_shape"} & set(codes) \
            and (cleaned is None or decoded) and abs(box.angle) < TILT_DEGREES:
        # Not when the segments read another number too (on the held-out seed 20261124 both
        # confident misreads, 11820 for 41820 and 436 for 4361, were re-read and segment-read
        # differently; on the tuned set no accepted reading had both).
        # Calibrated on the tuned set: a sure recogniser whose enlarged second look differs, with
        # nothing else in doubt, was right in every case (bench/README.md, reliability table).
        # Only on a level line whose segments the decoder read (agreeing or not solid): on a
        # tilted line the decoder reads nothing, and no second reader stands behind the model
        # (1304 kg for 130.4 kg at 84.7 on the first source's wide seed 604, a tilted green LED
        # with ghost points in every cell; the probe's 3733 for 373.3 at 82.7, bench/HISTORY.md).
        # The dev sets had 2 right readings accepted so, both on wide seed 604.
        doubts = [replace(d, factor=REREAD_ONLY) if d.code == "reread" else d for d in doubts]
    certainty = float(np.prod([d.factor for d in doubts])) if doubts else 1.0
    confidence = round(100 * box.score * certainty, 1)
    if "reread_shape" in codes:
        # Another number of digits or another point on a second look (1935 for 193.6 on seed
        # 20261201 at 84.9): not accepted on the model's word; only the segments reading exactly
        # the same digits and point confirm it (local_reader.confirmed).
        confidence = min(confidence, DISAGREEING_PASSES)
    if "segments_differ" in codes:
        # The segments reading another number: never accepted without a look. On dev seeds 9001
        # and 9002 three accepted readings had it and two were wrong (33116 for 3311 lb at 89.6,
        # 10368 for 10360 under glare at 98).
        confidence = min(confidence, DISAGREEING_PASSES)
        doubts.append(Doubt("segments_contradict", 1.0, READ_TWO_WAYS))
    if box.score < 0.9:
        doubts.append(Doubt("score", 1.0, UNCLEAR))
    look_around = partial(_units_around, colour if colour is not None else cleaned, box, parsed.as_read) \
        if cleaned is not None else None
    return WeightReading(LOCAL_OCR, parsed.value_lb, confidence, parsed.unit, raw,
                         reason=_words(doubts), doubts=tuple(d.code for d in doubts), digit_height=box.height,
                         look_around=look_around)


# The look around a number for its unit: the region from a third of the digits' height left of and
# above them to AROUND_RIGHT heights right of them and AROUND_BELOW heights below (legends printed
# under the window), enlarged until the digits stand AROUND_DIGITS pixels tall (at most AROUND_ZOOM
# times, and AROUND_SIDE pixels on its long side): a unit legend a fifth of the digits' height is
# then text the detector finds.
AROUND_RIGHT, AROUND_BELOW = 2.0, 1.6
AROUND_REACH = 4.0  # legend heights above a legend an arrow pointing at it may stand
AROUND_DIGITS, AROUND_ZOOM, AROUND_SIDE = 240, 3.0, images.OCR_LONG_SIDE
# Digits shorter than this (pixels, in the picture of at most images.OCR_LONG_SIDE the look read)
# hide their unit: accepted on the tuning sets, none of the first source's was (61 and taller),
# two of the third's and fourth's sets were right and three wrong (bench/HISTORY.md, 2 Dec).
UNIT_UNSEEN_BELOW = 40
# Words of a capacity label ("Max 60 kg d=0.02 kg"): not the reading's unit.
CAPACITY = re.compile(r"max|min|d\s*=|e\s*=", re.IGNORECASE)


@dataclass(frozen=True)
class Around:
    """The unit words found around the number, in the enlarged region's own picture."""
    as_read: str  # the number as the look read it
    units: frozenset[str]
    beside: frozenset[str]  # units written on the number's line, just right of it
    legends: tuple[TextBox, ...]  # words that are a unit alone ("kg", "lb")
    picture: Image.Image | None = None  # the region cleaned, where the legends are
    number: TextBox | None = None  # the number's box in it


def _units_around(picture: Image.Image, box: TextBox, as_read: str) -> Around:
    """The unit words around the number the look read (one detector pass over a small region)."""
    x0, y0, x1, y1 = box.bounds
    h = max(1, y1 - y0)
    region = (max(0, int(x0 - h / 3)), max(0, int(y0 - h / 3)),
              min(picture.width, int(x1 + AROUND_RIGHT * h)), min(picture.height, int(y1 + AROUND_BELOW * h)))
    crop = picture.crop(region)
    zoom = max(1.0, min(AROUND_ZOOM, AROUND_DIGITS / h, AROUND_SIDE / max(1, crop.width, crop.height)))
    if zoom > 1.0:
        crop = crop.resize((max(1, round(crop.width * zoom)), max(1, round(crop.height * zoom))), Image.BICUBIC)
    cleaned, _ = images.for_ocr(crop)
    number = TextBox(box.text, box.score, h * zoom, (round((x0 - region[0]) * zoom), round((y0 - region[1]) * zoom),
                                                     round((x1 - region[0]) * zoom), round((y1 - region[1]) * zoom)))
    _, ny0, nx1, ny1 = number.bounds
    units, beside, legends = set(), set(), []
    for b in recognise(cleaned):
        if CAPACITY.search(b.text):
            continue
        found = {u for word in re.split(r"[\s|/]+", b.text) if (u := unit_of(word))}
        if unit_of(b.text):
            legends.append(b)
        elif not found and (parsed := parse_weight(b.text)) is not None and parsed.unit is not None:
            found = {parsed.unit}  # the number read again with its unit ("82.4kg")
        units |= found
        bx0, by0, _, by1 = b.bounds
        if found and bx0 >= nx1 - 0.5 * (ny1 - ny0) and by1 > ny0 + 0.3 * (ny1 - ny0) and by0 < ny1:
            beside |= found
        elif found and bx0 < nx1 and by0 < ny1 and by1 > ny0 and parse_weight(b.text) is not None:
            beside |= found  # the number and its unit in one box
    return Around(as_read, frozenset(units), frozenset(beside), tuple(legends), cleaned, number)


def unit_scanned(reading: WeightReading) -> WeightReading:
    """A reading accepted with no unit read and no unit set for the location, checked for unit
    words around its number (_units_around): pounds are the default only where nothing says
    kilograms. A kg legend small beside the digits, or a triangle over "kg" printed under the
    window, is too small for the detector in the whole photo or the panel (the fourth source,
    bench/ai_fourth, seed 2: 7 kg displays accepted as pounds, 82.4 kg at 98.9, 12.94 kg at 100).

    kg alone on the number's line: kilograms, accepted. kg elsewhere only: kilograms, held (a
    legend under the window may be a key's). Both units: the one an arrow or a lit mark points at
    (_pointed_unit), else held with the number as read."""
    if not _accepted(reading) or reading.unit_detected is not None or reading.look_around is None:
        return reading
    if 0 < reading.digit_height < UNIT_UNSEEN_BELOW:
        # Digits this small leave a unit legend a few pixels tall, unread even enlarged: no unit
        # read says nothing (5.88 kg as 5.9 lb at 99.9 with digits 36 pixels tall, the fourth
        # source; 4.6 kg as lb at 99 and 14.80 for 1480 at 90, 30 and 26 pixels, the third).
        return _held(reading, "unit_unseen", LABEL)
    around = reading.look_around()
    if not isinstance(around, Around) or not around.units:
        return reading
    if around.units == {"lb"}:
        if "lb" in around.beside:
            return reading
        # "lb" printed away from the number's line (under the window) with no "kg" found: a row
        # of legends whose other one, or whose arrow, the detector missed (0.130 kg accepted as
        # 0.1 lb at 99.8 on the third source, "kg" and "lb" under a VFD's window, "lb" read only).
        return _held(reading, "unit_around", LABEL)
    as_pounds, as_kg = parse_weight(around.as_read, "lb"), parse_weight(around.as_read, "kg")
    if as_pounds is None or as_kg is None or as_pounds.value_lb != reading.weight_lb:
        # The reading is another look's number than the one looked around: not relabelled.
        return _held(reading, "unit_around", LABEL)
    unit = "kg" if around.units == {"kg"} else None
    if unit is None and around.picture is not None and around.number is not None:
        # The arrow stands in the window's edge, above the frame: further from the legend than
        # the marks _pointed_unit looks for beside a number read with its legends.
        unit = _pointed_unit(around.picture, around.number, list(around.legends), reach=AROUND_REACH)
    if unit == "lb":
        return replace(reading, unit_detected="lb", doubts=reading.doubts + ("unit_pointed",))
    if unit == "kg" and (around.units == {"kg"} and around.beside == {"kg"} or len(around.units) > 1):
        return replace(reading, weight_lb=as_kg.value_lb, unit_detected="kg", doubts=reading.doubts + ("unit_around",))
    if unit == "kg":
        return _held(replace(reading, weight_lb=as_kg.value_lb, unit_detected="kg"), "unit_around", LABEL)
    return _held(reading, "unit_around", LABEL)


def _held(reading: WeightReading, code: str, reason: str) -> WeightReading:
    return replace(reading, confidence=round(min(reading.confidence, DISAGREEING_PASSES), 1),
                   doubts=reading.doubts + (code,), reason=reason)


# An arrow's ink against the other legend's (an unlit arrow or none) for the legend it marks.
POINTED = 3.0


def _pointed_unit(cleaned: Image.Image, number: TextBox, legends: list[TextBox], reach: float = 2.0) -> str | None:
    """Which of a kg and an lb legend printed beside the display an arrow (or a lit mark) points
    at: the ink between each legend and the digits (above a legend below them, left of a legend
    right of them), lines running through the whole place (a window's frame) left out; one
    legend's ink POINTED times the other's, else None."""
    if len(legends) != 2 or {unit_of(b.text) for b in legends} != {"kg", "lb"}:
        return None
    gray = np.asarray(cleaned.convert("L")).astype(np.float32)
    ink = {}
    for legend in legends:
        x0, y0, x1, y1 = (int(v) for v in legend.bounds)
        lh = max(2, y1 - y0)
        if y0 >= number.bounds[3] - 0.2 * lh:
            place = gray[max(0, int(y0 - reach * lh)):max(0, y0 - lh // 8), max(0, x0):x1]
            lines = np.percentile(place, 80, axis=1, keepdims=True) if place.size else place
        elif x0 >= number.bounds[2] - 0.2 * lh:
            place = gray[max(0, y0):y1, max(0, int(x0 - reach * lh)):max(0, x0 - lh // 8)]
            lines = np.percentile(place, 80, axis=0, keepdims=True) if place.size else place
        else:
            return None
        if place.size == 0:
            return None
        ink[unit_of(legend.text)] = float(np.clip(lines - place, 0, None).sum()) / (lh * lh)
    (unit, most), (_, other) = sorted(ink.items(), key=lambda kv: -kv[1])
    return unit if most >= POINTED * max(other, 1.0) and most >= 8.0 else None


def _beside(word: TextBox, number: TextBox) -> bool:
    """A word on the number's line, just before or after it (where a second number's legend
    stands; annunciators above the weight are states, not legends)."""
    (wx0, wy0, wx1, wy1), (nx0, ny0, nx1, ny1) = word.bounds, number.bounds
    h = max(1, ny1 - ny0)
    return wy1 > ny0 - 0.3 * h and wy0 < ny1 + 0.3 * h and (nx0 - 3 * h <= wx1 <= nx0 + 0.2 * h
                                                            or nx1 - 0.2 * h <= wx0 <= nx1 + 3 * h)


# Digits with less than this share of the box's middle rows darker than INK are grey, not ink.
LIFT_INKED = 0.01
# Lifted only when the digits stand at least this far below the panel's grey (not a blank box).
LIFT_CONTRAST = 60


def _lifted(cleaned: Image.Image, box: TextBox) -> Image.Image:
    """The cleaned picture with its greys stretched so that the digits in the box are ink again,
    when they are grey: a dark frame or a shadow takes the cleaning's black, and its lift of mid
    greys (images.for_ocr, against ghosts) leaves lit segments lighter than INK. Then no ink check
    sees the digits, the point or the segments (1.16 read 116 at 94.4 on a backlit LCD half in
    shadow, the third source's seed 2: its tight box was the window's frame, its lit segments
    grey 122-133 on a panel of 236). The stretch is measured within the box's middle rows: the
    darkest digits to black, the panel to white; ghost segments stay light (224 for 223 here).
    The model's readings are not changed, only what the checks and the segment decoder see."""
    x0, y0, x1, y1 = box.bounds
    h = y1 - y0
    gray = layout.dark_ink(cleaned, box.bounds)
    middle = gray[max(0, int(y0 + 0.15 * h)):max(0, int(y1 - 0.15 * h)), max(0, x0):max(0, x1)]
    if middle.size == 0 or float((middle < layout.INK).mean()) >= LIFT_INKED:
        return cleaned
    dark, ground = float(np.percentile(middle, 2)), float(np.percentile(middle, 75))
    if ground - dark < LIFT_CONTRAST:
        return cleaned
    lifted = np.clip((gray.astype(np.float32) - dark) * (255.0 / (ground - dark)), 0, 255).astype(np.uint8)
    return Image.fromarray(lifted).convert("RGB")


def _tightened(cleaned: Image.Image, box: TextBox) -> TextBox:
    """The box cut down to the digits' ink when the detector's box holds much more than the
    digits (the whole panel with its frame): the ink checks measure everything against the box's
    height, and in a box four times the digits' height a point is a speck and the digits no line
    (1857 for 185.7 at 92.5 on the first source's wide seed 606, a glowing red LED whose box was
    the panel: no check of the point ran)."""
    x0, y0, x1, y1 = box.bounds
    if abs(box.angle) >= TILT_DEGREES:
        # A tilted line's ink spans more height than its digits: its box is the levelled look's to
        # fit (cut here, 1304 kg for 130.4 kg was re-read alike and accepted at 93.7, wide seed 604).
        return box
    gray = layout.dark_ink(cleaned, box.bounds)[max(0, y0):y1, max(0, x0):x1]
    if gray.size == 0:
        return box
    parts = [b for b in layout.blobs(gray) if b.area >= 12]
    tallest = max((b.height for b in parts), default=0)
    # Digits are the tall marks; their segments stand one above the other, so a column of them
    # is measured as one band from the top of the highest to the bottom of the lowest.
    tall = [b for b in parts if b.height >= 0.25 * tallest]
    if not tall:
        return box
    top, bottom = min(b.top for b in tall), max(b.bottom for b in tall)
    band = bottom - top
    if band <= 0 or band >= 0.5 * (y1 - y0):
        return box
    left, right = min(b.left for b in tall), max(b.right for b in tall)
    margin = int(0.2 * band)
    bounds = (x0 + max(0, left - margin), y0 + max(0, top - margin),
              min(x1, x0 + right + margin), min(y1, y0 + bottom + margin))
    return replace(box, bounds=bounds, height=float(bounds[3] - bounds[1]))


def _decoded_elsewhere(cleaned: Image.Image, box: TextBox, as_read: str) -> bool:
    """The segments, decoded with lit and unlit told apart at another grey, read exactly the
    model's digits, without a point and with no mark of one: blur, glare or ghost segments kept
    them from decoding at the usual level (37540 under blur on dev seed 20261207 and 39660 under a
    thumb on wide seed 602, right and read by the model alone, were held without it by a first,
    wider version of the hold)."""
    return any(s.text == as_read and not s.faint and not s.point_marks
               for s in layout.segments_at_other_levels(cleaned, box.bounds))


def _same_shape(first: str, second: str) -> bool:
    """The same number of digits with the point in the same place, and at most one digit
    read otherwise: what an enlarged re-read of the same digits may differ by."""
    a, b = first.replace(".", ""), second.replace(".", "")
    # The enlarged crop often loses the small point: a point the re-read lost is no other shape
    # (dev seed 9002: "16.3" re-read "153" held back a right 16.3 kg at 89.8). A point the re-read
    # found where the first look had none is (the 10x way).
    same_point = _decimals(first) == _decimals(second) or "." not in second
    return len(a) == len(b) and same_point and sum(x != y for x, y in zip(a, b)) <= 1


def joined(boxes: list[TextBox]) -> list[TextBox]:
    """A box that starts with a decimal point just right of a box of bare digits on the same
    line is that number's fraction: the detector split "383.4" as "383 | .4" (seed 20261201,
    383.0 accepted at 100)."""
    out = list(boxes)
    for frac in boxes:
        text = frac.text.strip()
        if not (text[:1] in ".," and text[1:2].isdigit()):
            continue
        fx0, fy0, _, fy1 = frac.bounds
        near = [b for b in out if b is not frac and b.text.strip().isdigit() and b.bounds[0] < fx0
                and fx0 - b.height <= b.bounds[2] <= fx0 + 0.5 * b.height
                and b.bounds[1] - 0.3 * b.height <= (fy0 + fy1) / 2 <= b.bounds[3] + 0.3 * b.height]
        if not near:
            continue
        whole = max(near, key=lambda b: b.bounds[2])
        (x0, y0, x1, y1), (_, b0, a1, b1) = whole.bounds, frac.bounds
        merged = TextBox(whole.text.strip() + text, min(whole.score, frac.score), float(max(y1, b1) - min(y0, b0)),
                         (x0, min(y0, b0), max(x1, a1), max(y1, b1)), whole.angle)
        out = [merged if b is whole else b for b in out if b is not frac]
    return out


def _words(doubts: list[Doubt]) -> str | None:
    """The first doubt that costs confidence, else the first one noted; digits that may be
    hidden first (their agreement could not confirm the reading)."""
    costly = [d for d in doubts if d.code == "narrow"] or [d for d in doubts if d.factor < 1]
    # The holds applied at the end say their own words there (_held_at_the_end).
    return (costly or [d for d in doubts if d.code not in HELD_AT_THE_END] or doubts)[0].words if doubts else None


def _check_surroundings(cleaned: Image.Image, box: TextBox, boxes: list[TextBox], parsed, doubts: list[Doubt],
                        colour: Image.Image | None = None, unit_known: bool = False):
    """Decimal point, unit label and leading digits the recogniser may have lost (layout.py)."""
    # A label read in its own box: digits between it and the number may have been skipped.
    own_unit = parse_weight(box.text)
    labels = [b.bounds[0] for b in boxes if unit_of(b.text) and b.bounds[0] > box.bounds[0]]
    label_left = min(labels) if labels and (own_unit is None or own_unit.unit is None) else None
    around = layout.survey(cleaned, box.bounds, len(parsed.as_read.replace(".", "")), label_left)
    found_after = around.digits_after_point
    if found_after is not None and found_after != _decimals(parsed.as_read):
        digits = parsed.as_read.replace(".", "")
        # A round point on the baseline the recogniser did not return: place it where it is
        # seen, and leave the answer for the operator to confirm.
        if "." not in parsed.as_read and 0 < found_after < len(digits):
            placed = parse_weight(digits[:-found_after] + "." + digits[-found_after:], parsed.unit)
            if placed is not None:
                parsed = placed
                doubts.append(Doubt("point_placed", 1.0, POINT))  # confirmed() may settle this one
        doubts.append(Doubt("point", 0.5, POINT))
    if around.ink_right is not None and parsed.unit is None:
        label = _read_label(cleaned, around.ink_right)
        if label is not None:
            relabelled = parse_weight(parsed.as_read, label)
            if relabelled is not None:
                parsed = relabelled
        else:
            doubts.append(Doubt("label", 0.5, LABEL))  # something is written there (kg?) and we cannot tell what
    if parsed.unit is None and not unit_known and colour is not None and "label" not in {d.code for d in doubts} \
            and _label_place_covered(colour, box, around):
        # No label read, and a finger where one would stand: no label is not "lb" here.
        doubts.append(Doubt("unit_hidden", 0.5, UNIT_HIDDEN))
    if around.ink_after:
        doubts.append(Doubt("skipped", 0.5, SKIPPED))  # a digit between the number and its label was not read
    if around.digit_marks is not None and around.digit_marks < len(parsed.as_read.replace(".", "")) - 1:
        # Two or more digits read beyond the digit-tall marks in the box: small letters ("lb"
        # read as "10"). One short is common and harmless (a thin 1 joined to its neighbour):
        # on the tuned set counting that too left 25 readings unaccepted, nearly all of them right.
        doubts.append(Doubt("extra_digits", 0.5, EXTRA))
    if around.ink_left:
        doubts.append(Doubt("leading", 0.5, LEADING))  # a digit-sized mark just before the number
    return parsed, around


def _label_place_covered(colour: Image.Image, box: TextBox, around: layout.Surroundings) -> bool:
    """Skin right of the digits, where a unit label stands (about half the digits' height, within
    one digit height of the last digit; a finger over it may reach the last digit). The detector's
    box may run over the finger, so the place is measured from the digits' own ink."""
    x0, y0, x1, y1 = box.bounds
    right, top, bottom = around.digits_line or (x1, y0, y1)
    h = max(1, bottom - top)
    # The label stands on the digits' baseline, about 0.4 of their height tall.
    region = (int(right - 0.1 * h), int(top + 0.4 * h), int(right + 1.3 * h), int(bottom + 0.15 * h))
    if layout.skin_share(colour, region) < HIDDEN_LABEL_SKIN:
        return False
    # The same place left of the digits as skin coloured: the colour is the panel's or the
    # housing's own under warm light (a grey LCD, maroon unlit LED dots, a wooden wall), not a
    # finger (the third source: 4 of 60 unit-hidden displays held so, none with a finger there).
    before = (int(x0 - 1.4 * h), region[1], int(x0 + 0.1 * h), region[3])
    return layout.skin_share(colour, before) < HIDDEN_LABEL_SKIN


def plate_from_boxes(boxes: list[TextBox]) -> PlateReading:
    raw = " ".join(b.text for b in boxes)
    candidates = [(b, p) for b in boxes if (p := plate_in_text(b.text))]
    if not candidates:
        return PlateReading(LOCAL_OCR, None, raw, 0.0, "no plate-like text found")
    # The registration is the tallest text; a mix of letters and digits is the usual US format.
    box, plate = max(candidates, key=lambda c: (c[0].height, any(ch.isdigit() for ch in c[1])))
    return PlateReading(LOCAL_OCR, plate, box.text, round(100 * box.score, 1))


def read_weight_sync(img: Image.Image, unit_known: bool = False) -> WeightReading:
    """unit_known: the location's scale display unit is set, so a hidden label is no doubt (and no
    look around the number for a unit is taken: the setting says what a hidden unit is, and a
    unit the looks read still wins, api/ai/service.with_display_unit)."""
    reading = _read_weight(img, unit_known)
    # The answer does not keep the pictures the look around would need.
    return replace(reading if unit_known else unit_scanned(reading), look_around=None)


def _read_weight(img: Image.Image, unit_known: bool) -> WeightReading:
    panels = display.find_panels(img)
    # Segments joined for the model in the last look only (the panel's, when there is one): a
    # look more is a detector pass or two (joined in every look, 6 photos of wide seed 604 that
    # the panel's look read right took a pass more, and 7 of wide seed 610).
    whole = _first_look(images.shrunk(img), unit_known)
    if not panels:
        return _explained(_settled(_later_looks(whole, unit_known, join=True)))
    view = display.straightened(img, panels[0])
    # A dot-matrix display too small to show its dots in the whole photo: the model's reading of
    # it alone (2245 for 224.5 at 100) is not one to accept.
    prepared = None
    if "dots_agree" not in whole.reading.doubts:
        # Cleaned once: the panel's look below starts from the same picture and the same dots.
        cleaned_view, inverted = images.for_ocr(view)
        prepared = (cleaned_view, inverted, dots.find_dots(np.asarray(cleaned_view.convert("L"))))
    dotted = prepared is not None and prepared[2] is not None
    # The display found and cut from the photo as taken, straightened (issue 36): a small or
    # tilted display read like a large straight one. Its reading stands on its own checks
    # (segments, dots or both polarities agreeing); a look at the whole photo that read
    # another number with some confidence leaves it unaccepted.
    # The panel is looked at before the whole photo's other looks (the other polarity, without
    # ghosts): a panel that stands needs none of them, and each is a detector pass over the whole
    # photo (a quarter of a second on one core; bench/README.md, latency).
    if whole.done:
        reading = _later_looks(whole, unit_known, join=False)
        if _accepted(reading) and not dotted:
            return _explained(_settled(reading))
        reading = _with_panel(reading, _look(view, unit_known, prepared))
    else:
        panel = _look(view, unit_known, prepared)
        if _accepted(_settled(panel)) and (not dotted or "dots_agree" in panel.doubts):
            reading = _with_panel(whole.reading, panel)
        else:
            reading = _later_looks(whole, unit_known, join=False)
            if dotted or not _accepted(reading):
                reading = _with_panel(reading, panel)
    if dotted and "dots_agree" not in reading.doubts:
        # Dots the model read alone: it drops their points (2927 for 292.7 at 100).
        reading = replace(reading, confidence=round(min(reading.confidence, DISAGREEING_PASSES), 1),
                          doubts=reading.doubts + ("dots_unread",), reason=reading.reason or UNCLEAR)
    return _explained(_settled(reading))


def _settled(reading: WeightReading) -> WeightReading:
    """The holds applied once every look is done: a point or digits nothing but the model read
    (_held_at_the_end), and the model alone below SEGMENTS_AGREE (_model_alone)."""
    return _model_alone(_held_at_the_end(reading))


def _held_at_the_end(reading: WeightReading) -> WeightReading:
    """The holds on a point nothing but the model read (HELD_AT_THE_END), unless the dots, which
    see a point as a dot of their own, read the same number."""
    codes = set(reading.doubts)
    if {"segments_agree", "confirmed"} & codes:
        codes.discard("segments_unread")  # another look's segments read the same number
    if not reading.found or "dots_agree" in codes or not codes & HELD_AT_THE_END.keys():
        return reading
    held = sorted(codes & HELD_AT_THE_END.keys())
    factor = float(np.prod([HELD_AT_THE_END[c] for c in held]))
    return replace(reading, confidence=round(reading.confidence * factor, 1),
                   reason=reading.reason or (UNCLEAR if held == ["segments_unread"] else POINT))


# What a second reader confirms: the segments or the dots reading the same number.
SECOND_READER = frozenset({"segments_agree", "dots_agree", "confirmed"})


def _model_alone(reading: WeightReading) -> WeightReading:
    """A reading nothing but the model read (no segments or dots agreeing) is accepted at
    SEGMENTS_AGREE or more only. Below that, on the dev sets of the first, third and fourth
    sources, such accepted readings were right 4 times in 7 (8.4 kg as 8.4 lb at 87.6 and 184 for
    1.84 at 82.5 on 14-segment digits no decoder reads, the fourth source's seed 2; 18 for 0.2 at
    82.9 on the third source's seed 2); at 90 or more, right 64 times in 64 (printed digits on the
    first source's seed 20261207, one on wide seed 605)."""
    codes = set(reading.doubts)
    if not _accepted(reading) or codes & SECOND_READER or reading.confidence >= SEGMENTS_AGREE:
        return reading
    return replace(reading, confidence=round(min(reading.confidence, DISAGREEING_PASSES), 1),
                   doubts=reading.doubts + ("model_alone",), reason=reading.reason or UNCLEAR)


def _accepted(reading: WeightReading) -> bool:
    return reading.found and reading.confidence >= DEFAULT_ACCEPT_CONFIDENCE


def _with_panel(whole: WeightReading, panel: WeightReading) -> WeightReading:
    """The look at the whole photo and the look at the straightened panel."""
    if not panel.found:
        return whole
    if whole.found and whole.weight_lb != panel.weight_lb \
            and (whole.confidence >= WEAK or "joined" in panel.doubts and _point_lost(whole, panel)):
        # The panel's segments read joined may have lost a point the whole photo's look read, at
        # any confidence (2484 for 248.4 at 100 on wide seed 610: the look as taken read 248.4).
        return replace(panel, confidence=round(min(panel.confidence, DISAGREEING_PASSES), 1),
                       doubts=panel.doubts + ("panel_disagrees",) + point_disputed(panel, whole),
                       reason=panel.reason or READ_TWO_WAYS)
    unseen = [d for d in ("point_mark", "faint_segments", "point_disputed") if d in whole.doubts
              and d not in panel.doubts]
    if unseen and whole.found and whole.weight_lb == panel.weight_lb and "." not in str(panel.raw_text):
        # The whole photo showed a point-like mark the reading has no point for, or ghost segments
        # decoded as lit, and the panel's look read the same digits without seeing it (its
        # straightening blurs a small point into a digit: 3816 for 381.6 at 95.9, wide seed 602).
        # Or the whole photo's two polarities read the point two ways, and the panel's look took
        # one of them (775 for 77.5 at 90 on wide seed 606).
        return replace(panel, confidence=round(min(panel.confidence, DISAGREEING_PASSES), 1),
                       doubts=panel.doubts + ("panel",) + tuple(unseen), reason=POINT)
    shown = [d for d in sorted(DISPLAY_DOUBTS) if d in whole.doubts and d not in panel.doubts]
    if shown and whole.found and whole.weight_lb == panel.weight_lb:
        # The same number, and the whole photo showed a second number, taller digits or both
        # units beside it that the panel's crop left out or lost.
        return replace(panel, confidence=round(min(panel.confidence, DISAGREEING_PASSES), 1),
                       doubts=panel.doubts + ("panel",) + tuple(shown), reason=whole.reason or TWO_NUMBERS)
    if _accepted(panel) or not whole.found or panel.confidence > whole.confidence:
        return replace(panel, doubts=panel.doubts + ("panel",))
    return whole


@dataclass(frozen=True)
class _FirstLook:
    """The first look at a picture and what the later looks start from."""
    reading: WeightReading
    colour: Image.Image
    cleaned: Image.Image
    inverted: bool
    tilt: Tilt | None
    dotted: bool  # a dot-matrix display: its reading is the model's and the dots' together
    done: bool  # a dot-matrix display, or a reading the segments already confirm


def _look(colour: Image.Image, unit_known: bool,
          prepared: tuple[Image.Image, bool, dots.Dots | None] | None = None, join: bool = True) -> WeightReading:
    """One picture (at most OCR_LONG_SIDE): the likely polarity, levelled when tilted, the other
    polarity when that is not accepted, and a look without ghost segments.

    prepared: images.for_ocr(colour) and the dots found in it, when already computed.
    join: segments that do not touch are joined for the model when nothing else was accepted."""
    return _later_looks(_first_look(colour, unit_known, prepared), unit_known, join)


def _first_look(colour: Image.Image, unit_known: bool,
                prepared: tuple[Image.Image, bool, dots.Dots | None] | None = None) -> _FirstLook:
    """The dots, or the likely polarity levelled when tilted."""
    if prepared is None:
        cleaned, inverted = images.for_ocr(colour)
        found = dots.find_dots(np.asarray(cleaned.convert("L")))
    else:
        cleaned, inverted, found = prepared
    dotted = _dot_matrix(cleaned, colour, unit_known, found)
    if dotted is not None:
        # A dot-matrix display: the model's reading counts only with the dots'.
        return _FirstLook(dotted, colour, cleaned, inverted, None, dotted=True, done=True)
    reading, tilt = _read_levelled(cleaned, colour, unit_known)
    # A reading the segments already confirm needs no other polarity (a whole detection).
    return _FirstLook(reading, colour, cleaned, inverted, tilt, dotted=False, done=_accepted(confirmed(reading)))


def _later_looks(first: _FirstLook, unit_known: bool, join: bool) -> WeightReading:
    """The other polarity and the look without ghost segments, when the first is not accepted."""
    if first.done:
        return first.reading if first.dotted else confirmed(first.reading)
    colour, cleaned, tilt = first.colour, first.cleaned, first.tilt
    # The centre may have misled the polarity guess (a display off-centre): try the other one.
    other = images.for_ocr(colour, invert=not first.inverted)[0]
    other_colour = colour
    if tilt is not None:
        other, other_colour = level(other, tilt), level(colour, tilt)
    reading = combine(first.reading, _read(other, recognise(other), first_look=False, colour=other_colour,
                                           unit_known=unit_known))
    reading = confirmed(reading)
    if not _accepted(reading):
        # Ghost segments: the model reads unlit segments as ink where the segment decoder does
        # not. A look at the picture without them counts only when the segments read exactly the
        # same number (and every other guard passes).
        washed = layout.without_ghosts(cleaned)
        bare = confirmed(_read_levelled(washed, colour, unit_known)[0])
        if join and not _accepted(bare):
            # Segments that do not touch (square ends) the model takes for marks of their own:
            # it reads them joined (layout.bridged), the checks still see them as they are.
            joined = confirmed(_read_levelled(washed, colour, unit_known, shown=layout.bridged(washed))[0])
            if _joined_counts(joined, bare, reading):
                bare = replace(joined, doubts=joined.doubts + ("joined",))
        # Not digits found only beside a label (glare over the rest): 1.2 for 391.2 lb at 90 on the
        # first source's seed 20261207, the segments reading the same two digits left in view.
        # Nor one that lost the point the look with ghosts read (point_disputed).
        # Nor when the look with the ghosts saw a second number, taller digits or both units: the
        # washed picture loses faint words and legends (827 pieces at 100 for 1.90 lb, the third
        # source's shadow-052).
        if _accepted(bare) and "segments_agree" in bare.doubts and "beside_label" not in bare.doubts \
                and _ghosts_only_lead(reading, bare) and not point_disputed(bare, reading) \
                and not DISPLAY_DOUBTS & set(reading.doubts):
            reading = replace(bare, doubts=bare.doubts + ("ghosts_removed",))
    return reading


def _joined_counts(joined: WeightReading, washed: WeightReading, seen: WeightReading) -> bool:
    """The look at the joined segments stands only when the model was sure of the shapes it was
    given, and lost no unit the look at them as they are read (wide seed 604: 1499 for 149.9 at
    90 with the model unsure, a point glowing into its digit; 197.9 kg taken for lb at 91, its
    small "kg" legend blotted by the joining), nor a point the look with the ghosts read among
    the same digits: a point lighter than the ink level is seen by neither the joined look nor
    the segments (2484 for 248.4 at 100 on wide seed 610, where the whole photo's look read the
    point: _with_panel)."""
    return _accepted(joined) and "score" not in joined.doubts \
        and washed.unit_detected in (None, joined.unit_detected or "lb") \
        and not _point_lost(seen, joined)


def _point_lost(seen: WeightReading, joined: WeightReading) -> bool:
    """Another look read a point among the digits the joined look read without one."""
    mine = _number_read(joined)
    return "." not in mine and "." in _last_digits(_number_read(seen), mine)


def _last_digits(number: str, other: str) -> str:
    """The end of number holding as many digits as other, a point between them kept (trailing
    and leading points left out: blank cells show a ghost point each)."""
    want, kept, tail = len(other.replace(".", "")), 0, ""
    for ch in reversed(number.rstrip(".")):
        if ch.isdigit():
            if kept == want:
                break
            kept += 1
        tail = ch + tail
    return tail.lstrip(".")


def _ghosts_only_lead(seen: WeightReading, bare: WeightReading) -> bool:
    """The look without ghosts may drop digits only at the front (blank cells read as 8s): one
    that loses a digit inside the number lost a lit digit under glare (1680 for 17680 at 90 on
    the first source's seed 20261207, the first look read 17680 and its segments were uneven)."""
    mine, theirs = _digits_read(seen), _digits_read(bare)
    # Only 8s dropped: what a blank cell's ghosts read as (53 for 3653 at 100 under glare on the
    # first source's seed 20261227, the look with ghosts reading 3653 and the segments of the
    # washed look decoding the two digits the glare left).
    dropped = mine[:len(mine) - len(theirs)]
    return not seen.found or len(theirs) >= len(mine) or mine.endswith(theirs) and set(dropped) <= {"8"}


def _dot_matrix(cleaned: Image.Image, colour: Image.Image, unit_known: bool,
                found: dots.Dots | None) -> WeightReading | None:
    """A dot-matrix display: the model reads the dots joined into strokes, and the dots decoded
    on their own must give the same number for the reading to count (api/ai/dots.py).
    found: dots.find_dots of the cleaned picture."""
    if found is None:
        return None
    strokes = dots.joined(cleaned, found)
    reading = _read(strokes, recognise(strokes), colour=colour, unit_known=unit_known)
    if not reading.found:
        return None
    decoded = dots.decode(found)
    by_dots = parse_weight(decoded, reading.unit_detected) if decoded else None
    numbers = re.findall(r"\d[\d.]*", reading.raw_text)
    as_read = max(numbers, key=len) if numbers else ""
    # The model's strokes without a point, the ink check placing one between them, and the dots
    # decoding their own point in the same place: the point is read twice, by two methods, as the
    # digits are (the model and the dots). On the first source's wide seeds 605 and 606 the ink
    # check alone was right 2 times of 4 and the dots alone 3 of 4; together 3 of 3.
    placed_alike = "point_placed" in reading.doubts and by_dots is not None and "." in decoded \
        and by_dots.value_lb == reading.weight_lb and decoded.replace(".", "") == as_read.replace(".", "")
    if by_dots is not None and decoded.replace(".", "") == as_read.replace(".", "") and decoded != as_read \
            and not placed_alike:
        # The same digits, the point elsewhere (the model misses a point of dots): the dots'
        # number, for a look.
        return replace(reading, weight_lb=by_dots.value_lb, confidence=min(reading.confidence, DISAGREEING_PASSES),
                       doubts=reading.doubts + ("dots_point",), reason=POINT)
    # The ink checks see a point in dots grown together where there is none (15560 as 15.56): the
    # dots decide the point, and the model's own text must match them exactly.
    # The dots see a point as a dot of their own: decoded the same as the model's text, they settle
    # a point mark the ink between the joined strokes showed (dev wide seed 602: 17720 at 100).
    # A point the ink check placed where the dots decode none is a dispute the dots do not settle
    # alone: their decoder misses a point grown into a digit's dots too (1044 for 104.4 at 90 on
    # the first source's wide seed 606; holding it held 2 right integers of wide seeds 605 and 606).
    disputed = "point_placed" in reading.doubts and decoded is not None and "." not in decoded
    if by_dots is None or (decoded != as_read and not placed_alike) or disputed \
            or set(reading.doubts) & (UNSETTLED - {"point", "point_mark"}):
        return replace(reading, confidence=round(min(reading.confidence, DISAGREEING_PASSES), 1),
                       doubts=reading.doubts + ("dots_differ",), reason=reading.reason or READ_TWO_WAYS)
    return replace(reading, weight_lb=by_dots.value_lb, confidence=max(reading.confidence, SEGMENTS_AGREE),
                   doubts=reading.doubts + ("dots_agree",))


def confirmed(reading: WeightReading) -> WeightReading:
    """A weight the segments read exactly as the model did (digits and point), with no doubt the
    segments cannot settle (unit, a digit or point outside the box, two numbers), is accepted:
    two recognisers that share nothing rarely make the same mistake. Calibrated on the tuned set
    (bench/README.md, "Issue 19", reliability table)."""
    codes = set(reading.doubts)
    if "point_placed" in codes:
        # The point the model dropped, placed by the ink check where the segments read it too
        # (their digits and point identical): dev seeds 20261205, 9001, 9002 and 1123 held 22
        # such readings at 50, every one right. A point the model read elsewhere stays unsettled.
        codes.discard("point")
    if not reading.found or reading.confidence >= SEGMENTS_AGREE or "segments_agree" not in codes \
            or "segments_differ" in codes or codes & UNSETTLED or codes & VETOES:
        return reading
    return replace(reading, confidence=SEGMENTS_AGREE, doubts=reading.doubts + ("confirmed",))


def _read(cleaned: Image.Image, boxes: list[TextBox], *, first_look: bool = True,
          colour: Image.Image | None = None, unit_known: bool = False) -> WeightReading:
    first = weight_from_boxes(boxes, cleaned, first_look=first_look, colour=colour, unit_known=unit_known)
    if not first.found:
        first = _beside_label(cleaned, boxes) or first
    return first


def _read_levelled(cleaned: Image.Image, colour: Image.Image | None = None,
                   unit_known: bool = False, shown: Image.Image | None = None) -> tuple[WeightReading, Tilt | None]:
    """Read the picture; a number line at an angle is turned level and read again (both count).
    shown: what the detector gets instead of cleaned (the same geometry; the checks see cleaned)."""
    boxes = recognise(shown if shown is not None else cleaned)
    first = _read(cleaned, boxes, colour=colour, unit_known=unit_known)
    tilt = tilt_of(cleaned, boxes)
    if tilt is None:
        return first, None
    levelled = level(cleaned, tilt)
    second = _read(levelled, recognise(level(shown, tilt) if shown is not None else levelled),
                   colour=level(colour, tilt) if colour is not None else None, unit_known=unit_known)
    return agree(second, first), tilt


@dataclass(frozen=True)
class Tilt:
    angle: float  # degrees to turn the picture (counter-clockwise) for a level text line
    centre: tuple[float, float]  # of the display's text, in the picture as taken
    half_size: tuple[float, float]  # half the width and height of the level crop to read


def tilt_of(cleaned: Image.Image, boxes: list[TextBox]) -> Tilt | None:
    """The angle of the display's text line and where it is, when the detector saw it tilted.

    The detector's quads only say that the line is tilted (a short label's quad can be 10
    degrees off); the angle is measured on the ink (layout.ink_tilt).
    """
    if not boxes or max(abs(b.angle) for b in boxes) < TILT_DEGREES:
        return None
    numbers = [b for b in boxes if parse_weight(b.text) and not unit_of(b.text)]
    main = max(numbers or boxes, key=lambda b: b.height)
    x0, y0, x1, y1 = main.bounds
    bw, bh = x1 - x0, y1 - y0
    # The digits of a lone label lie to its left: look there too.
    left = x0 - (5 * bh if not numbers else bh // 2)
    region = (max(0, left), max(0, y0 - bh // 2), min(cleaned.width, x1 + bh // 2), min(cleaned.height, y1 + bh // 2))
    angle = layout.ink_tilt(cleaned, region)
    if abs(angle) < TILT_DEGREES / 2:
        return None
    # The tilted box's bounds hold a line of length L and height H: W = L cos + H sin, B = L sin + H cos.
    c, s = np.cos(np.radians(abs(angle))), np.sin(np.radians(abs(angle)))
    height = max(8.0, (bh * c - bw * s) / (c * c - s * s))
    length = max(height, (bw * c - bh * s) / (c * c - s * s))
    centre = ((x0 + x1) / 2, (y0 + y1) / 2)
    if not numbers:  # a label (its box about half the digits' height) right of the digits
        height *= 2
        length = 6 * height
        # Along the line, leftwards: the line falls to the right for a positive angle.
        direction = np.array([np.cos(np.radians(angle)), np.sin(np.radians(angle))])
        centre = tuple(np.array(centre) - direction * 2.5 * height)
    # Never more pixels than the picture as taken: the detector's time grows with them.
    return Tilt(angle, centre, (min(length / 2 + height, cleaned.width / 2), min(1.3 * height, cleaned.height / 2)))


def level(cleaned: Image.Image, tilt: Tilt) -> Image.Image:
    """The display's text turned level and cut out with room around it (white where nothing was).

    A crop, not the whole picture: the detector's time grows with the pixels it looks at.
    """
    (cx, cy), (half_w, half_h) = tilt.centre, tilt.half_size
    matrix = cv2.getRotationMatrix2D((cx, cy), tilt.angle, 1.0)
    matrix[0, 2] += half_w - cx
    matrix[1, 2] += half_h - cy
    turned = cv2.warpAffine(np.asarray(cleaned), matrix, (int(2 * half_w), int(2 * half_h)), flags=cv2.INTER_LINEAR,
                            borderMode=cv2.BORDER_CONSTANT, borderValue=(255, 255, 255))
    return Image.fromarray(turned)


def _number_read(reading: WeightReading) -> str:
    """The longest number in what the model read, with its point."""
    numbers = re.findall(r"\d[\d.]*", reading.raw_text)
    return max(numbers, key=len) if numbers else ""


def _digits_read(reading: WeightReading) -> str:
    """The longest run of digits in what the model read (its point left out)."""
    numbers = re.findall(r"\d[\d.]*", reading.raw_text)
    return max(numbers, key=len).replace(".", "") if numbers else ""


def point_disputed(one: WeightReading, other: WeightReading) -> tuple[str, ...]:
    """Two looks that read the same digits with the point in two places (or one without it): the
    point is the 10x question, and neither look's checks settle it (the first source's wide seed
    606: 775 at 99.9 with its segments agreeing, the other polarity 77.5; wide seed 605: the look
    without ghosts read 2892, the look with them 289.2)."""
    # A point before or after every digit is no point position ("1518." and "1518", wide seed 604).
    mine, theirs = _number_read(one).strip("."), _number_read(other).strip(".")
    same_digits = mine and mine.replace(".", "") == theirs.replace(".", "")
    # A point the ink check placed counts as read: the same text, two weights in one unit (77.5
    # placed in "775" against 775 with the segments agreeing, wide seed 606).
    placed = one.weight_lb != other.weight_lb and one.unit_detected == other.unit_detected
    return ("point_disputed",) if one.found and other.found and same_digits and (mine != theirs or placed) else ()


def more_digits(best: WeightReading, rest: WeightReading) -> tuple[str, ...]:
    """The other look read the same first digits and more after them: the digits the segments
    confirm may be the few left in view (74 for 74.8 at 90 on wide seed 602, the levelled look
    reading 74.8), so the segments' agreement settles nothing."""
    mine, theirs = _digits_read(best), _digits_read(rest)
    return ("larger_other",) if mine and len(theirs) > len(mine) and theirs.startswith(mine) else ()


def agree(lead: WeightReading, other: WeightReading) -> WeightReading:
    """Two looks at the same display (levelled and as taken): agreement keeps the surer one."""
    if lead.found and other.found and lead.weight_lb != other.weight_lb:
        lead = _with_unit_of(lead, other)
        return replace(lead, confidence=round(min(lead.confidence, DISAGREEING_PASSES), 1),
                       doubts=lead.doubts + ("looks_disagree",) + more_digits(lead, other) + point_disputed(lead, other),
                       reason=lead.reason or READ_TWO_WAYS)
    if not lead.found:
        return other
    if other.found:
        held = _still_doubted(lead, other)
        if held is not None:
            return held
    if other.found and other.confidence > lead.confidence:
        return replace(lead, confidence=other.confidence)
    return lead


def _with_unit_of(lead: WeightReading, other: WeightReading) -> WeightReading:
    """A look that read no unit, beside one that read a label: the levelled crop may leave the
    label out (477 for 477 kg, confirmed by the segments at 90, on the first source's seed
    20261213; the look as taken read "4 | kg"). The label's unit is taken, and the unit is no
    longer settled by the segments (UNSETTLED)."""
    if lead.unit_detected is not None or other.unit_detected is None:
        return lead
    relabelled = parse_weight(_number_read(lead), other.unit_detected)
    weight = relabelled.value_lb if relabelled is not None else lead.weight_lb
    return replace(lead, weight_lb=weight, unit_detected=other.unit_detected,
                   doubts=lead.doubts + ("unit_elsewhere",), reason=lead.reason or LABEL)


# What one look found against a number that another look reading the same number does not
# settle: a unit label it saw and could not read (or a finger over the place of one), or two
# other looks that read the number two ways. The other look reading the same digits is the same
# model on nearly the same picture; its not seeing a unit or the other reading is no evidence
# against them (2132 for 213.2 kg at 92 on wide seed 602: one polarity saw the unread "kg", the
# other took it into its box and read the digits alone; 74 for 74.8 at 100: the levelled crop cut
# the ".8" off, the look as taken read 74.8, and the other polarity's levelled crop, cut the same
# way, lifted 74 back to 100). Doubts from the ink checks (a point, digit marks, ghost segments)
# are not carried: each look measures its own picture (a tilted line, the other polarity's
# cleaning), and on dev seeds 20261130 and 20261207 the look whose checks passed was right.
KEPT_DOUBTS = frozenset({"label", "unit_hidden", "looks_disagree", "polarities_disagree", "larger_other",
                         "panel_disagrees", "taller_text", "taller_other", "other_quantity", "units_both",
                         "kg_elsewhere"})
# Between the two polarities of one picture (the same geometry, cleaned two ways), a point-like
# mark one of them shows is kept too: a lost point is a 10x error (52 for 5.2 at 98: the mark
# showed in one polarity only), and so is no point that nothing but the model read, unless the
# other look's segments or dots read the same digits.
KEPT_BETWEEN_POLARITIES = KEPT_DOUBTS | {"point_mark", "unread_point_mark", "point_unconfirmed"}


def _still_doubted(one: WeightReading, other: WeightReading,
                   kept: frozenset[str] = KEPT_DOUBTS) -> WeightReading | None:
    """Two looks that read the same weight: the surer one, held at the doubted one's confidence
    when either carries a doubt (of kept) the other cannot settle; None when neither does."""
    best = max(one, other, key=lambda r: r.confidence)
    doubted = [r for r in (one, other) if _kept(r, best, kept)]
    if not doubted:
        return None
    worst = min(doubted, key=lambda r: r.confidence)
    if worst.confidence >= best.confidence:
        return None
    carried = tuple(d for d in worst.doubts if d not in best.doubts)
    return replace(best, confidence=worst.confidence, doubts=best.doubts + carried + ("doubt_kept",),
                   reason=worst.reason or best.reason or UNCLEAR)


def _kept(reading: WeightReading, best: WeightReading, kept: frozenset[str]) -> bool:
    if _number_read(reading) != _number_read(best):
        # Another text for the same weight ("31.310" and "31.3"): the doubts were about that text's
        # digits or point against the ink, which the other text may match (dev seed 20261207).
        return False
    codes = set(reading.doubts) & kept
    if best.unit_detected is not None:
        codes.discard("label")  # the unit read in the other look
    if {"segments_agree", "dots_agree"} & set(best.doubts):
        codes.discard("point_unconfirmed")  # a second reader confirmed the digits there
    return bool(codes)


def _explained(reading: WeightReading) -> WeightReading:
    """Words only for a weight the screens will not accept (a confident one needs none)."""
    if reading.found and reading.confidence >= DEFAULT_ACCEPT_CONFIDENCE:
        return replace(reading, reason=None)
    if reading.found and reading.reason is None:
        return replace(reading, reason=UNCLEAR)
    return reading


def _beside_label(cleaned: Image.Image, boxes: list[TextBox]) -> WeightReading | None:
    """A unit label read but no number: look again at the line left of the label, enlarged.

    Thin "1" segments far apart are sometimes not detected as text in the whole picture; the
    label tells where the digits are (same line, to its left, about 2.5 times as tall).
    """
    labels = [b for b in boxes if unit_of(b.text)]
    if not labels:
        return None
    label = max(labels, key=lambda b: b.height)
    x0, y0, x1, y1 = label.bounds
    lh = max(1, y1 - y0)
    top, bottom = max(0, y0 - 3 * lh), min(cleaned.height, y1 + lh // 2)
    gray = np.asarray(cleaned.convert("L"))[top:bottom, : max(1, x0)]
    # Walk left from the label over ink on its line while the gaps stay digit-sized.
    marks = sorted((b for b in layout.blobs(gray) if b.area >= 4 and b.top > 0 and b.bottom < gray.shape[0]),
                   key=lambda b: -b.right)
    start, used = x0, []
    for b in marks:
        if b.right < start - 3 * lh:
            break
        start = min(start, b.left)
        used.append(b)
    if start >= x0 - lh:
        return None
    line_top, line_bottom = top + min(b.top for b in used), top + max(b.bottom for b in used)
    line = TextBox("", label.score, float(line_bottom - line_top),
                   (start, min(line_top, y0), min(cleaned.width, x1), max(line_bottom, y1)))
    text, score = reread(cleaned, line)
    # The label goes along: its unit is the reading's (a "kg" dropped here is a weight 2.2x off).
    # Every unit label read goes along: "lb" over "kg" beside the digits, an arrow lit at one, is
    # both units printed (weight_from_boxes then asks which one is marked), not the taller one's
    # (2800 lb read as 2800 kg at 90 on the fourth source's seed 2, a VFD, "kg" the taller box).
    reading = weight_from_boxes([replace(line, text=text, score=score), *labels], cleaned) if text else None
    if reading is None or not reading.found:
        return None
    # Digits the detector did not see as text: on the held-out set their decimal points were lost
    # (10775 for 1077, 1874 kg for 187.4 kg), so such a reading is never accepted without a look.
    return replace(reading, confidence=round(min(reading.confidence, DISAGREEING_PASSES), 1),
                   doubts=reading.doubts + ("beside_label",), reason=reading.reason or UNCLEAR)


def combine(first: WeightReading, second: WeightReading) -> WeightReading:
    """The two polarities: agreement keeps the surer (raised when both are free of doubt about
    the point, label and digits); disagreement accepts neither."""
    if first.found and second.found and first.weight_lb != second.weight_lb:
        best = max(first, second, key=lambda r: r.confidence)
        rest = second if best is first else first
        best = _with_unit_of(best, rest)
        larger = ("larger_other",) if rest.weight_lb > LARGER_OTHER * best.weight_lb else more_digits(best, rest)
        # The other polarity read its number in much taller digits: the number taken may be the
        # display's small second one (544 pieces as 544 kg at 90, the segments confirming it, for
        # 0.41 kg on the third source).
        if best.digit_height and rest.digit_height >= TALLER * best.digit_height:
            larger += ("taller_other",)
        return replace(best, confidence=round(min(best.confidence, DISAGREEING_PASSES), 1),
                       doubts=best.doubts + ("polarities_disagree",) + larger + point_disputed(best, rest),
                       reason=best.reason or READ_TWO_WAYS)
    if first.found and second.found and not (set(first.doubts) | set(second.doubts)) & HARD_DOUBTS \
            and min(first.confidence, second.confidence) >= WEAK - 10:
        # Two different pictures of the display read the same number: more than either alone.
        both = 100 * (1 - (1 - first.confidence / 100) * (1 - second.confidence / 100))
        best = max(first, second, key=lambda r: r.confidence)
        return replace(best, confidence=round(min(99.0, max(best.confidence, both)), 1),
                       doubts=best.doubts + ("polarities_agree",))
    if first.found and second.found:
        held = _still_doubted(first, second, KEPT_BETWEEN_POLARITIES)
        if held is not None:
            return held
    if second.found and not first.found:
        # Only the less likely polarity read a number: on the held-out set these lost decimal
        # points the dot check did not see (3600 for 360.0), so the operator looks.
        return replace(second, confidence=round(min(second.confidence, DISAGREEING_PASSES), 1),
                       doubts=second.doubts + ("other_polarity_only",), reason=second.reason or UNCLEAR)
    if second.found and second.confidence > first.confidence:
        return second
    return first


def read_plate_sync(img: Image.Image) -> PlateReading:
    return plate_from_boxes(recognise(images.for_ocr(img, ghost_suppression=False)[0]))


class LocalReader:
    name = LOCAL_OCR

    def __init__(self) -> None:
        self._limiter: anyio.CapacityLimiter | None = None

    def _slot(self) -> anyio.CapacityLimiter:
        if self._limiter is None:
            self._limiter = anyio.CapacityLimiter(1)
        return self._limiter

    async def read_weight(self, image: Image.Image, display_unit: str | None = None) -> WeightReading:
        return await anyio.to_thread.run_sync(read_weight_sync, image, display_unit is not None, limiter=self._slot())

    async def read_plate(self, image: Image.Image) -> PlateReading:
        return await anyio.to_thread.run_sync(read_plate_sync, image, limiter=self._slot())
