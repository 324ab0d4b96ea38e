"""The second evaluation source (bench/ai_heldout, issue 36) stays out of every tuning loop: no code
in api/, bench/ (outside its own package) or tests/ imports it. bench.ai.evaluate reads its photos
from a folder (--dir), never its renderer, so nothing the reader is tuned with can see how it draws."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
HELD_OUT = "bench.ai_heldout"


def _imports(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names |= {f"{node.module}.{a.name}" for a in node.names}
    return names


def test_nothing_outside_the_second_source_imports_it():
    offenders = []
    for folder in ("api", "bench", "tests", "pipelines"):
        for path in (ROOT / folder).rglob("*.py"):
            if HELD_OUT.replace(".", "/") in path.as_posix() or path == Path(__file__).resolve():
                continue
            text = path.read_text()
            if "ai_heldout" in text and any(n == HELD_OUT or n.startswith(HELD_OUT + ".") for n in _imports(path)):
                offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []


def test_the_second_source_shares_no_code_with_the_first():
    for path in (ROOT / "bench" / "ai_heldout").rglob("*.py"):
        assert not {n for n in _imports(path) if n.startswith(("bench.ai.", "api."))}, path
