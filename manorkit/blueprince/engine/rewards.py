"""What every room shares: the data-driven entry rewards and spawns (``room_resources.csv``,
``item_spawns.csv``), tokens lying on a tile, safes, and the generic random steps (trunk, spawn
and fruit rolls, printed amounts: :func:`~.pending.amount_roll`)."""

from __future__ import annotations

from functools import lru_cache

from ..mechanics import numbered_die, pantry_fruit_weights
from ..mechanics.entries import pays
from ..placement import Cell
from .hooks import on_roll
from .pending import CardDraw, Roll
from .setup import RESOURCES

#: Decks an ``item_spawns.csv`` row draws from, by column.
SPAWN_DECKS = (("common", "common_items"), ("special", "special_items"))


def entry_rewards(work, cell: Cell, first: bool) -> None:
    """The room's fixed resources and item spawns on entry (§7, §16). A sheltered room's
    losses do not apply (§19 Shelter)."""
    gains, spawn = _entry_plan(work.rules, work.room_at(cell))[first]
    if gains:
        sheltered = list(cell) in work.flag("sheltered", ())
        for resource, value, why, source in gains:
            if not (sheltered and value < 0):
                work.gain(resource, value, why, source)
    if spawn is not None:
        item_spawn(work, cell, spawn)


def _entry_plan(rules, room: str) -> tuple:
    """What an entry into ``room`` pays, indexed by ``first`` (0: a later entry, 1: the
    first this run): its ``room_resources.csv`` gains as ``(resource, amount, why, source)``
    and its ``item_spawns.csv`` spawn with ``when=entry`` (:func:`_spawn_plan`; None: no
    spawn), each only if :func:`pays` says that entry pays it; kept per rules value."""
    known = rules._memo["entry_plan"]
    plan = known.get(room)
    if plan is None:
        known[room] = plan = _planned(rules, room)
    return plan


def _planned(rules, room: str) -> tuple:
    """:func:`_entry_plan` found (apart, so that a plan known makes no closure cells)."""
    row = rules.rows("tables/room_resources.csv").get(room)
    spawn = rules.rows("tables/item_spawns.csv").get(room)
    gains = () if row is None else tuple(
        (res, int(row[res]), f"{room} ({row['when'].replace('_', ' ')})", row["source"])
        for res in ("steps", "coins", "gems", "keys") if row[res])
    if spawn is not None:
        spawn = _spawn_plan(rules, spawn) if spawn["when"] == "entry" else None
    return tuple((gains if row is not None and pays(rules, row["when"], first) else (),
                  spawn if pays(rules, "entry", first) else None) for first in (False, True))


def _spawn_plan(rules, row) -> tuple:
    """An ``item_spawns.csv`` row as ``(die, winning faces, decks drawn)``: the die rolled
    (``mechanics.numbered_die``) or None for guaranteed draws (§7)."""
    draws = spawn_draws(row)
    if not row["die"]:
        return None, (), draws
    die, hits = numbered_die(rules, row["die"], row["success"])
    return die, tuple(sorted(hits)), draws


def spawn_draws(row) -> tuple[str, ...]:
    return tuple(deck for col, deck in SPAWN_DECKS for _ in range(int(row[col] or 0)))


def suppressed(work, room: str) -> bool:
    """§16 Maid's Chamber: random item spawns of Bedrooms and Green Rooms are suppressed
    for the rest of the run once it is drafted; ``random_spawn_rooms=icon_tiles`` rolls only
    on tiles with an item icon (``rooms.csv`` tag ``item_icon``)."""
    colours = work.colours(room)
    if "purple" not in colours and "green" not in colours:
        return False
    if work.flag("maid"):
        return True
    tags = work.rules.room(room)["tags"] or ()
    return work.rules.variant("random_spawn_rooms") == "icon_tiles" and "item_icon" not in tags


def item_spawn(work, cell: Cell, spawn: tuple) -> None:
    """Queue a room's spawn (:func:`_spawn_plan`): a roll (then its draws on a hit) or its
    guaranteed draws (§7)."""
    die, hits, draws = spawn
    room = work.room_at(cell)
    if die is not None:
        if suppressed(work, room):
            work.log(f"{room}: item spawns are suppressed", "§16 Maid's Chamber")
            return
        work.queue(_spawn_roll(cell, die, hits, draws))
    else:
        for deck in draws:
            work.queue(_card_draw(deck, cell, room == "Closet"))


@lru_cache(maxsize=4096)
def _spawn_roll(cell: Cell, die: str, hits: tuple, draws: tuple) -> Roll:
    """The spawn roll (shared: steps are immutable values)."""
    return Roll("spawn", cell, die, data=(hits, draws))


#: A card draw (shared: steps are immutable values).
_card_draw = lru_cache(maxsize=4096)(CardDraw)


def collect(work, cell: Cell) -> None:
    """Pick up the spread tokens and items lying on the tile entered (§10, §7)."""
    here = work.tokens.get(cell)
    if not here:
        return
    lying = dict(here)
    del work.tokens[cell]
    for what, n in sorted(lying.items()):
        if what in RESOURCES:
            work.gain(what, n, f"tokens on {work.room_at(cell)}", "§10 How Spread Works")
        elif what in work.rules.rows("tables/food.csv"):
            work.fruit[cell] = work.fruit.get(cell, ()) + (what,) * n
        else:
            work.gain_item(what, "§7 Finding Items")


def fruit_roll(work, cell: Cell) -> Roll:
    """The Pantry's random fruit token (variant ``pantry_fruit``, :mod:`mechanics.fruit`)."""
    on_board: dict[str, int] = {}
    for fruits in work.fruit.values():
        for f in fruits:
            on_board[f] = on_board.get(f, 0) + 1
    weights = pantry_fruit_weights(work.rules, on_board)
    return Roll("fruit", cell, options=tuple(weights.items()))


@on_roll("trunk", "trunk roll")
def _trunk(work, step: Roll, value) -> None:
    if value == "OPEN":
        work.add_trunks(step.cell, 1, "§8 Locked Trunks")


@on_roll("spawn", "spawn roll")
def _spawn(work, step: Roll, value) -> None:
    hits, draws = step.data
    if str(value) in hits:
        work.log(f"{value}: the room holds an item", "§7 Item Spawn Decks")
        for deck in reversed(draws):
            work.queue(CardDraw(deck, step.cell), front=True)


@on_roll("amount", "amount shown")
def _amount(work, step: Roll, value) -> None:
    work.gain(step.data[0], int(value), f"the card shows {value}", "§8")


@on_roll("fruit", "fruit")
def _fruit(work, step: Roll, value) -> None:
    work.fruit[step.cell] = work.fruit.get(step.cell, ()) + (value,)
    work.log(f"{value} token on {work.room_at(step.cell)}", "§16 Pantry")


def safe_gem(work, cell: Cell, first: bool) -> None:
    """A safe (§14 Carry-Forward, ``carry_forward.csv`` rows with trigger
    ``first_ever_entry``): the first entry ever opens it, which is recorded for the campaign
    (``Campaign.discoveries`` ``"safe:<room>"``); its gem is there on the first entry of every
    run (every entry under ``repeat_entry_rewards=every_entry``)."""
    room = work.room_at(cell)
    row = next((r for r in work.rules.rows("tables/carry_forward.csv").values()
                if r["room"] == room and r["trigger"] == "first_ever_entry"), None)
    if row is None or not pays(work.rules, "entry", first):
        return
    key = f"safe:{room}"
    if key not in work.s.campaign.discoveries and key not in work.carry:
        work.carry_forward(key, True, f"the {room} safe is opened for good", row["source"])
    if row["gems"]:
        work.gain("gems", int(row["gems"]), f"the {room} safe", row["source"])
