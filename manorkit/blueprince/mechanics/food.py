"""Steps from food (§11 Fruit Tokens, §8 Turnip, §7 Cupcake, §11 The Dining Room Meal)."""

from __future__ import annotations

from collections.abc import Collection

from ..rules import Rules


def food_steps(rules: Rules, food: str, held: Collection[str] = (), base: int | None = None) -> int:
    """Steps gained from eating ``food`` while holding ``held`` items: the modifiers of
    ``food_modifiers.csv`` apply in their ``order`` (Salt Shaker +1, then Silver Spoon ×2).
    ``base`` overrides the printed steps (a meal with its bonus, a Chef Salad's count)."""
    table = rules.rows("tables/food.csv")
    if food not in table:
        raise KeyError(f"no food {food!r}; foods: {', '.join(table)}")
    steps = table[food]["steps"] if base is None else base
    if steps is None:
        raise ValueError(f"{food!r} has no fixed step value (it depends on the board)")
    mods = sorted(rules.rows("tables/food_modifiers.csv").values(), key=lambda r: r["order"])
    for mod in mods:
        if mod["item"] in held:
            steps = steps + mod["amount"] if mod["op"] == "add" else steps * mod["amount"]
    return int(steps)
