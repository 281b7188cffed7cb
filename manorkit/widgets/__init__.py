"""Notebook widgets for any game: :class:`RunStepper` for states that follow the run protocol
(``legal_actions``, ``is_chance``, ``chance_outcomes``, ``apply``, ``resolve``, ``undo``,
``at``, ``to_json``, ``log`` …), and :class:`Explorer` (with :class:`Table`): controls over an
answer that follows them. Nothing here imports a game; ipywidgets loads on first use.
"""


def __getattr__(name: str):
    if name == "RunStepper":
        from .stepper import RunStepper

        return RunStepper
    if name in ("Explorer", "Table"):
        from . import explorer

        return getattr(explorer, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["Explorer", "RunStepper", "Table"]
