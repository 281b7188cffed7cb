"""manorkit: a Jupyter-first design workbench for manor-crawling board games.

The primary game is the Blue Prince tabletop adaptation (:mod:`manorkit.blueprince`).
Exact distributions live in :mod:`manorkit.dist`; offline charts in :mod:`manorkit.charts`.

Importing manorkit does not import altair or pandas (they take seconds to load). Charts still
render offline: if altair is already loaded, :mod:`manorkit.charts` switches its renderer now;
otherwise a one-shot import hook switches it the moment altair is first imported.
"""

import sys
from importlib.abc import MetaPathFinder
from importlib.util import find_spec
from pathlib import Path

__version__ = "0.1.0"

#: The folder holding the shipped rules data (``data/`` at the top of the repository).
DATA_DIR = Path(__file__).resolve().parent.parent / "data"


def _offline_charts() -> None:
    from . import charts  # noqa: F401  (switches altair to an offline renderer)


class _AltairHook(MetaPathFinder):
    """Runs :func:`_offline_charts` right after altair's own module has loaded."""

    def find_spec(self, name, path=None, target=None):
        if name != "altair":
            return None
        if self in sys.meta_path:
            sys.meta_path.remove(self)
        spec = find_spec(name)
        if spec is None or spec.loader is None or not hasattr(spec.loader, "exec_module"):
            return spec
        exec_altair = spec.loader.exec_module

        def exec_module(module):
            exec_altair(module)
            _offline_charts()

        spec.loader.exec_module = exec_module
        return spec


if "altair" in sys.modules:
    _offline_charts()
elif not any(isinstance(finder, _AltairHook) for finder in sys.meta_path):
    sys.meta_path.insert(0, _AltairHook())
