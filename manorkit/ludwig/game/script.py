"""A game named step by step: each step is the text of an action or a random outcome as
``str`` shows it (``"take Food 3"``, ``"Room Card revealed to the Market: Food 3"``)."""

from __future__ import annotations

from collections.abc import Iterable

from .actions import IllegalAction
from .state import State, new_game


def step(state: State, text: str) -> State:
    """The state after the decision or outcome whose text is ``text``."""
    options = ([o for o, _ in state.chance_outcomes()] if state.is_chance
               else state.legal_actions())
    for option in options:
        if str(option) == text:
            return state.apply(option)
    shown = ", ".join(map(str, options[:12])) + (" …" if len(options) > 12 else "")
    raise IllegalAction(f"step {state.depth + 1}: {text!r} is not possible now; expected "
                        f"one of {shown}")


def play(steps: Iterable[str], state: State | None = None, **kwargs) -> State:
    """``steps`` from ``state`` (default: ``new_game(**kwargs)``)."""
    state = state if state is not None else new_game(**kwargs)
    for text in steps:
        state = step(state, text)
    return state
