"""Bedrooms, the purple rooms (§16 room entries, §14 Carry-Forward, §18 Bunk Room).

Data already does most of it: entry steps (``room_resources.csv``), trunk rolls and how many
Bedrooms a tile counts as (``rooms.csv`` ``trunk_rolls``, ``bedroom_weight``: Bunk Room 2),
random spawns (``item_spawns.csv``, suppressed by the Maid's Chamber in :mod:`..rewards`). The
Sleeping Mask lives in :mod:`..items`, the Prism Key's purple effect in :mod:`.keys`.
"""

from __future__ import annotations

from ...mechanics.entries import pays
from ...mechanics.numbers import number
from ...placement import Cell
from ..hooks import data_only, on_draft, on_end_day, on_enter, watches_entries, while_on_board
from ..setup import ANTECHAMBER, START
from .red import lost_pile, shelter

data_only("§16 Bedroom, Bunk Room, Guest Bedroom: entry steps in room_resources.csv, trunk "
          "rolls and bedroom_weight in rooms.csv, spawn rolls in item_spawns.csv",
          "Bedroom", "Bunk Room", "Guest Bedroom")


def weight(work, room: str) -> int:
    """How many Bedrooms a tile counts as (§18: the Bunk Room 2; not a Bedroom: 0)."""
    return work.rules.room(room)["bedroom_weight"] or 0


def bedrooms_on_board(work) -> int:
    return sum(weight(work, t.room) for t in work.board.values())


def _carry_row(work, room: str, trigger: str):
    """The ``carry_forward.csv`` row of ``room``'s ``trigger`` (§14)."""
    return next(r for r in work.rules.rows("tables/carry_forward.csv").values()
                if r["room"] == room and r["trigger"] == trigger)


def _next_run(work, room: str) -> None:
    """§14: ending the day by choice in ``room`` leaves its resources for the next morning,
    as ``carry["next_run:<room>"]`` = {resource: amount}."""
    row = _carry_row(work, room, "end_day")
    bonus = {r: int(row[r]) for r in ("steps", "gems", "keys", "coins") if row[r]}
    work.carry_forward(f"next_run:{room}", bonus, row["effect"], row["source"])


# -- Nursery, Servant's Quarters ---------------------------------------------------------------

def _nursery_steps(work, drafted: Cell, why: str) -> None:
    steps = weight(work, work.room_at(drafted)) * number(work.rules, "nursery_steps")
    work.gain("steps", steps, why, "§16 Nursery")


@on_draft("Nursery")
def _nursery(work, cell: Cell) -> None:
    """§16 Nursery: +5 steps when drafted (it counts itself), before you enter."""
    _nursery_steps(work, cell, "the Nursery counts itself")


@while_on_board("Nursery")
def _nursery_watch(work, cell: Cell, drafted: Cell) -> None:
    """§16 Nursery: while it is on the board every Bedroom drafted gives +5 steps at draft,
    per Bedroom it counts as (Bunk Room +10, §18)."""
    room = work.room_at(drafted)
    if weight(work, room):
        _nursery_steps(work, drafted, f"the Nursery: {room} drafted")


@on_draft("Servant's Quarters")
def _servants_quarters(work, cell: Cell) -> None:
    """§16 Servant's Quarters: when drafted it holds 1 Key per Bedroom on the board, itself
    included (Bunk Room 2, Maid's Chamber 1), counted now; +1 Key with the Nursery on the
    board (§16 Nursery). The Keys lie on the tile until you enter."""
    keys = bedrooms_on_board(work) * number(work.rules, "servants_keys_per_bedroom")
    if "Nursery" in work.on_board():
        keys += number(work.rules, "servants_nursery_keys")
        work.log("the Nursery adds a Key to the Servant's Quarters", "§16 Nursery")
    work.place_tokens(cell, "keys", keys, "§16 Servant's Quarters")


# -- Master Bedroom ------------------------------------------------------------------------------

def room_tiles(work) -> int:
    """Tiles on the board that count for the Master Bedroom (variant ``master_bedroom_tiles``:
    ``face_up`` every tile but the face-down Antechamber, ``all_tiles`` every tile,
    ``drafted_only`` the tiles drafted this run). Each tile counts 1 (§16 Bunk Room)."""
    reading = work.rules.variant("master_bedroom_tiles")
    cells = set(work.board)
    if reading == "face_up" and ANTECHAMBER not in work.entered:
        cells.discard(ANTECHAMBER)
    elif reading == "drafted_only":
        foundation = work.s.campaign.foundation
        cells -= {START, ANTECHAMBER} | ({tuple(foundation)} if foundation else set())
    return len(cells)


@on_enter("Master Bedroom")
def _master_bedroom(work, cell: Cell, first: bool) -> None:
    """§16 Master Bedroom: on the first entry this run, +1 step per room tile on the board,
    itself included; entering again gives nothing."""
    if not first:
        return
    tiles = room_tiles(work)
    work.gain("steps", tiles * number(work.rules, "master_bedroom_steps_per_room"),
              f"Master Bedroom: {tiles} room tiles on the board", "§16 Master Bedroom")


@on_end_day("Master Bedroom")
def _master_bedroom_night(work, cell: Cell) -> None:
    """§4 Tomorrow Rooms, §14: ending the day here by choice gives +10 steps next run."""
    _next_run(work, "Master Bedroom")


# -- Her Ladyship's Chamber, Boudoir ---------------------------------------------------------

def _telescope_found(work) -> bool:
    """Whether the Telescope is held, lies on a tile or waits in the Lost pile."""
    return ("Telescope" in work.items
            or any("Telescope" in lying for lying in work.tokens.values())
            or any(name == "Telescope" for name, _ in lost_pile(work)))


@on_draft("Her Ladyship's Chamber")
def _ladyship(work, cell: Cell) -> None:
    """§16 Her Ladyship's Chamber: once drafted (no entry needed) the Walk-in Closet and
    Boudoir bonuses are on (flag ``"ladyship"``), and the Telescope is placed on the tile,
    picked up on entry, unless found already (variant ``telescope_copies``: ``one_card``
    takes the one card out of the Special Items deck or its discards; ``chamber_only`` has no
    card; ``two_sources`` places the Chamber's own copy unless one is held). Under
    ``held_item_cards=discarded`` the card taken out goes to the discards."""
    work.set_flag("ladyship", True)
    work.log("the Walk-in Closet and Boudoir bonuses are on for this run",
             "§16 Her Ladyship's Chamber")
    reading = work.rules.variant("telescope_copies")
    found = "Telescope" in work.items if reading == "two_sources" else _telescope_found(work)
    if found:
        work.log("the Telescope is found already: none appears", "§16 Her Ladyship's Chamber")
        return
    if reading == "one_card":
        card = ("special_items", "Telescope")
        remaining, discard = work.decks[card[0]]
        pile = remaining if remaining.get(card[1]) else discard if discard.get(card[1]) else None
        if pile is None:
            work.log("the Telescope card is not in the deck: none appears",
                     "§16 Her Ladyship's Chamber")
            return
        pile[card[1]] -= 1
        if work.rules.variant("held_item_cards") == "discarded":  # tracked apart from its card
            discard[card[1]] = discard.get(card[1], 0) + 1
        else:
            work.held[card] = work.held.get(card, 0) + 1
        work.log("the Telescope card is taken out of the Special Items deck",
                 "§16 Her Ladyship's Chamber")
    work.place_tokens(cell, "Telescope", 1, "§16 Her Ladyship's Chamber")


@watches_entries("Her Ladyship's Chamber")
def _ladyship_bonuses(work, cell: Cell, entry) -> None:
    """§16 Her Ladyship's Chamber, Walk-in Closet, Boudoir: after the Chamber is drafted, the
    first Walk-in Closet entry gives +3 gems on top of its draws and the first Boudoir entry
    +10 steps instead of +2 (variant ``ladyship_bonuses``: ``after_draft`` the next entry,
    even into a room entered before; ``first_entry_of_run`` only if it is that room's first
    entry this run). Once per run each."""
    room, first = entry.room, entry.first
    if room not in ("Walk-in Closet", "Boudoir") or work.flag(f"ladyship:{room}"):
        return
    if work.rules.variant("ladyship_bonuses") == "first_entry_of_run" and not first:
        return
    work.set_flag(f"ladyship:{room}", True)
    why = f"Her Ladyship's Chamber bonus in the {room}"
    if room == "Walk-in Closet":
        work.gain("gems", number(work.rules, "ladyship_closet_gems"), why,
                  "§16 Her Ladyship's Chamber")
        return
    row = work.rules.rows("tables/room_resources.csv")["Boudoir"]
    paid = int(row["steps"] or 0) if pays(work.rules, row["when"], first) else 0
    work.gain("steps", number(work.rules, "ladyship_boudoir_steps") - paid, why + " (instead "
              f"of +{int(row['steps'] or 0)})", "§16 Boudoir")


@on_end_day("Her Ladyship's Chamber")
def _ladyship_night(work, cell: Cell) -> None:
    """§16 Her Ladyship's Chamber, §14: ending the day here by choice: −10 steps and +1 key
    next run."""
    _next_run(work, "Her Ladyship's Chamber")


@on_enter("Boudoir")
def _boudoir(work, cell: Cell, first: bool) -> None:
    """§14 "Boudoir safe opened": the safe's red gem on the first entry each run (every
    entry under ``repeat_entry_rewards=every_entry``); the first time, the opened safe is
    recorded on the Carry-Forward card. Its +2 steps are data; the +10 is the Chamber's."""
    if not pays(work.rules, "entry", first):
        return
    row = _carry_row(work, "Boudoir", "first_ever_entry")
    work.gain("gems", int(row["gems"]), "the Boudoir safe", row["source"])
    if "safe:Boudoir" not in work.s.campaign.discoveries and "safe:Boudoir" not in work.carry:
        work.carry_forward("safe:Boudoir", True, row["effect"], row["source"])


# -- Maid's Chamber, Dormitory ---------------------------------------------------------------

@on_draft("Maid's Chamber")
def _maid(work, cell: Cell) -> None:
    """§16 Maid's Chamber: once drafted, random item spawns in Bedrooms and Green Rooms are
    suppressed for the run (flag ``"maid"``, read by :func:`..rewards.suppressed` and by the
    Pantry under ``pantry_maid_suppression``). It is a Red Room too: a Shelter token (§19)."""
    shelter(work, cell)
    work.set_flag("maid", True)
    work.log("item spawns in Bedrooms and Green Rooms are suppressed for the run",
             "§16 Maid's Chamber")


def drafting_rooms(rules) -> frozenset[str]:
    """The Dormitory's Drafting Rooms (``drafting_rooms.csv``; variant
    ``dormitory_drafting_rooms`` patches in the §15 draft pool rooms)."""
    return frozenset(r for r, row in rules.rows("tables/drafting_rooms.csv").items()
                     if row["dormitory"] == "yes")


@while_on_board("Dormitory")
def _dormitory_watch(work, cell: Cell, drafted: Cell) -> None:
    """§16 Dormitory: a Drafting Room drafted while it is on the board pays its next entry."""
    room = work.room_at(drafted)
    if room in drafting_rooms(work.rules) and not work.flag("dormitory_due"):
        work.set_flag("dormitory_due", True)
        work.log(f"{room} is a Drafting Room: the next Dormitory entry gives steps",
                 "§16 Dormitory")


@on_enter("Dormitory")
def _dormitory(work, cell: Cell, first: bool) -> None:
    """§16 Dormitory: +10 steps on an entry after at least one Drafting Room was drafted
    since your last entry (since the Dormitory was drafted, for the first); banked Drafting
    Rooms do not stack."""
    if work.flag("dormitory_due"):
        work.set_flag("dormitory_due", False)
        work.gain("steps", number(work.rules, "dormitory_steps"),
                  "the Dormitory after a Drafting Room", "§16 Dormitory")
