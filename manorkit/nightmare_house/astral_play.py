"""The Astral Phase (Part 4 H, Part 5, Part 7) and the Possession Phase (Part 4 I, Part 8).

Steps 5-15 of the Astral Phase, the Exorcism roll and the Possession defence are not in the
text; the placeholders read (``gaps.csv``): an Astral Body moves along the Power Lines up to
its Psychic Strength (+ ``astral_reach``) points and may then Exorcise the Room or Axis
Control Marker on its point, or the Entity from an Axis Control Point (rolls in
:mod:`.astral`); Astral Bodies not Lost go back to their Bodies at the end of the phase; a
Lost Character recovers on a die below his Psychic Strength.
"""

from __future__ import annotations

from . import astral, contests, cups, house
from .actions import Attempt, Commit, Go, Pass, Setup
from .board import HOUSE, Board, Say, Step, auto, chance, decide
from .haunt_phase import retire
from .rules import Rules

H, I5 = "Part 4: H. Astral Phase", "Part 5: Lost on the Astral"
I4, P7, P8 = "Part 4: I. Possession Phase", "Part 7: Exorcism", "Part 8: Possession"


def point_name(point) -> str:
    return f"Circle {point[0]}, Axis {point[1]}"


# -- H. Astral Phase ---------------------------------------------------------------------------
@auto("astral")
def _astral(b: Board, rules: Rules, step: Step, say: Say) -> None:
    b.next(*(Step("astral_hunter", p) for p in b.active()), Step("astral_end", HOUSE))


@auto("astral_hunter")
def _astral_hunter(b: Board, rules: Rules, step: Step, say: Say) -> None:
    p, h = step.player, b.hunters[step.player]
    if not h.active:
        return
    if h.lost:
        b.next(Step("recover", p))
        return
    if h.panicked or h.space not in (*house.room_spaces(rules), *house.focus_spaces(rules)):
        return
    steps = []
    if h.space in house.focus_spaces(rules):
        steps.append(Step("psyche_axis", p))
    else:
        h.psyche = b.rooms_point(rules, h.space)
    b.next(*steps, Step("enter", p))


def _axis_options(b: Board, rules: Rules, step: Step) -> list:
    return [Setup("Psyche on the Axis Control Point", f"Axis {a}") for a in b.axes]


@decide("psyche_axis", _axis_options)
def _psyche_axis(b: Board, rules: Rules, step: Step, action: Setup, say: Say) -> None:
    b.hunters[step.player].psyche = (rules.number("axis_circle"), int(action.choice.split()[1]))
    say(f"{step.player}'s Psyche goes to the Axis Control Point of {action.choice}", H)


def _enter_options(b: Board, rules: Rules, step: Step) -> list:
    h = b.hunters[step.player]
    if not h.active or h.psyche is None or h.lost:
        return []
    return [Attempt("go onto the Astral Plane"), Pass("the Astral Plane")]


@decide("enter", _enter_options)
def _enter(b: Board, rules: Rules, step: Step, action, say: Say) -> None:
    if isinstance(action, Pass):
        return
    h = b.hunters[step.player]
    if rules.character(h.character)["astral_roll"] == "no":
        _project(b, rules, step.player, say)
    else:
        b.next(Step("entry_roll", step.player))


def _project(b: Board, rules: Rules, p: str, say: Say) -> None:
    h = b.hunters[p]
    h.astral, h.unconscious = h.psyche, True
    say(f"{p}'s Astral Body rises at {point_name(h.astral)}; his Body lies Unconscious", H)
    b.next(Step("astral_move", p), Step("exorcise", p))


def _entry_outcomes(b: Board, rules: Rules, step: Step):
    return (contests.astral_entry(rules, b.hunters[step.player].character).total,
            f"Astral entry roll by {step.player}", "dice")


@chance("entry_roll", _entry_outcomes)
def _entry_roll(b: Board, rules: Rules, step: Step, total: int, say: Say) -> None:
    h = b.hunters[step.player]
    if total < rules.character(h.character)["psychic"]:
        _project(b, rules, step.player, say)
        return
    say(f"{step.player} is Lost on the Astral Plane", I5)
    b.pay_house(rules, step.player, 1, say, H)
    h.lost = h.unconscious = h.psyche_vulnerable = True
    b.next(Step("lost_landing", step.player))


def _landing_outcomes(b: Board, rules: Rules, step: Step):
    return contests.lost_landing(rules), f"where {step.player} is Lost", "dice"


@chance("lost_landing", _landing_outcomes)
def _landing(b: Board, rules: Rules, step: Step, point: tuple, say: Say) -> None:
    b.hunters[step.player].astral = tuple(point)
    say(f"{step.player}'s Astral Body drifts to {point_name(point)}", I5)


def _recover_outcomes(b: Board, rules: Rules, step: Step):
    return astral.D6, f"Recovery roll by {step.player}", "dice"


@chance("recover", _recover_outcomes)
def _recover(b: Board, rules: Rules, step: Step, die: int, say: Say) -> None:
    h = b.hunters[step.player]
    if die < rules.character(h.character)["psychic"]:
        h.lost = h.unconscious = False
        h.astral = None
        say(f"{step.player}'s Astral Body finds its way back: he wakes", I5)
    else:
        say(f"{step.player} stays Lost", I5)


def _astral_move_options(b: Board, rules: Rules, step: Step) -> list:
    h = b.hunters[step.player]
    if h.astral is None or h.lost:
        return []
    reach = rules.character(h.character)["psychic"] + rules.number("astral_reach")
    far = astral.distances(rules, h.astral)
    out = [Go(f"{step.player}'s Astral Body", point_name(q))
           for q, d in sorted(far.items()) if 0 < d <= reach]
    return out + [Pass("moving on the Astral Plane")]


@decide("astral_move", _astral_move_options)
def _astral_move(b: Board, rules: Rules, step: Step, action, say: Say) -> None:
    if isinstance(action, Go):
        circle, axis = (int(x.split()[1]) for x in action.where.split(", "))
        b.hunters[step.player].astral = (circle, axis)
        say(f"{step.player}'s Astral Body moves to {action.where}", H)


def targets(b: Board, rules: Rules, point) -> list[str]:
    """What an Astral Body on ``point`` may Exorcise (placeholder reach, module docstring)."""
    circle, axis = point
    out = [r for r, q in astral.room_points(rules).items() if q == point and b.rooms[r]]
    if circle == rules.number("axis_circle"):
        out += [f"Axis {axis}"] if b.axes[axis] else []
        out.append("the Entity")
    return out


def _exorcise_options(b: Board, rules: Rules, step: Step) -> list:
    h = b.hunters[step.player]
    if h.astral is None or h.lost or not h.active:
        return []
    found = targets(b, rules, h.astral)
    return [Attempt(f"exorcise {t}") for t in found] + [Pass("Exorcism")] if found else []


@decide("exorcise", _exorcise_options)
def _exorcise(b: Board, rules: Rules, step: Step, action, say: Say) -> None:
    if isinstance(action, Attempt):
        b.next(Step("exorcism_commit", step.player, (action.what.removeprefix("exorcise "),)))


def _commit_options(b: Board, rules: Rules, step: Step) -> list:
    power = b.hunters[step.player].power
    return [Commit(f"the Exorcism of {step.args[0]}", power[len(power) - k:])
            for k in range(len(power) + 1)]


@decide("exorcism_commit", _commit_options)
def _commit(b: Board, rules: Rules, step: Step, action: Commit, say: Say) -> None:
    h = b.hunters[step.player]
    h.power = h.power[:len(h.power) - len(action.values)]
    say(f"{step.player} commits {len(action.values)} Power Marker(s) to the Exorcism of "
        f"{step.args[0]}", P7)
    b.next(Step("resist", HOUSE, (step.player, step.args[0], action.values)))


def house_commits(b: Board, rules: Rules, what: str) -> list:
    """The House's choice of markers for ``what``: at most as many as Hunters started."""
    most = min(b.started, len(b.house_power))
    if b.solitaire:
        return [Commit(what, count=k) for k in range(most + 1)]
    return [Commit(what, b.house_power[len(b.house_power) - k:]) for k in range(most + 1)]


def _resist_options(b: Board, rules: Rules, step: Step) -> list:
    return house_commits(b, rules, "resist the Exorcism")


@decide("resist", _resist_options)
def _resist(b: Board, rules: Rules, step: Step, action: Commit, say: Say) -> None:
    p, target, mine = step.args
    if action.count:
        b.next(Step("blind_commit", HOUSE, (action.count, "exorcism_house", HOUSE,
                                            (p, target, mine))))
        return
    b.house_power = b.house_power[:len(b.house_power) - len(action.values)]
    b.next(Step("exorcism_house", HOUSE, (p, target, mine, action.values)))


def _blind_outcomes(b: Board, rules: Rules, step: Step):
    mine = {v: b.house_power.count(v) for v in set(b.house_power)}
    return cups.power_draw(mine, step.args[0]), "the House's markers drawn at random", "other"


@chance("blind_commit", _blind_outcomes)
def _blind(b: Board, rules: Rules, step: Step, values: tuple, say: Say) -> None:
    rest = list(b.house_power)
    for v in values:
        rest.remove(v)
    b.house_power = tuple(rest)
    _, kind, player, args = step.args
    b.next(Step(kind, player, (*args, values)))


def circle_of(b: Board, rules: Rules, target: str) -> int:
    if target == "the Entity":
        return b.entity
    if target.startswith("Axis "):
        return rules.number("axis_circle")
    return b.rooms_point(rules, target)[0]


def exorcism(b: Board, rules: Rules, p: str, target: str, mine, theirs) -> astral.Contest:
    return astral.exorcism(rules, b.hunters[p].character, circle_of(b, rules, target),
                           power=tuple(mine), house_power=tuple(theirs), hunters=b.started,
                           axes=b.controlled_axes() if target == "the Entity" else 0)


def _house_ex_outcomes(b: Board, rules: Rules, step: Step):
    p, target, mine, theirs = step.args
    return (exorcism(b, rules, p, target, mine, theirs).house,
            f"the House's Exorcism roll against {p}", "dice")


@chance("exorcism_house", _house_ex_outcomes)
def _house_ex(b: Board, rules: Rules, step: Step, total: int, say: Say) -> None:
    p, target, mine, theirs = step.args
    b.next(Step("exorcism_hunter", p, (target, mine, theirs, total)))


def _hunter_ex_outcomes(b: Board, rules: Rules, step: Step):
    target, mine, theirs, _ = step.args
    return (exorcism(b, rules, step.player, target, mine, theirs).hunter,
            f"{step.player}'s Exorcism roll", "dice")


@chance("exorcism_hunter", _hunter_ex_outcomes)
def _hunter_ex(b: Board, rules: Rules, step: Step, total: int, say: Say) -> None:
    target, mine, theirs, house_total = step.args
    p, h = step.player, b.hunters[step.player]
    b.to_cup((*mine, *theirs))
    if total >= house_total:
        say(f"{p} Exorcises {target} ({total} against {house_total})", P7)
        exorcised(b, rules, p, target, say)
        return
    say(f"{p} fails to Exorcise {target} ({total} against {house_total}): his Psyche is "
        "Vulnerable", P7)
    h.psyche_vulnerable = True
    b.soul_loss(rules, p, 1, say, P7)
    if target == "the Entity":
        h.possessed, h.astral = True, None
        say(f"the House possesses {p}'s Soul: it goes to the Seventh Circle", P7)


def exorcised(b: Board, rules: Rules, p: str, target: str, say: Say) -> None:
    """The results of an Exorcism the House lost (Part 7)."""
    if target == "the Entity":
        after = astral.entity_after(rules, b.entity)
        if after is None:
            b.over, b.winners = f"{p} exorcises the Entity and wins", (p,)
            say(b.over, P7)
            return
        say(f"the Entity is driven from Circle {b.entity} to Circle {after}", P7)
        b.entity = after
        b.next(Step("entity_axis", HOUSE))
    elif target.startswith("Axis "):
        _axis_falls(b, rules, int(target.split()[1]), p, say)
    else:
        _room_falls(b, rules, target, say)


def _room_falls(b: Board, rules: Rules, room: str, say: Say) -> None:
    b.rooms[room] = False
    say(f"the {room} Room Marker flips to its Exorcised side", P7)
    point = b.rooms_point(rules, room)
    b.next(*(Step("focus_flee", HOUSE, (i,)) for i, (q, _) in enumerate(b.focus) if q == point))
    for haunt in b.mobile_at(room):
        retire(b, haunt, say, "is driven out: back into the HAUNT CUP")


def _axis_falls(b: Board, rules: Rules, axis: int, p: str | None, say: Say) -> None:
    b.axes[axis] = False
    say(f"Axis {axis} is Exorcised: its Control Marker and Room Markers flip", P7)
    rooms = [r for r, q in astral.room_points(rules).items() if q[1] == axis and b.rooms[r]]
    for room in rooms:
        b.rooms[room] = False
        for haunt in b.mobile_at(room):
            retire(b, haunt, say, "is destroyed: back into the HAUNT CUP")
    points = {b.rooms_point(rules, r) for r in rooms}
    b.next(*(Step("focus_flee", HOUSE, (i,)) for i, (q, _) in enumerate(b.focus)
             if q in points))
    if p is not None:
        h = b.hunters[p]
        if h.psyche == (rules.number("axis_circle"), axis) and h.space in house.focus_spaces(
                rules):
            b.exorcised |= {h.space}
            for haunt in [x for x in b.haunts if x.space == h.space and not x.mobile]:
                b.haunts.remove(haunt)
                b.to_cup(haunt.power)
                b.gone |= {haunt.name}
            say(f"the {h.space} is Exorcised: its Immobile Haunt leaves play for good", P7)


def _entity_axis_options(b: Board, rules: Rules, step: Step) -> list:
    return [Setup("the House gives up", f"Axis {a}") for a, held in b.axes.items() if held]


@decide("entity_axis", _entity_axis_options)
def _entity_axis(b: Board, rules: Rules, step: Step, action: Setup, say: Say) -> None:
    _axis_falls(b, rules, int(action.choice.split()[1]), None, say)


def _flee_options(b: Board, rules: Rules, step: Step) -> list:
    point = b.focus[step.args[0]][0]
    taken = {q for q, _ in b.focus if q is not None}
    free = [q for r, q in astral.room_points(rules).items() if b.rooms[r] and q not in taken]
    if not free or point is None:
        return [Setup(f"Focus Marker {step.args[0] + 1}", "removed from play")]
    far = astral.distances(rules, point)
    near = min(far.get(q, 99) for q in free)
    rooms = {q: r for r, q in astral.room_points(rules).items()}
    return [Setup(f"Focus Marker {step.args[0] + 1}", rooms[q]) for q in free
            if far.get(q, 99) == near]


@decide("focus_flee", _flee_options)
def _flee(b: Board, rules: Rules, step: Step, action: Setup, say: Say) -> None:
    i = step.args[0]
    if action.choice == "removed from play":
        b.focus[i] = (None, False)
        say(f"{action.what} has no Room Marker to go to: it leaves play", P7)
    else:
        b.focus[i] = (b.rooms_point(rules, action.choice), b.focus[i][1])
        say(f"{action.what} moves to the {action.choice} Room Marker", P7)


@auto("astral_end")
def _astral_end(b: Board, rules: Rules, step: Step, say: Say) -> None:
    for p, h in b.hunters.items():
        if h.active and h.astral is not None and not h.lost:
            h.astral, h.unconscious = None, False
            say(f"{p}'s Astral Body returns to his Body", H)


# -- I. Possession Phase -----------------------------------------------------------------------
@auto("possession")
def _possession(b: Board, rules: Rules, step: Step, say: Say) -> None:
    steps = []
    guarded = b.pentagram[1] if b.pentagram else None
    for p in b.active():
        h = b.hunters[p]
        if h.psyche is not None or not h.psyche_vulnerable or h.space == guarded:
            continue
        if h.space in house.room_spaces(rules):
            h.psyche = b.rooms_point(rules, h.space)
        elif h.space in house.focus_spaces(rules):
            steps.append(Step("psyche_axis", p))
    steps += [Step("focus_move", HOUSE, (i,)) for i, (q, _) in enumerate(b.focus)
              if q is not None]
    steps.append(Step("attacks", HOUSE))
    b.next(*steps)


def _focus_move_options(b: Board, rules: Rules, step: Step) -> list:
    point = b.focus[step.args[0]][0]
    if point is None:
        return []
    rooms = {q: r for r, q in astral.room_points(rules).items()}
    far = astral.distances(rules, point, allowed=rooms)
    name = f"Focus Marker {step.args[0] + 1}"
    return [Go(name, rooms[q]) for q, d in sorted(far.items()) if 0 < d <= b.started] + \
        [Pass(f"moving {name}")]


@decide("focus_move", _focus_move_options)
def _focus_move(b: Board, rules: Rules, step: Step, action, say: Say) -> None:
    if isinstance(action, Pass):
        return
    i = step.args[0]
    point = b.rooms_point(rules, action.where)
    others = {q for j, (q, _) in enumerate(b.focus) if j != i}
    if not b.rooms[action.where] or point in others:
        b.focus[i] = (None, False)
        say(f"{action.who} ends on an Exorcised Room Marker or another Focus Marker: it "
            "leaves play", I4)
    else:
        b.focus[i] = (point, b.focus[i][1])
        say(f"{action.who} moves to the {action.where} Room Marker", I4)


@auto("attacks")
def _attacks(b: Board, rules: Rules, step: Step, say: Say) -> None:
    guarded = b.pentagram[1] if b.pentagram else None
    b.next(*(Step("attack", HOUSE, (p,)) for p in b.active()
             if b.hunters[p].psyche is not None and b.hunters[p].space != guarded))


def _attack_options(b: Board, rules: Rules, step: Step) -> list:
    p = step.args[0]
    if not b.hunters[p].active or b.hunters[p].psyche is None:
        return []
    return house_commits(b, rules, f"attack {p}'s Psyche") + [Pass(f"attacking {p}")]


@decide("attack", _attack_options)
def _attack(b: Board, rules: Rules, step: Step, action, say: Say) -> None:
    if isinstance(action, Pass):
        return
    p = step.args[0]
    say(f"the House attacks {p}'s Psyche", I4)
    if action.count:
        b.next(Step("blind_commit", HOUSE, (action.count, "defend", p, (p,))))
        return
    b.house_power = b.house_power[:len(b.house_power) - len(action.values)]
    b.next(Step("defend", p, (p, action.values)))


def _defend_options(b: Board, rules: Rules, step: Step) -> list:
    p = step.args[0]
    power = b.hunters[p].power
    return [Commit(f"{p} defends his Psyche", power[len(power) - k:])
            for k in range(len(power) + 1)]


@decide("defend", _defend_options)
def _defend(b: Board, rules: Rules, step: Step, action: Commit, say: Say) -> None:
    p, theirs = step.args
    h = b.hunters[p]
    h.power = h.power[:len(h.power) - len(action.values)]
    b.next(Step("attack_roll", HOUSE, (p, theirs, action.values)))


def _attack_outcomes(b: Board, rules: Rules, step: Step):
    p, theirs, _ = step.args
    total = contests.possession_attack(rules, b.hunters[p].psyche[0], tuple(theirs),
                                       hunters=b.started)
    return total, f"the House's Possession roll against {p}", "dice"


@chance("attack_roll", _attack_outcomes)
def _attack_roll(b: Board, rules: Rules, step: Step, total: int, say: Say) -> None:
    p, theirs, mine = step.args
    b.next(Step("defence_roll", p, (theirs, mine, total)))


def _defence_outcomes(b: Board, rules: Rules, step: Step):
    _, mine, _ = step.args
    return (astral.possession_defence(rules, b.hunters[step.player].character, tuple(mine)),
            f"{step.player}'s Possession defence roll", "dice")


@chance("defence_roll", _defence_outcomes)
def _defence_roll(b: Board, rules: Rules, step: Step, total: int, say: Say) -> None:
    theirs, mine, house_total = step.args
    p, h = step.player, b.hunters[step.player]
    b.to_cup((*theirs, *mine))
    if house_total <= total:
        say(f"{p} holds his Psyche ({total} against {house_total})", I4)
        return
    if h.soul == 0:
        h.possessed, h.astral = True, None
        say(f"the House possesses {p}'s Vulnerable Soul ({house_total} against {total})", P8)
    else:
        say(f"the House's attack on {p} succeeds ({house_total} against {total})", I4)
        b.soul_loss(rules, p, 1, say, I4)
