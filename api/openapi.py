"""Dump the API's OpenAPI document: `python -m api.openapi web/openapi.json` (the web client's types come from it)."""
from __future__ import annotations

import json
import sys
from pathlib import Path


def openapi_document() -> dict:
    from api.main import create_app

    return create_app().openapi()


def render() -> str:
    # Sorted keys and a trailing newline make the file stable, so a stale copy shows as a diff.
    return json.dumps(openapi_document(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    target = Path(argv[1]) if len(argv) > 1 else Path("web/openapi.json")
    target.write_text(render(), encoding="utf-8")
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
