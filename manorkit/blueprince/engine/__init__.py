"""The Blue Prince run engine: one immutable state, one reducer, explicit chance.

A run is (rules and variants, seed, actions): ``new_day`` sets it up, ``apply`` advances it,
``to_json``/``State.from_json`` save and replay it; :class:`FastDay` plays a day in place
through the same rules (for simulations). A campaign of many days is ``new_campaign``
(:mod:`.campaign`): ``morning()``, ``end_day(state)``. Importing the package registers every
room and item effect (:mod:`.rooms`, :mod:`.items`) and binds a state to the rules above it
(:data:`.state.ABOVE`).
"""

from . import display, drafting, items, reducer, rooms, state, turn  # noqa: F401  (registers)
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
from .setup import Campaign
from .state import Event, State, new_day

# The engine's one late binding (state.ABOVE): what a state's methods call in the layers
# above it. (Importing drafting, items, rooms and turn above registered their handlers and
# effects in that order, the order in which legal actions are offered.)
state.bind(step=reducer.step, legal_actions=reducer.legal_actions, routes=turn.routes,
           faster_routes=turn.faster_routes, state_html=display.state_html,
           board_svg=display.board_svg, describe=display.describe,
           describe_chance=display.describe_chance, words=display.words,
           unavailable=display.unavailable)

__all__ = ["Action", "Buy", "Campaign", "CampaignError", "CampaignState", "Chance", "Dig",
           "Draft", "Eat", "EndDay", "Event", "FastDay", "GiveUp", "Hide", "IllegalAction",
           "Move", "OpenTrunk", "Redraw", "State", "Take", "Unlock", "Use", "carries",
           "modelled", "new_campaign", "new_day"]
