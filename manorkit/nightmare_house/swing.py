"""The comparison's swing hook (:mod:`manorkit.sim.compare_games`): over the decisions that
lead at once to a random step, the spread of the exact chance that the step goes the
decider's way, from the contests' calculators (:mod:`.contests`):

- the House's Haunting roll (a Haunt moved onto Hunters): the House beats at least one of
  the Hunters there (each rolls his own total against the House's one roll:
  :func:`~.contests.haunting_group`);
- a Warding, Search or Healing roll: it succeeds.

Other random steps (markers drawn from a cup, a Discovery turned over, Astral rolls) are not
valued.
"""

from __future__ import annotations

from fractions import Fraction

from . import contests
from .haunt_phase import _haunt_by


def _way(after, player: str) -> Fraction | None:
    b, rules = after.board, after.rules
    step = b.queue[0]
    if step.kind == "house_roll":
        haunt = _haunt_by(b, step.args[0])
        hunters = [{"character": h.character, "tools": h.tools,
                    "vulnerable": h.psyche_vulnerable}
                   for h in (b.hunters[p] for p in b.present(haunt.space))]
        losers = contests.haunting_group(rules, haunt.name, hunters, power=haunt.power,
                                         hour=b.hour_name(rules), space=haunt.space)
        return losers.p(lambda n: n > 0)
    character = b.hunters[step.player].character if step.player in b.hunters else None
    if step.kind == "ward_roll":
        circle = b.rooms_point(rules, step.args[0])[0]
        return contests.warding(rules, character, b.controlled_axes(), circle).p
    if step.kind == "search_roll":
        return contests.search(rules, character).p
    if step.kind == "heal_roll":
        return contests.healing(rules, character, b.hour_name(rules)).p
    return None


def decision_swing(state) -> Fraction | None:
    """The spread over the decisions now of the chance that the random step each leads to
    goes the decider's way (see the module); None where no decision leads to one."""
    from ..sim.compare_games import lookahead_swing

    return lookahead_swing(state, _way)
