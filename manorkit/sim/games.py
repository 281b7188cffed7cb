"""Many games of any game on the run protocol, in one table, on any backend.

A *game* is a module, named by its import path (so tasks pickle, and this package imports no
game), with ``new_game(rules=None, seed=0, players=None)``. Its states follow the run
protocol the :class:`~manorkit.widgets.RunStepper` steps (``legal_actions``, ``is_chance``,
``chance_outcomes``, ``apply``, ``resolve(rng)``, ``is_over``, ``history``, ``depth`` ...),
and for a game of several players also:

- ``players``: the players' names in seat order;
- ``player``: whose decision it is now (None at a random step, or once the game is over);
- ``winners``: the names of the players who won, once over (empty when nobody did: a lost
  solitaire or co-operative game);
- optionally ``summary()``: a dict of the game's own columns for the table;

The chance outcomes in ``history`` are the entries whose ``kind`` is ``"chance"``; each may
say what produced it as its ``source`` (:data:`CHANCE_SOURCES`).
A solitaire game has one player. Policies are ``policy(state, rng) -> action``.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping, Sequence

from .backends import BATCH, batches, run_tasks
from .seeds import day_seeds

#: What may produce a random event (a chance outcome's ``source``); any other counts as
#: ``other``.
CHANCE_SOURCES = ("tile", "dice", "card", "other")
COLUMNS = ("game", "seed", "won", "winners", "turns", "decisions", "chance_events",
           *(f"chance_{k}" for k in CHANCE_SOURCES))
MAX_STEPS = 100_000

__all__ = ["CHANCE_SOURCES", "COLUMNS", "event_counts", "play_game", "seat_policies",
           "simulate_games"]


def _module(game):
    return importlib.import_module(game) if isinstance(game, str) else game


def seat_policies(state, policies) -> dict[str, Callable]:
    """Each player's policy: ``policies`` is one policy for every seat, a mapping from player
    name to policy, or a sequence in seat order."""
    players = tuple(getattr(state, "players", None) or ("player",))
    if callable(policies):
        return dict.fromkeys(players, policies)
    if isinstance(policies, Mapping):
        missing = [p for p in players if p not in policies]
        if missing:
            raise ValueError(f"no policy for {', '.join(map(str, missing))}; players are "
                             f"{list(players)}")
        return {p: policies[p] for p in players}
    policies = list(policies)
    if len(policies) != len(players):
        raise ValueError(f"{len(policies)} policies for {len(players)} players {list(players)}")
    return dict(zip(players, policies, strict=True))


def play_game(game, policies, seed: int, rules=None, players=None,
              max_steps: int = MAX_STEPS):
    """The final state of one game of ``game`` (a module or its import path) from
    ``new_game(rules, seed=seed, players=players)``: the policies decide with
    ``random.Random(seed)``, ``random.Random(f"chance:{seed}")`` resolves chance."""
    module = _module(game)
    kwargs = {} if players is None else {"players": players}
    state = module.new_game(rules, seed=seed, **kwargs)
    bots = seat_policies(state, policies)
    one = next(iter(bots.values())) if len(bots) == 1 else None
    rng, chance = random.Random(seed), random.Random(f"chance:{seed}")
    for _ in range(max_steps):
        if state.is_over:
            return state
        if state.is_chance:
            state = state.resolve(chance)
        else:
            bot = one or bots[state.player]
            state = state.apply(bot(state, rng))
    raise RuntimeError(f"{module.__name__} game with seed {seed} did not end within "
                       f"{max_steps} steps")


def event_counts(history, source: Callable | None = None) -> dict[str, int]:
    """The player decisions and random events of a history, by source: ``decisions``,
    ``chance_events`` and ``chance_<source>`` for each of :data:`CHANCE_SOURCES`. An entry
    whose ``kind`` is ``"chance"`` is a random event; ``source(entry)`` says what produced it
    (default: its ``source`` attribute; anything else counts as ``other``)."""
    counts = dict.fromkeys(CHANCE_SOURCES, 0)
    decisions = 0
    for action in history:
        if getattr(action, "kind", None) == "chance":
            found = source(action) if source else getattr(action, "source", None)
            counts[found if found in counts else "other"] += 1
        else:
            decisions += 1
    return {"decisions": decisions, "chance_events": sum(counts.values()),
            **{f"chance_{k}": v for k, v in counts.items()}}


def row(index: int, seed: int, state) -> dict:
    """The table row of one finished game (:data:`COLUMNS`, then its ``summary()``)."""
    winners = tuple(getattr(state, "winners", ()) or ())
    if not winners and getattr(state, "won", False):
        winners = tuple(getattr(state, "players", None) or ("player",))
    out = {"game": index, "seed": seed, "won": bool(winners), "winners": ", ".join(
        map(str, winners)), "turns": int(getattr(state, "turn", 0) or 0),
        **event_counts(state.history)}
    summary = getattr(state, "summary", None)
    if callable(summary):
        out.update(summary())
    return out


def run_batch(game, policies, items: list[tuple[int, int]], rules, players) -> list[dict]:
    """The rows of ``items``, a list of (index, seed)."""
    return [row(index, seed, play_game(game, policies, seed, rules, players))
            for index, seed in items]


def simulate_games(game: str, policies, n: int, *, rules=None, seed: int = 0,
                   players: Sequence[str] | int | None = None, backend: str = "local",
                   processes: int | None = None, client=None, address: str | None = None,
                   progress: bool | None = None, batch: int = BATCH):
    """Play ``n`` games of ``game`` (the import path of its module, e.g.
    ``"manorkit.mystery_mansion"``): one row per game with :data:`COLUMNS` and the game's
    own ``summary()`` columns.

    Game ``i``'s seed is ``day_seeds(seed, n)[i]`` and batches come back in order, so the
    table is identical on ``"local"``, ``"processes"`` and ``"dask"`` with any number of
    workers. ``policies``: one policy for every seat, a mapping from player name to policy,
    or a sequence in seat order (each must pickle for the process and Dask backends).
    """
    import pandas as pd

    if not isinstance(game, str):
        raise TypeError(f"game must be a module's import path (a str), got {game!r}")
    items = list(enumerate(day_seeds(seed, n)))
    tasks = [(game, policies, chunk, rules, players) for chunk in batches(items, batch)]
    results = run_tasks(run_batch, tasks, backend, processes=processes, client=client,
                        address=address, weights=[len(t[2]) for t in tasks], unit="game",
                        progress=n >= 200 if progress is None else progress)
    rows = [r for result in results for r in result]
    extra = [c for c in (rows[0] if rows else {}) if c not in COLUMNS]
    return pd.DataFrame(rows, columns=[*COLUMNS, *extra])
