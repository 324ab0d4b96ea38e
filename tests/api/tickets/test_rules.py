"""The ticket rules that need no database: weights, money, plates, method labels."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest

from api.kit.errors import Invalid
from api.kit.plates import normalize_plate
from api.tickets import rules
from api.tickets.images import process_image


class TestWeights:
    def test_net_is_gross_minus_tare_at_a_tenth(self):
        assert rules.weights(Decimal("57.8"), Decimal("7.8"), required=True) == (
            Decimal("57.8"), Decimal("7.8"), Decimal("50.0"))

    def test_half_a_tenth_rounds_up(self):
        assert rules.weights(Decimal("10.05"), Decimal(0), required=True)[2] == Decimal("10.1")

    def test_a_draft_may_have_no_weight_yet(self):
        assert rules.weights(None, Decimal("7.8"), required=False) == (Decimal("0.0"), Decimal("7.8"), Decimal("0.0"))

    @pytest.mark.parametrize(("gross", "tare", "message"), [
        (None, None, "Please provide a valid weight"),
        (Decimal(0), None, "Please provide a valid weight"),
        (Decimal(5), Decimal("7.8"), "Tare weight cannot exceed gross weight"),
        (Decimal("200000.1"), None, "Weight cannot exceed 200,000 lbs"),
    ])
    def test_bad_weights_are_refused(self, gross, tare, message):
        with pytest.raises(Invalid, match=message):
            rules.weights(gross, tare, required=True)


class TestAmount:
    @pytest.mark.parametrize(("price", "pricing_unit", "qty", "unit", "expected"), [
        ("0.05", "lb", "1000", "lbs", "50.00"),
        ("0.05", "lb", "1", "tons", "100.00"),
        ("30", "ton", "1000", "lbs", "15.00"),
        ("30", "ton", "2", "tons", "60.00"),
        ("12.5", "yard", "2", "cubic_yards", "25.00"),
        ("12.5", "yard", "2", "lbs", "0.00"),
        ("3", "each", "4", "lbs", "0.00"),
        (None, "lb", "4", "lbs", "0.00"),
        ("0.333", "lb", "1", "lbs", "0.33"),
    ])
    def test_price_meets_quantity_only_in_compatible_units(self, price, pricing_unit, qty, unit, expected):
        got = rules.amount(Decimal(price) if price else None, pricing_unit, Decimal(qty), unit)
        assert got == Decimal(expected)


class TestMisc:
    @pytest.mark.parametrize(("raw", "plate"), [("8abc-123", "8ABC123"), (" 7 xyz 98 ", "7XYZ98"), ("--", None)])
    def test_plates_are_upper_case_letters_and_digits(self, raw, plate):
        assert normalize_plate(raw) == plate

    @pytest.mark.parametrize(("provider", "manual", "label"), [
        ("gpt4_vision", False, "AI Vision"), ("openai", False, "AI Vision"), (None, True, "Manual"), (None, False, "Entry"),
    ])
    def test_history_method_column(self, provider, manual, label):
        assert rules.method_label(provider, manual) == label

    def test_weighing_time_allows_small_clock_skew_only(self):
        now = datetime(2026, 5, 1, 12, tzinfo=UTC)
        assert rules.weighing_time(now + timedelta(minutes=2), now) == now + timedelta(minutes=2)
        with pytest.raises(Invalid):
            rules.weighing_time(now + timedelta(minutes=10), now)
        assert rules.weighing_time(datetime(2026, 5, 1, 11), now).tzinfo is not None

    def test_empty_and_truncated_images_are_refused(self):
        with pytest.raises(Invalid):
            process_image(b"", 1000)
        with pytest.raises(Invalid):
            process_image(b"\xff\xd8\xff\xe0" + b"\0" * 50, 1000)
