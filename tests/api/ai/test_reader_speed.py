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
