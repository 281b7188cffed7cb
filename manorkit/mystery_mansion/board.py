"""The working copy of a Mystery Mansion game (see :mod:`manorkit.gamestate`): the table,
the steps pending inside an action, and the tables the steps are dispatched by.

The rules that change the board stand above it: the turn's actions and random steps in
:mod:`.turn` and the cards' effects in :mod:`.cardplay` fill :data:`MAIN`, :data:`DECIDE`,
:data:`CHOSEN`, :data:`OUTCOMES`, :data:`RESOLVE` and the card registries when
:mod:`.game` imports them (one late binding, so the board never imports its rules).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from ..gamestate import Chance
from . import cards, mansion
from .actions import Passage, Play, Roll
from .mansion import OUTSIDE, Placed
from .rules import Rules

#: Pawn colours, the default players' names in seat order.
PAWNS = ("Green", "Red", "Blue", "Yellow")
DECKS = ("search", "clue")
Say = Callable[[str, str], None]


class Step(NamedTuple):
    """A step pending inside an action: a random step (:data:`CHANCE`) or a decision of
    ``player``; ``arg`` and ``more`` as its kind needs."""

    kind: str
    player: str
    arg: object = None
    more: object = None


#: Pending kinds that are random steps.
CHANCE = frozenset({"door", "room", "draw", "label", "contents", "steal"})


class Chest:
    """A chest found: ``n`` in order of finding, where it stands (``room``, or carried by
    ``carrier``), its ``label`` (the chest's number, None until someone looks), the ``key``
    that claimed it and whether it was ``opened`` (``real``/``fake``)."""

    __slots__ = ("n", "room", "carrier", "label", "key", "opened")

    def __init__(self, n: int, room: str | None) -> None:
        self.n, self.room, self.carrier = n, room, None
        self.label = self.key = self.opened = None

    def copy(self) -> Chest:
        c = Chest.__new__(Chest)
        c.n, c.room, c.carrier, c.label, c.key, c.opened = (
            self.n, self.room, self.carrier, self.label, self.key, self.opened)
        return c


# -- the cards' effects, registered by name ------------------------------------------------
@dataclass(frozen=True)
class Effect:
    """What a card does: ``targets(board, rules, player)`` lists where it may be played
    (empty: not now) and ``run(board, rules, player, target, say)`` does it."""

    targets: Callable
    run: Callable
    section: str


SEARCH: dict[str, Effect] = {}
HAND: dict[str, Effect] = {}
IMMEDIATE: dict[str, Callable] = {}


def _register(table: dict, name: str, value) -> None:
    if name in table:
        raise ValueError(f"a second effect for the card {name!r}")
    table[name] = value


def search(name: str, section: str, targets: Callable):
    def wrap(run):
        _register(SEARCH, name, Effect(targets, run, section))
        return run
    return wrap


def hand(name: str, section: str, targets: Callable):
    def wrap(run):
        _register(HAND, name, Effect(targets, run, section))
        return run
    return wrap


def immediate(name: str):
    def wrap(run):
        _register(IMMEDIATE, name, run)
        return run
    return wrap


def check_effects(rules: Rules) -> None:
    """Every card the decks hold has its effect modelled (Object Search cards: those that
    draw a Clue); a card without one raises ``ValueError`` naming it."""
    rows = rules.rows("decks/search.csv")
    for card in rules.deck("search"):
        if rows[card]["draws_clue"] != "yes" and card not in SEARCH:
            raise ValueError(f"decks/search.csv, row {card!r}: no effect is modelled for it; "
                             f"modelled: {', '.join(SEARCH)}")
    rows = rules.rows("decks/clue.csv")
    for card in rules.deck("clue"):
        table = IMMEDIATE if rows[card]["play"] == "immediate" else HAND
        if card != "Key" and card not in table:
            raise ValueError(f"decks/clue.csv, row {card!r}: no effect is modelled for a "
                             f"{rows[card]['play']} card of that name; modelled: "
                             f"{', '.join(table)}")


#: Dispatch by action type or pending kind, filled by :mod:`.turn`.
MAIN: dict[type, Callable] = {}
DECIDE: dict[str, Callable] = {}
CHOSEN: dict[type, Callable] = {}
OUTCOMES: dict[str, Callable] = {}
RESOLVE: dict[str, Callable] = {}


class Board:
    """The working copy of a game (see :mod:`manorkit.gamestate`)."""

    __slots__ = ("players", "seat", "turn", "used", "pawns", "placed", "cells", "stairs",
                 "stairs_left", "passages", "doors_left", "hands", "piles", "discards",
                 "set_aside", "chests", "seen", "tried", "pending", "over", "winners")

    @classmethod
    def setup(cls, rules: Rules, seed: int, players: tuple[str, ...], say: Say) -> Board:
        """The table at setup (2. The Foyer to 8. Pawns)."""
        check_effects(rules)
        b = cls.__new__(cls)
        b.players, b.seat, b.turn, b.used = tuple(players), 0, 1, 0
        b.pawns = dict.fromkeys(players, OUTSIDE)
        start = rules.start
        b.placed = {start: Placed((0, 0), mansion.turned(rules.doors(start), 0))}
        b.cells = {(0, 0): start}
        b.stairs, b.passages = {}, frozenset()
        b.stairs_left = component(rules, "staircases")
        b.doors_left = component(rules, "secret passage doors")
        b.piles = {d: cards.pile(rules, d) for d in DECKS}
        b.discards = {d: {} for d in DECKS}
        b.hands = {d: {p: {} for p in players} for d in DECKS}
        b.set_aside, b.chests, b.tried = 0, [], frozenset()
        b.seen = {p: frozenset() for p in players}
        b.pending, b.over, b.winners = [], "", ()
        rng = random.Random(seed)
        size = rules.number("hand_size")
        for p in players:
            for _ in range(size):
                pile = b.piles["search"]
                card = rng.choices(sorted(pile), [pile[c] for c in sorted(pile)])[0]
                move_card(pile, b.hands["search"][p], card)
        say(f"the {start} face up, {len(rules.rows('rooms.csv')) - 1} rooms facedown beside it",
            "2. The Foyer")
        say(f"{size} Search cards dealt to each player; the Clue cards shuffled", "7. Cards")
        say(f"pawns on the Front Door card: {', '.join(players)}; {players[0]} plays first",
            "Who Plays First?")
        return b

    def copy(self) -> Board:
        b = Board.__new__(Board)
        for name in ("players", "seat", "turn", "used", "stairs_left", "passages",
                     "doors_left", "set_aside", "tried", "over", "winners"):
            setattr(b, name, getattr(self, name))
        b.pawns, b.placed, b.cells = dict(self.pawns), dict(self.placed), dict(self.cells)
        b.stairs, b.seen, b.pending = dict(self.stairs), dict(self.seen), list(self.pending)
        b.piles = {d: dict(v) for d, v in self.piles.items()}
        b.discards = {d: dict(v) for d, v in self.discards.items()}
        b.hands = {d: {p: dict(h) for p, h in hs.items()} for d, hs in self.hands.items()}
        b.chests = [c.copy() for c in self.chests]
        return b

    # -- whose step ---------------------------------------------------------------------
    @property
    def is_chance(self) -> bool:
        return bool(self.pending) and self.pending[-1].kind in CHANCE

    @property
    def player(self) -> str:
        return self.pending[-1].player if self.pending else self.players[self.seat]

    # -- reading the table --------------------------------------------------------------
    def owner(self, chest: Chest) -> str | None:
        """Who holds the Key that claimed ``chest`` (None: unclaimed)."""
        if chest.key is None:
            return None
        card = cards.key_card(chest.key)
        return next((p for p in self.players if self.hands["clue"][p].get(card)), None)

    def where(self, chest: Chest) -> str | None:
        """The room a chest in play stands in (its carrier's, if carried)."""
        return self.pawns[chest.carrier] if chest.carrier else chest.room

    def carrying(self, player: str) -> list[Chest]:
        return [c for c in self.chests if c.carrier == player and not c.opened]

    def safe(self, rules: Rules, chest: Chest) -> bool:
        """In the Foyer or outside, where neither a chest nor its Key can be stolen."""
        return self.where(chest) in (rules.start, OUTSIDE)

    def stealable(self, rules: Rules, victim: str, deck: str) -> dict[str, int]:
        """The cards of ``victim``'s hand that may be taken (not the Key of a claimed chest
        in a safe place)."""
        held = {c: n for c, n in self.hands[deck][victim].items() if n}
        if deck == "clue":
            for chest in self.chests:
                if chest.key is not None and not chest.opened and self.safe(rules, chest):
                    held.pop(cards.key_card(chest.key), None)
        return held

    def opponents_inside(self, player: str) -> list[str]:
        """Opponents whose pawns stand in a room other than ``player``'s."""
        here = self.pawns[player]
        return [q for q in self.players if q != player and self.pawns[q] != OUTSIDE
                and self.pawns[q] != here]

    def unused(self, rules: Rules, exclude: tuple = ()) -> tuple[str, ...]:
        return tuple(r for r in rules.rows("rooms.csv") if r not in self.placed
                     and r not in exclude)

    # -- the legal decisions ------------------------------------------------------------
    def decisions(self, rules: Rules) -> list:
        if self.pending:
            top = self.pending[-1]
            return DECIDE[top.kind](self, rules, top)
        p = self.players[self.seat]
        out: list = [Roll()]
        here = self.pawns[p]
        rows = rules.rows("decks/search.csv")
        for card in sorted(c for c, n in self.hands["search"][p].items() if n):
            if rows[card]["draws_clue"] == "yes":
                if here != OUTSIDE and rules.level_of(here) == rows[card]["level"]:
                    out.append(Play(card))
            else:
                out += [Play(card, t) for t in SEARCH[card].targets(self, rules, p)]
        for card in sorted(c for c, n in self.hands["clue"][p].items() if n):
            kind = cards.card_kind(card)
            if kind == "Key":
                out += [Play(card, str(c.n)) for c in self.chests
                        if c.key is None and not c.opened and self.where(c) == here]
            else:
                out += [Play(card, t) for t in HAND[kind].targets(self, rules, p)]
        if here in self.passages and not self.carrying(p):
            out += [Passage(r) for r in sorted(self.passages - {here})]
        return out

    def outcomes(self, rules: Rules) -> list[tuple[Chance, object]]:
        top = self.pending[-1]
        dist, label, source = OUTCOMES[top.kind](self, rules, top)
        return [(Chance(v, label, source), p) for v, p in dist]

    # -- applying a step -----------------------------------------------------------------
    def step(self, rules: Rules, action, say: Say) -> None:
        if isinstance(action, Chance):
            top = self.pending.pop()
            RESOLVE[top.kind](self, rules, top, action.value, say)
        elif self.pending:
            top = self.pending.pop()
            CHOSEN[type(action)](self, rules, top, action, say)
        else:
            self.used += 1
            MAIN[type(action)](self, rules, self.players[self.seat], action, say)
        self._settle(rules, say)

    def _settle(self, rules: Rules, say: Say) -> None:
        """What follows any step: owners pick up their chests, a used-up pile is renewed
        from its discards, and a turn of all its actions passes to the left."""
        for c in self.chests:
            owner = self.owner(c)
            if not c.opened and c.carrier is None and owner and self.pawns[owner] == c.room:
                c.carrier, c.room = owner, None
                say(f"{owner} takes possession of chest {c.n}", "Moving a Treasure Chest")
        while self.pending and self.pending[-1].kind == "draw":
            deck = self.pending[-1].arg
            if sum(self.piles[deck].values()):
                break
            if sum(self.discards[deck].values()):
                self.piles[deck], self.discards[deck] = self.discards[deck], {}
                say(f"the {deck} draw pile is used up: its discards are shuffled into a new "
                    "pile", SECTION[deck])
            else:
                self.pending.pop()
                say(f"no {deck} card is left to draw", SECTION[deck])
        if self.over or self.pending or self.used < rules.number("actions_per_turn"):
            return
        self.seat, self.used = (self.seat + 1) % len(self.players), 0
        self.turn += 1
        limit = rules.number("max_rounds")
        if self.turn > limit * len(self.players):
            self.over = f"no REAL TREASURE left the mansion in {limit} rounds"
            say(self.over, "How to Win the Game")

    # -- shared moves ---------------------------------------------------------------------
    def go(self, rules: Rules, player: str, room: str, say: Say, how: str, section: str):
        """``player``'s pawn (with the chests it carries) goes to ``room``."""
        here = self.pawns[player]
        self.pawns[player] = room
        load = [c.n for c in self.carrying(player)]
        with_chests = f" with chest {', '.join(map(str, load))}" if load else ""
        say(f"{player} {how} from {here} to {room}{with_chests}", section)
        if room == OUTSIDE:
            for c in self.carrying(player):
                self.pending.append(Step("contents", player, c.n))

    def drop_key(self, rules: Rules, key_card: str, say: Say, section: str) -> None:
        """A Key card changed hands or left them: its chests are set down where they are
        (their new owner takes them up on reaching them)."""
        key = int(key_card.split()[1])
        for c in self.chests:
            if c.key == key and not c.opened and c.carrier:
                c.room, c.carrier = self.pawns[c.carrier], None
                say(f"chest {c.n} is set down in {c.room}", section)

    def chest(self, n) -> Chest:
        return self.chests[int(n) - 1]


SECTION = {"search": "How Many Search Cards Can You Own?", "clue": "Secret Passage Card"}


def component(rules: Rules, name: str) -> int:
    return rules.rows("components.csv")[name]["count"]


def move_card(source: dict, target: dict, card: str) -> None:
    source[card] -= 1
    if not source[card]:
        del source[card]
    target[card] = target.get(card, 0) + 1


def discard(b: Board, deck: str, player: str, card: str) -> None:
    move_card(b.hands[deck][player], b.discards[deck], card)


