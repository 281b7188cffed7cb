"""The Market: the chance it shows a Room of a type or size (Setup, Refill New Rooms).

The Room deck is the top ``room_deck`` cards of the shuffled 96 and every round reveals
``market`` cards (players + 2; 3 solo) until it runs out (10 rounds at every count). The cards
revealed in the first ``r`` rounds are a uniformly random ``r·market`` of the 96 (dealt one
round at a time below), so the answer depends only on how many cards match. The composition
is ``rules.composition()`` (a placeholder) unless one is given as ``{(type, size): copies}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import lru_cache

from ..dist import Dist
from .rules import Rules, load_rules


def _matching(rules: Rules, room_type: str | None, size: int | None,
              composition: Mapping[tuple[str, int], int] | None) -> tuple[int, int]:
    comp = rules.composition() if composition is None else composition
    for (t, s), n in comp.items():
        if not isinstance(n, int) or n < 0:
            raise ValueError(f"copies of {(t, s)} is {n!r}; expected a whole number at least 0")
    types = {t for t, _ in comp}
    if room_type is not None and room_type not in types:
        raise ValueError(f"room type {room_type!r} is not in the deck; expected one of "
                         f"{', '.join(sorted(types))}")
    if size is not None and size not in {s for _, s in comp}:
        raise ValueError(f"size {size!r} is not in the deck")

    def ok(t: str, s: int) -> bool:
        return (room_type is None or t == room_type) and (size is None or s == size)
    return sum(n for (t, s), n in comp.items() if ok(t, s)), sum(comp.values())


@lru_cache(maxsize=512)
def _draw(total: int, good: int, m: int) -> Dist:
    """Matching cards among ``m`` dealt one at a time from ``total`` holding ``good``."""
    states = Dist.constant((0, good, total))
    for _ in range(m):
        states = Dist.mixture(
            (p, Dist({(j + 1, g - 1, n - 1): Fraction(g, n), (j, g, n - 1): Fraction(n - g, n)})
             if g else Dist.constant((j, g, n - 1)))
            for (j, g, n), p in states)
    return states.map(lambda s: s[0])


def _setup(players, room_type, size, rules, composition):
    rules = rules or load_rules()
    deck, market = rules.deck(players)
    good, total = _matching(rules, room_type, size, composition)
    if deck > total:
        raise ValueError(f"the composition has {total} cards; the {players}-player deck "
                         f"needs {deck}")
    return deck, market, good, total


def market_count(players: int, room_type: str | None = None, size: int | None = None,
                 rules: Rules | None = None, composition=None) -> Dist:
    """Matching Rooms in one round's Market (the same in every round)."""
    _, market, good, total = _setup(players, room_type, size, rules, composition)
    return _draw(total, good, market)


def shown_by_round(players: int, room_type: str | None = None, size: int | None = None,
                   rules: Rules | None = None, composition=None) -> tuple[Fraction, ...]:
    """P(a matching Room has shown in the Market by the end of round r), r = 1, 2, …"""
    deck, market, good, total = _setup(players, room_type, size, rules, composition)
    rounds = -(-deck // market)
    return tuple(_draw(total, good, min(r * market, deck)).at_least(1)
                 for r in range(1, rounds + 1))


def rounds_shown(players: int, room_type: str | None = None, size: int | None = None,
                 rules: Rules | None = None, composition=None) -> Dist:
    """How many of the game's rounds show at least one matching Room."""
    deck, market, good, total = _setup(players, room_type, size, rules, composition)
    states = Dist.constant((0, good, total))  # (rounds shown, matching left, cards left)
    for start in range(0, deck, market):
        m = min(market, deck - start)
        states = Dist.mixture(
            (p, _draw(n, g, m).map(lambda j, k=k, g=g, n=n, m=m: (k + (j > 0), g - j, n - m)))
            for (k, g, n), p in states)
    return states.map(lambda s: s[0])
