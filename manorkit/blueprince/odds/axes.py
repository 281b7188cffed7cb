"""The rule values a sweep (:func:`~manorkit.blueprince.odds.sweep`) can vary: each an
:class:`Axis`, a label and a way to make rules with one value set (edits in memory, or a
variant reading).

    axes.deck_copies("dig", "Key")        # copies of a card; the deck's size follows (§8)
    axes.die_faces("lock_red", "OPEN")    # faces of a lock die; the other face takes the rest
    axes.variant("dig_step_cost")         # the readings of a variant
    axes.room("Parlor", "gem_cost")       # a field of rooms.csv
    axes.table("commissary_prices", "Shovel", "price")   # a field of a tables/ file
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..rules import Rules

__all__ = ["Axis", "cell", "deck_copies", "die_faces", "room", "table", "variant"]


@dataclass(frozen=True)
class Axis:
    """One rule value to vary: ``label`` (a column of the sweep's frame, an axis title of
    its chart), ``set(rules, value) -> rules``, and ``values`` to use when a sweep gives
    none (a variant's readings)."""

    label: str
    set: Callable[[Rules, object], Rules] = field(compare=False)
    values: Sequence | None = field(default=None, compare=False)

    def __call__(self, rules: Rules, value: object) -> Rules:
        return self.set(rules, value)


def deck_copies(deck: str, card: str) -> Axis:
    """Copies of ``card`` in ``deck`` (:meth:`Rules.with_deck`; the declared size follows)."""
    return Axis(f"{card} copies ({deck})", lambda r, n: r.with_deck(deck, {card: n}))


def die_faces(die: str, face: str, keep_size: bool = True) -> Axis:
    """Faces of ``die`` showing ``face`` (:meth:`Rules.with_die`). ``keep_size``: a lock die
    keeps its number of faces, the other face taking the rest (OPEN=4 on a six-sided die
    makes LOCKED=2); a die of more than two faces needs ``keep_size=False``."""
    def set_faces(rules: Rules, n: int) -> Rules:
        if not keep_size:
            return rules.with_die(die, {face: n})
        faces = dict(rules.die_faces(die))
        wanted = next((f for f in faces if f.casefold() == str(face).casefold()), face)
        others = [f for f in faces if f != wanted]
        if len(others) != 1:
            raise ValueError(f"{die} has {len(faces)} faces; keep_size=True needs a die of "
                             "two faces (pass keep_size=False to set one face alone)")
        size = sum(faces.values())
        return rules.with_die(die, {wanted: n, others[0]: size - n})
    return Axis(f"{face} faces ({die})", set_faces)


def variant(vid: str, readings: Sequence[str] | None = None) -> Axis:
    """The readings of variant ``vid`` (default values: every reading, from the shipped
    variants file)."""
    if readings is None:
        from ..rules import load_rules

        readings = tuple(load_rules().readings(vid).index)
    return Axis(vid, lambda r, reading: r.with_variants(**{vid: reading}), tuple(readings))


def room(name: str, column: str) -> Axis:
    """Field ``column`` of room ``name`` in rooms.csv (:meth:`Rules.with_room`)."""
    return Axis(f"{name} {column}", lambda r, v: r.with_room(name, {column: v}))


def table(name: str, row: str, column: str) -> Axis:
    """Field ``column`` of row ``row`` of ``tables/<name>.csv`` (:meth:`Rules.with_table`)."""
    return Axis(f"{name} {row} {column}", lambda r, v: r.with_table(name, row, {column: v}))


def cell(file: str, row: str, column: str) -> Axis:
    """Any cell of any data file (:meth:`Rules.edit`)."""
    return Axis(f"{file} {row} {column}", lambda r, v: r.edit(file, row, {column: v}))
