"""Mystery Mansion: the rules as data (``data/mystery_mansion/``) and exact odds of every roll
and draw. ``load_rules()`` gives the immutable :class:`Rules`; :mod:`.moves` holds the door
die and building, :mod:`.cards` the decks, keys and chests.
"""

from ..ruleset import RulesDataError
from .cards import (
    chest_cards,
    chests_to_real,
    clue_card,
    clue_draws,
    clue_play,
    key_matches,
    random_card,
    real_treasure,
    search_card,
)
from .moves import (
    actions_to_enter,
    allowed_levels,
    door_die,
    first_turn,
    room_draw,
    rooms_added,
    turn_of_entry,
)
from .rules import Rules, load_rules

__all__ = [
    "Rules", "RulesDataError", "actions_to_enter", "allowed_levels", "chest_cards",
    "chests_to_real", "clue_card", "clue_draws", "clue_play", "door_die", "first_turn",
    "key_matches", "load_rules", "random_card", "real_treasure", "room_draw", "rooms_added",
    "search_card", "turn_of_entry",
]
