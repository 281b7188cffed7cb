"""Golden days are :class:`~manorkit.blueprince.engine.script.Script` values; their event
logs are committed as text."""

from __future__ import annotations

from manorkit.blueprince import load_rules
from manorkit.blueprince.engine.script import Script, choose, play
from manorkit.blueprince.engine.state import State
from manorkit.blueprince.mechanics.drafting import back_text

__all__ = ["Script", "blind", "choose", "log_text", "play"]


def blind(tiles: tuple[str, ...], hide: int | None = None) -> tuple[str, ...]:
    """The steps of a hand drawn face-down with the Archives on the board (§16): each tile's
    back, Slot ``hide`` hidden, the others turned face up as the tiles are."""
    rules = load_rules()
    return (*(f"tile back drawn: {back_text(rules, t)}" for t in tiles),
            *((f"hide Slot {hide}",) if hide else ()),
            *(f"tile revealed: {t}" for slot, t in enumerate(tiles, 1) if slot != hide))


def log_text(state: State) -> str:
    """The event log as committed text: one line per event."""
    lines = [f"{e.step:>3} | {e.action} | {e.effect} | {e.section}"
             for e in state.log.itertuples()]
    r = state.resources
    lines.append(f"END | over={state.over} steps={r['steps']} gems={r['gems']} "
                 f"keys={r['keys']} coins={r['coins']} items={sorted(state.items)} "
                 f"carry={dict(sorted(state.carry.items()))}")
    return "\n".join(lines) + "\n"
