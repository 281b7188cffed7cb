"""environment.yml (conda) and pyproject.toml (pip) must list the same dependencies; dev.py
installs what the browser test needs."""

import importlib.util
import re
import tomllib
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
REQ = re.compile(r"^\s*([A-Za-z0-9_.\-]+)\s*(.*)$")


def _parse(spec: str) -> tuple[str, str]:
    m = REQ.match(spec)
    assert m, f"cannot parse requirement {spec!r}"
    return m[1].lower().replace("_", "-"), m[2].replace(" ", "")


def pyproject_deps() -> dict[str, str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    specs = project["dependencies"] + project["optional-dependencies"]["test"]
    return dict(_parse(s) for s in specs)


def conda_deps() -> tuple[dict[str, str], list]:
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    deps, pip = {}, []
    for item in env["dependencies"]:
        if isinstance(item, dict):
            pip += item["pip"]
        elif item not in {"pip"}:
            name, bound = _parse(item)
            deps[name] = bound
    return deps, pip


def test_same_dependencies_and_bounds():
    conda, _ = conda_deps()
    python = conda.pop("python")
    assert conda == pyproject_deps()
    requires = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["requires-python"]
    assert python == requires


def test_environment_installs_the_package_with_pip():
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    assert "conda-forge" in env["channels"]
    _, pip = conda_deps()
    assert "-e ." in pip


def test_parser_sees_a_drift():
    assert _parse("pandas>=2.2,<4") != _parse("pandas>=2.1,<4")


def _dev():
    spec = importlib.util.spec_from_file_location("dev", ROOT / "dev.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_dev_installs_chromium_with_apt_only_when_it_is_missing(monkeypatch, tmp_path):
    dev, calls = _dev(), []
    monkeypatch.setattr(dev, "CHROMIUM", tmp_path / "chromium")
    monkeypatch.setattr(dev.shutil, "which", lambda name: f"/usr/bin/{name}")
    monkeypatch.setattr(dev.os, "geteuid", lambda: 0)
    monkeypatch.setattr(dev.subprocess, "run", lambda cmd, **kw: calls.append(cmd))
    dev.ensure_chromium()
    assert calls == [["/usr/bin/apt-get", "update"],
                     ["/usr/bin/apt-get", "install", "-y", "--no-install-recommends",
                      "chromium", "fonts-dejavu-core"]]
    calls.clear()
    (tmp_path / "chromium").touch()
    dev.ensure_chromium()
    assert calls == []


def test_playwright_comes_from_the_test_extra_and_never_downloads_a_browser():
    assert "playwright" in pyproject_deps()
    assert "playwright install" not in (ROOT / "dev.py").read_text()


def test_dev_shares_and_serves_through_the_virtualenv_from_the_callers_folder(monkeypatch):
    dev, calls = _dev(), []
    monkeypatch.setattr(dev, "ensure_venv", lambda: None)
    monkeypatch.setattr(dev.subprocess, "run", lambda cmd, **kw: calls.append((cmd, kw["cwd"])))
    assert dev.main(["share", "notebooks/x.ipynb", "-o", "x.html"]) == 0
    assert dev.main(["app", "--network", "--port", "9000"]) == 0
    here, py = Path.cwd(), str(dev.PY)
    assert calls == [([py, "-m", "manorkit.share", "notebooks/x.ipynb", "-o", "x.html"], here),
                     ([py, "-m", "manorkit.share", "app", "--network", "--port", "9000"], here)]
