"""Every roll and draw the peer games' rulebooks name has its calculator, and every variant
changes something: a patch, or code that reads its id."""

from pathlib import Path

import pytest

from manorkit import mystery_mansion as mm
from manorkit import nightmare_house as nh

ROOT = Path(__file__).resolve().parent.parent

#: Each roll of phases.csv → the calculators (tested in test_nightmare_house.py).
NH_ROLLS = {
    "Power Markers drawn": (nh.house_draw, nh.hunter_draw, nh.power_draw, nh.power_total),
    "Haunt drawn": (nh.haunt_draw,), "Exorcism": (nh.exorcism, nh.entity_after),
    "Possession defence": (nh.possession_defence,),
    "Healing": (nh.healing,), "Lights on": (nh.lights_on,), "Lights off": (nh.lights_off,),
    "Warding": (nh.warding,), "Haunting": (nh.haunting, nh.haunting_group, nh.possessed_total),
    "Search": (nh.search,), "Panic check": (nh.panic,), "Astral entry": (nh.astral_entry,),
    "Lost": (nh.lost_landing,), "Possession attack": (nh.possession_attack,),
}
#: Every roll and draw of the Mystery Mansion text → its calculators (test_mystery_mansion.py).
MM_ROLLS = {
    "door die": (mm.door_die, mm.actions_to_enter, mm.turn_of_entry, mm.first_turn,
                 mm.rooms_added),
    "room picked facedown": (mm.room_draw, mm.allowed_levels),
    "Search card drawn": (mm.search_card, mm.clue_draws),
    "Clue card drawn": (mm.clue_card, mm.clue_play, mm.chest_cards),
    "card stolen at random": (mm.random_card,),
    "chest found and claimed": (mm.key_matches,),
    "chest opened": (mm.real_treasure, mm.chests_to_real),
}


def test_every_nightmare_house_roll_has_a_calculator():
    named = set()
    for rolls in nh.load_rules().phases["rolls"].dropna():
        named |= {r.split(" (")[0].strip() for r in rolls.split(";")}
    assert named == set(NH_ROLLS)
    assert all(f.__name__ in nh.__all__ for fs in NH_ROLLS.values() for f in fs)
    assert all(f.__name__ in mm.__all__ for fs in MM_ROLLS.values() for f in fs)


@pytest.mark.parametrize("game", [mm, nh], ids=lambda g: g.__name__.rsplit(".", 1)[1])
def test_every_variant_is_live(game):
    rules = game.load_rules()
    code = "".join(p.read_text(encoding="utf-8")
                   for p in Path(game.__file__).parent.glob("*.py"))
    for vid in rules.choices:
        others = [rules.with_variants(**{vid: rid}) for rid in rules.readings(vid).index
                  if rid != rules.variant(vid)]
        patched = all(_cells(r) != _cells(rules) for r in others)
        assert f'"{vid}"' in code or patched, f"{vid}: neither read in code nor patched"


def _cells(rules) -> dict:
    return {f: {k: dict(row) for k, row in rules.rows(f).items()} for f in rules.files}


@pytest.mark.parametrize("game", [mm, nh], ids=lambda g: g.__name__.rsplit(".", 1)[1])
def test_placeholders_are_values_and_gaps_are_silences(game):
    rules = game.load_rules()
    ph = rules.placeholders
    assert "gaps.csv" not in set(ph.file) and len(ph) > 10
    assert set(ph.file) <= set(rules.files)
    marked = {(f, k) for f in rules.files if f != "gaps.csv"
              for k, row in rules.rows(f).items()
              if row.get("placeholder") or row.get("source") == "placeholder"}
    assert marked == set(zip(ph.file, ph.row, strict=True))
    assert {"room_doors", "game_length"} <= set(rules.gaps.index) if game is mm else \
        {"map", "haunt_cup", "exorcism_roll"} <= set(rules.gaps.index)
