"""Play a scripted day: each step names a legal action or a chance outcome by its text.

A step is the ``str()`` of a legal action (``"draft north from Entrance Hall (1, 3)"``, or
any unique prefix of one), or of a chance outcome as ``"<label>: <value>"`` (``"tile drawn:
Den"``, ``"lock roll: OPEN"``), or ``"settle"`` (resolve random steps with the run's seed).
A step that names nothing legal raises :class:`IllegalAction`, listing what is.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..rules import Rules, load_rules
from .actions import Action, IllegalAction
from .setup import Campaign
from .state import State, new_day


@dataclass(frozen=True)
class Script:
    """A scripted day: its steps, the seed, the variants chosen and a campaign."""

    steps: tuple[str, ...]
    seed: int = 0
    variants: dict = field(default_factory=dict)
    campaign: Campaign | None = None


def choose(state: State, text: str) -> Action:
    """The legal action or chance outcome that ``text`` names (exactly, or as a unique
    prefix)."""
    options = [c for c, _ in state.chance_outcomes()] if state.is_chance else \
        state.legal_actions()
    names = [str(o) for o in options]
    if text in names:
        return options[names.index(text)]
    found = [o for o, n in zip(options, names, strict=True) if n.startswith(text)]
    if len(found) == 1:
        return found[0]
    what = "ambiguous" if found else "not legal"
    raise IllegalAction(f"step {text!r} is {what} at depth {state.depth}; options: {names}")


def play(script: Script, rules: Rules | None = None) -> State:
    """The state a script reaches (with ``rules``, or the shipped rules and its variants)."""
    rules = rules or load_rules(**script.variants)
    state = new_day(rules, seed=script.seed, campaign=script.campaign)
    for text in script.steps:
        state = state.settle() if text == "settle" else state.apply(choose(state, text))
    return state
