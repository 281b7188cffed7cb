"""Many days in a table: :func:`simulate` plays ``n`` days (or ``n`` campaigns of ``days``
days) with a policy, on any backend of :mod:`manorkit.sim.backends`, with results fixed by
the root seed whatever the backend or worker count."""

from __future__ import annotations

import random

from ...sim.backends import BATCH, batches, run_tasks
from ...sim.seeds import day_seeds
from ..engine.actions import Chance, Move, OpenTrunk, Redraw, Unlock
from ..engine.fast import play_fast
from ..engine.setup import Campaign
from ..engine.state import new_day
from ..rules import Rules, load_rules
from .policies import Policy

COLUMNS = ("day", "seed", "won", "ended", "deepest_rank", "rooms_drafted", "steps", "gems",
           "keys", "coins", "keys_spent", "locks_met", "redraws", "turns", "actions")
#: The columns with ``days > 1``: ``campaign`` numbers the campaign, ``day`` is its Day 1, 2…
CAMPAIGN_COLUMNS = ("campaign",) + COLUMNS
#: The columns of the tiles table: every tile drafted onto the board by the end of a day.
TILE_COLUMNS = ("day", "rank", "column", "room")
MAX_STEPS = 10_000

__all__ = ["CAMPAIGN_COLUMNS", "COLUMNS", "TILE_COLUMNS", "day_seeds", "play", "play_campaign",
           "simulate"]


def play(rules: Rules, policy: Policy, seed: int, morning: Campaign | None = None,
         fast: bool = True):
    """One day from ``new_day(rules, seed, morning)``: ``policy`` decides with
    ``random.Random(seed)`` and one generator for the day, ``random.Random(f"chance:{seed}")``,
    resolves chance (:func:`play_out`)."""
    return play_out(new_day(rules, seed=seed, campaign=morning), policy, random.Random(seed),
                    random.Random(f"chance:{seed}"), fast)


def play_out(state, policy: Policy, rng: random.Random, chance: random.Random,
             fast: bool = True):
    """``state`` played to the end of its day: ``policy`` decides with ``rng``, ``chance``
    resolves the random steps. ``fast`` plays it in place
    (:class:`~manorkit.blueprince.engine.fast.FastDay`: the same rules, cheaper bookkeeping;
    it rebuilds its immutable state with ``state()``); else through :meth:`State.apply`.
    Both give the same day, action for action. A policy with ``needs_state`` is always
    played through immutable states."""
    if fast and not getattr(policy, "needs_state", False):
        try:
            return play_fast(state, policy, rng, chance, MAX_STEPS)
        except RuntimeError:
            raise RuntimeError(f"day with seed {state.seed} did not end within {MAX_STEPS} "
                               "steps") from None
    for _ in range(MAX_STEPS):
        if state.is_over:
            return state
        state = state.resolve(chance) if state.is_chance else state.apply(policy(state, rng))
    raise RuntimeError(f"day with seed {state.seed} did not end within {MAX_STEPS} steps")


def play_campaign(rules: Rules, policy: Policy, seed: int, days: int) -> list:
    """The last state of each of ``days`` days of one campaign (§14 Carry-Forward):
    ``new_campaign(rules, seed)``, then each day ``campaign.morning()`` played out
    (:func:`play_out`, the policy deciding with ``random.Random(f"{seed}:{day}")``), then
    ``campaign = campaign.end_day(state)`` carries it forward to the next morning. The days
    are played on immutable states: ``end_day`` needs each day's :class:`State`, and
    rebuilding one from a fast day would replay it a second time."""
    from ..engine import new_campaign

    campaign, finals = new_campaign(rules, seed), []
    for day in range(1, days + 1):
        state = play_out(campaign.morning(), policy, random.Random(f"{seed}:{day}"),
                         random.Random(f"chance:{seed}:{day}"), fast=False)
        finals.append(state)
        if day < days:
            campaign = campaign.end_day(state)
    return finals


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


def run_batch(rules: Rules, policy: Policy, items: list[tuple[int, int]], days: int,
              morning: Campaign | None, events: bool, tiles: bool, fast: bool = True):
    """Rows, event logs and tile rows of ``items``, a list of (index, seed): each a day
    (``days == 1``, from ``morning``) or a campaign of ``days`` days."""
    rows, logs, placed = [], [], []
    for index, seed in items:
        if days == 1:
            played = [(index, {}, play(rules, policy, seed, morning, fast))]
        else:
            played = [(day, {"campaign": index}, s) for day, s in
                      enumerate(play_campaign(rules, policy, seed, days), start=1)]
        for day, key, state in played:
            start = frozenset(state.at(0).board)
            rows.append(key | summary(day, state.seed, state, start))
            if events:
                logs.append(state.log.assign(**key, day=day))
            if tiles:
                placed += [key | {"day": day, "rank": c[0], "column": c[1], "room": t.room}
                           for c, t in state.board.items() if c not in start]
    return rows, logs, placed


def day_tasks(rules: Rules, policy: Policy, n: int, seed: int, days: int = 1,
              morning: Campaign | None = None, events: bool = False, tiles: bool = False,
              batch: int = BATCH, fast: bool = True) -> tuple[list[tuple], list[int]]:
    """The :func:`run_batch` tasks of a :func:`simulate` call and their weights in days."""
    if isinstance(days, bool) or not isinstance(days, int) or days < 1:
        raise ValueError(f"days must be a whole number of at least 1, got {days!r}")
    if days > 1 and morning is not None:
        raise ValueError("morning= sets up single days; a campaign makes its own mornings")
    items = list(enumerate(day_seeds(seed, n)))
    chunks = batches(items, max(1, batch // days))
    return ([(rules, policy, c, days, morning, events, tiles, fast) for c in chunks],
            [len(c) * days for c in chunks])


def tables(results: list, days: int = 1, events: bool = False, tiles: bool = False):
    """The :func:`simulate` return value assembled from :func:`run_batch` results."""
    import pandas as pd

    columns = COLUMNS if days == 1 else CAMPAIGN_COLUMNS
    rows = [r for result in results for r in result[0]]
    table = pd.DataFrame(rows, columns=list(columns)).astype(
        {c: "int64" for c in columns} | {"won": "bool", "ended": "string"})
    out = [table]
    if events:
        logs = [log for result in results for log in result[1]]
        out.append(pd.concat(logs, ignore_index=True) if logs else pd.DataFrame())
    if tiles:
        extra = ("campaign",) if days > 1 else ()
        out.append(pd.DataFrame([t for result in results for t in result[2]],
                                columns=list(extra + TILE_COLUMNS)))
    return out[0] if len(out) == 1 else tuple(out)


def simulate(policy: Policy, n: int, rules: Rules | None = None, seed: int = 0, days: int = 1,
             backend: str = "local", *, processes: int | None = None, client=None,
             address: str | None = None, progress: bool | None = None, events: bool = False,
             tiles: bool = False, morning: Campaign | None = None, batch: int = BATCH,
             fast: bool = True):
    """Play ``n`` days with ``policy``: one row per day with the columns of :data:`COLUMNS`.

    Day ``i``'s seed is ``day_seeds(seed, n)[i]`` and tasks of ``batch`` days come back in
    order, so the table is identical on every backend and any number of workers:
    ``"local"``; ``"processes"`` (``processes`` worker processes); ``"dask"`` (a Dask
    cluster: ``client=`` a ``dask.distributed.Client`` or ``address=`` a scheduler address).
    ``policy`` and ``rules`` must pickle (rules do, by recipe).

    ``days > 1`` plays ``n`` campaigns of ``days`` days each, carried forward (§14): the
    columns of :data:`CAMPAIGN_COLUMNS`, ``day`` counting 1 to ``days`` in each campaign.
    ``morning``: a :class:`~manorkit.blueprince.engine.Campaign` every single day starts
    from (the Apple Orchard, bonus steps, unlocked additions…).

    ``progress``: a ``tqdm.auto`` bar (default: for 200 days or more). ``events=True`` adds
    the days' ``state.log`` concatenated with a ``day`` column; ``tiles=True`` the tiles
    drafted onto each board (:data:`TILE_COLUMNS`); these come after the table in a tuple.
    ``fast`` (default) plays each day in place (:func:`play_out`); ``fast=False`` through the
    immutable states: the same table, slower.
    """
    rules = load_rules() if rules is None else rules
    tasks, weights = day_tasks(rules, policy, n, seed, days, morning, events, tiles, batch,
                               fast)
    results = run_tasks(run_batch, tasks, backend, processes=processes, client=client,
                        address=address, weights=weights,
                        progress=n * days >= 200 if progress is None else progress)
    return tables(results, days, events, tiles)
