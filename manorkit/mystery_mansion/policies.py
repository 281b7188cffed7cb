"""Bots for Mystery Mansion: ``policy(state, rng) -> action``, deciding only from what
their player may see (:meth:`~manorkit.mystery_mansion.game.State.observation`).

- :func:`random_policy`: any legal decision, alike.
- :func:`heuristic_policy`: plays to win. It carries an owned chest straight to the Foyer
  and out; otherwise it goes to a chest it may claim (a Key it holds not yet tried on it,
  whose label it has not seen to lack that number) or one it may steal, and searches rooms
  whose level its Object Search cards picture, building rooms of that level when none is
  near.
"""

from __future__ import annotations

import random

from . import mansion
from .actions import Build, GiveBack, Move, Passage, Place, Play, Roll, Target
from .mansion import OUTSIDE

__all__ = ["heuristic_policy", "random_policy"]

FAR = 99


def random_policy(state, rng: random.Random):
    """Any legal decision, uniformly."""
    return rng.choice(state.legal_actions())


def heuristic_policy(state, rng: random.Random):
    """The highest-scoring legal decision (ties: the first), from the player's view."""
    view = _View(state)
    actions = state.legal_actions()
    scores = [view.score(a) for a in actions]
    return actions[scores.index(max(scores))]


class _View:
    """What the bot reads: its observation, the rules and the distances it implies."""

    def __init__(self, state) -> None:
        self.rules = state.rules
        self.obs = obs = state.observation(state.player)
        self.me = obs["player"]
        self.here = obs["pawns"][self.me]
        self.start = self.rules.start
        mine = [c for c in obs["chests"] if not c["opened"] and c["owner"] == self.me]
        self.carrying = any(c["carrier"] == self.me for c in mine)
        self.keys = [int(c.split()[1]) for c in obs["clues"] if c.startswith("Key ")]
        self.levels = {}
        rows = self.rules.rows("decks/search.csv")
        for card, n in obs["hand"].items():
            if rows[card]["draws_clue"] == "yes":
                self.levels[rows[card]["level"]] = self.levels.get(rows[card]["level"], 0) + n
        self.goals = self._goals(mine)
        self._dist: dict[str, dict[str, int]] = {}

    def _goals(self, mine: list) -> list[str]:
        """The rooms worth reaching now: out of the mansion with a chest; else a chest to
        take, claim or steal; else a room its Object Search cards can search; else a room
        from which a room of such a level can be added."""
        if self.carrying:
            return [OUTSIDE]
        goals = [c["room"] for c in mine if c["carrier"] is None]
        goals += [c["room"] for c in self.obs["chests"] if self._claimable(c)]
        if "Steal a Treasure" in self.obs["clues"]:
            goals += [c["room"] for c in self.obs["chests"] if self._stealable(c)]
        goals = [g for g in goals if g is not None]
        if goals:
            return goals
        placed, order = self.obs["placed"], ("basement", "first", "second")
        near = {order[j] for lv in self.levels if self.obs["unused"][lv] for j in range(3)
                if abs(j - order.index(lv)) <= 1}
        return [r for r in placed if self.rules.level_of(r) in self.levels
                or (self.rules.level_of(r) in near
                    and mansion.free_sides(placed, self.obs["cells"], r))]

    def _claimable(self, chest: dict) -> bool:
        return chest["key"] is None and not chest["opened"] and any(
            self._worth(chest, k) for k in self.keys)

    def _worth(self, chest: dict, key: int) -> bool:
        if (chest["n"], key) in {tuple(t) for t in self.obs["tried"]}:
            return False
        label = chest["label"]
        return label is None or key in self.rules.chests[label]

    def _stealable(self, chest: dict) -> bool:
        return (not chest["opened"] and chest["owner"] not in (None, self.me)
                and chest["room"] not in (self.start, OUTSIDE))

    def distance(self, a: str, b: str) -> int:
        if a not in self._dist:
            o = self.obs
            self._dist[a] = mansion.distances(self.rules, o["placed"], o["cells"], o["stairs"],
                                              a)
        return self._dist[a].get(b, FAR)

    def to_goal(self, room: str) -> int:
        """Steps from ``room`` to the nearest goal (FAR if none is reachable)."""
        return min((0 if room == g else self.distance(room, g) for g in self.goals),
                   default=FAR)

    def search_here(self) -> bool:
        return self.here != OUTSIDE and self.rules.level_of(self.here) in self.levels

    # -- scores ---------------------------------------------------------------------------
    def score(self, action) -> float:
        kind = type(action)
        if kind is Play:
            return self._play(action)
        if kind is Roll:
            return 20 if self.to_goal(self.here) == 0 and not self.carrying else 40
        if kind is Move:
            now, then = self.to_goal(self.here), self.to_goal(action.room)
            return 50 + (now - then) * 5 if then < FAR else 10
        if kind is Build:
            if self.carrying:
                return 1
            level = action.level
            wanted = self.levels.get(level, 0) if level else max(self.levels.values(), default=0)
            return 48 + wanted if wanted else 30
        if kind is Place:
            return len(action.doors)
        if kind is Passage:
            gain = self.to_goal(self.here) - self.to_goal(action.room)
            return 45 + gain if gain > 1 else 5
        if kind is GiveBack:
            return 0 if action.card.startswith("Key ") else 10
        if kind is Target:
            return self.to_goal(self.here) - self.to_goal(self.obs["pawns"][action.player])
        return 0

    def _play(self, action: Play) -> float:
        card, target = action.card, action.target
        if card.startswith("Key "):
            chest = self.obs["chests"][int(target) - 1]
            return 100 if self._worth(chest, int(card.split()[1])) else 0
        if card == "Steal a Treasure":
            return 95
        if card.startswith("Object Search"):
            return 10 if self.carrying or self.to_goal(self.here) else 55
        if card == "Steal a Clue Card from Every Player":
            owned = any(c["owner"] not in (None, self.me) for c in self.obs["chests"]
                        if not c["opened"])
            return 70 if owned else 30
        if card in ("Move to Any Occupied Room", "Change Places with Any Player"):
            there = self.obs["pawns"][target]
            gain = self.to_goal(self.here) - self.to_goal(there)
            return 45 + gain if gain > 1 else 2
        if card == "Secret Passage":
            gain = self.to_goal(self.here) - self.to_goal(target)
            return 45 + gain if gain > 1 else 3
        if card == "Steal a Search Card from Any Player":
            return 25
        return 1 if self.levels else 30  # a useless card: play it to draw a fresh one
