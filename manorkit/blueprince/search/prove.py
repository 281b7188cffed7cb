"""Proofs that a determinized day cannot be won, without searching it.

:func:`hopeless` returns the reason when an argument here shows that no line from a moment
wins, else an empty string. Each argument reads only what the rules and the state hold, so
it holds under any variant and rule edit it does not decline:

- **No lever can ever be pulled** (§13: the Antechamber's doors open only by a lever). The
  south lever needs the Broken Lever carried into the Greenhouse (§7), the west lever the
  Secret Garden (§16), which only the Secret Garden Key spawns (§6) unless its tile is in
  the Active Bag; the east lever a room of ``tables/east_lever.csv`` under variant
  ``east_lever``. The engine grants an item only from the rules' data — a card's item (the
  decks), a roll's key (``room_rolls.csv``, ``special_keys.csv``), a shop's stock, an item
  stored at the Coat Check — never by name in code. So when no lever is pulled, no lever
  item is held, the Secret Garden is neither on the board nor in the bag, no east lever
  exists, no card left in a day deck carries a lever item, and no other table names one
  outside its prose, the day is lost.
"""

from __future__ import annotations

from functools import lru_cache

#: The items that pull a lever (§7 Broken Lever at the Greenhouse; §6 Secret Garden Key, §16).
LEVER_ITEMS = ("Broken Lever", "Secret Garden Key")
#: Columns that describe rather than grant: a lever item named there gives nothing.
PROSE = frozenset({"effect", "note", "notes", "source", "reward", "text", "title",
                   "description", "video_game", "placeholder"})
#: Tables that define items rather than grant them.
DEFINITIONS = frozenset({"tables/items.csv"})


def hopeless(state, counts: dict, det) -> str:
    """Why no line from ``state`` (with ``counts`` events of each chance stream used, under
    ``det``) can win, or ``""`` when no argument here shows it."""
    if state.over is not None and state.over != "won":
        return f"the day is over ({state.over})"
    return no_lever(state)


def no_lever(state) -> str:
    """The reason no lever can be pulled from ``state`` (see the module), or ``""``."""
    from ..sim.planner.levers import east_lever_room

    rules = state.rules
    if state.flags.get("levers") or any(i in state.items for i in LEVER_ITEMS):
        return ""
    if "Secret Garden" in state.on_board() or state.bag.get("Secret Garden"):
        return ""
    if east_lever_room(rules) is not None:
        return ""
    if state.campaign.coat_check in LEVER_ITEMS:
        return ""
    for deck, (remaining, discard) in state.decks.items():
        rows = rules.rows(f"decks/{deck}.csv")
        for card in set(remaining) | set(discard):
            if remaining.get(card, 0) + discard.get(card, 0) and \
                    (rows.get(card) or {}).get("item") in LEVER_ITEMS:
                return ""
    if _granted_by_tables(rules, frozenset(state.decks)):
        return ""
    return ("no lever can be pulled: no lever is pulled, no Broken Lever or Secret Garden Key is "
            "held, none can be gained (no card left in the decks, roll, shop or stored item "
            "holds one), the Secret Garden is neither placed nor in the Active Bag, and these "
            "rules have no east lever (§13)")


@lru_cache(maxsize=64)
def _granted_by_tables(rules, day_decks: frozenset) -> bool:
    """Whether a table other than the day's decks (checked card by card) and the item
    definitions names a lever item outside its prose columns."""
    for name, table in rules._tables.items():
        if name in DEFINITIONS or (name.startswith("decks/") and
                                   name.removeprefix("decks/").removesuffix(".csv") in
                                   day_decks):
            continue
        for row in table.rows.values():
            for column, value in row.items():
                if column not in PROSE and _names_lever(value):
                    return True
    return False


def _names_lever(value) -> bool:
    if isinstance(value, str):
        return any(item in value for item in LEVER_ITEMS)
    if isinstance(value, list | tuple):
        return any(_names_lever(v) for v in value)
    return False


__all__ = ["LEVER_ITEMS", "hopeless", "no_lever"]
