"""Many days in a table: :func:`simulate` plays ``n`` days with a policy, locally or on a
process pool, with results fixed by the root seed whatever the backend or worker count."""

from __future__ import annotations

import random

from ..engine.actions import Chance, Move, OpenTrunk, Redraw, Unlock
from ..engine.fast import play_fast
from ..engine.setup import new_day
from ..rules import Rules, load_rules
from .policies import Policy

COLUMNS = ("day", "seed", "won", "ended", "deepest_rank", "rooms_drafted", "steps", "gems",
           "keys", "coins", "keys_spent", "locks_met", "redraws", "turns", "actions")
BATCH = 50
MAX_STEPS = 10_000


def day_seeds(seed: int, n: int) -> list[int]:
    """Day ``i``'s seed: the first 32-bit word of ``SeedSequence(seed).spawn(n)[i]``."""
    import numpy as np

    return [int(c.generate_state(1)[0]) for c in np.random.SeedSequence(seed).spawn(n)]


def play(rules: Rules, policy: Policy, seed: int, fast: bool = True):
    """One day from ``new_day(rules, seed)``: ``policy`` decides with ``random.Random(seed)``
    and one generator for the day, ``random.Random(f"chance:{seed}")``, resolves chance.

    ``fast`` plays it in place (:class:`~manorkit.blueprince.engine.fast.FastDay`, the same
    rules with cheaper bookkeeping); else through the immutable :meth:`State.apply`. Both
    give the same day, action for action; the fast day rebuilds its state with ``state()``.
    """
    state, rng = new_day(rules, seed=seed), random.Random(seed)
    chance = random.Random(f"chance:{seed}")
    if fast:
        try:
            return play_fast(state, policy, rng, chance, MAX_STEPS)
        except RuntimeError:
            raise RuntimeError(f"day with seed {seed} did not end within {MAX_STEPS} "
                               "steps") from None
    for _ in range(MAX_STEPS):
        if state.is_over:
            return state
        state = state.resolve(chance) if state.is_chance else state.apply(policy(state, rng))
    raise RuntimeError(f"day with seed {seed} did not end within {MAX_STEPS} steps")


def summary(day: int, seed: int, state, start: frozenset) -> dict:
    """The table row of one finished day (see :data:`COLUMNS`); ``start`` holds the cells
    placed at setup (the Entrance Hall, the Antechamber), not counted as drafted."""
    history = state.history
    decisions = [a for a in history if not isinstance(a, Chance)]
    keys_spent = sum((isinstance(a, Unlock) and a.method == "key")
                     + (isinstance(a, OpenTrunk) and a.method == "key")
                     + (a.pay.count("key") if isinstance(a, Move) else 0) for a in decisions)
    r, drafted = state.resources, [c for c in state.board if c not in start]
    return {"day": day, "seed": seed, "won": state.won, "ended": state.over,
            "deepest_rank": max((c[0] for c in drafted), default=1),
            "rooms_drafted": len(drafted), "steps": r["steps"], "gems": r["gems"],
            "keys": r["keys"], "coins": r["coins"], "keys_spent": keys_spent,
            "locks_met": sum(isinstance(a, Unlock) for a in decisions),
            "redraws": sum(isinstance(a, Redraw) for a in decisions), "turns": state.turn,
            "actions": len(decisions)}


def run_batch(rules: Rules, policy: Policy, days: list[tuple[int, int]], events: bool,
              fast: bool = True):
    """Rows (and event logs, each with its ``day``) of ``days``, a list of (day, seed)."""
    rows, logs = [], []
    for day, seed in days:
        state = play(rules, policy, seed, fast)
        rows.append(summary(day, seed, state, frozenset(state.at(0).board)))
        if events:
            logs.append(state.log.assign(day=day))
    return rows, logs


def simulate(policy: Policy, n: int, rules: Rules | None = None, seed: int = 0,
             backend: str = "local", processes: int | None = None, progress: bool | None = None,
             events: bool = False, fast: bool = True):
    """Play ``n`` days with ``policy``; one row per day with the columns of :data:`COLUMNS`.

    Day seeds come from :func:`day_seeds`, so the table is identical for ``backend="local"``
    and ``backend="processes"`` (a ``ProcessPoolExecutor`` with ``processes`` workers, days
    in batches of 50; ``policy`` and ``rules`` must pickle). ``progress``: a ``tqdm.auto``
    bar (default: when ``n`` ≥ 200). ``events=True`` returns ``(table, log)``, ``log`` being
    every day's ``state.log`` concatenated with a ``day`` column. ``fast`` (default) plays
    each day in place (:func:`play`); ``fast=False`` through the immutable states: the same
    table, slower.
    """
    import pandas as pd

    if backend not in ("local", "processes"):
        raise ValueError(f"backend must be 'local' or 'processes', got {backend!r}")
    rules = rules or load_rules()
    days = list(enumerate(day_seeds(seed, n)))
    batches = [days[i:i + BATCH] for i in range(0, n, BATCH)]
    bar = _bar(n, progress)
    rows, logs = [], []

    def collect(result) -> None:
        rows.extend(result[0])
        logs.extend(result[1])
        if bar is not None:
            bar.update(len(result[0]))

    if backend == "local":
        for batch in batches:
            collect(run_batch(rules, policy, batch, events, fast))
    else:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(processes) as pool:
            for result in pool.map(run_batch, *zip(*[(rules, policy, b, events, fast)
                                                      for b in batches], strict=True)):
                collect(result)
    if bar is not None:
        bar.close()
    table = pd.DataFrame(rows, columns=list(COLUMNS)).astype(DTYPES)
    if not events:
        return table
    return table, (pd.concat(logs, ignore_index=True) if logs else pd.DataFrame())


DTYPES = {c: "int64" for c in COLUMNS} | {"won": "bool", "ended": "string"}


def _bar(n: int, progress: bool | None):
    if not (n >= 200 if progress is None else progress):
        return None
    from tqdm.auto import tqdm

    return tqdm(total=n, unit="day")
