"""The odds package exposes the calculators under the names the issues promise."""

from fractions import Fraction

from manorkit.blueprince import odds


def test_contract_names_answer():
    assert odds.lock_chance(4) == Fraction(1, 6)
    assert odds.deck_at_least("dig", "Key", 3) == odds.deck_at_least("dig", "Key", 3, k=1)
    assert 0 < odds.draft("Master Bedroom") < 1
    assert odds.draft("Master Bedroom", redraws=2) > odds.draft("Master Bedroom")
    assert odds.item_offered_by_visit("Shovel", 7) == 1


def test_every_exported_name_exists():
    assert all(callable(getattr(odds, name)) for name in odds.__all__)
