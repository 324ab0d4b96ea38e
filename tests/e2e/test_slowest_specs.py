"""The slowest Playwright specs, read from the JSON report, go into CI's stage summary (issue 34)."""
from __future__ import annotations

import json

from tests.e2e.test_browser import note_slowest_specs, slowest_specs

REPORT = {
    "suites": [
        {
            "title": "sweep.spec.ts",
            "file": "sweep.spec.ts",
            "specs": [],
            "suites": [
                {
                    "title": "sweep: every route",
                    "specs": [
                        {"title": "manager at phone, part 1/4", "tests": [{"results": [{"duration": 21700}]}]},
                        {"title": "visitor at phone", "tests": [{"results": [{"duration": 9000}]}]},
                    ],
                },
            ],
        },
        {
            "title": "tickets.spec.ts",
            "file": "tickets.spec.ts",
            # A retried test counts every try: that is the time it cost.
            "specs": [{"title": "an employee creates a ticket", "tests": [{"results": [{"duration": 8000}, {"duration": 4500}]}]}],
        },
    ],
}


def test_slowest_specs_are_named_with_their_file_slowest_first():
    assert slowest_specs(REPORT, count=2) == [
        (21.7, "sweep.spec.ts › manager at phone, part 1/4"),
        (12.5, "tickets.spec.ts › an employee creates a ticket"),
    ]


def test_the_stage_log_gets_them_and_nothing_is_written_without_one(tmp_path, monkeypatch):
    report = tmp_path / "report.json"
    report.write_text(json.dumps(REPORT))
    log = tmp_path / "stages"
    monkeypatch.delenv("FLOW_STAGE_LOG", raising=False)
    note_slowest_specs(report)
    assert not log.exists()
    monkeypatch.setenv("FLOW_STAGE_LOG", str(log))
    note_slowest_specs(report)
    lines = log.read_text().splitlines()
    assert lines[0] == "slowest browser specs:"
    assert lines[1].endswith("sweep.spec.ts › manager at phone, part 1/4") and "21.7 s" in lines[1]
    assert len(lines) == 4
