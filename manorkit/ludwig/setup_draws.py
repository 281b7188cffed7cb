"""The setup draws: King's Favors revealed, Bonus Cards held, Royal Decrees dealt (Setup;
Solo Mode; Utility Rooms).

Each is a draw without replacement from a shuffled deck, so the answer is hypergeometric in
how many cards match. Solo, Favors and Decrees with the no-solo icon are discarded and
replaced, which is a draw from the solo cards alone (the icons are placeholders).
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from ..dist import Dist
from .market import _draw
from .rules import Rules, load_rules


def _wanted(rules: Rules, file: str, wanted: str | Iterable[str], solo: bool) -> tuple[int, int]:
    rows = rules.rows(file)
    names = {wanted} if isinstance(wanted, str) else set(wanted)
    unknown = names - set(rows)
    if unknown:
        raise ValueError(f"{', '.join(sorted(unknown))} not in {file}")
    pool = [k for k, r in rows.items() if not solo or r.get("solo", "yes") == "yes"]
    return sum(1 for k in pool if k in names), len(pool)


def favors_revealed(wanted: str | Iterable[str], solo: bool = False,
                    rules: Rules | None = None) -> Dist:
    """How many of the ``wanted`` Favors are among those revealed at setup (4 of 35)."""
    rules = rules or load_rules()
    good, total = _wanted(rules, "kings_favors.csv", wanted, solo)
    return _draw(total, good, rules.setting("favors_revealed"))


def bonus_cards_held(wanted: str | Iterable[str], drawn: int | None = None,
                     rules: Rules | None = None) -> Dist:
    """How many ``wanted`` Bonus Cards are among ``drawn`` a player has seen (2 at setup,
    2 more per Utility Room reward)."""
    rules = rules or load_rules()
    drawn = rules.setting("bonus_cards_dealt") if drawn is None else drawn
    good, total = _wanted(rules, "bonus_cards.csv", wanted, False)
    if not isinstance(drawn, int) or not 0 <= drawn <= total:
        raise ValueError(f"drawn is {drawn!r}; expected 0 to {total} cards")
    return _draw(total, good, drawn)


def decree_dealt(players: int, double: bool = False, rules: Rules | None = None) -> Fraction:
    """The chance a given Royal Decree is among those dealt: players + 2 (double decrees:
    2 × players + 2; solo: 3 from the solo Decrees)."""
    rules = rules or load_rules()
    rules.deck(players)  # checks the player count
    _, total = _wanted(rules, "royal_decrees.csv", (), players == 1)
    dealt = 3 if players == 1 else (2 * players + 2 if double else players + 2)
    return Fraction(min(dealt, total), total)
