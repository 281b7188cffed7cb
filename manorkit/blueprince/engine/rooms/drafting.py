"""Drafting Rooms (§4 Step 4, §16 Drawing Room, Study, Library, §17 The Drafting Studio).

Their redraw and draw-size rules live where every draft reads them (``engine/drafting.py``:
the Drawing Room's free redraw, the Study's gem redraws, the Library's cheapest slot;
``mechanics.draw_size``: the Library's 4 tiles). Here: the safes, the Study's activation
under ``study_activation=after_entry`` and the Drafting Studio's unlocks.
"""

from __future__ import annotations

from ...mechanics.numbers import number
from ..actions import Use
from ..hooks import offers, on_enter, on_use, passive
from ..rewards import safe_gem

passive("§16 Library: 4 tiles from its exit (mechanics.draw_size), Slot 1 or the cheapest "
        "tile free (drafting.slot_cost, variant library_free_slot)", "Library")
passive("§16 Drawing Room: 1 free redraw per draft from its doors (drafting.redraws)",
        "Drawing Room")
passive("§16 Study: 1 gem a redraw at any draft, up to 8, after the Drawing Room's "
        "(drafting.redraws)", "Study")


@on_enter("Drawing Room")
def _drawing_room(work, cell, first: bool) -> None:
    """§16 Drawing Room, §14: its safe's gem (the free redraw is ``drafting.redraws``)."""
    safe_gem(work, cell, first)


@on_enter("Study")
def _study(work, cell, first: bool) -> None:
    """§16 Study, §14: its safe's gem; under ``study_activation=after_entry`` being in the
    Study switches its gem redraws on for the rest of the run (§4 Action D)."""
    safe_gem(work, cell, first)
    if work.rules.variant("study_activation") == "after_entry" and not work.flag(
            "study_entered"):
        work.set_flag("study_entered", True)
        work.log("the Study's gem redraws are switched on for this run", "§4 Action D")


# -- the Drafting Studio ------------------------------------------------------------------

def studio_additions(rules) -> tuple[str, ...]:
    """The Studio Additions of ``rooms.csv`` (§17), in catalog order."""
    return tuple(n for n, r in rules.rows("rooms.csv").items() if r["category"] == "studio")


def studio_cap(rules) -> int:
    """How many Additions the campaign can unlock (variant ``studio_additions_count``)."""
    reading = rules.variant("studio_additions_count")
    if reading == "seven":
        return len(studio_additions(rules))
    return number(rules, f"studio_additions_{reading}")


def unlocked(campaign, carry) -> tuple[str, ...]:
    """Additions unlocked by earlier runs (the campaign) and by this run (the carry)."""
    return tuple(campaign.unlocked) + tuple(carry.get("unlocked", ()))


@on_enter("Drafting Studio")
def _drafting_studio(work, cell, first: bool) -> None:
    """§17 How It Works: entering, choose one unchecked Addition to unlock
    (``Use("unlock_studio", room)``): once per run, or once per visit under
    ``studio_unlocks_per_run=one_per_visit``."""
    per_visit = work.rules.variant("studio_unlocks_per_run") == "one_per_visit"
    done = len(work.flag("studio_unlocks", ()))
    allowed = number(work.rules, "studio_unlocks")
    work.set_flag("studio_offer", allowed if per_visit else max(0, allowed - done))
    if len(unlocked(work.s.campaign, work.carry)) >= studio_cap(work.rules):
        work.log("every Studio Addition is checked: the drawing board is empty", "§17")


@offers("Drafting Studio")
def _studio_offers(state, cell) -> list:
    have = set(unlocked(state.campaign, state.carry))
    if not state.flags.get("studio_offer") or len(have) >= studio_cap(state.rules):
        return []
    return [Use("unlock_studio", room) for room in studio_additions(state.rules)
            if room not in have]


@on_use("unlock_studio", "§17 How It Works")
def _unlock_studio(work, action) -> None:
    """§17: check the Addition off for the campaign (carry ``unlocked``) and add its tile to
    the Active Bag at once for the rest of this run."""
    room = action.target
    work.set_flag("studio_offer", work.flag("studio_offer") - 1)
    work.set_flag("studio_unlocks", work.flag("studio_unlocks", ()) + (room,))
    work.carry_forward("unlocked", tuple(work.carry.get("unlocked", ())) + (room,),
                       f"{room} is unlocked for the campaign", "§17 How It Works")
    work.add_to_bag(room, "unlocked at the Drafting Studio", "§17 How It Works")
