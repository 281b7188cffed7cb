"""A Weirdwood Manor game as an immutable state on the run protocol the RunStepper and
``manorkit.sim.games`` step (``legal_actions``, ``is_chance``, ``chance_outcomes``,
``apply``, ``resolve``, ``at``, ``history``, ``to_json``/``from_json``, ``log``, ``players``,
``player``, ``winners``, ``observation``).

A run is (rules, seed, players, monster, actions): every tile placed, card drawn and die
rolled is a random step in the history, so a saved game replays exactly. The players win or
lose together: ``winners`` names all of them when the Fae Monster falls.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property

from ..board import THRONE, opposite
from ..clock import at
from ..rules import MONSTERS, Rules, load_rules
from . import steps
from .actions import Draw, IllegalAction, from_json
from .common import day, strength
from .model import RESOURCES, WORDS, Table, Warden


@dataclass(frozen=True, eq=False)
class State:
    """One moment of a game (its table is never changed: ``apply`` returns a new state)."""

    rules: Rules
    seed: int
    table: Table
    history: tuple = ()
    parent: State | None = field(default=None, repr=False)

    # -- the protocol ---------------------------------------------------------------------
    @property
    def players(self) -> tuple[str, ...]:
        return self.table.players

    @property
    def monster(self) -> str:
        return self.table.monster

    @property
    def depth(self) -> int:
        return len(self.history)

    @property
    def is_over(self) -> bool:
        return self.table.over is not None

    @property
    def won(self) -> bool:
        return self.table.over == "won"

    @property
    def over(self) -> str | None:
        return self.table.over

    @property
    def is_chance(self) -> bool:
        t = self.table
        return not self.is_over and bool(t.todo) and t.todo[0][0] in steps.RANDOM

    @property
    def player(self) -> str | None:
        if self.is_over or self.is_chance or not self.table.todo:
            return None
        return self.table.todo[0][1]

    @property
    def winners(self) -> tuple[str, ...]:
        return self.players if self.won else ()

    @property
    def turn(self) -> int:
        return self.table.turns

    @cached_property
    def _legal(self) -> tuple:
        if self.is_over or self.is_chance:
            return ()
        return tuple(steps.legal(self.table))

    def legal_actions(self) -> list:
        return list(self._legal)

    @cached_property
    def _outcomes(self):
        return steps.outcomes(self.table)

    def chance_outcomes(self) -> list[tuple[Draw, object]]:
        if not self.is_chance:
            raise IllegalAction("no random step is pending")
        what = self.table.todo[0][0]
        return [(Draw(what, str(v)), p) for v, p in self._outcomes]

    def apply(self, action) -> State:
        """The state after ``action`` (a legal decision or an outcome of the pending random
        step); an illegal one raises :class:`IllegalAction` and changes nothing."""
        if self.is_over:
            raise IllegalAction("the game is over")
        t = self.table.copy()
        t.events.append("")
        if self.is_chance:
            if not isinstance(action, Draw) or action.what != t.todo[0][0] or \
                    self._outcomes.p(action.value) == 0:
                raise IllegalAction(f"{action} is not an outcome of the pending random step")
            steps.drawn(t, action.value)
        else:
            if action not in self._legal:
                raise IllegalAction(f"{action} is not legal now ({self.player}'s decision)")
            steps.act(t, action)
        steps.settle(t)
        return State(self.rules, self.seed, t, (*self.history, action), self)

    def resolve(self, rng: random.Random | None = None) -> State:
        """Resolve the pending random step by sampling it (with ``rng``, or a generator
        seeded by ``(seed, depth)``)."""
        outcomes = self.chance_outcomes()
        rng = rng or random.Random(f"{self.seed}:{self.depth}")
        return self.apply(rng.choices([o for o, _ in outcomes],
                                      [float(p) for _, p in outcomes])[0])

    def at(self, depth: int) -> State:
        if not 0 <= depth <= self.depth:
            raise ValueError(f"depth {depth} is not 0 to {self.depth}")
        state = self
        while state.depth > depth:
            state = state.parent
        return state

    # -- what a player may see ------------------------------------------------------------
    def observation(self, player: str) -> dict:
        """What ``player`` may read: the board, the clock, every Warden's board and supply,
        their own hand (the others' hands only by size), the monster's tracks and the next
        Monster Card's kind (its back shows it); not the order of any deck nor the cards
        waiting in Therus' Plans."""
        t = self.table
        return {
            "player": player, "time": t.time, "day": day(t), "monster": t.monster,
            "strength": strength(t), "rooms": dict(t.rooms), "scarabs": dict(t.scarabs),
            "blighted": frozenset(t.blighted), "rubble": frozenset(t.rubble),
            "fire": frozenset(t.fire), "monster at": t.monster_at, "lady at": t.lady_at,
            "lady": t.lady, "health": t.health, "cubes": dict(t.cubes),
            "power cards": len(t.power_cards), "upcoming": t.upcoming,
            "plans": len(t.plans), "arms": tuple(t.arms), "offer": tuple(t.offer),
            "todo": tuple(s for s in t.todo[:1]), "ctx": {k: v for k, v in t.ctx.items()
                                                          if k != "battle"},
            "hand": tuple(t.wardens[player].hand),
            "wardens": {n: _public(w) for n, w in t.wardens.items()},
        }

    # -- tables and pictures --------------------------------------------------------------
    def summary(self) -> dict:
        t = self.table
        out = {"day": day(t), "outcome": t.over or ""}
        if t.monster == "Chaos Ogre":
            out["monster health"] = sum(t.cubes.values())
        else:
            out["monster health"] = t.health
        out["blighted"] = len(t.blighted)
        return out

    @property
    def resources(self) -> dict:
        t = self.table
        out = {"day": day(t), "time": str(at(t.time, self.rules)).split(", ")[1],
               f"{t.monster} health": (sum(t.cubes.values()) if t.monster == "Chaos Ogre"
                                       else t.health),
               "Lady Weirdwood": t.lady, "blighted rooms": len(t.blighted)}
        w = t.wardens.get(self.player) if self.player else None
        if w is not None:
            out.update({f"{w.name} health": w.health,
                        **{f"{w.name} {WORDS[r]}": w.supply[r] for r in (*RESOURCES, "power")}})
        return out

    @property
    def items(self) -> dict:
        w = self.table.wardens.get(self.player) if self.player else None
        if w is None:
            return {}
        out = Counter(w.hand)
        out.update({f"{d} die": 1 for d in w.dice})
        return dict(out)

    @property
    def log(self):
        import pandas as pd

        rows = [{"step": i + 1, "action": str(a), "effect": e}
                for i, (a, e) in enumerate(zip(self.history, self.table.events, strict=True))]
        return pd.DataFrame(rows, columns=["step", "action", "effect"])

    def _repr_html_(self) -> str:
        from .display import state_html

        return state_html(self)

    # -- saving ---------------------------------------------------------------------------
    def to_json(self) -> str:
        return json.dumps({"game": "weirdwood", "rules": self.rules.recipe(),
                           "seed": self.seed, "players": list(self.players),
                           "monster": self.monster,
                           "history": [a.to_json() for a in self.history]})

    @classmethod
    def from_json(cls, text: str) -> State:
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("game") != "weirdwood":
            raise IllegalAction("not a saved Weirdwood Manor game")
        state = new_game(Rules.from_recipe(data["rules"]), seed=data["seed"],
                         players=data["players"], monster=data["monster"])
        for entry in data["history"]:
            state = state.apply(from_json(entry))
        return state


def _public(w: Warden) -> dict:
    return {"character": w.character, "place": w.place, "health": w.health,
            "supply": dict(w.supply), "dice": tuple(w.dice), "permanent": w.permanent,
            "tracks": dict(w.tracks), "xp": w.xp, "hits": w.hits, "blocks": w.blocks,
            "played": dict(w.played), "slots": tuple(w.slots), "hand size": len(w.hand),
            "companions": tuple(w.companions), "wardens": w.wardens}


#: The ``monster`` variant's readings → the Fae Monster.
FOES = {"chaos_ogre": "Chaos Ogre", "min_wraith": "Mîn Wraith", "therus": "Therus"}


def new_game(rules: Rules | None = None, seed: int = 0, players=2,
             monster: str | None = None) -> State:
    """A game from Game Setup against ``monster`` (default: the rules' ``monster`` variant):
    ``players`` names (each plays the next character of ``characters.csv``) or how many
    (named by their characters). The first steps are random: the room tiles, the
    Companions, the 3 rolled Scarabs, the hands and the first Monster Card."""
    rules = rules or load_rules()
    monster = monster or FOES[rules.variant("monster")]
    characters = list(rules.rows("characters.csv"))
    if isinstance(players, int):
        if not 1 <= players <= len(characters):
            raise ValueError(f"players is {players}; expected 1 to {len(characters)}")
        players = characters[:players]
    players = tuple(players)
    if not players or len(players) > len(characters) or len(set(players)) != len(players):
        raise ValueError(f"players {list(players)!r}: expected 1 to {len(characters)} "
                         "distinct names")
    if monster not in MONSTERS:
        raise ValueError(f"monster is {monster!r}; expected one of {', '.join(MONSTERS)}")
    t = _table(rules, players, monster)
    return State(rules, seed, t)


def _table(rules: Rules, players: tuple[str, ...], monster: str) -> Table:
    rings = rules.rows("rings.csv")
    rooms = {THRONE: "Throne Room"}
    todo: list = []
    for ring, row in rings.items():
        rooms[(ring, row["fixed_slot"])] = row["fixed_room"]
        todo += [("tile", ring, s) for s in range(rules.positions(ring))
                 if s != row["fixed_slot"]]
    todo += [("companion",)] * rules.number("companions_offered")
    todo += [("room_dice", "setup")] * rules.number("setup_rolled_scarabs")
    entrance = (("outer", rings["outer"]["fixed_slot"]))
    wardens = {}
    for name, (character, row) in zip(players, rules.rows("characters.csv").items(),
                                      strict=False):
        w = Warden(name, character, entrance, rules.number("start_health"),
                   list(row["slots"]), permanent=row["balanced_start"])
        w.hand.append(next(iter(rules.rows("action_cards.csv"))))  # Shadow Steps, set aside
        wardens[name] = w
        todo += [("draw", name)] * rules.number("starting_draw")
    scarabs = Counter({THRONE: rules.number("throne_scarabs")})
    scarabs.update({("inner", s): 1 for s in range(rules.positions("inner"))})
    start_day = rules.track_value(monster, "start_day")
    t = Table(rules, monster, players, wardens, rooms,
              time=(start_day - 1) * sum(n for _, n in rules.times_of_day), scarabs=scarabs,
              companions_left=list(rules.rows("companions.csv")),
              wardens_left=rules.number("warden_cards"), lady_at=THRONE,
              deck=Counter(rules.monster_deck(monster)))
    if monster == "Chaos Ogre":
        t.monster_at = opposite(rules, entrance)
        t.lady = rules.track_value(monster, "lady_health")
        t.cubes = {(r["area"], r["row"]): r["cubes"]
                   for r in rules.rows("ogre_health.csv").values()}
    elif monster == "Mîn Wraith":
        terrace = ("middle", rings["middle"]["fixed_slot"])
        t.monster_at = terrace
        t.health = rules.track_value(monster, "health")
        t.lady = rules.track_value(monster, "life_force")
    else:
        t.monster_at = THRONE
        t.health = rules.track_value(monster, "health")
        t.lady = rules.track_value(monster, "corruption_start")
        t.lady_at = None
    if monster != "Therus":
        todo.append(("monster", "next"))
    t.todo = [*todo, ("begin",)]
    return t

