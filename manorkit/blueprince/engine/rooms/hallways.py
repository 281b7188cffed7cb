"""Orange Hallways (§6 Special Lock Rules, §16 Hallway, Wing Halls, Corridor, Great Hall)."""

from __future__ import annotations

from ..hooks import data_only

data_only("§16 Hallway: doors, placement and locks are rooms.csv",
          "Hallway", "West Wing Hall", "East Wing Hall", "Corridor", "Passageway",
          "Great Hall")
