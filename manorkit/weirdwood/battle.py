"""Exact battle outcomes (Attack and Defend Sequence, Attacking Scarabs, the monsters' bursts).

A side is a :class:`Pool` of Balanced/Attack/Defense dice plus fixed bonus Hits and Blocks.
Unblocked Hits are damage: the attacker deals ``max(0, its hits - defender blocks)`` and takes
``max(0, defender hits - its blocks)``. A burst counts as a Hit for the Chaos Ogre and Therus
and as a Block for the Mîn Wraith (``burst_as``); a player's burst is a Surge (no number).
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from ..dist import Dist
from .rules import Rules, load_rules

BURST_AS = (None, "hit", "block")
#: What each monster's burst adds to its total (Chaos Ogre, Mîn Wraith, Therus sections).
MONSTER_BURST = {"Chaos Ogre": "hit", "Mîn Wraith": "block", "Therus": "hit"}


class Pool(NamedTuple):
    """One side of a battle: dice and bonuses (from cards, XP, powers, Lady Weirdwood)."""

    balanced: int = 0
    attack: int = 0
    defense: int = 0
    hits: int = 0
    blocks: int = 0
    burst_as: str | None = None


class Battle(NamedTuple):
    """One outcome: damage dealt by and to the attacker, and each side's bursts."""

    dealt: int
    taken: int
    attacker_bursts: int
    defender_bursts: int


class ScarabFight(NamedTuple):
    """Attacking Scarabs: how many are defeated, how many skitter away, damage taken."""

    defeated: int
    escaped: int
    taken: int
    surges: int


def _check(pool: Pool) -> None:
    for name in ("balanced", "attack", "defense", "hits", "blocks"):
        value = getattr(pool, name)
        if not isinstance(value, int) or value < 0:
            raise ValueError(f"{name} is {value!r}; expected a whole number at least 0")
    if pool.burst_as not in BURST_AS:
        raise ValueError(f"burst_as is {pool.burst_as!r}; expected None, 'hit' or 'block'")


@lru_cache(maxsize=256)
def _rolled(rules: Rules, balanced: int, attack: int, defense: int) -> Dist:
    total = Dist.constant((0, 0, 0))
    for die, n in (("balanced", balanced), ("attack", attack), ("defense", defense)):
        one = Dist.from_counts(rules.die_faces(die))
        for _ in range(n):
            total = total.combine(one, lambda a, b: (a[0] + b[0], a[1] + b[1], a[2] + b[2]))
    return total


def roll(pool: Pool, rules: Rules | None = None) -> Dist:
    """The side's ``(hits, blocks, bursts)`` after bonuses and ``burst_as``."""
    _check(pool)
    rules = rules or load_rules()
    extra = {"hit": (1, 0), "block": (0, 1), None: (0, 0)}[pool.burst_as]
    return _rolled(rules, pool.balanced, pool.attack, pool.defense).map(
        lambda r: (r[0] + pool.hits + extra[0] * r[2], r[1] + pool.blocks + extra[1] * r[2],
                   r[2]))


def battle(attacker: Pool, defender: Pool, rules: Rules | None = None) -> Dist:
    """Every :class:`Battle` outcome with its exact chance (Attack and Defend Sequence)."""
    a, d = roll(attacker, rules), roll(defender, rules)
    return a.combine(d, lambda x, y: Battle(max(0, x[0] - y[1]), max(0, y[0] - x[1]),
                                            x[2], y[2]))


def attack_scarabs(attacker: Pool, scarabs: int, skitter: bool = True,
                   rules: Rules | None = None) -> Dist:
    """Every :class:`ScarabFight` when ``attacker`` attacks ``scarabs`` Scarabs, each rolling
    one Balanced die (Attacking Scarabs). A Scarab that bursts skitters away and avoids Hits
    when ``skitter`` (its room is connected outward); one unblocked Hit defeats a Scarab."""
    if not isinstance(scarabs, int) or scarabs < 1:
        raise ValueError(f"scarabs is {scarabs!r}; expected a whole number at least 1")
    a = roll(attacker, rules)
    s = roll(Pool(balanced=scarabs), rules)

    def fight(x, y) -> ScarabFight:
        escaped = y[2] if skitter else 0
        defeated = min(max(0, x[0] - y[1]), scarabs - escaped)
        return ScarabFight(defeated, escaped, max(0, y[0] - x[1]), x[2])
    return a.combine(s, fight)


def ogre_pool(day: int, extra_dice: tuple[int, int, int] = (0, 0, 0), hits: int = 0,
              blocks: int = 0, rules: Rules | None = None) -> Pool:
    """The Chaos Ogre's pool on ``day`` (Chaos Ogre Health and Battling): his Strength
    Tracker dice (ogre_dice.csv; only Angry is in the text, the Day 8 example) plus
    ``extra_dice`` ``(balanced, attack, defense)`` from the Blight Threat, minus one for each
    cleared health area (pass it negative), and his Power Cards' ``hits``/``blocks``."""
    rules = rules or load_rules()
    row = rules.rows("ogre_dice.csv")[rules.strength("Chaos Ogre", day)]
    b, a, d = (row[k] + extra for k, extra in zip(("balanced", "attack", "defense"),
                                                   extra_dice, strict=True))
    pool = Pool(b, a, d, hits, blocks, MONSTER_BURST["Chaos Ogre"])
    _check(pool)
    return pool
