"""Room Cards as the game deals them: a kind is a type, a size and whether it shows a Swan
(Player Turns: "If your card has a Swan icon on it"). The copies of each ``(type, size)`` of
``rooms.csv`` hold its ``swans`` Swan cards and the rest plain ones.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import NamedTuple

from ..dist import Dist
from .rules import Rules, load_rules


class Card(NamedTuple):
    """A kind of Room Card."""

    kind: str
    size: int
    swan: bool = False

    def __str__(self) -> str:
        return f"{self.kind} {self.size}" + (" (Swan)" if self.swan else "")

    @classmethod
    def parse(cls, text: str) -> Card:
        """The card ``str(card)`` names."""
        swan = text.endswith(" (Swan)")
        kind, _, size = text.removesuffix(" (Swan)").rpartition(" ")
        if not kind or not size.isdigit():
            raise ValueError(f"{text!r} is not a Room Card like 'Food 3' or 'Food 3 (Swan)'")
        return cls(kind, int(size), swan)


def room_cards(rules: Rules | None = None) -> Counter:
    """Copies of each :class:`Card` among the 96 Room Cards."""
    rules = rules or load_rules()
    out: Counter = Counter()
    for row in rules.rows("rooms.csv").values():
        if row["copies"]:
            if row["swans"]:
                out[Card(row["type"], row["size"], True)] = row["swans"]
            if row["copies"] > row["swans"]:
                out[Card(row["type"], row["size"], False)] = row["copies"] - row["swans"]
    return out


def next_room(seen: Iterable[Card] = (), rules: Rules | None = None) -> Dist:
    """The next Room Card revealed when the cards ``seen`` have left the shuffled 96 (the
    Room deck is a uniformly random part of them, so every unseen card is as likely)."""
    left = room_cards(rules)
    left.subtract(Counter(seen))
    bad = [c for c, n in left.items() if n < 0]
    if bad:
        raise ValueError(f"seen holds more copies of {bad[0]} than the deck")
    if not +left:
        raise ValueError("every Room Card has been seen")
    return Dist.from_counts(+left)
