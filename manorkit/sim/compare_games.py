"""Comparing games measured the same way: one game-agnostic function per metric, each taking
a game by its import path (``"manorkit.weirdwood"``) or a table of simulated games, never
importing a game.

- :func:`events_per_decision` — random events per player decision, by source (tile, dice,
  card, other), from the engines' histories (:func:`~manorkit.sim.games.simulate_games`'
  ``chance_*`` columns, or any table with them: :func:`~manorkit.sim.games.event_counts`).
- :func:`skill` — how much skill moves the outcome: the best bot's result against the random
  bot's on the same seeds: the win rate of every seat played by each (solitaire and
  co-operative games, :func:`win_rates` for any two ``won`` columns), or the winning share of
  one seat played by the best bot against random opponents, against the share the random bot
  gets in that seat, the seat rotated (competitive games); with 95 % intervals
  (:mod:`manorkit.sim.stats`).
- :func:`decision_swing` — how much one decision can change the odds of the next random
  event, read from the game's exact calculators at the decision points a bot meets, through
  the game's hook (the protocol below).
- :func:`sensitivity` — a band for a number that rests on a placeholder: the number
  recomputed over the placeholder's plausible range (rules edits or variant readings),
  flagged.
- :func:`measure` — one game measured on every metric, banded over a placeholder;
  :func:`table` shows the games one row each, one column per metric, as a person reads it
  (:func:`frame` as numbers, :func:`bands_table` the bands).

The swing hook
--------------
A game module may define ``decision_swing(state) -> Fraction | None``, called at a decision
point (``state.player`` is deciding): over the legal decisions there, the spread (largest
minus smallest) of the exact chance that the next random event goes the deciding side's way
— the game says which random event is next and what "its way" means, and reads it from its
calculators. ``None`` means the decision point has no bearing on a random event (no value is
recorded); ``0`` means no decision changes the odds (a single decision leading to a random
event, say, against declining it). :func:`lookahead_swing` builds such a hook from the
game's reading of one random step. A game without the hook is measured by
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
from .tables import amount, estimate

__all__ = ["HEADS", "Band", "Measured", "Skill", "Swing", "bands_table", "decision_swing",
           "events_per_decision", "frame", "generic_swing", "lookahead_swing", "measure",
           "sensitivity", "skill", "swing_values", "table", "win_rates"]


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
    """The best bot's result and the baseline's, each ``(value, low, high)``, and the paired
    difference (best minus baseline, same seeds); ``measure`` says what the values are."""

    measure: str
    best: tuple[float, float, float]
    baseline: tuple[float, float, float]
    difference: tuple[float, float, float]
    games: int


def win_rates(best_won, baseline_won) -> Skill:
    """The win rates of two runs of the same seeds (two sequences of true/false, game by
    game: the best bot's and the baseline's), with Wilson intervals, and their paired
    difference."""
    a, b = [bool(x) for x in best_won], [bool(x) for x in baseline_won]
    if len(a) != len(b) or not a:
        raise ValueError(f"need two runs of the same games; got {len(a)} and {len(b)}")
    n, wa, wb = len(a), sum(a), sum(b)
    return Skill("win rate", (wa / n, *wilson(wa, n)), (wb / n, *wilson(wb, n)),
                 _within_one(paired_interval([float(x) for x in b], [float(x) for x in a])), n)


def _within_one(triple: tuple[float, float, float]) -> tuple[float, float, float]:
    """A difference of two chances with its interval kept within -1 to 1."""
    value, low, high = triple
    return (value, max(low, -1.0), min(high, 1.0))


def skill(game: str, best: Callable, baseline: Callable, n: int, *, players=None,
          competitive: bool = False, rules=None, seed: int = 0, backend: str = "local",
          **kwargs) -> Skill:
    """How much skill moves the outcome of ``game``.

    Solitaire or co-operative (``competitive`` false): every seat played by ``best``, then
    every seat by ``baseline``, on the same ``n`` seeds (:func:`win_rates`). Competitive:
    for each seat in turn, ``best`` in that seat against ``baseline`` in the others, and
    ``baseline`` in every seat, on the same ``ceil(n / seats)`` seeds: the seat's winning
    share (a win shared by several players split equally; no winner, 0) under ``best``
    against under ``baseline``, with intervals, over every seat's games.
    """
    run = dict(rules=rules, seed=seed, players=players, backend=backend, progress=False,
               **kwargs)
    if not competitive:
        a = simulate_games(game, best, n, **run)
        b = simulate_games(game, baseline, n, **run)
        return win_rates(a["won"], b["won"])
    names = _names(game, rules, players)
    k = len(names)
    per_seat = -(-n // k)
    plain = list(simulate_games(game, baseline, per_seat, **run)["winners"])
    mine, theirs = [], []
    for seat, name in enumerate(names):
        seats = [best if i == seat else baseline for i in range(k)]
        table = simulate_games(game, seats, per_seat, **run)
        mine += [_share(name, w) for w in table["winners"]]
        theirs += [_share(name, w) for w in plain]
    return Skill("winning share", _share_interval(mine), _share_interval(theirs),
                 _within_one(paired_interval(theirs, mine)), len(mine))


def _share_interval(shares: list[float]) -> tuple[float, float, float]:
    """The mean share with its interval: Wilson's when every game is won or lost outright,
    else Student's t, kept within 0 to 1."""
    n = len(shares)
    if all(s in (0.0, 1.0) for s in shares):
        won = int(sum(shares))
        return (won / n, *wilson(won, n))
    mean, low, high = mean_interval(shares)
    return (mean, max(low, 0.0), min(high, 1.0))


def _share(name: str, winners: str) -> float:
    won = [w for w in winners.split(", ") if w]
    return 1 / len(won) if name in won else 0.0


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


def lookahead_swing(state, way: Callable) -> Fraction | None:
    """A swing hook from a game's reading of its random steps: each legal decision is
    applied; where it leads at once to a random step, ``way(after, player)`` gives the exact
    chance that step goes ``player``'s way (None: a step the game does not value). The
    spread of those chances; None when no decision leads to a valued step."""
    player, chances = state.player, []
    for action in state.legal_actions():
        after = state.apply(action)
        if after.is_over or not after.is_chance:
            continue
        chance = way(after, player)
        if chance is not None:
            chances.append(Fraction(chance))
    return max(chances) - min(chances) if chances else None


def _hook(game: str):
    module = importlib.import_module(game)
    return getattr(module, "decision_swing", None) or generic_swing


def swing_values(game: str, policies, seed: int, rules=None, players=None,
                 every: int = 1) -> list[float]:
    """The swing at every ``every``-th decision point of one game played by ``policies``
    (seeded as :func:`~manorkit.sim.games.play_game` does; a game of one seat needs no
    ``player``)."""
    module = importlib.import_module(game)
    hook = _hook(game)
    kwargs = {} if players is None else {"players": players}
    state = module.new_game(rules, seed=seed, **kwargs)
    bots = seat_policies(state, policies)
    one = next(iter(bots.values())) if len(bots) == 1 else None
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
        state = state.apply((one or bots[state.player])(state, rng))
    raise RuntimeError(f"{game} game with seed {seed} did not end within {MAX_STEPS} steps")


def _swing_batch(game, policies, seeds, rules, players, every) -> list[list[float]]:
    return [swing_values(game, policies, s, rules, players, every) for s in seeds]


@dataclass(frozen=True)
class Swing:
    """The decision points the hook valued, the mean swing there (with its interval, which
    never goes below 0: no swing is), the share of them where a decision changes the odds,
    and the largest swing."""

    points: int
    mean: tuple[float, float, float]
    changing: float
    largest: float

    @property
    def changing_interval(self) -> tuple[float, float, float]:
        """``changing`` with its Wilson interval over the valued points."""
        if not self.points:
            return (float("nan"),) * 3
        return (self.changing, *wilson(round(self.changing * self.points), self.points))


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
    mean, low, high = mean_interval(values)
    return Swing(len(values), (mean, max(low, 0.0) if low == low else low, high),
                 sum(v > 0 for v in values) / len(values), max(values))


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

    def text(self, digits: int = 2, rate: bool = False) -> str:
        """``0.47 [0.43 to 0.47] ⚑ placeholder`` (``rate``: as percentages)."""
        def show(x: float) -> str:
            return amount(x, rate=True) if rate else f"{x:.{digits}f}"
        return f"{show(self.value)} [{show(self.low)} to {show(self.high)}] ⚑ {self.placeholder}"


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


# -- the comparison table ---------------------------------------------------------------------
#: The table's columns, by what each holds.
HEADS = {"all": "random events per decision", "tile": "tiles per decision",
         "dice": "dice per decision", "card": "cards per decision",
         "other": "other random events per decision", "measure": "skill measured as",
         "best": "best bot", "baseline": "random bot", "difference": "best − random",
         "points": "decision points valued", "swing": "mean swing",
         "changing": "points where a decision moves the odds", "largest": "largest swing",
         "bands": "⚑ rests on"}


@dataclass(frozen=True)
class Measured:
    """One game measured: the random events per decision (:func:`events_per_decision`), the
    skill (:func:`skill`, :func:`win_rates`), the swing (:func:`decision_swing`) and a band
    for each number that rests on a placeholder (:func:`sensitivity`; each band's ``name``
    is the key in :data:`HEADS` of the column it concerns)."""

    game: str
    events: Mapping[str, tuple[float, float, float]]
    skill: Skill
    swing: Swing
    bands: tuple[Band, ...] = ()


_RATES = ("best", "baseline", "difference", "swing", "changing", "largest")


def frame(rows: Sequence[Measured]):
    """The comparison as numbers, one row per game: each metric of :data:`HEADS` by its key
    (``all``, ``tile`` … ``largest``), an estimate's interval in ``<key>_low`` and
    ``<key>_high``, ``measure`` (what ``best`` and ``baseline`` are) and ``games`` (how many
    the skill was measured on)."""
    import pandas as pd

    out = []
    for m in rows:
        row = {"game": m.game, "measure": m.skill.measure, "games": m.skill.games}
        triples = {**m.events, "best": m.skill.best, "baseline": m.skill.baseline,
                   "difference": m.skill.difference, "swing": m.swing.mean,
                   "changing": m.swing.changing_interval}
        for key, (value, low, high) in triples.items():
            row |= {key: value, f"{key}_low": low, f"{key}_high": high}
        row |= {"points": m.swing.points, "largest": m.swing.largest}
        out.append(row)
    return pd.DataFrame(out)


def table(rows: Sequence[Measured]):
    """The comparison as a person reads it: one row per game, one column per metric, each
    estimate with its 95 % interval (chances and swings as percentages: a swing of 12 % is 12
    points of chance); each number that rests on a placeholder is flagged ⚑, the last column
    names the placeholder and :func:`bands_table` gives the bands."""
    import pandas as pd

    out = []
    for m in rows:
        cells = {k: estimate(*m.events[k]) for k in (*CHANCE_SOURCES, "all")}
        cells |= {"measure": m.skill.measure, "best": estimate(*m.skill.best, rate=True),
                  "baseline": estimate(*m.skill.baseline, rate=True),
                  "difference": estimate(*m.skill.difference, rate=True, change=True),
                  "points": str(m.swing.points),
                  "swing": estimate(*m.swing.mean, rate=True),
                  "changing": estimate(*m.swing.changing_interval, rate=True),
                  "largest": amount(m.swing.largest, rate=True)}
        for band in m.bands:
            if band.name not in cells:
                raise ValueError(f"band {band.name!r}: expected one of {', '.join(cells)}")
            cells[band.name] += " ⚑"
        cells["bands"] = ", ".join(dict.fromkeys(b.placeholder for b in m.bands))
        out.append({"game": m.game, **{HEADS[k]: cells[k] for k in HEADS}})
    return pd.DataFrame(out, columns=["game", *HEADS.values()])


def bands_table(rows: Sequence[Measured]):
    """Every band of :func:`table`'s rows, one a line: the game, the number (its column),
    its value as the data ships, its range over the placeholder's readings, each reading's
    value, and the placeholder."""
    import pandas as pd

    out = []
    for m in rows:
        for b in m.bands:
            rate = b.name in _RATES
            out.append({"game": m.game, "number": HEADS[b.name],
                        "as shipped": amount(b.value, rate=rate),
                        "band": f"{amount(b.low, rate=rate)} to {amount(b.high, rate=rate)}",
                        "readings": "; ".join(f"{k}: {amount(v, rate=rate)}"
                                              for k, v in b.values.items()),
                        "placeholder": b.placeholder})
    return pd.DataFrame(out, columns=["game", "number", "as shipped", "band", "readings",
                                      "placeholder"])


def measure(name: str, game: str, best: Callable, baseline: Callable, n: int, *,
            players=None, competitive: bool = False, rules=None, seed: int = 0,
            swing_games: int = 4, play: Callable | None = None,
            readings: Mapping[str, object] | None = None, placeholder: str = "") -> Measured:
    """One game measured the same way as every other: ``n`` games with ``best`` in every
    seat give the random events per decision; :func:`skill` (or, for a game of one side,
    :func:`win_rates` of those games against ``baseline``'s on the same seeds); the swing
    over ``swing_games`` games of ``best``.

    ``play(game, policy, n, rules, seed, players)``: a table of games with the columns of
    :func:`~manorkit.sim.games.simulate_games` (default: that function); a game whose days
    are simulated its own way passes its own. ``readings`` (label → rules edits or variant
    readings, as :func:`sensitivity` takes them) of the ``placeholder``: every number is
    measured again under each reading, on the same seeds, and each number that moves gets a
    :class:`Band` (each band's ``name`` its key in :data:`HEADS`).
    """
    play = play or _simulate

    def numbers(r) -> tuple[dict, Skill, Swing]:
        table = play(game, best, n, r, seed, players)
        if competitive:
            found = skill(game, best, baseline, n, players=players, competitive=True, rules=r,
                          seed=seed)
        else:
            found = win_rates(table["won"], play(game, baseline, n, r, seed, players)["won"])
        swing = decision_swing(game, best, swing_games, rules=r, players=players, seed=seed)
        return events_per_decision(table), found, swing

    shipped = numbers(rules)
    bands = []
    if readings:
        if rules is None:
            raise ValueError("readings need the rules they change (rules=...)")
        again = {label: numbers(rules.with_variants(**change) if isinstance(change, Mapping)
                                else rules.with_edits(change))
                 for label, change in readings.items()}
        for key in (*CHANCE_SOURCES, "all", *_RATES):
            value = _number(key, *shipped)
            values = {label: _number(key, *found) for label, found in again.items()}
            if any(not _same(v, value) for v in values.values()):
                bands.append(Band(key, placeholder or ", ".join(readings), value, values))
    return Measured(name, *shipped, tuple(bands))


def _simulate(game, policy, n, rules, seed, players):
    return simulate_games(game, policy, n, rules=rules, seed=seed, players=players,
                          progress=False)


def _same(a: float, b: float) -> bool:
    return a == b or (a != a and b != b)  # (two nans: nothing measured either way)


def _number(key: str, events: dict, found: Skill, swing: Swing) -> float:
    if key in events:
        return events[key][0]
    if key in ("best", "baseline", "difference"):
        return getattr(found, key)[0]
    return {"swing": swing.mean[0], "changing": swing.changing, "largest": swing.largest}[key]
