"""Comparing games measured the same way: one game-agnostic function per metric, each taking
a game by its import path (``"manorkit.weirdwood"``) or a table of simulated games, never
importing a game.

- :func:`events_per_decision` — random events per player decision, by source (tile, dice,
  card, other), from the engines' histories (:func:`~manorkit.sim.games.simulate_games`'
  ``chance_*`` columns).
- :func:`skill` — how much skill moves the outcome: the best bot's result against the random
  bot's: the win rate of every seat played by each (solitaire and co-operative games), or
  the best bot's winning share against random opponents, its seat rotated (competitive
  games), with 95 % intervals (:mod:`manorkit.sim.stats`).
- :func:`decision_swing` — how much one decision can change the odds of the next random
  event, read from the game's exact calculators at the decision points a bot meets, through
  the game's hook (the protocol below).
- :func:`sensitivity` — a band for a number that rests on a placeholder: the number
  recomputed over the placeholder's plausible range (rules edits or variant readings),
  flagged.

The swing hook
--------------
A game module may define ``decision_swing(state) -> Fraction | None``, called at a decision
point (``state.player`` is deciding): over the legal decisions there, the spread (largest
minus smallest) of the exact chance that the next random event goes the deciding side's way
— the game says which random event is next and what "its way" means, and reads it from its
calculators. ``None`` means the decision point has no bearing on a random event (no value is
recorded); ``0`` means no decision changes the odds. A game without the hook is measured by
:func:`generic_swing`: the largest total-variation distance between the outcome
distributions of a random step that two legal decisions lead to at once (same label).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .backends import BATCH, batches, run_tasks
from .games import CHANCE_SOURCES, MAX_STEPS, seat_policies, simulate_games
from .seeds import day_seeds
from .stats import mean_interval, paired_interval, wilson

__all__ = ["Band", "decision_swing", "events_per_decision", "generic_swing", "sensitivity",
           "skill", "swing_values"]


# -- random events per decision -----------------------------------------------------------
def events_per_decision(table) -> dict[str, tuple[float, float, float]]:
    """``{source: (mean, low, high)}``: random events per player decision in one game, by
    source and in all (``"all"``), averaged over the games of ``table`` (a
    :func:`simulate_games` table) with 95 % intervals."""
    decisions = table["decisions"].clip(lower=1)
    out = {}
    for source in (*CHANCE_SOURCES, "all"):
        column = "chance_events" if source == "all" else f"chance_{source}"
        out[source] = mean_interval(list(table[column] / decisions))
    return out


# -- skill --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Skill:
    """The best bot's result and the baseline's, each ``(value, low, high)``, and their
    difference; ``measure`` says what the values are."""

    measure: str
    best: tuple[float, float, float]
    baseline: tuple[float, float, float]
    difference: tuple[float, float, float]
    games: int


def skill(game: str, best: Callable, baseline: Callable, n: int, *, players=None,
          competitive: bool = False, rules=None, seed: int = 0, backend: str = "local",
          **kwargs) -> Skill:
    """How much skill moves the outcome of ``game``.

    Solitaire or co-operative (``competitive`` false): every seat played by ``best``, then
    every seat by ``baseline``, on the same seeds: their win rates (Wilson intervals) and the
    paired difference. Competitive: ``best`` in one seat against ``baseline`` in the others,
    the seat rotated game by game: ``best``'s winning share (a tie shared equally) against
    the share a baseline player gets in its place (1 / players), with intervals.
    """
    if not competitive:
        a = simulate_games(game, best, n, rules=rules, seed=seed, players=players,
                           backend=backend, progress=False, **kwargs)
        b = simulate_games(game, baseline, n, rules=rules, seed=seed, players=players,
                           backend=backend, progress=False, **kwargs)
        wa, wb = int(a["won"].sum()), int(b["won"].sum())
        return Skill("win rate", (wa / n, *wilson(wa, n)), (wb / n, *wilson(wb, n)),
                     paired_interval(list(b["won"].astype(float)),
                                     list(a["won"].astype(float))), n)
    names = _names(game, rules, players)
    k = len(names)
    shares = []
    per_seat = -(-n // k)
    for seat in range(k):
        seats = [best if i == seat else baseline for i in range(k)]
        table = simulate_games(game, seats, per_seat, rules=rules, seed=seed + seat,
                               players=players, backend=backend, progress=False, **kwargs)
        for winners in table["winners"]:
            won = [w for w in winners.split(", ") if w]
            shares.append(1 / len(won) if names[seat] in won else 0.0)
    shares = shares[:n]
    fair = 1 / k
    mean = mean_interval(shares)
    return Skill("winning share", mean, (fair, fair, fair),
                 (mean[0] - fair, mean[1] - fair, mean[2] - fair), len(shares))


def _names(game: str, rules, players) -> list[str]:
    module = importlib.import_module(game)
    kwargs = {} if players is None else {"players": players}
    return list(module.new_game(rules, seed=0, **kwargs).players)


# -- decision swing -----------------------------------------------------------------------
def generic_swing(state) -> Fraction | None:
    """The largest total-variation distance between the outcome distributions of the random
    steps two legal decisions lead to at once, among decisions leading to a random step of
    the same label; None when fewer than two do."""
    by_label: dict[str, list[dict]] = {}
    for action in state.legal_actions():
        after = state.apply(action)
        if after.is_over or not after.is_chance:
            continue
        outcomes = after.chance_outcomes()
        label = getattr(outcomes[0][0], "label", "")
        by_label.setdefault(label, []).append(
            {str(getattr(o, "value", o)): Fraction(p) for o, p in outcomes})
    best = None
    for dists in by_label.values():
        for i, a in enumerate(dists):
            for b in dists[i + 1:]:
                tv = sum(abs(a.get(k, 0) - b.get(k, 0)) for k in set(a) | set(b)) / 2
                best = tv if best is None or tv > best else best
    return best


def _hook(game: str):
    module = importlib.import_module(game)
    return getattr(module, "decision_swing", None) or generic_swing


def swing_values(game: str, policies, seed: int, rules=None, players=None,
                 every: int = 1) -> list[float]:
    """The swing at every ``every``-th decision point of one game played by ``policies``
    (seeded as :func:`~manorkit.sim.games.play_game` does)."""
    module = importlib.import_module(game)
    hook = _hook(game)
    kwargs = {} if players is None else {"players": players}
    state = module.new_game(rules, seed=seed, **kwargs)
    bots = seat_policies(state, policies)
    rng, chance = random.Random(seed), random.Random(f"chance:{seed}")
    out, points = [], 0
    for _ in range(MAX_STEPS):
        if state.is_over:
            return out
        if state.is_chance:
            state = state.resolve(chance)
            continue
        if points % every == 0:
            value = hook(state)
            if value is not None:
                out.append(float(value))
        points += 1
        state = state.apply(bots[state.player](state, rng))
    raise RuntimeError(f"{game} game with seed {seed} did not end within {MAX_STEPS} steps")


def _swing_batch(game, policies, seeds, rules, players, every) -> list[list[float]]:
    return [swing_values(game, policies, s, rules, players, every) for s in seeds]


@dataclass(frozen=True)
class Swing:
    """Decision points met, those the hook valued, the mean swing (with its interval), the
    share of valued points where a decision changes the odds, and the largest swing."""

    points: int
    mean: tuple[float, float, float]
    changing: float
    largest: float


def decision_swing(game: str, policies, n: int, *, rules=None, players=None, seed: int = 0,
                   every: int = 1, backend: str = "local", **kwargs) -> Swing:
    """How much a decision can change the odds of the next random event, over the decision
    points ``policies`` meet in ``n`` games (every ``every``-th point; the game's hook,
    see the module)."""
    seeds = day_seeds(seed, n)
    tasks = [(game, policies, chunk, rules, players, every) for chunk in batches(seeds, BATCH)]
    values = [v for result in run_tasks(_swing_batch, tasks, backend, unit="game", **kwargs)
              for game_values in result for v in game_values]
    if not values:
        return Swing(0, (float("nan"),) * 3, float("nan"), float("nan"))
    return Swing(len(values), mean_interval(values), sum(v > 0 for v in values) / len(values),
                 max(values))


# -- sensitivity to a placeholder ----------------------------------------------------------
@dataclass(frozen=True)
class Band:
    """A number that rests on a placeholder: its value with the data as shipped and its range
    over the placeholder's plausible values (``values``: label → number; the range holds
    the shipped value too)."""

    name: str
    placeholder: str
    value: float
    values: Mapping[str, float]

    @property
    def low(self) -> float:
        return min(self.value, *self.values.values())

    @property
    def high(self) -> float:
        return max(self.value, *self.values.values())

    @property
    def flagged(self) -> bool:
        """Always: the number rests on a placeholder (the band says how much)."""
        return True

    def text(self, digits: int = 2) -> str:
        return (f"{self.value:.{digits}f} [{self.low:.{digits}f} to {self.high:.{digits}f}] "
                f"⚑ {self.placeholder}")


def sensitivity(measure: Callable, rules, readings: Mapping[str, Sequence], *,
                name: str = "", placeholder: str = "") -> Band:
    """``measure(rules)`` with the data as shipped, and with each reading of the placeholder
    (``readings``: label → a list of edits ``[file, row, field, value]`` for
    :meth:`~manorkit.ruleset.RulesBase.with_edits`, or a ``{variant: reading}`` mapping for
    ``with_variants``): a :class:`Band`."""
    values = {}
    for label, change in readings.items():
        changed = rules.with_variants(**change) if isinstance(change, Mapping) else \
            rules.with_edits(change)
        values[label] = float(measure(changed))
    return Band(name, placeholder or ", ".join(readings), float(measure(rules)), values)
