"""The comparison's swing hook (:mod:`manorkit.sim.compare_games`): over the decisions that
lead at once to a random step, the spread of the exact chance that the step goes the
decider's way, read from the step's outcomes (the calculators' odds, :mod:`.moves`,
:mod:`.cards`):

- the door die: OPEN;
- a room drawn to add on: it can be placed beside the pawn's room at once;
- the label under a chest a Key is tried on: the Key's number is among its numbers;
- a chest opened outside: the REAL TREASURE.

A card drawn, or taken from a hand, goes nobody's way in particular: not valued.
"""

from __future__ import annotations

from fractions import Fraction

from .turn import _spots


def _way(after, player: str) -> Fraction | None:
    b, rules = after.board, after.rules
    top = b.pending[-1]
    if top.kind == "door":
        good = "OPEN".__eq__
    elif top.kind == "room":
        def good(room):
            return bool(_spots(b, rules, top.player, room))
    elif top.kind == "label":
        key = int(top.more.split()[1])

        def good(label):
            return key in rules.chests[label]
    elif top.kind == "contents":
        good = "real".__eq__
    else:
        return None
    return sum((p for o, p in after.chance_outcomes() if good(o.value)), Fraction(0))


def decision_swing(state) -> Fraction | None:
    """The spread over the decisions now of the chance that the random step each leads to
    goes the decider's way (see the module); None where no decision leads to one."""
    from ..sim.compare_games import lookahead_swing

    return lookahead_swing(state, _way)
