"""Which lock die a door rolls (§4 Step 1, §6 The Lock Dice, §6 Special Lock Rules)."""

from __future__ import annotations

from collections.abc import Collection

from ..placement import Cell
from ..rules import Rules


def lock_die(rules: Rules, lock: str, rank: int) -> str | None:
    """The lock die a door rolls, by its room's ``lock`` column and the rank whose die applies
    (§4 Step 1, §6): None when it is never locked. ``red`` rooms roll the red die at every
    rank, except at ranks without a die under ``special_locks_low_ranks=never_locked``."""
    if lock in ("never", "vestibule"):  # the Vestibule's doors are settled when drafted (§17)
        return None
    die_name = rules.rank_die(rank)
    if lock == "red":
        low = die_name is None and rules.variant("special_locks_low_ranks") == "never_locked"
        return None if low else "lock_red"
    return die_name


def door_die(rules: Rules, room: str, origin: Cell, target: Cell,
             on_board: Collection[str] = (), security: str = "normal") -> str | None:
    """The lock die for drafting from ``room`` at ``origin`` into ``target``; None when the
    door is never locked.

    ``lock_rank_basis`` picks whose rank decides (the current room's, or the cell drafted
    into). With the Foyer on the board every Hallway's doors are unlocked (§16 Foyer: "Any
    Hallway room drafted after the Foyer is placed also has all its doors unlocked");
    ``tunnel_colour=also_green`` does not change that the Tunnel is a Hallway (§9).
    ``security``: the level set in Security under ``security_levels=levels`` (§4 Action D;
    :func:`security_die`).
    """
    rank = origin[0] if rules.variant("lock_rank_basis") == "current_room" else target[0]
    key = (room, rank, "Foyer" in on_board, security)
    known = rules._memo["door_die"]  # kept per rules value
    out = known.get(key, _UNKNOWN)
    if out is _UNKNOWN:
        out = known[key] = _door_die(rules, *key)
    return out


_UNKNOWN = object()


def _door_die(rules: Rules, room: str, rank: int, foyer: bool, security: str) -> str | None:
    """:func:`door_die` of a room first met at this rank: the die of its ``lock`` column,
    kept per rules value for every room alike."""
    row = rules.room(room)
    if foyer and "orange" in row["colours"]:
        return None
    key = (row["lock"], rank, security)
    known = rules._memo["lock_column_die"]
    out = known.get(key, _UNKNOWN)
    if out is _UNKNOWN:
        out = known[key] = security_die(rules, lock_die(rules, row["lock"], rank), security)
    return out


def security_die(rules: Rules, die: str | None, level: str = "normal") -> str | None:
    """The die rolled instead of ``die`` at security ``level`` (§4 Action D, variant
    ``security_levels=levels``; placeholder table ``security_levels.csv``): a door that
    never rolls stays unlocked, and a die the table does not list is unchanged."""
    if die is None or rules.variant("security_levels") != "levels":
        return die
    row = rules.rows("tables/security_levels.csv").get(f"{level}:{die}")
    return die if row is None else (row["becomes"] or None)
