"""Golden days are :class:`~manorkit.blueprince.engine.script.Script` values; their event
logs are committed as text."""

from __future__ import annotations

from manorkit.blueprince.engine.script import Script, choose, play
from manorkit.blueprince.engine.state import State

__all__ = ["Script", "choose", "log_text", "play"]


def log_text(state: State) -> str:
    """The event log as committed text: one line per event."""
    lines = [f"{e.step:>3} | {e.action} | {e.effect} | {e.section}"
             for e in state.log.itertuples()]
    r = state.resources
    lines.append(f"END | over={state.over} steps={r['steps']} gems={r['gems']} "
                 f"keys={r['keys']} coins={r['coins']} items={sorted(state.items)} "
                 f"carry={dict(sorted(state.carry.items()))}")
    return "\n".join(lines) + "\n"
