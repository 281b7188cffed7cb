"""Setting up a game of Nightmare House (Part 3, and the Solitaire changes of Part 1).

The House chooses the Entity's Circle, where the Focus Markers go, which Immobile Haunt
stands in each focus Space and which of the 4 markers it drew goes under each, and where
the Discovery Markers lie; each Hunter draws a Character at random (unless chosen); Holt's
Hunter reveals 2 Immobile Haunts. The 36 Room Markers go on the ASTRAL MAP as laid out in
``room_markers.csv`` and the Tools are dealt face down from the seed (placeholders: the
text gives neither).
"""

from __future__ import annotations

import random

from . import astral, cups, house
from .actions import Setup
from .board import HOUSE, Board, Haunt, Hunter, Say, Step, auto, chance, decide, table
from .rules import Rules

SECTION = "Part 3: How to Set Up"
FRONT = "Front Veranda"


@table
def build(rules: Rules, seed: int, players: tuple[str, ...], characters: tuple | None,
          solitaire: bool, say: Say) -> Board:
    """The board before the first step: markers on the ASTRAL MAP, Hunters on the Front
    Veranda, Tools dealt, and the setup steps queued."""
    b = Board.__new__(Board)
    b.players, b.solitaire, b.hour = players, solitaire, 0
    hunters = [p for p in players if p != HOUSE]
    b.started = len(hunters)
    b.hunters = {}
    for i, p in enumerate(hunters):
        name = characters[i] if characters else None
        b.hunters[p] = Hunter(name, FRONT, rules.character(name)["soul"] if name else 0)
    b.cup = cups.power_cup(rules)
    b.house_power, b.haunts, b.gone, b.exorcised = (), [], frozenset(), frozenset()
    b.made = 0  # Haunt markers put in play so far (each numbered in turn)
    b.haunt_cup = tuple(h for h, r in rules.rows("haunts.csv").items()
                        if r["mobility"] == "mobile")
    b.rooms = dict.fromkeys(rules.rows("room_markers.csv"), True)
    b.axes = dict.fromkeys(range(1, rules.number("axes") + 1), True)
    b.focus, b.entity, b.pentagram = [], None, None
    b.lights = {row["lights"]: True for row in rules.rows("map.csv").values() if row["lights"]}
    b.discoveries, b.over, b.winners = {}, "", ()
    rng = random.Random(seed)
    tools: dict[str, tuple] = {}
    rooms = house.room_spaces(rules)
    for tool, row in rules.rows("tools.csv").items():
        for _ in range(row["markers"]):
            where = rng.choice(rooms)
            tools[where] = (*tools.get(where, ()), tool)
    b.tools = tools
    say(f"the Control Markers on the {len(b.axes)} Axis Control Points and the "
        f"{len(b.rooms)} Room Markers on the Room Control Points; all Lights On", SECTION)
    say(f"the Tools dealt face down to {len(tools)} Spaces; the Hunters ("
        f"{', '.join(hunters)}) on the {FRONT} at 6 PM", SECTION)
    b.queue = [Step("character", p) for p in hunters if not characters]
    b.queue.append(Step("entity", HOUSE))
    b.queue += [Step("focus", HOUSE, (i + 1,)) for i in range(_count(rules, "Focus Markers"))]
    spaces = house.focus_spaces(rules)
    b.queue += [Step("immobile", HOUSE, (s,)) for s in spaces]
    b.queue.append(Step("immobile_power", HOUSE))
    b.queue += [Step("under", HOUSE, (s,)) for s in spaces]
    b.queue += [Step("discovery", HOUSE, (d,)) for d in _discoveries(rules, solitaire)]
    b.queue += [Step("holt", HOUSE), Step("hour", HOUSE)]
    return b


def _count(rules: Rules, component: str) -> int:
    return rules.rows("components.csv")[component]["count"]


def _discoveries(rules: Rules, solitaire: bool) -> list:
    """The Discovery Markers to place, one entry each (blind in a solitaire game: None)."""
    out = [d for d, r in rules.rows("discoveries.csv").items() for _ in range(r["copies"])]
    out = out[:_count(rules, "Discovery Markers")]
    return [None] * len(out) if solitaire else out


# -- the steps -------------------------------------------------------------------------------
def _character_outcomes(b: Board, rules: Rules, step: Step):
    taken = [h.character for h in b.hunters.values() if h.character]
    return cups.character_draw(rules, taken), f"Character drawn by {step.player}", "other"


@chance("character", _character_outcomes)
def _character(b: Board, rules: Rules, step: Step, name: str, say: Say) -> None:
    h = b.hunters[step.player]
    h.character, h.soul = name, rules.character(name)["soul"]
    say(f"{step.player} plays {rules.character(name)['name']}; his Soul starts in box "
        f"{h.soul}", SECTION)


def _entity_options(b: Board, rules: Rules, step: Step) -> list:
    inner = rules.number("entity_circles")
    circles = [inner] if b.solitaire else list(range(inner - 2, inner + 1))
    return [Setup("the Entity", f"Circle {c}") for c in circles]


@decide("entity", _entity_options)
def _entity(b: Board, rules: Rules, step: Step, action: Setup, say: Say) -> None:
    b.entity = int(action.choice.split()[1])
    say(f"the Entity is placed in Circle {b.entity}", SECTION)


def _focus_options(b: Board, rules: Rules, step: Step) -> list:
    taken = {p for p, _ in b.focus}
    points = astral.room_points(rules)
    return [Setup(f"Focus Marker {step.args[0]}", r) for r in points if points[r] not in taken]


@decide("focus", _focus_options)
def _focus(b: Board, rules: Rules, step: Step, action: Setup, say: Say) -> None:
    b.focus.append((astral.room_points(rules)[action.choice], False))
    say(f"{action.what} on the {action.choice} Room Marker", SECTION)


def _immobile_options(b: Board, rules: Rules, step: Step) -> list:
    placed = {h.name for h in b.haunts}
    return [Setup(f"Immobile Haunt in the {step.args[0]}", name)
            for name, r in rules.rows("haunts.csv").items()
            if r["mobility"] == "immobile" and name not in placed and name not in b.gone]


@decide("immobile", _immobile_options)
def _immobile(b: Board, rules: Rules, step: Step, action: Setup, say: Say) -> None:
    b.made += 1
    haunt = Haunt(b.made, action.choice, False, ())
    haunt.space = step.args[0]
    b.haunts.append(haunt)
    say(f"an Immobile Haunt face up in the {haunt.space}", SECTION)


def _immobile_power_outcomes(b: Board, rules: Rules, step: Step):
    n = rules.number("immobile_power") * sum(not h.mobile for h in b.haunts)
    return cups.power_draw(b.cup, n), "Power Markers drawn for the Immobile Haunts", "other"


@chance("immobile_power", _immobile_power_outcomes)
def _immobile_power(b: Board, rules: Rules, step: Step, values: tuple, say: Say) -> None:
    b.from_cup(values)
    b.house_power = tuple(sorted(values))
    say(f"the House draws {len(values)} Power Markers blind and looks at them", SECTION)


def _under_options(b: Board, rules: Rules, step: Step) -> list:
    haunt = next((h for h in b.haunts if h.space == step.args[0] and not h.mobile), None)
    if haunt is None or not b.house_power:
        return []
    values = sorted(set(b.house_power))
    if b.solitaire:
        values = values[:1]  # placed without looking: in the order drawn
    return [Setup(f"Power Marker under the {step.args[0]}'s Haunt", str(v)) for v in values]


@decide("under", _under_options)
def _under(b: Board, rules: Rules, step: Step, action: Setup, say: Say) -> None:
    value = int(action.choice)
    haunt = next(h for h in b.haunts if h.space == step.args[0] and not h.mobile)
    haunt.power = (value,)
    rest = list(b.house_power)
    rest.remove(value)
    b.house_power = tuple(rest)
    say(f"a Power Marker face up under the Haunt in the {haunt.space}", SECTION)


def _discovery_options(b: Board, rules: Rules, step: Step) -> list:
    what = step.args[0] or "a face-down Discovery Marker"
    return [Setup(f"Discovery ({what})", s) for s in house.room_spaces(rules)
            if s not in b.discoveries]


@decide("discovery", _discovery_options)
def _discovery(b: Board, rules: Rules, step: Step, action: Setup, say: Say) -> None:
    b.discoveries[action.choice] = {"name": step.args[0], "flipped": False}
    say(f"a Discovery Marker face up in the {action.choice}", SECTION)


@auto("holt")
def _holt(b: Board, rules: Rules, step: Step, say: Say) -> None:
    """Step 17: Holt's Hunter reveals 2 of the Immobile Haunts."""
    holt = next((p for p, h in b.hunters.items() if h.character == "Holt"), None)
    if holt is not None:
        b.next(Step("reveal", holt), Step("reveal", holt))


def _reveal_options(b: Board, rules: Rules, step: Step) -> list:
    return [Setup("reveal the Immobile Haunt", f"in the {h.space}") for h in b.haunts
            if not h.mobile and not h.revealed]


@decide("reveal", _reveal_options)
def _reveal(b: Board, rules: Rules, step: Step, action: Setup, say: Say) -> None:
    space = action.choice.removeprefix("in the ")
    haunt = next(h for h in b.haunts if h.space == space and not h.mobile)
    haunt.revealed = True
    say(f"Holt flips the Haunt in the {space}: {haunt.name}", SECTION)
