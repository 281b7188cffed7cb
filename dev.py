"""Set up manorkit's virtualenv on first use, then open the workbench or run every check.

    python3 dev.py lab    # JupyterLab on notebooks/00_start_here.ipynb
    python3 dev.py test   # ruff, the unit tests and every notebook (what .ci/run runs)

Needs only Python 3.11+. The virtualenv lives in .venv/ (ignored by git); it is
reinstalled when pyproject.toml changes.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / ("python.exe" if os.name == "nt" else "python")
STAMP = VENV / ".manorkit-installed"


def _run(*cmd: object) -> None:
    print("$", " ".join(str(c) for c in cmd), flush=True)
    subprocess.run([str(c) for c in cmd], cwd=ROOT, check=True)


def ensure_venv() -> None:
    """Create .venv and install manorkit with its test extras, once per pyproject version."""
    want = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if STAMP.exists() and STAMP.read_text() == want and PY.exists():
        return
    if not PY.exists():
        print("Creating .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
    _run(PY, "-m", "pip", "install", "--quiet", "--upgrade", "pip")
    _run(PY, "-m", "pip", "install", "--quiet", "-e", ".[test]")
    _run(PY, "-m", "ipykernel", "install", "--sys-prefix", "--name", "python3")
    STAMP.write_text(want)


def lab() -> None:
    ensure_venv()
    root = ["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []
    _run(PY, "-m", "jupyter", "lab", *root, "notebooks/00_start_here.ipynb")


def test(extra: list[str]) -> None:
    ensure_venv()
    _run(PY, "-m", "ruff", "check", ".")
    _run(PY, "-m", "pytest", *extra)


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in {"lab", "test"}:
        print(__doc__)
        return 2
    try:
        lab() if argv[0] == "lab" else test(argv[1:])
    except subprocess.CalledProcessError as err:
        return err.returncode or 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
