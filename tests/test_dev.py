"""dev.py: what ``lab`` runs and installs (one real start of JupyterLab through it, stopped
with SIGTERM), the git filter it installs, and the test command's check of the committed
notebooks."""

import hashlib
import importlib.util
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent


def _dev():
    spec = importlib.util.spec_from_file_location("dev", ROOT / "dev.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_lab_serves_the_project_and_opens_the_start_notebook():
    dev = _dev()
    cmd = [str(c) for c in dev.lab_command("--port=9000")]
    assert cmd[1:3] == ["-m", "jupyterlab"] and cmd[-1] == "--port=9000"
    assert f"--ServerApp.root_dir={ROOT}" in cmd  # so data/ is in the file browser
    # the address it prints and opens is the start notebook's, not the Launcher's
    assert f"--LabApp.default_url=/lab/tree/{dev.START}" in cmd and (ROOT / dev.START).exists()
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


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.mark.skipif(os.name != "posix", reason="signals")
def test_lab_prints_the_start_notebook_address_quietly_and_sigterm_stops_jupyterlab(tmp_path):
    # dev.py as in a copy of the project that is no git checkout, on this checkout's .venv
    # The copy shares this checkout's .venv: were it installed for another pyproject.toml,
    # dev.py lab would reinstall it from the copy (no package there, its kernel the copy's).
    dev = _dev()
    installed = dev.STAMPS[False].read_text() if dev.STAMPS[False].exists() else ""
    assert installed == hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest(), (
        "pyproject.toml changed since .venv was installed: run python3 dev.py test")
    for name in ("dev.py", "pyproject.toml"):
        shutil.copy(ROOT / name, tmp_path / name)
    (tmp_path / "notebooks").mkdir()
    shutil.copy(ROOT / "notebooks" / "00_start_here.ipynb", tmp_path / "notebooks")
    (tmp_path / ".venv").symlink_to(ROOT / ".venv")
    runtime = tmp_path / "runtime"
    env = {**os.environ, "JUPYTER_RUNTIME_DIR": str(runtime),
           "JUPYTER_CONFIG_DIR": str(tmp_path / "config")}
    port = _free_port()
    lab = subprocess.Popen([sys.executable, "dev.py", "lab", "--no-browser", f"--port={port}",
                            "--ServerApp.port_retries=0"], cwd=tmp_path, env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    server = None
    try:
        lines, end = [], time.monotonic() + 90
        while time.monotonic() < end and not any("?token=" in line for line in lines):
            line = lab.stdout.readline()
            assert line, "dev.py lab ended: " + "".join(lines)
            lines.append(line)
        printed = "".join(lines)
        address = re.search(r"http://\S+\?token=\S+", printed)[0]
        assert f":{port}/lab/tree/notebooks/00_start_here.ipynb?token=" in address
        assert "Warning" not in printed, printed  # no traitlets deprecation warning
        while time.monotonic() < end and not list(runtime.glob("jpserver-*.json")):
            time.sleep(0.1)
        server = int(next(runtime.glob("jpserver-*.json")).stem.split("-")[1])
        assert server != lab.pid and _alive(server)
        lab.send_signal(signal.SIGTERM)
        assert lab.wait(timeout=60) == 0  # dev.py waited for JupyterLab to stop
        assert not _alive(server)
    finally:
        if server and _alive(server):
            os.kill(server, signal.SIGKILL)
        if lab.poll() is None:
            lab.kill()
        lab.stdout.close()


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True,
                          text=True).stdout


def _clean_notebook():
    """A notebook as committed: no outputs, the kernel metadata JupyterLab would write."""
    dev = _dev()
    return nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1 + 1")], metadata={
        "kernelspec": dev.KERNELSPEC, "language_info": dev.LANGUAGE_INFO})


def _notebook_with_output(path: Path) -> None:
    """Run ``path`` as a designer would and save it: an output, a count, widget state."""
    nb = nbformat.read(path, 4) if path.exists() else _clean_notebook()
    nb.cells[0].execution_count = 1
    nb.cells[0].outputs = [nbformat.v4.new_output("execute_result", {"text/plain": "2"},
                                                  execution_count=1)]
    nb.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {}}}
    nbformat.write(nb, path)


@pytest.fixture
def repo(tmp_path):
    """A git repository with this project's .gitattributes and dev.py, on this .venv."""
    if shutil.which("git") is None:
        pytest.skip("no git")
    _git(tmp_path, "init", "-q")
    _git(tmp_path, "config", "user.email", "t@example.org")
    _git(tmp_path, "config", "user.name", "t")
    for name in (".gitattributes", "dev.py"):
        shutil.copy(ROOT / name, tmp_path / name)
    (tmp_path / ".venv").symlink_to(ROOT / ".venv")
    (tmp_path / "notebooks").mkdir()
    return tmp_path


def test_lab_installs_nbstripout_so_outputs_never_reach_git_or_its_diff(repo):
    dev = _dev()
    dev.ensure_git_filter(repo)
    for key, value in dev.GIT_FILTER.items():
        assert _git(repo, "config", "--get", key).strip() == value
    nb = repo / "notebooks" / "a.ipynb"
    nbformat.write(_clean_notebook(), nb)
    _git(repo, "add", "notebooks/a.ipynb")
    _git(repo, "commit", "-qm", "a notebook")
    clean = nb.read_text()
    assert dev.fit_notebooks(repo / "notebooks", "3.99.1") == [nb]  # what dev.py lab does
    assert nbformat.read(nb, 4).metadata.language_info.version == "3.99.1"
    assert dev.fit_notebooks(repo / "notebooks", "3.99.1") == []  # once
    assert _git(repo, "diff", "--", "notebooks") == ""
    _notebook_with_output(nb)
    assert _git(repo, "diff", "--", "notebooks") == ""  # (status may list it: its size changed)
    _git(repo, "add", "notebooks/a.ipynb")
    assert _git(repo, "diff", "--cached", "--", "notebooks") == ""  # nothing to commit
    committed = json.loads(_git(repo, "show", ":notebooks/a.ipynb"))
    assert committed["cells"][0]["outputs"] == [] and "widgets" not in committed["metadata"]
    assert committed["cells"][0]["id"] == json.loads(clean)["cells"][0]["id"]  # ids kept
    assert dev.committed_notebook_problems(repo) == []


def test_the_test_command_refuses_a_committed_output(repo):
    dev = _dev()  # no filter installed: an output goes into git as it is
    _notebook_with_output(repo / "notebooks" / "a.ipynb")
    _git(repo, "add", "notebooks/a.ipynb")
    assert dev.committed_notebook_problems(repo) == [
        "notebooks/a.ipynb is committed with execution counts, outputs, widget state"]
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1 + 1")]),
                   repo / "notebooks" / "a.ipynb")  # no outputs, but not the kernel's metadata
    _git(repo, "add", "notebooks/a.ipynb")
    assert dev.committed_notebook_problems(repo) == [
        "notebooks/a.ipynb is committed with kernel metadata that JupyterLab rewrites when it "
        "opens the notebook"]


def test_the_committed_notebooks_have_no_outputs():
    assert _dev().committed_notebook_problems() == []


def test_the_test_command_runs_ruff_the_contracts_and_the_notebook_check_before_pytest(
        monkeypatch):
    dev, runs = _dev(), []
    monkeypatch.setattr(dev, "ensure_venv", lambda test=False: None)
    monkeypatch.setattr(dev, "ensure_chromium", lambda: None)
    monkeypatch.setattr(dev, "_run", lambda *cmd, **kw: runs.append([str(c) for c in cmd]))
    monkeypatch.setattr(dev, "committed_notebook_problems",
                        lambda root=dev.ROOT: ["notebooks/x.ipynb is committed with outputs"])
    assert dev.main(["test", "-q"]) == 1  # pytest never ran
    assert runs == [[str(dev.PY), "-m", "ruff", "check", "."], [str(dev.LINT_IMPORTS)]]
    monkeypatch.setattr(dev, "committed_notebook_problems", lambda root=dev.ROOT: [])
    runs.clear()
    assert dev.main(["test", "-q", "tests/test_dist.py"]) == 0
    assert runs == [[str(dev.PY), "-m", "ruff", "check", "."], [str(dev.LINT_IMPORTS)],
                    [str(dev.PY), "-m", "pytest", "-n", "auto", "--dist", "loadfile",
                     "-q", "tests/test_dist.py"]]
    assert dev.LINT_IMPORTS.parent == dev.BIN
