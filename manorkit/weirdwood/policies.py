"""Bots for Weirdwood Manor (``policy(state, rng) -> action``).

``random_policy`` picks any legal decision. ``heuristic_policy`` plays to win: it spends as
little time as each card allows, heads for a target (the Throne Room's Scarabs to rescue
Lady Weirdwood, then the Fae Monster once its dice are forged; Scarabs for XP on the way),
attacks whatever shares its room, uses every room it ends in, forges Attack dice, puts XP on
the Battle Track first, and keeps its Health as its hand. It reads only what its player may
see (:meth:`State.observation`).
"""

from __future__ import annotations

import random
from collections import deque

from .board import THRONE, across, step
from .game.actions import (
    Attack,
    ClearBlight,
    CounterSpell,
    EndTurn,
    Move,
    MoveLady,
    Play,
    Portal,
    Power,
    ShareHealth,
    UseRoom,
)

#: Preferences for the questions the game asks, best first.
PREFER = {
    "damage": ("Power Token", "Health", "Battle Die"),
    "xp": ("battle", "power", "tactics"),
    "scarab": ("return", "keep"),
    "wound": ("arms", "head", "torso"),
    "wild": ("Hit", "Block"),
    "die": ("attack", "balanced", "defense"),
    "forge": ("attack", "balanced", "defense", "stop"),
    "facedown": ("Attack", "Knowledge", "Move", "Mîn", "Scarab"),
}
#: Dice a player wants forged before taking on the Fae Monster.
READY = 2


def random_policy(state, rng: random.Random):
    """Any legal decision, uniformly."""
    return rng.choice(state.legal_actions())


def heuristic_policy(state, rng: random.Random):
    obs = state.observation(state.player)
    actions = state.legal_actions()
    step_kind = obs["todo"][0][0]
    if step_kind == "advance":
        return min(actions, key=lambda a: a.spots)
    if step_kind == "turn":
        return _turn(state, obs, actions)
    return _answer(state, obs, actions)


# -- answers to the game's questions ----------------------------------------------------------
def _answer(state, obs: dict, actions: list):
    what = actions[0].what
    options = [a.option for a in actions]
    me = obs["wardens"][obs["player"]]
    if what in PREFER:
        if what == "damage" and me["health"] <= 2 and "Battle Die" in options:
            return _pick(actions, ("Power Token", "Battle Die", "Health"))
        return _pick(actions, PREFER[what])
    if what == "gain":
        return _pick(actions, ("Knowledge", "Mîn", "Health", "Scarab"))
    if what == "arm":
        return min(actions, key=lambda a: (obs["arms"][int(a.option) - 1] + 1 in (3, 6),
                                           obs["arms"][int(a.option) - 1]))
    if what in ("recruit", "refresh", "exhaust", "discard", "room", "jump", "clear"):
        keep = [a for a in actions if a.option != "none"]
        if what == "discard":
            if len(keep) < len(actions) and len(obs["hand"]) <= 2:
                return actions[-1]  # (a card given for a room's reward: only a spare one)
            return min(keep, key=lambda a: _card_value(state, a.option))
        if what == "recruit":
            return keep[0] if keep and _wealth(me) >= 6 else _pick(actions, ("none",))
        if what == "room":
            return max(keep, key=lambda a: obs["scarabs"].get(_place(obs, a.option), 0)) \
                if keep else actions[0]
        return keep[0] if keep and what != "jump" else actions[-1]
    if what == "spend":  # the Terrace reverses time; paying for a room's reward
        if "pay" in options:
            return _pick(actions, ("pay",) if _wealth(me) >= 3 else ("decline",))
        rich = [a for a in actions if a.option in ("Mîn", "Knowledge", "Scarab")
                and me["supply"].get(_key(a.option), 0) >= 2]
        return rich[0] if rich else _pick(actions, ("stop",))
    if what == "portal":
        target = _target(state, obs)
        return min(actions, key=lambda a: _distance(state, _place(obs, a.option), target))
    return actions[0]


def _pick(actions: list, order: tuple):
    rank = {o: i for i, o in enumerate(order)}
    return min(actions, key=lambda a: rank.get(a.option, len(order)))


def _key(word: str) -> str:
    return {"Mîn": "min", "Knowledge": "knowledge", "Scarab": "scarab"}[word]


def _wealth(me: dict) -> int:
    s = me["supply"]
    return s.get("min", 0) + s.get("knowledge", 0) + s.get("scarab", 0)


def _place(obs: dict, room: str):
    return next(p for p, r in obs["rooms"].items() if r == room)


# -- a turn -----------------------------------------------------------------------------------
def _turn(state, obs: dict, actions: list):
    me = obs["wardens"][obs["player"]]
    by = {}
    for a in actions:
        by.setdefault(type(a), []).append(a)
    if UseRoom in by and not (obs["rooms"][me["place"]] == "The Fae Breach" and
                              me["health"] <= 2):
        return by[UseRoom][0]
    if Attack in by and _worth_attacking(state, obs, me):
        if Power in by and state.rules.rows("characters.csv")[me["character"]]["power"] == \
                "battle_die":
            return by[Power][0]
        return by[Attack][0]
    if CounterSpell in by:
        return by[CounterSpell][0]
    if ClearBlight in by and len(obs["blighted"]) >= 3:
        return by[ClearBlight][0]
    if ShareHealth in by and obs["lady"] <= 5 and me["health"] >= 3:
        return by[ShareHealth][-1] if me["health"] >= 5 else by[ShareHealth][0]
    if MoveLady in by and obs["monster"] == "Chaos Ogre":
        danger = _distance(state, obs["lady at"], obs["monster at"])
        if danger <= 1:
            return max(by[MoveLady], key=lambda a: _distance(state, _place(obs, a.room),
                                                             obs["monster at"]))
    if Play in by:
        return _best_play(state, obs, me, by[Play])
    target = _target(state, obs)
    if Move in by and me["place"] != target:
        best = min(by[Move], key=lambda a: _distance(state, _place(obs, a.room), target))
        if _distance(state, _place(obs, best.room), target) < _distance(state, me["place"],
                                                                       target):
            return best
    if Portal in by and me["place"] != target:
        return min(by[Portal], key=lambda a: _distance(state, _place(obs, a.room), target))
    if Power in by and state.rules.rows("characters.csv")[me["character"]]["power"] in (
            "gain", "heal"):
        return by[Power][0]
    return by.get(EndTurn, actions)[0]


def _worth_attacking(state, obs: dict, me: dict) -> bool:
    """Scarabs always; the Fae Monster when the exact odds favour it: damage likely (the
    Mîn Wraith heals on a battle that does not hurt him), more dealt than taken on average
    (or the end is near)."""
    from .battle import battle
    from .game.fight import monster_pool, player_pool

    here = me["place"]
    if obs["scarabs"].get(here):
        return True
    table = state.table
    mine, _ = player_pool(table, table.wardens[obs["player"]], "monster")
    fight = battle(mine, monster_pool(table), state.rules)
    hurt = fight.p(lambda o: o.dealt > 0)
    if obs["monster"] == "Mîn Wraith":
        return hurt >= 0.75
    dealt, taken = fight.map(lambda o: o.dealt).mean(), fight.map(lambda o: o.taken).mean()
    return obs["day"] >= 10 or (hurt >= 0.5 and dealt >= taken / 2)


def _target(state, obs: dict):
    """Where this player heads: the Fae Monster when ready; else the Throne Room while
    Scarabs trap Lady Weirdwood (Chaos Ogre) or to counter Therus; else the nearest
    Scarabs; else a forge room when it can pay; else where it stands."""
    me = obs["wardens"][obs["player"]]
    if obs["monster"] == "Mîn Wraith" and obs["lady"] <= 5 and me["health"] >= 3:
        return obs["lady at"]  # to share Health with her
    if len(me["dice"]) + me["permanent"] >= READY or obs["day"] >= 9:
        return obs["monster at"]
    scarabs = {p: n for p, n in obs["scarabs"].items() if n}
    if obs["monster"] in ("Chaos Ogre", "Therus") and scarabs.get(THRONE, 0) and \
            len(me["dice"]) + me["permanent"] >= 2:
        return THRONE
    forges = [p for p, r in obs["rooms"].items() if "forge" in " ".join(
        state.rules.rows("rooms.csv")[r]["effects"]) and p not in obs["blighted"]]
    if forges and _wealth(me) >= 2 and len(me["dice"]) < 3:
        return min(forges, key=lambda p: _distance(state, me["place"], p))
    if scarabs:
        return min(scarabs, key=lambda p: (_distance(state, me["place"], p), scarabs[p]))
    return me["place"]


def _distance(state, a, b) -> int:
    """Rooms between two places through walls (a rough measure of how far)."""
    if a is None or b is None:
        return 99
    rules = state.rules
    seen, queue = {a: 0}, deque([a])
    while queue:
        here = queue.popleft()
        if here == b:
            return seen[here]
        nxt = [("inner", s) for s in range(rules.positions("inner"))] if here == THRONE else [
            step(rules, here, True), step(rules, here, False),
            across(rules, here, True), across(rules, here, False)]
        for n in nxt:
            if n is not None and n not in seen:
                seen[n] = seen[here] + 1
                queue.append(n)
    return 99


def _card_value(state, card: str) -> float:
    row = state.rules.rows("action_cards.csv")[card]
    return (2 * row["attacks"] + row["moves"] + row["portals"] * 1.5 + 0.7 * (
        row["min"] + row["knowledge"]) + row["draws"] + row["hits"] + row["blocks"]
        - 0.5 * (row["cost_min"] + row["cost_knowledge"]))


def _best_play(state, obs: dict, me: dict, plays: list):
    """The play worth most for the time it costs: a card face up if its actions serve now,
    to the slot whose Time of Day comes soonest."""
    from .game.steps import advance_options

    rows = state.rules.rows("action_cards.csv")
    table = state.table
    enemy_near = bool(obs["scarabs"].get(me["place"])) or obs["monster at"] == me["place"]

    def value(p: Play) -> float:
        row = rows[p.card]
        if p.face_up:
            v = _card_value(state, p.card)
            if row["attacks"] and not (enemy_near or row["moves"]):
                v -= 1.5 * row["attacks"]
        else:
            v = 1.2
        spots = min(advance_options(table, me["slots"][p.slot]))
        return v - 0.6 * spots + (0.5 if p.warden and enemy_near else 0)
    return max(plays, key=value)
