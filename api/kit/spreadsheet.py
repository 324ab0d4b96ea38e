"""Cells that are safe to open in Excel, LibreOffice and Google Sheets (CSV and XLSX).

A text cell starting with =, +, -, @, a tab or a carriage return is read as a formula
(CSV injection: `=HYPERLINK(...)`, `=cmd|...`, and openpyxl itself stores such a string as a
formula). OWASP's remedy: prefix the cell with a single quote, so it shows as the text it is.
Plain numbers ('-5', '12.5') stay numbers. Every CSV/XLSX export Flow writes goes through this.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

_TRIGGERS = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"^[+-]?\d+(?:[.,]\d+)*$")


def safe_cell(value: Any) -> Any:
    if isinstance(value, str) and value.startswith(_TRIGGERS) and not _NUMBER.match(value):
        return "'" + value
    return value


def safe_row(values: Iterable[Any]) -> list[Any]:
    return [safe_cell(v) for v in values]
