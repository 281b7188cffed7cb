"""Golden campaigns: scripted days played one after another through a campaign, each day
starting from the morning the days before left; their logs are committed as text in
``campaign_logs/``. Rewrite on purpose with ``python -m tests.golden.campaigns [NAME ...]``."""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path

from manorkit.blueprince import load_rules
from manorkit.blueprince.engine import CampaignState, new_campaign
from manorkit.blueprince.engine.script import choose

from .play import log_text
from .scripts import scripts

LOGS = Path(__file__).resolve().parent / "campaign_logs"


@dataclass(frozen=True)
class CampaignScript:
    """Days of scripted steps (see :mod:`manorkit.blueprince.engine.script`), a campaign
    seed and the variants."""

    days: tuple[tuple[str, ...], ...]
    seed: int = 0
    variants: dict = field(default_factory=dict)


def _days():
    every = scripts()
    return (
        # Day 1: the Drafting Studio unlocks the Kennel; the Drawing Room safe opens.
        every["blue_drafting_rooms"].steps,
        # Day 2: The Foundation is placed for good at (1, 4); the first Observatory entry
        # finds the Planetarium floor plan.
        ("draft east", "tile drawn: The Foundation", "tile drawn: Den", "tile drawn: Nook",
         "take Slot 1: The Foundation", "orientation: 1", "move to The Foundation",
         "draft north", "tile drawn: Observatory", "tile drawn: Den", "tile drawn: Nook",
         "take Slot 1: Observatory", "orientation: 0", "move to Observatory",
         "constellation: 4", "end the day"),
        # Day 3: the Sauna, a Tomorrow Room drafted while the Pool is in the house: +20 steps.
        every["green_pool_lockers_sauna"].steps,
        # Day 4: starting with 70 steps, the Broken Lever opens the south door: a win.
        every["green_south_lever_win"].steps,
    )


CAMPAIGNS = {"campaign_four_days": CampaignScript(_days(), seed=11)}


def play_campaign(script: CampaignScript) -> tuple[CampaignState, list]:
    """The campaign a script reaches, and each day's final state."""
    campaign = new_campaign(load_rules(**script.variants), seed=script.seed)
    ends = []
    for steps in script.days:
        state = campaign.morning()
        for text in steps:
            state = state.settle() if text == "settle" else state.apply(choose(state, text))
        ends.append(state)
        campaign = campaign.end_day(state)
    return campaign, ends


def campaign_text(script: CampaignScript) -> str:
    """Every day's log, then the days table and the Carry-Forward card of the last morning."""
    campaign, ends = play_campaign(script)
    parts = []
    for day, state in zip(campaign.days, ends, strict=True):
        parts.append(f"=== day {day.number}: seed {day.seed}, run {day.morning.run}, "
                     f"morning {day.morning.to_json()}\n")
        parts.append(log_text(state))
    parts.append("=== days\n" + campaign.table().to_string(index=False) + "\n")
    parts.append("=== the Carry-Forward card\n" + campaign.card().to_string(index=False) + "\n")
    return "".join(parts)


def main(names: list[str]) -> int:
    LOGS.mkdir(exist_ok=True)
    for name in names or sorted(CAMPAIGNS):
        path, text = LOGS / f"{name}.txt", campaign_text(CAMPAIGNS[name])
        if not path.exists() or path.read_text() != text:
            path.write_text(text)
            print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
