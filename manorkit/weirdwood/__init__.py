"""Weirdwood Manor, a peer game: room rings, room dice, battle dice, time track and siphon,
and the game itself.

Rules as data in ``data/weirdwood/`` (:func:`load_rules`); exact calculators in
:mod:`.battle`, :mod:`.room_dice`, :mod:`.rooms`, :mod:`.clock` and :mod:`.siphon`; the board
in :mod:`.board`; the game (:func:`new_game`) in :mod:`.game` and its bots in
:mod:`.policies`.
"""

from .battle import Battle, Pool, ScarabFight, attack_scarabs, battle, ogre_pool, roll
from .clock import Time, TimeRanOut, advance, advance_to, reverse, spots_left, start
from .game import IllegalAction, State, decision_swing, new_game
from .room_dice import room_at, setup_scarabs, spawn, spawn_into_occupied
from .rooms import d12_room, monster_cards, monster_draw, wraith_drain
from .rules import Rules, load_rules
from .siphon import siphon_total, spell_casts, spell_size, spends_to_cast

__all__ = [
    "Battle", "IllegalAction", "Pool", "Rules", "ScarabFight", "State", "Time", "TimeRanOut",
    "advance", "advance_to", "decision_swing", "new_game",
    "attack_scarabs", "battle", "d12_room", "load_rules", "monster_cards", "monster_draw",
    "ogre_pool",
    "reverse", "roll", "room_at", "setup_scarabs", "siphon_total", "spawn",
    "spawn_into_occupied", "spell_casts", "spell_size", "spends_to_cast", "spots_left", "start",
    "wraith_drain",
]
