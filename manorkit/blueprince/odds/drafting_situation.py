"""One draft as the drafting odds see it (§4 Action A): :class:`DraftSituation`.

The situation holds what a draft is drawn from and with: the Active Bag, the hands it draws
(:class:`~.drafting.DrawPlan`), the budget (gems, Ivory Dice, the Study, the Silver Key's free
redraw, steps under the Hovel), the cell and door drafted through, and what on the board bends
the draft (Terrace, Furnace, Archives, Greenhouse, Hovel). Build it by hand with
:meth:`DraftSituation.of` (the keywords ``draft_with`` always took), or ask it of an engine state
at one of its doors with :func:`draft_situation`, which reads the state as the engine will
draft from it. The odds import no engine: the state is read by its fields.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..board import NAMES, neighbour
from ..mechanics import draw_size
from ..placement import Cell
from ..rules import Rules
from ._common import resolve
from .drafting import DRAW, Bag, DrawPlan, bag_items, bag_weights, draw_plan, whole
from .drafting_board import DIRECTIONS, check_move


@dataclass(frozen=True)
class DraftSituation:
    """A draft about to be drawn (see the module): ``bag`` as sorted (tile, copies) pairs,
    ``plan`` its hands (the Drawing Room's free redraw and the Rotunda's turning in it),
    ``gems`` held when it begins, ``ivory`` dice, ``study`` (its redraws active),
    ``silver_key`` (the door was opened with it), ``steps`` (the purse under the Hovel),
    ``cell``/``door`` (``N E S W``) where the tile must fit, and the board: ``terrace``,
    ``furnace``, ``archives``, ``greenhouse``, ``hovel``."""

    bag: Bag
    plan: DrawPlan
    rules: Rules
    gems: int = 0
    ivory: int = 0
    study: bool = False
    silver_key: bool = False
    steps: int = 0
    cell: Cell | None = None
    door: str | None = None
    terrace: bool = False
    furnace: bool = False
    archives: bool = False
    greenhouse: bool = False
    hovel: bool = False

    @classmethod
    def of(cls, bag=None, draw: int | str = DRAW, *, gems: int = 0, ivory: int = 0,
           study: bool = False, silver_key: bool = False, steps: int = 0,
           cell: Cell | None = None, door: str | None = None, solarium: bool = False,
           sleeve: int | None = None, terrace: bool = False, furnace: bool = False,
           archives: bool = False, greenhouse: bool = False, hovel: bool = False,
           rules: Rules | None = None) -> DraftSituation:
        """A situation by hand. ``bag``: a Series or mapping tile → copies, or a list of tiles
        (default the Day-1 Active Bag without the room drafted from); ``draw``: tiles per
        hand or the room drafted from ("Library", "Tunnel", "Drawing Room", "Rotunda", a
        Green Room with ``solarium`` ...; :func:`.drafting.draw_plan`, ``sleeve`` the Tunnels
        left in the sleeve); the rest as the fields."""
        rules = resolve(rules)
        plan = draw_plan(draw, solarium=solarium, sleeve=sleeve, rules=rules)
        items = bag_items(bag, rules, plan.room)
        for value, name in ((gems, "gems"), (ivory, "ivory"), (steps, "steps")):
            whole(value, name)
        if (cell is None) != (door is None):
            raise ValueError("give both cell (rank, col) and door (N E S W), or neither")
        if cell is not None:
            cell = tuple(cell)
            check_move(cell, door)
        return cls(items, plan, rules, gems, ivory, bool(study), bool(silver_key), steps, cell,
                   door, bool(terrace), bool(furnace), bool(archives), bool(greenhouse),
                   bool(hovel))

    @property
    def weights(self) -> tuple[int, ...] | None:
        """The bag's draw weights (None: every tile alike; :func:`.drafting.bag_weights`)."""
        return bag_weights(self.bag, self.greenhouse, self.rules)

    def first_hand(self) -> DraftSituation:
        """This draft with no redraw of the player's own: its first hand only."""
        return replace(self, plan=replace(self.plan, free_redraw=False), ivory=0, study=False,
                       silver_key=False)


def draft_situation(state, door: str | int) -> DraftSituation:
    """The draft through ``door`` (``N E S W``, or the engine's 0-3) of the room the marker
    stands in, as the engine will draw it from ``state`` (a run state or a fast day): its
    Active Bag; the hand sizes of ``mechanics.draw_size`` (the Library, the Solarium, a
    Tunnel's sleeve); the Drawing Room's free redraw, the Ivory Dice held and the Study's
    redraws as the engine allows them (on the board, a gem held, and entered first under
    ``study_activation=on_entry``); the gems and steps held; the cell beyond the door; the
    Terrace, Furnace, Archives and Greenhouse on the board, and the Hovel. The door's lock
    roll is not in it: these are the odds of the draft once the door opens (a Silver Key
    spent on it adds its free redraw: ``replace(situation, silver_key=True)``)."""
    if state.drafting is not None:
        raise ValueError("a draft is in progress: ask before drafting")
    direction = DIRECTIONS.index(door) if door in DIRECTIONS else door
    if isinstance(direction, bool) or direction not in range(4):
        raise ValueError(f"door must be one of {', '.join(DIRECTIONS)} or 0-3, got {door!r}")
    rules, origin = state.rules, state.position
    tile = state.board.get(origin)
    if tile is None or direction not in tile.doors:
        raise ValueError(f"the room at {origin} has no door {NAMES[direction]}")
    cell = neighbour(origin, direction)
    if cell is None or cell in state.board:
        raise ValueError(f"door {NAMES[direction]} of {tile.room} leads to no empty cell")
    room, on_board, flags = tile.room, state.on_board(), state.flags
    left = flags.get("sleeve")  # the Tunnels left in the sleeve (None: not out yet)
    chain = room == "Tunnel" and (left or 0) > 0
    plan = DrawPlan(draw_size(rules, room, on_board, left) - chain, chain,
                    draw_size(rules, room, on_board), room == "Drawing Room",
                    room == "Rotunda", room)
    res = state.resources
    study = "Study" in on_board and res["gems"] > 0 and (
        rules.variant("study_activation") == "on_board" or bool(flags.get("study_entered")))
    return DraftSituation(
        bag_items(dict(state.bag), rules), plan, rules, gems=res["gems"],
        ivory=res["ivory_dice"], study=study, steps=res["steps"], cell=cell,
        door=NAMES[direction], terrace="Terrace" in on_board, furnace="Furnace" in on_board,
        archives="Archives" in on_board, greenhouse="Greenhouse" in on_board,
        hovel=bool(flags.get("hovel")))
