"""No private name crosses an api package: `from api.a.x import _y` in api.b fails `make lint`.

A name with a leading underscore is its module's own business; a package that needs it asks its
owner to make it public (or to move it). Import-linter sees modules, not names, hence this check.
Run: python tests/contracts/private_names.py (exit 1 naming each import).
"""
from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MOVING: tuple[str, ...] = ()  # modules being moved whose private names are excused meanwhile (none)


def package(module: str) -> str:
    return ".".join(module.split(".")[:2])


def crossings(root: Path = ROOT) -> list[str]:
    found = []
    for path in sorted((root / "api").rglob("*.py")):
        here = package(".".join(path.relative_to(root).with_suffix("").parts))
        tree = ast.parse(path.read_text(), str(path))
        modules = {}  # local name -> api module, for `from api.a import x` / `import api.a.x as x`
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "api":
                for alias in node.names:
                    modules[alias.asname or alias.name] = f"{node.module}.{alias.name}"
                    private = alias.name.startswith("_") and not alias.name.startswith("__")
                    if private and package(node.module) != here and node.module not in MOVING:
                        found.append(f"{path.relative_to(root)}:{node.lineno}: {node.module}.{alias.name}")
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.split(".")[0] == "api" and alias.asname:
                        modules[alias.asname] = alias.name
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in modules
                    and node.attr.startswith("_") and not node.attr.startswith("__")):
                owner = modules[node.value.id]
                if package(owner) != here and owner not in MOVING:
                    found.append(f"{path.relative_to(root)}:{node.lineno}: {owner}.{node.attr}")
    return found


if __name__ == "__main__":
    bad = crossings()
    for line in bad:
        print(f"private name imported across packages: {line}", file=sys.stderr)
    print("no private names cross api packages" if not bad else f"{len(bad)} private name(s) cross packages")
    sys.exit(1 if bad else 0)
