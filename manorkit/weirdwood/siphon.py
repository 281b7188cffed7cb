"""Therus's siphon and Insidious Spell of Corruption (Powering Therus' Spell).

Each spending of resources or Power Tokens moves his spell arms by the siphon of the current
Day (2 on Days 1-3, 4 on Days 4-7, 5 on Days 8-12). The spell fires when all three arms are
full (``arms × arm_length`` spaces; the arm length is a placeholder); extra spaces carry
over after the reset.
"""

from __future__ import annotations

from collections.abc import Iterable

from .rules import Rules, load_rules


def siphon_total(days: Iterable[int], rules: Rules | None = None) -> int:
    """Spell spaces siphoned by one spending on each of ``days``."""
    rules = rules or load_rules()
    return sum(rules.siphon(day) for day in days)


def spell_size(rules: Rules | None = None) -> int:
    """Spaces that fire the spell once: all arms full."""
    rules = rules or load_rules()
    return rules.setting("spell.csv", "arms") * rules.setting("spell.csv", "arm_length")


def spell_casts(days: Iterable[int], rules: Rules | None = None) -> int:
    """How many times the spell fires over spendings on ``days`` (from empty arms)."""
    rules = rules or load_rules()
    return siphon_total(days, rules) // spell_size(rules)


def spends_to_cast(day: int, rules: Rules | None = None) -> int:
    """Spendings on ``day`` that fire the spell once from empty arms."""
    rules = rules or load_rules()
    return -(-spell_size(rules) // rules.siphon(day))
