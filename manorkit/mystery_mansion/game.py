"""Mystery Mansion played: the game as an immutable state, from setup to the REAL TREASURE
carried out (:func:`new_game`).

Every random step reads the calculators of :mod:`.moves` and :mod:`.cards` (one reading per
rule): the door die, the room drawn, the next Search or Clue card off a shuffled pile, a card
taken at random from a hand, the label under a chest and what an opened chest holds. A
chest's label and treasure are drawn when someone first looks (a Key tried, the chest opened
outside): nobody sees them before, so this is the same law as mixing them at setup (6.
Treasure Tokens). The hands are dealt from the seed at setup (7. Cards).

What each player may see is :meth:`State.observation`; the bots read only that.
"""

from __future__ import annotations

import math

from ..gamestate import GameState, IllegalAction
from . import cardplay, turn  # noqa: F401 (the rules that change the board register here)
from .board import DECKS, PAWNS, Board, component
from .mansion import OUTSIDE
from .rules import Rules, load_rules

__all__ = ["PAWNS", "State", "new_game"]


class State(GameState):
    """A game of Mystery Mansion at one moment (see :mod:`manorkit.gamestate`)."""

    BOARD = Board
    GAME = "manorkit.mystery_mansion"
    RULES = Rules

    def observation(self, player: str) -> dict:
        """Everything ``player`` may read at the table: the mansion, the pawns, the chests
        (their labels only once he has looked under them, or they were opened), the face-up
        discards, his own hands, and the other hands' sizes alone."""
        b = self.board
        if player not in b.players:
            raise ValueError(f"unknown player {player!r}; players: {', '.join(b.players)}")
        chests = [{"n": c.n, "room": b.where(c), "carrier": c.carrier, "key": c.key,
                   "owner": b.owner(c), "opened": c.opened,
                   "label": c.label if c.n in b.seen[player] else None} for c in b.chests]
        return {
            "player": player, "players": b.players, "turn": b.turn,
            "to_move": b.players[b.seat], "actions_used": b.used,
            "pending": b.pending[-1].kind if b.pending else None,
            "pawns": dict(b.pawns), "placed": dict(b.placed), "cells": dict(b.cells),
            "stairs": dict(b.stairs), "stairs_left": b.stairs_left,
            "passages": b.passages, "doors_left": b.doors_left,
            "unused": {lv: sum(self.rules.level_of(r) == lv for r in b.unused(self.rules))
                       for lv in ("basement", "first", "second")},
            "hand": dict(b.hands["search"][player]), "clues": dict(b.hands["clue"][player]),
            "hand_sizes": {q: sum(b.hands["search"][q].values()) for q in b.players},
            "clue_sizes": {q: sum(b.hands["clue"][q].values()) for q in b.players},
            "piles": {d: sum(b.piles[d].values()) for d in DECKS},
            "discards": {d: dict(b.discards[d]) for d in DECKS}, "set_aside": b.set_aside,
            "chests": chests, "tried": sorted(b.tried),
        }

    @property
    def resources(self) -> dict:
        """The player to act: actions left this turn, his cards, and the chests."""
        b = self.board
        p = b.players[b.seat]
        return {"actions_left": self.rules.number("actions_per_turn") - b.used,
                "search_cards": sum(b.hands["search"][p].values()),
                "clue_cards": sum(b.hands["clue"][p].values()),
                "chests_found": len(b.chests),
                "chests_opened": sum(c.opened is not None for c in b.chests),
                "rooms_built": len(b.placed) - 1}

    @property
    def items(self) -> dict:
        """The hand of the player to act (Search and Clue cards)."""
        b = self.board
        p = b.players[b.seat]
        return {**b.hands["search"][p], **b.hands["clue"][p]}

    def summary(self) -> dict:
        b = self.board
        return {"rounds": math.ceil(b.turn / len(b.players)), "rooms_built": len(b.placed) - 1,
                "chests_found": len(b.chests),
                "chests_opened": sum(c.opened is not None for c in b.chests),
                "ended": "treasure" if b.winners else ("round cap" if b.over else "")}

    def _repr_svg_(self) -> str:
        from .picture import mansion_svg

        return mansion_svg(self)

    def _repr_html_(self) -> str:
        from .picture import state_html

        return state_html(self)


def new_game(rules: Rules | None = None, seed: int = 0,
             players: tuple[str, ...] | int = PAWNS[:2]) -> State:
    """A game at setup: the Foyer face up, pawns on the Front Door card, hands dealt from
    ``seed``. ``players``: their names in seat order (the first plays first) or how many
    (named by pawn colour), from ``min_players`` to one per pawn."""
    rules = rules if rules is not None else load_rules()
    if isinstance(players, int):
        players = PAWNS[:players] if players <= len(PAWNS) else tuple(
            f"Player {i + 1}" for i in range(players))
    players = tuple(players)
    most, least = component(rules, "pawns"), rules.number("min_players")
    if not least <= len(players) <= most or len(set(players)) != len(players) or \
            OUTSIDE in players:
        raise IllegalAction(f"need {least} to {most} players with different names, got "
                            f"{list(players)}")
    return State.start(rules, seed, players)
