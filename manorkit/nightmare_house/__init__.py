"""Nightmare House: the rules as data (``data/nightmare_house/``) and exact odds of every roll.

``load_rules()`` gives the immutable :class:`Rules`; :mod:`.contests` holds the calculators.
"""

from ..ruleset import RulesDataError
from .contests import (
    astral_entry,
    haunting,
    haunting_group,
    healing,
    house_draw,
    house_wins,
    hunter_draw,
    lights_off,
    lights_on,
    lost_landing,
    panic,
    possessed_total,
    possession_attack,
    search,
    warding,
)
from .rules import Rules, load_rules

__all__ = [
    "Rules", "RulesDataError", "astral_entry", "haunting", "haunting_group", "healing",
    "house_draw", "house_wins", "hunter_draw", "lights_off", "lights_on", "load_rules",
    "lost_landing", "panic", "possessed_total", "possession_attack", "search", "warding",
]
