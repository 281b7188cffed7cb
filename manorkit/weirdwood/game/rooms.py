"""Room actions (Using Room Actions, Room Reference): each room's ``effects`` in
``rooms.csv``, done in order; an effect that needs a choice asks for it (a step)."""

from __future__ import annotations

from collections import Counter

from ..rules import effect
from .common import add_xp, advance, gain, heal, lose_health, push
from .model import Table, Warden

#: Effects that only ask a question now (a step the player answers), by effect name.
ASKS = {
    "resource": "gain", "min_or_knowledge": "gain", "recruit": "recruit",
    "refresh": "refresh", "recruit_or_refresh": "recruit", "forge": "forge",
    "portal": "portal", "reverse_per_resource": "spend", "other_gain": "other",
    "other_portal": "other", "banish": "banish", "exhaust_gain": "exhaust",
    "discard_min": "discard_for", "discard_knowledge": "discard_for",
    "discard_portal": "discard_for", "other_forge": "other", "jump": "jump",
    "other_xp": "other", "other_xp_again": "other", "other_health_or_knowledge": "other",
    "pay_health": "pay_for", "other_health": "other", "pay_power_xp": "pay_for",
    "other_recruit": "other",
}


def usable(t: Table, w: Warden) -> bool:
    """A room's action may be used: not Blighted, not on Fire, no Scarab or Fae Monster."""
    here = w.place
    from .common import enemies

    return here not in t.blighted and here not in t.fire and not enemies(t, here)


def use(t: Table, w: Warden) -> None:
    """Use the action of the room the player stands in."""
    room = t.rooms[w.place]
    t.say(f"{w.name} uses {room}")
    steps = []
    for item in t.rules.rows("rooms.csv")[room]["effects"]:
        name, n = effect(item)
        if name in ASKS:
            steps.append((ASKS[name], w.name, name, n))
            continue
        if name == "d12":
            steps.append(("d12", room, w.name))
        elif name == "room_dice_portal":
            steps.append(("room_dice", w.name))
        elif name == "move":
            t.ctx["moves"] = t.ctx.get("moves", 0) + n
        elif name == "advance":
            advance(t, n)
        elif name == "lose_health":
            if lose_health(t, w, n) < n:
                break  # (its gains are only for the Health lost)
        elif name == "health":
            heal(t, w, n)
        elif name == "xp":
            add_xp(t, w, n)
        elif name in ("min", "knowledge", "power", "scarab"):
            gain(t, w, name, n)
    push(t, *steps)


def d12_reward(t: Table, room: str, w: Warden, roll: int) -> None:
    """The reward of a d12 room for ``roll`` (``d12_rooms.csv``)."""
    from .xp import draw_warden

    row = dict(t.rules.d12_table(room))[roll]
    gain(t, w, "power", row["power_tokens"])
    for _ in range(row["warden_cards"]):
        draw_warden(t, w)
    if row["resources"]:
        push(t, ("gain", w.name, "resource", row["resources"]))


def forge_cost(t: Table, w: Warden) -> Counter | None:
    """The cost of the player's next empty Battle Die slot, cheapest first (Forging Battle
    Dice); None when every slot is full."""
    rows = t.rules.rows("forge.csv")
    nxt = str(len(w.dice) + 2)  # slot 1 holds the starting Balanced die
    if nxt not in rows:
        return None
    return Counter(min=rows[nxt]["cost_min"], knowledge=rows[nxt]["cost_knowledge"])


def last_slot(t: Table, w: Warden) -> bool:
    return str(len(w.dice) + 2) not in t.rules.rows("forge.csv")


def companion_cost(t: Table, w: Warden, name: str, extra: int = 0) -> Counter:
    """A Companion's printed cost, 2 resources more for each one recruited before
    (Recruiting Companions), and ``extra`` resources (another player's recruit)."""
    row = t.rules.rows("companions.csv")[name]
    return +Counter(min=row["cost_min"], knowledge=row["cost_knowledge"],
                    any=t.rules.number("companion_extra") * len(w.companions) + extra)


def can_recruit(t: Table, w: Warden) -> bool:
    return t.rules.rows("characters.csv")[w.character]["companions"] == "yes"
