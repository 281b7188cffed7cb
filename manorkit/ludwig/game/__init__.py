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
           "Sketch", "Skip", "State", "Swan", "Take", "TakeReserve", "new_game"]
