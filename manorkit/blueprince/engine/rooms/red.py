"""Red Rooms (§16 Furnace, Chapel, Archives, Lavatory, Gymnasium, Weight Room; §5 Darkroom and
Lost and Found; §19 Shelter tokens).

Already handled elsewhere: the Furnace's redraw restrictions and pass (variants
``furnace_pass``, ``furnace_blocked_redraws``) and the Archives' hide phase (variant
``archives_redraws``) in :mod:`..drafting` and :mod:`..reducer`; the Chapel's coin and the
Gymnasium's step losses on every entry in ``room_resources.csv`` (negated on a sheltered
cell by :func:`..rewards.entry_rewards`); the red die of the Gymnasium's and Weight Room's doors
in ``rooms.csv`` ``lock``.

The Lost pile (§5 Darkroom) is the flag ``"lost"``: a tuple of ``[name, count]`` pairs, an
item with its charges left or a resource token (``lost_item_tokens=tokens_too``); a bare item
name (an item put there by another room, e.g. the Coat Check's) counts as the item with fresh
charges. Cards of items lost from hand stay out of their decks while they wait there.
"""

from __future__ import annotations

from ...mechanics.entries import pays
from ...mechanics.hand import TOKENS, blind_pick
from ...mechanics.numbers import number
from ...placement import Cell
from ..hooks import on_draft, on_enter, on_roll, passive
from ..pending import Roll

# -- Shelter tokens (§19) -------------------------------------------------------------------------

def shelter(work, cell: Cell) -> None:
    """§19 Shelter: a Red Room drafted while Shelter tokens remain (flag ``"shelter_tokens"``,
    set by the Shelter) takes one; its cell joins the flag ``"sheltered"``, whose negative
    effects do not apply for the rest of the run."""
    left = work.flag("shelter_tokens", 0)
    if not left or sheltered(work, cell):
        return
    used = min(left, number(work.rules, "shelter_tokens_per_room"))
    work.set_flag("shelter_tokens", left - used)
    work.set_flag("sheltered", tuple(work.flag("sheltered", ())) + (list(cell),))
    work.log(f"a Shelter token on {work.room_at(cell)}: its negative effect is negated "
             f"({left - used} left)", "§19 Shelter")


def sheltered(work, cell: Cell) -> bool:
    return list(cell) in work.flag("sheltered", ())


passive("§16 Furnace: a Red Room face up in the draw cannot be redrawn with a free redraw "
        "(drafting.redraws, variants furnace_blocked_redraws, furnace_pass)", "Furnace")
passive("§16 Archives: every draft hides one drawn tile, drawn face-down and decided only when "
        "turned face up (reducer.phase, Work.advance, pending.BackDraw and Reveal)", "Archives")


@on_draft("Furnace", "Chapel", "Archives", "Lavatory", "Gymnasium", "Darkroom", "Lost & Found")
def _red_drafted(work, cell: Cell) -> None:
    """§19 Shelter: a Red Room drafted while the Shelter is active takes a Shelter token. The
    rooms' own rules are data or drafting rules (§16 Furnace, Chapel, Archives, Lavatory,
    Gymnasium) or entry effects (§5 Darkroom, Lost and Found)."""
    shelter(work, cell)


# -- Weight Room (§16) -------------------------------------------------------------------------

@on_draft("Weight Room")
def _weight_room(work, cell: Cell) -> None:
    """§16 Weight Room: on draft lose half your current steps, rounded down (21 leaves 11).
    A Shelter token placed first negates it under ``weight_room_shelter=shelter_first``; under
    ``entry_only`` the token is placed (and used up) but the draft-time loss applies."""
    shelter(work, cell)
    if sheltered(work, cell) and work.rules.variant("weight_room_shelter") == "shelter_first":
        work.log("the Shelter token negates the Weight Room's loss", "§19 Shelter")
        return
    loss = work.res["steps"] // number(work.rules, "weight_room_divisor")
    work.gain("steps", -loss, "the Weight Room takes half your steps", "§16 Weight Room")


# -- the hand, the Lost pile ---------------------------------------------------------------------

def pieces(work) -> tuple[tuple[str, int], ...]:
    """What a blind draw "from your hand" can take (:func:`mechanics.hand.blind_pick`)."""
    return tuple(blind_pick(work.rules, work.items, work.res).items())


def set_aside(work, name: str, why: str, section: str) -> None:
    """Put a held item (its charges kept, its card out of the deck) or one resource token
    face-down in the Lost pile (§5 Darkroom, §18 Coat Check)."""
    if name in TOKENS:
        work.gain(name, -1, why, section)
        count = 1
    else:
        count = work.items.pop(name)
        work.log(f"the {name} is set aside as Lost ({why})", section)
    work.set_flag("lost", tuple(work.flag("lost", ())) + ([name, count],))


def lost_pile(work) -> list[tuple[str, int | None]]:
    """The Lost pile as ``(name, count)``: count None for a bare item name (fresh charges)."""
    return [(e, None) if isinstance(e, str) else (e[0], e[1]) for e in work.flag("lost", ())]


def collect_lost(work, section: str = "§5 Lost and Found") -> None:
    """Pick up everything in the Lost pile (§5 Lost and Found step 2)."""
    lost = lost_pile(work)
    if not lost:
        work.log("nothing is stored in the Lost pile: the toll was paid for nothing", section)
        return
    work.set_flag("lost", ())
    for name, count in lost:
        if count is None:
            work.gain_item(name, section)
        elif name in TOKENS:
            work.gain(name, count, "collected from the Lost pile", section)
        elif name in work.items:  # a second copy was found meanwhile: the lost card is spent
            work.release_card(name)
            work.log(f"the lost {name} is already held again: its card is discarded", section)
        else:
            work.items[name] = count
            work.log(f"collected the {name} from the Lost pile", section)


# -- Darkroom (§5) ---------------------------------------------------------------------------------

@on_enter("Darkroom")
def _darkroom(work, cell: Cell, first: bool) -> None:
    """§5 Darkroom: on entry draw 1 held item at random into the Lost pile (nothing if no item
    is held, or on a sheltered tile), then take the Photo from the tile. The stumble comes on
    the first entry each run, or on every entry under ``repeat_entry_rewards=every_entry``.
    The first visit brings the Lost & Found into play (§5, §7 Photo)."""
    if first:
        _find_lost_and_found(work)
    if pays(work.rules, "entry", first):
        if sheltered(work, cell):
            work.log("the Shelter token: nothing is lost in the dark", "§19 Shelter")
        elif pieces(work):
            work.queue(_blind_draw("darkroom", work, cell,
                                   number(work.rules, "darkroom_lost_items")))
            return  # the Photo comes after the loss (_lost_in_the_dark)
        else:
            work.log("no item held: nothing is lost in the dark", "§5 Darkroom")
    _photo(work, cell)


def _blind_draw(purpose: str, work, cell: Cell, left: int) -> Roll:
    return Roll(purpose, cell, options=pieces(work), data=(left,))


@on_roll("darkroom", "lost in the dark")
def _lost_in_the_dark(work, step: Roll, value) -> None:
    if value in work.items or value in TOKENS and work.res[value]:
        set_aside(work, value, "lost in the dark", "§5 Darkroom")
    left = step.data[0] - 1
    if left and pieces(work):
        work.queue(_blind_draw("darkroom", work, step.cell, left), front=True)
    else:
        _photo(work, step.cell)


def _photo(work, cell: Cell) -> None:
    """§5 Darkroom, §7 Photo: the one Photo card lies on the Darkroom tile until taken."""
    if work.flag("photo_taken"):
        return
    work.set_flag("photo_taken", True)
    work.gain_item("Photo", "§5 Darkroom")


def _find_lost_and_found(work) -> None:
    """§5 Lost and Found: "It enters play only after the first Darkroom visit": recorded on
    the Carry-Forward card; under ``found_floorplan_timing=same_run`` it joins the bag now."""
    name = "Lost & Found"
    if name in work.s.campaign.found or work.flag(f"found:{name}"):
        return
    work.set_flag(f"found:{name}", True)
    work.carry_forward(f"found:{name}", True, "the Lost & Found floor plan is found",
                       "§5 Found Floorplans")
    if work.rules.variant("found_floorplan_timing") == "same_run":
        work.add_to_bag(name, "found in the Darkroom", "§5 Found Floorplans")


# -- Lost & Found (§5) --------------------------------------------------------------------------

@on_enter("Lost & Found")
def _lost_and_found(work, cell: Cell, first: bool) -> None:
    """§5 Lost and Found, every visit: if you hold any items, one at random is discarded;
    then collect the Lost pile. Empty-handed there is no toll and nothing to collect
    (``lost_found_empty_hands=no_collect``) or a free collection (``collect_free``). A
    sheltered tile takes no toll (§19)."""
    held = pieces(work)
    if sheltered(work, cell):
        work.log("the Shelter token: the Lost & Found takes nothing", "§19 Shelter")
        if held or work.rules.variant("lost_found_empty_hands") == "collect_free":
            collect_lost(work)
    elif held:
        work.queue(_blind_draw("lost_and_found", work, cell,
                               number(work.rules, "lost_found_toll_items")))
    elif work.rules.variant("lost_found_empty_hands") == "collect_free":
        work.log("no item held: no toll", "§5 Lost and Found")
        collect_lost(work)
    else:
        work.log("no item held: no toll, and the room gives nothing (it takes before it "
                 "gives)", "§5 Lost and Found")


@on_roll("lost_and_found", "taken by the Lost & Found")
def _toll(work, step: Roll, value) -> None:
    if value in TOKENS:
        if work.res[value]:
            work.gain(value, -1, "the Lost & Found's toll", "§5 Lost and Found")
    elif value in work.items:
        work.lose_item(value)
        work.log(f"the Lost & Found takes the {value} (discarded)", "§5 Lost and Found")
    left = step.data[0] - 1
    if left and pieces(work):
        work.queue(_blind_draw("lost_and_found", work, step.cell, left), front=True)
    else:
        collect_lost(work)
