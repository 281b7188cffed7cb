"""Mystery Mansion: the rules as data (``data/mystery_mansion/``), exact odds of every roll
and draw, and the game itself. ``load_rules()`` gives the immutable :class:`Rules`;
:mod:`.moves` holds the door die and building, :mod:`.cards` the decks, keys and chests;
``new_game()`` starts a game (:mod:`.game`) the stepper steps and ``simulate_games`` plays.
"""

from ..ruleset import RulesDataError
from .cards import (
    card_kind,
    chest_cards,
    chest_contents,
    chest_label,
    chests_to_real,
    clue_card,
    clue_draws,
    clue_play,
    key_card,
    key_matches,
    next_card,
    pile,
    random_card,
    real_treasure,
    search_card,
)
from .game import State, new_game
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
    "Rules", "RulesDataError", "State", "actions_to_enter", "allowed_levels", "card_kind",
    "chest_cards", "chest_contents", "chest_label", "chests_to_real", "clue_card",
    "clue_draws", "clue_play", "door_die", "first_turn", "key_card", "key_matches",
    "load_rules", "new_game", "next_card", "pile", "random_card", "real_treasure",
    "room_draw", "rooms_added", "search_card", "turn_of_entry",
]
