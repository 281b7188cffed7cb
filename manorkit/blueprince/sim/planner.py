"""A bot that plays to win the day (§13 Win Condition): it hunts a lever, pulls it and walks
into the Antechamber.

The lever paths it knows are those of the rules: the Broken Lever carried into the
Greenhouse opens the south door (§7 Item Reference), the Secret Garden Key spent on a
locked edge door spawns the Secret Garden whose lever opens the west door (§6 Special Keys,
§16 Secret Garden), and under variant ``east_lever=placeholder_room`` the room of
``tables/east_lever.csv`` opens the east door. A door opens into the Antechamber from the
cell beside it on that side (``engine.turn.LEVER_SIDES``), so that cell must come to hold a
tile with a door facing the Antechamber.

:class:`PlannerPolicy` values a moment of the day (:meth:`PlannerPolicy.value`): resources
and items, the lever progress, the open doors that lead on (towards the lever and the
Antechamber), and what the reachable rooms still hold, with card draws valued at their
exact odds from the decks' remaining cards. The open doors are also worth the chance that
the house does not wall itself in: for each cell they lead to, the odds (from the Active
Bag's door counts and gem costs, the gems held and the empty cells beside it) that a draft
there brings no tile we can take that leads on (:meth:`PlannerPolicy.dead_draw`). Nearness
to the Antechamber counts along paths of empty cells; once a lever is pulled, a door into the
empty cell beside its opened side is worth the odds that a draft there brings a tile facing
the Antechamber (:meth:`PlannerPolicy.connect_odds`), and an opened door within reach is
half a won day. On top, the odds that the open doors grow, cell by empty cell, into a tile
facing the Antechamber (:meth:`PlannerPolicy.reach_odds`: each draft's odds of a door towards
the next cell from the bag, each door's lock odds by rank, the Keys held) are worth much,
more once a lever is pulled. It takes the tile that raises that value most in expectation over the
tile's orientations (``state.chance_outcomes()``), redraws when the best tile gains less than
the redraw's price plus ``redraw_margin``, and on its turn picks the best of drafting a door
here or moving to the room whose pickups and doors are worth most per step. Under the
Archives (§16) it turns face-down a tile it could not take anyway (the backs show gem cost
and placement note, §2) and values a face-down tile over the Active Bag's rooms with that
back. It reads only the public state and the rules, never the run's seed nor a face-down
tile.
"""

from __future__ import annotations

import dataclasses
import random
from functools import lru_cache
from math import comb

from ..board import COLS, RANKS, doors, edge, neighbour, opposite, placements
from ..engine.actions import (
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
from ..engine.drafting import draftable_doors, garden_spawnable, slots
from ..engine.setup import ANTECHAMBER
from ..engine.state import State
from ..engine.turn import LEVER_SIDES
from ..mechanics import door_die, food_steps, tile_cost
from ..mechanics.cards import card_gain
from ..mechanics.dice import faces, numbered_die
from ..mechanics.drafting import FaceDown, back_text
from ..mechanics.entries import pays
from ..mechanics.rolls import puzzle_rows
from ..rules import Rules
from .policies import visited_since_placement

#: The value of a won day: above anything else the evaluation can reach.
WIN = 1_000_000.0
#: Abilities used at once whenever offered: they pull a lever (§7, §6 Special Keys).
LEVER_ABILITIES = ("attach_broken_lever", "secret_garden_key")


class PlannerPolicy:
    """Plays towards the Antechamber through a lever (§13). See the module docstring.

    The weights are the value of one step (1), a Key, a gem, a coin and an Ivory Die in
    steps; ``lever_open`` is the worth of an open Antechamber door, ``lever_item`` of a
    Broken Lever or Secret Garden Key still to use, ``route_hope`` of each lever path that
    is still possible; ``wall`` the loss of a house walled in, weighted by its odds (and the
    worth of a house with no open door left). While the Secret Garden Key waits for a locked
    edge door, cells within ``edge_reach`` of :data:`GARDEN_SPOTS` are worth ``edge`` a cell
    nearer. ``reach_open`` (a lever pulled) or ``reach_hope`` (none yet) is the worth of a
    sure way to a tile facing the Antechamber, times :meth:`reach_odds`.
    """

    #: It looks ahead with ``state.apply``: always played on immutable states.
    needs_state = True

    def __init__(self, key: float = 4.0, gem: float = 2.5, coin: float = 0.1,
                 ivory: float = 2.0, lever_open: float = 80.0, lever_item: float = 40.0,
                 route_hope: float = 20.0, wall: float = 150.0) -> None:
        self.key, self.gem, self.coin, self.ivory = key, gem, coin, ivory
        self.lever_open, self.lever_item, self.route_hope = lever_open, lever_item, route_hope
        self.blind, self.north, self.edge, self.wall = -3.0, 1.0, 8.0, wall
        self.edge_reach = 3
        self.spread = (6.0, 3.6, 2.7, 1.8, 1.2, 0.9, 0.6)
        self.redraw_margin = 2.0
        self.reach_open, self.reach_hope = 1000.0, 300.0
        self._decks: dict = {}  # deck_worth's answers

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
        if "secret_garden_key" in by and self.wants_west(state):
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
        focus = 0.3 if self.lever_pulled(state) else 1.0
        best_pay: dict = {}
        for a in moves:
            cost = a.steps * price + self.key * a.pay.count("key") + self.key * 0.8 * (
                len(a.pay) - a.pay.count("key"))
            if a.cell not in best_pay or cost < best_pay[a.cell][0]:
                best_pay[a.cell] = (cost, a)
        for cell, (cost, a) in best_pay.items():
            if a.steps >= state.resources["steps"] and not self.goal_room(state, cell):
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
                    a.ability != "secret_garden_key" or self.wants_west(state)):
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

    # -- what things are worth --------------------------------------------------------------
    def value(self, s: State) -> float:
        """The worth of a moment of the day, in steps: resources, items, card draws pending
        (exact deck odds), lever progress, the open doors and what reachable rooms hold; half
        a won day once the Antechamber is in reach through an opened door."""
        if s.won:
            return WIN
        if s.is_over:
            return -1_000.0
        walk = s.routes().get(ANTECHAMBER)
        if walk is not None and walk[1] <= s.resources["steps"] and walk[0] <= (
                s.resources["keys"] + s.items.get("Lockpick Kit", 0)
                + s.items.get("Silver Key", 0)):
            return WIN / 2  # an opened Antechamber door within reach: won on the next move
        r = s.resources
        v = (r["steps"] + self.key * r["keys"] + self.gem * r["gems"] + self.coin * r["coins"]
             + self.ivory * r["ivory_dice"])
        v += sum(self.item_worth(s, name, n) for name, n in s.items.items())
        for step in s.pending:
            if step.kind == "card":
                v += self.deck_worth(s, step.deck)
        v += self.lever_worth(s)
        v += self.frontier(s)
        v += (self.reach_open if self.lever_pulled(s) else self.reach_hope) * self.reach_odds(s)
        reach = s.routes()
        price = step_price(s)
        for cell, (_, steps, locks) in reach.items():
            if cell == ANTECHAMBER:
                continue
            gain = self.cell_gain(s, cell) - steps * price - self.key * len(locks)
            if gain > 0:
                v += 0.8 * gain
        return v

    def item_worth(self, s: State, name: str, charges: int) -> float:
        levers = s.flags.get("levers", ())
        if name == "Broken Lever":
            return self.lever_item if "south" not in levers else 0.0
        if name == "Secret Garden Key":
            return self.lever_item * 0.8 if self.wants_west(s) else self.key
        if name in ("Lockpick Kit", "Silver Key"):
            return self.key * 0.8 * charges
        return ITEM_WORTH.get(name, 0.5)

    def lever_pulled(self, s: State) -> bool:
        """Whether an Antechamber door on a live side is open."""
        levers = s.flags.get("levers", ())
        return any(side in levers for side in self.live_sides(s))

    def wants_west(self, s: State) -> bool:
        return ("west" not in s.flags.get("levers", ()) and garden_spawnable(s)
                and "west" in self.live_sides(s))

    def live_sides(self, s: State) -> list[str]:
        """The Antechamber sides still usable: a lever path exists and the cell beside that
        door is empty or holds a tile with a door facing the Antechamber."""
        return list(_live_sides(s.rules, *(s.board.get(neighbour(ANTECHAMBER, d))
                                           for d in SIDE_DOORS)))

    def lever_worth(self, s: State) -> float:
        """Lever progress: open doors on live sides, lever items in hand, paths still open."""
        levers = s.flags.get("levers", ())
        live = self.live_sides(s)
        v = 0.0
        for side in live:
            cell = neighbour(ANTECHAMBER, LEVER_SIDES[side])
            ready = cell in s.board and (cell in s.routes() or cell == s.position)
            if side in levers:
                v += self.lever_open + (self.lever_open / 4 if ready else 0.0)
            else:
                v += self.route_hope + (self.route_hope / 2 if ready else 0.0)
        if not live:
            v -= self.lever_item  # no lever can help any more: the items are worth less
        return v

    def goal_cells(self, s: State) -> list:
        """The cells beside the Antechamber on the live sides, the open ones alone if any."""
        levers = s.flags.get("levers", ())
        live = self.live_sides(s)
        open_ = [side for side in live if side in levers]
        return [neighbour(ANTECHAMBER, LEVER_SIDES[side]) for side in (open_ or live)]

    def place_worth(self, s: State, cell) -> float:
        """How much an empty cell is worth drafting into: near the Antechamber's live sides
        along a path of empty cells (much more once a lever is pulled; a cell cut off from
        them is worth little); an edge cell for the Greenhouse while carrying the Broken
        Lever; a possible Secret Garden cell while carrying its key."""
        goals = self.goal_cells(s)
        dist = _goal_dists(frozenset(s.board), tuple(goals)).get(cell)
        if self.lever_pulled(s):
            v = 6.0 + 3.0 * max(0, 8 - (8 if dist is None else dist))
        else:
            if dist is None:  # cut off from the goals: as far as it looks, and then some
                dist = 3 + min((abs(cell[0] - g[0]) + abs(cell[1] - g[1]) for g in goals),
                               default=8)
            v = 3.0 + self.north * max(0, 10 - dist)
        edge_col = cell[1] in (1, 5) and 2 <= cell[0] <= 8
        if "Broken Lever" in s.items and "Greenhouse" not in s.on_board() and edge_col:
            v += 6.0
        if "Secret Garden Key" in s.items and self.wants_west(s):
            spots = tuple(c for c in GARDEN_SPOTS if c not in s.board)
            near = _goal_dists(frozenset(s.board), spots).get(cell)
            if near is not None:
                v += self.edge * max(0, self.edge_reach - near)
        return v

    def open_goals(self, s: State) -> dict:
        """The empty cells beside the Antechamber on opened live sides → the door (side of
        that cell) a tile there must have to face the Antechamber."""
        levers = s.flags.get("levers", ())
        out = {}
        for side in self.live_sides(s):
            d = LEVER_SIDES[side]
            cell = neighbour(ANTECHAMBER, d)
            if side in levers and cell not in s.board:
                out[cell] = opposite(d)
        return out

    def target_worth(self, s: State, origin, direction: int, goals: dict) -> float:
        """:meth:`place_worth` of the cell through a door; for an opened Antechamber side's
        empty cell, scaled by the odds that a draft there faces the Antechamber
        (:meth:`connect_odds`), so drafts come in from the side most likely to connect."""
        target = neighbour(origin, direction)
        worth = self.place_worth(s, target)
        if target in goals:
            worth *= self.connect_odds(s, origin, direction, goals[target])
        return worth

    def connect_odds(self, s: State, origin, direction: int, need: int) -> float:
        """The chance that a draft through ``direction`` of ``origin`` brings a tile we can
        take whose random orientation has a door on side ``need`` (the Active Bag's odds,
        Slots 2–3 if their gems are held; a redraw at hand squares the failure)."""
        r = s.resources
        fail = _no_connect(s.rules, tuple(s.bag.items()), origin, direction, need, r["gems"],
                           "Terrace" in s.on_board())
        if r["ivory_dice"] or (r["gems"] and "Study" in s.on_board()):
            fail *= fail
        return 1 - fail

    def frontier(self, s: State) -> float:
        """The open doors of reachable rooms (to empty cells, payable if padlocked), the
        best counted most; a house with none left is worth much less."""
        closed = {(tuple(c), d) for c, d in s.flags.get("closed_doors", ())}
        payable = s.resources["keys"] + s.items.get("Lockpick Kit", 0) + s.items.get(
            "Silver Key", 0)
        worths, targets = [], set()
        goals = self.open_goals(s)
        for cell in list(s.routes()) + [s.position]:
            if cell == ANTECHAMBER:
                continue
            for d in s.board[cell].doors:
                n = neighbour(cell, d)
                if n is None or n in s.board or n == ANTECHAMBER:
                    continue
                door = edge(cell, d)
                if door in closed or (door in s.padlocks and not payable):
                    continue
                worths.append(self.target_worth(s, cell, d, goals)
                              - (self.key if door in s.padlocks else 0))
                targets.add(n)
        if not worths:
            return -self.wall
        worths.sort(reverse=True)
        fails = self.dead_draw(s)
        wall = 1.0
        for n in targets:
            wall *= fails[empty_beside(s, n)]
        return sum(w * f for w, f in zip(worths, self.spread, strict=False)) - self.wall * wall

    def reach_odds(self, s: State) -> float:
        """The odds that the house grows from its open doors to a tile facing the
        Antechamber on a :meth:`goal_cells` side: each empty cell's odds along paths of empty
        cells (a draft there brings a tile with a door towards the next one at the odds of
        :meth:`dead_draw` with a gem at most, the door opens at the lock odds of its rank,
        §6, or with a Key), the open doors' odds combined as independent tries; 1 when such
        a tile is reachable."""
        reach = set(s.routes()) | {s.position}
        # the gems and redraws held are spent on the way: a later draft has a gem at most
        q = 1 - _dead_draw(s.rules, tuple(s.bag.items()), min(1, s.resources["gems"]),
                           "Terrace" in s.on_board())[1]
        targets: dict = {}
        levers = s.flags.get("levers", ())
        sides = [side for side in self.live_sides(s) if side in levers] or self.live_sides(s)
        for side in sides:
            d = LEVER_SIDES[side]
            g = neighbour(ANTECHAMBER, d)
            tile = s.board.get(g)
            if tile is None:
                targets[g] = q
            elif g in reach:
                return 1.0
            else:
                for e in tile.doors:
                    n = neighbour(g, e)
                    if n is not None and n not in s.board and n != ANTECHAMBER:
                        targets[n] = q
        if not targets:
            return 0.0
        payable = s.resources["keys"] + s.items.get("Lockpick Kit", 0) + s.items.get(
            "Silver Key", 0)
        pay = min(1.0, payable / KEYS_ENOUGH)
        opens = tuple(1 - _lock_odds(s.rules, s.rules.rank_die(r)) * (1 - pay)
                      for r in RANKS)
        odds = _reach_grid(frozenset(s.board), tuple(sorted(targets.items())), round(q, 2),
                           tuple(round(o, 2) for o in opens))
        closed = {(tuple(c), d) for c, d in s.flags.get("closed_doors", ())}
        best: dict = {}
        on_board = s.on_board()
        level = s.flags.get("security_level", "normal")
        for cell in reach:
            if cell == ANTECHAMBER:
                continue
            for d in s.board[cell].doors:
                n = neighbour(cell, d)
                if n is None or n in s.board or n == ANTECHAMBER or n not in odds:
                    continue
                door = edge(cell, d)
                if door in closed:
                    continue
                if door in s.padlocks or list(door) in s.flags.get("unlocked_doors", ()):
                    p = (1.0 if payable else 0.0) if door in s.padlocks else 1.0
                else:
                    die = door_die(s.rules, s.board[cell].room, cell, n, on_board, level)
                    p = 1 - _lock_odds(s.rules, die) * (1 - pay)
                best[n] = max(best.get(n, 0.0), p * odds[n])
        miss = 1.0
        for p in best.values():
            miss *= 1 - p
        return 1 - miss

    def dead_draw(self, s: State) -> tuple[float, ...]:
        """By the number of empty cells beside the drafted cell (0–3 besides the door we come
        through), the chance that a draft brings no tile we can take that leads on through a
        door to one of them (its orientation at random): Slot 1 free, Slots 2–3 if their
        gems are held (§4 Gem Cost Rules), the odds of the Active Bag; squared when a redraw
        is at hand (Ivory Die, Study gems, §4 Step 4)."""
        r = s.resources
        fails = _dead_draw(s.rules, tuple(s.bag.items()), r["gems"], "Terrace" in s.on_board())
        if r["ivory_dice"] or (r["gems"] and "Study" in s.on_board()):
            fails = tuple(f * f for f in fails)
        return fails

    def door_worth(self, s: State, origin, direction: int, locked: bool | None = None) -> float:
        """What drafting through a door is worth: the place it leads to, the expected tile,
        less the chance of a lock times its price (or, with nothing to pay, its loss)."""
        target = neighbour(origin, direction)
        worth = self.target_worth(s, origin, direction, self.open_goals(s)) + 2.0
        door = edge(origin, direction)
        padlocked = door in s.padlocks if locked is None else locked
        garden = ("Secret Garden Key" in s.items and self.wants_west(s)
                  and placements(s.rules, "Secret Garden", origin, direction))
        spawn = self.lever_open - self.lever_item * 0.8  # the garden's lever, less the key
        if padlocked:
            return spawn if garden else worth - self.key
        room = s.board[origin].room
        die = door_die(s.rules, room, origin, target, s.on_board(),
                       s.flags.get("security_level", "normal"))
        if die is None or list(door) in s.flags.get("unlocked_doors", ()):
            return worth
        faces_ = s.rules.die_faces(die)
        p = faces_.get("LOCKED", 0) / sum(faces_.values())
        payable = s.resources["keys"] + s.items.get("Lockpick Kit", 0) + s.items.get(
            "Silver Key", 0)
        if garden:
            return (1 - p) * worth + p * spawn
        return worth - p * self.key if payable else (1 - p) * worth

    def best_door(self, s: State, cell, padlocked: bool = True) -> float:
        """The best door to draft from the room at ``cell`` (padlocked ones too unless
        ``padlocked`` is false), or 0."""
        return max((self.door_worth(s, cell, d) for d in open_doors(s, cell)
                    if padlocked or edge(cell, d) not in s.padlocks), default=0.0)

    def goal_room(self, s: State, cell) -> bool:
        room = s.board[cell].room
        levers = s.flags.get("levers", ())
        return (room == "Greenhouse" and "Broken Lever" in s.items
                and "south" not in levers) or (room == "Secret Garden" and "west" not in levers)

    def cell_gain(self, s: State, cell) -> float:
        """What entering the room at ``cell`` gives: its entry rewards and item draws (exact
        deck odds), a lever, and the tokens, fruit, dirt and trunks we can take there; less
        the held item the Darkroom takes."""
        rules, room = s.rules, s.board[cell].room
        first = cell not in s.entered
        v = 0.0
        row = rules.rows("tables/room_resources.csv").get(room)
        if row is not None and pays(rules, row["when"], first):
            v += sum(self._res(k, row[k] or 0) for k in ("steps", "coins", "gems", "keys"))
        spawn = rules.rows("tables/item_spawns.csv").get(room)
        if spawn is not None and spawn["when"] == "entry" and pays(rules, "entry", first) \
                and not (s.flags.get("maid") and {"purple", "green"} & set(
                    rules.room(room)["colours"])):
            draws = int(spawn["common"] or 0) * self.deck_worth(s, "common_items") + int(
                spawn["special"] or 0) * self.deck_worth(s, "special_items")
            if spawn["die"]:
                die, wins = numbered_die(rules, spawn["die"], spawn["success"])
                f = rules.die_faces(die)
                draws *= sum(n for k, n in f.items() if k in wins) / sum(f.values())
            v += draws
        if first:
            v += self.roll_worth(s, room)
        if room == "Darkroom" and pays(rules, "entry", first) and s.items:
            # §5 Darkroom: a held item, drawn at random, is lost in the dark
            v -= sum(self.item_worth(s, k, n) for k, n in s.items.items()) / len(s.items)
        levers = s.flags.get("levers", ())
        if room == "Greenhouse" and "Broken Lever" in s.items and "south" not in levers:
            v += self.lever_open - self.lever_item
        if room == "Secret Garden" and "west" not in levers:
            v += self.lever_open
        east = east_lever_room(rules)
        if room == east and "east" not in levers:
            v += self.lever_open
        for what, n in (s.tokens.get(cell) or {}).items():
            v += n * (self._res(what, 1) if what in RES_KEYS else self.item_worth(s, what, 1))
        held = tuple(s.items)
        v += sum(food_steps(rules, f, held) for f in s.fruit.get(cell, ()))
        if "Shovel" in s.items and s.dirt.get(cell):
            v += s.dirt[cell] * max(0.0, self.deck_worth(s, "dig") - self.dig_cost(s))
        trunks = s.trunks.get(cell, 0)
        if trunks:
            worth = self.deck_worth(s, "trunk")
            if "Sledgehammer" in s.items:
                v += trunks * worth
            else:
                # a Key goes on a trunk only while another is left (as ``here_action``)
                v += min(trunks, s.resources["keys"] - 1) * max(0.0, worth - self.key)
        return v

    def roll_worth(self, s: State, room: str) -> float:
        """A room's d6 roll on first entry (``tables/room_rolls.csv``: Parlor, Billiard Room,
        Music Room) at its exact odds; a Special Key is worth its table's mix."""
        rows = puzzle_rows(s.rules, room)
        if not rows:
            return 0.0
        v = 0.0
        for r in rows:
            p = len(faces(r["roll"])) / 6
            v += p * (self.key * int(r["keys"] or 0) + self.gem * int(r["gems"] or 0))
            if r["special_key"]:
                v += p * self.special_key_worth(s, r["special_key"])
        return v

    def special_key_worth(self, s: State, name: str) -> float:
        """A Secret Garden Key, or (``yes``) a roll of ``tables/special_keys.csv``."""
        if name != "yes":
            return self.item_worth(s, name, 1) if name not in s.items else 2 * self.key
        rows = list(s.rules.rows("tables/special_keys.csv").values())
        return sum(len(faces(r["roll"])) * self.item_worth(s, r["key"], 1)
                   for r in rows) / sum(len(faces(r["roll"])) for r in rows)

    def buy_worth(self, s: State, a: Buy) -> float:
        """A purchase's worth less its price: keys while short of them, a Special Key while
        the west lever is wanted, a Shovel or food."""
        price = self.coin * a.price
        name = a.item
        if name.endswith("Keys") and name[0].isdigit():
            return (self.key * int(name.split()[0]) if s.resources["keys"] < 3 else 0) - price
        if name == "Key":
            return (self.key if s.resources["keys"] < 3 else 0) - price
        if name == "Special Key":
            return (self.special_key_worth(s, "yes") if self.wants_west(s) else 0) - price
        if name in s.items:
            return -price
        return ITEM_WORTH.get(name, 0.0) - price

    def deck_worth(self, s: State, deck: str) -> float:
        """The expected worth of the next card of ``deck`` (exact odds of its remaining
        cards; the discards once it is empty)."""
        remaining, discard = s.decks[deck]
        cards = remaining if sum(remaining.values()) else discard
        total = sum(cards.values())
        if not total:
            return 0.0
        held = tuple(sorted(s.items))
        # what a card is worth hangs on the deck, the items held and the lever items' use
        key = (deck, tuple(cards.items()), held, s.flags.get("levers", ()), self.wants_west(s))
        worth = self._decks.get(key)
        if worth is None:
            if len(self._decks) > 4096:
                self._decks.clear()
            worth = self._decks[key] = sum(
                n * self.card_worth(s, deck, c, held) for c, n in cards.items() if n) / total
        return worth

    def card_worth(self, s: State, deck: str, card: str, held: tuple) -> float:
        gain = _gain(s.rules, deck, card, held)
        v = sum(self._res(k, _mean(x)) for k, x in gain.amounts.items())
        if gain.item:
            v += self.item_worth(s, gain.item, 1)
        return v + gain.trunks * 1.0

    def dig_cost(self, s: State) -> float:
        return 1.0 if s.rules.variant("dig_step_cost") == "one_step" else 0.0

    def _res(self, what: str, n: float) -> float:
        return n * {"steps": 1.0, "keys": self.key, "gems": self.gem, "coins": self.coin,
                    "ivory_dice": self.ivory}.get(what, 0.0)


#: The worth in steps of items without a rule of their own in :class:`PlannerPolicy`.
ITEM_WORTH = {"Shovel": 4.0, "Sledgehammer": 2.0, "Metal Detector": 1.5, "Prism Key": 2.0,
              "Salt Shaker": 1.0, "Running Shoes": 5.0, "Coupon Book": 0.5}
#: Keys (and Lockpick Kit or Silver Key uses) enough to count on opening the locks met on
#: the way to the Antechamber in :meth:`PlannerPolicy.reach_odds`; fewer open that share.
KEYS_ENOUGH = 3
#: Steps enough that walking a little further costs less than a step's worth.
STEPS_ENOUGH = 12
RES_KEYS = ("steps", "coins", "gems", "keys", "ivory_dice")
#: The board's cells but the Antechamber, and each one's neighbours on the board.
_CELLS = tuple((r, c) for r in RANKS for c in COLS if (r, c) != ANTECHAMBER)
_NEIGHBOURS = {cell: tuple(m for d in range(4) if (m := neighbour(cell, d)) is not None
                           and m != ANTECHAMBER) for cell in _CELLS}
#: How much a cell's second and third ways on count beside its best in
#: :func:`_reach_grid` (the ways share cells: far from independent tries).
ALTERNATIVES = (1.0, 0.4, 0.15)
#: The edge cells where a locked door can spawn the Secret Garden with the best odds: Columns
#: 1 and 5 (no corners) at Ranks 5–8, drafted into from rooms whose doors roll a lock die (§6
#: Special Keys, §16 Secret Garden; Rank 4's white die locks least).
GARDEN_SPOTS = tuple((r, c) for r in range(5, 9) for c in (1, 5))


def step_price(s: State) -> float:
    """What one more step of walking costs, in steps' worth: 1 while they run short, less
    while there are more than enough for what is left to do."""
    return min(1.0, STEPS_ENOUGH / max(1, s.resources["steps"]))


#: The Antechamber's doors in the order :func:`_live_sides` takes the tiles beside them.
SIDE_DOORS = tuple(LEVER_SIDES.values())


@lru_cache(maxsize=4096)
def _live_sides(rules: Rules, *beside) -> tuple[str, ...]:
    """:meth:`PlannerPolicy.live_sides` given the tiles (or None) beside the Antechamber's
    :data:`SIDE_DOORS`."""
    tiles = dict(zip(SIDE_DOORS, beside, strict=True))
    return tuple(side for side in lever_sides(rules)
                 if tiles[LEVER_SIDES[side]] is None
                 or opposite(LEVER_SIDES[side]) in tiles[LEVER_SIDES[side]].doors)


def lever_sides(rules: Rules) -> tuple[str, ...]:
    """The Antechamber sides a lever can open under these rules (§13, variant east_lever)."""
    return ("south", "west") + (("east",) if east_lever_room(rules) else ())


def east_lever_room(rules: Rules) -> str | None:
    if rules.variant("east_lever") != "placeholder_room":
        return None
    row = rules.rows("tables/east_lever.csv").get("east")
    return row["room"] if row else None


@lru_cache(maxsize=8192)
def _dead_draw(rules: Rules, bag: tuple, gems: int, terrace: bool) -> tuple[float, ...]:
    total, lead, cheap = 0, [0.0] * 4, [0.0] * 4
    for room, n in bag:
        cost, leads = _leads(rules, room, terrace)
        total += n
        for k, p in enumerate(leads):
            lead[k] += n * p
            if cost <= gems:
                cheap[k] += n * p
    if not total:
        return (1.0,) * 4
    return tuple((1 - lead[k] / total) * (1 - cheap[k] / total) ** 2 for k in range(4))


@lru_cache(maxsize=8192)
def _no_connect(rules: Rules, bag: tuple, origin, direction: int, need: int, gems: int,
                terrace: bool) -> float:
    """The chance that no tile of a draw (Slot 1 free, Slots 2–3 within ``gems``) through
    ``direction`` of ``origin`` gets, at a random allowed orientation, a door on ``need``."""
    total, hit, cheap = 0, 0.0, 0.0
    for room, n in bag:
        turns = placements(rules, room, origin, direction)
        total += n
        if not turns:
            continue
        shape = rules.room(room)["shape"]
        p = sum(need in doors(shape, t) for t in turns) / len(turns)
        hit += n * p
        if tile_cost(rules, room, terrace=terrace)[0] <= gems:
            cheap += n * p
    if not total:
        return 1.0
    return (1 - hit / total) * (1 - cheap / total) ** 2


@lru_cache(maxsize=1024)
def _leads(rules: Rules, room: str, terrace: bool) -> tuple[int, tuple[float, ...]]:
    """A tile's gem cost and, for 0–3 empty cells beside it, the chance that one of its
    doors besides the one facing back (at random) faces one of them."""
    others = int(rules.room(room)["doors"]) - 1
    return (tile_cost(rules, room, terrace=terrace)[0],
            tuple(1 - comb(3 - k, others) / comb(3, others) for k in range(4)))


@lru_cache(maxsize=4096)
def _gain(rules: Rules, deck: str, card: str, held: tuple):
    return card_gain(rules, deck, card, held)


def _mean(x) -> float:
    return (x.lo + x.hi) / 2 if hasattr(x, "lo") else float(x)


@lru_cache(maxsize=64)
def _lock_odds(rules: Rules, die: str | None) -> float:
    """The chance that ``die`` (a lock die, or None: never locked) shows LOCKED (§6)."""
    if die is None:
        return 0.0
    f = rules.die_faces(die)
    return f.get("LOCKED", 0) / sum(f.values())


@lru_cache(maxsize=8192)
def _reach_grid(occupied: frozenset, targets: tuple, q: float, opens: tuple) -> dict:
    """Each empty cell → the odds that a draft into it grows, cell by empty cell, into one
    of ``targets`` (cell → the odds that the last draft there faces the Antechamber): a
    tile has a door towards a given empty neighbour at odds ``q``, a door at rank r opens
    at odds ``opens[r - 1]``; the best neighbour counts fully, the others as
    :data:`ALTERNATIVES` (value iteration)."""
    goal = dict(targets)
    odds = {cell: goal.get(cell, 0.0) for cell in _CELLS if cell not in occupied}
    nbrs = {cell: [m for m in _NEIGHBOURS[cell] if m in odds] for cell in odds}
    order, seen = [], set(goal)  # nearest the targets first: few sweeps settle it
    frontier = list(goal)
    while frontier:
        frontier = [m for cell in frontier for m in nbrs.get(cell, ()) if m not in seen
                    and not seen.add(m)]
        order += frontier
    for _ in range(4):
        change = 0.0
        for cell in order:
            step = q * opens[cell[0] - 1]
            miss = 1.0
            for w, x in zip(ALTERNATIVES, sorted((odds[m] for m in nbrs[cell]), reverse=True),
                            strict=False):
                miss *= 1 - w * step * x
            change = max(change, abs(1 - miss - odds[cell]))
            odds[cell] = 1 - miss
        if change < 1e-3:
            break
    return odds


@lru_cache(maxsize=8192)
def _goal_dists(occupied: frozenset, goals: tuple) -> dict:
    """Each empty cell → the fewest cells on a path of empty cells from it to one of
    ``goals`` (the goals themselves 0, placed or not)."""
    dist = {g: 0 for g in goals}
    frontier = list(goals)
    while frontier:
        nxt = []
        for cell in frontier:
            for d in range(4):
                m = neighbour(cell, d)
                if m is not None and m not in dist and m not in occupied and m != ANTECHAMBER:
                    dist[m] = dist[cell] + 1
                    nxt.append(m)
        frontier = nxt
    return dist


def empty_beside(s: State, cell) -> int:
    """How many cells beside ``cell`` are on the board's grid and still empty."""
    return sum(1 for d in range(4) if (m := neighbour(cell, d)) is not None
               and m not in s.board and m != ANTECHAMBER)


def open_doors(s: State, cell) -> list[int]:
    """The doors of the room at ``cell`` that could be drafted from it (as
    ``engine.drafting.draftable_doors`` from there): to an empty cell, not shut, and if
    padlocked, payable."""
    if cell == s.position:
        return draftable_doors(s)
    closed = {(tuple(c), d) for c, d in s.flags.get("closed_doors", ())}
    payable = s.resources["keys"] + s.items.get("Lockpick Kit", 0) + s.items.get(
        "Silver Key", 0)
    out = []
    for d in s.board[cell].doors:
        n = neighbour(cell, d)
        door = edge(cell, d)
        if n is not None and n not in s.board and door not in closed and (
                door not in s.padlocks or payable):
            out.append(d)
    return out


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
