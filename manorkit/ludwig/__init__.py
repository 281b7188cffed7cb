"""Blueprints of Mad King Ludwig, a peer game: catalog, Market odds, King's Favor scoring,
turn order and final scores.

Rules as data in ``data/ludwig/`` (:func:`load_rules`); calculators in :mod:`.market`,
:mod:`.setup_draws`, :mod:`.favors`, :mod:`.turn_order` and :mod:`.scoring`.
"""

from .favors import favor_scores, player_order_scores, solo_favor
from .market import market_count, rounds_shown, shown_by_round
from .rules import Rules, load_rules
from .scoring import Castle, bonus_card_vp, final_score, score_sheet, winner
from .setup_draws import bonus_cards_held, decree_dealt, favors_revealed
from .turn_order import go_last, turn_order

__all__ = [
    "Castle", "Rules", "bonus_card_vp", "bonus_cards_held", "decree_dealt", "favor_scores",
    "favors_revealed", "final_score", "go_last", "load_rules", "market_count",
    "player_order_scores", "rounds_shown", "score_sheet", "shown_by_round", "solo_favor",
    "turn_order", "winner",
]
