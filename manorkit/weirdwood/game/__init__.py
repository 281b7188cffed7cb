"""Weirdwood Manor as a game: :func:`new_game` and the immutable :class:`State` (the rules
of play in :mod:`.steps`, with battles in :mod:`.fight`, the Manor's moves in
:mod:`.monster`, room actions in :mod:`.rooms` and XP in :mod:`.xp`)."""

from ...gamestate import IllegalAction
from .actions import (
    Advance,
    Attack,
    Choose,
    ClearBlight,
    CounterSpell,
    Draw,
    EndTurn,
    Move,
    MoveLady,
    Play,
    Portal,
    Power,
    ShareHealth,
    UseRoom,
)
from .state import State, new_game
from .swing import decision_swing

__all__ = ["Advance", "Attack", "Choose", "ClearBlight", "CounterSpell", "Draw", "EndTurn",
           "IllegalAction", "Move", "MoveLady", "Play", "Portal", "Power", "ShareHealth",
           "State", "UseRoom", "decision_swing", "new_game"]
