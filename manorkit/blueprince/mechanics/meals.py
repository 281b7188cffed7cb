"""The Dining Room meal (§3 step 7, §11 The Dining Room Meal, §11 Meal Card Cycle).

:func:`todays_meal` says which Meal card is served (variant ``meal_order``), :func:`meal_steps`
what eating it gives (base steps, the bonus room, starred meals under ``starred_meals``, then
the food modifiers); both the odds and the engine call them.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from ..rules import Rules
from .food import food_steps


def meal_cards(rules: Rules) -> dict[str, Mapping]:
    """Meal card → its row of ``decks/meals.csv``, in printed order (``position``)."""
    rows = rules.rows("decks/meals.csv").values()
    return {r["card"]: r for r in sorted(rows, key=lambda r: r["position"]) if r["copies"]}


def todays_meal(rules: Rules, run: int, drawn: Collection[str] = ()) -> dict[str, int]:
    """Integer weights of the main course of campaign run ``run`` (one card: certain).

    ``meal_order=printed_order``: the card at position ``run``, back to the first after the
    last. ``shuffled_cycle``: the cards are shuffled at session start into a cycle kept for
    the session, one card per run; ``drawn`` lists the meals of this session's earlier runs,
    in order, ``""`` for a run whose card was not revealed. Today's place in the cycle is
    ``len(drawn)`` modulo its size: a card seen at that place is certain; otherwise today's
    card is uniform (by copies) over the cards not seen at another place.
    """
    cards = meal_cards(rules)
    if rules.variant("meal_order") == "printed_order":
        return {list(cards)[(run - 1) % len(cards)]: 1}
    size = sum(row["copies"] for row in cards.values())
    drawn = tuple(drawn)
    seen = {i % size: card for i, card in enumerate(drawn) if card}
    if len(drawn) % size in seen:
        return {seen[len(drawn) % size]: 1}
    pool = {card: row["copies"] for card, row in cards.items()}
    for card in seen.values():
        pool[card] -= 1
    return {card: n for card, n in pool.items() if n > 0}


def meal_bonus(rules: Rules, card: str, on_board: Collection[str]) -> int:
    """The meal's extra steps: ``bonus_steps`` if its ``bonus_room`` is in the house (§11),
    except for a starred meal (``starred`` yes), whose bonus "activates when the expansion is
    added" and so never in the base game (variant ``starred_meals``)."""
    row = meal_cards(rules)[card]
    if row.get("starred") == "yes" or row["bonus_room"] not in on_board:
        return 0
    return row["bonus_steps"] or 0


def meal_steps(rules: Rules, card: str, on_board: Collection[str] = (),
               held: Collection[str] = ()) -> int:
    """Steps from eating ``card`` (§11): ``base_steps`` plus :func:`meal_bonus`; Salt Shaker
    +1 to the total, then Silver Spoon x2 (``food.csv`` meal, ``food_modifiers.csv``)."""
    row = meal_cards(rules)[card]
    return food_steps(rules, "meal", held, base=row["base_steps"] + meal_bonus(rules, card,
                                                                                  on_board))
