"""The Hour of Nightmare House and its phases on the HOUSE MAP (Part 4): Power, Light,
Movement, Warding, Search, the two Panic Phases and the Hour Phase. The Haunt Phase is in
:mod:`.haunt_phase`, the Astral and Possession Phases in :mod:`.astral_play`.

Every roll reads its calculator in :mod:`.contests` or :mod:`.cups`.
"""

from __future__ import annotations

from . import contests, cups, house
from .actions import Attempt, Go, Pass, Tool
from .board import HOUSE, Board, Say, Step, auto, chance, decide
from .discoveries import unseen
from .rules import Rules

#: The phases of an Hour in order (Part 4), each an automatic step that queues its own.
PHASES = ("power", "light", "movement", "warding", "haunt", "search", "panic_first",
          "astral", "possession", "panic_second", "hour_end")
A, B, C, D = ("Part 4: A. Power Phase", "Part 4: B. Light Phase", "Part 4: C. Movement Phase",
              "Part 4: D. Warding Phase")
F, G, J, K = ("Part 4: F. Search Phase", "Part 4: G. First Panic Phase",
              "Part 4: J. Second Panic Phase", "Part 4: K. Hour Phase")
DISCOVERIES = "Part 10: Discovery Summary"


def who(b: Board, player: str) -> str:
    return f"{player} ({b.hunters[player].character})"


@auto("hour")
def _hour(b: Board, rules: Rules, step: Step, say: Say) -> None:
    say(f"the Hour Marker stands at {b.hour_name(rules)}", "Part 4: How to Play")
    b.next(*(Step(p, HOUSE) for p in PHASES))


# -- A. Power Phase --------------------------------------------------------------------------
@auto("power")
def _power(b: Board, rules: Rules, step: Step, say: Say) -> None:
    hour = b.hour_name(rules)
    n = contests.house_draw(rules, axes=b.controlled_axes(), hunters=b.started,
                            energizing=b.energizing(), hour=hour)
    steps = [Step("draw", HOUSE, (n,))]
    for p in b.active():
        h = b.hunters[p]
        steps.append(Step("draw", p, (contests.hunter_draw(rules, h.character, space=h.space,
                                                           lost=h.lost),)))
    if rules.hour(hour)["healing"] == "yes":
        steps += [Step("heal", p) for p in b.active()
                  if rules.character(b.hunters[p].character)["heal_modifier"] is not None]
    b.next(*steps)


def _draw_outcomes(b: Board, rules: Rules, step: Step):
    n = min(step.args[0], sum(b.cup.values()))
    return cups.power_draw(b.cup, n), f"Power Markers drawn by {step.player}", "other"


@chance("draw", _draw_outcomes)
def _draw(b: Board, rules: Rules, step: Step, values: tuple, say: Say) -> None:
    b.from_cup(values)
    if step.player == HOUSE:
        b.house_power = tuple(sorted(b.house_power + values))
    else:
        h = b.hunters[step.player]
        h.power = tuple(sorted(h.power + values))
    say(f"{step.player} draws {len(values)} Power Marker(s) from the POWER CUP", A)


def _heal_options(b: Board, rules: Rules, step: Step) -> list:
    h = b.hunters[step.player]
    if not h.able or h.psyche_vulnerable or not h.power:
        return []
    targets = [q for q in b.present(h.space) if q != step.player
               and 0 < b.hunters[q].soul < rules.character(b.hunters[q].character)["soul"]]
    if not targets:
        return []
    return [Attempt(f"heal {who(b, q)}") for q in targets] + [Pass("healing")]


@decide("heal", _heal_options)
def _heal(b: Board, rules: Rules, step: Step, action, say: Say) -> None:
    if isinstance(action, Pass):
        return
    h = b.hunters[step.player]
    b.to_cup(h.power[:1])
    h.power = h.power[1:]
    target = action.what.removeprefix("heal ").split(" (")[0]
    say(f"{step.player} tries to heal {target} and puts a Power Marker in the POWER CUP", A)
    b.next(Step("heal_roll", step.player, (target,)))


def _heal_roll_outcomes(b: Board, rules: Rules, step: Step):
    check = contests.healing(rules, b.hunters[step.player].character, b.hour_name(rules))
    return check.total, f"Healing roll by {step.player}", "dice"


@chance("heal_roll", _heal_roll_outcomes)
def _heal_roll(b: Board, rules: Rules, step: Step, total: int, say: Say) -> None:
    healer = rules.character(b.hunters[step.player].character)
    target = b.hunters[step.args[0]]
    if total < healer["psychic"]:
        target.soul = min(target.soul + 1, rules.character(target.character)["soul"])
        say(f"{step.args[0]} is Healed: his Soul moves up to {target.soul}", A)
    else:
        say("no Healing takes place", A)


# -- B. Light Phase --------------------------------------------------------------------------
@auto("light")
def _light(b: Board, rules: Rules, step: Step, say: Say) -> None:
    steps = []
    for p in b.active():
        h = b.hunters[p]
        row = rules.rows("map.csv")[h.space]
        if h.able and row["fuse_box"] == "yes" and not b.lights.get(row["lights"], True):
            steps.append(Step("lights_on", p, (row["lights"],)))
    b.next(*steps, Step("lights_out", HOUSE))


def _lights_on_outcomes(b: Board, rules: Rules, step: Step):
    return (contests.lights_on(rules, b.controlled_axes()).total,
            f"Fuse Box roll by {step.player}", "dice")


@chance("lights_on", _lights_on_outcomes)
def _lights_on(b: Board, rules: Rules, step: Step, total: int, say: Say) -> None:
    if total >= b.controlled_axes():
        b.lights[step.args[0]] = True
        say(f"the Lights on the {step.args[0]} Floor are On", B)
    else:
        say("the Lights stay Off", B)


@auto("lights_out")
def _lights_out(b: Board, rules: Rules, step: Step, say: Say) -> None:
    if rules.hour(b.hour_name(rules))["lights_off"] == "yes":
        b.next(*(Step("lights_off", HOUSE, (f,)) for f, on in b.lights.items() if on))


def _lights_off_outcomes(b: Board, rules: Rules, step: Step):
    check = contests.lights_off(rules, b.controlled_axes(), b.hour_name(rules))
    return check.total, f"the House's Lights roll for the {step.args[0]} Floor", "dice"


@chance("lights_off", _lights_off_outcomes)
def _lights_off(b: Board, rules: Rules, step: Step, total: int, say: Say) -> None:
    if total < b.controlled_axes():
        b.lights[step.args[0]] = False
        say(f"the Lights on the {step.args[0]} Floor go Off", B)


# -- C. Movement Phase -----------------------------------------------------------------------
@auto("movement")
def _movement(b: Board, rules: Rules, step: Step, say: Say) -> None:
    for p in b.active():
        h = b.hunters[p]
        h.moved = False
        if h.unconscious and h.tools:
            b.tools[h.space] = (*b.tools.get(h.space, ()), *h.tools)
            say(f"{p}'s Tools fall to the floor of the {h.space}", C)
            h.tools = ()
    able = [p for p in b.active() if b.hunters[p].able]
    steps = [Step("tools", p) for p in able]
    if b.pentagram is not None:
        steps.append(Step("pentagram_keep", b.pentagram[0]))
    steps += [Step("move", p, (b.hunters[p].space,)) for p in able]
    b.next(*steps, Step("pentagrams", HOUSE))


def _tools_options(b: Board, rules: Rules, step: Step) -> list:
    h = b.hunters[step.player]
    out = [Tool("drop", t) for t in dict.fromkeys(h.tools)]
    if len(h.tools) < rules.number("max_tools"):
        out += [Tool("take up", t) for t in dict.fromkeys(b.tools.get(h.space, ()))]
    return out + [Pass("Tools")] if out else []


@decide("tools", _tools_options)
def _tools(b: Board, rules: Rules, step: Step, action, say: Say) -> None:
    if isinstance(action, Pass):
        return
    h = b.hunters[step.player]
    floor = list(b.tools.get(h.space, ()))
    held = list(h.tools)
    if action.verb == "drop":
        held.remove(action.tool)
        floor.append(action.tool)
    else:
        floor.remove(action.tool)
        held.append(action.tool)
    h.tools = tuple(held)
    b.tools[h.space] = tuple(floor)
    if not floor:
        del b.tools[h.space]
    say(f"{step.player} {'drops' if action.verb == 'drop' else 'takes up'} the {action.tool}",
        C)
    b.next(Step("tools", step.player))


def _keep_options(b: Board, rules: Rules, step: Step) -> list:
    return [Attempt("destroy the Pentagram"), Pass("destroying the Pentagram")] \
        if b.pentagram and b.pentagram[0] == step.player else []


@decide("pentagram_keep", _keep_options)
def _keep(b: Board, rules: Rules, step: Step, action, say: Say) -> None:
    if isinstance(action, Attempt):
        b.pentagram = None
        say(f"{step.player} destroys his Pentagram", C)


def destinations(b: Board, rules: Rules, player: str) -> dict[str, int]:
    """Where ``player`` may move this Movement Phase, and the MP it costs: Physical Strength
    in MP; 1 to enter a Space, 2 a focus Space (``map.csv`` mp), doubled in the Dark for a
    Character without a Candle or Flashlight (not Lemuel or Roarke); he stops on entering a
    Space with a Haunt; Lemuel and those who start with him may take a Secret Passage from
    where they start."""
    h = b.hunters[player]
    row = rules.character(h.character)
    lit = any(t in h.tools for t in ("Candle", "Flashlight")) or row["dark_mover"] == "yes"
    start = h.space
    lemuel = any(rules.character(b.hunters[q].character)["passages"] == "yes"
                 for q in b.present(start))

    def cost(space: str) -> int:
        mp = rules.rows("map.csv")[space]["mp"]
        dark = house.dark(rules, space, b.lights) and not lit
        return mp * (rules.number("dark_cost") if dark else 1)

    def step(space: str):
        return house.neighbours(rules, space, passages=lemuel and space == start)

    reach = house.reachable(rules, start, row["physical"], cost, step,
                            lambda s: bool(b.haunts_at(s)))
    reach.pop(start)
    return reach


def _move_options(b: Board, rules: Rules, step: Step) -> list:
    h = b.hunters[step.player]
    if not h.able:
        return []
    return [Go(who(b, step.player), s) for s in sorted(destinations(b, rules, step.player))] \
        + [Pass("moving")]


@decide("move", _move_options)
def _move(b: Board, rules: Rules, step: Step, action, say: Say) -> None:
    if isinstance(action, Pass):
        return
    h = b.hunters[step.player]
    mp = destinations(b, rules, step.player)[action.where]
    if b.pentagram and b.pentagram[0] == step.player and b.pentagram[1] == h.space:
        b.pentagram = None
        say(f"{step.player} leaves his Pentagram: it is destroyed", C)
    h.space, h.moved = action.where, True
    say(f"{step.player} moves to the {h.space} ({mp} MP)", C)
    found = b.discoveries.get(h.space)
    if found and found["flipped"] and not found.get("removed"):
        say(f"the Discovery the Bloodstains revealed takes {step.player}", DISCOVERIES)
        b.next(Step("effect", HOUSE, (h.space, (step.player,))))


@auto("pentagrams")
def _pentagrams(b: Board, rules: Rules, step: Step, say: Say) -> None:
    b.next(*(Step("pentagram", p) for p in b.active()
             if rules.character(b.hunters[p].character)["pentagram"] == "yes"))


def _pentagram_options(b: Board, rules: Rules, step: Step) -> list:
    h = b.hunters[step.player]
    if (b.pentagram is not None or not h.able or h.moved or not b.lit_for(rules, step.player)
            or h.space not in house.room_spaces(rules)):
        return []
    return [Attempt(f"draw a Pentagram in the {h.space}"), Pass("drawing a Pentagram")]


@decide("pentagram", _pentagram_options)
def _pentagram(b: Board, rules: Rules, step: Step, action, say: Say) -> None:
    if isinstance(action, Attempt):
        b.pentagram = (step.player, b.hunters[step.player].space)
        say(f"{step.player} draws a Pentagram in the {b.pentagram[1]} and on its Room Marker",
            C)


# -- D. Warding Phase ------------------------------------------------------------------------
@auto("warding")
def _warding(b: Board, rules: Rules, step: Step, say: Say) -> None:
    b.next(*(Step("ward", p) for p in b.active()))


def _focus_here(b: Board, rules: Rules, space: str) -> int | None:
    point = b.rooms_point(rules, space)
    return next((i for i, (q, dispersed) in enumerate(b.focus)
                 if q is not None and q == point and not dispersed), None)


def _ward_options(b: Board, rules: Rules, step: Step) -> list:
    h = b.hunters[step.player]
    if not h.able or _focus_here(b, rules, h.space) is None:
        return []
    return [Attempt(f"ward the {h.space}"), Pass("warding")]


@decide("ward", _ward_options)
def _ward(b: Board, rules: Rules, step: Step, action, say: Say) -> None:
    if isinstance(action, Attempt):
        b.next(Step("ward_roll", step.player, (b.hunters[step.player].space,)))


def _ward_outcomes(b: Board, rules: Rules, step: Step):
    circle = b.rooms_point(rules, step.args[0])[0]
    check = contests.warding(rules, b.hunters[step.player].character, b.controlled_axes(),
                             circle)
    return check.total, f"Warding roll by {step.player}", "dice"


@chance("ward_roll", _ward_outcomes)
def _ward_roll(b: Board, rules: Rules, step: Step, total: int, say: Say) -> None:
    space = step.args[0]
    strength = b.controlled_axes() + b.rooms_point(rules, space)[0]
    i = _focus_here(b, rules, space)
    if total >= strength and i is not None:
        b.focus[i] = (b.focus[i][0], True)
        say(f"{step.player} Wards the {space}: its Focus of Evil is Dispersed", D)
    else:
        say(f"the Ward fails (the Focus's strength is {strength})", D)


# -- F. Search Phase -------------------------------------------------------------------------
@auto("search")
def _search(b: Board, rules: Rules, step: Step, say: Say) -> None:
    b.next(*(Step("search_try", p) for p in b.active()), Step("found", HOUSE))


def _search_options(b: Board, rules: Rules, step: Step) -> list:
    h = b.hunters[step.player]
    found = b.discoveries.get(h.space)
    if not h.able or not found or found["flipped"] or found.get("removed"):
        return []
    dark_ok = rules.character(h.character)["dark_search"] == "yes"
    if not (dark_ok or b.lit_for(rules, step.player)):
        return []
    return [Attempt(f"search the {h.space}"), Pass("searching")]


@decide("search_try", _search_options)
def _search_try(b: Board, rules: Rules, step: Step, action, say: Say) -> None:
    if isinstance(action, Attempt):
        b.next(Step("search_roll", step.player, (b.hunters[step.player].space,)))


def _search_outcomes(b: Board, rules: Rules, step: Step):
    return (contests.search(rules, b.hunters[step.player].character).total,
            f"Search roll by {step.player}", "dice")


@chance("search_roll", _search_outcomes)
def _search_roll(b: Board, rules: Rules, step: Step, total: int, say: Say) -> None:
    row = rules.character(b.hunters[step.player].character)
    space = step.args[0]
    if total < max(row["physical"], row["psychic"]):
        found = b.discoveries[space]
        found["by"] = (*found.get("by", ()), step.player)
        say(f"{step.player} finds the Discovery in the {space}", F)
    else:
        say(f"{step.player} finds nothing", F)


@auto("found")
def _found(b: Board, rules: Rules, step: Step, say: Say) -> None:
    """Step 3: each Discovery flipped this phase takes effect."""
    steps = []
    for space, found in b.discoveries.items():
        if found.get("by") and not found["flipped"]:
            found["flipped"] = True
            if found["name"] is None:
                steps.append(Step("discovery_face", HOUSE, (space,)))
            steps.append(Step("effect", HOUSE, (space, found["by"])))
    b.next(*steps)


def _face_outcomes(b: Board, rules: Rules, step: Step):
    return unseen(b, rules), f"the Discovery in the {step.args[0]}", "other"


@chance("discovery_face", _face_outcomes)
def _face(b: Board, rules: Rules, step: Step, name: str, say: Say) -> None:
    b.discoveries[step.args[0]]["name"] = name
    say(f"the face-down Discovery in the {step.args[0]} is {name}", F)


# -- G and J. the Panic Phases ---------------------------------------------------------------
@auto("panic_first")
def _panic_first(b: Board, rules: Rules, step: Step, say: Say) -> None:
    for p in b.active():
        if b.hunters[p].panicked:
            b.hunters[p].psyche_vulnerable = True
    b.next(*(Step("panic", p, ("first",)) for p in b.active() if b.hunters[p].panicked))


@auto("panic_second")
def _panic_second(b: Board, rules: Rules, step: Step, say: Say) -> None:
    b.next(*(Step("panic", p, ("second",)) for p in b.active() if b.hunters[p].panicked),
           Step("psyches", HOUSE))


def _panic_outcomes(b: Board, rules: Rules, step: Step):
    return b.panic(rules, step.player).total, f"Panic check by {step.player}", "dice"


@chance("panic", _panic_outcomes)
def _panic(b: Board, rules: Rules, step: Step, total: int, say: Say) -> None:
    h = b.hunters[step.player]
    section = G if step.args[0] == "first" else J
    if total < rules.character(h.character)["psychic"]:
        h.panicked = False
        say(f"{step.player} calms down: the Panic Marker is removed", section)
    elif step.args[0] == "first":
        say(f"{step.player} stays Panicked and runs", section)
        b.next(Step("panic_move", HOUSE, (step.player,)))
    else:
        b.pay_house(rules, step.player, 1, say, section)
        h.panicked = False


def _panic_move_options(b: Board, rules: Rules, step: Step) -> list:
    p = step.args[0]
    near = house.within(rules, b.hunters[p].space, rules.number("panic_spaces"))
    return [Go(who(b, p), s) for s in sorted(near)]


@decide("panic_move", _panic_move_options)
def _panic_move(b: Board, rules: Rules, step: Step, action: Go, say: Say) -> None:
    p = step.args[0]
    b.hunters[p].space = action.where
    say(f"the House moves {p} to the {action.where}", G)


@auto("psyches")
def _psyches(b: Board, rules: Rules, step: Step, say: Say) -> None:
    for h in b.hunters.values():
        if h.active and h.soul > 0:
            h.psyche_vulnerable = False


# -- K. Hour Phase ---------------------------------------------------------------------------
@auto("hour_end")
def _hour_end(b: Board, rules: Rules, step: Step, say: Say) -> None:
    if b.turn == len(rules.rows("clock.csv")):
        b.over, b.winners = f"it is {b.hour_name(rules)}: the House wins", (HOUSE,)
        say(b.over, K)
        return
    if contests.house_wins(rules, [(h.dead, h.possessed) for h in b.hunters.values()]):
        b.over, b.winners = "no Hunter is left free: the House wins", (HOUSE,)
        say(b.over, K)
        return
    b.to_cup(b.house_power)
    b.house_power = ()
    for h in b.hunters.values():
        b.to_cup(h.power)
        h.power, h.psyche = (), None
    b.focus = [(point, False) for point, _ in b.focus]
    b.hour += 1
    say("unused Power Markers go back into the POWER CUP; Dispersed Focus Markers are "
        "Intact again", K)
    b.next(Step("hour", HOUSE))


__all__ = ["PHASES", "destinations"]
