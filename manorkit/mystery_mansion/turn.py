"""A Mystery Mansion turn: the actions of a turn (What Do You Do on a Turn?), the decisions
pending inside one, and the random steps with their outcomes read from the calculators of
:mod:`.moves` and :mod:`.cards`."""

from __future__ import annotations

from . import board, cards, mansion, moves
from .actions import Build, GiveBack, Move, Passage, Place, Play, Roll, Target
from .board import HAND, IMMEDIATE, SEARCH, Board, Placed, Say, Step, discard, move_card
from .cardplay import exchange, try_key
from .mansion import OUTSIDE
from .rules import Rules
from .schema import SIDES


# -- main actions --------------------------------------------------------------------------
def _roll(b: Board, rules: Rules, p: str, action: Roll, say: Say) -> None:
    say(f"{p} rolls the door die", "Rolling the die")
    b.pending.append(Step("door", p))


def _play(b: Board, rules: Rules, p: str, action: Play, say: Say) -> None:
    card, kind = action.card, cards.card_kind(action.card)
    if card in b.hands["search"][p]:
        discard(b, "search", p, card)
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
            try_key(b, rules, p, chest, card, say)
    else:
        if rules.rows("decks/clue.csv")[kind]["after"] == "discard":
            discard(b, "clue", p, card)
        say(f"{p} plays {card}" + (f": {action.target}" if action.target else ""),
            HAND[kind].section)
        HAND[kind].run(b, rules, p, action.target, say)


def _passage(b: Board, rules: Rules, p: str, action: Passage, say: Say) -> None:
    b.go(rules, p, action.room, say, "goes through the Secret Passage", "Secret Passage Card")


board.MAIN.update({Roll: _roll, Play: _play, Passage: _passage})


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


board.DECIDE.update({"open": _decide_open, "place": _decide_place, "give_back": _decide_give_back,
          "target": _decide_target})


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
    move_card(b.hands["clue"][p], b.piles["clue"], action.card)
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
        exchange(b, rules, top.player, action.player, say, section)
    else:
        b.go(rules, top.player, b.pawns[action.player], say,
             f"moves to {action.player}'s room", section)


board.CHOSEN.update({Move: _chose_move, Build: _chose_build, Place: _chose_place,
          GiveBack: _chose_give_back, Target: _chose_target})


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


board.OUTCOMES.update({"door": _door_outcomes, "room": _room_outcomes, "draw": _draw_outcomes,
            "label": _label_outcomes, "contents": _contents_outcomes,
            "steal": _steal_outcomes})


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
        move_card(b.piles["search"], b.hands["search"][p], card)
        say(f"{p} draws a Search card", "How Many Search Cards Can You Own?")
        return
    kind = cards.card_kind(card)
    row = rules.rows("decks/clue.csv")[kind]
    if row["play"] == "hand":
        move_card(b.piles["clue"], b.hands["clue"][p], card)
        say(f"{p} draws a Clue card and keeps it secret",
            "Clue Cards You MUST Put in Your Hand Before You Can Play Them")
        return
    if row["after"] == "set_aside":
        move_card(b.piles["clue"], {}, card)
        b.set_aside += 1
    else:
        move_card(b.piles["clue"], b.discards["clue"], card)
    say(f"{p} draws {card} and plays it at once", "Clue Cards You MUST Play Immediately")
    IMMEDIATE[kind](b, rules, p, kind, say)


def _label(b: Board, rules: Rules, top: Step, label: int, say: Say) -> None:
    chest = b.chest(top.arg)
    chest.label = label
    b.seen[top.player] |= {chest.n}
    say(f"{top.player} sees the numbers under chest {chest.n}", "Key Card")
    try_key(b, rules, top.player, chest, top.more, say)


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
    move_card(b.hands[deck][victim], b.hands[deck][p], card)
    section = ("The Play of the Other Search Cards" if deck == "search"
               else "Steal a Clue Card from Every Player")
    say(f"{p} takes a {deck} card from {victim}", section)
    if cards.card_kind(card) == "Key":
        b.drop_key(rules, card, say, section)


board.RESOLVE.update({"door": _door, "room": _room, "draw": _drawn, "label": _label,
           "contents": _contents, "steal": _stolen})


