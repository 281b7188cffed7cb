"""Orange Hallways (§6 Special Lock Rules, §16 Hallway, Wing Halls, Corridor, Great Hall,
Passageway, Foyer, Secret Passage).

Which doors roll which lock die is ``mechanics.door_die`` (the ``lock`` column: never for
the Hallway, Wing Halls, Corridor and Foyer, variant ``hallway_locks``; red for the Great
Hall; no roll from any Hallway while the Foyer is on the board).
"""

from __future__ import annotations

from ...board import edge
from ...mechanics.drafting import colours
from ...mechanics.numbers import number
from ...schema import COLOURS
from ..actions import EndDay, Use
from ..hooks import data_only, offers, on_draft, on_enter, on_use, while_on_board
from ..reducer import legal

data_only("§16 Hallway: doors, placement and locks are rooms.csv",
          "Hallway", "West Wing Hall", "East Wing Hall", "Corridor", "Passageway",
          "Great Hall")


# -- the Foyer ------------------------------------------------------------------------------

def _unlock_doors(work, cell) -> None:
    tile = work.board[cell]
    gone = [e for e in (edge(cell, d) for d in sorted(tile.doors)) if e in work.padlocks]
    for e in gone:
        work.padlocks.discard(e)
    if gone:
        work.log(f"the Foyer: {len(gone)} padlock(s) removed from {tile.room}", "§16 Foyer")


@on_draft("Foyer")
def _foyer(work, cell) -> None:
    """§6, §16 Foyer: when placed, every padlock on a door of a Hallway (orange) room on the
    board is removed; its own doors and every Hallway's doors drafted from later never roll
    (``mechanics.door_die``)."""
    for other in work.cells_of(lambda room: "orange" in work.colours(room)):
        _unlock_doors(work, other)


@while_on_board("Foyer")
def _foyer_later(work, cell, drafted) -> None:
    """§16 Foyer: "Any Hallway room drafted after the Foyer is placed also has all its doors
    unlocked automatically on placement" (padlocks already on its door edges go)."""
    if "orange" in work.colours(work.room_at(drafted)):
        _unlock_doors(work, drafted)


# -- the Secret Passage --------------------------------------------------------------------

def _books(rules):
    return rules.rows("tables/secret_passage_books.csv")


@on_enter("Secret Passage")
def _secret_passage(work, cell, first: bool) -> None:
    """§16 Secret Passage: on entering you may open one book (``Use("book", name)``), once
    per entry, or once per run under ``secret_passage_books=once_per_run``."""
    work.set_flag("secret_route", None)
    once = work.rules.variant("secret_passage_books") == "once_per_run"
    open_ = not (once and work.flag("secret_books"))
    work.set_flag("secret_shelf", open_)
    if not open_:
        work.log("the book shelf gives one book per run", "§16 Secret Passage "
                 "(variant secret_passage_books)")


@offers("Secret Passage")
def _secret_offers(state, cell) -> list:
    out: list = []
    if state.flags.get("secret_shelf"):
        out.extend(Use("book", name) for name in _books(state.rules))
    book = state.flags.get("secret_route")
    if book is not None:
        cost = route_steps(state.rules, book, state.items)
        if cost <= state.resources["steps"]:
            out.extend(Use("secret_route", c) for c in route_targets(state, cell, book))
    return out


def route_steps(rules, book: str, items) -> int:
    """Steps of the secret route (§16): 2, or 1 while holding the Running Shoes (held only
    under ``running_shoes=held``); Red Rover's move costs nothing (its 5 steps were paid)."""
    if not _books(rules)[book]["route"]:
        return 0
    return number(rules, "secret_route_shoes_steps" if "Running Shoes" in items
                  else "secret_route_steps")


def route_targets(state, cell, book: str) -> list:
    """Rooms the book's route may lead to (§16 Secret Passage): any room of the book's
    colour, or of the listed rooms (Goldsink); Red Rover: any room 1 rank up or down
    (``state``: a state or the working copy, whose rules and board it reads)."""
    route = _books(state.rules)[book]["route"]
    out = []
    for other, tile in sorted(state.board.items()):
        if other == cell or tile.room == "Antechamber":
            continue
        if not route:
            ok = one_rank(cell, other)
        elif route in COLOURS:
            ok = route in colours(state.rules, tile.room)
        else:
            ok = tile.room in route.split(";")
        if ok:
            out.append(other)
    return out


def one_rank(cell, other) -> bool:
    """Whether ``other`` lies 1 rank up or down from ``cell``, in any column (§16 Red Rover,
    §6 the Prism Key's red lite effect: "Move room marker 1 rank up or down")."""
    return abs(other[0] - cell[0]) == 1


@on_use("book", "§16 Secret Passage")
def _book(work, action) -> None:
    """Open a book: its effect at once (§16 Secret Passage table), then its route may be
    taken instead of drafting; a book with no route of its own (Red Rover) moves you: its
    move is the only way on (flag ``"rover"``, the reducer's rover phase), unless no room
    lies 1 rank up or down ("the effect still resolves — you just cannot take the secret
    route. Draft normally instead")."""
    name = action.target
    BOOKS.get(name, _goldsink)(work)
    work.set_flag("secret_shelf", False)
    work.set_flag("secret_books", tuple(work.flag("secret_books", ())) + (name,))
    work.set_flag("secret_route", name)
    if not _books(work.rules)[name]["route"]:
        if route_targets(work, work.position, name):
            work.set_flag("rover", True)
        else:
            work.log("no room 1 rank up or down: draft normally instead", "§16 Secret Passage")


@legal("rover", yields=(Use, EndDay))
def _rover_moves(state) -> list:
    """§16 Secret Passage, Red Rover: "provides its own movement effect instead": its moves,
    or the end of the day (§4 Action E: at any point on your turn)."""
    book = state.flags["secret_route"]
    return [*(Use("secret_route", c) for c in route_targets(state, state.position, book)),
            EndDay()]


@on_use("secret_route", "§16 Secret Passage")
def _secret_route(work, action) -> None:
    """Take the route: pay its steps and move straight to the room, no lock check, no draft
    (§16); entering it fires its entry effects (§4 Action B)."""
    from ..turn import enter  # (here: see reducer.legal)

    book = work.flag("secret_route")
    steps = route_steps(work.rules, book, work.items)
    work.set_flag("secret_route", None)
    if work.flag("rover"):
        work.set_flag("rover", False)
    work.turn += 1
    work.log(f"the secret route ({book}) leads to {work.room_at(action.target)}",
             "§16 Secret Passage")
    enter(work, action.target, steps)


@while_on_board("Secret Passage")
def _drafted_instead(work, cell, drafted) -> None:
    """§16: route or draft — drafting from the Secret Passage's doors gives up the route."""
    if work.position == cell:
        work.set_flag("secret_route", None)
        work.set_flag("secret_shelf", False)


def _halls_of_holly(work) -> None:
    work.padlocks.clear()
    work.log("The Halls of Holly: every padlock token is removed", "§16 Secret Passage")


def _green_thumb(work) -> None:
    for cell in work.cells_of(lambda room: "green" in work.colours(room)):
        work.add_dirt(cell, 1, "§16 Secret Passage")


def _key_to_the_bedroom(work) -> None:
    bedrooms = sum(work.rules.room(t.room)["bedroom_weight"] for t in work.board.values())
    steps = bedrooms * number(work.rules, "bedroom_book_steps")
    if "Sleeping Mask" in work.items:
        steps += number(work.rules, "bedroom_book_mask_steps")
    work.gain("steps", steps, f"The Key to the Bedroom ({bedrooms} Bedrooms)",
              "§16 Secret Passage")


def _red_rover(work) -> None:
    if "Running Shoes" in work.items:
        work.log("Red Rover: the Running Shoes spare the 5 steps", "§16 Secret Passage")
        return
    work.gain("steps", -number(work.rules, "red_rover_steps"), "Red Rover",
              "§16 Secret Passage")


def _goldsink(work) -> None:
    work.log("no effect beyond the book's route", "§16 Secret Passage")


BOOKS = {"The Halls of Holly": _halls_of_holly, "Green Thumb": _green_thumb,
         "The Key to the Bedroom": _key_to_the_bedroom, "Red Rover": _red_rover,
         "Goldsink": _goldsink}
