"""Notebook widgets for any game whose states follow the run protocol (``legal_actions``,
``is_chance``, ``chance_outcomes``, ``apply``, ``resolve``, ``undo``, ``at``, ``to_json``,
``log`` …): :class:`RunStepper`. Nothing here imports a game; ipywidgets loads on first use.
"""


def __getattr__(name: str):
    if name == "RunStepper":
        from .stepper import RunStepper

        return RunStepper
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["RunStepper"]
