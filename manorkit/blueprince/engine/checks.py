"""Invariants every state of a day keeps, for property tests and stress runs.

:func:`check` raises ``AssertionError`` naming the first broken invariant: tiles and cards
conserved, no resource below zero, items with charges, the step ledger balanced, chance
outcomes summing to one, no two legal actions equal, the JSON save replaying to the same
state, undo giving the parent.
"""

from __future__ import annotations

from fractions import Fraction

from ..mechanics.drafting import FaceDown
from .setup import DAY_DECKS
from .state import State


def check(state: State, root: State, replay: bool = False) -> None:
    """Check every invariant of ``state``, a descendant of the morning ``root``."""
    rules = state.rules
    outside = {tuple(c) for c in state.flags.get("outside", ())}
    placed = sum(1 for c in state.board if c not in root.board and c not in outside)
    d = state.drafting  # (a face-down tile, undecided, is still counted in the bag)
    drawn = sum(1 for t in (*d.hand[d.sleeve:], *d.set_aside) if not isinstance(t, FaceDown)) \
        if d else 0
    joined = len(state.flags.get("joined", ()))
    assert sum(state.bag.values()) + placed + drawn == sum(root.bag.values()) + joined, \
        "tiles not conserved (bag + placed + drawn = morning bag + tiles that joined)"
    for deck in DAY_DECKS:
        remaining, discard = state.decks[deck]
        in_hand = sum(n for (k, _), n in state.held_cards.items() if k == deck)
        assert sum(remaining.values()) + sum(discard.values()) + in_hand == \
            sum(rules.deck_counts(deck).values()), f"{deck} cards not conserved"
    assert all(v >= 0 for v in state.resources.values()), "a resource below zero"
    assert all(v > 0 for v in state.items.values()), "an item held with no charge left"
    assert root.resources["steps"] + state.steps_gained - state.steps_spent == \
        state.resources["steps"], "the step ledger does not balance"
    legal = state.legal_actions()
    assert len(set(legal)) == len(legal), "two legal actions are equal (legal actions are a set)"
    if state.is_chance:
        outcomes = state.chance_outcomes()
        assert outcomes and sum(p for _, p in outcomes) == 1, "chance outcomes must sum to 1"
        assert all(isinstance(p, Fraction) and p > 0 for _, p in outcomes)
    if state.parent is not None:
        assert state.undo() is state.parent, "undo must give the previous state"
    if replay:
        again = State.from_json(state.to_json(), rules)
        assert again.digest() == state.digest(), "the save does not replay to this state"

