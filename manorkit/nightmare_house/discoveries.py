"""What each Discovery does once found (Part 10: Discovery Summary), registered by name; a
Discovery of the data with no effect is an error when a game starts."""

from __future__ import annotations

from collections.abc import Callable

from ..dist import Dist
from .actions import Setup
from .board import HOUSE, Board, Say, Step, auto, chance, decide
from .rules import Rules

SECTION = "Part 10: Discovery Summary"
EFFECTS: dict[str, Callable] = {}


def effect(name: str):
    def wrap(run):
        if name in EFFECTS:
            raise ValueError(f"a second effect for the Discovery {name!r}")
        EFFECTS[name] = run
        return run
    return wrap


def check_effects(rules: Rules) -> None:
    """Every Discovery Marker of the data has its effect; else ``ValueError`` naming it."""
    for name, row in rules.rows("discoveries.csv").items():
        if row["copies"] and name not in EFFECTS:
            raise ValueError(f"discoveries.csv, row {name!r}: no effect is modelled for it; "
                             f"modelled: {', '.join(EFFECTS)}")


def unseen(b: Board, rules: Rules) -> Dist:
    """A face-down Discovery turned over in a solitaire game (placed without looking): any
    marker not yet turned over, alike."""
    left = {n: r["copies"] for n, r in rules.rows("discoveries.csv").items()}
    for found in b.discoveries.values():
        if found["name"] is not None:
            left[found["name"]] -= 1
    return Dist.from_counts({n: k for n, k in left.items() if k > 0})


@auto("effect")
def _effect(b: Board, rules: Rules, step: Step, say: Say) -> None:
    space, finders = step.args
    found = b.discoveries[space]
    say(f"the Discovery in the {space} is {found['name']}", SECTION)
    EFFECTS[found["name"]](b, rules, space, finders, say)
    if rules.rows("discoveries.csv")[found["name"]]["removed"] == "yes":
        found["removed"] = True


@effect("Bloodstains")
def _bloodstains(b: Board, rules: Rules, space: str, finders: tuple, say: Say) -> None:
    b.next(Step("bloodstains", HOUSE, (space,)))


def _bloodstains_options(b: Board, rules: Rules, step: Step) -> list:
    return [Setup("the Bloodstains reveal the Discovery", s) for s, d in b.discoveries.items()
            if s != step.args[0] and not d["flipped"] and not d.get("removed")]


@decide("bloodstains", _bloodstains_options)
def _bloodstains_choice(b: Board, rules: Rules, step: Step, action: Setup, say: Say) -> None:
    found = b.discoveries[action.choice]
    found["flipped"] = True
    say(f"the Bloodstains spell out the Discovery in the {action.choice}", SECTION)
    if found["name"] is None:
        b.next(Step("discovery_face", HOUSE, (action.choice,)))


@effect("Book of Shadows")
def _book(b: Board, rules: Rules, space: str, finders: tuple, say: Say) -> None:
    for p in finders:
        b.house_pays(p, 1, say, SECTION)


@effect("Chandelier")
def _chandelier(b: Board, rules: Rules, space: str, finders: tuple, say: Say) -> None:
    name = "Josiah's Wraith"
    b.gone |= {name}
    for h in [h for h in b.haunts if h.name == name]:
        b.to_cup(h.power)
        b.haunts.remove(h)
    say(f"the Chandelier is smashed: {name} leaves play", SECTION)


@effect("Cold Wind")
def _cold_wind(b: Board, rules: Rules, space: str, finders: tuple, say: Say) -> None:
    say("an icy wind blows out the Candles: everyone here makes a Panic check", SECTION)
    b.next(*(Step("cold_wind", p) for p in b.present(space)))


def _cold_outcomes(b: Board, rules: Rules, step: Step):
    return (b.panic(rules, step.player, cold_wind=True).total,
            f"Cold Wind Panic check by {step.player}", "dice")


@chance("cold_wind", _cold_outcomes)
def _cold(b: Board, rules: Rules, step: Step, total: int, say: Say) -> None:
    h = b.hunters[step.player]
    if total >= rules.character(h.character)["psychic"]:
        h.panicked = h.psyche_vulnerable = True
        say(f"{step.player} panics", SECTION)


@effect("(further Discoveries)")
def _nothing(b: Board, rules: Rules, space: str, finders: tuple, say: Say) -> None:
    say("nothing happens (the summary is cut off)", SECTION)
