"""What the draft pipeline keeps per rules value (tile weights, ...) follows the rules: a
rules value made by an edit or another reading never reads an entry kept for another."""

from __future__ import annotations

from manorkit.blueprince import load_rules
from manorkit.blueprince.engine.pending import _favoured, _weighted


def test_tile_weights_are_kept_per_rules_value():
    plain = load_rules()
    assert not _weighted(plain) and not _favoured(plain, True)  # kept for these rules now
    fav = plain.with_variants(greenhouse_draft_effect="favour_green")
    assert _weighted(fav) and not _favoured(fav, False)
    assert set(_favoured(fav, True)) == {r for r in fav.rows("rooms.csv")
                                         if "green" in fav.room(r)["colours"]}
    flat = fav.with_table("numbers", "greenhouse_green_weight", value=1)
    assert not _weighted(flat) and _weighted(fav)
