"""Every golden script, gathered from the family modules ``tests/golden/days_*.py``."""

from __future__ import annotations

import importlib
from pathlib import Path

from .play import Script

HERE = Path(__file__).resolve().parent
LOGS = HERE / "logs"


def scripts() -> dict[str, Script]:
    """Name → script, from every ``days_*.py`` module's ``SCRIPTS``; names are unique."""
    out: dict[str, Script] = {}
    for path in sorted(HERE.glob("days_*.py")):
        module = importlib.import_module(f"tests.golden.{path.stem}")
        for name, script in module.SCRIPTS.items():
            if name in out:
                raise KeyError(f"golden script {name!r} is defined twice")
            out[name] = script
    return out
