"""Probe golden days: each is played with the default readings, and scripted so that one
variant's other reading changes the outcome (``tests/test_variants_live.py`` replays them)."""

from manorkit.blueprince.engine import Campaign  # noqa: F401

from .play import Script

FILLERS = ("Spare Room", "Storeroom")


def draft(direction: str, tile: str) -> tuple[str, ...]:
    """Draft ``tile`` from Slot 1 through ``direction``, the Spare Room and Storeroom beside."""
    return (f"draft {direction}", f"tile drawn: {tile}",
            *(f"tile drawn: {t}" for t in FILLERS), f"take Slot 1: {tile}")


SCRIPTS = {
    # §16 Her Ladyship's Chamber: the Boudoir entered before the Chamber is drafted; its next
    # entry gets +10 (after_draft), none under first_entry_of_run.
    "variant_ladyship_bonuses": Script((
        *draft("east", "Boudoir"), "trunk roll: LOCKED", "move to Boudoir", "spawn roll: 1",
        "move to Entrance Hall",
        *draft("north", "Her Ladyship's Chamber"), "trunk roll: LOCKED",
        "move to Boudoir", "end the day",
    )),
}
