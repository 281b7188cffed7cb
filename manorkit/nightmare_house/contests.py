"""Exact odds of every Nightmare House roll (Parts 4-6), read from the rules data.

Every function takes the rules first (``load_rules()``) and returns exact Fractions and
:class:`~manorkit.dist.Dist` values. Power Marker values are not in the text: ``power`` is the
number of markers drawn blind from the POWER CUP without replacement (its values are
placeholders, :func:`~.cups.power_total`), or the values themselves as a tuple once the
House has looked at them. A Haunt is energized with 1 or 2 markers (Part 2 B).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import NamedTuple

from ..dist import Dist, sum_of
from .cups import markers, power_total
from .rules import Rules
from .schema import HOURS

D6 = Dist.uniform(range(1, 7))
TWO_D6 = D6 + D6
#: The Spaces holding the Immobile Haunts, "also considered to be Foci of Evil" (Part 2 B).
FOCUS_SPACES = ("Crypt", "Graveyard", "Cellar", "Tower")


class Check(NamedTuple):
    """One roll against a target: the modified total and the chance the roller succeeds."""

    total: Dist
    p: Fraction


class Haunting(NamedTuple):
    """A Haunting (Part 6): both totals, House total minus Hunter total, the chance the
    House wins (its total greater), and the Power Markers the Hunter gives the House."""

    house: Dist
    hunter: Dist
    margin: Dist
    p_house: Fraction
    markers_lost: Dist


def _hour(rules: Rules, hour: str):
    if hour not in HOURS:
        raise ValueError(f"unknown hour {hour!r}; hours: {', '.join(HOURS)}")
    return rules.hour(hour)


def house_draw(rules: Rules, *, axes: int, hunters: int, energizing: int = 0,
               hour: str = "6 PM") -> int:
    """Power Markers the House draws in the Power Phase (Part 4 A Steps 1-3): Controlled
    Axes + Hunters in the game - markers energizing Mobile Haunts, + 2 at 3-4 AM, + 1 at
    Midnight-2 AM (none below 0). Their values: :func:`power_total`."""
    _axes(rules, axes)
    if hunters < 1 or energizing < 0:
        raise ValueError(f"need 1 or more hunters and 0 or more energizing markers; got "
                         f"{hunters}, {energizing}")
    return max(axes + hunters - energizing, 0) + _hour(rules, hour)["house_draw_bonus"]


def hunter_draw(rules: Rules, character: str, *, space: str | None = None,
                lost: bool = False) -> int:
    """Power Markers a Hunter draws (Part 4 A Step 4): his Psychic Strength, + 1 in the
    Crypt, Cellar, Graveyard or Tower; none while Lost."""
    row = rules.character(character)
    return 0 if lost else row["psychic"] + (space in FOCUS_SPACES)


def tool_modifier(rules: Rules, tools: Sequence[str], kind: str) -> int:
    """The Tools' modifier against a ``physical`` or ``psychic`` Haunt (Part 6 Step 2): all
    of them added, or the best one under ``tool_modifiers=best``; at most ``max_tools``."""
    if kind not in ("physical", "psychic"):
        raise ValueError(f"kind must be 'physical' or 'psychic', got {kind!r}")
    tools = tuple(tools)
    if len(tools) > rules.number("max_tools"):
        raise ValueError(f"{len(tools)} tools; a Character holds at most "
                         f"{rules.number('max_tools')} (Part 4 C Step 2)")
    for name in set(tools):
        if tools.count(name) > rules.tool(name)["markers"]:
            raise ValueError(f"{tools.count(name)} x {name}; the game has "
                             f"{rules.tool(name)['markers']}")
    mods = [rules.tool(t)[kind] for t in tools]
    if rules.variant("tool_modifiers") == "best":
        return max(mods, default=0)
    return sum(mods)


def house_total(rules: Rules, haunt: str, *, power: int | Sequence[int] = 1,
                hour: str = "6 PM", space: str | None = None) -> Dist:
    """The House's Haunting total (Part 6 Step 1): 1 die + the energizing Power Markers +
    Haunt Strength + 1 at Midnight-2 AM or 2 at 3-4 AM + 1 for a Psychic Haunt in the Crypt,
    Graveyard, Cellar or Tower (``space``)."""
    row = rules.haunt(haunt)
    low, high = rules.number("min_haunt_power"), rules.number("max_haunt_power")
    if not isinstance(power, int | tuple | list) or not low <= markers(power) <= high:
        raise ValueError(f"a Haunt is energized with {low} or {high} Power Markers (Part 2: "
                         f"B. The Rules); got power={power!r}")
    bonus = _hour(rules, hour)["haunt_bonus"] + row["strength"]
    if space in FOCUS_SPACES and row["kind"] == "psychic":
        bonus += rules.number("focus_psychic_bonus")
    return D6 + power_total(rules, power) + bonus


def possessed_total(rules: Rules, character: str, *, tools: Sequence[str] = (),
                    soul: bool = True, hour: str = "6 PM") -> Dist:
    """A Possessed Character attacking as a Physical Haunt (Part 6), not Energized: Haunt
    Strength his Physical Strength, + his Tools' Physical Strength (as :func:`tool_modifier`)
    if his Soul is Possessed (``soul=False``: the House holds a Lost Character's body, no
    Tools), + 1 die and the hour's bonus as the House."""
    if tools and not soul:
        raise ValueError("a possessed Lost body attacks with its Physical Strength alone")
    strength = rules.character(character)["physical"] + tool_modifier(rules, tools, "physical")
    return D6 + strength + _hour(rules, hour)["haunt_bonus"]


def hunter_total(rules: Rules, character: str, kind: str, *, tools: Sequence[str] = (),
                 companions: int = 0, hour: str = "6 PM", vulnerable: bool = False) -> Dist:
    """A Hunter's Haunting total (Part 6 Step 2): 1 die + Tool modifiers + his strength of the
    Haunt's kind + 2 per other Character in his Space + 3 at 5 AM - 1 if his Psyche is
    Vulnerable."""
    if companions < 0:
        raise ValueError(f"companions must be 0 or more, got {companions}")
    row = rules.character(character)
    bonus = (tool_modifier(rules, tools, kind) + row[kind]
             + rules.number("companion_bonus") * companions + _hour(rules, hour)["hunter_bonus"]
             - rules.number("vulnerable_penalty") * bool(vulnerable))
    return D6 + bonus


def haunting(rules: Rules, haunt: str | Dist, character: str, *,
             power: int | Sequence[int] = 1, hour: str = "6 PM", space: str | None = None,
             tools: Sequence[str] = (), companions: int = 0,
             vulnerable: bool = False) -> Haunting:
    """One Hunter haunted by ``haunt`` (Part 6 Steps 1-3); the Hunter wins ties. A losing
    Hunter gives the House 1 Power Marker for a Psychic Haunt, 2 for a Physical one.
    ``haunt`` may be a :func:`possessed_total` (a Physical attacker; ``power`` unused)."""
    if isinstance(haunt, Dist):
        kind, house = "physical", haunt
    else:
        kind = rules.haunt(haunt)["kind"]
        house = house_total(rules, haunt, power=power, hour=hour, space=space)
    hunter = hunter_total(rules, character, kind, tools=tools, companions=companions,
                          hour=hour, vulnerable=vulnerable)
    margin = house.combine(hunter, lambda h, t: h - t)
    p = margin.p(lambda m: m > 0)
    lost = 1 if kind == "psychic" else 2
    return Haunting(house, hunter, margin, p, Dist({lost: p, 0: 1 - p}))


def haunting_group(rules: Rules, haunt: str, hunters: Sequence[dict], *,
                   power: int | Sequence[int] = 1, hour: str = "6 PM",
                   space: str | None = None) -> Dist:
    """How many of the Hunters in one Space lose a Haunting (Part 6): one House roll against
    each Hunter's own roll, so the results are not independent. ``hunters`` are keyword
    sets for :func:`hunter_total` (``character``, ``tools``, ``vulnerable``); each gets +2 for
    each of the others."""
    if not hunters:
        raise ValueError("hunters must name at least one Hunter")
    kind = rules.haunt(haunt)["kind"]
    house = house_total(rules, haunt, power=power, hour=hour, space=space)
    totals = []
    for spec in hunters:
        spec = dict(spec)
        if "character" not in spec or not set(spec) <= {"character", "tools", "vulnerable"}:
            raise ValueError(f"each hunter is a 'character' with optional 'tools' and "
                             f"'vulnerable', got {spec!r}")
        totals.append(hunter_total(rules, spec.pop("character"), kind, hour=hour,
                                   companions=len(hunters) - 1, **spec))
    parts = []
    for h, ph in house:
        losers = sum_of(Dist.bernoulli(t.p(lambda x, h=h: x < h)) for t in totals)
        parts.append((ph, losers))
    return Dist.mixture(parts)


def warding(rules: Rules, character: str, axes: int, circle: int) -> Check:
    """Creating a Ward (Part 4 D Step 2): 2 dice + 2 (Kate, Potter, Addams) or 3 (Opal,
    Roarke, Evans) against the Focus's strength, Controlled Axes + its Circle."""
    _axes(rules, axes)
    if not 1 <= circle <= rules.number("room_circles"):
        raise ValueError(f"circle must be 1-{rules.number('room_circles')} (a Room Control "
                         f"Point), got {circle}")
    total = TWO_D6 + rules.character(character)["ward_bonus"]
    return Check(total, total.at_least(axes + circle))


def search(rules: Rules, character: str) -> Check:
    """A Search (Part 4 F Step 2): 1 die, less 2 for Potter, Chase and Kate, succeeds below
    the Character's higher strength."""
    row = rules.character(character)
    total = D6 + -row["search_bonus"]
    return Check(total, total.p(lambda x: x < max(row["physical"], row["psychic"])))


def panic(rules: Rules, character: str, *, dark: bool = False, soul_vulnerable: bool = False,
          bible: bool = False) -> Check:
    """A Panic check (Part 4 G Step 2, J Step 1, Cold Wind): 1 die + 1 if Dark + 1 if the
    Soul is Vulnerable + 1 for Holt - 1 with a Bible - 2 for Jason. ``p`` is the chance he
    panics (stays Panicked): the total at least his Psychic Strength."""
    row = rules.character(character)
    mod = (rules.number("panic_dark") * bool(dark)
           + rules.number("panic_vulnerable") * bool(soul_vulnerable)
           - rules.number("panic_bible") * bool(bible) + row["panic_modifier"])
    total = D6 + mod
    return Check(total, total.at_least(row["psychic"]))


def lights_on(rules: Rules, axes: int) -> Check:
    """A Hunter at a Fuse Box (Part 4 B Step 1): 2 dice turn the Lights On at or above the
    number of Controlled Axes."""
    _axes(rules, axes)
    return Check(TWO_D6, TWO_D6.at_least(axes))


def lights_off(rules: Rules, axes: int, hour: str = "8 PM") -> Check:
    """The House (Part 4 B Step 2): from 8 PM, 2 dice below the Controlled Axes turn a
    Floor's Lights Off; earlier there is no roll (``p`` 0)."""
    _axes(rules, axes)
    if _hour(rules, hour)["lights_off"] == "no":
        return Check(Dist.constant(0), Fraction(0))
    return Check(TWO_D6, TWO_D6.p(lambda x: x < axes))


def healing(rules: Rules, healer: str, hour: str = "7 PM") -> Check:
    """Healing (Part 4 A Step 5; Chase, Addams, Doran, not at 6 PM): 1 die, less 1 for Addams
    and Doran, heals below the healer's Psychic Strength."""
    row = rules.character(healer)
    if row["heal_modifier"] is None:
        healers = [c for c, r in rules.rows("characters.csv").items()
                   if r["heal_modifier"] is not None]
        raise ValueError(f"{healer} cannot heal; healers: {', '.join(healers)}")
    if _hour(rules, hour)["healing"] == "no":
        return Check(Dist.constant(0), Fraction(0))
    total = D6 + row["heal_modifier"]
    return Check(total, total.p(lambda x: x < row["psychic"]))


def astral_entry(rules: Rules, character: str) -> Check:
    """Entering the Astral Plane (Part 4 H Step 3): Kate, Doran, Evans, Opal and Roarke
    enter without a roll; others roll 1 die and enter below their Psychic Strength, else
    become Lost. ``p`` is the chance of entering."""
    row = rules.character(character)
    if row["astral_roll"] == "no":
        return Check(Dist.constant(0), Fraction(1))
    return Check(D6, D6.p(lambda x: x < row["psychic"]))


def lost_landing(rules: Rules) -> Dist:
    """Where a Lost Character lands (Part 5): 3 dice, ``(circle, axis)``. The first die
    gives the Circle by ``lost_circle.csv``; the Axis from the other two by ``lost_axis``."""
    circle = D6.map(lambda d: rules.rows("lost_circle.csv")[str(d)]["circle"])
    reading = rules.variant("lost_axis")
    if reading == "sum":
        axis = TWO_D6
    elif reading == "sum_minus_one":
        axis = TWO_D6 + -1
    else:
        axis = D6.combine(D6, lambda half, d: d + (6 if half > 3 else 0))
    return circle.combine(axis, lambda c, a: (c, a))


def possession_attack(rules: Rules, circle: int, power: int | Sequence[int] = 1,
                      hunters: int | None = None) -> Dist:
    """The House's attack on a Psyche (Part 4 I Step 6): 1 die + the Power Markers it
    committed (at most as many as the ``hunters`` who started the game, Step 3; default:
    as many as there are Hunter sets) + the Circle the Psyche occupies. The Hunter's side is
    cut off in the text: :func:`~.astral.possession_defence` is a placeholder."""
    inner = rules.number("entity_circles")
    if not 1 <= circle <= inner:
        raise ValueError(f"circle must be 1-{inner}, got {circle}")
    sets = rules.rows("components.csv")["Hunter sets"]["count"]
    hunters = sets if hunters is None else hunters
    if not 1 <= hunters <= sets:
        raise ValueError(f"hunters (who started the game) must be 1-{sets}, got {hunters}")
    if markers(power) > hunters:
        raise ValueError(f"the House commits at most as many Power Markers as Hunters started "
                         f"({hunters}); got {markers(power)}")
    return D6 + power_total(rules, power) + circle


def house_wins(rules: Rules, hunters: Sequence[tuple[bool, bool]]) -> bool:
    """Hour Phase Step 2: does the House win now? ``hunters`` are ``(dead, possessed)``
    pairs. Under ``house_wins_check=intent`` the House wins when every Hunter is Dead or
    Possessed; read literally, when every Hunter is both."""
    if rules.variant("house_wins_check") == "literal":
        return all(dead and possessed for dead, possessed in hunters)
    return all(dead or possessed for dead, possessed in hunters)


def _axes(rules: Rules, axes: int) -> None:
    if not 0 <= axes <= rules.number("axes"):
        raise ValueError(f"axes (Controlled Axes) must be 0-{rules.number('axes')}, got {axes}")
