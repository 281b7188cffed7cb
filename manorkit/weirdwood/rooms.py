"""The d12 rooms (Room Reference: Glittering Cellar, Gambler's Den), the Monster Card decks
and the Mîn Wraith's healing (Mîn Wraith Health and Battling).

The d12 results of both rooms and the split of each 20-card Monster deck into Move, Attack,
Scarab and Power cards are not printed in the text: placeholders. After a battle the Wraith
rolls his die once per burst he rolled (a heal face heals 1) and heals 1 more if he took no
damage; each heal drains 1 of Lady Weirdwood's life force (Lady Weirdwood's Life Force).
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

from ..dist import Dist
from .battle import MONSTER_BURST, Pool, battle
from .rules import Rules, load_rules


def d12_room(room: str, rules: Rules | None = None) -> Dist:
    """The reward of one d12 roll in ``room`` as a Dist over the reward text."""
    rules = rules or load_rules()
    return Dist.from_counts(_count(row["reward"] for _, row in rules.d12_table(room)))


def _count(items) -> dict:
    out: dict = {}
    for item in items:
        out[item] = out.get(item, 0) + 1
    return out


def wraith_drain(attacker: Pool, wraith: Pool, rules: Rules | None = None) -> Dist:
    """Life force Lady Weirdwood loses to the Wraith's heals after one battle in which
    ``attacker`` attacks him (``wraith.burst_as`` must be 'block', his burst rule)."""
    rules = rules or load_rules()
    if wraith.burst_as != MONSTER_BURST["Mîn Wraith"]:
        raise ValueError(f"wraith.burst_as is {wraith.burst_as!r}; expected 'block' (a burst "
                         "adds a Block for the Mîn Wraith)")
    faces = rules.wraith_die()
    heal = Dist.bernoulli(Fraction(faces.get("heal", 0), sum(faces.values())))
    fights = battle(attacker, wraith, rules).map(lambda o: (o.dealt == 0, o.defender_bursts))
    return Dist.mixture((p, heal.repeat_sum(bursts).map(lambda h, u=unhurt: h + u)
                         if bursts else Dist.constant(int(unhurt)))
                        for (unhurt, bursts), p in fights)


def monster_cards(monster: str, kind: str, turns: int, rules: Rules | None = None) -> Dist:
    """How many ``kind`` cards the Chaos Ogre or the Mîn Wraith resolves in ``turns`` turns
    from a fresh shuffle, one at the end of every turn (Resolving Chaos Ogre / Mîn Wraith
    Cards). When the deck runs out the discards are shuffled into a new one; this counts
    every card back in it (none still slotted as a Power card at the reshuffle). Therus
    resolves the cards of his Plans queue instead, not one a turn: ``ValueError``."""
    rules = rules or load_rules()
    if monster == "Therus":
        raise ValueError("Therus resolves no card a turn: cards join his Plans queue as his "
                         "spell arms fill and his health drops (Resolving Therus Cards)")
    deck = rules.monster_deck(monster)
    if kind not in deck:
        raise ValueError(f"kind is {kind!r}; expected one of {', '.join(deck)}")
    if not isinstance(turns, int) or turns < 0:
        raise ValueError(f"turns is {turns!r}; expected a whole number at least 0")
    total, good = sum(deck.values()), deck[kind]
    decks, rest = divmod(turns, total)
    return Dist({decks * good + j: Fraction(comb(good, j) * comb(total - good, rest - j),
                                            comb(total, rest))
                 for j in range(min(good, rest) + 1) if rest - j <= total - good})


def monster_draw(deck) -> Dist:
    """The kind of the next Monster Card drawn from a deck holding ``deck`` (kind → cards)."""
    left = {k: n for k, n in deck.items() if n}
    if not left:
        raise ValueError("the Monster deck is empty")
    return Dist.from_counts(left)
