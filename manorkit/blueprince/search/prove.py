"""Proofs that a determinized day cannot be won, without searching it.

:func:`hopeless` returns the reason when one of its arguments shows that no line from a
moment wins, else an empty string. Each argument is sound for the rules it checks it can
speak for, and silent otherwise: a ``lost`` verdict never rests on a guess.
"""

from __future__ import annotations


def hopeless(state, counts: dict, det) -> str:
    """Why no line from ``state`` (with ``counts`` events of each chance stream used, under
    ``det``) can win, or ``""`` when no argument here shows it."""
    if state.over is not None and state.over != "won":
        return f"the day is over ({state.over})"
    return ""


__all__ = ["hopeless"]
