"""Blue Prince measured as the five-game comparison measures the peer games
(:mod:`manorkit.sim.compare_games`, which never imports a game).

- :data:`SOURCES` says, in one place, what produced each random step of the engine (a
  :class:`~manorkit.blueprince.engine.Chance`'s ``label``): a tile, dice or a card;
  :func:`source` reads it, :func:`events_table` plays days with :func:`.run.play` and adds
  the decisions and random events by source to :func:`.run.simulate`'s columns.
- :func:`new_game` and :func:`decision_swing` make this module a game for
  :func:`~manorkit.sim.compare_games.decision_swing` (a day is a game of one seat): at a
  decision point where a door can be drafted, the spread over those doors of the exact chance
  that the draft goes the player's way; :func:`play_days` plays days for
  :func:`~manorkit.sim.compare_games.measure`.
"""

from __future__ import annotations

from fractions import Fraction

from ...sim.backends import BATCH, batches, run_tasks
from ...sim.games import event_counts
from ...sim.seeds import day_seeds
from ..board import NAMES, edge, neighbour
from ..engine import new_day
from ..engine.actions import Draft
from ..odds.drafting_redraws import draft_with
from ..odds.locks import lock_chance
from ..rules import Rules, load_rules
from .policies import Policy
from .run import COLUMNS, play, summary

#: A random step's label → what produced it. Tiles: drawn from the Active Bag (face up,
#: face down, turned over), their orientation as drawn, the Rotunda's open pair, the Outer
#: Room pile. Dice: the lock die, the rank's trunk, spawn, puzzle and room dice. Cards: the
#: decks' cards (every label "<deck> card"), the Meal, Trading Post and Commissary stock
#: cards, the amount a card shows. Other: blind picks (fruit from the supply, an item lost in
#: the Darkroom or taken by the Lost & Found, the Vestibule's locked door, the map's room).
SOURCES = {
    "tile drawn": "tile", "tile back drawn": "tile", "tile revealed": "tile",
    "orientation": "tile", "Rotunda open doors": "tile", "outer room pile": "tile",
    "lock roll": "dice", "trunk roll": "dice", "spawn roll": "dice", "locker roll": "dice",
    "Wine Cellar dig spot roll": "dice", "puzzle room roll": "dice", "constellation": "dice",
    "Kitchen special": "dice", "roulette": "dice", "Special Key roll": "dice",
    "meal card": "card", "trading post card": "card", "Commissary stock": "card",
    "amount shown": "card",
    "fruit": "other", "fruit from the supply": "other", "lost in the dark": "other",
    "taken by the Lost & Found": "other", "Vestibule locked door": "other",
    "room type on the map": "other",
}


def source(chance) -> str:
    """What produced a random step of the engine (:data:`SOURCES`; a label ending in
    " card" is a card; an unknown label is ``other``)."""
    label = chance.label
    return SOURCES.get(label) or ("card" if label.endswith(" card") else "other")


def _batch(rules: Rules, policy: Policy, items: list[tuple[int, int]]) -> list[dict]:
    rows = []
    for index, seed in items:
        state = play(rules, policy, seed)
        start = frozenset(state.at(0).board)
        rows.append(summary(index, seed, state, start) | event_counts(state.history, source))
    return rows


def events_table(policy: Policy, n: int, rules: Rules | None = None, seed: int = 0,
                 backend: str = "local", **kwargs):
    """``n`` days played by ``policy`` (the days of :func:`.run.simulate` with the same
    seeds): its columns, then ``decisions``, ``chance_events`` and ``chance_<source>``."""
    import pandas as pd

    rules = load_rules() if rules is None else rules
    tasks = [(rules, policy, chunk) for chunk in batches(list(enumerate(day_seeds(seed, n))),
                                                         BATCH)]
    rows = [r for result in run_tasks(_batch, tasks, backend, progress=False, **kwargs)
            for r in result]
    counts = list(event_counts((), source))
    return pd.DataFrame(rows, columns=[*COLUMNS, *counts]).astype(
        {c: "int64" for c in (*COLUMNS, *counts)} | {"won": "bool", "ended": "string"})


def play_days(game, policy: Policy, n: int, rules: Rules | None, seed: int, players=None):
    """:func:`events_table` with the arguments :func:`manorkit.sim.compare_games.measure`
    passes a game's ``play`` (``game`` and ``players`` are this module and one seat)."""
    return events_table(policy, n, rules, seed)


def new_game(rules: Rules | None = None, seed: int = 0, players=None):
    """A day (:func:`~manorkit.blueprince.engine.new_day`), for the comparison's swing."""
    return new_day(rules, seed=seed)


def decision_swing(state) -> Fraction | None:
    """The comparison's swing hook. At a decision point where doors can be drafted, the draft
    goes the player's way when the door opens without a key and the first hand drawn holds a
    tile that fits the cell beyond: ``(1 - lock chance) × P(a fitting tile)``, the lock
    chance from :func:`~manorkit.blueprince.odds.locks.lock_chance` (0 for a door already
    padlocked: it needs a key) and the hand from
    :func:`~manorkit.blueprince.odds.drafting_redraws.draft_with` over the Active Bag as it
    stands (no redraw paid for). The spread of that chance over the doors; None where no door
    can be drafted. (A Security level is not read.)"""
    drafts = state.legal_actions(Draft)
    if not drafts:
        return None
    rules, origin = state.rules, state.position
    room = state.board[origin].room
    on_board = state.on_board()
    bag = {name: n for name, n in state.bag.items() if n}
    chances = []
    for d in drafts:
        door, cell = NAMES[d.direction], neighbour(origin, d.direction)
        if edge(origin, d.direction) in state.padlocks:
            opens = Fraction(0)
        elif list(edge(origin, d.direction)) in state.flags.get("unlocked_doors", ()):
            opens = Fraction(1)
        else:
            opens = 1 - lock_chance(origin[0], room, foyer="Foyer" in on_board, direction=door,
                                    rules=rules)
        onward = "".join(NAMES[i] for i in range(4) if i != (d.direction + 2) % 4
                         and neighbour(cell, i) is not None)
        fits = draft_with(tuple(bag), bag, room, cell=cell, door=door, exit=onward or None,
                          solarium="Solarium" in on_board, greenhouse="Greenhouse" in on_board,
                          sleeve=state.flags.get("sleeve", 0) if room == "Tunnel" else None,
                          rules=rules) if bag else Fraction(0)
        chances.append(opens * fits)
    return max(chances) - min(chances)
