"""A card drawn blind from your hand (§5 Darkroom, §5 Lost and Found)."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from ..rules import Rules

#: Resource tokens a blind draw may take under ``lost_item_tokens=tokens_too``.
TOKENS = ("keys", "gems", "coins", "ivory_dice")


def blind_pick(rules: Rules, items: Collection[str], resources: Mapping[str, int]
               ) -> dict[str, int]:
    """Integer weights of what a blind draw "from your hand" takes: every held item card,
    equally likely; under ``lost_item_tokens=tokens_too`` also every Key, gem, coin and Ivory
    Die token (weighted by how many are held)."""
    out = {item: 1 for item in sorted(items)}
    if rules.variant("lost_item_tokens") == "tokens_too":
        out.update({t: int(resources.get(t, 0)) for t in TOKENS if resources.get(t, 0)})
    return out
