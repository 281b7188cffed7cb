"""What a moment of the day is worth to the planner, in steps (:class:`Valuation`): resources
and items, the lever progress, the open doors that lead on (towards the lever and the
Antechamber), and what the reachable rooms still hold, with card draws valued at their exact
odds from the decks' remaining cards; the open doors are also worth the odds that the house
does not wall itself in, and that it grows into a tile facing the Antechamber
(:mod:`.route_odds`).
"""

from __future__ import annotations

from functools import lru_cache

from ...board import edge, neighbour, placements
from ...engine.actions import Buy
from ...engine.setup import ANTECHAMBER
from ...engine.state import State
from ...engine.turn import LEVER_SIDES
from ...mechanics import door_die, food_steps
from ...mechanics.cards import card_gain
from ...mechanics.dice import faces, numbered_die
from ...mechanics.entries import pays
from ...mechanics.rolls import puzzle_rows
from ...rules import Rules
from .levers import (
    GARDEN_SPOTS,
    east_lever_room,
    goal_cells,
    lever_pulled,
    live_sides,
    open_goals,
    wants_west,
)
from .route_odds import connect_odds, dead_draw, empty_beside, goal_dists, open_doors, reach_odds

#: The value of a won day: above anything else the evaluation can reach.
WIN = 1_000_000.0
#: The worth in steps of items without a rule of their own in :class:`Valuation`.
ITEM_WORTH = {"Shovel": 4.0, "Sledgehammer": 2.0, "Metal Detector": 1.5, "Prism Key": 2.0,
              "Salt Shaker": 1.0, "Running Shoes": 5.0, "Coupon Book": 0.5}

#: Steps enough that walking a little further costs less than a step's worth.
STEPS_ENOUGH = 12
RES_KEYS = ("steps", "coins", "gems", "keys", "ivory_dice")


class Valuation:
    """The worth of a moment of the day (:meth:`value`). The weights are the value of one step
    (1), a Key, a gem, a coin and an Ivory Die in steps; ``lever_open`` is the worth of an
    open Antechamber door, ``lever_item`` of a Broken Lever or Secret Garden Key still to
    use, ``route_hope`` of each lever path that is still possible; ``wall`` the loss of a
    house walled in, weighted by its odds (and the worth of a house with no open door left).
    While the Secret Garden Key waits for a locked edge door, cells within ``edge_reach`` of
    :data:`~.levers.GARDEN_SPOTS` are worth ``edge`` a cell nearer. ``reach_open`` (a lever
    pulled) or ``reach_hope`` (none yet) is the worth of a sure way to a tile facing the
    Antechamber, times :func:`~.route_odds.reach_odds`.
    """

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
        v += (self.reach_open if lever_pulled(s) else self.reach_hope) * reach_odds(s)
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
            return self.lever_item * 0.8 if wants_west(s) else self.key
        if name in ("Lockpick Kit", "Silver Key"):
            return self.key * 0.8 * charges
        return ITEM_WORTH.get(name, 0.5)

    def lever_worth(self, s: State) -> float:
        """Lever progress: open doors on live sides, lever items in hand, paths still open."""
        levers = s.flags.get("levers", ())
        live = live_sides(s)
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

    def place_worth(self, s: State, cell) -> float:
        """How much an empty cell is worth drafting into: near the Antechamber's live sides
        along a path of empty cells (much more once a lever is pulled; a cell cut off from
        them is worth little); an edge cell for the Greenhouse while carrying the Broken
        Lever; a possible Secret Garden cell while carrying its key."""
        goals = goal_cells(s)
        dist = goal_dists(frozenset(s.board), tuple(goals)).get(cell)
        if lever_pulled(s):
            v = 6.0 + 3.0 * max(0, 8 - (8 if dist is None else dist))
        else:
            if dist is None:  # cut off from the goals: as far as it looks, and then some
                dist = 3 + min((abs(cell[0] - g[0]) + abs(cell[1] - g[1]) for g in goals),
                               default=8)
            v = 3.0 + self.north * max(0, 10 - dist)
        edge_col = cell[1] in (1, 5) and 2 <= cell[0] <= 8
        if "Broken Lever" in s.items and "Greenhouse" not in s.on_board() and edge_col:
            v += 6.0
        if "Secret Garden Key" in s.items and wants_west(s):
            spots = tuple(c for c in GARDEN_SPOTS if c not in s.board)
            near = goal_dists(frozenset(s.board), spots).get(cell)
            if near is not None:
                v += self.edge * max(0, self.edge_reach - near)
        return v

    def target_worth(self, s: State, origin, direction: int, goals: dict) -> float:
        """:meth:`place_worth` of the cell through a door; for an opened Antechamber side's
        empty cell, scaled by the odds that a draft there faces the Antechamber
        (:meth:`connect_odds`), so drafts come in from the side most likely to connect."""
        target = neighbour(origin, direction)
        worth = self.place_worth(s, target)
        if target in goals:
            worth *= connect_odds(s, origin, direction, goals[target])
        return worth

    def frontier(self, s: State) -> float:
        """The open doors of reachable rooms (to empty cells, payable if padlocked), the
        best counted most; a house with none left is worth much less."""
        closed = {(tuple(c), d) for c, d in s.flags.get("closed_doors", ())}
        payable = s.resources["keys"] + s.items.get("Lockpick Kit", 0) + s.items.get(
            "Silver Key", 0)
        worths, targets = [], set()
        goals = open_goals(s)
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
        fails = dead_draw(s)
        wall = 1.0
        for n in targets:
            wall *= fails[empty_beside(s, n)]
        return sum(w * f for w, f in zip(worths, self.spread, strict=False)) - self.wall * wall

    def door_worth(self, s: State, origin, direction: int, locked: bool | None = None) -> float:
        """What drafting through a door is worth: the place it leads to, the expected tile,
        less the chance of a lock times its price (or, with nothing to pay, its loss)."""
        target = neighbour(origin, direction)
        worth = self.target_worth(s, origin, direction, open_goals(s)) + 2.0
        door = edge(origin, direction)
        padlocked = door in s.padlocks if locked is None else locked
        garden = ("Secret Garden Key" in s.items and wants_west(s)
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
            return (self.special_key_worth(s, "yes") if wants_west(s) else 0) - price
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
        key = (deck, tuple(cards.items()), held, s.flags.get("levers", ()), wants_west(s))
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


def step_price(s: State) -> float:
    """What one more step of walking costs, in steps' worth: 1 while they run short, less
    while there are more than enough for what is left to do."""
    return min(1.0, STEPS_ENOUGH / max(1, s.resources["steps"]))


@lru_cache(maxsize=4096)
def _gain(rules: Rules, deck: str, card: str, held: tuple):
    return card_gain(rules, deck, card, held)


def _mean(x) -> float:
    return (x.lo + x.hi) / 2 if hasattr(x, "lo") else float(x)
