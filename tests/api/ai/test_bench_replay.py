"""The bench's remote-model comparison, run against a loopback server replaying recorded answers.

The same code measures a real OpenAI-compatible model when a key is set (bench/README.md); here
the answers are recorded by hand so each figure the comparison prints has a known value.
"""
from __future__ import annotations

import json

from api.ai.service import reader_for
from api.core.config import get_settings
from bench.ai import evaluate
from bench.ai.displays import LCD, LED_RED, scale_photo, seven_segment
from bench.ai.replay import ReplayServer
from tests.api.ai.conftest import jpeg_bytes

ROWS = [
    {"file": "weights/right.jpg", "condition": "clean", "style": "lcd", "shown": "23.4", "unit": "lb",
     "expected_lb": "23.4"},
    {"file": "weights/kg-as-lb.jpg", "condition": "glare", "style": "led_red", "shown": "125.5", "unit": "kg",
     "expected_lb": "276.7"},
    {"file": "weights/unsure.jpg", "condition": "rotation", "style": "lcd", "shown": "880", "unit": "lb",
     "expected_lb": "880.0"},
    {"file": "weights/not-recorded.jpg", "condition": "low_light", "style": "lcd", "shown": "12.5", "unit": "lb",
     "expected_lb": "12.5"},
]
RECORDED = {"model": "recorded-by-hand", "weights": {
    "weights/right.jpg": {"value": 23.4, "unit": "lb", "confidence": 96},
    "weights/kg-as-lb.jpg": {"value": 125.5, "unit": "lb", "confidence": 90},  # the kg label missed
    "weights/unsure.jpg": {"value": 880, "unit": None, "confidence": 55},
}}


def write_set(folder):
    (folder / "weights").mkdir()
    pictures = [seven_segment("23.4", LCD, cells=5), seven_segment("125.5", LED_RED, unit="kg"),
                seven_segment("880", LCD), seven_segment("12.5", LCD)]
    for row, picture in zip(ROWS, pictures):
        (folder / row["file"]).write_bytes(jpeg_bytes(scale_photo(picture)))


async def test_replayed_answers_give_the_remote_models_figures(tmp_path, monkeypatch):
    write_set(tmp_path)
    monkeypatch.setattr(evaluate, "OUT_DIR", tmp_path)
    with ReplayServer(evaluate.replay_answers(RECORDED)) as server:
        settings = get_settings().model_copy(update={"openai_api_key": "replay", "openai_base_url": server.base_url})
        results = await evaluate.evaluate_weights(reader_for("openai", settings), ROWS)
        assert server.asked == 4
    by_file = {r["file"]: r for r in results}
    assert by_file["weights/right.jpg"]["exact"] and by_file["weights/right.jpg"]["accepted"]
    assert by_file["weights/kg-as-lb.jpg"]["false_read"]
    assert evaluate.kind_of_error(by_file["weights/kg-as-lb.jpg"]) == "kg read as lb"
    assert by_file["weights/unsure.jpg"]["exact"] and not by_file["weights/unsure.jpg"]["accepted"]
    assert by_file["weights/not-recorded.jpg"]["got"] is None
    table = evaluate.targets_table(results)
    assert "| right and accepted, all | 25.0% (1 of 4) |" in table
    assert "| of which kg/lb confusions | 1 |" in table


def test_a_recording_keeps_what_the_model_answered_and_replays_it(tmp_path):
    results = [{"file": "weights/a.jpg", "raw_text": json.dumps({"value": 1.5, "unit": "kg", "confidence": 80})},
               {"file": "weights/b.jpg", "raw_text": ""}]  # a failed call: replays as no answer
    recording = evaluate.recording_of(results, [], "some-model")
    assert recording["weights"] == {"weights/a.jpg": {"value": 1.5, "unit": "kg", "confidence": 80}}
    assert recording["model"] == "some-model"
