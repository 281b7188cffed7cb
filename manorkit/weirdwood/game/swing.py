"""The comparison's swing hook (:mod:`manorkit.sim.compare_games`): at a decision point
where the player may attack, the random event that follows is the battle's roll; the
favourable outcome is at least one Hit landing. Its exact chance comes from the calculator
(:func:`~manorkit.weirdwood.battle.battle`) for each way to go in: attacking now, after the
character's power adds a Battle Die (each colour), or with Lady Weirdwood moved in first."""

from __future__ import annotations

from fractions import Fraction

from ..battle import battle
from .actions import Attack, MoveLady, Power
from .fight import monster_pool, player_pool


def decision_swing(state) -> Fraction | None:
    """The spread of the chance that the attack lands a Hit over the ways to go in; None
    where no attack is possible."""
    actions = state.legal_actions()
    if Attack() not in actions:
        return None
    t = state.table
    w = t.current
    against = "scarabs" if t.scarabs[w.place] else "monster"
    chances = [_lands(state, t, w, against, ())]
    if Power() in actions and state.rules.rows("characters.csv")[w.character]["power"] == \
            "battle_die":
        chances += [_lands(state, t, w, against, (d,)) for d in ("balanced", "attack",
                                                                 "defense")]
    if any(isinstance(a, MoveLady) and t.place_of(a.room) == w.place for a in actions):
        lady = t.copy()
        lady.lady_at = w.place
        chances.append(_lands(state, lady, lady.current, against, ()))
    return max(chances) - min(chances)


def _lands(state, t, w, against: str, extra: tuple) -> Fraction:
    mine, _ = player_pool(t, w, against)
    mine = mine._replace(**{d: getattr(mine, d) + extra.count(d) for d in set(extra)})
    if against == "scarabs":
        from ..battle import Pool

        theirs = Pool(balanced=t.scarabs[w.place])
    else:
        theirs = monster_pool(t)
    return battle(mine, theirs, state.rules).p(lambda o: o.dealt > 0)
