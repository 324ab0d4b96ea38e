"""The analyst notebooks run top to bottom against a warehouse built from generated tickets."""
from __future__ import annotations

import asyncio
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOKS = sorted((Path(__file__).resolve().parents[2] / "notebooks").glob("*.ipynb"))


def test_there_are_at_least_two_analyst_notebooks():
    assert len(NOTEBOOKS) >= 2


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
async def test_notebook_runs_on_the_published_warehouse(world, path):
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(notebook, timeout=180, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})
    await asyncio.to_thread(client.execute)  # raises CellExecutionError on any failing cell
    first_output = notebook.cells[1].outputs[0]["text"]
    assert "refreshed at" in first_output and "None" not in first_output
