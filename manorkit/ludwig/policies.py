"""Bots for Blueprints of Mad King Ludwig (``policy(state, rng) -> action``).

``random_policy`` picks any legal decision. ``heuristic_policy`` plays to win: it tries each
decision on a copy of the game and keeps the one whose result it rates best, rating a castle
by what Final Scoring would give it now (size, completed Rooms, Moats, Outdoor Rooms, the
King's Favors against the other castles, its best Bonus Card) with a penalty for entrances
it cannot connect. It reads only what its player may see (:meth:`State.observation`).
"""

from __future__ import annotations

import random

from .castle import Sketch, beyond
from .favors import favor_scores
from .game.actions import (
    ChooseFoyer,
    Done,
    DrawBonus,
    EndTurn,
    Expand,
    ExtraTurn,
    Moat,
    Passage,
    PickDecree,
    Rearrange,
    Skip,
    Swan,
)
from .game.final import measure
from .rules import ROOM_TYPES
from .scoring import TRACKS, bonus_card_vp

#: The Royal Decrees the heuristic keeps first (Final Scoring ones it can count on).
DECREE_ORDER = ("D24", "D30", "D20", "D29", "D32", "D22", "D28", "D23", "D27", "D31", "D25",
                "D26", "D04", "D02", "D19", "D12", "D09", "D11", "D15", "D01", "D03", "D07",
                "D08", "D10", "D16")
#: What a reward not yet used is worth to the heuristic, in VPs.
REWARD_VP = {"Food": 3, "Sleeping": 1, "Downstairs": 2, "Living": 2, "Activity": 1,
             "Utility": 2, "Outdoor": 1, "Moat": 6, "decree": 6}


def random_policy(state, rng: random.Random):
    """Any legal decision, uniformly."""
    return rng.choice(state.legal_actions())


def heuristic_policy(state, rng: random.Random):
    """A greedy builder: the decision whose result rates best for this player."""
    me = state.player
    actions = state.legal_actions()
    kinds = {type(a) for a in actions}
    if PickDecree in kinds:
        return min(actions, key=lambda a: DECREE_ORDER.index(a.decree)
                   if a.decree in DECREE_ORDER else len(DECREE_ORDER))
    if ChooseFoyer in kinds:
        return _foyer(state.observation(me), actions)
    base = rating(state.observation(me), state.rules)
    best, best_value = None, None
    for action in actions:
        if not _worth_trying(action, state):
            continue
        value = rating(state.apply(action).observation(me), state.rules)
        if isinstance(action, Skip):
            value -= 2  # a card is worth more than it shows now
        if best_value is None or value > best_value:
            best, best_value = action, value
    finish = next((a for a in actions if isinstance(a, (EndTurn, Done))), None)
    if finish is not None and (best is None or best_value <= base):
        return finish
    return best if best is not None else actions[0]


def _worth_trying(action, state) -> bool:
    """Decisions the heuristic weighs (it never moves entrances, buys a Swan short of a Moat
    or takes an extra turn with a special reward; specials go to Bonus Cards at the end;
    Moats wait for the last rounds; a passage goes through an unconnected entrance)."""
    if isinstance(action, (Rearrange, ExtraTurn, EndTurn, Done)):
        return False
    if isinstance(action, Swan):
        sheet = state.observation(state.player)["sheets"][state.player]
        return (sheet["swans"] + 1) % state.rules.setting("swans_per_moat") == 0
    if isinstance(action, DrawBonus) and action.using == "special":
        return state.todo[0][0] == "final"
    if isinstance(action, Passage):  # through an entrance that leads nowhere yet
        sheet = state.observation(state.player)["sheets"][state.player]
        return (action.x, action.y, action.side) in sheet["sketch"].unconnected()
    if isinstance(action, Moat):  # late: a Moat early cuts the lot in two
        return state.round >= state.rules.setting("rounds") - 2 or state.todo[0][0] == "final"
    if isinstance(action, Expand):
        return _cramped(state.observation(state.player)["sheets"][state.player]["sketch"],
                        action.side)
    return True


def _cramped(sketch: Sketch, side: str) -> bool:
    """A Room touches the lot's edge on ``side``."""
    west, east, north, south = sketch.bounds()
    edge = {"N": lambda c: c[1] == north, "S": lambda c: c[1] == south,
            "W": lambda c: c[0] == west, "E": lambda c: c[0] == east}[side]
    return any(edge(c) for r in sketch.rooms for c in r.cells)


def _foyer(obs: dict, actions: list):
    """The Foyer's type: one a revealed Favor counts ("Food Rooms"), else Food."""
    wanted = [f.split()[0] for f in obs["favors"] if f.endswith(" Rooms")]
    kind = next((t for t in wanted if t in ROOM_TYPES), "Food")
    return next(a for a in actions if a.room_type == kind)


class _View:
    """A sheet as its player's observation shows it, read like a
    :class:`~manorkit.ludwig.game.sheet.Sheet` (another player's Bonus Cards unknown)."""

    def __init__(self, public: dict, bonus: tuple = ()):
        self.__dict__.update(public)
        self.bonus = bonus or ("?",) * public["bonus cards"]

    def circles(self) -> dict:
        out = dict.fromkeys(ROOM_TYPES, 0)
        for i in self.completed:
            out[self.sketch.rooms[i].kind] += 1
        return out

    def unused_rewards(self) -> int:
        return sum(self.rewards.values()) + sum(s.used_as is None for s in self.specials)


#: Bonus Card measures known only at Final Scoring: the heuristic hopes for 1.
HOPED = ("favors_first", "favors_under_10", "only_bonus")


def rating(obs: dict, rules) -> float:
    """What this player's castle would score now, roughly, less its entrances that lead
    nowhere, plus what its unused rewards may bring."""
    me = obs["player"]
    sheets = {n: _View(public, obs["bonus"] if n == me else ())
              for n, public in obs["sheets"].items()}
    sheet = sheets[me]
    sk: Sketch = sheet.sketch
    circles = sheet.circles()
    value = float(sum(c.size for c in sheet.pile))
    value += sum(circles[t] * rules.completion_vp(t) for t in TRACKS)
    value += sum(REWARD_VP.get(k, 1) * n for k, n in sheet.rewards.items())
    value += 2 * sum(s.used_as is None for s in sheet.specials)
    value += 0.7 * (sheet.swans % rules.setting("swans_per_moat"))
    value += sum(rules.setting("moat_room_vp") * sk.behind(k) for k in range(len(sk.moats)))
    value += sum(rules.setting("outdoor_full_vp") * sk.empty_beside(i) for i in sheet.completed
                 if sk.rooms[i].kind == "Outdoor")
    value += rules.setting("courtyard_vp") * len(sk.courtyards)
    for i in range(len(sk.rooms)):
        if i not in sheet.completed:
            for d in sorted(sk.live(i)):
                value -= 2.5 if sk.blocked(d) or not sk.in_lot(beyond(d)) else 0.6
    if len(sheets) > 1:
        for favor in obs["favors"]:
            row = rules.rows("kings_favors.csv")[favor]
            if row["ranks_by"] == "count":
                counts = {n: measure(s, row["counts"]) for n, s in sheets.items()}
                value += 0.5 * favor_scores(counts, rules)[me]
    slots = circles["Utility"] + sum(s.used_as == "Utility" for s in sheet.specials)
    if obs["bonus"] and slots:
        rows = rules.rows("bonus_cards.csv")
        vps = sorted((bonus_card_vp(c, 1 if rows[c]["measure"] in HOPED
                                    else measure(sheet, rows[c]["measure"]), rules)
                      for c in set(obs["bonus"])), reverse=True)
        value += sum(vps[:slots])
    return value
