"""The Pantry's random fruit token (§11 Fruit Sources, §11 Fruit Token Supply, §16 Pantry)."""

from __future__ import annotations

from collections.abc import Mapping

from ..rules import Rules


def pantry_fruit_weights(rules: Rules, on_board: Mapping[str, int] | None = None
                         ) -> dict[str, int]:
    """Integer weights of the fruit the Pantry draws (zero-weight fruit left out).

    Variant ``pantry_fruit``: ``supply_weights`` weighs by ``pantry_fruit.csv``;
    ``deck_ratio`` by the fruit cards of the Common Items deck (3 apples : 2 bananas :
    1 orange as shipped); ``remaining_supply`` draws blind from the token supply
    (``fruit_supply.csv``) less the tokens ``on_board``.
    """
    reading = rules.variant("pantry_fruit")
    if reading == "deck_ratio":
        counts: dict[str, int] = {}
        for card, row in rules.rows("decks/common_items.csv").items():
            fruit = row.get("food")
            if fruit in rules.rows("tables/fruit_supply.csv"):
                counts[fruit] = counts.get(fruit, 0) + int(rules.deck_counts("common_items")
                                                           .get(card, 0))
        weights = counts
    elif reading == "remaining_supply":
        weights = supply_left(rules, on_board)
    else:
        weights = {f: r["weight"] for f, r in rules.rows("tables/pantry_fruit.csv").items()}
    return {f: w for f, w in sorted(weights.items()) if w}


def supply_left(rules: Rules, on_board: Mapping[str, int] | None = None) -> dict[str, int]:
    """The fruit tokens left in the box supply (``fruit_supply.csv``: 8 apples, 6 bananas,
    4 oranges, §11 Fruit Token Supply) less the tokens ``on_board``, zero-count fruit left
    out: the weights of a fruit drawn blind from the supply."""
    used = on_board or {}
    left = {f: max(0, r["tokens"] - used.get(f, 0))
            for f, r in rules.rows("tables/fruit_supply.csv").items()}
    return {f: n for f, n in sorted(left.items()) if n}
