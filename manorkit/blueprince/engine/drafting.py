"""Action A, drafting a room (§4 Steps 1-4, §6, §9 The Chain, §16, §17): each decision's
legality beside its effect, and what happens when a tile is placed."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..board import DIRS, WORDS, edge, exits, neighbour, opposite, placements
from ..mechanics import door_die, draw_size, never_free, tile_cost, trunk_die
from ..mechanics.drafting import FaceDown, colours, showing, shown
from ..mechanics.numbers import number
from ..placement import Cell
from . import hooks
from .actions import Draft, GiveUp, Hide, Redraw, Take, Unlock
from .pending import LockRoll, Orient, Reveal, Roll
from .reducer import Work, handles, legal, legal_actions, on_place
from .state import Drafting, State

#: Colours in which the Prism Key works (§6 Special Keys: not Blueprint or Blackprint).
PRISM_COLOURS = ("orange", "green", "purple", "red", "yellow")
#: The special keys that open a locked door with an effect of their own, by Unlock method.
SPECIAL_KEYS = {"prism_key": "Prism Key", "secret_garden_key": "Secret Garden Key"}


# -- Step 1: the door and its lock ----------------------------------------------------------

def can_pay(state: State, locks: int) -> bool:
    """Whether ``locks`` padlocks can be paid with Keys, Lockpick Kit and Silver Key uses."""
    return locks <= (state.resources["keys"] + state.items.get("Lockpick Kit", 0)
                     + state.items.get("Silver Key", 0))


def draftable_doors(state: State, cell: Cell | None = None) -> list[int]:
    """Doors of the room at ``cell`` (default: the current room) that lead to an empty cell
    and may be drafted (from there)."""
    cell = state.position if cell is None else cell
    board, padlocks = state.board, state.padlocks
    closed = state.flags.get("closed_doors", ())
    out = []
    for d, target, _, door in exits(cell, board[cell].doors):
        if target not in board and (not closed or list(door) not in closed) and \
                (not padlocks or door not in padlocks or unlock_methods(state, cell, d)):
            out.append(d)
    return out


def unlock_methods(state: State, origin: Cell, direction: int) -> list[Unlock]:
    """The ways to open the locked door ``direction`` of the room at ``origin`` (§4 Step 1,
    §6 Special Keys), turning back excepted."""
    out: list[Unlock] = []
    if state.resources["keys"]:
        out.append(_unlock_action("key"))
    if state.items.get("Lockpick Kit", 0):
        out.append(_unlock_action("lockpick"))
    if state.items.get("Silver Key", 0):
        out.append(_unlock_action("silver_key"))
    room = state.board[origin].room
    if state.items.get("Prism Key", 0):
        usable = [c for c in colours(state.rules, room) if c in PRISM_COLOURS]
        if len(usable) > 1 and state.rules.variant("prism_key_dual_colour") == "player_choice":
            out.extend(_unlock_action("prism_key", c) for c in usable)
        elif usable:
            out.append(_unlock_action("prism_key"))
    if "Secret Garden Key" in state.items and garden_spawnable(state) and placements(
            state.rules, "Secret Garden", origin, direction):
        out.append(_unlock_action("secret_garden_key"))
    return out


@legal("turn", yields=(Draft,))
def _drafts(state: State) -> list:
    doors = draftable_doors(state)
    if not doors:
        return doors
    cell = state.position
    room = state.board[cell].room
    return [_draft_action(d, room, cell) for d in doors]


#: The Draft action through side ``direction`` of ``room`` at ``cell`` (shared: actions are
#: immutable values; its fields are the engine's own, well formed).
_draft_action = lru_cache(maxsize=4096)(Draft.made)


@handles(Draft)
def _draft(work: Work, action: Draft) -> None:
    origin, direction = work.position, action.direction
    room = work.room_at(origin)
    on_board = work.on_board()
    size = draw_size(work.rules, room, on_board, work.flag("sleeve"))
    sleeve = room == "Tunnel" and work.flag("sleeve", 0) > 0
    free = ("drawing_room",) if room == "Drawing Room" else ()
    study = "Study" in on_board and work.res["gems"] > 0 and (
        work.rules.variant("study_activation") == "on_board" or work.flag("study_entered"))
    work.drafting = Drafting.begin(origin, direction, size, hand=("Tunnel",) if sleeve else (),
                                   free_redraws=free, sleeve=sleeve, study=study)
    target = neighbour(origin, direction)
    work.log("drafting {} into {}", "§4 Action A", WORDS[direction], target)
    if sleeve:
        work.log("a sleeve Tunnel takes Slot 1", "§9 The Chain")
    door = edge(origin, direction)
    if door in work.padlocks:
        work.log("the door is padlocked: pay to open it or turn back (no re-roll)",
                 "§4 Step 1")
        return
    if list(door) in work.flag("unlocked_doors", ()):
        return
    level = work.flag("security_level", "normal")
    die = door_die(work.rules, room, origin, target, on_board, level)
    if level != "normal":
        usual = door_die(work.rules, room, origin, target, on_board)
        if usual != die:
            work.log(f"security level {level}: {die or 'no lock die'} instead of "
                     f"{usual or 'no roll'}", "§4 Action D (variant security_levels)")
    if die is not None:
        work.queue(_lock_roll(die))


@legal("unlock", yields=(Unlock,))
def _unlocks(state: State) -> list:
    d = state.drafting
    return unlock_methods(state, d.origin, d.direction) + [_unlock_action("turn_back")]


def garden_spawnable(state: State) -> bool:
    """Whether the one Secret Garden tile can still be spawned this run: not on the board and
    not already in the bag (§2 Event Additions, §6 Special Keys)."""
    return "Secret Garden" not in state.on_board() and not state.bag.get("Secret Garden")


@handles(Unlock)
def _unlock(work: Work, action: Unlock) -> None:
    d = work.drafting
    if action.method == "turn_back":
        work.log("turned back; the padlock stays on the door", "§4 Step 1")
        work.drafting = None
        work.turn += 1
        return
    work.padlocks.discard(d.door)
    if action.method == "key":
        work.gain("keys", -1, "opened a locked door", "§6 When a Lock Is Discovered")
    elif action.method == "lockpick":
        work.use_charge("Lockpick Kit", "§6 When a Lock Is Discovered")
    elif action.method == "silver_key":
        work.use_charge("Silver Key")
        work.drafting = d.replace(free_redraws=d.free_redraws + ("silver_key",))
    else:  # a special key: its charge, then its effect (rooms.keys)
        work.use_charge(SPECIAL_KEYS[action.method])
        hooks.KEY_EFFECTS[action.method](work, action)


# -- Step 4: redraw or draft ------------------------------------------------------------------

def redraws(state: State) -> list[str]:
    """The redraw sources usable now (§4 Step 4; §16 Drawing Room, Study, Furnace)."""
    d = state.drafting
    if not (state.resources["ivory_dice"] or d.free_redraws or d.study) or not tiles_left(
            state):
        return []
    rules = state.rules
    if "drawing_room" in d.used and rules.variant("drawing_room_redraw") == "final_second_draw":
        return []
    blocked: set[str] = set()
    if "Furnace" in state.on_board() and red_in_sight(rules, d.hand):
        blocked = {"ivory_dice", "drawing_room"}
        if rules.variant("furnace_blocked_redraws") == "all_non_gem":
            blocked.add("silver_key")
    out = []
    if state.resources["ivory_dice"]:
        out.append("ivory_dice")
    out.extend(d.free_redraws)
    # the Drawing Room's free redraw goes first; the Study waits until it is used or
    # unavailable (the Furnace blocks it), §4 Step 4, §16 Study
    free_first = "drawing_room" in d.free_redraws and "drawing_room" not in blocked
    if d.study and not free_first and state.resources["gems"] >= number(
            rules, "study_redraw_gems") and d.used.count("study") < number(rules, "study_redraws"):
        out.append("study")
    return [s for s in out if s not in blocked]


def red_in_sight(rules, hand: tuple[str, ...]) -> bool:
    """Whether a Red Room lies face up among the drawn tiles (§16 Furnace: "whenever a red
    room tile appears in your 3-tile draw"; a face-down tile has not appeared, §16
    Archives)."""
    return any("red" in colours(rules, t) for t in hand if not isinstance(t, FaceDown))


def tiles_left(state: State) -> bool:
    """Whether a draw can still find a tile in the bag: its tiles but those lying face-down
    in this draft (drawn, unseen: still counted in the bag, §16 Archives)."""
    d = state.drafting
    down = sum(1 for t in (*d.hand, *d.set_aside) if isinstance(t, FaceDown)) if d else 0
    return sum(state.bag.values()) > down if down else any(state.bag.values())


def slot_cost(state: State, slot: int, room: str) -> tuple[int, int]:
    """``(gems, steps)`` to take ``room`` from ``slot`` (§4 Gem Cost Rules, §16 Library,
    §16 Terrace, §19 Hovel); the sleeve Tunnel is free. A room tagged ``never_free`` costs
    its gems from every slot (variant ``casino_gem_cost=always_paid``). A face-down tile
    (§16 Archives) costs what its back shows: "Gem costs on the hidden tile are still
    visible"; what its face would change (the Terrace's Green Rooms, a ``never_free`` tag)
    cannot be seen, so it does not apply."""
    return _slot_cost(state.rules, slot, room, _pricing(state))


def _pricing(state: State) -> tuple[int, bool, bool, bool]:
    """What prices every slot of the draft in progress alike: the free slot (Slot 1; from the
    Library under ``library_free_slot=cheapest``, the cheapest tile's), whether a sleeve
    Tunnel fills Slot 1, the Terrace on the board and the Hovel's steps for gems."""
    d = state.drafting
    rules = state.rules
    terrace = "Terrace" in state.on_board()
    free = 1
    if state.board[d.origin].room == "Library" and rules.variant("library_free_slot") == \
            "cheapest":
        free = _cheapest_slot(rules, d.hand, terrace)
    return free, d.sleeve, terrace, bool(state.flags.get("hovel"))


def _cheapest_slot(rules, hand: tuple[str, ...], terrace: bool) -> int:
    """The slot of the first tile of ``hand`` with the fewest gems to pay (apart, so that
    :func:`_pricing` makes no closure cell)."""
    costs = [tile_cost(rules, t, terrace=terrace)[0] if not isinstance(t, FaceDown) else
             tile_cost(rules, showing(rules, t)[0])[0] for t in hand]
    return costs.index(min(costs)) + 1


def _slot_cost(rules, slot: int, room: str, pricing: tuple) -> tuple[int, int]:
    """:func:`slot_cost` with the draft's :func:`_pricing`."""
    free, sleeve, terrace, hovel = pricing
    if sleeve and slot == 1:
        return 0, 0
    if isinstance(room, FaceDown):  # priced by its back: the printed gems
        cost = tile_cost(rules, showing(rules, room)[0], hovel=hovel)
        return (0, 0) if slot == free else cost
    cost = tile_cost(rules, room, terrace=terrace, hovel=hovel)
    if slot != free or cost == (0, 0) or never_free(rules, room):
        return cost
    return 0, 0


def may_rotate(state: State, room: str = "") -> bool:
    """Whether the player turns the drawn tile ``room`` (variant ``tile_orientation``;
    drafting from the Rotunda, §16; the Dovecote in the hand turns the *other* drawn tiles,
    §17)."""
    d = state.drafting
    return (state.rules.variant("tile_orientation") == "player_choice"
            or state.board[d.origin].room == "Rotunda"
            or ("Dovecote" in d.hand and room != "Dovecote"))


@legal("hide", yields=(Hide,))
def _hides(state: State) -> list:
    return [_hide_action(slot) for slot in range(1, len(state.drafting.hand) + 1)]


@handles(Hide)
def _hide(work: Work, action: Hide) -> None:
    d = work.drafting
    work.drafting = d.replace(hidden=action.slot, used=d.used + ("hide",))
    work.log(f"Slot {action.slot} is turned face-down", "§16 Archives")


@legal("choose", yields=(Take,))
def _takes(state: State) -> list:
    """The drawn tiles the player can take (§4 Step 4): those that fit, at a price paid; a
    face-down tile (§16 Archives) as one blind Take; once it is turned face up, the ways to
    turn it if the player turns it."""
    d = state.drafting
    if d.slot is not None:  # the blind tile, face up now, waits to be turned
        turns = placements(state.rules, d.chosen, d.origin, d.direction)
        return [_take_action(d.slot, d.chosen, r) for r in turns]
    out: list = []
    gems_held, steps_held = state.resources["gems"], state.resources["steps"]
    hidden = d.hidden
    for slot, (room, turns, gems, steps) in enumerate(slots(state), 1):
        if not turns or gems > gems_held or steps > steps_held:
            continue
        shown = "" if slot == hidden else room
        if len(turns) > 1 and not isinstance(room, FaceDown) and may_rotate(state, room):
            out.extend(_take_action(slot, shown, r) for r in turns)
        else:
            out.append(_take_action(slot, shown, None))
    return out


def slots(state: State) -> tuple[tuple[str, tuple[int, ...], int, int], ...]:
    """``(room, rotations, gems, steps)`` for each slot of the hand: the rotations in which
    its tile fits (none: no price) and its price (kept for the moment in ``state._memo``:
    the Take taken is placed and paid as its offer was found). A face-down tile (§16
    Archives) fits and costs as its back says: the rotations of the first room with that back
    stand for its fit (rooms sharing a back share its placement note, and a facing note
    belongs to one shape), the price is :func:`slot_cost`'s."""
    memo = state._memo
    out = memo.get("slots")
    if out is None:
        d = state.drafting
        rules = state.rules
        pricing = _pricing(state)
        found = []
        for slot, room in enumerate(d.hand, 1):
            face = showing(rules, room)[0] if isinstance(room, FaceDown) else room
            turns = placements(rules, face, d.origin, d.direction)
            found.append((room, turns, *_slot_cost(rules, slot, room, pricing)) if turns
                         else (room, turns, 0, 0))
        out = memo["slots"] = tuple(found)
    return out


@legal("choose", yields=(Redraw, GiveUp))
def _other_choices(state: State) -> list:
    """Redrawing (§4 Step 4), or returning the tiles when none can be taken or the Furnace
    lets the player pass (variants ``no_legal_tile``, ``furnace_pass``)."""
    d = state.drafting
    if d.slot is not None:  # a tile is chosen: it is placed
        return []
    rules = state.rules
    out = list(map(_redraw_action, redraws(state)))
    takes = bool(legal_actions(state, Take))
    furnace = (rules.variant("furnace_pass") == "may_pass" and "Furnace" in state.on_board()
               and red_in_sight(rules, d.hand))
    if not takes and rules.variant("no_legal_tile") == "free_redraw" and tiles_left(state):
        out.append(_redraw_action("no_fit"))
    elif not takes or furnace:
        out.append(_GIVE_UP)
    return out


#: Shared actions (actions are immutable values, checked once when built).
_unlock_action = lru_cache(maxsize=256)(Unlock)
_hide_action = lru_cache(maxsize=64)(Hide)
_redraw_action = lru_cache(maxsize=64)(Redraw)
_GIVE_UP = GiveUp()
#: Shared random steps (immutable values too).
_orient = lru_cache(maxsize=64)(Orient)
_lock_roll = lru_cache(maxsize=64)(LockRoll)
_roll = lru_cache(maxsize=1024)(Roll)


#: The Take action of ``slot`` showing ``room``, turned ``rotation`` (shared: actions are
#: immutable values; its fields are the engine's own, well formed).
_take_action = lru_cache(maxsize=4096)(Take.made)


@handles(Redraw)
def _redraw(work: Work, action: Redraw) -> None:
    d = work.drafting
    source = action.source
    if source == "ivory_dice":
        work.gain("ivory_dice", -1, "redraw", "§4 Step 4")
    elif source == "study":
        work.gain("gems", -number(work.rules, "study_redraw_gems"), "Study redraw", "§16 Study")
    aside = d.hand[1:] if d.sleeve else d.hand
    free = tuple(s for s in d.free_redraws if s != source)
    size = draw_size(work.rules, work.room_at(d.origin), work.on_board())
    work.drafting = d.replace(hand=(), set_aside=d.set_aside + aside, free_redraws=free,
                            used=d.used + (source,), sleeve=False, hidden=None,
                            size=size)
    if d.sleeve:
        work.log("the redraw breaks the Tunnel chain", "§9 The Chain")
    work.log(f"set aside {', '.join(map(shown, aside))}; drawing anew", "§4 Step 4")


@handles(Take)
def _take(work: Work, action: Take) -> None:
    d = work.drafting
    if d.slot is not None:  # the blind tile, turned face up, turned as the player chose
        work.place(d.chosen, action.rotation)
        return
    room, turns, gems, steps = slots(work.s)[action.slot - 1]
    what = "a face-down tile" if isinstance(room, FaceDown) else room
    if gems:
        work.gain("gems", -gems, f"drafted {what} from Slot {action.slot}", "§4 Gem Cost Rules")
    if steps:
        work.gain("steps", -steps, f"drafted {what} from Slot {action.slot}", "§19 Hovel")
    work.drafting = d.replace(slot=action.slot)
    if isinstance(room, FaceDown):  # drafted blind: turned face up now, then placed
        work.queue(RevealTaken(action.slot))
        return
    if action.rotation is not None:
        work.place(room, action.rotation)
        return
    if len(turns) == 1:
        work.place(room, turns[0])
    else:
        work.queue(_orient(turns))


@dataclass(frozen=True)
class RevealTaken(Reveal):
    """The face-down tile the player drafted blind turned face up (:class:`Reveal`), then
    placed (:func:`placing`)."""

    def apply(self, work: Work, value) -> None:
        super().apply(work, value)
        placing(work)


def placing(work: Work) -> None:
    """Place the tile drafted blind once turned face up (§16 Archives): as it lies when it
    has one way to fit, turned by the player (the Take of :func:`_takes`) when the player
    turns tiles (:func:`may_rotate`), else its orientation drawn (:class:`Orient`)."""
    d = work.drafting
    room = d.chosen
    turns = placements(work.rules, room, d.origin, d.direction)
    if not turns:  # (its back said it fits: the data test of tile backs keeps that true)
        raise AssertionError(f"{room} drafted blind does not fit as its back said")
    if len(turns) == 1:
        work.place(room, turns[0])
    elif not may_rotate(work, room):
        work.queue(_orient(turns), front=True)


@handles(GiveUp)
def _give_up(work: Work, action: GiveUp) -> None:
    d = work.drafting
    work.end_draft("the drawn tiles return to the bag", "§4 Step 4 (variant no_legal_tile)")
    reading = work.rules.variant("redraft_returned_door")
    if reading == "door_closed":
        work.set_flag("closed_doors", work.flag("closed_doors", ()) + (list(d.door),))
        work.log("that door stays shut for the rest of the run", "§4 Step 4 "
                 "(variant redraft_returned_door)")
    elif reading == "step_cost":
        work.gain("steps", -1, "a draft that placed nothing", "§4 Step 4 "
                  "(variant redraft_returned_door)")


# -- placing a tile -----------------------------------------------------------------------------

@on_place
def placed(work: Work, cell: Cell) -> None:
    """Everything a newly placed tile triggers (§4 Step 4, §8, §16): its dirt and trunk
    rolls, its own draft effect, the watchers of rooms already on the board, and entering
    at once under ``enter_after_draft=auto_enter``."""
    rules = work.rules
    room = work.board[cell].room
    row = rules.room(room)
    dirt = row["dirt_on_draft"]
    if work.flag("root_cellar"):
        dirt = min(dirt + 1, number(rules, "root_cellar_cap"))
    if dirt:
        work.add_dirt(cell, dirt, "§8 Dirt Pile Tokens")
    if row["trunk_rolls"]:
        die = trunk_die(rules, room, cell[0])
        for _ in range(row["trunk_rolls"]):
            if die is None:
                work.add_trunks(cell, 1, "§8 Locked Trunks (never locked: OPEN)")
            else:
                work.queue(_roll("trunk", cell, die))
    if room in hooks.DRAFT:
        hooks.DRAFT[room](work, cell)
    watch = hooks.WATCH
    if not watch.keys().isdisjoint(work.on_board()):
        for other, there in hooks.watching(work.board, watch):
            if other != cell:
                watch[there](work, other, cell)
    hooks.watch_draft(work, cell)
    if rules.variant("enter_after_draft") == "auto_enter":
        from .turn import enter  # (here: see reducer.legal)

        enter(work, cell, 1)


def back_door(cell: Cell, origin: Cell) -> int:
    """The side of ``cell`` that faces ``origin``."""
    for d in DIRS:
        if neighbour(cell, d) == origin:
            return d
    raise ValueError(f"{origin} is not next to {cell}")


__all__ = ["back_door", "can_pay", "draftable_doors", "may_rotate", "opposite", "placed",
           "placing", "red_in_sight", "redraws", "slot_cost", "slots", "tiles_left",
           "unlock_methods"]
