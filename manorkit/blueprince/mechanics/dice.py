"""Dice read by rooms: numbered results on OPEN/LOCKED dice, and the trunk die (§6-§8)."""

from __future__ import annotations

from ..rules import Rules


def faces(spec: str) -> frozenset[str]:
    """The faces a success spec names: ``"5-6"`` → {"5", "6"}, ``"6"``, ``"OPEN"``."""
    spec = spec.strip()
    lo, sep, hi = spec.partition("-")
    if sep and lo.isdigit() and hi.isdigit():
        return frozenset(str(n) for n in range(int(lo), int(hi) + 1))
    return frozenset(s.strip() for s in spec.split(";"))


def numbered_die(rules: Rules, die: str, success: str) -> tuple[str, frozenset[str]]:
    """The die actually rolled for a result printed as ``success`` on ``die``, and its winning
    faces. Variant ``numbered_lock_die``: ``d6`` reads numbers ("5-6" on the blue die) on a
    standard d6; ``faces`` reads a numbered success on a lock die as its OPEN face (§6 vs §7,
    §16). OPEN/LOCKED successes are read on the die named."""
    wanted = faces(success)
    if wanted <= {"OPEN", "LOCKED"}:
        return die, wanted
    if die == "d6" or rules.variant("numbered_lock_die") == "d6":
        return "d6", wanted
    return die, frozenset({"OPEN"})


def trunk_die(rules: Rules, room: str, rank: int) -> str | None:
    """The die a drafted ``room`` at ``rank`` rolls for a trunk, OPEN meaning a trunk (§8): the
    blue die; the Boudoir's "Lock Die" under ``boudoir_trunk_die=rank_die`` is the die of its
    rank, and at Ranks 1-3, never locked, no die is rolled (None) and the result counts as
    OPEN: a trunk is placed for each roll."""
    if room == "Boudoir" and rules.variant("boudoir_trunk_die") == "rank_die":
        return rules.rank_die(rank)
    return "lock_blue"
