"""Which entries of a room pay its rewards (§7, §16; ``room_resources.csv`` ``when``)."""

from __future__ import annotations

from ..rules import Rules

#: ``when`` values that pay on entering (the others pay at draft or by the room's own rule).
ON_ENTRY = ("entry", "first_entry", "every_entry")


def pays(rules: Rules, when: str, first: bool) -> bool:
    """Whether a reward marked ``when`` pays on this entry (``first``: the first this run).
    ``every_entry`` always pays (the Chapel's and Gymnasium's losses, §16); ``first_entry``
    only the first time; ``entry`` the first time, or every time under variant
    ``repeat_entry_rewards=every_entry``."""
    if when == "every_entry":
        return True
    if when == "entry":
        return first or rules.variant("repeat_entry_rewards") == "every_entry"
    return when == "first_entry" and first


def paid_entries(rules: Rules, when: str, visits: int) -> int:
    """How many of ``visits`` entries in a run pay a reward marked ``when``."""
    return sum(pays(rules, when, i == 0) for i in range(visits))
