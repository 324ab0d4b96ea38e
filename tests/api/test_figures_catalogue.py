"""docs/figures.md is kept true against the dbt project: every owner it names exists (a model and
its column, a formula macro of dbt/macros/figures.sql, a seed row), and every formula macro is in it."""
from __future__ import annotations

import csv
import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
CATALOGUE = ROOT / "docs" / "figures.md"
MODELS = ROOT / "dbt" / "models"
SEEDS = ROOT / "dbt" / "seeds"
FIGURES = ROOT / "dbt" / "macros" / "figures.sql"
MIGRATIONS = ROOT / "api" / "migrations" / "versions"


def catalogue_rows() -> list[dict[str, str]]:
    """The rows of the catalogue table (the one whose header starts with `figure`)."""
    lines = CATALOGUE.read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("| figure |"))
    header = [c.strip() for c in lines[start].strip("|").split("|")]
    found = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip("|").split("|")]
        assert len(cells) == len(header), line
        found.append(dict(zip(header, cells, strict=True)))
    return found


def names(cell: str) -> list[str]:
    return re.findall(r"`([^`]+)`", cell)


def models() -> dict[str, tuple[set[str], str]]:
    """Every dbt model: (columns its yml declares, its SQL)."""
    declared: dict[str, set[str]] = {}
    for path in MODELS.rglob("*.yml"):
        for model in yaml.safe_load(path.read_text()).get("models") or []:
            declared[model["name"]] = {c["name"] for c in model.get("columns") or []}
    return {path.stem: (declared.get(path.stem, set()), path.read_text()) for path in MODELS.rglob("*.sql")}


def figure_macros() -> set[str]:
    return set(re.findall(r"{%-?\s*macro\s+(fig_\w+)\s*\(", FIGURES.read_text()))


def seed_cells(seed: str) -> set[str]:
    with (SEEDS / f"{seed}.csv").open(newline="") as f:
        reader = csv.reader(f)
        return {cell for row in reader for cell in row}


def test_the_catalogue_lists_figures_with_every_part():
    rows = catalogue_rows()
    assert len(rows) >= 30
    for row in rows:
        for part in ("figure", "definition", "unit", "scope", "owner"):
            assert row[part], (row["figure"], part)
        assert names(row["owner"]), row["figure"]


def test_every_owner_names_a_model_column_a_formula_macro_or_a_seed_row():
    found, macros = models(), figure_macros()
    seeds = {p.stem for p in SEEDS.glob("*.csv")}
    for row in catalogue_rows():
        for name in names(row["owner"]) + [n for n in names(row["factor (source)"]) if "." in n]:
            if name.startswith("fig_"):
                assert name in macros, f"{row['figure']}: no macro {name} in dbt/macros/figures.sql"
                continue
            if name.startswith("ledger_"):  # a Postgres function or view a migration creates
                created = re.compile(r"create or replace (function|view) (\{name\}|" + re.escape(name) + r")(?!\w)")
                assert any(name in text and created.search(text)
                           for text in (p.read_text() for p in MIGRATIONS.glob("*.py"))), (
                    f"{row['figure']}: no migration creates {name}")
                continue
            model, _, column = name.partition(".")
            if model in seeds:
                assert column in seed_cells(model), f"{row['figure']}: seed {model} has no {column}"
                continue
            assert model in found, f"{row['figure']}: no dbt model {model}"
            declared, sql = found[model]
            assert column in declared or re.search(rf"\b{re.escape(column)}\b", sql), (
                f"{row['figure']}: model {model} has no column {column}")


def test_every_formula_macro_is_in_the_catalogue():
    named = {n for row in catalogue_rows() for n in names(row["owner"])}
    assert figure_macros() - named == set()


def test_every_published_figure_function_has_its_macro():
    """marts.<name> is fig_<name>: the API calls the catalogue's formulas by those names."""
    source = FIGURES.read_text()
    published = set(re.findall(r"'(\w+)': fig_(\w+)", source))
    assert published and all(name == macro for name, macro in published)
    assert {f"fig_{name}" for name, _ in published} | {"fig_people_fed_per_day", "fig_percent"} == figure_macros()
    api = "\n".join(p.read_text() for p in (ROOT / "api").rglob("*.py"))
    python = set(re.findall(r"def (\w+)\(", api))  # api/<domain>/marts.py's own functions
    for called in set(re.findall(r"marts\.(\w+)\(", api)) - python:
        assert f"fig_{called}" in figure_macros() or called in {"percent_of", "edible_food_generator_rule"}, called
