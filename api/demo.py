"""Demo tenant and data (filled in by the foundation work)."""
from __future__ import annotations


async def seed_demo() -> list[str]:
    return ["demo seed: not built yet"]
