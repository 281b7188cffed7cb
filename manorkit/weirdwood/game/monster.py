"""The Manor's own moves: Monster Cards (Resolving Monster Cards, Power Cards, each
monster's cards, Therus' Plans), how the monsters move and spawn, the Mîn Wraith's healing,
Therus's spell, and the Scarab Phase (The Scarab Phase). What each card does is a
placeholder (``monster_effects.csv``)."""

from __future__ import annotations

from collections import deque

from ..board import THRONE, across, opposite, ring_order, skitter, step
from ..room_dice import spawn as room_dice
from ..rooms import monster_draw
from .common import (
    add_scarabs,
    article,
    day,
    foe,
    lose,
    push,
    remove_scarabs,
    spawn,
    strength,
)
from .model import Table

# -- drawing --------------------------------------------------------------------------------


def deck_now(t: Table):
    """The deck a draw comes from: the discards shuffled anew once it is empty."""
    return t.deck if sum(t.deck.values()) else t.discards


def draw_outcomes(t: Table):
    return monster_draw(deck_now(t))


def drawn(t: Table, purpose: str, kind: str) -> None:
    """A Monster Card is drawn: the next one, shown by its back (Ogre, Wraith), or a card
    for Therus' Plans."""
    if not sum(t.deck.values()):
        t.deck, t.discards = t.discards, type(t.discards)()
        t.say("the Monster discards are shuffled into a new deck")
    t.deck[kind] -= 1
    if purpose == "next":
        t.upcoming = kind
        t.say(f"the next Monster Card is {article(kind)} {kind} card")
    else:
        t.plans.append(kind)
        t.say(f"a card joins Therus' Plans ({len(t.plans)} waiting)")


# -- resolving a card -----------------------------------------------------------------------
def effects(t: Table, kind: str) -> list[str]:
    """The back of a card: its top part, and the section of the monster's strength (the
    Angry one adds to the top; the Enraged one alone with it: Resolving Monster Cards
    examples 1 and 2)."""
    row = t.rules.rows("monster_effects.csv")[f"{t.monster}/{kind}"]
    out = list(row["top"])
    s = strength(t)
    if s == "Angry":
        out += row["angry"]
    elif s == "Enraged":
        out += row["enraged"]
    return out


def resolve_card(t: Table, kind: str, therus: bool = False) -> None:
    """Resolve a Monster Card: its front advances time, its back acts; Power Cards are
    slotted (discarded when his slots are full); the others are discarded (Therus's stay in
    his Plans until all are resolved)."""
    from .common import advance

    row = t.rules.rows("monster_effects.csv")[f"{t.monster}/{kind}"]
    t.say(f"{foe(t)} resolves {article(kind)} {kind} card")
    advance(t, row["time"])
    if t.over:
        return
    if kind == "Power":
        if len(t.power_cards) < t.rules.number("power_slots"):
            t.power_cards.append(strength(t))
            t.say(f"a Power card is slotted ({len(t.power_cards)})")
        else:
            t.discards["Power"] += 1
        return
    if therus:
        t.ctx.setdefault("resolved", []).append(kind)
    else:
        t.discards[kind] += 1
    effs = effects(t, kind)
    extra = sum(int(e.split(":")[1]) for e in effs if e.startswith("hits:"))
    for e in effs:
        name, _, n = e.partition(":")
        n = int(n or 1)
        if name in ("hunt", "chase"):
            move_toward(t, n, hunt=name == "hunt")
        elif name == "attack":
            attack(t, extra)
        elif name == "spawn_rolled":
            push(t, *[("room_dice", "spawn")] * n)
        elif name == "spawn_here":
            spawn(t, t.monster_at, n)
        elif name == "spawn_near":
            spawn(t, near(t, t.monster_at), n)
        elif name == "wraith_die":
            push(t, ("wraith_die",))
        elif name == "portal":
            push(t, ("room_dice", "therus"))
        elif name in ("fire", "rubble"):
            place_tile(t, name)
        elif name == "siphon":
            push(t, ("arm", t.players[t.turn], n))


def near(t: Table, place):
    """A Scarab spawned relative to the Mîn Wraith: the next room clockwise on his ring; from
    the Throne Room, across it (Mîn Wraith and Spawning Scarabs; the direction is a
    placeholder)."""
    if place == THRONE:
        return ("inner", 0)
    return step(t.rules, place, clockwise=True)


def attack(t: Table, extra_hits: int) -> None:
    """An Attack card: the Chaos Ogre hurts Lady Weirdwood in his room; else the monster
    attacks the first player in his room in turn order (gaps.csv monster_attack_target)."""
    if t.monster == "Chaos Ogre" and t.lady_at == t.monster_at:
        t.lady -= 1
        t.say(f"the Chaos Ogre hurts Lady Weirdwood: her health is {t.lady}")
        if t.lady <= 0:
            lose(t, "the Chaos Ogre killed Lady Weirdwood")
        return
    order = t.players[t.turn:] + t.players[:t.turn]
    target = next((t.wardens[p] for p in order if t.wardens[p].place == t.monster_at), None)
    if target is None:
        t.say(f"{foe(t)} finds no one to attack")
        return
    from .fight import start

    start(t, target, "monster", monster_attacks=True, extra_hits=extra_hits)


def place_tile(t: Table, tile: str) -> None:
    """A Rubble (Chaos Ogre) or Fire (Therus) tile in the monster's room: its Scarabs are
    killed, every player there takes 1 damage; a Blighted room stays Blighted."""
    here = t.monster_at
    used = len(t.rubble) + len(t.fire)
    if here == THRONE or used >= t.rules.number("rubble_fire_tiles") or here in (
            t.rubble | t.fire):
        return
    (t.rubble if tile == "rubble" else t.fire).add(here)
    t.say(f"{t.rooms[here]} is {'turned to Rubble' if tile == 'rubble' else 'on Fire'}")
    if t.scarabs[here]:
        remove_scarabs(t, here, t.scarabs[here])
    for w in t.wardens.values():
        if w.place == here:
            push(t, ("damage", w.name, t.rules.number("rubble_damage")))


# -- moving ----------------------------------------------------------------------------------
def neighbours(t: Table, place):
    """Rooms beside a room through walls: along its ring, across to the next rings."""
    if place == THRONE:
        return [("inner", s) for s in range(t.rules.positions("inner"))]
    out = [step(t.rules, place, True), step(t.rules, place, False)]
    for outward in (True, False):
        there = across(t.rules, place, outward)
        if there is not None:
            out.append(there)
    return out


def move_toward(t: Table, n: int, hunt: bool) -> None:
    """The Chaos Ogre smashes ``n`` rooms through walls toward Lady Weirdwood (``hunt``) or
    the nearest Warden (he "sometimes will chase a player instead"; gaps.csv
    monster_move_target); never into Rubble."""
    if hunt or not t.wardens:
        goal = t.lady_at
    else:
        goal = min((w.place for w in t.wardens.values()),
                   key=lambda p: (_steps(t, t.monster_at, p), p))
    for _ in range(n):
        if t.monster_at == goal:
            break
        paths, queue = {t.monster_at: None}, deque([t.monster_at])
        while queue:
            here = queue.popleft()
            for nxt in neighbours(t, here):
                if nxt not in paths and nxt not in t.rubble:
                    paths[nxt] = here
                    queue.append(nxt)
        if goal not in paths:
            break
        node = goal
        while paths[node] != t.monster_at:
            node = paths[node]
        t.monster_at = node
        t.say(f"the Chaos Ogre moves to {t.rooms[node]}")


def _steps(t: Table, a, b) -> int:
    seen, queue = {a: 0}, deque([a])
    while queue:
        here = queue.popleft()
        if here == b:
            return seen[here]
        for nxt in neighbours(t, here):
            if nxt not in seen:
                seen[nxt] = seen[here] + 1
                queue.append(nxt)
    return len(seen)


def wraith_move(t: Table, effect: str) -> None:
    """The Mîn Wraith's die: a move through walls (Mîn Wraith Movement) or a heal."""
    here = t.monster_at
    if effect == "heal":
        wraith_heal(t, 1)
        return
    if here == THRONE:  # (never by his own moves; leave it outward)
        there = ("inner", 0)
    elif effect in ("clockwise", "counter-clockwise"):
        there = step(t.rules, here, effect == "clockwise")
    elif effect == "inward":
        there = across(t.rules, here, outward=False)
        if there == THRONE:  # across the Throne Room
            there = opposite(t.rules, here)
    else:
        there = across(t.rules, here, outward=True)
        if there is None:  # off the outer ring: across the board
            there = opposite(t.rules, here)
    if there in t.rubble:
        return
    t.monster_at = there
    t.say(f"the Mîn Wraith moves to {t.rooms[there]}")
    if t.scarabs[there]:
        remove_scarabs(t, there, 1)
        t.say("the Mîn Wraith consumes a Scarab")
        wraith_heal(t, 1)


def wraith_heal(t: Table, n: int) -> None:
    """The Mîn Wraith heals: Lady Weirdwood's life force drops as much, even at his maximum
    (Lady Weirdwood's Life Force); moving up into a spawn space rolls the room dice twice
    (Healing Effects)."""
    rules = t.rules
    top = rules.track_value("Mîn Wraith", "health_max")
    before = t.health
    t.health = min(top, t.health + n)
    t.lady -= n
    t.say(f"the Mîn Wraith heals {n}: Lady Weirdwood's life force is {t.lady}")
    for space in rules.track("Mîn Wraith", "spawn_spaces"):
        if before < space <= t.health:
            push(t, ("room_dice", "spawn"), ("room_dice", "spawn"))
    if t.lady <= 0:
        lose(t, "the Mîn Wraith drained Lady Weirdwood's life force")


def rolled_room(t: Table, purpose: str, place) -> None:
    """The room dice are rolled: a Scarab spawns there, Therus portals there, or a player
    portals there (Mad Scientist's Lab)."""
    if purpose in ("spawn", "setup"):
        spawn(t, place, 1)
    elif purpose == "therus":
        t.monster_at = place
        t.say(f"Therus portals to {t.rooms[place]}")
    else:
        w = t.wardens[purpose]
        w.place = place
        t.say(f"{w.name} portals to {t.rooms[place]}")


def room_dice_outcomes(t: Table, purpose: str):
    """Where the room dice send something today; at setup a room already holding a Scarab
    is rolled again (Board Setup)."""
    dist = room_dice(day(t), t.rules)
    if purpose == "setup":
        dist = dist.given(lambda p: not t.scarabs[p])
    return dist


# -- Therus's spell ----------------------------------------------------------------------------
def arm_options(t: Table) -> list[int]:
    full = t.rules.setting("spell.csv", "arm_length")
    return [i for i, a in enumerate(t.arms) if a < full]


def siphon_one(t: Table, arm: int) -> None:
    """One space of a spending siphoned into an arm (Powering Therus' Spell): passing a
    Monster Card icon adds a card to his Plans; all arms full casts the spell."""
    rules = t.rules
    t.arms[arm] += 1
    if t.arms[arm] in rules.track("Therus", "arm_icons"):
        push(t, ("monster", "plans"))
    if not arm_options(t):
        cast(t)


def cast(t: Table) -> None:
    """Triggering His Spell: Lady Weirdwood one space left, its upper action (Monster Cards
    to his Plans), the arms reset; at the leftmost space she is his."""
    rules = t.rules
    t.lady -= 1
    t.arms = [0, 0, 0]
    t.say(f"Therus casts his spell: Lady Weirdwood moves to space {t.lady}")
    if t.lady <= 1:
        lose(t, "Lady Weirdwood was corrupted")
        return
    if t.lady < rules.track_value("Therus", "corruption_start"):
        push(t, *[("monster", "plans")] * rules.track_value("Therus", "plans_when_corrupted"))


def counter_spell(t: Table) -> None:
    """Countering Therus' Spell: Lady Weirdwood one space right and its lower action (right
    of her start: Therus loses 1 health)."""
    t.lady += 1
    t.say(f"a counter-spell: Lady Weirdwood moves to space {t.lady}")
    if t.lady > t.rules.track_value("Therus", "corruption_start"):
        t.health = max(0, t.health - 1)
        t.say(f"Therus's health drops to {t.health}")
        if t.health == 0:
            push(t, ("plans",), ("check_win",))


def plans_step(t: Table) -> None:
    """Resolve Therus' Plans left to right; cards added meanwhile join the end; then every
    resolved card goes to his discards."""
    if not t.plans:
        for kind in t.ctx.pop("resolved", []):
            t.discards[kind] += 1
        return
    kind = t.plans.pop(0)
    push(t, ("plans",))
    resolve_card(t, kind, therus=True)


# -- the Scarab Phase -----------------------------------------------------------------------
def scarab_phase(t: Table) -> None:
    """Middle-ring Scarabs skitter outward from the Terrace of Temporal Rifts clockwise,
    then inner-ring ones from the Fae Breach; every empty inner room gets a Scarab, the
    Throne Room one if it holds any; 2 or more Blight a room."""
    rules = t.rules
    t.say("the Scarab Phase")
    for ring in ("middle", "inner"):
        first = t.place_of(rules.rows("rings.csv")[ring]["fixed_room"])
        for place in ring_order(rules, ring, first):
            n = t.scarabs[place]
            if not n:
                continue
            dest = skitter(rules, place, t.time, t.rubble)
            if dest is not None:
                remove_scarabs(t, place, n)
                add_scarabs(t, dest, n)
                t.say(f"{n} Scarab{'s' * (n > 1)} skitter to {t.rooms[dest]}")
    for s in range(rules.positions("inner")):
        if not t.scarabs[("inner", s)]:
            spawn(t, ("inner", s), 1)
    if t.scarabs[THRONE] and t.scarabs[THRONE] < rules.number("throne_scarabs"):
        spawn(t, THRONE, 1)
