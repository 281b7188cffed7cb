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
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from ..gamestate import Chance, GameState, IllegalAction
from . import cards, mansion, moves
from .actions import Build, GiveBack, Move, Passage, Place, Play, Roll, Target
from .mansion import OUTSIDE, Placed
from .rules import Rules, load_rules
from .schema import SIDES

#: Pawn colours, the default players' names in seat order.
PAWNS = ("Green", "Red", "Blue", "Yellow")
DECKS = ("search", "clue")
Say = Callable[[str, str], None]

__all__ = ["PAWNS", "State", "new_game"]


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
        b.stairs_left = _component(rules, "staircases")
        b.doors_left = _component(rules, "secret passage doors")
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
                _move_card(pile, b.hands["search"][p], card)
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


def _component(rules: Rules, name: str) -> int:
    return rules.rows("components.csv")[name]["count"]


def _move_card(source: dict, target: dict, card: str) -> None:
    source[card] -= 1
    if not source[card]:
        del source[card]
    target[card] = target.get(card, 0) + 1


def _discard(b: Board, deck: str, player: str, card: str) -> None:
    _move_card(b.hands[deck][player], b.discards[deck], card)


# -- main actions --------------------------------------------------------------------------
def _roll(b: Board, rules: Rules, p: str, action: Roll, say: Say) -> None:
    say(f"{p} rolls the door die", "Rolling the die")
    b.pending.append(Step("door", p))


def _play(b: Board, rules: Rules, p: str, action: Play, say: Say) -> None:
    card, kind = action.card, cards.card_kind(action.card)
    if card in b.hands["search"][p]:
        _discard(b, "search", p, card)
        say(f"{p} plays {card}" + (f" ({action.target})" if action.target else ""),
            SEARCH[card].section if card in SEARCH else "The Play of the Object Search Cards")
        if card in SEARCH:
            SEARCH[card].run(b, rules, p, action.target, say)
        else:
            b.pending.append(Step("draw", p, "clue"))
        b.pending.append(Step("draw", p, "search"))
    elif kind == "Key":
        chest = b.chest(action.target)
        say(f"{p} shows {card} and picks up chest {chest.n}", "Key Card")
        if chest.label is None:
            b.pending.append(Step("label", p, chest.n, card))
        else:
            _try_key(b, rules, p, chest, card, say)
    else:
        if rules.rows("decks/clue.csv")[kind]["after"] == "discard":
            _discard(b, "clue", p, card)
        say(f"{p} plays {card}" + (f": {action.target}" if action.target else ""),
            HAND[kind].section)
        HAND[kind].run(b, rules, p, action.target, say)


def _passage(b: Board, rules: Rules, p: str, action: Passage, say: Say) -> None:
    b.go(rules, p, action.room, say, "goes through the Secret Passage", "Secret Passage Card")


MAIN = {Roll: _roll, Play: _play, Passage: _passage}


# -- Search cards other than Object Search -------------------------------------------------
def _any(b: Board, rules: Rules, p: str) -> list:
    return [None]


def _holders(b: Board, rules: Rules, p: str) -> list:
    return [q for q in b.players if q != p and b.hands["search"][q]]


def _inside(b: Board, rules: Rules, p: str) -> list:
    return b.opponents_inside(p) if b.pawns[p] != OUTSIDE else []


@search("Steal a Search Card from Any Player", "The Play of the Other Search Cards", _holders)
def _steal_search(b: Board, rules: Rules, p: str, target: str, say: Say) -> None:
    b.pending.append(Step("steal", p, target, "search"))


@search("Change Places with Any Player", "The Play of the Other Search Cards", _inside)
def _change_places(b: Board, rules: Rules, p: str, target: str, say: Say) -> None:
    _exchange(b, rules, p, target, say, "The Play of the Other Search Cards")


@search("Move to Any Occupied Room", "The Play of the Other Search Cards", _inside)
def _move_occupied(b: Board, rules: Rules, p: str, target: str, say: Say) -> None:
    b.go(rules, p, b.pawns[target], say, f"moves to {target}'s room",
         "The Play of the Other Search Cards")


@search("Lose One Action of Your Turn", "The Play of the Other Search Cards", _any)
@search("Oops! You've Been Waylaid. No Clue Here", "The Play of the Other Search Cards", _any)
def _nothing(b: Board, rules: Rules, p: str, target, say: Say) -> None:
    say("the card counts as one action", "The Play of the Other Search Cards")


def _exchange(b: Board, rules: Rules, p: str, q: str, say: Say, section: str) -> None:
    mine, theirs = b.pawns[p], b.pawns[q]
    b.go(rules, p, theirs, say, f"changes places with {q}", section)
    b.go(rules, q, mine, say, "is moved", section)


# -- Clue cards played from the hand -------------------------------------------------------
def _steal_treasure_targets(b: Board, rules: Rules, p: str) -> list:
    here = b.pawns[p]
    return [str(c.n) for c in b.chests
            if not c.opened and b.where(c) == here and b.owner(c) not in (None, p)
            and not b.safe(rules, c)]


@hand("Steal a Treasure", "Steal a Treasure", _steal_treasure_targets)
def _steal_treasure(b: Board, rules: Rules, p: str, target: str, say: Say) -> None:
    chest = b.chest(target)
    victim, key = b.owner(chest), cards.key_card(chest.key)
    say(f"{p} takes chest {chest.n} and {key} from {victim}", "Steal a Treasure")
    _move_card(b.hands["clue"][victim], b.hands["clue"][p], key)
    b.drop_key(rules, key, say, "Steal a Treasure")


def _clue_victims(b: Board, rules: Rules, p: str) -> list:
    return [None] if any(b.stealable(rules, q, "clue") for q in b.players if q != p) else []


@hand("Steal a Clue Card from Every Player", "Steal a Clue Card from Every Player",
      _clue_victims)
def _steal_clues(b: Board, rules: Rules, p: str, target, say: Say) -> None:
    victims = [q for q in b.players if q != p and b.stealable(rules, q, "clue")]
    for q in reversed(victims):  # the first opponent to the left is robbed first
        b.pending.append(Step("steal", p, q, "clue"))


def _passage_targets(b: Board, rules: Rules, p: str) -> list:
    here = b.pawns[p]
    if here == OUTSIDE or b.carrying(p):
        return []
    if here == rules.start and rules.variant("passage_foyer") == "neither":
        return []
    out = []
    for room in sorted(b.placed):
        if room in (here, rules.start):
            continue
        need = (here not in b.passages) + (room not in b.passages)
        if need <= b.doors_left:
            out.append(room)
    return out


@hand("Secret Passage", "Secret Passage Card", _passage_targets)
def _secret_passage(b: Board, rules: Rules, p: str, target: str, say: Say) -> None:
    here = b.pawns[p]
    for room in (here, target):
        if room not in b.passages:
            b.passages |= {room}
            b.doors_left -= 1
            say(f"a Secret Passage Door in {room} ({b.doors_left} left)", "Secret Passage Card")
    b.go(rules, p, target, say, "goes through the new Secret Passage", "Secret Passage Card")


def _try_key(b: Board, rules: Rules, p: str, chest: Chest, card: str, say: Say) -> None:
    key = int(card.split()[1])
    b.tried |= {(chest.n, key)}
    numbers = rules.chests[chest.label]
    if key in numbers:
        chest.key, chest.carrier, chest.room = key, p, None
        say(f"the numbers match: {p} claims chest {chest.n} with {card}", "Key Card")
    else:
        say(f"no match: chest {chest.n} stays in {chest.room}; {card} goes back to the hand",
            "Key Card")


# -- Clue cards played at once -------------------------------------------------------------
@immediate("Treasure Chest")
def _treasure_chest(b: Board, rules: Rules, p: str, card: str, say: Say) -> None:
    chest = Chest(len(b.chests) + 1, b.pawns[p])
    b.chests.append(chest)
    say(f"a Treasure Chest is found: chest {chest.n} stands in {chest.room}; the card is set "
        "aside", "Treasure Chest Card")


@immediate("Cobweb")
def _cobweb(b: Board, rules: Rules, p: str, card: str, say: Say) -> None:
    say("nothing found", "Cobweb Card")


@immediate("Return Clue Cards")
def _return_clues(b: Board, rules: Rules, p: str, card: str, say: Say) -> None:
    n = rules.number("return_clue_cards")
    if n and b.hands["clue"][p]:
        b.pending.append(Step("give_back", p, n))
    else:
        say(f"{p} holds no Clue card to return", "Clue Cards You MUST Play Immediately")


@immediate("Draw Search Cards")
def _draw_search(b: Board, rules: Rules, p: str, card: str, say: Say) -> None:
    n = rules.number("draw_search_cards")
    say(f"{p} draws {n} Search cards", "Clue Cards You MUST Play Immediately")
    b.pending += [Step("draw", p, "search")] * n


@immediate("Move to an Occupied Room")
@immediate("Exchange Places")
def _target_card(b: Board, rules: Rules, p: str, card: str, say: Say) -> None:
    if b.opponents_inside(p):
        b.pending.append(Step("target", p, card))
    else:
        say("no opponent stands in another room: no effect",
            "Clue Cards You MUST Play Immediately")


# -- pending decisions ---------------------------------------------------------------------
def _open_options(b: Board, rules: Rules, p: str) -> list:
    here = b.pawns[p]
    if here == OUTSIDE:
        return [Move(rules.start)]
    out: list = [Move(r) for r in mansion.exits(rules, b.placed, b.cells, b.stairs, here)]
    if not mansion.free_sides(b.placed, b.cells, here):
        return out
    levels = moves.allowed_levels(rules.level_of(here))
    have = {rules.level_of(r) for r in b.unused(rules)}
    if rules.variant("facedown_levels") == "hidden":
        out += [Build(None)] if have & set(levels) else []
    else:
        out += [Build(level) for level in levels if level in have]
    return out


def _spots(b: Board, rules: Rules, p: str, room: str) -> list:
    return mansion.spots(rules, b.placed, b.cells, b.stairs, b.stairs_left, b.pawns[p], room)


def _decide_open(b: Board, rules: Rules, top: Step) -> list:
    return _open_options(b, rules, top.player)


def _decide_place(b: Board, rules: Rules, top: Step) -> list:
    return [Place(top.arg, s.side, tuple(sorted(s.doors, key=SIDES.index)))
            for s in _spots(b, rules, top.player, top.arg)]


def _decide_give_back(b: Board, rules: Rules, top: Step) -> list:
    return [GiveBack(c) for c in sorted(b.hands["clue"][top.player])]


def _decide_target(b: Board, rules: Rules, top: Step) -> list:
    return [Target(top.arg, q) for q in b.opponents_inside(top.player)]


DECIDE = {"open": _decide_open, "place": _decide_place, "give_back": _decide_give_back,
          "target": _decide_target}


def _chose_move(b: Board, rules: Rules, top: Step, action: Move, say: Say) -> None:
    p, here, room = top.player, b.pawns[top.player], action.room
    if OUTSIDE not in (here, room) and mansion.level_gap(rules, here, room) == 1:
        low = mansion.lower(rules, here, room)
        other = room if low == here else here
        if b.stairs[low] != other:
            b.stairs[low] = other
            say(f"the staircase in {low} is moved to the doorway to {other}",
                "Adding On a Room")
    how = ("enters through the double doors" if here == OUTSIDE else
           "leaves through the double doors" if room == OUTSIDE else "moves")
    b.go(rules, p, room, say, how, "How to Move Your Pawn Through the Mansion")


def _chose_build(b: Board, rules: Rules, top: Step, action: Build, say: Say) -> None:
    say(f"{top.player} adds a room" + (f" of the {action.level} level" if action.level else ""),
        "Adding On a Room")
    b.pending.append(Step("room", top.player, action.level, ()))


def _chose_place(b: Board, rules: Rules, top: Step, action: Place, say: Say) -> None:
    p, room, here = top.player, action.room, b.pawns[top.player]
    spot = next(s for s in _spots(b, rules, p, room)
                if s.side == action.side and tuple(sorted(s.doors, key=SIDES.index))
                == action.doors)
    cell = mansion.neighbour(b.placed[here].cell, spot.side)
    b.placed[room] = Placed(cell, spot.doors)
    b.cells[cell] = room
    say(f"{room} is placed {mansion.WORDS[spot.side]} of {here}", "Adding On a Room")
    if mansion.level_gap(rules, here, room) == 1:
        low = mansion.lower(rules, here, room)
        other = room if low == here else here
        if spot.new_staircase:
            b.stairs_left -= 1
            say(f"a staircase in {low} at the doorway to {other} ({b.stairs_left} left)",
                "Adding On a Room")
        else:
            say(f"the staircase in {low} is moved to the doorway to {other}",
                "Adding On a Room")
        b.stairs[low] = other
    b.go(rules, p, room, say, "moves", "Adding On a Room")


def _chose_give_back(b: Board, rules: Rules, top: Step, action: GiveBack, say: Say) -> None:
    p = top.player
    _move_card(b.hands["clue"][p], b.piles["clue"], action.card)
    say(f"{p} shuffles {action.card} back into the Clue draw pile",
        "Clue Cards You MUST Play Immediately")
    if cards.card_kind(action.card) == "Key":
        key = int(action.card.split()[1])
        b.drop_key(rules, action.card, say, "Clue Cards You MUST Play Immediately")
        for c in b.chests:
            if c.key == key and not c.opened:
                c.key = None
                say(f"chest {c.n} is unclaimed again", "Clue Cards You MUST Play Immediately")
    if top.arg > 1 and b.hands["clue"][p]:
        b.pending.append(Step("give_back", p, top.arg - 1))


def _chose_target(b: Board, rules: Rules, top: Step, action: Target, say: Say) -> None:
    section = "Clue Cards You MUST Play Immediately"
    if action.card == "Exchange Places":
        _exchange(b, rules, top.player, action.player, say, section)
    else:
        b.go(rules, top.player, b.pawns[action.player], say,
             f"moves to {action.player}'s room", section)


CHOSEN = {Move: _chose_move, Build: _chose_build, Place: _chose_place,
          GiveBack: _chose_give_back, Target: _chose_target}


# -- random steps: their outcomes (read from the calculators) and results ------------------
def _door_outcomes(b: Board, rules: Rules, top: Step):
    return moves.door_die(rules), "door die", "dice"


def _room_outcomes(b: Board, rules: Rules, top: Step):
    level = rules.level_of(b.pawns[top.player])
    unused = b.unused(rules, top.more)
    return moves.room_draw(rules, level, top.arg, unused), "room drawn", "tile"


def _draw_outcomes(b: Board, rules: Rules, top: Step):
    return cards.next_card(b.piles[top.arg]), f"{top.arg} card drawn", "card"


def _label_outcomes(b: Board, rules: Rules, top: Step):
    seen = tuple(c.label for c in b.chests if c.label is not None)
    return cards.chest_label(rules, seen), f"label under chest {top.arg}", "other"


def _contents_outcomes(b: Board, rules: Rules, top: Step):
    fake = sum(c.opened == "fake" for c in b.chests)
    return cards.chest_contents(rules, 0, fake), f"chest {top.arg} opened", "other"


def _steal_outcomes(b: Board, rules: Rules, top: Step):
    hand_ = b.stealable(rules, top.arg, top.more)
    return cards.random_card(hand_), f"{top.more} card taken from {top.arg}", "card"


OUTCOMES = {"door": _door_outcomes, "room": _room_outcomes, "draw": _draw_outcomes,
            "label": _label_outcomes, "contents": _contents_outcomes,
            "steal": _steal_outcomes}


def _door(b: Board, rules: Rules, top: Step, face: str, say: Say) -> None:
    if face != "OPEN":
        say(f"{face}: the pawn cannot move", "Rolling the die")
        return
    if _open_options(b, rules, top.player):
        say("OPEN: move through a doorway or add a room", "Rolling the die")
        b.pending.append(Step("open", top.player))
    else:
        say("OPEN, but there is no doorway to go through and no room to add",
            "Rolling the die")


def _room(b: Board, rules: Rules, top: Step, room: str, say: Say) -> None:
    if _spots(b, rules, top.player, room):
        say(f"{room} ({rules.level_of(room)}) is turned face up", "Adding On a Room")
        b.pending.append(Step("place", top.player, room))
        return
    tried = (*top.more, room)
    say(f"{room} cannot be placed here: it is put back facedown", "Adding On a Room")
    level = rules.level_of(b.pawns[top.player])
    levels = moves.allowed_levels(level) if top.arg is None else (top.arg,)
    if any(rules.level_of(r) in levels for r in b.unused(rules, tried)):
        b.pending.append(Step("room", top.player, top.arg, tried))
    else:
        say("no facedown room of that level fits: the action is spent", "Adding On a Room")


def _drawn(b: Board, rules: Rules, top: Step, card: str, say: Say) -> None:
    p, deck = top.player, top.arg
    if deck == "search":
        _move_card(b.piles["search"], b.hands["search"][p], card)
        say(f"{p} draws a Search card", "How Many Search Cards Can You Own?")
        return
    kind = cards.card_kind(card)
    row = rules.rows("decks/clue.csv")[kind]
    if row["play"] == "hand":
        _move_card(b.piles["clue"], b.hands["clue"][p], card)
        say(f"{p} draws a Clue card and keeps it secret",
            "Clue Cards You MUST Put in Your Hand Before You Can Play Them")
        return
    if row["after"] == "set_aside":
        _move_card(b.piles["clue"], {}, card)
        b.set_aside += 1
    else:
        _move_card(b.piles["clue"], b.discards["clue"], card)
    say(f"{p} draws {card} and plays it at once", "Clue Cards You MUST Play Immediately")
    IMMEDIATE[kind](b, rules, p, kind, say)


def _label(b: Board, rules: Rules, top: Step, label: int, say: Say) -> None:
    chest = b.chest(top.arg)
    chest.label = label
    b.seen[top.player] |= {chest.n}
    say(f"{top.player} sees the numbers under chest {chest.n}", "Key Card")
    _try_key(b, rules, top.player, chest, top.more, say)


def _contents(b: Board, rules: Rules, top: Step, found: str, say: Say) -> None:
    chest, p = b.chest(top.arg), top.player
    numbers = ";".join(map(str, rules.chests[chest.label]))
    say(f"{p} shows Key {chest.key} and the numbers {numbers} under chest {chest.n}, and opens "
        "it", "Unlocking a Treasure Chest")
    chest.opened, chest.carrier, chest.room = found, None, OUTSIDE
    b.seen = {q: s | {chest.n} for q, s in b.seen.items()}
    if found == "real":
        b.over, b.winners = f"{p} carried the REAL TREASURE out of the mansion", (p,)
        b.pending.clear()
        say(f"gold and jewels! {b.over}", "How to Win the Game")
    else:
        say(f"cobwebs and dust: chest {chest.n} stays outside, out of play",
            "Unlocking a Treasure Chest")


def _stolen(b: Board, rules: Rules, top: Step, card: str, say: Say) -> None:
    p, victim, deck = top.player, top.arg, top.more
    _move_card(b.hands[deck][victim], b.hands[deck][p], card)
    section = ("The Play of the Other Search Cards" if deck == "search"
               else "Steal a Clue Card from Every Player")
    say(f"{p} takes a {deck} card from {victim}", section)
    if cards.card_kind(card) == "Key":
        b.drop_key(rules, card, say, section)


RESOLVE = {"door": _door, "room": _room, "draw": _drawn, "label": _label,
           "contents": _contents, "steal": _stolen}


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
    most, least = _component(rules, "pawns"), rules.number("min_players")
    if not least <= len(players) <= most or len(set(players)) != len(players) or \
            OUTSIDE in players:
        raise IllegalAction(f"need {least} to {most} players with different names, got "
                            f"{list(players)}")
    return State.start(rules, seed, players)
