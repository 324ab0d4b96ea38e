"""The reader's speed-ups change no answer: the detector gets the same input tensor, the engine
keeps its buffers and uses no more threads than cores (issue 36, one-core latency)."""
from __future__ import annotations

import numpy as np
import pytest
from rapidocr.ch_ppocr_det.utils import DetPreProcess

from api.ai import local_reader


@pytest.mark.parametrize("shape", [(720, 960, 3), (960, 540, 3), (457, 959, 3), (33, 50, 3)])
def test_detector_input_is_the_librarys_value_for_value(shape):
    detector = local_reader.engine()._load_det_model()
    library = DetPreProcess(detector.limit_side_len, detector.limit_type, detector.mean, detector.std)
    picture = np.random.default_rng(sum(shape)).integers(0, 256, shape, dtype=np.uint8)
    ours, theirs = detector.get_preprocess()(picture), library(picture)
    assert ours.dtype == theirs.dtype == np.float32
    assert ours.shape == theirs.shape
    assert np.array_equal(ours, theirs)
    assert isinstance(detector.get_preprocess(), local_reader._DetInput)  # the table is in use


def test_engine_keeps_buffers_and_one_thread_a_core():
    cfg = local_reader.engine().cfg.EngineConfig.onnxruntime
    assert cfg.enable_cpu_mem_arena is True
    assert cfg.intra_op_num_threads == local_reader.threads()
    import cv2

    assert cv2.getNumThreads() <= local_reader.threads()


def _strongest_as_before(rgb, window):
    lum = (rgb @ np.array([0.299, 0.587, 0.114])).astype(np.uint8)
    return max([rgb[..., 0], rgb[..., 1], rgb[..., 2], lum], key=lambda c: float(c[window].std()))


@pytest.mark.parametrize("case", ["grey", "red", "blue", "noise"])
def test_strongest_channel_measures_luminance_in_the_window_only_but_picks_the_same(case):
    from api.ai.images import _strongest_channel

    rng = np.random.default_rng(7)
    rgb = np.full((60, 80, 3), 128, np.uint8)
    digits = rng.integers(0, 2, (20, 40), dtype=np.uint8).astype(bool)
    if case == "grey":  # every channel alike: luminance ties and the first (red) wins
        rgb[20:40, 20:60][digits] = 20
    elif case == "red":  # red LEDs: the red channel carries the digits
        rgb[20:40, 20:60, 0][digits] = 250
    elif case == "blue":
        rgb[20:40, 20:60, 2][digits] = 10
    else:
        rgb = rng.integers(0, 256, (60, 80, 3), dtype=np.uint8)
    window = (slice(25, 35), slice(24, 56))
    assert np.array_equal(_strongest_channel(rgb, window), _strongest_as_before(rgb, window))
