"""The planner's decisions (§13 Win Condition): :class:`PlannerPolicy` hunts a lever, pulls it
and walks into the Antechamber, choosing by :class:`~.valuation.Valuation`.
"""

from __future__ import annotations

import dataclasses
import random

from ...board import edge, placements
from ...engine.actions import (
    Action,
    Buy,
    Dig,
    Draft,
    Eat,
    EndDay,
    GiveUp,
    Hide,
    Move,
    OpenTrunk,
    Redraw,
    Take,
    Unlock,
    Use,
)
from ...engine.drafting import slots
from ...engine.setup import ANTECHAMBER
from ...engine.state import State
from ...mechanics.drafting import FaceDown, back_text
from ..policies import visited_since_placement
from .levers import LEVER_ABILITIES, goal_room, lever_pulled, wants_west
from .valuation import Valuation, step_price


class PlannerPolicy(Valuation):
    """Plays towards the Antechamber through a lever (§13); see :mod:`..planner`. Its
    weights are :class:`~.valuation.Valuation`'s."""

    #: It looks ahead with ``state.apply``: always played on immutable states.
    needs_state = True

    def __repr__(self) -> str:
        return "PlannerPolicy()"

    # -- deciding ---------------------------------------------------------------------------
    def __call__(self, state: State, rng: random.Random) -> Action:
        legal = state.legal_actions()
        kinds = {type(a) for a in legal}
        if kinds & {Take, Redraw, GiveUp}:
            return self.choose_tile(state, legal)
        if Unlock in kinds:
            return self.unlock(state, legal)
        if Hide in kinds:
            return self.hide(state, legal)
        return self.turn(state, legal)

    def hide(self, state: State, legal: list[Action]) -> Action:
        """§16 Archives: the slot to turn face-down, by what the tile backs show (gem cost
        and placement note, §2 Tile Back Markings; the hand lies face-down, the engine's
        ``slots`` price and fit each by its back): one we could not take anyway, else the
        dearest (the last of equals)."""
        offer = slots(state)

        def score(a: Hide) -> tuple:
            _, turns, gems, steps = offer[a.slot - 1]
            usable = bool(turns) and (
                gems <= state.resources["gems"] and steps <= state.resources["steps"])
            return (not usable, gems, a.slot)

        return max((a for a in legal if isinstance(a, Hide)), key=score)

    def choose_tile(self, state: State, legal: list[Action]) -> Action:
        """The tile whose placement raises :meth:`value` most in expectation over its
        orientations; a redraw when every tile would lower it (a free one first). A tile
        the Archives turned face-down is drafted blind (§16): :meth:`blind_worth`."""
        base = self.value(state)
        takes = [a for a in legal if isinstance(a, Take)]
        scored = [(self.expected(state.apply(a)) - base if a.room
                   else self.blind_worth(state, a, base), a) for a in takes]
        best = max(scored, key=lambda x: x[0], default=None)
        redraws = {a.source: a for a in legal if isinstance(a, Redraw)}
        cost = {"drawing_room": 0.0, "silver_key": 0.0, "no_fit": 0.0,
                "ivory_dice": self.ivory, "study": self.gem}
        if redraws:
            source = min(redraws, key=lambda s: cost.get(s, self.gem))
            if best is None or best[0] < self.redraw_margin - cost.get(source, self.gem):
                return redraws[source]
        if best is not None:
            return best[1]
        return next(a for a in legal if isinstance(a, GiveUp))

    def blind_worth(self, state: State, take: Take, base: float) -> float:
        """A face-down tile (§16 Archives) taken unlooked: what taking it raises
        :meth:`value` by, averaged over the Active Bag's rooms that show the same back (gem
        cost, category and placement note, §2 Tile Back Markings: the hand holds only the
        back), each shape of door layout stood for by its commonest room, less ``blind`` for
        not knowing."""
        d, rules = state.drafting, state.rules
        hidden = d.hand[take.slot - 1]  # (its back, or a sleeve Tunnel hidden)
        back = hidden if isinstance(hidden, FaceDown) else back_text(rules, hidden)
        shapes: dict = {}  # shape → (its commonest room, count of rooms of that shape)
        for room, n in sorted(state.bag.items()):
            if not n or back_text(rules, room) != back or not placements(
                    rules, room, d.origin, d.direction):
                continue
            shape = rules.room(room)["shape"]
            best, count = shapes.get(shape, (room, 0))
            if n > state.bag.get(best, 0) or best == room:
                best = room
            shapes[shape] = (best, count + n)
        total, worth = 0, 0.0
        for room, n in shapes.values():
            hand = d.hand[:take.slot - 1] + (room,) + d.hand[take.slot:]
            guess = dataclasses.replace(state, drafting=d.replace(hand=hand))
            ways = [t for t in guess.legal_actions() if isinstance(t, Take)
                    and t.slot == take.slot and t.rotation == take.rotation]
            if ways:
                worth += n * (self.expected(guess.apply(ways[0])) - base)
                total += n
        return self.blind + (worth / total if total else 0.0)

    def expected(self, state: State) -> float:
        """:meth:`value` after a tile is taken, averaged over its orientation if one is
        rolled (exact weights of ``state.chance_outcomes()``)."""
        if state.is_chance and state.pending[0].kind == "orient":
            return sum(float(p) * self.value(state.apply(c))
                       for c, p in state.chance_outcomes())
        return self.value(state)

    def unlock(self, state: State, legal: list[Action]) -> Action:
        """A padlocked door: the Secret Garden Key when it spawns the garden, else the
        cheapest payment if the door is worth it, else turn back."""
        by = {a.method: a for a in legal if isinstance(a, Unlock)}
        if "secret_garden_key" in by and wants_west(state):
            return by["secret_garden_key"]
        d = state.drafting
        worth = self.door_worth(state, d.origin, d.direction, locked=True) + self.key
        for method, cost in (("lockpick", self.key * 0.8), ("silver_key", self.key * 0.8),
                             ("key", self.key), ("prism_key", self.key)):
            if method in by and worth > cost:
                return by[method]
        return by["turn_back"]

    def turn(self, state: State, legal: list[Action]) -> Action:
        """A turn: win if the Antechamber is open to us; take what lies here (fruit, a lever,
        digs, trunks, good buys); then the best of drafting a door here or moving to the
        room worth most net of its steps; else end the day."""
        moves = [a for a in legal if isinstance(a, Move)]
        for a in moves:
            if a.cell == ANTECHAMBER:
                return a
        here = self.here_action(state, legal)
        if here is not None:
            return here
        routes = [a for a in legal if isinstance(a, Use) and a.ability == "secret_route"]
        if routes and not moves and not any(isinstance(a, Draft) for a in legal):
            # Red Rover (§16): its move is the only way on
            return max(routes, key=lambda a: self.value(state.apply(a)))
        options: list[tuple[float, Action]] = []
        refused = None
        for a in legal:
            if isinstance(a, Draft):
                door = edge(state.position, a.direction)
                if door in state.padlocks:
                    refused = _turned_back(state) if refused is None else refused
                    if door in refused:
                        continue
                options.append((self.door_worth(state, state.position, a.direction), a))
        seen = visited_since_placement(state)
        price = step_price(state)
        # with a lever pulled, only the way to the Antechamber and what pays for it count
        focus = 0.3 if lever_pulled(state) else 1.0
        best_pay: dict = {}
        for a in moves:
            cost = a.steps * price + self.key * a.pay.count("key") + self.key * 0.8 * (
                len(a.pay) - a.pay.count("key"))
            if a.cell not in best_pay or cost < best_pay[a.cell][0]:
                best_pay[a.cell] = (cost, a)
        for cell, (cost, a) in best_pay.items():
            if a.steps >= state.resources["steps"] and not goal_room(state, cell):
                continue  # the last step only for a lever or the win
            gain = self.cell_gain(state, cell) * focus
            if cell in seen and gain <= 0:
                # been there since the last tile, nothing new: back only for an unlocked
                # door (a padlock refused there is not worth the walk: no shuttling)
                doors = self.best_door(state, cell, padlocked=False)
                if doors <= 0:
                    continue
            else:
                doors = self.best_door(state, cell)
            options.append((gain + doors - cost, a))
        if options:
            worth, action = max(options, key=lambda x: x[0])
            if worth > 0:
                return action
        return EndDay()

    def here_action(self, state: State, legal: list[Action]) -> Action | None:
        """Something worth doing in the current room before moving on, or None."""
        done = _used_since_placement(state)
        for a in legal:
            if isinstance(a, Use) and a.ability in LEVER_ABILITIES and (
                    a.ability != "secret_garden_key" or wants_west(state)):
                return a
            if isinstance(a, Eat):
                return a
        for a in legal:
            if isinstance(a, Dig) and self.deck_worth(state, "dig") > self.dig_cost(state):
                return a
            if isinstance(a, OpenTrunk):
                worth = self.deck_worth(state, "trunk")
                if a.method != "key" or (worth > self.key and state.resources["keys"] > 1):
                    return a
            if isinstance(a, Buy) and self.buy_worth(state, a) > 0:
                return a
        base = None
        for a in legal:
            if isinstance(a, Use) and a.ability not in done:
                after = state.apply(a)
                base = self.value(state) if base is None else base
                if self.value(after) > base + 1.0:
                    return a
        return None


def _turned_back(state: State) -> set:
    """The padlocked doors turned back from since the last tile was taken (not offered
    again until the board changes)."""
    out, s = set(), state
    while s.parent is not None and not isinstance(s.action, Take):
        if isinstance(s.action, Unlock) and s.action.method == "turn_back":
            out.add(s.parent.drafting.door)
        s = s.parent
    return out


def _used_since_placement(state: State) -> set[str]:
    """The abilities used since the last tile was taken."""
    used, s = set(), state
    while s.parent is not None and not isinstance(s.action, Take):
        if isinstance(s.action, Use):
            used.add(s.action.ability)
        s = s.parent
    return used
