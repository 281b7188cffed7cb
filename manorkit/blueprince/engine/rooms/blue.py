"""Blueprint rooms (§7 Guaranteed resources, §16 Simple Resource Rooms and room entries)."""

from __future__ import annotations

from ..hooks import data_only, on_draft
from .common import fruit_roll

data_only("§16 Simple Resource Rooms: room_resources.csv, item_spawns.csv",
          "Den", "Storeroom", "Wine Cellar", "Vault", "Nook", "Spare Room")


@on_draft("Pantry")
def _pantry(work, cell) -> None:
    """§16 Pantry: 1 random fruit token on the tile when drafted (none under
    ``pantry_maid_suppression=suppressed`` once the Maid's Chamber is drafted); its 4 coins
    come on first entry (room_resources.csv)."""
    if work.flag("maid") and work.rules.variant("pantry_maid_suppression") == "suppressed":
        work.log("the Maid's Chamber suppresses the Pantry's fruit", "§16 Pantry")
        return
    work.queue(fruit_roll(work, cell))
