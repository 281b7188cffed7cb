"""What a drawn card does (§7 Item Spawn Decks, §8 Dig Result Deck, §8 Trunk Result Deck).

A card gives the resources printed on it, food eaten at once (§11), trunk tokens (§7 Locked
Trunk token) and at most one item. "If already held, gain X instead" pays the card's
``instead_keys`` / ``instead_coins`` in place of an item already held (§8), an item of several
charges included (the Silver Key); a card that prints no such payment gives nothing for an item
already held, except a fresh card of an item with charges, which replaces the held one (§7
Lockpick Kit: "only a fresh card resets them"; §8 "with all 3 circles unmarked"). Variant
``held_item_cards``: ``discarded`` (default) discards every card after drawing, items
included (§8 "Discard after drawing"; the item is tracked apart from its card); ``in_hand``
keeps the card of an item taken into hand out of the deck until the item is spent, so a
reshuffle does not return it (§7 "Items are held in hand").
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field

from ..loader import Span
from ..rules import Rules
from .food import food_steps

RESOURCES = ("steps", "coins", "gems", "keys", "ivory_dice")


@dataclass(frozen=True)
class CardGain:
    """The effect of one card: fixed ``amounts`` (a :class:`Span` is a printed range), the
    ``item`` taken into hand (None if none, or already held), trunk tokens placed, and
    whether the card itself stays in hand (``kept``)."""

    amounts: Mapping[str, int | Span] = field(default_factory=dict)
    item: str | None = None
    trunks: int = 0
    kept: bool = False


def card_gain(rules: Rules, deck: str, card: str, held: Collection[str] = (),
              lying: Collection[str] = ()) -> CardGain:
    """What drawing ``card`` from ``deck`` gives while holding the items ``held``.

    The card's printed resources; food's steps with the modifiers held (§11); the card's
    item unless already held, in which case ``instead_*`` is paid (§8; a fresh card of an
    item with charges and no ``instead_*`` replaces the held one, see the module); the Running Shoes
    give their steps on collection and are not kept under ``running_shoes=consumed`` (§7).
    An item ``lying`` on a tile is in play too: its card gives no second copy (§7 The Shovel:
    "exactly one Shovel in play"), and no ``instead_*`` either (it is not held).
    """
    printed, food, item, instead, trunks = _printed(rules, deck, card)
    amounts = dict(printed)
    if food:
        amounts["steps"] = _plus(amounts.get("steps"), food_steps(rules, food, held))
    if item and item in lying and item not in held:
        item = None
    if item and item in held and (instead or _charges(rules, item) == 1):
        for resource, extra in instead:
            amounts[resource] = _plus(amounts.get(resource), extra)
        item = None
    if item == "Running Shoes" and rules.variant("running_shoes") == "consumed":
        item = None
    kept = item is not None and rules.variant("held_item_cards") == "in_hand"
    return CardGain(amounts, item, trunks, kept)


def _printed(rules: Rules, deck: str, card: str) -> tuple:
    """What ``card`` of ``deck`` prints: its resources, food, item, ``instead_*`` payments
    and trunk tokens; kept per rules value."""
    known = rules._memo["printed_cards"]
    if (deck, card) not in known:
        row = rules.rows(f"decks/{deck}.csv")[card]
        amounts = {resource: row.get(resource) for resource in RESOURCES
                   if isinstance(row.get(resource), Span) or row.get(resource)}
        instead = tuple((resource, row.get(f"instead_{resource}")) for resource in ("keys", "coins")
                        if row.get(f"instead_{resource}"))
        known[deck, card] = (amounts, row.get("food") or None, row.get("item") or None, instead,
                             int(row.get("trunks") or 0))
    return known[deck, card]


def _charges(rules: Rules, item: str) -> int:
    row = rules.rows("tables/items.csv").get(item) or {}
    return int(row.get("charges") or 1)


def _plus(value: int | Span | None, extra: int | Span) -> int | Span:
    if value is None:
        return extra
    if isinstance(value, Span) or isinstance(extra, Span):
        raise ValueError("a card cannot add two printed ranges")
    return int(value) + int(extra)


#: §7 Special Items Deck: "Cupcake ... Found in the Walk-in Closet".
CUPCAKE_ROOM = "Walk-in Closet"


def card_refused(rules: Rules, deck: str, card: str, room: str | None) -> bool:
    """Whether ``card`` drawn in ``room`` goes back into its deck for another draw: under
    ``cupcake_source=walk_in_closet_only`` the Cupcake (the card whose food is ``cupcake``)
    is found only in the Walk-in Closet (§7 Special Items Deck)."""
    row = rules.rows(f"decks/{deck}.csv").get(card) or {}
    return row.get("food") == "cupcake" and room != CUPCAKE_ROOM and \
        rules.variant("cupcake_source") == "walk_in_closet_only"


def refuses_cards(rules: Rules, deck: str, room: str | None) -> bool:
    """Whether some card of ``deck`` is sent back when drawn in ``room`` (:func:`card_refused`)."""
    return bool(refused_cards(rules, deck, room))


def refused_cards(rules: Rules, deck: str, room: str | None) -> frozenset[str]:
    """The cards of ``deck`` that :func:`card_refused` sends back when drawn in ``room``;
    kept per rules value."""
    known = rules._memo["refused_cards"]
    key = (deck, room)
    if key not in known:
        known[key] = frozenset(card for card in rules.rows(f"decks/{deck}.csv")
                               if card_refused(rules, deck, card, room))
    return known[key]
