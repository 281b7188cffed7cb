"""Mystery Mansion: Search and Clue cards, keys and chests (exact odds).

The decks' compositions beyond the 7 Treasure Chest and 7 Key cards, and the chests'
secret numbers, are placeholders (``gaps.csv``); every answer reads them from the rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from math import comb

from ..dist import Dist
from .rules import Rules


def hypergeometric(population: int, good: int, draws: int) -> Dist:
    """Good cards among ``draws`` drawn without replacement: C(K,k) C(N-K,n-k) / C(N,n)."""
    if not 0 <= good <= population or not 0 <= draws <= population:
        raise ValueError(f"need 0 <= good, draws <= population; got {good}, {draws}, "
                         f"{population}")
    return Dist({k: Fraction(comb(good, k) * comb(population - good, draws - k),
                             comb(population, draws))
                 for k in range(max(0, draws - population + good), min(good, draws) + 1)})


def _deck(rules: Rules, name: str, removed: Mapping[str, int] | None) -> dict[str, int]:
    deck = dict(rules.deck(name))
    for card, n in (removed or {}).items():
        if card not in deck or not 0 <= n <= deck[card]:
            raise ValueError(f"cannot remove {n} x {card!r} from the {name} deck "
                             f"({deck.get(card, 0)} there)")
        deck[card] -= n
    if not sum(deck.values()):
        raise ValueError(f"the {name} deck would be empty")
    return deck


def clue_draws(rules: Rules, searches: int = 1) -> Dist:
    """Clue cards drawn when ``searches`` Search cards are played as they come off a fresh
    deck: one Clue for each Object Search card, none for the others (How to Play Your
    Cards). ``searches=5`` is also the Object Search cards in a starting hand (7. Cards)."""
    rows = rules.rows("decks/search.csv")
    deck = rules.deck("search")
    good = sum(n for c, n in deck.items() if rows[c]["draws_clue"] == "yes")
    return hypergeometric(sum(deck.values()), good, searches)


def next_card(pile: Mapping[str, int]) -> Dist:
    """The top card of a shuffled draw pile, card → copies: each copy alike. A pile that
    is used up is first replaced by its shuffled discards (How Many Search Cards Can You
    Own?, Secret Passage Card), so a draw never meets an empty pile."""
    if any(n < 0 for n in pile.values()) or not sum(pile.values()):
        raise ValueError(f"a draw pile needs at least one card and no negative counts, "
                         f"got {dict(pile)}")
    return Dist.from_counts({c: n for c, n in pile.items() if n})


def key_card(key: int) -> str:
    """The name of Key card ``key`` in a pile or hand (``Key 3``)."""
    return f"Key {key}"


def card_kind(card: str) -> str:
    """The deck row a card belongs to: ``Key 3`` is a ``Key``, any other card itself."""
    return "Key" if card.startswith("Key ") and card[4:].isdigit() else card


def pile(rules: Rules, name: str) -> dict[str, int]:
    """A fresh draw pile of deck ``name``, card → copies, each Key card by its number
    (Key Card: "each key is a different number from 1 to 7")."""
    deck = dict(rules.deck(name))
    if name == "clue" and deck.pop("Key", 0):
        deck.update({key_card(k): 1 for k in rules.keys})
    return deck


def search_card(rules: Rules, removed: Mapping[str, int] | None = None) -> Dist:
    """The next Search card, from the deck less ``removed`` cards (those in hands; the
    discards are reshuffled when the pile runs out, How Many Search Cards Can You Own?)."""
    return next_card(_deck(rules, "search", removed))


def random_card(hand: Mapping[str, int]) -> Dist:
    """A card taken at random from a hand, card → copies (Steal a Search Card from Any
    Player; Steal a Clue Card from Every Player, once per opponent)."""
    if any(n < 0 for n in hand.values()) or not sum(hand.values()):
        raise ValueError(f"a hand needs at least one card and no negative counts, got {hand}")
    return Dist.from_counts({c: n for c, n in hand.items() if n})


def clue_card(rules: Rules, removed: Mapping[str, int] | None = None) -> Dist:
    """The next Clue card, from the deck less ``removed`` cards (Treasure Chest cards set
    aside, Key cards kept in hands): card name → probability."""
    return next_card(_deck(rules, "clue", removed))


def clue_play(rules: Rules, removed: Mapping[str, int] | None = None) -> Dist:
    """Whether the next Clue card is played at once (no action) or taken into the hand."""
    rows = rules.rows("decks/clue.csv")
    return clue_card(rules, removed).map(lambda c: rows[c]["play"])


def chest_cards(rules: Rules, draws: int) -> Dist:
    """Treasure Chest cards among the first ``draws`` Clue cards of a fresh deck."""
    deck = rules.deck("clue")
    return hypergeometric(sum(deck.values()), deck["Treasure Chest"], draws)


def key_matches(rules: Rules, key: int, found: int = 1, seen: tuple[int, ...] = ()) -> Dist:
    """How many of ``found`` chests (a random set: the chests are mixed, 6. Treasure
    Tokens) show ``key``'s number (Key Card): hypergeometric over the chests' labels,
    those of the chests already ``seen`` (by their label) left out."""
    if key not in rules.keys:
        raise ValueError(f"unknown key {key!r}; keys: {rules.keys}")
    chests = _unseen(rules, seen)
    good = sum(key in numbers for numbers in chests.values())
    return hypergeometric(len(chests), good, found)


def chest_label(rules: Rules, seen: tuple[int, ...] = ()) -> Dist:
    """The label of a chest nobody has looked under yet: any chest but those ``seen``,
    alike (the chests are mixed unseen, 6. Treasure Tokens; Treasure Chest Card)."""
    chests = _unseen(rules, seen)
    if not chests:
        raise ValueError("every chest's label has been seen")
    return Dist.uniform(sorted(chests))


def _unseen(rules: Rules, seen: tuple[int, ...]) -> dict[int, tuple[int, ...]]:
    chests = dict(rules.chests)
    for c in seen:
        if c not in chests:
            raise ValueError(f"chest {c!r} is not a chest left unseen; chests: "
                             f"{sorted(rules.chests)}")
        del chests[c]
    return chests


def real_treasure(rules: Rules, opened_real: int = 0, opened_fake: int = 0) -> Fraction:
    """The chance a claimed chest holds the REAL TREASURE, given the chests already opened
    outside (Unlocking a Treasure Chest): real tokens left / chests left."""
    real, fake = rules.treasure
    if not (0 <= opened_real <= real and 0 <= opened_fake <= fake):
        raise ValueError(f"opened {opened_real} real and {opened_fake} fake; there are "
                         f"{real} real and {fake} fake")
    left = real + fake - opened_real - opened_fake
    if not left:
        raise ValueError("every chest has been opened")
    return Fraction(real - opened_real, left)


def chest_contents(rules: Rules, opened_real: int = 0, opened_fake: int = 0) -> Dist:
    """What a chest opened outside holds, ``real`` or ``fake`` (:func:`real_treasure`)."""
    p = real_treasure(rules, opened_real, opened_fake)
    return Dist({"real": p, "fake": 1 - p})


def chests_to_real(rules: Rules) -> Dist:
    """Chests opened, in a random order, up to and including the first REAL TREASURE."""
    real, fake = rules.treasure
    n = real + fake
    return Dist({k: Fraction(comb(n - k, real - 1), comb(n, real))
                 for k in range(1, fake + 2)})
