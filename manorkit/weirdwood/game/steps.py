"""The rules of play as steps (Player Turn, Ending Your Turn, Player Actions, Optional
Actions, Game Setup): what each step allows, what each action and random outcome does.

A table's ``todo`` holds the steps still to happen; its head is the step now: a *random*
step (:data:`RANDOM`), a *decision* of the player it names (:data:`DECIDE`), or an
*automatic* step (:data:`AUTO`) that :func:`settle` carries out at once.
"""

from __future__ import annotations

from collections import Counter

from ...dist import Dist
from ..board import THRONE, reachable, step
from ..clock import Time, advance_to, at, index
from . import fight, monster, rooms
from .actions import (
    Advance,
    Attack,
    Choose,
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
from .common import (
    add_xp,
    advance,
    can_pay,
    enemies,
    gain,
    heal,
    lose_health,
    pay,
    push,
    remove_scarabs,
    reverse,
    spots,
    win,
)
from .model import RESOURCES, Table, Warden
from .xp import open_tracks, spend

RANDOM = ("tile", "companion", "draw", "monster", "battle", "room_dice", "d12", "wraith_die")
DECIDE = ("turn", "advance", "facedown", "damage", "xp", "scarab", "wound", "wild", "gain",
          "discard", "forge", "recruit", "refresh", "portal", "spend", "other", "banish",
          "exhaust", "discard_for", "jump", "pay_for", "die", "arm", "clear")
AUTO = ("resolve", "after_battle", "check_win", "wraith_heal", "plans", "card", "reset",
        "hand", "next_turn", "begin")
NAMES = {"min": "Mîn", "knowledge": "Knowledge", "scarab": "Scarab"}
BY_NAME = {v: k for k, v in NAMES.items()}


def warden(t: Table, name: str) -> Warden:
    return t.wardens[name]


# -- random steps -----------------------------------------------------------------------------
def outcomes(t: Table) -> Dist:
    """The exact chances of the pending random step's outcomes, as text."""
    s = t.todo[0]
    kind = s[0]
    rules = t.rules
    if kind == "tile":
        placed = set(t.rooms.values())
        left = [n for n, r in rules.rows("rooms.csv").items()
                if r["ring"] == s[1] and r["in_play"] == "yes" and r["fixed"] == "no"
                and n not in placed]
        return Dist.uniform(left)
    if kind == "companion":
        return Dist.uniform(t.companions_left)
    if kind == "draw":
        return Dist.from_counts(draw_pile(t, warden(t, s[1])) or Counter(
            warden(t, s[1]).discard))
    if kind == "monster":
        return monster.draw_outcomes(t)
    if kind == "battle":
        return fight.outcomes(t)
    if kind == "room_dice":
        return monster.room_dice_outcomes(t, s[1]).map(lambda p: t.rooms[p])
    if kind == "d12":
        return Dist.uniform([str(k) for k in range(1, rules.days + 1)])
    if kind == "wraith_die":
        return Dist.from_counts(dict(rules.wraith_die()))
    raise AssertionError(s)


def draw_pile(t: Table, w: Warden) -> Counter:
    """The cards of a player's draw pile: their deck less hand, discards and cards in play."""
    pile = Counter(list(t.rules.rows("action_cards.csv")))
    pile.subtract(w.hand)
    pile.subtract(w.discard)
    pile.subtract(c for c, _, _ in w.played.values())
    return +pile


def drawn(t: Table, value: str) -> None:
    s = t.todo.pop(0)
    kind = s[0]
    if kind == "tile":
        t.rooms[(s[1], s[2])] = value
    elif kind == "companion":
        t.companions_left.remove(value)
        t.offer.append(value)
    elif kind == "draw":
        w = warden(t, s[1])
        if not draw_pile(t, w):
            w.discard.clear()
            t.say(f"{w.name} shuffles the discards into a new draw pile")
        w.hand.append(value)
    elif kind == "monster":
        monster.drawn(t, s[1], value)
    elif kind == "battle":
        fight.rolled(t, value)
    elif kind == "room_dice":
        monster.rolled_room(t, s[1], t.place_of(value))
    elif kind == "d12":
        rooms.d12_reward(t, s[1], warden(t, s[2]), int(value))
    elif kind == "wraith_die":
        monster.wraith_move(t, value)


# -- automatic steps --------------------------------------------------------------------------
def settle(t: Table) -> None:
    """Carry out automatic steps (and drop questions with no answer) until a random step or
    a decision is at the head."""
    while t.todo and t.over is None:
        s = t.todo[0]
        if s[0] in AUTO:
            t.todo.pop(0)
            AUTOMATIC[s[0]](t, *s[1:])
        elif s[0] in DECIDE and s[0] != "turn" and not legal(t):
            t.todo.pop(0)
        else:
            break


def _after_battle(t: Table, name: str) -> None:
    """After Battle Benefits: the room cleared, its action may be used at once."""
    w = warden(t, name)
    if t.current is w and not enemies(t, w.place):
        t.ctx["room_ok"] = True


def _check_win(t: Table) -> None:
    if t.monster == "Chaos Ogre" and not any(t.cubes.values()):
        win(t)
    elif t.monster != "Chaos Ogre" and t.health <= 0 and not t.plans:
        win(t)


def _card(t: Table, kind: str) -> None:
    t.upcoming = None
    monster.resolve_card(t, kind)


def _reset(t: Table, name: str) -> None:
    """Reset Action Cards: a Scarab Phase, Warden Tactic Cards and played cards discarded,
    Companions refreshed (Ending Your Turn, 2)."""
    w = warden(t, name)
    t.say(f"{name} resets their Action Cards")
    monster.scarab_phase(t)
    for card, _, with_warden in w.played.values():
        w.discard.append(card)
        t.wardens_left += with_warden
    w.played.clear()
    w.exhausted.clear()


def _hand(t: Table, name: str) -> None:
    """Draw up (or discard down) to the hand limit, the player's Health (Ending Your Turn,
    3)."""
    w = warden(t, name)
    short = w.health - len(w.hand)
    if short > 0:
        available = sum(draw_pile(t, w).values()) + len(w.discard)
        push(t, *[("draw", name)] * min(short, available))
    elif short < 0:
        push(t, ("discard", name, -short))


def _next_turn(t: Table) -> None:
    t.turn = (t.turn + 1) % len(t.players)
    begin_turn(t)


def begin_turn(t: Table) -> None:
    t.turns += 1
    t.ctx = {"played": False, "moves": 0, "attacks": 0, "portals": 0, "room_ok": False,
             "power": False, "extra_dice": []}
    push(t, ("turn", t.players[t.turn]))


def _begin(t: Table) -> None:
    begin_turn(t)


AUTOMATIC = {"resolve": lambda t: fight.resolve(t), "after_battle": _after_battle,
             "check_win": _check_win, "wraith_heal": lambda t, n: monster.wraith_heal(t, n),
             "plans": monster.plans_step, "card": _card, "reset": _reset, "hand": _hand,
             "next_turn": _next_turn, "begin": _begin}


# -- decisions: what is legal -----------------------------------------------------------------
def legal(t: Table) -> list:
    s = t.todo[0]
    w = warden(t, s[1])
    kind = s[0]
    if kind == "turn":
        return turn_options(t, w)
    if kind == "advance":
        return [Advance(n) for n in s[2]]
    if kind == "facedown":
        return [Choose("facedown", o) for o in ("Move", "Attack", "Mîn", "Knowledge",
                                                 "Scarab")]
    if kind == "damage":
        return [Choose("damage", o) for o in fight.damage_options(t, w)]
    if kind == "xp":
        return [Choose("xp", o) for o in open_tracks(t, w)] if w.xp > 0 else []
    if kind == "scarab":
        return [Choose("scarab", o) for o in ("return", "keep")]
    if kind == "wound":
        areas = sorted({a for (a, _), n in t.cubes.items() if n})
        return [Choose("wound", a) for a in areas]
    if kind == "wild":
        return [Choose("wild", "Hit"), Choose("wild", "Block")]
    if kind == "die":
        return [Choose("die", d) for d in ("balanced", "attack", "defense")]
    if kind == "arm":
        return [Choose("arm", str(i + 1)) for i in monster.arm_options(t)]
    if kind == "discard":
        return [Choose("discard", c) for c in sorted(set(w.hand))]
    if kind == "clear":
        return [Choose("clear", t.rooms[p]) for p in sorted(t.blighted)
                if p not in t.ctx.get("stuck", ())]
    return room_options(t, w, s)


def turn_options(t: Table, w: Warden) -> list:
    rules, ctx = t.rules, t.ctx
    out: list = []
    if not ctx["played"]:
        out += plays(t, w)
    if ctx["moves"] > 0:
        stops = {p for p in t.rooms if enemies(t, p)} | t.fire
        for p in sorted(reachable(rules, w.place, t.time, stops, t.rubble)):
            out.append(Move(t.rooms[p]))
    if ctx["portals"] > 0:
        out += [Portal(t.rooms[p]) for p in sorted(t.rooms) if p != w.place
                and p not in t.rubble]
    if ctx["attacks"] > 0 and enemies(t, w.place):
        out.append(Attack())
    if ctx["room_ok"] and rooms.usable(t, w):
        out.append(UseRoom())
    if w.place in t.blighted and not enemies(t, w.place) and w.place not in t.ctx.get(
            "stuck", ()) and can_pay(t, w, blight_cost(t, w.place)):
        out.append(ClearBlight())
    if not ctx["power"] and (ctx.get("free_power") or can_pay(t, w, power_cost(t, w))):
        out.append(Power())
    out += lady_options(t, w)
    if ctx["played"] or not plays(t, w):
        out.append(EndTurn())
    return out


def plays(t: Table, w: Warden) -> list:
    """Every way to play a card: each card in hand (its cost payable), to each empty slot,
    face up or down, with a Warden Tactic Card on top if one is held."""
    rows = t.rules.rows("action_cards.csv")
    empty = [i for i in range(len(w.slots)) if i not in w.played]
    out = []
    free_down = t.rules.variant("face_down_cost") == "free"
    for card in sorted(set(w.hand)):
        cost = Counter(min=rows[card]["cost_min"], knowledge=rows[card]["cost_knowledge"])
        payable = can_pay(t, w, cost)
        for i in empty:
            for up in (True, False):
                if payable or (free_down and not up):
                    out.append(Play(card, i, up))
                    if w.wardens:
                        out.append(Play(card, i, up, True))
    return out


def lady_options(t: Table, w: Warden) -> list:
    """Optional help for Lady Weirdwood: move her (Ogre, once rescued; Wraith, with her
    life force high enough), share Health (Wraith), counter-spell (Therus)."""
    rules, out = t.rules, []
    cost = Counter(any=rules.number("lady_move_cost"))
    movable = (t.monster == "Chaos Ogre" and fight.rescued(t)) or (
        t.monster == "Mîn Wraith" and t.lady >= rules.track("Mîn Wraith", "lady_hits_at")[0])
    if movable and can_pay(t, w, cost):
        for p in sorted(reachable(rules, t.lady_at, t.time, (), t.rubble)):
            out.append(MoveLady(t.rooms[p]))
    if t.monster == "Mîn Wraith" and t.lady_at == w.place and not enemies(t, w.place):
        out += [ShareHealth(n) for n in range(1, w.health - rules.number("health_min") + 1)]
    if t.monster == "Therus" and w.place == THRONE and not enemies(t, THRONE) and \
            t.lady < rules.track_value("Therus", "corruption_spaces") and \
            can_pay(t, w, Counter(any=rules.number("counter_spell_cost"))):
        out.append(CounterSpell())
    return out


def blight_cost(t: Table, place) -> Counter:
    row = t.rules.rows("rooms.csv")[t.rooms[place]]
    return Counter(min=row["blight_min"] or 0, knowledge=row["blight_knowledge"] or 0)


def power_cost(t: Table, w: Warden) -> Counter:
    cost = Counter()
    for part in t.rules.rows("characters.csv")[w.character]["power_cost"]:
        cost[part] += 1
    return cost


def room_options(t: Table, w: Warden, s: tuple) -> list:
    """The answers to a room action's question (``(ask, player, effect, n)``)."""
    kind, _, effect, n = s
    rules = t.rules
    if kind == "gain":
        choices = {"min_or_knowledge": ("Mîn", "Knowledge"),
                   "health_or_knowledge": ("Health", "Knowledge")}.get(effect, tuple(
                       NAMES.values()))
        return [Choose("gain", c) for c in choices]
    if kind == "forge":
        cost = rooms.forge_cost(t, w)
        extra = Counter(any=n) if effect == "other_forge" else Counter()
        ok = cost is not None and can_pay(t, w, cost + extra)
        return [*(Choose("forge", d) for d in ("balanced", "attack", "defense") if ok),
                Choose("forge", "stop")]
    if kind == "recruit":
        extra = n if effect == "other_recruit" else 0
        out = [Choose("recruit", c) for c in t.offer if rooms.can_recruit(t, w)
               and can_pay(t, w, rooms.companion_cost(t, w, c, extra))]
        if effect == "recruit_or_refresh":
            out += [Choose("refresh", c) for c in sorted(w.exhausted)]
        return [*out, Choose("recruit", "none")]
    if kind == "refresh":
        return [*(Choose("refresh", c) for c in sorted(w.exhausted)), Choose("refresh", "none")]
    if kind == "exhaust":
        return [*(Choose("exhaust", c) for c in w.companions if c not in w.exhausted),
                Choose("exhaust", "none")]
    if kind == "portal":
        return [Choose("portal", t.rooms[p]) for p in sorted(t.rooms)
                if p != w.place and p not in t.rubble]
    if kind == "spend":  # (time cannot go back before Day 1, first Morning)
        return [*(Choose("spend", NAMES[r]) for r in RESOURCES if w.supply[r] and t.time),
                Choose("spend", "stop")]
    if kind == "other":
        first = t.ctx.get("first_other")
        names = [p for p in t.players if p != w.name and p != first]
        return [Choose("other", p) for p in names]
    if kind == "banish":
        return [*(Choose("room", t.rooms[p]) for p in sorted(t.scarabs) if p != THRONE),
                Choose("room", "none")]
    if kind == "discard_for":
        return [*(Choose("discard", c) for c in sorted(set(w.hand))), Choose("discard", "none")]
    if kind == "jump":
        return [Choose("jump", d) for d in ("left", "right")
                if step(rules, w.place, d == "right") not in t.rubble] + \
            [Choose("jump", "none")]
    if kind == "pay_for":
        ok = can_pay(t, w, Counter(any=1))
        return [*([Choose("spend", "pay")] if ok else []), Choose("spend", "decline")]
    raise AssertionError(s)


# -- decisions: what they do ------------------------------------------------------------------
def act(t: Table, action) -> None:
    """``action`` by the player of the step at the head (already checked legal)."""
    s = t.todo[0]
    w = warden(t, s[1])
    if s[0] == "turn":
        t.ctx.pop("discounts", None)  # a new action: the matched bonuses count afresh
        TURN[type(action)](t, w, action)
        return
    t.todo.pop(0)
    if isinstance(action, Advance):
        _advanced(t, w, action.spots)
        return
    answer(t, w, s, action.what, action.option)


def _play(t: Table, w: Warden, a: Play) -> None:
    row = t.rules.rows("action_cards.csv")[a.card]
    if a.face_up or t.rules.variant("face_down_cost") == "paid":
        pay(t, w, Counter(min=row["cost_min"], knowledge=row["cost_knowledge"]))
    w.hand.remove(a.card)
    w.played[a.slot] = (a.card, a.face_up, a.warden)
    if a.warden:
        w.wardens -= 1
    t.ctx.update(played=True, room_ok=False, card=a.card, face_up=a.face_up)
    t.say(f"{w.name} plays {a.card if a.face_up else 'a card face down'} to the "
          f"{w.slots[a.slot]} slot")
    steps = [("advance", w.name, advance_options(t, w.slots[a.slot]))]
    if a.warden:
        steps.append(("die", w.name))  # its Battle Die of your choice
    push(t, *steps)


def advance_options(t: Table, slot: str) -> tuple[int, ...]:
    """How far time may go for a card played to ``slot``: to a spot of that Time of Day,
    at least one on (Advancing to a Time of Day); a wild slot, any number from 1."""
    rules = t.rules
    left = rules.days * spots(t) - 1 - t.time
    if slot == "wild":
        most = min(rules.number("wild_spots_max"), left)
        return tuple(range(1, most + 1)) or (left + 1,)
    here = at(t.time, rules)
    options = tuple(index(x, rules) - t.time for x in advance_to(Time(*here), slot, rules))
    return options or (left + 1,)  # none left before time runs out


def _advanced(t: Table, w: Warden, n: int) -> None:
    advance(t, n)
    if t.over:
        return
    ctx = t.ctx
    if not ctx.get("face_up"):
        push(t, ("facedown", w.name))
        return
    row = t.rules.rows("action_cards.csv")[ctx["card"]]
    ctx["moves"] += row["moves"]
    ctx["attacks"] += row["attacks"]
    ctx["portals"] += row["portals"]
    gain(t, w, "min", row["min"])
    gain(t, w, "knowledge", row["knowledge"])
    available = sum(draw_pile(t, w).values()) + len(w.discard)
    push(t, *[("draw", w.name)] * min(row["draws"], available))


def _move(t: Table, w: Warden, a: Move) -> None:
    t.ctx["moves"] -= 1
    _arrive(t, w, t.place_of(a.room), "moves to")


def _portal(t: Table, w: Warden, a: Portal) -> None:
    t.ctx["portals"] -= 1
    _arrive(t, w, t.place_of(a.room), "portals to")


def _arrive(t: Table, w: Warden, place, how: str) -> None:
    """A player ends a Move or Portal in a room: Fire burns them (1 damage); with no
    Scarab or Fae Monster there they may use its action."""
    w.place = place
    t.say(f"{w.name} {how} {t.rooms[place]}")
    if place in t.fire:
        push(t, ("damage", w.name, t.rules.number("fire_damage")))
    if t.current is w:  # (another player sent elsewhere uses no action now)
        t.ctx["room_ok"] = not enemies(t, place)


def _attack(t: Table, w: Warden, a: Attack) -> None:
    """Attack the Scarabs in the room; only with none there, the Fae Monster (the Scarab
    Rule)."""
    t.ctx["attacks"] -= 1
    t.ctx["room_ok"] = False
    fight.start(t, w, "scarabs" if t.scarabs[w.place] else "monster")


def _use_room(t: Table, w: Warden, a: UseRoom) -> None:
    t.ctx["room_ok"] = False
    rooms.use(t, w)


def _clear_blight(t: Table, w: Warden, a: ClearBlight) -> None:
    """Clearing Room Blight: pay the Blighted side's cost, score its XP, flip it back; its
    action may be used."""
    pay(t, w, blight_cost(t, w.place))
    clear(t, w, w.place)
    t.ctx["room_ok"] = True


def clear(t: Table, w: Warden, place) -> None:
    t.blighted.discard(place)
    t.say(f"the Blight of {t.rooms[place]} is cleared")
    add_xp(t, w, t.rules.rows("rooms.csv")[t.rooms[place]]["blight_xp"] or 0)


def _power(t: Table, w: Warden, a: Power) -> None:
    """The character's power (placeholders but for its cost: characters.csv)."""
    if t.ctx.get("free_power"):
        t.ctx["free_power"] = False
    else:
        pay(t, w, power_cost(t, w))
    t.ctx["power"] = True
    kind = t.rules.rows("characters.csv")[w.character]["power"]
    t.say(f"{w.name} uses their power")
    if kind == "portal":
        t.ctx["portals"] += 1
    elif kind == "battle_die":
        push(t, ("die", w.name))
    elif kind == "heal":
        heal(t, w, 1)
    else:
        push(t, ("gain", w.name, "resource", 2))


def _move_lady(t: Table, w: Warden, a: MoveLady) -> None:
    pay(t, w, Counter(any=t.rules.number("lady_move_cost")))
    t.lady_at = t.place_of(a.room)
    t.say(f"Lady Weirdwood moves to {a.room}")


def _share(t: Table, w: Warden, a: ShareHealth) -> None:
    lost = lose_health(t, w, a.amount)
    t.lady = min(t.lady + lost, t.rules.track_value("Mîn Wraith", "life_force_max"))
    t.say(f"Lady Weirdwood's life force rises to {t.lady}")


def _counter(t: Table, w: Warden, a: CounterSpell) -> None:
    pay(t, w, Counter(any=t.rules.number("counter_spell_cost")), siphoned=False)
    add_xp(t, w, t.rules.number("counter_spell_xp"))
    monster.counter_spell(t)


def _end_turn(t: Table, w: Warden, a: EndTurn) -> None:
    """Ending Your Turn: resolve Monster Cards, reset if no slot is empty, draw up to the
    hand limit; the next player's turn."""
    t.todo.pop(0)
    if not t.ctx["played"]:  # no card could be played: a pass (gaps.csv no_card)
        t.say(f"{w.name} cannot play a card")
        advance(t, 1)
        if t.over:
            return
    steps = []
    if t.monster == "Therus":
        steps.append(("plans",))
    elif t.upcoming is not None:
        steps += [("card", t.upcoming), ("monster", "next")]
    if len(w.played) == len(w.slots):
        steps.append(("reset", w.name))
    steps += [("hand", w.name), ("next_turn",)]
    push(t, *steps)


TURN = {Play: _play, Move: _move, Portal: _portal, Attack: _attack, UseRoom: _use_room,
        ClearBlight: _clear_blight, Power: _power, MoveLady: _move_lady, ShareHealth: _share,
        CounterSpell: _counter, EndTurn: _end_turn}


def answer(t: Table, w: Warden, s: tuple, what: str, option: str) -> None:
    """The player's answer to the question of step ``s``."""
    kind = s[0]
    if kind == "facedown":
        if option == "Move":
            t.ctx["moves"] += t.rules.number("face_down_moves")
        elif option == "Attack":
            t.ctx["attacks"] += 1
        else:
            gain(t, w, BY_NAME[option], 1)
    elif kind == "damage":
        fight.take_hit(t, w, option)
        if s[2] > 1:
            push(t, ("damage", w.name, s[2] - 1))
    elif kind == "xp":
        if w.xp > 1:
            push(t, ("xp", w.name))  # (behind what the space reached gives at once)
        spend(t, w, option)
    elif kind == "scarab":
        if option == "keep" and w.supply is not None:
            w.supply["scarab"] += 1
            add_xp(t, w, t.rules.number("scarab_kept_xp"))
        else:
            add_xp(t, w, t.rules.number("scarab_returned_xp"))
    elif kind == "wound":
        fight.wound(t, option)
    elif kind == "wild":
        fight.place_wild(t, option)
    elif kind == "die":
        t.ctx["extra_dice"].append(option)
    elif kind == "arm":
        monster.siphon_one(t, int(option) - 1)
        if s[2] > 1 and t.over is None:
            push(t, ("arm", w.name, s[2] - 1))
    elif kind == "discard":
        w.hand.remove(option)
        w.discard.append(option)
        if s[2] > 1:
            push(t, ("discard", w.name, s[2] - 1))
    elif kind == "clear":
        place = t.place_of(option)
        clear(t, w, place)
        if t.scarabs[place]:
            remove_scarabs(t, place, t.scarabs[place])
    else:
        room_answer(t, w, s, what, option)


def room_answer(t: Table, w: Warden, s: tuple, what: str, option: str) -> None:
    kind, _, effect, n = s
    again = (kind, w.name, effect, n - 1)
    if kind == "gain":
        if option == "Health":
            heal(t, w, 1)
        else:
            gain(t, w, BY_NAME[option], 1)
        if n > 1:
            push(t, again)
    elif kind == "forge" and option != "stop":
        extra = Counter(any=n) if effect == "other_forge" else Counter()
        pay(t, w, rooms.forge_cost(t, w) + extra)
        w.dice.append(option)
        t.say(f"{w.name} forges a {option} die")
        if rooms.last_slot(t, w):
            add_xp(t, w, t.rules.number("last_die_xp"))
        if n > 1 and effect != "other_forge":
            push(t, again)
    elif kind == "recruit" and what == "recruit" and option != "none":
        extra = n if effect == "other_recruit" else 0
        pay(t, w, rooms.companion_cost(t, w, option, extra))
        t.offer.remove(option)
        w.companions.append(option)
        w.slots.append("wild")
        t.say(f"{w.name} recruits {option}")
        if t.companions_left:
            push(t, ("companion",))
        if effect == "recruit":
            add_xp(t, w, n)
    elif what == "refresh" and option != "none":
        w.exhausted.discard(option)
        t.say(f"{w.name} refreshes {option}")
    elif kind == "exhaust" and option != "none":
        w.exhausted.add(option)
        push(t, ("gain", w.name, "resource", n))
    elif kind == "portal":
        _arrive(t, w, t.place_of(option), "portals to")
    elif kind == "spend" and what == "spend" and option not in ("stop", "decline", "pay"):
        pay(t, w, Counter({BY_NAME[option]: 1}), discounted=False)
        reverse(t, 1)
        push(t, s)
    elif kind == "other":
        _other(t, w, effect, n, warden(t, option))
    elif kind == "banish" and option != "none":
        place = t.place_of(option)
        remove_scarabs(t, place, 1)
        t.say(f"a Scarab is banished from {option}")
    elif kind == "discard_for" and option != "none":
        w.hand.remove(option)
        w.discard.append(option)
        if effect == "discard_portal":
            push(t, ("portal", w.name, "portal", 1))
        else:
            gain(t, w, "min" if effect == "discard_min" else "knowledge", n)
    elif kind == "jump" and option != "none":
        place = step(t.rules, w.place, option == "right")
        w.place = place
        t.say(f"{w.name} jumps to {t.rooms[place]}")
        t.ctx["room_ok"] = not enemies(t, place) and place not in t.blighted
    elif kind == "pay_for" and option == "pay":
        pay(t, w, Counter(any=1))
        if effect == "pay_health":
            heal(t, w, n)
        else:
            gain(t, w, "power", n)
            add_xp(t, w, n)


def _other(t: Table, w: Warden, effect: str, n: int, other: Warden) -> None:
    """An effect on another player, chosen by the player using the room."""
    t.say(f"{other.name} is chosen")
    if effect == "other_gain":
        push(t, ("gain", other.name, "min_or_knowledge", 1))
    elif effect == "other_portal":
        push(t, ("portal", other.name, "portal", 1))
    elif effect == "other_forge":
        push(t, ("forge", other.name, "other_forge", n))
    elif effect == "other_recruit":
        push(t, ("recruit", other.name, "other_recruit", n))
    elif effect == "other_xp":
        t.ctx["first_other"] = other.name
        add_xp(t, other, n)
    elif effect == "other_xp_again":
        t.ctx.pop("first_other", None)
        add_xp(t, other, n)
    elif effect == "other_health_or_knowledge":
        push(t, ("gain", other.name, "health_or_knowledge", 1))
    elif effect == "other_health":
        heal(t, other, n)

