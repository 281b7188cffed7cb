"""Spread rooms (§10 The Spread Mechanic): the one spread helper every spread uses, the
Conference Room's redirect, the Office's terminal and safe, and the Locker Room's keys and
lockers (§16 Locker Room).

A spread puts ``spread_tokens`` (1) token on each qualifying room on the board when it
triggers (§10 Spread — Key Rules Summary); ``tables/spread.csv`` says, per spread room, which
token and which rooms. "Every room on the board" leaves out the face-down Antechamber (§3
step 2: it is face-down until entered through a lever door, §13); the Entrance Hall and a
permanent Foundation count. Tokens landing on the room the marker stands in are picked up at
once: there is nothing to walk to (§10 How Spread Works Physically).
"""

from __future__ import annotations

from ...mechanics import numbered_die
from ...mechanics.entries import pays
from ...mechanics.numbers import number
from ...placement import Cell
from ..actions import Use
from ..hooks import offers, on_draft, on_enter, on_roll, on_use, passive
from ..pending import CardDraw, Roll
from ..rewards import collect, spawn_draws
from ..setup import ANTECHAMBER

#: ``spread.csv`` token → what goes on the tile (a resource, or ``fruit``).
TOKENS = {"gem": "gems", "coin": "coins", "key": "keys", "fruit": "fruit"}
CONFERENCE = "Conference Room"

passive("§10 The Conference Room: every spread goes through rooms.spread.spread, which puts "
        "the tokens on it while it is on the board", CONFERENCE)


def spread_row(rules, room: str):
    """The ``tables/spread.csv`` row of a spread room (trigger, token, targets)."""
    return rules.rows("tables/spread.csv")[room]


def targets(work, which: str) -> list[Cell]:
    """The rooms a spread reaches, in board order: ``all`` (every room on the board but the
    face-down Antechamber) or a colour (rooms of that colour, by ``work.colours``: under
    ``tunnel_colour=also_green`` the Tunnel is a Green Room)."""
    if which == "all":
        return [c for c in sorted(work.board) if c != ANTECHAMBER]
    return work.cells_of(lambda room: which in work.colours(room))


def spread(work, drops: list[tuple[Cell, str]], section: str) -> None:
    """Place spread tokens: ``drops`` lists ``(cell, token)`` pairs, each worth
    ``spread_tokens`` tokens; a token is a resource (gems, coins, keys) or a fruit (apple,
    banana, orange: a fruit token to eat, §11). With the Conference Room on the board every
    token goes onto it instead (§10 The Conference Room). Tokens on the marker's own room are
    picked up at once."""
    n = number(work.rules, "spread_tokens")
    conference = work.cells_of(lambda room: room == CONFERENCE) \
        if CONFERENCE in work.on_board() else []
    totals: dict[tuple[Cell, str], int] = {}
    for cell, token in drops:
        key = (conference[0] if conference else cell, token)
        totals[key] = totals.get(key, 0) + n
    if conference and drops:
        work.log(f"the Conference Room gathers all {sum(totals.values())} spread token(s)",
                 "§10 The Conference Room")
    for (cell, token), count in totals.items():
        if token in work.rules.rows("tables/food.csv"):
            work.fruit[cell] = work.fruit.get(cell, ()) + (token,) * count
            work.log(f"{count} {token} token(s) on {work.room_at(cell)}", section)
        else:
            work.place_tokens(cell, token, count, section)
    if work.position in {cell for cell, _ in totals}:
        collect(work, work.position)


def table_spread(work, room: str) -> None:
    """The spread of ``room`` as ``tables/spread.csv`` gives it: its token on every target."""
    row = spread_row(work.rules, room)
    token = TOKENS[row["token"]]
    spread(work, [(c, token) for c in targets(work, row["targets"])], row["source"])


# -- the Office (§10 Spread Rooms, §14) --------------------------------------------------------

@offers("Office")
def _office_offers(state, cell) -> list:
    """§10 Office: the terminal's Spread Gold, once per day."""
    return [] if state.flags.get("office_terminal") else [Use("spread_gold")]


@on_use("spread_gold", "§10 Spread Rooms")
def _spread_gold(work, action) -> None:
    """§10 Office: use the terminal (once per day): 1 coin token on every room on the board,
    the Office included (the Payroll function is expansion content)."""
    work.set_flag("office_terminal", True)
    work.log("the Office terminal: Spread Gold", "§10 Spread Rooms")
    table_spread(work, "Office")


@on_enter("Office")
def _office(work, cell, first: bool) -> None:
    """§10 Office safe, §14: its red gem on the first entry each run (every entry under
    ``repeat_entry_rewards=every_entry``); the first opening marks "Office safe opened" on
    the Carry-Forward card (``carry_forward.csv``)."""
    if not pays(work.rules, "entry", first):
        return
    row = _safe_row(work.rules)
    work.gain("gems", int(row["gems"]), "the Office safe", "§10 Spread Rooms")
    if "safe:Office" not in work.s.campaign.discoveries and "safe:Office" not in work.carry:
        work.carry_forward("safe:Office", True, row["effect"], row["source"])


def _safe_row(rules):
    return next(dict(r, effect=k) for k, r in rules.rows("tables/carry_forward.csv").items()
                if r["room"] == "Office" and r["trigger"] == "first_ever_entry")


# -- the Locker Room (§16 Locker Room, §7) -----------------------------------------------------

@on_draft("Locker Room")
def _locker_room_draft(work, cell) -> None:
    """§16 Locker Room: on draft, 1 Key token on each Hallway (orange room) on the board, or
    all of them on the Conference Room (§10)."""
    table_spread(work, "Locker Room")


@offers("Locker Room")
def _locker_offers(state, cell) -> list:
    """§16 Locker Room: open a locker for ``locker_keys`` Key(s) (not a Lockpick Kit), as
    often as you hold the keys, on every entry."""
    if state.resources["keys"] >= number(state.rules, "locker_keys"):
        return [Use("open_locker")]
    return []


@on_use("open_locker", "§16 Locker Room")
def _open_locker(work, action) -> None:
    """Spend the Key and roll the locker's die (``item_spawns.csv`` row ``when=locker``:
    the white die, OPEN draws 1 Common Items card)."""
    row = work.rules.rows("tables/item_spawns.csv")["Locker Room"]
    work.gain("keys", -number(work.rules, "locker_keys"), "opened a locker",
              "§16 Locker Room")
    die, hits = numbered_die(work.rules, row["die"], row["success"])
    work.queue(Roll("locker", work.position, die,
                    data=(tuple(sorted(hits)), spawn_draws(row))))


@on_roll("locker", "locker roll")
def _locker(work, step: Roll, value) -> None:
    """§16 Locker Room: OPEN draws the Common Items card; LOCKED, the locker is empty."""
    hits, draws = step.data
    if str(value) not in hits:
        work.log(f"{value}: the locker is empty", "§16 Locker Room")
        return
    work.log(f"{value}: the locker holds something", "§16 Locker Room")
    for deck in reversed(draws):
        work.queue(CardDraw(deck, step.cell), front=True)

