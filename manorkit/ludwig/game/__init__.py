"""Blueprints of Mad King Ludwig as a game: :func:`new_game` and the immutable
:class:`State` (the rules of play in :mod:`.play`, Final Scoring in :mod:`.final`)."""

from .actions import (
    ChooseFoyer,
    Done,
    Door,
    Draw,
    DrawBonus,
    EndTurn,
    Expand,
    ExtraTurn,
    Fill,
    IllegalAction,
    Moat,
    Passage,
    PickDecree,
    Rearrange,
    Sketch,
    Skip,
    Swan,
    Take,
    TakeReserve,
)
from .state import State, new_game

__all__ = ["ChooseFoyer", "Done", "Door", "Draw", "DrawBonus", "EndTurn", "Expand",
           "ExtraTurn", "Fill", "IllegalAction", "Moat", "Passage", "PickDecree", "Rearrange",
           "Sketch", "Skip", "State", "Swan", "Take", "TakeReserve", "decision_swing",
           "new_game"]


def decision_swing(state):
    """The comparison's swing hook (:mod:`manorkit.sim.compare_games`): the next random event
    of a round is the Market's next Room Card (:func:`~manorkit.ludwig.cards.next_room`),
    whose odds depend only on the cards already seen, and no decision reveals a card: every
    decision leaves them as they are (0)."""
    from fractions import Fraction

    return Fraction(0) if state.player is not None else None
