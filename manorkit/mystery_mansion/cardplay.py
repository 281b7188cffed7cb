"""What the Mystery Mansion cards do, registered by name (How to Play Your Cards): the Search
cards other than Object Search, the Clue cards played from the hand and those played at
once. A card of the decks with no effect here is an error when a game starts."""

from __future__ import annotations

from . import cards
from .board import Board, Chest, Say, Step, hand, immediate, move_card, search
from .mansion import OUTSIDE
from .rules import Rules


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
    exchange(b, rules, p, target, say, "The Play of the Other Search Cards")


@search("Move to Any Occupied Room", "The Play of the Other Search Cards", _inside)
def _move_occupied(b: Board, rules: Rules, p: str, target: str, say: Say) -> None:
    b.go(rules, p, b.pawns[target], say, f"moves to {target}'s room",
         "The Play of the Other Search Cards")


@search("Lose One Action of Your Turn", "The Play of the Other Search Cards", _any)
@search("Oops! You've Been Waylaid. No Clue Here", "The Play of the Other Search Cards", _any)
def _nothing(b: Board, rules: Rules, p: str, target, say: Say) -> None:
    say("the card counts as one action", "The Play of the Other Search Cards")


def exchange(b: Board, rules: Rules, p: str, q: str, say: Say, section: str) -> None:
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
    move_card(b.hands["clue"][victim], b.hands["clue"][p], key)
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


def try_key(b: Board, rules: Rules, p: str, chest: Chest, card: str, say: Say) -> None:
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


