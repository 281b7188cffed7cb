"""The Blue Prince run engine: one immutable state, one reducer, explicit chance.

A run is (rules and variants, seed, actions): ``new_day`` sets it up, ``apply`` advances it,
``to_json``/``State.from_json`` save and replay it.
"""

from .actions import (
    Action,
    Chance,
    Dig,
    Draft,
    Eat,
    EndDay,
    GiveUp,
    Move,
    OpenTrunk,
    Redraw,
    Take,
    Unlock,
)
from .rooms import modelled
from .state import Campaign, Event, IllegalAction, State, new_day

__all__ = ["Action", "Campaign", "Chance", "Dig", "Draft", "Eat", "EndDay", "Event", "GiveUp",
           "IllegalAction", "Move", "OpenTrunk", "Redraw", "State", "Take", "Unlock", "modelled",
           "new_day"]
