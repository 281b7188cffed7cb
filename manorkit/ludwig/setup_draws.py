"""The setup draws: King's Favors revealed, Bonus Cards held, Royal Decrees dealt (Setup;
Solo Mode; Utility Rooms).

Each is a draw without replacement from a shuffled deck, so the answer is hypergeometric in
how many cards match. Solo, Favors and Decrees with the no-solo icon are discarded and
replaced, which is a draw from the solo cards alone (the icons are placeholders); Royal
Decrees left out of play (``in_play``) are never dealt. :func:`next_card` is the one reading
of a single draw the game engine pends.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from ..dist import Dist
from .market import _draw
from .rules import Rules, load_rules

FAVORS, BONUS, DECREES = "kings_favors.csv", "bonus_cards.csv", "royal_decrees.csv"


def _wanted(rules: Rules, file: str, wanted: str | Iterable[str], solo: bool) -> tuple[int, int]:
    rows = rules.rows(file)
    names = {wanted} if isinstance(wanted, str) else set(wanted)
    unknown = names - set(rows)
    if unknown:
        raise ValueError(f"{', '.join(sorted(unknown))} not in {file}")
    pool = rules.pool(file, solo)
    return sum(1 for k in pool if k in names), len(pool)


def next_card(file: str, gone: Iterable[str] = (), solo: bool = False,
              rules: Rules | None = None) -> Dist:
    """The next card drawn from the shuffled ``file`` deck (Favors, Bonus Cards or Royal
    Decrees) when the cards ``gone`` are out of it: uniform over the rest of the pool."""
    rules = rules or load_rules()
    gone = set(gone)
    left = [k for k in rules.pool(file, solo) if k not in gone]
    if not left:
        raise ValueError(f"no card of {file} is left to draw")
    return Dist.uniform(left)


def favors_revealed(wanted: str | Iterable[str], solo: bool = False,
                    rules: Rules | None = None) -> Dist:
    """How many of the ``wanted`` Favors are among those revealed at setup (4 of 35)."""
    rules = rules or load_rules()
    good, total = _wanted(rules, FAVORS, wanted, solo)
    return _draw(total, good, rules.setting("favors_revealed"))


def bonus_cards_held(wanted: str | Iterable[str], drawn: int | None = None,
                     rules: Rules | None = None) -> Dist:
    """How many ``wanted`` Bonus Cards are among ``drawn`` a player has seen (2 at setup,
    2 more per Utility Room reward)."""
    rules = rules or load_rules()
    drawn = rules.setting("bonus_cards_dealt") if drawn is None else drawn
    good, total = _wanted(rules, BONUS, wanted, False)
    if not isinstance(drawn, int) or not 0 <= drawn <= total:
        raise ValueError(f"drawn is {drawn!r}; expected 0 to {total} cards")
    return _draw(total, good, drawn)


def decrees_dealt(players: int, double: bool = False, rules: Rules | None = None) -> int:
    """How many Royal Decrees are dealt for the draft: players + 2 (double decrees:
    2 × players + 2; solo: 3)."""
    rules = rules or load_rules()
    rules.deck(players)  # checks the player count
    if players == 1:
        return rules.setting("solo_decrees")
    return (2 if double else 1) * players + rules.setting("decrees_extra")


def decree_dealt(players: int, double: bool = False, rules: Rules | None = None) -> Fraction:
    """The chance a given Royal Decree (in play) is among those dealt."""
    rules = rules or load_rules()
    _, total = _wanted(rules, DECREES, (), players == 1)
    return Fraction(min(decrees_dealt(players, double, rules), total), total)
