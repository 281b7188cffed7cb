"""Bots for Nightmare House: ``policy(state, rng) -> action``, deciding only from what their
player may see (:meth:`~manorkit.nightmare_house.game.State.observation`).

- :func:`random_policy`: any legal decision, alike.
- :func:`heuristic_policy`: plays to win, for the House or a Hunter. A Hunter takes up
  Tools, wards, draws Pentagrams, searches, stands each Astral Phase where his Psyche can
  rise, goes onto the Astral Plane, makes for an Axis Control Point and Exorcises the
  Entity when he would win 3 times in 4 against the most the House may commit (else an
  Axis, else a Room) with all his Power Markers, and defends his Psyche with the rest.
  The House keeps the Entity in the Fifth Circle, energizes every Haunt it can with its best
  markers, sends each Haunt at the Hunters (the weakest first), keeps its
  Focus Markers near them, resists Exorcisms of the Entity and Axes with all it may commit
  and attacks the weakest Psyche.
"""

from __future__ import annotations

import random

from . import astral, house
from .actions import Attempt, Commit, Go, Pass, Setup, Tool
from .board import HOUSE

__all__ = ["heuristic_policy", "random_policy"]

FAR = 99
#: The least chance at which a Hunter risks his Soul on Exorcising the Entity.
SAFE = 0.75
GOOD_TOOLS = ("Candle", "Flashlight", "Rosary", "Host", "Bible", "Pistol", "Talisman A",
              "Talisman B", "Dagger")


def random_policy(state, rng: random.Random):
    """Any legal decision, uniformly."""
    return rng.choice(state.legal_actions())


def heuristic_policy(state, rng: random.Random):
    """The highest-scoring legal decision (ties: the first), from the player's view."""
    view = _View(state)
    actions = state.legal_actions()
    score = view.house if view.me == HOUSE else view.hunter
    scores = [score(a) for a in actions]
    return actions[scores.index(max(scores))]


class _View:
    def __init__(self, state) -> None:
        self.rules = state.rules
        self.me = state.player
        self.obs = state.observation(self.me)
        self.step = self.obs["step"]
        self.hunters = self.obs["hunters"]

    # -- distances on the HOUSE MAP -------------------------------------------------------
    def steps(self, a: str, b: str) -> int:
        return house.doors_apart(self.rules, a).get(b, FAR)

    def near_hunters(self, space: str) -> int:
        """Doors from ``space`` to the nearest active Hunter."""
        spaces = [h["space"] for h in self.hunters.values()
                  if not (h["dead"] or h["possessed"])]
        return min((self.steps(space, s) for s in spaces), default=FAR)

    def weakness(self, space: str) -> float:
        """How much the House gains by haunting ``space``: its Hunters, the weakest most."""
        out = 0.0
        for h in self.hunters.values():
            if h["space"] == space and not (h["dead"] or h["possessed"]):
                out += 10 - h["soul"] + 3 * h["psyche_vulnerable"]
        return out

    # -- a Hunter ---------------------------------------------------------------------------
    def rises_from(self, space: str) -> bool:
        """Whether a Psyche rises onto the ASTRAL MAP from ``space``."""
        return space in house.room_spaces(self.rules) or space in house.focus_spaces(
            self.rules)

    def entity_odds(self):
        """His chance to Exorcise the Entity with all his markers against the most the House
        may commit (as many as Hunters started, each of the highest value)."""
        top = max(r["value"] for r in self.rules.rows("power_markers.csv").values())
        most = min(self.obs["started"], self.obs["house_markers"])
        me = self.hunters[self.me]
        return astral.exorcism(self.rules, me["character"], self.obs["entity"],
                               power=tuple(self.obs["power"]), house_power=(top,) * most,
                               hunters=self.obs["started"],
                               axes=sum(self.obs["axes"].values())).p_hunter

    def haunted(self, space: str) -> bool:
        return any(h["space"] == space for h in self.obs["haunts"])

    def hunter(self, action) -> float:
        kind = type(action)
        me = self.hunters[self.me]
        if kind is Tool:
            return 20 if action.verb == "take up" and action.tool in GOOD_TOOLS else -5
        if kind is Attempt:
            what = action.what
            if what == "exorcise the Entity":
                return 40 if self.entity_odds() >= SAFE else -5  # his Soul is at stake
            if what.startswith("exorcise"):
                return 30 if "Axis" in what else 20
            if what.startswith("heal"):
                target = what.removeprefix("heal ").split(" (")[0]
                return 20 - self.hunters[target]["soul"]
            if what == "go onto the Astral Plane":
                return 10 if me["soul"] > 1 else -1
            if what == "destroy the Pentagram":
                return -1
            return 10  # ward, search, draw a Pentagram
        if kind is Go:
            if "Astral Body" in action.who:
                circle, axis = (int(x.split()[1]) for x in action.where.split(", "))
                held = circle == self.rules.number("axis_circle") and self.obs["axes"][axis]
                return 50 + circle + 10 * held
            space = action.where
            score = 20 + 10 * self.rises_from(space) - 30 * self.haunted(space)
            here = me["space"]
            return score - 0.1 * self.steps(here, space)
        if kind is Commit:
            return len(action.values)  # all he has: the Exorcism, then his Psyche
        if kind is Setup:
            return 0
        if kind is Pass:
            return 5 if action.what in ("moving", "Tools") and self.rises_from(
                me["space"]) and not self.haunted(me["space"]) else 0
        return 0

    # -- the House ----------------------------------------------------------------------------
    def house(self, action) -> float:
        kind = type(action)
        if kind is Setup:
            what, choice = action.what, action.choice
            if what == "the Entity":
                return -int(choice.split()[1])  # the Fifth Circle: three Exorcisms to go
            if "materializes" in what:
                return self.weakness(choice) * 10 - self.near_hunters(choice)
            if what.startswith("Focus Marker") and choice != "removed from play":
                return -self.near_hunters(choice)
            if what.startswith("Power Marker under"):
                return int(choice)
            return 0
        if kind is Go:
            if action.who.startswith("Haunt"):
                return self.weakness(action.where) * 10 - self.near_hunters(action.where)
            if action.who.startswith("Focus Marker"):
                return -self.near_hunters(action.where)
            # a Panicked Hunter: as far from where a Psyche rises, and near a Haunt
            return -10 * self.rises_from(action.where) + 5 * self.haunted(action.where)
        if kind is Commit:
            n = len(action.values) if action.count is None else action.count
            if action.what == "resist the Exorcism":
                args = self.obs["step_args"] or ()
                big = len(args) > 1 and (args[1] == "the Entity" or str(args[1]).startswith(
                    "Axis"))
                return n if big else -n
            return n  # energize with the best markers; attack with all it may
        if kind is Attempt:
            return -1  # never remove its own Haunts
        if kind is Pass:
            what = action.what
            if what.startswith("moving Haunt"):
                n = int(what.split()[-1])
                space = next(h["space"] for h in self.obs["haunts"] if h["n"] == n)
                return self.weakness(space) * 10 - self.near_hunters(space)
            if what.startswith("moving Focus Marker"):
                return -FAR
            return -2 if what.startswith("attacking") else 0
        return 0
