"""Blueprints of Mad King Ludwig, a peer game: catalog, Market odds, King's Favor scoring,
turn order, final scores, and the game itself.

Rules as data in ``data/ludwig/`` (:func:`load_rules`); calculators in :mod:`.market`,
:mod:`.cards`, :mod:`.setup_draws`, :mod:`.favors`, :mod:`.turn_order` and :mod:`.scoring`;
castle geometry in :mod:`.castle`; the game (:func:`new_game`) in :mod:`.game` and its bots
in :mod:`.policies`.
"""

from .cards import Card, next_room, room_cards
from .favors import favor_scores, player_order_scores, solo_favor
from .game import IllegalAction, State, decision_swing, new_game
from .market import market_count, rounds_shown, shown_by_round
from .rules import Rules, load_rules
from .scoring import Castle, bonus_card_vp, final_score, score_sheet, tie_break, winner
from .setup_draws import bonus_cards_held, decree_dealt, decrees_dealt, favors_revealed, next_card
from .turn_order import go_last, turn_order

__all__ = [
    "Card", "Castle", "IllegalAction", "Rules", "State", "bonus_card_vp", "bonus_cards_held",
    "decision_swing", "decree_dealt", "decrees_dealt", "favor_scores", "favors_revealed",
    "final_score", "go_last", "load_rules", "market_count", "new_game", "next_card", "next_room",
    "player_order_scores", "room_cards", "rounds_shown", "score_sheet", "shown_by_round",
    "solo_favor", "tie_break", "turn_order", "winner",
]
