"""The rules of play as steps: what each step allows and what each action does (Setup, Round
Overview, Player Turns, Extra Turns, Completion and Special Rewards, Game End).

A state's ``todo`` is the queue of steps still to happen; its head is the step now. A step is
a tuple ``(name, *args)``: a *random* step (:data:`RANDOM`: a card is dealt or revealed), a
*decision* (:data:`DECIDE`: the named player acts) or an *automatic* step (:data:`AUTO`),
which :func:`settle` carries out at once. Every action handler returns a new state.
"""

from __future__ import annotations

from dataclasses import replace

from ...dist import Dist
from ..cards import Card, next_room
from ..castle import Room, Shape, shape_of
from ..rules import ROOM_TYPES, SIDES
from ..setup_draws import BONUS, DECREES, FAVORS, decrees_dealt, next_card
from ..turn_order import turn_order
from .actions import (
    ChooseFoyer,
    Done,
    Door,
    DrawBonus,
    EndTurn,
    Expand,
    ExtraTurn,
    Fill,
    IllegalAction,
    Moat,
    Passage,
    PickDecree,
    Rearrange,
    Sketch,
    Skip,
    Swan,
    Take,
    TakeReserve,
)
from .sheet import Sheet

RANDOM = ("start", "favor", "bonus", "decree", "private", "room")
DECIDE = ("draft", "flags", "foyer", "turn", "final")
AUTO = ("reveal", "round", "turns", "extras", "end_round", "score")
#: The Royal Decrees this engine plays; one in play that is not here is refused at setup.
MODELLED = frozenset({"D01", "D02", "D03", "D04", "D07", "D08", "D09", "D10", "D11", "D12",
                      "D15", "D16", "D19", "D20", "D22", "D23", "D24", "D25", "D26", "D27",
                      "D28", "D29", "D30", "D31", "D32"})


# -- small helpers ----------------------------------------------------------------------------
def sheet_of(state, name: str) -> Sheet:
    return state.sheets[state.players.index(name)]


def with_sheet(state, sheet: Sheet):
    i = state.players.index(sheet.name)
    return replace(state, sheets=(*state.sheets[:i], sheet, *state.sheets[i + 1:]))


def holds(sheet: Sheet, decree: str) -> bool:
    return sheet.decree == decree


def deck_left(state) -> int:
    deck, _ = state.rules.deck(len(state.players))
    return deck - len(state.seen)


def card_shape(state, card: Card) -> Shape:
    return shape_of(state.rules, str(card.size))


def note(state, text: str):
    """Add ``text`` to what the last step did (the log's effect)."""
    if not text or not state.events:
        return state
    last = state.events[-1]
    return replace(state, events=(*state.events[:-1], f"{last}; {text}" if last else text))


# -- random steps -----------------------------------------------------------------------------
def outcomes(state) -> Dist:
    """The exact chances of the pending random step's outcomes (one shared reading each:
    :func:`~manorkit.ludwig.cards.next_room`, :func:`~manorkit.ludwig.setup_draws.next_card`)."""
    step = state.todo[0]
    rules, solo = state.rules, len(state.players) == 1
    what = step[0]
    if what == "start":
        return Dist.uniform(state.players)
    if what == "room":
        return next_room(state.seen, rules).map(str)
    if what == "favor":
        return next_card(FAVORS, state.favors, solo, rules)
    if what == "private":
        gone = (*state.favors, *(f for s in state.sheets for f in s.private))
        return next_card(FAVORS, gone, solo, rules)
    if what == "bonus":
        return next_card(BONUS, state.bonus_gone, False, rules)
    if what == "decree":
        return next_card(DECREES, state.decrees_gone, solo, rules)
    raise AssertionError(step)


def draw(state, value: str):
    step = state.todo[0]
    what, rest = step[0], replace(state, todo=state.todo[1:])
    if what == "start":
        i = state.players.index(value)
        seats = state.players[i:] + state.players[:i]
        return _after_start(replace(rest, seats=seats))
    if what == "room":
        card = Card.parse(value)
        return replace(rest, market=(*rest.market, card), seen=(*rest.seen, card))
    if what == "favor":
        return replace(rest, favors=(*rest.favors, value))
    if what == "private":
        sheet = sheet_of(rest, step[1])
        return with_sheet(rest, replace(sheet, private=(*sheet.private, value)))
    if what == "bonus":
        sheet = sheet_of(rest, step[1])
        rest = replace(rest, bonus_gone=(*rest.bonus_gone, value))
        return with_sheet(rest, replace(sheet, bonus=(*sheet.bonus, value)))
    if what == "decree":
        return replace(rest, decrees_gone=(*rest.decrees_gone, value), hand=(*rest.hand, value))
    raise AssertionError(step)


def _after_start(state):
    rules, seats = state.rules, state.seats
    solo = len(seats) == 1
    steps = [("favor",)] * rules.setting("favors_revealed")
    steps += [("bonus", p) for p in seats for _ in range(rules.setting("bonus_cards_dealt"))]
    dealt = min(decrees_dealt(len(seats), rules=rules), len(rules.pool(DECREES, solo)))
    steps += [("decree",)] * dealt
    # the player to the right of the start player chooses first; then on to the right
    steps += [("draft", p) for p in reversed(seats)] if not solo else [("draft", seats[0])]
    steps += [("reveal",)]
    state = replace(state, todo=(*steps, *state.todo), order=seats)
    return note(state, f"{seats[0]} starts")


# -- automatic steps --------------------------------------------------------------------------
def settle(state):
    """Carry out automatic steps until a random step or a decision is at the head."""
    while state.todo and state.todo[0][0] in AUTO:
        step, state = state.todo[0], replace(state, todo=state.todo[1:])
        state = AUTOMATIC[step[0]](state, *step[1:])
    return state


def _reveal(state):
    """Royal Decrees revealed; the Start of the Game ones act (Royal Decrees)."""
    rules, steps = state.rules, []
    state = replace(state, hand=())
    for name in state.seats:
        sheet = sheet_of(state, name)
        d = sheet.decree
        if d == "D01":
            steps.append(("flags", name, rules.decree_value(d)))
        elif d == "D02":
            state = go_last(state, name, rules.decree_value(d))
        elif d == "D03":
            steps += [("private", name)] * rules.decree_value(d)
        elif d == "D04":
            state = add_swans(state, name, rules.decree_value(d))
        elif d == "D19":
            sketch = replace(sheet.sketch, walls_connect=True)
            state = with_sheet(state, replace(sheet, sketch=sketch))
    steps += [("foyer", p) for p in state.seats] + [("round",)]
    decrees = ", ".join(f"{p} {sheet_of(state, p).decree}" for p in state.seats)
    return note(replace(state, todo=(*steps, *state.todo)), f"Royal Decrees: {decrees}")


def _round(state):
    """Refill New Rooms: players + 2 cards (3 solo) from the Room deck."""
    _, market = state.rules.deck(len(state.players))
    n = min(market, deck_left(state))
    state = replace(state, round=state.round + 1)
    steps = [("room",)] * n + [("turns",), ("extras",), ("end_round",)]
    return note(replace(state, todo=(*steps, *state.todo)), f"round {state.round}")


def _turns(state):
    steps = tuple(("turn", p, "normal") for p in state.order)
    return replace(state, todo=(*steps, *state.todo))


def _extras(state):
    """Extra turns: after every normal turn, in turn order, one at a time (Extra Turns)."""
    owed = [p for p in state.order if sheet_of(state, p).extra]
    if not owed:
        return state
    for p in owed:
        state = with_sheet(state, take_owed(sheet_of(state, p)))
    steps = tuple(("turn", p, "extra") for p in owed) + (("extras",),)
    return replace(state, todo=(*steps, *state.todo))


def _end_round(state):
    """End of Round: the Market to the Reserve, the next turn order, a Go Last circle; when
    the Room deck has run out, the game ends (Game End)."""
    rules = state.rules
    piles = {s.name: [c.size for c in s.pile] for s in state.sheets}
    order = tuple(turn_order(piles, state.seats, rules))
    over = deck_left(state) == 0
    state = replace(state, reserve=(*state.reserve, *state.market), market=(), order=order)
    state = note(state, "turn order " + ", ".join(order))
    if len(order) > 1 and (not over or rules.variant("go_last_final_round") == "filled"):
        state = go_last(state, order[-1], 1)
    if over:
        steps = tuple(("final", p) for p in order) + (("score",),)
        return note(replace(state, todo=(*steps, *state.todo)), "the Room deck is empty")
    return replace(state, todo=(("round",), *state.todo))


def _score(state):
    from .final import score

    results = score(state)
    said = ("winners: " + ", ".join(results["winners"]) if results["winners"] else
            f"solo rank: {results['rank']}")
    return note(replace(state, results=results), said)


AUTOMATIC = {"reveal": _reveal, "round": _round, "turns": _turns, "extras": _extras,
             "end_round": _end_round, "score": _score}


# -- score-sheet tracks -----------------------------------------------------------------------
def go_last(state, name: str, n: int):
    """Fill in ``n`` Go Last circles; every 3rd (up to the 6th) earns a special reward."""
    rules, sheet = state.rules, sheet_of(state, name)
    every, most = rules.setting("go_last_reward_every"), rules.setting("go_last_rewards")
    for _ in range(n):
        sheet = replace(sheet, go_last=sheet.go_last + 1)
        if sheet.go_last % every == 0 and sheet.go_last // every <= most:
            sheet = sheet.add_special(f"Go Last {sheet.go_last}")
            state = note(state, f"{name} earns a special reward (Go Last {sheet.go_last})")
    return note(with_sheet(state, sheet), f"{name} fills in a Go Last circle")


def add_swans(state, name: str, n: int):
    """Fill in Swans; the 4th and 8th earn a Moat reward (Moats)."""
    rules, sheet = state.rules, sheet_of(state, name)
    per, most = rules.setting("swans_per_moat"), rules.setting("swans_max")
    swans = min(most, sheet.swans + n)
    sheet = replace(sheet, swans=swans)
    earned = swans // per - sheet.moat_circles
    if earned > 0:
        sheet = replace(sheet.gain("Moat", earned), moat_circles=swans // per)
        state = note(state, f"{name} earns a Moat")
    return with_sheet(state, sheet)


def check_completions(state, name: str):
    """Fill in a circle for every newly completed Room and grant its reward (Completion
    Rewards): Food an extra turn this round; the others a reward to use."""
    sheet = sheet_of(state, name)
    sketch = sheet.sketch
    new = [i for i in range(len(sketch.rooms))
           if i not in sheet.completed and sketch.rooms[i].kind and sketch.complete(i)]
    if not new:
        return state
    sheet = replace(sheet, completed=sheet.completed | frozenset(new))
    texts = []
    for i in new:
        kind = sketch.rooms[i].kind
        texts.append(f"{kind} {sketch.rooms[i].size}" if i else f"the {kind} Foyer")
        if kind == "Food":
            sheet = owe_turn(sheet, "Food")
        else:
            sheet = sheet.gain(kind)
    return note(with_sheet(state, sheet), f"{name} completes " + ", ".join(texts))


# -- decisions: what is legal -----------------------------------------------------------------
def legal(state) -> list:
    step = state.todo[0]
    name = step[1]
    sheet = sheet_of(state, name)
    what = step[0]
    if what == "draft":
        return [PickDecree(d) for d in sorted(state.hand)]
    if what == "flags":
        return [Expand(s, "decree") for s in SIDES if _can_expand(state, sheet, s)]
    if what == "foyer":
        return [ChooseFoyer(t) for t in ROOM_TYPES]
    if what == "final":
        return [*_reward_uses(state, sheet, final=True), Done()]
    # a turn
    stage = state.stage
    if stage == "take":
        return [*_takes(state, sheet), Skip(), *_reward_uses(state, sheet)]
    if stage == "sketch":  # (no reward now: it could take away the place the card fits)
        return [*_sketches(state, sheet), *_rearranges(state, sheet)]
    if stage == "doors":
        return _doors(state, sheet)
    return [*_reward_uses(state, sheet), EndTurn()]


def _using(sheet: Sheet, reward: str) -> str | None:
    """What pays for a use of ``reward``: its own completion reward, else a special one."""
    if sheet.has(reward):
        return reward
    return "special" if sheet.special_left() is not None else None


def _free(state, what: str) -> bool:
    return dict(state.free).get(what, 0) > 0


def _can_expand(state, sheet: Sheet, side: str) -> bool:
    return sheet.sketch.flags[SIDES.index(side)] < sheet.sketch.lot.flags


def _payers(state, sheet: Sheet, reward: str, free: str) -> list[str]:
    """What may pay for a use of ``reward`` now: its completion reward (else a special
    one), and an extra use a Royal Decree gave this turn."""
    out = [u for u in (_using(sheet, reward), "decree" if _free(state, free) else None) if u]
    return out


def _reward_uses(state, sheet: Sheet, final: bool = False) -> list:
    out: list = []
    sketch = sheet.sketch
    payers = _payers(state, sheet, "Downstairs", "passage")
    if payers:
        walls = sketch.passage_walls()
        out += [Passage(*w, using) for using in payers for w in walls]
    payers = _payers(state, sheet, "Living", "fill")
    if payers:
        doors = sketch.unconnected()
        out += [Fill(*d, using) for using in payers for d in doors]
    for using in _payers(state, sheet, "Outdoor", "flag"):
        out += [Expand(s, using) for s in SIDES if _can_expand(state, sheet, s)]
    for using in ("Moat", "decree"):
        if sheet.has(using):
            out += [Moat(tuple(sorted(run)), using) for run in sketch.moat_runs()]
    using = _using(sheet, "Utility")
    if using and (state.bonus_left() > 0 or using == "special"):
        out.append(DrawBonus(using))
    if sheet.special_left() is not None:
        if sheet.swans < state.rules.setting("swans_max"):
            out.append(Swan())
        if not final:
            out.append(ExtraTurn())
    return out


def _fits(state, sheet: Sheet, card: Card) -> bool:
    shape = card_shape(state, card)
    kinds = {card.kind} | ({"Utility"} if holds(sheet, "D07") else set())
    if any(sheet.sketch.placements(shape, k) for k in kinds):
        return True
    return _using(sheet, "Sleeping") is not None and bool(
        _rearranged(sheet, shape, card.kind))


def _takes(state, sheet: Sheet) -> list:
    out = [Take(c) for c in sorted(set(state.market)) if _fits(state, sheet, c)]
    using = _using(sheet, "Activity")
    if using:
        paid = sheet.spend(using, "Activity")  # (a special reward spent here is gone)
        out += [TakeReserve(c, using) for c in sorted(set(state.reserve))
                if _fits(state, paid, c)]
    return out


def _sketches(state, sheet: Sheet) -> list:
    card = state.held
    shape = card_shape(state, card)
    out = [Sketch(t, m, min(x for x, _ in p.cells), min(y for _, y in p.cells))
           for t, m, p in sheet.sketch.placements(shape, card.kind)]
    if holds(sheet, "D07") and card.kind != "Utility":
        out += [Sketch(t, m, min(x for x, _ in p.cells), min(y for _, y in p.cells), True)
                for t, m, p in sheet.sketch.placements(shape, "Utility")]
    return out


def _rearranged(sheet: Sheet, shape: Shape, kind: str) -> list:
    """Placements ``(turn, mirror, placed)`` of a Room whose entrances are still to place:
    squares with a wall that can take an entrance connecting it."""
    sketch = sheet.sketch
    return [(t, m, p) for t, m, p in sketch.rearranged(shape)
            if _joining_walls(sketch, p, kind)]


def _joining_walls(sketch, placed: Shape, kind: str) -> list:
    return [w for w in sorted(placed.walls)
            if sketch.joins(placed._replace(doors=frozenset((w,))), kind)]


def _rearranges(state, sheet: Sheet) -> list:
    using = _using(sheet, "Sleeping")
    if not using:
        return []
    shape = card_shape(state, state.held)
    return [Rearrange(using)] if _rearranged(sheet, shape, state.held.kind) else []


def _doors(state, sheet: Sheet) -> list:
    """Where the next entrance of a rearranged Room may go: its first must connect."""
    cells, placed, kind = state.rearranging
    shape = card_shape(state, state.held)
    if cells is None:
        return [Sketch(t, m, x, y) for t, m, x, y in _square_choices(sheet, shape, kind)]
    room = Shape(cells, frozenset())
    if not placed:
        return [Door(*w) for w in _joining_walls(sheet.sketch, room, kind)]
    return [Door(*w) for w in sorted(room.walls - set(placed))]


def _square_choices(sheet: Sheet, shape: Shape, kind: str) -> list:
    return [(t, m, min(x for x, _ in p.cells), min(y for _, y in p.cells))
            for t, m, p in _rearranged(sheet, shape, kind)]


# -- decisions: what they do ------------------------------------------------------------------
def act(state, action):
    """``action`` by the player of the step at the head (already checked legal)."""
    step = state.todo[0]
    name = step[1]
    handler = HANDLERS[type(action)]
    return handler(state, name, action)


def _pick_decree(state, name, a: PickDecree):
    sheet = sheet_of(state, name)
    hand = tuple(d for d in state.hand if d != a.decree)
    state = replace(state, hand=hand, todo=state.todo[1:])
    return with_sheet(state, replace(sheet, decree=a.decree))


def _choose_foyer(state, name, a: ChooseFoyer):
    sheet = sheet_of(state, name)
    rooms = (sheet.sketch.rooms[0]._replace(kind=a.room_type), *sheet.sketch.rooms[1:])
    sheet = replace(sheet, sketch=replace(sheet.sketch, rooms=rooms))
    return with_sheet(replace(state, todo=state.todo[1:]), sheet)


def _take(state, name, a: Take):
    market = list(state.market)
    market.remove(a.card)
    return replace(state, market=tuple(market), held=a.card, stage="sketch")


def _take_reserve(state, name, a: TakeReserve):
    reserve = list(state.reserve)
    reserve.remove(a.card)
    sheet = sheet_of(state, name).spend(a.using, "Activity")
    state = replace(state, reserve=tuple(reserve), held=a.card, stage="sketch")
    return with_sheet(state, sheet)


def _skip(state, name, a: Skip):
    sheet = sheet_of(state, name)
    if not sheet.skipped:
        sheet = replace(sheet, skipped=True).add_special("Skip")
        state = note(state, f"{name} fills in the Skip Turn circle: a special reward")
    return with_sheet(replace(state, stage="after"), sheet)


def _sketch(state, name, a: Sketch):
    card = state.held
    shape = card_shape(state, card).oriented(a.turn, a.mirror)
    if state.stage == "doors":
        placed = shape.moved(a.x, a.y)
        return replace(state, rearranging=(placed.cells, (), state.rearranging[2]))
    placed = shape.moved(a.x, a.y)
    kind = "Utility" if a.utility else card.kind
    return _finish_room(state, name, Room(kind, card.size, placed.cells, placed.doors, card,
                                          shape.curved, shape.angled))


def _finish_room(state, name: str, room: Room):
    """The Room is sketched: on the pile, its Swan filled in, completions checked."""
    sheet = sheet_of(state, name)
    card = state.held
    sheet = replace(sheet, sketch=sheet.sketch.with_room(room), pile=(*sheet.pile, card))
    state = with_sheet(replace(state, held=None, stage="after", rearranging=None), sheet)
    if card.swan:
        state = add_swans(state, name, 1)
    return check_completions(state, name)


def _rearrange(state, name, a: Rearrange):
    sheet = sheet_of(state, name).spend(a.using, "Sleeping")
    state = replace(state, stage="doors", rearranging=(None, (), state.held.kind))
    return with_sheet(state, sheet)


def _door(state, name, a: Door):
    cells, placed, kind = state.rearranging
    placed = (*placed, (a.x, a.y, a.side))
    count = len(card_shape(state, state.held).doors)
    if len(placed) < count:
        return replace(state, rearranging=(cells, placed, kind))
    card = state.held
    shape = card_shape(state, card)
    room = Room(kind, card.size, cells, frozenset(placed), card, shape.curved, shape.angled)
    return _finish_room(state, name, room)


def _use_free(state, what: str):
    free = dict(state.free)
    free[what] -= 1
    return replace(state, free=tuple((k, v) for k, v in free.items() if v))


def _grant_free(state, what: str, n: int):
    free = dict(state.free)
    free[what] = free.get(what, 0) + n
    return replace(state, free=tuple(free.items()))


def _pay(state, name: str, using: str, as_: str, free: str, extra_decree: str):
    """Spend a reward for ``as_`` (``using`` "decree": an extra use a Royal Decree gave
    this turn); holding ``extra_decree`` adds its extra uses for the rest of the turn."""
    if using == "decree":
        return _use_free(state, free)
    sheet = sheet_of(state, name)
    state = with_sheet(state, sheet.spend(using, as_))
    if holds(sheet, extra_decree):
        state = _grant_free(state, free, state.rules.decree_value(extra_decree) - 1)
    return state


def _passage(state, name, a: Passage):
    state = _pay(state, name, a.using, "Downstairs", "passage", "D11")
    sheet = sheet_of(state, name)
    state = with_sheet(state, replace(sheet, sketch=sheet.sketch.with_passage(
        (a.x, a.y, a.side))))
    return check_completions(state, name)


def _fill(state, name, a: Fill):
    state = _pay(state, name, a.using, "Living", "fill", "D15")
    sheet = sheet_of(state, name)
    state = with_sheet(state, replace(sheet, sketch=sheet.sketch.with_filled(
        (a.x, a.y, a.side))))
    return check_completions(state, name)


def _expand(state, name, a: Expand):
    if state.todo[0][0] == "flags":
        left = state.todo[0][2] - 1
        head = (("flags", name, left),) if left else ()
        state = replace(state, todo=(*head, *state.todo[1:]))
    else:
        state = _pay(state, name, a.using, "Outdoor", "flag", "D09")
    sheet = sheet_of(state, name)
    return with_sheet(state, replace(sheet, sketch=sheet.sketch.expanded(a.side)))


def _moat(state, name, a: Moat):
    sheet = sheet_of(state, name).spend(a.using, "Moat")
    sheet = replace(sheet, sketch=sheet.sketch.with_moat(a.cells))
    if holds(sheet, "D16") and len(sheet.sketch.moats) == 2:
        sheet = sheet.gain("decree")
    if holds(sheet, "D10"):
        for _ in range(state.rules.decree_value("D10")):
            sheet = owe_turn(sheet, "D10")
    return check_completions(with_sheet(state, sheet), name)


def _draw_bonus(state, name, a: DrawBonus):
    sheet = sheet_of(state, name)
    state = with_sheet(state, sheet.spend(a.using, "Utility"))
    n = state.rules.setting("utility_bonus_cards")
    if holds(sheet, "D12"):
        n = state.rules.decree_value("D12")
    n = min(n, state.bonus_left())
    return replace(state, todo=(*[("bonus", name)] * n, *state.todo))


def _swan(state, name, a: Swan):
    state = with_sheet(state, sheet_of(state, name).spend("special", "Swan"))
    return add_swans(state, name, 1)


def _extra_turn(state, name, a: ExtraTurn):
    return with_sheet(state, owe_turn(sheet_of(state, name).spend("special", "Food"),
                                      "special"))


def owe_turn(sheet: Sheet, why: str) -> Sheet:
    """An extra turn this round (Extra Turns); with Royal Decree D08 a Food Room's comes
    right after this turn."""
    if why == "Food" and holds(sheet, "D08"):
        return replace(sheet, now=(*sheet.now, why))
    return replace(sheet, extra=(*sheet.extra, why))


def take_owed(sheet: Sheet, now: bool = False) -> Sheet:
    """An owed extra turn begins: a Food Room reward's flag is filled in."""
    owed = sheet.now if now else sheet.extra
    sheet = replace(sheet, **{"now" if now else "extra": owed[1:]})
    return sheet.spend_owed(owed[0])


def _end_turn(state, name, a: EndTurn):
    sheet = sheet_of(state, name)
    head = ()
    if sheet.now:
        head = (("turn", name, "extra"),)
        state = with_sheet(state, take_owed(sheet, now=True))
    return replace(state, todo=(*head, *state.todo[1:]), stage="take", free=())


def _done(state, name, a: Done):
    return replace(state, todo=state.todo[1:], free=())


HANDLERS = {PickDecree: _pick_decree, ChooseFoyer: _choose_foyer, Take: _take,
            TakeReserve: _take_reserve, Skip: _skip, Sketch: _sketch, Rearrange: _rearrange,
            Door: _door, Passage: _passage, Fill: _fill, Expand: _expand, Moat: _moat,
            DrawBonus: _draw_bonus, Swan: _swan, ExtraTurn: _extra_turn, EndTurn: _end_turn,
            Done: _done}


def check_decrees(rules) -> None:
    """Refuse a Royal Decree in play that this engine does not model."""
    missing = sorted(set(rules.pool(DECREES)) - MODELLED)
    if missing:
        raise IllegalAction(f"Royal Decrees {', '.join(missing)} are in play "
                            "(royal_decrees.csv in_play) but the engine does not model them")


