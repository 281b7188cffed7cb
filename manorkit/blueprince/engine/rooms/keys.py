"""Special keys used on a locked door (§6 Special Keys): the Prism Key's lite colour effects
and the Secret Garden Key's spawn."""

from __future__ import annotations

from ...board import placements
from ...mechanics.numbers import number
from ..actions import Use
from ..hooks import on_unlock, on_use
from ..reducer import legal
from .hallways import one_rank


@on_unlock("prism_key")
def prism_lite(work, action) -> None:
    """The lite effect of the room drafted from, by its colour (``prism_key.csv``); a room of
    two colours uses the Unlock's ``colour`` under ``prism_key_dual_colour=player_choice``
    and both under ``both``."""
    colour = action.colour
    room = work.room_at(work.drafting.origin)
    usable = [c for c in work.colours(room) if c in PRISM]
    if work.rules.variant("prism_key_dual_colour") == "both":
        chosen = usable
    else:
        chosen = [colour or usable[0]]
    for c in chosen:
        PRISM[c](work)


def _orange(work) -> None:
    work.padlocks.clear()
    work.log("Prism Key (orange): every padlock token is removed", "§6 Special Keys")


def _green(work) -> None:
    work.add_dirt(work.position, 1, "§6 Special Keys")


def _purple(work) -> None:
    bedrooms = sum(work.rules.room(t.room)["bedroom_weight"] for t in work.board.values())
    work.gain("steps", bedrooms * number(work.rules, "prism_purple_steps"),
              "Prism Key (purple)", "§6 Special Keys")


def _red(work) -> None:
    """"Move room marker 1 rank up or down freely. No step cost. No lock check." The marker
    cannot leave mid-draft, so the move is offered once the draft is done, from where the
    marker then stands, until the next draft or move (flag ``"prism_red_move"``: the turn
    it is offered on, :func:`_prism_moves`)."""
    work.set_flag("prism_red_move", work.turn + 1)  # (the draft's end is the next turn)
    work.log("Prism Key (red): once this draft is done you may move 1 rank up or down for "
             "free", "§6 Special Keys")


@legal("turn", yields=(Use,))
def _prism_moves(state) -> list:
    """The Prism Key's red move (:func:`_red`): to any room 1 rank up or down (not the
    Antechamber, which only its levers open, §13), for no step."""
    if state.flags.get("prism_red_move") != state.turn:
        return []
    here = state.position
    return [Use("prism_key_move", cell) for cell, t in sorted(state.board.items())
            if one_rank(here, cell) and t.room != "Antechamber"]


@on_use("prism_key_move", "§6 Special Keys")
def _prism_move(work, action) -> None:
    from ..turn import enter  # (here: see reducer.legal)

    work.turn += 1
    work.log(f"Prism Key (red): the marker moves to {work.room_at(action.target)}, no step, "
             "no lock check", "§6 Special Keys")
    enter(work, action.target, 0)


def _yellow(work) -> None:
    work.gain("gems", number(work.rules, "prism_yellow_gems"), "Prism Key (yellow)",
              "§6 Special Keys")


PRISM = {"orange": _orange, "green": _green, "purple": _purple, "red": _red,
         "yellow": _yellow}


@on_unlock("secret_garden_key")
def _garden_key(work, action) -> None:
    spawn_secret_garden(work)


def spawn_secret_garden(work) -> None:
    """§6, §16 Secret Garden: the key on a valid east or west edge door places the Secret
    Garden at once, without drawing (``secret_garden_spawn=direct_placement``), or adds it to
    the bag for this run (``enters_bag``), and the draft goes on."""
    d = work.drafting
    if work.rules.variant("secret_garden_spawn") == "enters_bag":
        work.add_to_bag("Secret Garden", "the Secret Garden Key", "§5 Found Floorplans")
        return
    turns = placements(work.rules, "Secret Garden", d.origin, d.direction)
    work.drafting = d.replace(hand=("Secret Garden",), slot=1, sleeve=False)
    work.log("the Secret Garden Key opens the door onto the Secret Garden",
             "§6 Special Keys")
    work.place("Secret Garden", turns[0])
    work.mark_outside(d.target)
