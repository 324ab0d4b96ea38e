"""The offline reader: RapidOCR (PP-OCR models shipped in the wheel) on the CPU, no network.

The angle classifier stays off: it turns "23.4" upside down into "7.EZ". The engine loads once
per process and runs in a worker thread, one reading at a time, so the event loop never blocks
and two readings never fight over two cores.
"""
from __future__ import annotations

import logging
import threading
from dataclasses import dataclass

import anyio
import numpy as np
from PIL import Image

from api.ai import images
from api.ai.parsing import normalize_plate, parse_weight, unit_of
from api.ai.reader import DEFAULT_ACCEPT_CONFIDENCE, LOCAL_OCR, PlateReading, WeightReading

log = logging.getLogger("flow.ai")

_engine = None
_engine_lock = threading.Lock()


def engine():
    """The RapidOCR engine, built on first use (about 2 s) and shared by the process."""
    global _engine
    if _engine is None:
        with _engine_lock:
            if _engine is None:
                from rapidocr import RapidOCR

                _engine = RapidOCR(params={
                    "Global.use_cls": False,
                    "Global.log_level": "error",
                    "EngineConfig.onnxruntime.intra_op_num_threads": 2,
                    "EngineConfig.onnxruntime.inter_op_num_threads": 1,
                    # Photos arrive already shrunk to OCR_LONG_SIDE: never scale them up again.
                    "Det.limit_type": "max",
                    "Det.limit_side_len": images.OCR_LONG_SIDE,
                })
    return _engine


@dataclass(frozen=True)
class TextBox:
    text: str
    score: float
    height: float
    bounds: tuple[int, int, int, int]  # left, top, right, bottom in the cleaned picture


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
        found.append(TextBox(text=text, score=float(score), height=float(y1 - y0),
                             bounds=(int(x0), int(y0), int(x1), int(y1))))
    return found


def reread(img: Image.Image, box: TextBox) -> str:
    """The recogniser alone on the box, cropped with a margin and enlarged: a second opinion."""
    x0, y0, x1, y1 = box.bounds
    mx, my = int((x1 - x0) * 0.06) + 4, int((y1 - y0) * 0.2) + 4
    crop = img.crop((max(0, x0 - mx), max(0, y0 - my), min(img.width, x1 + mx), min(img.height, y1 + my)))
    if crop.height < 64:
        crop = crop.resize((max(1, crop.width * 64 // max(1, crop.height)), 64), Image.BICUBIC)
    result = engine()(np.asarray(crop), use_det=False, use_cls=False, use_rec=True)
    return result.txts[0] if result.txts else ""


def weight_from_boxes(boxes: list[TextBox], cleaned: Image.Image | None = None) -> WeightReading:
    raw = " | ".join(b.text for b in boxes)
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
    certainty = parsed.certainty
    # Another number almost as tall that disagrees: we cannot tell which is the weight.
    rivals = [p for b, p in candidates if b is not box and b.height > 0.7 * box.height and p.value_lb != parsed.value_lb]
    if rivals:
        certainty *= 0.5
    if cleaned is not None:
        # A reading that changes when the same digits are looked at again is not one to trust.
        second = parse_weight(reread(cleaned, box), parsed.unit)
        if second is None or second.value_lb != parsed.value_lb:
            certainty *= 0.6
    confidence = round(100 * box.score * certainty, 1)
    return WeightReading(LOCAL_OCR, parsed.value_lb, confidence, parsed.unit, raw)


def plate_from_boxes(boxes: list[TextBox]) -> PlateReading:
    raw = " ".join(b.text for b in boxes)
    candidates = [(b, p) for b in boxes if (p := normalize_plate(b.text))]
    if not candidates:
        return PlateReading(LOCAL_OCR, None, raw, 0.0, "no plate-like text found")
    # The registration is the tallest text; a mix of letters and digits is the usual US format.
    box, plate = max(candidates, key=lambda c: (c[0].height, any(ch.isdigit() for ch in c[1])))
    return PlateReading(LOCAL_OCR, plate, box.text, round(100 * box.score, 1))


def read_weight_sync(img: Image.Image) -> WeightReading:
    cleaned, inverted = images.for_ocr(img)
    first = weight_from_boxes(recognise(cleaned), cleaned)
    if first.found and first.confidence >= DEFAULT_ACCEPT_CONFIDENCE:
        return first
    # The centre may have misled the polarity guess (a display off-centre): try the other one.
    other = images.for_ocr(img, invert=not inverted)[0]
    second = weight_from_boxes(recognise(other), other)
    if second.found and (not first.found or second.confidence > first.confidence):
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

    async def read_weight(self, image: Image.Image) -> WeightReading:
        return await anyio.to_thread.run_sync(read_weight_sync, image, limiter=self._slot())

    async def read_plate(self, image: Image.Image) -> PlateReading:
        return await anyio.to_thread.run_sync(read_plate_sync, image, limiter=self._slot())
