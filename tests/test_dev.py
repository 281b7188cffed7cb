"""dev.py: what ``lab`` runs and installs, without starting a server or pip."""

import importlib.util
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _dev():
    spec = importlib.util.spec_from_file_location("dev", ROOT / "dev.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_lab_serves_the_project_and_opens_the_start_notebook():
    dev = _dev()
    cmd = [str(c) for c in dev.lab_command()]
    assert cmd[1:4] == ["-m", "jupyter", "lab"]
    assert f"--ServerApp.root_dir={ROOT}" in cmd  # so data/ is in the file browser
    assert cmd[-1] == "notebooks/00_start_here.ipynb" and (ROOT / cmd[-1]).exists()
    assert (ROOT / "data" / "blueprince").is_dir()


def test_lab_never_asks_for_news_or_checks_for_updates(tmp_path):
    dev = _dev()
    cmd = [str(c) for c in dev.lab_command()]
    assert "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate" in cmd
    assert "--LabApp.news_url=None" in cmd
    path = dev.write_lab_settings(tmp_path / "settings")
    settings = json.loads(path.read_text())
    notification = settings["@jupyterlab/apputils-extension:notification"]
    assert notification == {"checkForUpdates": False, "fetchNews": "false"}
    # a saved notebook keeps its explorers' widget state, so it shows them when reopened
    assert settings["@jupyter-widgets/jupyterlab-manager:plugin"] == {"saveState": True}
    assert dev.LAB_SETTINGS.is_relative_to(dev.VENV)  # never the user's home


def test_lab_installs_the_workbench_only_and_test_adds_the_test_tools(monkeypatch, tmp_path):
    dev, runs = _dev(), []
    monkeypatch.setattr(dev, "PY", tmp_path / "python")
    (tmp_path / "python").touch()
    monkeypatch.setattr(dev, "STAMPS", {False: tmp_path / "lab", True: tmp_path / "test"})
    monkeypatch.setattr(dev, "_run", lambda *cmd: runs.append([str(c) for c in cmd]))
    installs = lambda: [r[4:] for r in runs if r[2:4] == ["pip", "install"]]  # noqa: E731
    dev.ensure_venv()
    assert installs() == [["--upgrade", "pip"], ["-e", "."]]  # no --quiet: progress shows
    runs.clear()
    dev.ensure_venv()
    assert runs == []  # installed for this pyproject already
    dev.ensure_venv(test=True)
    assert installs()[-1] == ["-e", ".[test]"]
    runs.clear()
    dev.ensure_venv()
    dev.ensure_venv(test=True)
    assert runs == []


def test_the_test_command_runs_ruff_then_the_import_contracts_then_pytest(monkeypatch):
    dev, runs = _dev(), []
    monkeypatch.setattr(dev, "ensure_venv", lambda test=False: None)
    monkeypatch.setattr(dev, "ensure_chromium", lambda: None)
    monkeypatch.setattr(dev, "_run", lambda *cmd, **kw: runs.append([str(c) for c in cmd]))
    assert dev.main(["test", "-q", "tests/test_dist.py"]) == 0
    assert runs == [[str(dev.PY), "-m", "ruff", "check", "."], [str(dev.LINT_IMPORTS)],
                    [str(dev.PY), "-m", "pytest", "-q", "tests/test_dist.py"]]
    assert dev.LINT_IMPORTS.parent == dev.BIN
