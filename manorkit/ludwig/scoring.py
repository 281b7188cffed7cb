"""A castle's final score, described as data (Final Scoring; The Winner).

The caller counts what the score sheet asks for (completed Rooms per track, empty squares by
each complete Outdoor Room, Rooms behind each Moat, …: the game counts them on its castles,
:mod:`manorkit.ludwig.game.final`) and :func:`final_score` adds them up with the VPs of
``data/ludwig/`` (the completion VPs per track are placeholders: the text says they are
printed on the score sheet).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .rules import Rules, load_rules

#: The five Room tracks that score completion VPs (Final Scoring).
TRACKS = ("Food", "Sleeping", "Downstairs", "Living", "Activity")
#: Every track a completed Room fills a circle on; Outdoor completions are ``outdoor``.
COMPLETED = (*TRACKS, "Utility")


@dataclass(frozen=True)
class Castle:
    """What a score sheet records. ``completed``: circles filled per track (the five scoring
    tracks and Utility); ``outdoor``: ``(full, half)`` empty squares next to each complete
    Outdoor Room (one per completed Outdoor Room); ``moats``: Rooms fully behind each Moat;
    ``room_sizes``: the pile's sizes (the Foyer not included); ``bonus``/``decrees``/
    ``favors``: VPs already worked out per scored Bonus Card, Royal Decree and King's
    Favor."""

    completed: Mapping[str, int] = field(default_factory=dict)
    outdoor: Sequence[tuple[int, int]] = ()
    moats: Sequence[int] = ()
    courtyards: int = 0
    bonus: Sequence[int] = ()
    room_sizes: Sequence[int] = ()
    decrees: Sequence[int] = ()
    favors: Sequence[int] = ()
    used_rewards: int = 0

    @property
    def completed_rooms(self) -> int:
        """Filled-in circles on every Room track: completions of all types (The Winner)."""
        return sum(self.completed.values()) + len(self.outdoor)


def _whole(name: str, value) -> None:
    if not isinstance(value, int) or value < 0:
        raise ValueError(f"{name} is {value!r}; expected a whole number at least 0")


def score_sheet(castle: Castle, rules: Rules | None = None) -> dict[str, int]:
    """The score by line of the score sheet (Final Scoring, in its order)."""
    rules = rules or load_rules()
    for t, n in castle.completed.items():
        if t not in COMPLETED:
            raise ValueError(f"completed has {t!r}; expected one of {', '.join(COMPLETED)}")
        _whole(f"completed[{t!r}]", n)
    for name in ("courtyards", "used_rewards"):
        _whole(name, getattr(castle, name))
    for name in ("moats", "bonus", "room_sizes", "decrees", "favors"):
        for v in getattr(castle, name):
            _whole(f"a value of {name}", v)
    for full, half in castle.outdoor:
        _whole("outdoor full squares", full)
        _whole("outdoor half squares", half)
    s = rules.setting
    return {
        "completed rooms": sum(n * rules.completion_vp(t) for t, n in castle.completed.items()
                               if t in TRACKS),
        "outdoor rooms": sum(full * s("outdoor_full_vp") + half * s("outdoor_half_vp")
                             for full, half in castle.outdoor),
        "moats": sum(castle.moats) * s("moat_room_vp"),
        "courtyards": castle.courtyards * s("courtyard_vp"),
        "bonus cards": sum(castle.bonus),
        "castle size": sum(castle.room_sizes),
        "royal decrees": sum(castle.decrees),
        "king's favors": sum(castle.favors),
    }


def final_score(castle: Castle, rules: Rules | None = None) -> int:
    """The castle's total VPs."""
    return sum(score_sheet(castle, rules).values())


def tie_break(castle: Castle, rules: Rules | None = None) -> tuple[int, ...]:
    """The Winner's order as a sort key (smaller wins): most VPs, then largest castle, then
    most Favor VPs, then most completed Rooms, then fewest used rewards."""
    sheet = score_sheet(castle, rules)
    return (-sum(sheet.values()), -sheet["castle size"], -sheet["king's favors"],
            -castle.completed_rooms, castle.used_rewards)


def winner(castles: Mapping[str, Castle], rules: Rules | None = None) -> list[str]:
    """Players from winner down (The Winner, :func:`tie_break`); a tie left is listed in the
    given order (the eraser grab)."""
    rules = rules or load_rules()
    keys = {name: tie_break(c, rules) for name, c in castles.items()}
    return sorted(castles, key=keys.__getitem__)


def bonus_card_vp(card: str, count: int, rules: Rules | None = None) -> int:
    """VPs of one Bonus Card (Bonus Cards): ``count`` is what the card counts — items for a
    "per" card, 1 or 0 for a card with a condition ("if …"). A card's cap ("cannot score more
    than 30 VPs") is applied. The *X* of the per-type and per-size cards is a placeholder."""
    rules = rules or load_rules()
    rows = rules.rows("bonus_cards.csv")
    if card not in rows:
        raise ValueError(f"no Bonus Card {card!r}; expected B01 to B{len(rows):02d}")
    _whole("count", count)
    row = rows[card]
    per = " per " in row["text"].split(".")[0]
    if not per and count > 1:
        raise ValueError(f"{card} is a condition; count is {count}, expected 0 or 1")
    vp = row["vp"] * count
    cap = re.search(r"cannot score more than (\d+)", row["text"])
    return min(vp, int(cap.group(1))) if cap else vp
