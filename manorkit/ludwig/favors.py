"""King's Favor scoring (Final Scoring; Solo Mode; King's Favors).

Players are ranked from the most to the fewest of the Favor's item (Player Order: by turn
order, see the ``player_order_favor`` variant). Players tied for a place split the VPs of
that place and the next one(s), rounded down; a player with no qualifying item (a count of
0) scores nothing. Solo, the Reserve pile is the opponent: 15 VP for an untied 1st, else 0.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .rules import Rules, load_rules


def favor_scores(counts: Mapping[str, int], rules: Rules | None = None,
                 wins_ties: str | None = None) -> dict[str, int]:
    """VPs per player for one Favor from each player's count. ``wins_ties``: the player
    holding the Royal Decree "you win ties" (scores the higher place; those tied with them
    split the next ones)."""
    rules = rules or load_rules()
    if not counts:
        raise ValueError("counts is empty; expected at least one player")
    for name, value in counts.items():
        if not isinstance(value, int) or value < 0:
            raise ValueError(f"count of {name!r} is {value!r}; expected a whole number ≥ 0")
    if wins_ties is not None and wins_ties not in counts:
        raise ValueError(f"wins_ties is {wins_ties!r}; expected one of the players")
    vps = rules.favor_vps()
    place = lambda i: vps[i] if i < len(vps) else 0  # noqa: E731
    out, i = {}, 0
    for value in sorted(set(counts.values()), reverse=True):
        tied = [n for n, v in counts.items() if v == value]
        if wins_ties in tied and len(tied) > 1:
            groups = [[wins_ties], [n for n in tied if n != wins_ties]]
        else:
            groups = [tied]
        for group in groups:
            share = sum(place(i + k) for k in range(len(group))) // len(group)
            for n in group:
                out[n] = share if value > 0 else 0
            i += len(group)
    return out


def player_order_scores(order: Sequence[str], rules: Rules | None = None) -> dict[str, int]:
    """The Player Order Favor from the final turn order (first player first)."""
    rules = rules or load_rules()
    if len(set(order)) != len(order) or not order:
        raise ValueError(f"order is {list(order)!r}; expected each player once")
    ranked = list(order) if rules.variant("player_order_favor") == "first_ranks_first" \
        else list(reversed(order))
    return favor_scores({n: len(ranked) - i for i, n in enumerate(ranked)}, rules)


def solo_favor(mine: int, reserve: int, rules: Rules | None = None) -> int:
    """Solo: 15 VP for an untied 1st against the Reserve pile (with a qualifying item)."""
    rules = rules or load_rules()
    for name, value in (("mine", mine), ("reserve", reserve)):
        if not isinstance(value, int) or value < 0:
            raise ValueError(f"{name} is {value!r}; expected a whole number at least 0")
    return rules.favor_vps()[0] if mine > reserve else 0
