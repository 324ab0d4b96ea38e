"""The landing page's state explorer and the product's State laws report tell the same facts: the
seed dbt/seeds/state_organics_laws.csv is the source, the page (web/src/features/landing/
state-laws.ts) shows the same twelve states and each threshold in force as the seed has it."""
from __future__ import annotations

import re
from datetime import date

from api.compliance.state_laws import laws
from api.core.config import ROOT

PAGE = ROOT / "web" / "src" / "features" / "landing" / "state-laws.ts"
TODAY = date(2026, 11, 27)


def _page() -> dict[str, str]:
    text = PAGE.read_text()
    cards = re.findall(r'code: "([A-Z]{2})".*?threshold: (NOT_SPECIFIED|"[^"]*")', text, re.DOTALL)
    return {code: threshold.strip('"') for code, threshold in cards}


def test_the_page_shows_the_seeds_states():
    assert set(_page()) == set(laws()) and len(laws()) == 12


def test_each_threshold_on_the_page_is_the_seeds_step_in_force():
    page = _page()
    for state, steps in laws().items():
        in_force = [s for s in steps if s["effective_date"] is None or s["effective_date"] <= TODAY]
        current = in_force[-1]
        if current["basis"] == "threshold":
            value = f"{current['threshold_value'].normalize():f}"
            assert value in page[state], (state, value, page[state])
        elif current["basis"] == "none":
            assert page[state] == "NOT_SPECIFIED", state


def test_every_row_names_its_source():
    for steps in laws().values():
        for s in steps:
            assert s["source"].strip(), (s["law_key"], s["step"])
