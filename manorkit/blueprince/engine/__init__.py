"""The Blue Prince run engine: one immutable state, one reducer, explicit chance.

A run is (rules and variants, seed, actions): ``new_day`` sets it up, ``apply`` advances it,
``to_json``/``State.from_json`` save and replay it; :class:`FastDay` plays a day in place
through the same rules (for simulations). A campaign of many days is ``new_campaign``
(:mod:`.campaign`): ``morning()``, ``end_day(state)``. Importing the package registers every
room and item effect (:mod:`.rooms`, :mod:`.items`).
"""

from . import drafting, items, rooms, turn  # noqa: F401  (register handlers and effects)
from .actions import (
    Action,
    Buy,
    Chance,
    Dig,
    Draft,
    Eat,
    EndDay,
    GiveUp,
    Hide,
    IllegalAction,
    Move,
    OpenTrunk,
    Redraw,
    Take,
    Unlock,
    Use,
)
from .campaign import CampaignError, CampaignState, carries, new_campaign
from .fast import FastDay
from .hooks import modelled
from .setup import Campaign, new_day
from .state import Event, State

__all__ = ["Action", "Buy", "Campaign", "CampaignError", "CampaignState", "Chance", "Dig",
           "Draft", "Eat", "EndDay", "Event", "FastDay", "GiveUp", "Hide", "IllegalAction",
           "Move", "OpenTrunk", "Redraw", "State", "Take", "Unlock", "Use", "carries",
           "modelled", "new_campaign", "new_day"]
