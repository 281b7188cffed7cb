"""Set up manorkit's virtualenv on first use, then open the workbench, share it or run every
check.

    python3 dev.py lab    # JupyterLab over the project, on notebooks/00_start_here.ipynb
    python3 dev.py share notebooks/08_run_stepper.ipynb -o run.html
                          # run a notebook, write one HTML file that opens offline
    python3 dev.py app    # the notebooks as a web app (Voila) on http://127.0.0.1:8866/;
                          # --network serves the local network too, --port N another port
    python3 dev.py test   # ruff, the import contracts (lint-imports), the unit tests and
                          # every notebook (what .ci/run runs)

Needs only Python 3.11+. The virtualenv lives in .venv/ (ignored by git); ``lab`` installs
only what the workbench needs, ``test`` adds the test tools; each reinstalls when
pyproject.toml changes. JupyterLab opens with the project as its root (``data/`` is in its
file browser) and never asks for news or checks for updates: both reach for the network.
``test`` also installs Debian's chromium package with apt-get when /usr/bin/chromium is
missing: the browser test drives it with Playwright.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / ("python.exe" if os.name == "nt" else "python")
#: import-linter's command: the import contracts of pyproject.toml (arrows point down only).
LINT_IMPORTS = BIN / ("lint-imports.exe" if os.name == "nt" else "lint-imports")
#: Installed-for stamps: the workbench alone, and the workbench with its test tools.
STAMPS = {False: VENV / ".manorkit-installed", True: VENV / ".manorkit-installed-test"}
START = "notebooks/00_start_here.ipynb"
#: JupyterLab's app settings in the virtualenv, and the overrides dev.py puts there: no news
#: question and no update check (both reach for the network), and widget state saved with a
#: notebook so a reopened notebook still shows each explorer's last answer.
LAB_SETTINGS = VENV / "share" / "jupyter" / "lab" / "settings"
LAB_OVERRIDES = {
    "@jupyterlab/apputils-extension:notification": {"checkForUpdates": False,
                                                    "fetchNews": "false"},
    "@jupyter-widgets/jupyterlab-manager:plugin": {"saveState": True},
}
CHROMIUM = Path("/usr/bin/chromium")
#: Debian packages for the browser test: the browser, and a small font for its screenshots.
BROWSER_PACKAGES = ("chromium", "fonts-dejavu-core")


def _run(*cmd: object, cwd: Path = ROOT) -> None:
    print("$", " ".join(str(c) for c in cmd), flush=True)
    subprocess.run([str(c) for c in cmd], cwd=cwd, check=True)


def install_command(test: bool) -> list[object]:
    """The pip command that installs manorkit (with its test tools when ``test``), showing
    pip's progress."""
    return [PY, "-m", "pip", "install", "-e", ".[test]" if test else "."]


def ensure_venv(test: bool = False) -> None:
    """Create .venv and install manorkit (with its test extras when ``test``), once per
    pyproject version."""
    want = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    stamp = STAMPS[test]
    if stamp.exists() and stamp.read_text() == want and PY.exists():
        return
    if not PY.exists():
        print("Creating .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
    _run(PY, "-m", "pip", "install", "--upgrade", "pip")
    _run(*install_command(test))
    _run(PY, "-m", "ipykernel", "install", "--sys-prefix", "--name", "python3")
    for kind in (False, True) if test else (False,):  # the test install covers the workbench
        STAMPS[kind].write_text(want)


def ensure_chromium() -> None:
    """Install Debian's chromium (and a font) with apt-get when /usr/bin/chromium is missing."""
    if CHROMIUM.exists():
        return
    apt = shutil.which("apt-get")
    if apt is None:
        print(f"{CHROMIUM} is missing and there is no apt-get: install Chromium yourself "
              "for tests/test_browser.py", flush=True)
        return
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    print(f"{CHROMIUM} is missing: installing Debian's chromium for the browser test",
          flush=True)
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for args in (("update",), ("install", "-y", "--no-install-recommends", *BROWSER_PACKAGES)):
        cmd = [*sudo, apt, *args]
        print("$", " ".join(cmd), flush=True)
        subprocess.run(cmd, check=True, env=env)


def write_lab_settings(folder: Path = LAB_SETTINGS) -> Path:
    """Write JupyterLab's ``overrides.json`` (:data:`LAB_OVERRIDES`) into ``folder``, by
    default the virtualenv's app settings."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "overrides.json"
    path.write_text(json.dumps(LAB_OVERRIDES, indent=2) + "\n", encoding="utf-8")
    return path


def lab_command() -> list[object]:
    """JupyterLab with the project as root, opening the start notebook, never calling out."""
    root = ["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []
    return [PY, "-m", "jupyter", "lab", *root, f"--ServerApp.root_dir={ROOT}",
            "--LabApp.news_url=None",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate", START]


def lab() -> None:
    ensure_venv()
    write_lab_settings()
    _run(*lab_command())


def share(args: list[str]) -> None:
    """Run ``python -m manorkit.share ARGS`` in the virtualenv (``app ...`` serves Voila),
    from the current folder, so paths are the caller's."""
    ensure_venv()
    _run(PY, "-m", "manorkit.share", *args, cwd=Path.cwd())


def test(extra: list[str]) -> None:
    ensure_venv(test=True)
    ensure_chromium()
    _run(PY, "-m", "ruff", "check", ".")
    _run(LINT_IMPORTS)
    _run(PY, "-m", "pytest", *extra)


def main(argv: list[str]) -> int:
    commands = {"lab": lambda rest: lab(), "test": test, "share": share,
                "app": lambda rest: share(["app", *rest])}
    if not argv or argv[0] not in commands:
        print(__doc__)
        return 2
    try:
        commands[argv[0]](argv[1:])
    except subprocess.CalledProcessError as err:
        return err.returncode or 1
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
