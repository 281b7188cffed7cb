"""Play a scripted day: each step names a legal action or a chance outcome by its text.

A step is the ``str()`` of a legal action (``"draft north from Entrance Hall (1, 3)"``, or
any unique prefix of one), or of a chance outcome as ``"<label>: <value>"`` (``"tile drawn:
Den"``, ``"lock roll: OPEN"``), or ``"settle"`` (resolve random steps with the run's seed).
A step that names nothing legal fails, listing what is.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from manorkit.blueprince import load_rules
from manorkit.blueprince.engine import Campaign, Chance, State, new_day


@dataclass(frozen=True)
class Script:
    """A scripted day: the rules' variants, the seed, a campaign and the steps."""

    steps: tuple[str, ...]
    seed: int = 0
    variants: dict = field(default_factory=dict)
    campaign: Campaign | None = None


def choose(state: State, text: str):
    """The legal action or chance outcome that ``text`` names (exactly, or as a unique
    prefix)."""
    if state.is_chance:
        options = [c for c, _ in state.chance_outcomes()]
    else:
        options = state.legal_actions()
    names = [str(o) for o in options]
    if text in names:
        return options[names.index(text)]
    found = [o for o, n in zip(options, names, strict=True) if n.startswith(text)]
    if len(found) == 1:
        return found[0]
    what = "ambiguous" if found else "not legal"
    raise ValueError(f"step {text!r} is {what} at depth {state.depth}; options: {names}")


def play(script: Script, rules=None) -> State:
    rules = rules or load_rules(**script.variants)
    state = new_day(rules, seed=script.seed, campaign=script.campaign)
    for text in script.steps:
        if text == "settle":
            state = state.settle()
            continue
        action = choose(state, text)
        state = state.apply(action if not isinstance(action, Chance) else action)
    return state


def log_text(state: State) -> str:
    """The event log as committed text: one line per event."""
    lines = [f"{e.step:>3} | {e.action} | {e.effect} | {e.section}"
             for e in state.log.itertuples()]
    r = state.resources
    lines.append(f"END | over={state.over} steps={r['steps']} gems={r['gems']} "
                 f"keys={r['keys']} coins={r['coins']} items={sorted(state.items)} "
                 f"carry={dict(sorted(state.carry.items()))}")
    return "\n".join(lines) + "\n"
