"""A second, independent source of scale-display photos (issue 36), never used to tune the reader.

It shares no code with bench/ai/displays.py or bench/ai/generate.py (another renderer, another
seed scheme). Nothing in api/, bench/ai/ or tests/ may import it except its own guard test
(tests/api/ai/test_heldout_guard.py): evaluate it with `bench.ai.evaluate --dir`, which reads the
photos and manifest.json from disk.
"""
