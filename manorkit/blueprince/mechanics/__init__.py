"""One reading per rule that both the odds calculators and the run engine need.

Everything here is a pure function of the rules (and of what is on the board, held or
drawn); :mod:`..odds` and :mod:`..engine` both call it, so the two can never read a rule two
ways. Each function cites its rulebook section and names the variants it honours.
"""

from .cards import CardGain, card_gain, card_refused, refuses_cards
from .dice import faces, numbered_die, trunk_die
from .drafting import draw_size, never_free, tile_cost, tile_weight
from .food import food_steps
from .fruit import pantry_fruit_weights
from .locks import door_die, lock_die

__all__ = ["CardGain", "card_gain", "card_refused", "door_die", "draw_size", "faces",
           "food_steps", "lock_die", "never_free", "numbered_die", "pantry_fruit_weights",
           "refuses_cards", "tile_cost", "tile_weight", "trunk_die"]
