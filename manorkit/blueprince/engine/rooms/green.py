"""Green Rooms (§8, §10, §11, §15, §16, §17), The Pool and its Event Additions (§4 Tomorrow
Rooms, §16 The Pool), and the Antechamber's south and west levers (§7 Broken Lever, §13,
§16 Secret Garden).

Whether a room is a Green Room is read with ``work.colours`` (``tunnel_colour=also_green``
makes the Tunnel one). Levers open Antechamber doors by adding their side to flag
``"levers"`` (read by ``turn.routes``).
"""

from __future__ import annotations

from ...board import WORDS, edge, placements
from ...mechanics.entries import pays
from ...mechanics.fruit import supply_left
from ...mechanics.numbers import number
from ...placement import Cell
from ..actions import Draft, Use
from ..drafting import draftable_doors, garden_spawnable
from ..hooks import (
    data_only,
    offers,
    on_draft,
    on_enter,
    on_roll,
    on_use,
    passive,
    watches_entries,
    while_on_board,
)
from ..pending import CardDraw, LockRoll, Roll
from ..reducer import HANDLERS, legal
from .spread import spread, table_spread, targets

data_only("§6 Special Lock Rules, §8 Dirt Pile Tokens, §7 Green Room spawn: 3 dirt, doors "
          "never locked and the trunk roll are rooms.csv, the spawn roll item_spawns.csv",
          "Courtyard")
passive("§16 Terrace, §4 Gem Cost Rules: Green Rooms cost 0 gems while it is on the board "
        "(mechanics.tile_cost, called by drafting.slot_cost); 1 dirt is rooms.csv", "Terrace")
passive("§17 Solarium, §15 Room Icons: the extra tile from Green Room doors (and the "
        "Library's under library_solarium=stacks) is mechanics.draw_size; the Cloister's "
        "dirt is the Cloister's draft effect", "Solarium")

GREEN = "green"


def is_green(work, room: str) -> bool:
    return GREEN in work.colours(room)


def pull_lever(work, side: str, why: str, section: str) -> bool:
    """Open the Antechamber door on ``side`` (west, south, east) for this run (§13: a lever
    marker on that side); False if it is open already."""
    levers = tuple(work.flag("levers", ()))
    if side in levers:
        return False
    work.set_flag("levers", levers + (side,))
    work.log(f"{why}: the {side} Antechamber door opens", section)
    return True


def tomorrow(work, room: str) -> None:
    """A Tomorrow Room triggered by drafting (§4 Tomorrow Rooms, §14): its
    ``carry_forward.csv`` row (trigger ``draft``) goes on the Carry-Forward card as the
    morning bonuses, ``((resource, amount), ...)``, the shape of ``Campaign.bonuses``."""
    rows = work.rules.rows("tables/carry_forward.csv")
    effect, row = next((k, r) for k, r in rows.items()
                       if r["room"] == room and r["trigger"] == "draft")
    bonuses = tuple((res, int(row[res])) for res in ("steps", "gems", "keys", "coins")
                    if row[res])
    work.carry_forward(room.lower().replace(" ", "_"), bonuses, f"{room} card: {effect}",
                       "§4 Tomorrow Rooms")


# -- Patio, Cloister (§10, §16) ------------------------------------------------------------------

@on_draft("Patio")
def _patio(work, cell) -> None:
    """§10 Spread Rooms: on draft, 1 gem token on each Green Room on the board, the Patio
    included (on the Conference Room instead while it is on the board)."""
    table_spread(work, "Patio")


@on_draft("Cloister")
def _cloister(work, cell) -> None:
    """§16 Cloister, §8, §17 Solarium: 1 dirt pile token if the Solarium is on the board when
    the Cloister is drafted (never placed later)."""
    if "Solarium" in work.on_board():
        work.add_dirt(cell, number(work.rules, "cloister_solarium_dirt"), "§16 Cloister")


# -- Greenhouse: the south lever (§7 Broken Lever, §15) ------------------------------------------

def _attach(work) -> None:
    work.lose_item("Broken Lever")
    pull_lever(work, "south", "the Broken Lever is attached to the Greenhouse wall and pulled",
               "§7 Item Reference")
    work.log("the Broken Lever is discarded", "§7 Item Reference")


def _south_closed(flags, items) -> bool:
    return "Broken Lever" in items and "south" not in flags.get("levers", ())


@on_enter("Greenhouse")
def _greenhouse(work, cell, first: bool) -> None:
    """§7 Broken Lever: entering the Greenhouse while holding it, attach it to the wall
    mechanism and pull: the south Antechamber door opens this run; discard the lever. (The
    draft pool effect of §15 is ``greenhouse_draft_effect``, read by the tile draws.)"""
    if _south_closed(work.flags, work.items):
        _attach(work)


@offers("Greenhouse")
def _greenhouse_offers(state, cell) -> list:
    """A Broken Lever gained while standing in the Greenhouse (e.g. dug from its dirt) may
    be attached without leaving and re-entering."""
    return [Use("attach_broken_lever")] if _south_closed(state.flags, state.items) else []


@on_use("attach_broken_lever", "§7 Item Reference")
def _attach_use(work, action) -> None:
    """§7 Broken Lever: attach and pull it while standing in the Greenhouse."""
    _attach(work)


# -- Veranda (§16 Veranda, §16 Maid's Chamber) ----------------------------------------------

def _add_dig_bonus(work, cell: Cell) -> None:
    extra = (list(cell),) * number(work.rules, "veranda_bonus_cards")
    work.set_flag("dig_bonus", tuple(work.flag("dig_bonus", ())) + extra)
    work.log(f"the Veranda: digs in {work.room_at(cell)} draw an extra Dig Result card",
             "§16 Veranda (variant veranda_bonus)")


@on_enter("Veranda")
def _veranda(work, cell, first: bool) -> None:
    """§16 Veranda, variant ``veranda_digs``: under ``free_draws`` its 2 dig spots are dug on
    the first entry this run without the Shovel (no dirt tokens); under ``dirt_tokens`` its
    2 dirt piles (rooms.csv) need the Shovel."""
    if first and work.rules.variant("veranda_digs") == "free_draws":
        from ..turn import dig_at  # (here: see reducer.legal)

        for _ in range(number(work.rules, "veranda_dig_draws")):
            dig_at(work, cell, "a Veranda dig spot")


@while_on_board("Veranda")
def _veranda_drafts(work, veranda: Cell, drafted: Cell) -> None:
    """§16 Veranda: remember each Green Room drafted after it (``veranda_bonus_scope=
    drafted_after``); under ``veranda_bonus=dig_draw`` its digs draw 1 extra card."""
    if not is_green(work, work.room_at(drafted)):
        return
    work.set_flag("veranda_after", tuple(work.flag("veranda_after", ())) + (list(drafted),))
    rules = work.rules
    if rules.variant("veranda_bonus") == "dig_draw" and \
            rules.variant("veranda_bonus_scope") == "drafted_after":
        _add_dig_bonus(work, drafted)


@watches_entries("Veranda")
def _veranda_entries(work, veranda: Cell, entry) -> None:
    """§16 Veranda passive: a qualifying Green Room (drafted after the Veranda, or under
    ``veranda_bonus_scope=entered_after`` any Green Room entered while it is on the board;
    never the Veranda itself) gives 1 extra Common Items card on entry (paid like entry
    rewards: first entry per run by default), or under ``veranda_bonus=dig_draw`` 1 extra
    Dig Result card per dig there. The Maid's Chamber does not suppress it (§16). Both
    readings are of drafted rooms: not the Outer Room's Root Cellar (cell None, §19)."""
    rules = work.rules
    entered, first = entry.cell, entry.first
    if entered is None or entered == veranda or not is_green(work, entry.room):
        return
    after = rules.variant("veranda_bonus_scope") == "entered_after"
    if not after and list(entered) not in work.flag("veranda_after", ()):
        return
    if rules.variant("veranda_bonus") == "dig_draw":
        if after and list(entered) not in work.flag("dig_bonus", ()):
            _add_dig_bonus(work, entered)
        return
    if pays(rules, "entry", first):
        n = number(rules, "veranda_bonus_cards")
        work.log(f"the Veranda: {n} extra Common Items card(s) in {entry.room}",
                 "§16 Veranda")
        for _ in range(n):
            work.queue(CardDraw("common_items", entered))


# -- Secret Garden: fruit and the west lever (§10, §11, §16) ---------------------------------

@on_enter("Secret Garden")
def _secret_garden(work, cell, first: bool) -> None:
    """§11 Fruit Sources, §16 Secret Garden. On the first entry this run (variant
    ``secret_garden_fruit=entry_green_rooms``): 1 apple on every Green Room on the board, a
    banana as well on every other one — every ``secret_garden_banana_every``-th in board
    order (by rank from the south, then by column from the west), the first included — and
    1 orange on the Secret Garden itself (it is a Green Room too, so it also gets its apple);
    all on the Conference Room while it is on the board (§10).

    Every entry: the west Antechamber lever is pulled (the wind vane puzzle, given nowhere,
    counts as solved); under ``west_lever=campaign_permanent`` the Carry-Forward card records
    the west door open for the rest of the campaign."""
    rules = work.rules
    if first and rules.variant("secret_garden_fruit") == "entry_green_rooms":
        every = number(rules, "secret_garden_banana_every")
        drops = []
        for i, green in enumerate(targets(work, GREEN)):
            drops.append((green, "apple"))
            if i % every == 0:
                drops.append((green, "banana"))
        drops.append((cell, "orange"))
        spread(work, drops, "§11 Fruit Sources")
    if pull_lever(work, "west", "the Secret Garden lever is pulled", "§16 Secret Garden") \
            and rules.variant("west_lever") == "campaign_permanent":
        work.carry_forward("west_lever", True, "the west Antechamber door stays open for the "
                           "campaign", "§16 Secret Garden (variant west_lever)")


@on_draft("Secret Garden")
def _secret_garden_draft(work, cell) -> None:
    """§10 Spread Rooms, variant ``secret_garden_fruit=draft_every_room``: when placed, 1
    fruit token on every room on the board, the Secret Garden included, each fruit drawn
    blind from the tokens left in the supply (``fruit_supply.csv`` less the fruit on the
    board), one room after another in board order."""
    if work.rules.variant("secret_garden_fruit") == "draft_every_room":
        _next_fruit(work, tuple(targets(work, "all")))


def _next_fruit(work, cells: tuple[Cell, ...]) -> None:
    if not cells:
        return
    on_board: dict[str, int] = {}
    for fruits in work.fruit.values():
        for f in fruits:
            on_board[f] = on_board.get(f, 0) + 1
    weights = supply_left(work.rules, on_board)
    if not weights:
        work.log("the fruit token supply is empty", "§11 Fruit Token Supply")
        return
    work.queue(Roll("garden_fruit", cells[0], options=tuple(weights.items()), data=cells[1:]),
               front=True)


@on_roll("garden_fruit", "fruit from the supply")
def _garden_fruit(work, step: Roll, value) -> None:
    """One fruit of the Secret Garden's draft spread on its room, then the next room's."""
    spread(work, [(step.cell, value)], "§10 Spread Rooms")
    _next_fruit(work, step.data)


# -- the Secret Garden Key on an unlocked door (variant secret_garden_door=any_door) ---------

@legal("turn", yields=(Use,))
def _garden_key_doors(state) -> list:
    """§6 Special Keys (``secret_garden_door=any_door``): the key works on any east or west
    edge door at Ranks 3-8, locked or not, read as a door of the current room leading to an
    empty cell where the Secret Garden may stand (Column 1 or 5, Ranks 3-8, no corners). A
    padlocked door is paid at the lock instead (``Unlock``), under either reading."""
    if "Secret Garden Key" not in state.items or not garden_spawnable(state) or \
            state.rules.variant("secret_garden_door") != "any_door":
        return []

    here = state.position
    return [Use("secret_garden_key", WORDS[d]) for d in draftable_doors(state)
            if edge(here, d) not in state.padlocks
            and placements(state.rules, "Secret Garden", here, d)]


@on_use("secret_garden_key", "§6 Special Keys")
def _garden_key(work, action) -> None:
    """Draft through that door with no lock roll (the key opens it), spend the key and spawn
    the Secret Garden as at a locked door (``rooms.keys.spawn_secret_garden``: placed at once,
    or under ``secret_garden_spawn=enters_bag`` into the bag as the draft goes on)."""
    from .keys import spawn_secret_garden

    HANDLERS[Draft](work, Draft(WORDS.index(action.target)))
    if work.pending and isinstance(work.pending[-1], LockRoll):
        work.pending.pop()
    work.log("the Secret Garden Key opens the door: no lock roll",
             "§6 Special Keys (variant secret_garden_door)")
    work.use_charge("Secret Garden Key")
    spawn_secret_garden(work)


# -- Morning Room, The Pool, Sauna (§4 Tomorrow Rooms, §16 The Pool) --------------------------

@on_draft("Morning Room")
def _morning_room(work, cell) -> None:
    """§4 Tomorrow Rooms: drafting the Morning Room (no entry needed) takes its card: +2 gems
    at the start of next run. Its 2 gems on entry this run are variant
    ``morning_room_gems=entry_and_next_run`` (a room_resources.csv patch)."""
    tomorrow(work, "Morning Room")


@on_draft("Sauna")
def _sauna(work, cell) -> None:
    """§4 Tomorrow Rooms: drafting the Sauna takes its card: +20 steps at the start of next
    run."""
    tomorrow(work, "Sauna")


#: The Event Additions the Pool adds to the Active Bag (§2 Room Tiles, §4, §16 The Pool).
POOL_ROOMS = ("Sauna", "Locker Room")


@on_draft("The Pool")
def _pool(work, cell) -> None:
    """§16 The Pool: when drafted, the Sauna and the Locker Room join the Active Bag for the
    rest of this run (no entry effect)."""
    for room in POOL_ROOMS:
        if room not in work.on_board() and not work.bag.get(room):
            work.add_to_bag(room, "The Pool is drafted", "§16 The Pool")
