"""A two-player toy race on the run protocol, small enough to check the game-agnostic
machinery (``manorkit.sim.games``, the RunStepper) without a real game.

Players take turns: ``walk`` moves 1 space; ``roll`` moves a die's 1-3 spaces (a random
step). The first to reach :data:`GOAL` wins. Its :class:`Rules` name the die
(``Rules().with_variants(die="d2")`` rolls 1-2).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from fractions import Fraction

GOAL = 6
FACES = (1, 2, 3)


class IllegalAction(ValueError):
    pass


@dataclass(frozen=True)
class Rules:
    """The race's rules: the die's faces, and its readings by name."""

    faces: tuple = FACES
    DICE = {"d2": (1, 2), "d3": FACES, "d4": (1, 2, 3, 4)}

    def with_variants(self, die: str) -> Rules:
        return Rules(self.DICE[die])


@dataclass(frozen=True)
class Act:
    name: str
    kind = "decision"

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class Chance:
    value: int
    kind = "chance"
    source = "dice"

    def __str__(self) -> str:
        return f"die: {self.value}"


@dataclass(frozen=True)
class Race:
    seed: int = 0
    players: tuple = ("Ann", "Bo")
    history: tuple = ()
    faces: tuple = FACES

    # -- derived from the history -----------------------------------------------------------
    def _replay(self):
        at, seat, rolling = {p: 0 for p in self.players}, 0, False
        for a in self.history:
            p = self.players[seat]
            if isinstance(a, Chance):
                at[p] += a.value
                rolling = False
            elif a.name == "roll":
                rolling = True
                continue
            else:
                at[p] += 1
            seat = (seat + 1) % len(self.players)
        return at, seat, rolling

    @property
    def positions(self) -> dict:
        return self._replay()[0]

    @property
    def winners(self) -> tuple:
        return tuple(p for p, x in self.positions.items() if x >= GOAL)

    @property
    def is_over(self) -> bool:
        return bool(self.winners)

    @property
    def is_chance(self) -> bool:
        return not self.is_over and self._replay()[2]

    @property
    def player(self):
        if self.is_over or self.is_chance:
            return None
        return self.players[self._replay()[1]]

    @property
    def depth(self) -> int:
        return len(self.history)

    @property
    def turn(self) -> int:
        return sum(not isinstance(a, Chance) for a in self.history)

    # -- the protocol -----------------------------------------------------------------------
    def legal_actions(self) -> list:
        if self.is_over or self.is_chance:
            return []
        return [Act("walk"), Act("roll")]

    def chance_outcomes(self) -> list:
        if not self.is_chance:
            raise IllegalAction("no random step is pending")
        return [(Chance(f), Fraction(1, len(self.faces))) for f in self.faces]

    def apply(self, action) -> Race:
        allowed = ([o for o, _ in self.chance_outcomes()] if self.is_chance
                   else self.legal_actions())
        if action not in allowed:
            raise IllegalAction(f"{action} is not legal here")
        return Race(self.seed, self.players, self.history + (action,), self.faces)

    def resolve(self, rng: random.Random | None = None) -> Race:
        rng = rng or random.Random(f"{self.seed}:{self.depth}")
        outcomes = self.chance_outcomes()
        return self.apply(rng.choices([o for o, _ in outcomes], [w for _, w in outcomes])[0])

    def at(self, depth: int) -> Race:
        return Race(self.seed, self.players, self.history[:depth], self.faces)

    def summary(self) -> dict:
        return {"leader_space": max(self.positions.values())}

    @property
    def resources(self) -> dict:
        return dict(self.positions)

    @property
    def items(self) -> dict:
        return {}

    @property
    def log(self):
        import pandas as pd

        return pd.DataFrame({"step": range(1, self.depth + 1),
                             "action": [str(a) for a in self.history]})

    def to_json(self) -> str:
        return json.dumps({"seed": self.seed, "players": list(self.players),
                           "history": [str(a) for a in self.history]})

    @classmethod
    def from_json(cls, text: str) -> Race:
        data = json.loads(text)
        state = cls(data["seed"], tuple(data["players"]))
        for a in data["history"]:
            state = state.apply(Chance(int(a.split(": ")[1])) if a.startswith("die")
                                else Act(a))
        return state

    def _repr_html_(self) -> str:
        return "<p>" + ", ".join(f"{p}: {x}" for p, x in self.positions.items()) + "</p>"


def new_game(rules=None, seed: int = 0, players=("Ann", "Bo")) -> Race:
    return Race(seed, tuple(players), faces=(rules or Rules()).faces)


def walker_policy(state, rng):
    return state.legal_actions()[0]


def roller_policy(state, rng):
    return state.legal_actions()[1]


def decision_swing(state):
    """The comparison's swing hook: the deciding player's chance of reaching the goal on
    this turn, walking (certain: 0 or 1) or rolling (the die's exact odds); its spread."""
    if state.player is None:
        return None
    at = state.positions[state.player]
    walk = Fraction(int(at + 1 >= GOAL))
    roll = Fraction(sum(at + f >= GOAL for f in state.faces), len(state.faces))
    return abs(roll - walk)
