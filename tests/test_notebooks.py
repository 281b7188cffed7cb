"""Every notebook runs top to bottom, and none of its charts needs the network."""

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient
from nbformat.validator import NotebookValidationError

from manorkit.charts import output_needs_network

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


def run(nb: nbformat.NotebookNode, cwd: Path) -> nbformat.NotebookNode:
    NotebookClient(nb, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": str(cwd)}}).execute()
    return nb


def network_problems(nb: nbformat.NotebookNode) -> list[str]:
    out = []
    for i, cell in enumerate(nb.cells):
        for output in cell.get("outputs", []):
            why = output_needs_network(output)
            if why:
                out.append(f"cell {i}: {why}")
    return out


def test_there_are_notebooks():
    assert {p.name for p in NOTEBOOKS} >= {"00_start_here.ipynb", "01_catalog.ipynb"}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_runs_offline(path: Path):
    nb = run(nbformat.read(path, as_version=4), path.parent)
    assert network_problems(nb) == []


def _chart_notebook(setup: str) -> nbformat.NotebookNode:
    return nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "import altair as alt\n" + setup +
        "\nalt.Chart(alt.Data(values=[{'a': 1}])).mark_bar().encode(x='a:Q')")])


def test_checker_catches_a_cdn_chart(tmp_path):
    nb = run(_chart_notebook("alt.renderers.enable('html')"), tmp_path)
    assert any("cdn.jsdelivr.net" in p for p in network_problems(nb))


def test_a_vega_lite_v6_mimetype_chart_fails_the_run(tmp_path):
    # JupyterLab 4 renders Vega-Lite only up to v5; nbformat rejects the v6 mimetype output.
    with pytest.raises(NotebookValidationError):
        run(_chart_notebook("alt.renderers.enable('mimetype')"), tmp_path)


def test_checker_flags_a_bare_vega_lite_output():
    output = {"output_type": "display_data",
              "data": {"application/vnd.vegalite.v5+json": {}, "text/plain": "chart"}}
    assert output_needs_network(output)


def test_manorkit_import_makes_charts_offline(tmp_path):
    assert network_problems(run(_chart_notebook("import manorkit"), tmp_path)) == []
