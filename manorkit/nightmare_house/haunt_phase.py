"""The Haunt Phase (Part 4 E) and Haunting (Part 6): Haunts materialize from the CLOCK,
haunt the Characters they meet, move 6 MP, may be removed; then the House energizes new
ones from the HAUNT CUP.

How and when the House draws and energizes Haunts is not in the text (``gaps.csv``
haunt_cup): at the end of the phase it may energize up to ``haunts_per_hour`` Haunts, each
with 1 or 2 of its Power Markers, drawn blind from the HAUNT CUP and put on the CLOCK
``haunt_delay`` Hours ahead (``numbers.csv``, placeholders).
"""

from __future__ import annotations

from . import contests, cups, house
from .actions import Attempt, Commit, Go, Pass, Setup
from .board import HOUSE, Board, Haunt, Say, Step, auto, chance, decide
from .rules import Rules

E, H6 = "Part 4: E. Haunt Phase", "Part 6: Haunting"


@auto("haunt")
def _haunt(b: Board, rules: Rules, step: Step, say: Say) -> None:
    due = [h for h in b.haunts if h.hour == b.turn and h.space is None]
    steps = [Step("materialize", HOUSE, (h.n,)) for h in due]
    steps.append(Step("haunt_start", HOUSE))
    steps.append(Step("haunt_remove", HOUSE))
    steps += [Step("energize", HOUSE, (i + 1,)) for i in range(rules.number("haunts_per_hour"))]
    b.next(*steps)


def places(b: Board, rules: Rules) -> list[str]:
    """Where a Haunt may materialize: a Space whose Room Marker holds an Intact Focus Marker,
    or a focus Space whose Immobile Haunt is still there; never beside another Mobile Haunt
    or on a Pentagram."""
    spaces = list(house.room_spaces(rules)) + list(house.focus_spaces(rules))
    return [s for s in spaces if not b.warded(rules, s) and not b.mobile_at(s)
            and not (b.pentagram and b.pentagram[1] == s)]


def _haunt_by(b: Board, n: int) -> Haunt:
    return next(h for h in b.haunts if h.n == n)


def retire(b: Board, haunt: Haunt, say: Say, why: str, back_to_cup: bool = True) -> None:
    """A Haunt leaves the map: its marker back in the HAUNT CUP (unless destroyed for good)
    and its Power Markers in the POWER CUP."""
    b.haunts.remove(haunt)
    b.to_cup(haunt.power)
    if back_to_cup and haunt.mobile:
        b.haunt_cup = (*b.haunt_cup, haunt.name)
    say(f"{haunt.label} {why}", E)


def _materialize_options(b: Board, rules: Rules, step: Step) -> list:
    haunt = _haunt_by(b, step.args[0])
    return [Setup(f"{haunt.label} materializes", s) for s in places(b, rules)]


@decide("materialize", _materialize_options)
def _materialize(b: Board, rules: Rules, step: Step, action: Setup, say: Say) -> None:
    haunt = _haunt_by(b, step.args[0])
    haunt.space, haunt.hour = action.choice, None
    say(f"{haunt.label} materializes in the {haunt.space}", E)


@auto("haunt_start")
def _haunt_start(b: Board, rules: Rules, step: Step, say: Say) -> None:
    """Haunts still on the CLOCK for this Hour had nowhere to go; every Haunt on the map
    with Characters in its Space haunts them; then the others may move."""
    for h in [h for h in b.haunts if h.hour == b.turn and h.space is None]:
        retire(b, h, say, "finds no Space to materialize in: back into the HAUNT CUP")
    steps = []
    engaged = [h for h in b.haunts if h.space and b.present(h.space)]
    steps += [Step("haunting", HOUSE, (h.n,)) for h in engaged]
    steps += [Step("haunt_move", HOUSE, (h.n,)) for h in b.haunts
              if h.mobile and h.space and h not in engaged]
    b.next(*steps)


def haunt_moves(b: Board, rules: Rules, haunt: Haunt) -> dict[str, int]:
    """Where a Mobile Haunt may go: 6 MP, 1 a Space even in the Dark; a Psychic Haunt
    through walls, floors and ceilings too; any Haunt through Secret Passages; never into a
    Space with a Pentagram, Rosary or Host Marker; it stops on meeting Characters and does
    not end beside another Mobile Haunt."""
    psychic = rules.haunt(haunt.name)["kind"] == "psychic"
    people = {b.hunters[p].space for p in b.active()}
    barred = {s for s in house.spaces(rules) if b.barred(rules, s)}
    reach = house.reachable(
        rules, haunt.space, rules.number("haunt_mp"), lambda s: 1,
        lambda s: house.neighbours(rules, s, walls=psychic, passages=True),
        people.__contains__, barred.__contains__)
    reach.pop(haunt.space)
    taken = {h.space for h in b.haunts if h.mobile}
    return {s: mp for s, mp in reach.items() if s not in taken}


def _move_options(b: Board, rules: Rules, step: Step) -> list:
    haunt = next((h for h in b.haunts if h.n == step.args[0]), None)
    if haunt is None or haunt.space is None:
        return []
    return [Go(haunt.label, s) for s in sorted(haunt_moves(b, rules, haunt))] + \
        [Pass(f"moving {haunt.label}")]


@decide("haunt_move", _move_options)
def _haunt_move(b: Board, rules: Rules, step: Step, action, say: Say) -> None:
    if isinstance(action, Pass):
        return
    haunt = _haunt_by(b, step.args[0])
    haunt.space = action.where
    say(f"{haunt.label} moves to the {haunt.space}", E)
    if b.present(haunt.space):
        b.next(Step("haunting", HOUSE, (haunt.n,)))


# -- a Haunting (Part 6) -----------------------------------------------------------------------
@auto("haunting")
def _haunting(b: Board, rules: Rules, step: Step, say: Say) -> None:
    haunt = next((h for h in b.haunts if h.n == step.args[0]), None)
    if haunt is None or not b.present(haunt.space):
        return
    haunt.revealed = True
    row = rules.haunt(haunt.name)
    say(f"{haunt.label} is revealed: {haunt.name} ({row['kind']}, strength "
        f"{row['strength']}, energized by {'+'.join(map(str, haunt.power))})", H6)
    b.next(Step("house_roll", HOUSE, (haunt.n,)))


def _house_outcomes(b: Board, rules: Rules, step: Step):
    haunt = _haunt_by(b, step.args[0])
    total = contests.house_total(rules, haunt.name, power=haunt.power,
                                 hour=b.hour_name(rules), space=haunt.space)
    return total, f"the House's Haunting roll ({haunt.label})", "dice"


@chance("house_roll", _house_outcomes)
def _house_roll(b: Board, rules: Rules, step: Step, total: int, say: Say) -> None:
    haunt = _haunt_by(b, step.args[0])
    say(f"the House's total is {total}", H6)
    b.next(*(Step("hunter_roll", p, (haunt.n, total)) for p in b.present(haunt.space)))


def hunter_roll(b: Board, rules: Rules, player: str, haunt: Haunt):
    h = b.hunters[player]
    return contests.hunter_total(
        rules, h.character, rules.haunt(haunt.name)["kind"], tools=h.tools,
        companions=len(b.present(h.space)) - 1, hour=b.hour_name(rules),
        vulnerable=h.psyche_vulnerable)


def _hunter_outcomes(b: Board, rules: Rules, step: Step):
    haunt = _haunt_by(b, step.args[0])
    return hunter_roll(b, rules, step.player, haunt), f"{step.player}'s Haunting roll", "dice"


@chance("hunter_roll", _hunter_outcomes)
def _hunter_roll(b: Board, rules: Rules, step: Step, total: int, say: Say) -> None:
    haunt, house_total = _haunt_by(b, step.args[0]), step.args[1]
    p, h = step.player, b.hunters[step.player]
    if total >= house_total:
        say(f"{p} holds ({total} against {house_total})", H6)
        b.house_pays(p, rules.number("haunting_reward"), say, H6)
        return
    kind = rules.haunt(haunt.name)["kind"]
    due = rules.number("physical_loss" if kind == "physical" else "psychic_loss")
    say(f"{p} loses ({total} against {house_total})", H6)
    if h.soul == 0 and len(h.power) < due:
        b.pay_house(rules, p, len(h.power), say, H6)
        b.kill(p, say, H6)
        return
    b.pay_house(rules, p, due, say, H6)


# -- removing and energizing -----------------------------------------------------------------
def _remove_options(b: Board, rules: Rules, step: Step) -> list:
    out = [Attempt(f"remove {h.label}") for h in b.haunts if h.mobile and h.space]
    return out + [Pass("removing Haunts")] if out else []


@decide("haunt_remove", _remove_options)
def _haunt_remove(b: Board, rules: Rules, step: Step, action, say: Say) -> None:
    if isinstance(action, Pass):
        return
    n = int(action.what.split()[-1])
    retire(b, _haunt_by(b, n), say, "is removed into the HAUNT CUP")
    b.next(Step("haunt_remove", HOUSE))


def _energize_options(b: Board, rules: Rules, step: Step) -> list:
    if not b.haunt_cup or not b.house_power:
        return []
    low, high = rules.number("min_haunt_power"), rules.number("max_haunt_power")
    sizes = range(low, min(high, len(b.house_power)) + 1)
    if b.solitaire:
        out = [Commit("energize a Haunt", count=k) for k in sizes]
    else:
        out = [Commit("energize a Haunt", b.house_power[-k:]) for k in sizes]
    return out + [Pass("energizing")]


@decide("energize", _energize_options)
def _energize(b: Board, rules: Rules, step: Step, action, say: Say) -> None:
    if isinstance(action, Pass):
        b.queue = [s for s in b.queue if s.kind != "energize"]
        return
    if action.count is not None:
        b.next(Step("energize_blind", HOUSE, (action.count,)))
        return
    _spend(b, action.values)
    b.next(Step("haunt_draw", HOUSE, (action.values,)))


def _spend(b: Board, values) -> None:
    rest = list(b.house_power)
    for v in values:
        rest.remove(v)
    b.house_power = tuple(rest)


def _blind_outcomes(b: Board, rules: Rules, step: Step):
    mine = {v: b.house_power.count(v) for v in set(b.house_power)}
    return (cups.power_draw(mine, step.args[0]),
            "Power Markers drawn at random from the House's section", "other")


@chance("energize_blind", _blind_outcomes)
def _energize_blind(b: Board, rules: Rules, step: Step, values: tuple, say: Say) -> None:
    _spend(b, values)
    b.next(Step("haunt_draw", HOUSE, (values,)))


def _draw_outcomes(b: Board, rules: Rules, step: Step):
    return cups.haunt_draw(rules, b.haunt_cup), "Haunt drawn from the HAUNT CUP", "other"


@chance("haunt_draw", _draw_outcomes)
def _haunt_draw(b: Board, rules: Rules, step: Step, name: str, say: Say) -> None:
    rest = list(b.haunt_cup)
    rest.remove(name)
    b.haunt_cup = tuple(rest)
    values = step.args[0]
    if name in b.gone:
        b.to_cup(values)
        say(f"{name} is drawn and leaves play for good (Part 4 F Step 3)", E)
        return
    b.made += 1
    haunt = Haunt(b.made, name, True, tuple(values))
    haunt.hour = b.turn + rules.number("haunt_delay")
    b.haunts.append(haunt)
    say(f"the House energizes {haunt.label} with {len(values)} Power Marker(s) and sets it on "
        f"the CLOCK, {rules.number('haunt_delay')} Hours ahead", E)
