"""manorkit: a Jupyter-first design workbench for manor-crawling board games.

The primary game is the Blue Prince tabletop adaptation (:mod:`manorkit.blueprince`).
Exact distributions live in :mod:`manorkit.dist`; offline charts in :mod:`manorkit.charts`.
"""

from pathlib import Path

__version__ = "0.1.0"

#: The folder holding the shipped rules data (``data/`` at the top of the repository).
DATA_DIR = Path(__file__).resolve().parent.parent / "data"

from . import charts  # noqa: E402,F401  (switches altair to an offline renderer)
