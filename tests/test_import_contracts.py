"""The import contracts of pyproject.toml (import-linter, run by ``dev.py test``) hold, and each
one fails on a wrong-way import written into a copy of the package, naming both modules: no
contract is empty."""

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LINT_IMPORTS = Path(sys.executable).parent / ("lint-imports.exe" if os.name == "nt"
                                              else "lint-imports")
CONTRACTS = {c["id"]: c["name"] for c in
             tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"][
                 "contracts"]}

#: For each contract, a wrong-way import it stands against (others may too): (file, the
#: import added to it, importer, imported).
WRONG = {
    "blueprince-layers": ("manorkit/blueprince/sim/run.py", "from ...widgets import saved",
                          "manorkit.blueprince.sim.run", "manorkit.widgets.saved"),
    "odds-engine": ("manorkit/blueprince/odds/locks.py", "from ..engine import actions",
                    "manorkit.blueprince.odds.locks", "manorkit.blueprince.engine.actions"),
    "mechanics-below": ("manorkit/blueprince/mechanics/dice.py", "from ..odds import axes",
                        "manorkit.blueprince.mechanics.dice", "manorkit.blueprince.odds.axes"),
    "engine-no-bots": ("manorkit/blueprince/engine/campaign.py", "from ...sim import stats",
                       "manorkit.blueprince.engine.campaign", "manorkit.sim.stats"),
    "peers-no-blueprince": ("manorkit/ludwig/market.py", "from ..blueprince import placement",
                            "manorkit.ludwig.market", "manorkit.blueprince.placement"),
    "kit-no-game": ("manorkit/sim/grid.py", "from ..weirdwood import clock",
                    "manorkit.sim.grid", "manorkit.weirdwood.clock"),
    "engine-layers": ("manorkit/blueprince/engine/actions.py", "from . import reducer",
                      "manorkit.blueprince.engine.actions",
                      "manorkit.blueprince.engine.reducer"),
    "planner-layers": ("manorkit/blueprince/sim/planner/levers.py", "from . import valuation",
                       "manorkit.blueprince.sim.planner.levers",
                       "manorkit.blueprince.sim.planner.valuation"),
    "no-cycles": ("manorkit/ruleset/errors.py", "from . import loader",
                  "manorkit.ruleset.errors", "manorkit.ruleset.loader"),
}


def lint(tree: Path) -> subprocess.CompletedProcess:
    """``lint-imports`` on the package in ``tree`` (first on the path), lines unwrapped."""
    env = {**os.environ, "PYTHONPATH": str(tree), "COLUMNS": "400", "NO_COLOR": "1"}
    return subprocess.run([str(LINT_IMPORTS), "--no-cache"], cwd=tree, env=env,
                          capture_output=True, text=True, check=False)


def test_the_contracts_hold():
    out = lint(ROOT)
    assert out.returncode == 0, out.stdout + out.stderr
    assert f"Contracts: {len(CONTRACTS)} kept, 0 broken." in out.stdout


def test_every_contract_has_a_wrong_import_to_fail_on():
    assert set(WRONG) == set(CONTRACTS)


@pytest.mark.parametrize("contract", sorted(WRONG))
def test_a_wrong_way_import_fails_naming_both_modules(contract, tmp_path):
    file, line, importer, imported = WRONG[contract]
    shutil.copytree(ROOT / "manorkit", tmp_path / "manorkit",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    source = tmp_path / file
    source.write_text(source.read_text() + f"\n{line}  # noqa\n")
    out = lint(tmp_path)
    assert out.returncode != 0
    assert f"{CONTRACTS[contract]} BROKEN" in out.stdout, out.stdout
    if contract == "no-cycles":  # named within their package
        package, _, child = importer.rpartition(".")
        assert f"No cycles are allowed in {package}." in out.stdout
        assert f".{child} -> .{imported.rpartition('.')[2]}" in out.stdout
    else:
        assert f"{importer} -> {imported}" in out.stdout


def test_a_state_reaches_the_layers_above_through_one_late_binding():
    from manorkit.blueprince.engine import display, reducer, state, turn

    assert vars(state.ABOVE) == {
        "step": reducer.step, "legal_actions": reducer.legal_actions, "routes": turn.routes,
        "faster_routes": turn.faster_routes, "state_html": display.state_html,
        "board_svg": display.board_svg, "describe": display.describe,
        "describe_chance": display.describe_chance, "words": display.words,
        "unavailable": display.unavailable}
