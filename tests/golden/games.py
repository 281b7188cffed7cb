"""Golden peer games: scripted games of the peer games (``games_*.py``, each a ``GAMES``
dict) whose event logs are committed as text in ``game_logs/``.

A step names a legal action or a chance outcome by its text (exactly, or a unique prefix), or
is ``"settle"``: resolve random steps with the seed until a decision is due.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from pathlib import Path

from manorkit.gamestate import IllegalAction

HERE = Path(__file__).resolve().parent
LOGS = HERE / "game_logs"


@dataclass(frozen=True)
class GameScript:
    """A scripted game: its module, steps, seed, players and variants."""

    game: str
    steps: tuple[str, ...]
    seed: int = 0
    players: tuple[str, ...] | None = None
    variants: dict = field(default_factory=dict)


def choose(state, text: str):
    """The legal action or chance outcome ``text`` names (exactly, or a unique prefix)."""
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


def play(script: GameScript):
    """The state a script reaches."""
    module = importlib.import_module(script.game)
    rules = module.load_rules(**script.variants)
    kwargs = {} if script.players is None else {"players": script.players}
    state = module.new_game(rules, seed=script.seed, **kwargs)
    for text in script.steps:
        if text == "settle":
            while state.is_chance:
                state = state.resolve()
        else:
            state = state.apply(choose(state, text))
    return state


def log_text(state) -> str:
    """The event log as committed text: one line per event, then the end."""
    lines = [f"{e.step:>3} | {e.turn} | {e.player} | {e.action} | {e.effect} | {e.section}"
             for e in state.log.itertuples()]
    summary = state.summary() if hasattr(state, "summary") else {}
    lines.append(f"END | over={state.over or '-'} winners={list(state.winners)} "
                 f"summary={summary}")
    return "\n".join(lines) + "\n"


def scripts() -> dict[str, GameScript]:
    """Name → script, from every ``games_*.py`` module's ``GAMES``; names are unique."""
    out: dict[str, GameScript] = {}
    for path in sorted(HERE.glob("games_*.py")):
        module = importlib.import_module(f"tests.golden.{path.stem}")
        for name, script in module.GAMES.items():
            if name in out:
                raise KeyError(f"golden game {name!r} is defined twice")
            out[name] = script
    return out


def main(names: list[str]) -> int:
    """Rewrite golden game logs on purpose: ``python -m tests.golden.games [NAME ...]``."""
    every = scripts()
    unknown = sorted(set(names) - set(every))
    if unknown:
        print(f"unknown golden games: {', '.join(unknown)}")
        return 2
    write_logs(LOGS, ((name, log_text(play(every[name]))) for name in names or sorted(every)))
    return 0


def write_logs(logs: Path, texts) -> None:
    """Write each ``(name, text)`` of ``texts`` to ``logs/<name>.txt`` where it changed."""
    logs.mkdir(exist_ok=True)
    for name, text in texts:
        path = logs / f"{name}.txt"
        old = path.read_text() if path.exists() else None
        if old != text:
            path.write_text(text)
            print(("updated " if old is not None else "created ") + str(path))


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
