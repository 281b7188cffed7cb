"""What every rule of play leans on: time, the supply, paying and gaining, Health and hand,
XP, Scarabs and Blight, and the end of the game (Time & Advancing Time, Player Taking
Damage, Healing and Hand Limit, Gaining and Spending XP, Scarab Phase & Spawning, Losing and
Winning the Game). Every function changes the working :class:`~.model.Table` it is given.
"""

from __future__ import annotations

from collections import Counter

from ..board import THRONE, Place
from ..clock import at
from .model import RESOURCES, WORDS, Table, Warden

STRENGTHS = ("Calm", "Angry", "Enraged")


def foe(t: Table) -> str:
    """The Fae Monster as a sentence names him: "the Chaos Ogre", "Therus"."""
    return t.monster if t.monster == "Therus" else f"the {t.monster}"


def article(word: str) -> str:
    return "an" if word[0] in "AEIOU" else "a"


# -- the queue of steps -----------------------------------------------------------------------
def push(t: Table, *steps: tuple) -> None:
    """Steps to happen next, before anything already waiting."""
    t.todo[:0] = list(steps)


def lose(t: Table, why: str) -> None:
    if t.over is None:
        t.over = f"lost: {why}"
        t.say(f"the players lose: {why}")
        t.todo.clear()


def win(t: Table) -> None:
    if t.over is None:
        t.over = "won"
        t.say(f"{foe(t)} is defeated: the players win")
        t.todo.clear()


# -- time ---------------------------------------------------------------------------------
def spots(t: Table) -> int:
    """Time spots in a Day (4 Times of Day × 3)."""
    return sum(n for _, n in t.rules.times_of_day)


def day(t: Table) -> int:
    return t.time // spots(t) + 1


def strength(t: Table) -> str:
    return t.rules.strength(t.monster, day(t))


def advance(t: Table, n: int) -> None:
    """Advance time ``n`` spots; past the last Night of Day 12 the players lose."""
    last = t.rules.days * spots(t) - 1
    if t.time + n > last:
        t.time = last
        lose(t, "time ran out")
        return
    t.time += n
    t.say(f"time: {at(t.time, t.rules)}")


def reverse(t: Table, n: int) -> None:
    """Reverse time ``n`` spots (never before Day 1, first Morning: gaps.csv)."""
    t.time = max(0, t.time - n)
    t.say(f"time: {at(t.time, t.rules)}")


# -- the supply, paying and gaining ------------------------------------------------------------
LIMITS = {"min": "min_tokens", "knowledge": "knowledge_tokens", "power": "power_tokens"}


def supply_left(t: Table, what: str) -> int:
    """Tokens (or Scarabs) left in the common supply."""
    held = sum(w.supply[what] for w in t.wardens.values())
    if what == "scarab":
        return t.rules.number("scarabs") - held - sum(t.scarabs.values())
    return t.rules.number(LIMITS[what]) - held


def gain(t: Table, w: Warden, what: str, n: int = 1) -> None:
    """Take up to ``n`` tokens (a Scarab from the supply) as far as the supply holds."""
    n = max(0, min(n, supply_left(t, what)))
    if n:
        w.supply[what] += n
        t.say(f"{w.name} gains {n} {WORDS[what]}")


def bonuses(t: Table, w: Warden) -> list[str]:
    """Matched icon bonuses between neighbouring played cards (Gaining Icon Bonuses): the
    right icon of a card and the left icon of the card in the next slot, a wild icon (or a
    Warden Tactic Card on top) matching anything; two wilds: ``any``. Face-down cards show
    no icons (gaps.csv bonus_icons)."""
    cards = t.rules.rows("action_cards.csv")
    out = []
    order = sorted(w.played)
    for a, b in zip(order, order[1:], strict=False):
        if b != a + 1:
            continue
        (ca, up_a, wa), (cb, up_b, wb) = w.played[a], w.played[b]
        if not (up_a and up_b):
            continue
        right = "wild" if wa else cards[ca]["right"]
        left = "wild" if wb else cards[cb]["left"]
        if right == left == "wild":
            out.append("any")
        elif right == left or "wild" in (right, left):
            out.append(left if right == "wild" else right)
    return out


def cost_after(t: Table, w: Warden, cost: Counter) -> Counter:
    """``cost`` (min, knowledge, any, power) less the matched Mîn and Knowledge bonuses the
    player has left for this action (each counts once for "something you are paying for":
    the Mîn & Knowledge Bonus Icons 2 example); a wild bonus takes off the resource the
    player is shortest of (the Wild Bonus Icons 2 example)."""
    cost = Counter(cost)
    for b in discounts(t, w):
        if b in ("min", "knowledge") and cost[b]:
            cost[b] -= 1
        elif b == "any":
            short = [k for k in ("min", "knowledge", "any") if cost[k]]
            if short:
                cost[min(short, key=lambda k: (w.supply[k] - cost[k] if k != "any" else 99,
                                               -cost[k]))] -= 1
    return +cost


def discounts(t: Table, w: Warden) -> list[str]:
    """The player's matched bonuses still unspent on this action's payments (the player
    whose turn it is; another player pays in full)."""
    if t.current is not w:
        return []
    left = t.ctx.get("discounts")
    return bonuses(t, w) if left is None else left


def can_pay(t: Table, w: Warden, cost: Counter) -> bool:
    cost = cost_after(t, w, cost)
    if any(w.supply[k] < cost[k] for k in ("min", "knowledge", "power")):
        return False
    spare = sum(w.supply[k] for k in RESOURCES) - cost["min"] - cost["knowledge"]
    return spare >= cost["any"]


def pay(t: Table, w: Warden, cost: Counter, siphoned: bool = True,
        discounted: bool = True) -> None:
    """Pay ``cost`` (less the matched bonuses unless ``discounted`` is false: resources
    spent for their own sake, as at the Terrace of Temporal Rifts); "any" resources come from
    the largest pile (Mîn, then Knowledge, then Scarabs on a tie: gaps.csv payments). Therus
    siphons every spending (Powering Therus' Spell) unless ``siphoned`` is false (a
    counter-spell)."""
    full = +Counter(cost)
    cost = cost_after(t, w, cost) if discounted else full
    if discounted and t.current is w:  # the bonuses used up on this action
        left = list(discounts(t, w))
        for k in ("min", "knowledge"):
            for _ in range(full[k] - cost[k]):
                left.remove(k) if k in left else left.remove("any")
        for _ in range(full["any"] - cost["any"]):
            left.remove("any")
        t.ctx["discounts"] = left
    for k in ("min", "knowledge", "power"):
        w.supply[k] -= cost[k]
    for _ in range(cost["any"]):
        k = max(RESOURCES, key=lambda r: (w.supply[r], -RESOURCES.index(r)))
        w.supply[k] -= 1
    if sum(cost.values()):
        t.say(f"{w.name} pays " + ", ".join(f"{n} {WORDS.get(k, 'resource')}"
                                            for k, n in cost.items()))
        if siphoned and t.monster == "Therus":
            push(t, ("arm", w.name, t.rules.siphon(day(t))))


# -- Health, hand and XP -----------------------------------------------------------------------
def heal(t: Table, w: Warden, n: int = 1) -> None:
    """Gain Health up to 6; reaching 6 scores 2 XP each time; on your own turn you draw up
    at its end (Healing and Hand Limit)."""
    top = t.rules.number("health_max")
    if n <= 0 or w.health >= top:
        return
    w.health = min(top, w.health + n)
    w.draw_up = True
    t.say(f"{w.name} heals to {w.health}")
    if w.health == top:
        add_xp(t, w, t.rules.number("max_health_xp"))


def lose_health(t: Table, w: Warden, n: int = 1) -> int:
    """Lose up to ``n`` Health (never below 1) and discard down to the new hand limit;
    returns how much was lost."""
    n = max(0, min(n, w.health - t.rules.number("health_min")))
    if n:
        w.health -= n
        t.say(f"{w.name} loses {n} Health")
        extra = len(w.hand) - w.health
        if extra > 0:
            push(t, ("discard", w.name, extra))
    return n


#: The Group XP Track's scorer, registered by :mod:`.xp` (which spends XP through the
#: functions here, so it sits above this module): :func:`scores_group_xp`.
_GROUP_XP: list = []


def scores_group_xp(fn):
    """Register ``fn(table, n)`` as the scorer of XP on the Group XP Track."""
    _GROUP_XP[:] = [fn]
    return fn


def add_xp(t: Table, w: Warden, n: int) -> None:
    """Score XP: spent on the player's tracks at once (Order of Spending XP), or on the
    Group XP Track (the group_xp variant)."""
    if n <= 0:
        return
    t.say(f"{w.name} scores {n} XP")
    if t.rules.variant("group_xp") == "group":
        _GROUP_XP[0](t, n)
        return
    w.xp += n
    if not any(s[0] == "xp" and s[1] == w.name for s in t.todo):
        push(t, ("xp", w.name))


# -- Scarabs and Blight -----------------------------------------------------------------------
def flippable(t: Table, place: Place) -> bool:
    room = t.rooms.get(place)
    return place != THRONE and room is not None and \
        t.rules.rows("rooms.csv")[room]["fixed"] == "no"


def check_blight(t: Table, place: Place) -> None:
    """2 or more Scarabs in a flippable room Blight it (Blighting Rooms); against the Chaos
    Ogre the Blight Threat follows, and its maximum loses the game (Blight Threat)."""
    if t.scarabs[place] >= t.rules.number("blight_scarabs") and place not in t.blighted \
            and flippable(t, place):
        t.blighted.add(place)
        t.say(f"{t.rooms[place]} is Blighted")
        if t.monster == "Chaos Ogre":
            top = max(int(k) for k in t.rules.rows("blight_threat.csv"))
            if len(t.blighted) >= top:
                lose(t, "the Blight Threat reached its maximum")


def spawn(t: Table, place: Place, n: int = 1) -> None:
    """Spawn Scarabs in a room: none in the Throne Room once it has been cleared, none into
    Rubble; an empty supply places none (the scarab_loss variant: the players lose)."""
    if place == THRONE and not t.scarabs[THRONE]:
        return
    if place in t.rubble:
        return
    for _ in range(n):
        if supply_left(t, "scarab") <= 0:
            if t.rules.variant("scarab_loss") == "loss":
                lose(t, "a Scarab was due and none was left in the supply")
            return
        t.scarabs[place] += 1
        t.say(f"a Scarab spawns in {t.rooms[place]}")
        check_blight(t, place)


def add_scarabs(t: Table, place: Place, n: int) -> None:
    """Scarabs moving into a room (not from the supply)."""
    if n > 0:
        t.scarabs[place] += n
        check_blight(t, place)


def remove_scarabs(t: Table, place: Place, n: int) -> None:
    t.scarabs[place] -= n
    if t.scarabs[place] <= 0:
        del t.scarabs[place]


def enemies(t: Table, place: Place) -> bool:
    """Scarabs or the Fae Monster in a room (the Scarab Rule)."""
    return bool(t.scarabs[place]) or t.monster_at == place
