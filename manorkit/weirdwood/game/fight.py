"""Battles as the engine plays them (Attacking, Attack and Defend Sequence, Attacking
Scarabs, Player Taking Damage, each Fae Monster's Health and Battling).

A battle is one random step whose outcomes are both sides' rolls: ``roll(attacker) ×
roll(defender)`` from :mod:`manorkit.weirdwood.battle`, so its odds are the calculator's.
Then the player places any wild bonus, and the battle resolves: Scarabs that burst skitter
away, unblocked Hits are damage both ways, XP is scored, the monster's bursts act.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from ...dist import Dist
from ..battle import MONSTER_BURST, Pool, roll
from ..board import THRONE, skitter
from .common import (
    STRENGTHS,
    add_scarabs,
    add_xp,
    bonuses,
    foe,
    lose_health,
    push,
    remove_scarabs,
    spawn,
    strength,
    win,
)
from .model import Table, Warden

DICE = ("balanced", "attack", "defense")


# -- the two sides ----------------------------------------------------------------------------
def lady_hits(t: Table, w: Warden, against: str) -> int:
    """Hits Lady Weirdwood adds for a player in her room (Rescuing Lady Weirdwood; Battle
    With Her; Lady Weirdwood and Battling)."""
    rules = t.rules
    if t.monster == "Therus":
        if against != "monster":
            return 0
        shift = t.lady - rules.track_value("Therus", "corruption_start")
        return max(0, shift) * rules.track_value("Therus", "lady_hits")
    if t.lady_at != w.place:
        return 0
    if t.monster == "Chaos Ogre":
        return rules.number("ogre_lady_hits") if rescued(t) else 0
    return sum(t.lady >= k for k in rules.track("Mîn Wraith", "lady_hits_at"))


def rescued(t: Table) -> bool:
    """Lady Weirdwood is rescued once no Scarab is left in the Throne Room (Chaos Ogre)."""
    return not t.scarabs[THRONE]


def card_icons(t: Table, w: Warden) -> tuple[int, int]:
    """Hits and Blocks printed on the player's face-up cards in play (Persistent Card
    Effects)."""
    rows = t.rules.rows("action_cards.csv")
    up = [rows[c] for c, face_up, _ in w.played.values() if face_up]
    return sum(r["hits"] for r in up), sum(r["blocks"] for r in up)


def player_pool(t: Table, w: Warden, against: str) -> tuple[Pool, int]:
    """A player's side and the wild bonuses still to place: their dice (the starting one,
    forged ones, this turn's extra ones) and every Hit and Block from cards in play, matched
    icons, the Battle XP Track and Lady Weirdwood."""
    dice = Counter(w.dice)
    dice["balanced"] += w.permanent
    if t.current is w:
        dice.update(t.ctx.get("extra_dice", []))
    hits, blocks = card_icons(t, w)
    matched = bonuses(t, w)
    hits += matched.count("hit") + w.hits + lady_hits(t, w, against)
    blocks += matched.count("block") + w.blocks
    return Pool(dice["balanced"], dice["attack"], dice["defense"], hits, blocks), \
        matched.count("any")


def power_bonus(t: Table) -> Counter:
    """What the monster's slotted Power Cards add: every section shown at his strength
    (a card slides up as he grows, Power Cards)."""
    rows = t.rules.rows("monster_effects.csv")[f"{t.monster}/Power"]
    sections = ("top", "angry", "enraged")[:STRENGTHS.index(strength(t)) + 1]
    out: Counter = Counter()
    for _ in t.power_cards:
        for section in sections:
            for effect in rows[section]:
                name, _, n = effect.partition(":")
                out[name] += int(n or 1)
    return out


def monster_pool(t: Table, extra_hits: int = 0) -> Pool:
    """The Fae Monster's side: his dice by strength, the Blight Threat's (Chaos Ogre), one
    less for each cleared health area, his Power Cards, and Hits from a card."""
    rules = t.rules
    dice = Counter()
    if t.monster == "Chaos Ogre":
        row = rules.rows("ogre_dice.csv")[strength(t)]
        dice.update({d: row[d] for d in DICE})
        for level, r in rules.rows("blight_threat.csv").items():
            if len(t.blighted) >= int(level):
                dice.update({d: r[d] for d in DICE})
        for area, die in (("head", "balanced"), ("torso", "defense"), ("arms", "attack")):
            if not any(n for (a, _), n in t.cubes.items() if a == area):
                dice[die] -= 1
    else:
        dice.update(dict(zip(DICE, rules.track(t.monster, "dice"), strict=True)))
        if t.monster == "Mîn Wraith" and t.health >= rules.track_value(t.monster,
                                                                        "balanced_at"):
            dice["balanced"] += 1
    bonus = power_bonus(t)
    dice.update({d: bonus[d] for d in DICE})
    hits = bonus["hits"] + extra_hits
    if t.monster == "Therus":
        shift = rules.track_value("Therus", "corruption_start") - t.lady
        hits += max(0, shift) * rules.track_value("Therus", "lady_hits")
    return Pool(*(max(0, dice[d]) for d in DICE), hits, bonus["blocks"],
                MONSTER_BURST[t.monster])


# -- a battle as a random step ----------------------------------------------------------------
def start(t: Table, w: Warden, against: str, monster_attacks: bool = False,
          extra_hits: int = 0) -> None:
    """Begin a battle between player ``w`` and the Scarabs or the monster in their room
    (``monster_attacks``: the monster attacks them)."""
    mine, wild = player_pool(t, w, against)
    if against == "scarabs":
        theirs = Pool(balanced=t.scarabs[w.place])
    else:
        theirs = monster_pool(t, extra_hits)
    attacker, defender = (theirs, mine) if monster_attacks else (mine, theirs)
    spec = {"player": w.name, "against": against, "place": w.place,
            "monster_attacks": monster_attacks, "wild": wild,
            "pools": (tuple(attacker), tuple(defender))}
    t.ctx["battles"] = [*t.ctx.get("battles", []), spec]  # (specs are never changed)
    who = foe(t) if against == "monster" else f"{t.scarabs[w.place]} Scarabs"
    t.say(f"{w.name} battles {who}" if not monster_attacks else
          f"{foe(t)} attacks {w.name}")
    push(t, ("battle",))


@lru_cache(maxsize=1024)
def _rolls(rules, attacker: tuple, defender: tuple) -> Dist:
    return roll(Pool(*attacker), rules).combine(roll(Pool(*defender), rules),
                                                lambda a, d: (a, d))


def outcomes(t: Table) -> Dist:
    """Both sides' ``(hits, blocks, bursts)``: the calculator's rolls, side by side."""
    return _rolls(t.rules, *t.ctx["battles"][0]["pools"]).map(roll_text)


def roll_text(pair) -> str:
    (h1, b1, s1), (h2, b2, s2) = pair
    return f"attacker {h1} Hits {b1} Blocks {s1} bursts; defender {h2} Hits {b2} Blocks " \
           f"{s2} bursts"


def parse_rolls(text: str) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    a, d = text.split("; ")
    return tuple(int(x) for x in a.split()[1::2]), tuple(int(x) for x in d.split()[1::2])


def rolled(t: Table, value: str) -> None:
    """The dice are rolled: the player's surges act, wild bonuses wait for the player."""
    spec, *rest = t.ctx["battles"]
    t.ctx["battles"] = rest
    rolls = [list(r) for r in parse_rolls(value)]
    mine = 1 if spec["monster_attacks"] else 0
    w = t.wardens[spec["player"]]
    surges = rolls[mine][2]
    if surges:
        kind = t.rules.rows("characters.csv")[w.character]["surge"]
        rolls[mine][0 if kind == "hit" else 1] += surges
        t.say(f"{w.name} surges: {surges} {kind.title()}{'s' if surges > 1 else ''}")
    t.ctx["battle"] = {**spec, "rolls": tuple(map(tuple, rolls))}
    push(t, *[("wild", w.name)] * spec["wild"], ("resolve",))


def place_wild(t: Table, option: str) -> None:
    b = t.ctx["battle"]
    mine = 1 if b["monster_attacks"] else 0
    rolls = [list(r) for r in b["rolls"]]
    rolls[mine][0 if option == "Hit" else 1] += 1
    t.ctx["battle"] = {**b, "rolls": tuple(map(tuple, rolls))}


def resolve(t: Table) -> None:
    """Damage both ways (Calculating Damage Dealt), then Scarabs or the monster."""
    b = t.ctx.pop("battle")
    (h1, b1, s1), (h2, b2, s2) = b["rolls"]
    w = t.wardens[b["player"]]
    place = tuple(b["place"])
    if b["against"] == "scarabs":
        _scarabs(t, w, place, h1, b1, h2, b2, s2)
        return
    to_monster, to_player = (max(0, h2 - b1), max(0, h1 - b2)) if b["monster_attacks"] else \
        (max(0, h1 - b2), max(0, h2 - b1))
    bursts = s1 if b["monster_attacks"] else s2
    t.say(f"{w.name} takes {to_player}, {foe(t)} {to_monster}")
    discarded = len(t.power_cards)
    if discarded:
        t.discards["Power"] += discarded
        t.power_cards.clear()
    if not b["monster_attacks"]:
        push(t, ("after_battle", w.name))
    add_xp(t, w, t.rules.number("power_card_xp") * discarded)
    hurt_monster(t, w, to_monster)
    steps = [("damage", w.name, to_player)] if to_player else []
    push(t, *steps, *_monster_bursts(t, bursts, to_monster))


def _scarabs(t: Table, w: Warden, place, hits, blocks, their_hits, their_blocks,
             bursts) -> None:
    """Attacking Scarabs: each burst skitters a Scarab away if it can (from the Throne Room
    to the Fae Breach, then each next one clockwise); one unblocked Hit defeats one."""
    n = t.scarabs[place]
    escaped = 0
    for _ in range(min(bursts, n)):
        if place == THRONE:
            breach = t.place_of(t.rules.rows("rings.csv")["inner"]["fixed_room"])
            dest = ("inner", (breach[1] + escaped) % t.rules.positions("inner"))
        else:
            dest = skitter(t.rules, place, t.time, t.rubble)
        if dest is None:
            break
        remove_scarabs(t, place, 1)
        add_scarabs(t, dest, 1)
        escaped += 1
    defeated = min(max(0, hits - their_blocks), n - escaped)
    taken = max(0, their_hits - blocks)
    t.say(f"{escaped} Scarab{'s' * (escaped != 1)} skitter away, {defeated} defeated, "
          f"{w.name} takes {taken}")
    if defeated:
        remove_scarabs(t, place, defeated)
    steps = [("damage", w.name, taken)] if taken else []
    steps += [("scarab", w.name)] * defeated
    push(t, *steps, ("xp", w.name), ("after_battle", w.name))  # XP once every Scarab scored


def hurt_monster(t: Table, w: Warden, n: int) -> None:
    """``n`` Hits on the Fae Monster: 1 XP each; the Chaos Ogre's cubes go where the players
    choose; the Mîn Wraith's and Therus's health drop (Therus's past a Monster Card icon:
    a card joins his Plans)."""
    if n <= 0:
        return
    add_xp(t, w, t.rules.number("hit_xp") * n)
    if t.monster == "Chaos Ogre":
        push(t, *[("wound", w.name)] * n, ("check_win",))
        return
    before, t.health = t.health, max(0, t.health - n)
    t.say(f"{foe(t)}'s health drops to {t.health}")
    if t.monster == "Therus":
        crossed = [k for k in t.rules.track("Therus", "plans_at") if t.health <= k < before]
        push(t, *[("monster", "plans")] * len(crossed))
        if t.health == 0:
            push(t, ("plans",), ("check_win",))
    elif t.health == 0:
        win(t)


def wound(t: Table, area: str) -> None:
    """One Hit on the Chaos Ogre's ``area``: a cube off its first row that has one; a row
    emptied acts (its effect), an area emptied costs him a die (Chaos Ogre's Health)."""
    rows = sorted((r, n) for (a, r), n in t.cubes.items() if a == area and n)
    row = rows[0][0]
    t.cubes[(area, row)] -= 1
    t.say(f"a cube comes off the Chaos Ogre's {area}")
    if t.cubes[(area, row)] == 0:
        effect = t.rules.rows("ogre_health.csv")[f"{area}/{row}"]["effect"]
        t.say(f"his {area} row {row} is cleared")
        if effect == "spawn_rolled":
            push(t, ("room_dice", "spawn"))
        elif effect == "spawn_here":
            spawn(t, t.monster_at, 1)


def _monster_bursts(t: Table, bursts: int, dealt: int) -> list[tuple]:
    """What the monster's bursts do after the battle: the Chaos Ogre spawns a Scarab in his
    room for each; the Mîn Wraith rolls his die for each and heals if he took no damage;
    Therus portals to a rolled room for each."""
    if not bursts and not (t.monster == "Mîn Wraith" and dealt == 0):
        return []
    if t.monster == "Chaos Ogre":
        spawn(t, t.monster_at, bursts)
        return []
    if t.monster == "Mîn Wraith":
        steps = [("wraith_die",)] * bursts
        return steps + ([("wraith_heal", 1)] if dealt == 0 else [])
    return [("room_dice", "therus")] * bursts


def damage_options(t: Table, w: Warden) -> list[str]:
    """Where the next Hit a player takes may go (Player Taking Damage)."""
    out = []
    if w.health > t.rules.number("health_min"):
        out.append("Health")
    if w.dice:
        out.append("Battle Die")
    if w.supply["power"]:
        out.append("Power Token")
    return out


def take_hit(t: Table, w: Warden, option: str) -> None:
    if option == "Health":
        lose_health(t, w, 1)
    elif option == "Battle Die":
        lost = w.dice.pop()
        t.say(f"{w.name} loses a forged {lost} die")
    else:
        w.supply["power"] -= 1
        t.say(f"{w.name} loses a Power Token")

