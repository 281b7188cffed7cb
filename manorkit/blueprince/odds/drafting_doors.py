"""The chance of each kind of room a designer asks about, at every door a state offers to
draft through (§4 Action A): what a :class:`~manorkit.widgets.RunStepper` shows before the
player drafts (its ``chances``). Exact, from :func:`~.drafting_situation.draft_situation` and
:func:`~.drafting_redraws.draft_with`: in the first hand, and by the end of the draft with the
redraws held used as well as they can be.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from ..board import WORDS
from .drafting_board import OPPOSITE
from .drafting_redraws import draft_with
from .drafting_situation import DraftSituation, draft_situation

#: The columns of :func:`door_chances`' rows.
COLUMNS = ("door", "kind", "first hand", "by the end of the draft")


@dataclass(frozen=True)
class Wanted:
    """A kind of room: ``target`` a room, a selector (``colour:green``, ``category:…``,
    ``tag:…``, ``shape:…``) or a list of these, None for any tile; ``exit``, it must open a
    door that way (door letters such as ``"N"``); ``affordable``, the player can pay for it
    now (gems, or steps under the Hovel; Slot 1 free)."""

    target: str | tuple[str, ...] | None = None
    exit: str | None = None
    affordable: bool = False

    def chance(self, situation: DraftSituation) -> Fraction | None:
        """:func:`draft_with` of this kind in ``situation``; None where it has no answer (an
        exit back through the door drafted from, or too large a question to solve exactly)."""
        if self.exit is not None and OPPOSITE[situation.door] in self.exit:
            return None
        target = tuple(situation.rules.rows("rooms.csv")) if self.target is None \
            else self.target
        try:
            return draft_with(target, situation, affordable=self.affordable, exit=self.exit)
        except ValueError:
            return None


def door_chances(wanted: Mapping[str, Wanted | str | Iterable[str]]
                 ) -> Callable[[object], list[dict]]:
    """``chances(state)`` for a RunStepper: at each door the state offers to draft through
    (its legal drafts), for each kind of ``wanted`` (label → a :class:`Wanted`, or a target
    as :class:`Wanted` takes it), a row with the door, the label, and the exact chance of
    that kind in the first hand and by the end of the draft (:data:`COLUMNS`). No rows while
    no draft is offered."""
    asked = {label: w if isinstance(w, Wanted) else
             Wanted(w if isinstance(w, str) else tuple(w)) for label, w in wanted.items()}

    def chances(state) -> list[dict]:
        if state.is_over or state.is_chance:
            return []
        doors = sorted({a.direction for a in state.legal_actions() if a.kind == "draft"})
        rows = []
        for d in doors:
            situation = draft_situation(state, d)
            first = situation.first_hand()
            for label, kind in asked.items():
                rows.append(dict(zip(COLUMNS, (WORDS[d], label, kind.chance(first),
                                               kind.chance(situation)), strict=True)))
        return rows

    return chances
