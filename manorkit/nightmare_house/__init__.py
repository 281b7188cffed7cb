"""Nightmare House: the rules as data (``data/nightmare_house/``), exact odds of every roll
and draw, and the game itself.

``load_rules()`` gives the immutable :class:`Rules`; :mod:`.contests` holds the calculators
of the House map's contests, :mod:`.astral` those of the Astral Map, :mod:`.cups` the blind
draws; ``new_game()`` starts a game (:mod:`.game`) the stepper steps and ``simulate_games``
plays.
"""

from ..ruleset import RulesDataError
from .astral import entity_after, exorcism, possession_defence
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
from .cups import character_draw, haunt_draw, power_cup, power_draw, power_total
from .game import HOUSE, State, new_game
from .rules import Rules, load_rules

__all__ = [
    "HOUSE", "Rules", "RulesDataError", "State", "astral_entry", "character_draw",
    "entity_after", "exorcism", "new_game",
    "haunt_draw", "haunting", "haunting_group", "healing", "house_draw", "house_wins",
    "hunter_draw", "lights_off", "lights_on", "load_rules", "lost_landing", "panic",
    "possessed_total", "possession_attack", "possession_defence", "power_cup", "power_draw",
    "power_total", "search", "warding",
]
