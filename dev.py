"""Set up manorkit's virtualenv on first use, then open the workbench, share it or run every
check.

    python3 dev.py lab    # JupyterLab over the project, on notebooks/00_start_here.ipynb
                          # (more arguments go to jupyter lab, e.g. --no-browser --port 9000)
    python3 dev.py share notebooks/08_run_stepper.ipynb -o run.html
                          # run a notebook, write one HTML file that opens offline
    python3 dev.py app    # the notebooks as a web app (Voila) on http://127.0.0.1:8866/;
                          # --network serves the local network too, --port N another port
    python3 dev.py test   # ruff, the import contracts (lint-imports), the committed
                          # notebooks free of outputs, the unit tests and every notebook
                          # (what .ci/run runs)

Needs only Python 3.11+. The virtualenv lives in .venv/ (ignored by git); ``lab`` installs
only what the workbench needs, ``test`` adds the test tools; each reinstalls when
pyproject.toml changes. JupyterLab opens with the project as its root (``data/`` is in its
file browser) and never asks for news or checks for updates: both reach for the network.
In a git checkout ``lab`` installs nbstripout as the repository's git filter (named in
.gitattributes), so a designer's saved outputs never reach a commit or ``git diff``.
SIGTERM or SIGHUP to ``dev.py lab`` is passed on to JupyterLab, and dev.py waits for it.
``test`` also installs Debian's chromium package with apt-get when /usr/bin/chromium is
missing: the browser test drives it with Playwright.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import signal
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
#: The git filter that strips outputs, execution counts and widget state from notebooks on
#: their way into git (cell ids are kept), and shows diffs without them. Git runs a filter in
#: the top folder of the checkout, so the path is relative: each worktree uses its own .venv.
#: The Python version in a notebook's metadata, which fit_notebooks() writes for this
#: machine, is stripped too.
VENV_PY = (PY.relative_to(ROOT)).as_posix()
STRIP = f"{VENV_PY} -m nbstripout --keep-id --extra-keys metadata.language_info.version"
GIT_FILTER = {"filter.nbstripout.clean": STRIP, "filter.nbstripout.smudge": "cat",
              "diff.ipynb.textconv": f"{STRIP} -t"}
#: The kernel the notebooks run on, as JupyterLab writes it into a notebook's metadata when
#: the kernel starts; a committed notebook carries exactly this (all but the Python version,
#: which differs from machine to machine), so that opening it changes nothing.
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
LANGUAGE_INFO = {"codemirror_mode": {"name": "ipython", "version": 3}, "file_extension": ".py",
                 "mimetype": "text/x-python", "name": "python", "nbconvert_exporter": "python",
                 "pygments_lexer": "ipython3"}
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
    _run(PY, "-m", "ipykernel", "install", "--sys-prefix", "--name", KERNELSPEC["name"],
         "--display-name", KERNELSPEC["display_name"])
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


def lab_command(*extra: str) -> list[object]:
    """JupyterLab with the project as root, opening the start notebook (the address it prints
    opens it too), never calling out; ``extra`` arguments go to jupyter lab. Voila's server
    extension stays off here (``dev.py app`` serves Voila): it switches on traitlets'
    deprecation warnings, which jupyter-server then prints at start."""
    root = ["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []
    return [PY, "-m", "jupyterlab", *root, f"--ServerApp.root_dir={ROOT}",
            f"--LabApp.default_url=/lab/tree/{START}",
            '--ServerApp.jpserver_extensions={"voila.server_extension": False}',
            "--LabApp.news_url=None",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate", *extra]


def ensure_git_filter(root: Path = ROOT) -> None:
    """Install :data:`GIT_FILTER` in the repository's config, when ``root`` is a git checkout
    and it is not there yet."""
    git = shutil.which("git")
    if git is None or not (root / ".git").exists():
        return
    for key, value in GIT_FILTER.items():
        now = subprocess.run([git, "config", "--get", key], cwd=root, capture_output=True,
                             text=True).stdout.strip()
        if now != value:
            _run(git, "config", key, value, cwd=root)


def serve(cmd: list[object]) -> int:
    """Run a server until it ends: SIGTERM and SIGHUP to dev.py are passed on to it, Ctrl-C
    reaches it from the terminal, and dev.py waits for it either way (no orphan keeps
    serving)."""
    print("$", " ".join(str(c) for c in cmd), flush=True)
    child = subprocess.Popen([str(c) for c in cmd], cwd=ROOT)
    caught = [s for s in (getattr(signal, "SIGTERM", None), getattr(signal, "SIGHUP", None))
              if s is not None]
    before = {s: signal.signal(s, lambda signum, _frame: child.send_signal(signum))
              for s in caught}
    try:
        while True:
            try:
                return child.wait()
            except KeyboardInterrupt:  # the terminal sent it to the server too: wait for it
                continue
    finally:
        for s, handler in before.items():
            signal.signal(s, handler)


def kernel_version() -> str:
    """The Python version the virtualenv's kernel reports (``language_info.version``)."""
    return subprocess.run([PY, "-c", "import sys; print(sys.version.split()[0])"],
                          capture_output=True, text=True, check=True).stdout.strip()


def fit_notebooks(folder: Path, version: str) -> list[Path]:
    """Write ``version`` into the ``language_info`` of every notebook in ``folder`` that lacks
    it (as committed) or has another, as JupyterLab would on opening it, so that opening a
    notebook leaves it unmodified; the git filter strips it again. Returns those changed."""
    changed = []
    for path in sorted(folder.glob("*.ipynb")):
        nb = json.loads(path.read_text(encoding="utf-8"))
        info = nb.get("metadata", {}).get("language_info")
        if info is None or info.get("name") != "python" or info.get("version") == version:
            continue
        info["version"] = version
        path.write_text(json.dumps(nb, sort_keys=True, indent=1, ensure_ascii=False) + "\n",
                        encoding="utf-8")  # as nbformat writes
        changed.append(path)
    return changed


def lab(extra: list[str]) -> int:
    ensure_venv()
    write_lab_settings()
    ensure_git_filter()
    fit_notebooks(ROOT / "notebooks", kernel_version())
    return serve(lab_command(*extra))


def share(args: list[str]) -> None:
    """Run ``python -m manorkit.share ARGS`` in the virtualenv (``app ...`` serves Voila),
    from the current folder, so paths are the caller's."""
    ensure_venv()
    _run(PY, "-m", "manorkit.share", *args, cwd=Path.cwd())


def committed_notebook_problems(root: Path = ROOT) -> list[str]:
    """Each notebook under ``notebooks/`` whose committed copy (git's index; the file itself
    outside a checkout) keeps outputs, execution counts or widget state, and what it keeps."""
    git = shutil.which("git")
    checkout = git is not None and (root / ".git").exists()
    if checkout:
        names = subprocess.run([git, "ls-files", "-z", "--", "notebooks/*.ipynb"], cwd=root,
                               capture_output=True, text=True, check=True).stdout.split("\0")
    else:
        names = [p.relative_to(root).as_posix() for p in root.glob("notebooks/*.ipynb")]
    problems = []
    for name in sorted(filter(None, names)):
        text = (subprocess.run([git, "show", f":{name}"], cwd=root, capture_output=True,
                               text=True, encoding="utf-8", check=True).stdout if checkout
                else (root / name).read_text(encoding="utf-8"))
        nb = json.loads(text)
        kept = sorted({what for cell in nb.get("cells", []) for what, there in (
            ("outputs", bool(cell.get("outputs"))),
            ("execution counts", cell.get("execution_count") is not None)) if there})
        meta = nb.get("metadata", {})
        kept += ["widget state"] if "widgets" in meta else []
        if meta.get("kernelspec") != KERNELSPEC or meta.get("language_info") != LANGUAGE_INFO:
            kept.append("kernel metadata that JupyterLab rewrites when it opens the notebook")
        if kept:
            problems.append(f"{name} is committed with {', '.join(kept)}")
    return problems


def check_notebooks() -> None:
    """Fail when a committed notebook keeps outputs or widget state (see
    :func:`committed_notebook_problems`)."""
    problems = committed_notebook_problems()
    for problem in problems:
        print(f"dev.py test: {problem}; `python3 dev.py lab` installs the git filter that "
              "strips them (nbstripout), then `git add` the notebook again", flush=True)
    if problems:
        raise subprocess.CalledProcessError(1, "check committed notebooks")
    print("committed notebooks: no outputs, no widget state", flush=True)


def test(extra: list[str]) -> None:
    ensure_venv(test=True)
    ensure_chromium()
    _run(PY, "-m", "ruff", "check", ".")
    _run(LINT_IMPORTS)
    check_notebooks()
    _run(PY, "-m", "pytest", "-n", "auto", "--dist", "loadfile", *extra)


def main(argv: list[str]) -> int:
    commands = {"lab": lab, "test": test, "share": share,
                "app": lambda rest: share(["app", *rest])}
    if not argv or argv[0] not in commands:
        print(__doc__)
        return 2
    try:
        code = commands[argv[0]](argv[1:])
    except subprocess.CalledProcessError as err:
        return err.returncode or 1
    except KeyboardInterrupt:
        return 130
    return code or 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
