"""What each Nightmare House data file must hold (see ``data/nightmare_house/README.md``)."""

from __future__ import annotations

from ..ruleset import Col, RulesDataError, Tables, TableSpec

KINDS = ("physical", "psychic")
MOBILITY = ("mobile", "immobile")
YES_NO = ("yes", "no")
#: Characters the contests name in the text (Part 4, Part 10).
REQUIRED_CHARACTERS = ("Kate", "Holt", "Opal", "Lorenzo", "Chase", "Doran", "Evans", "Jason",
                       "Roarke", "Lemuel", "Addams", "Potter")
HOURS = ("6 PM", "7 PM", "8 PM", "9 PM", "10 PM", "11 PM", "Midnight", "1 AM", "2 AM",
         "3 AM", "4 AM", "5 AM")
NUMBERS = ("companion_bonus", "vulnerable_penalty", "focus_psychic_bonus", "axes",
           "room_circles", "axis_circle", "entity_circles", "max_tools", "haunt_mp", "dark_cost",
           "panic_spaces", "panic_dark", "panic_vulnerable", "panic_bible", "min_haunt_power",
           "max_haunt_power", "soul_per_marker", "soul_per_unpaid", "psychic_loss",
           "physical_loss", "haunting_reward", "immobile_power", "haunt_delay",
           "haunts_per_hour", "astral_reach")
COMPONENTS = ("Focus Markers", "Pentagram Markers", "Hunter sets", "Room Markers",
              "Control Markers", "Immobile Haunt Spaces", "Discovery Markers", "Power Markers",
              "min players", "max players", "dice")
FLOORS = ("first", "second", "third", "cellar", "attic", "tower")
REQUIRED_VARIANTS = ("tool_modifiers", "talisman_modifiers", "lost_axis", "house_wins_check")

SOURCE = Col("source", pattern=r"Part \d+\b.*|Counter Faces\b.*|placeholder",
             expected="a part of the rulebook (Part N: ...), 'Counter Faces: ...' or "
                      "'placeholder'")
_PH = Col("placeholder", "fields", required=False)


def _int(name: str, minimum: int | None = 0, required: bool = True) -> Col:
    return Col(name, "int", required=required, minimum=minimum)


FILES = {
    "characters.csv": TableSpec(key=("character",), cols=(
        Col("character"), Col("name"), _int("physical", 1), _int("psychic", 1),
        _int("possessed", 1), _int("soul", 1), _int("ward_bonus"), _int("search_bonus"),
        _int("panic_modifier", None), _int("heal_modifier", None, required=False),
        Col("astral_roll", "enum", choices=YES_NO), Col("dark_mover", "enum", choices=YES_NO),
        Col("pentagram", "enum", choices=YES_NO), Col("dark_search", "enum", choices=YES_NO),
        Col("passages", "enum", choices=YES_NO), SOURCE, _PH),
        rows=REQUIRED_CHARACTERS),
    "haunts.csv": TableSpec(key=("haunt",), cols=(
        Col("haunt"), _int("strength"), Col("kind", "enum", choices=KINDS),
        Col("mobility", "enum", choices=MOBILITY), SOURCE, _PH)),
    "tools.csv": TableSpec(key=("tool",), cols=(
        Col("tool"), _int("markers", 1), _int("physical", None), _int("psychic", None),
        Col("effect", required=False), SOURCE, _PH), rows=("Bible",)),
    "clock.csv": TableSpec(key=("hour",), cols=(
        Col("hour", "enum", choices=HOURS), _int("order", 1), _int("haunt_bonus"),
        _int("hunter_bonus"), _int("house_draw_bonus"), Col("lights_off", "enum", choices=YES_NO),
        Col("healing", "enum", choices=YES_NO), SOURCE), rows=HOURS),
    "phases.csv": TableSpec(key=("phase",), cols=(
        Col("phase"), Col("name"), Col("rolls", required=False), SOURCE)),
    "discoveries.csv": TableSpec(key=("discovery",), cols=(
        Col("discovery"), _int("copies"), Col("removed", "enum", required=False, choices=YES_NO),
        Col("effect", required=False), SOURCE, _PH)),
    "power_markers.csv": TableSpec(key=("value",), cols=(
        _int("value", None), _int("count"), SOURCE)),
    "lost_circle.csv": TableSpec(key=("die",), cols=(
        _int("die", 1), _int("circle", 1), SOURCE), rows=("1", "2", "3", "4", "5", "6")),
    "numbers.csv": TableSpec(key=("name",), cols=(
        Col("name"), _int("value", None), Col("effect", required=False), SOURCE, _PH),
        rows=NUMBERS),
    "components.csv": TableSpec(key=("component",), cols=(
        Col("component"), _int("count"), SOURCE, _PH), rows=COMPONENTS),
    "map.csv": TableSpec(key=("space",), cols=(
        Col("space"), Col("floor", "enum", choices=FLOORS),
        Col("lights", "enum", required=False, choices=FLOORS), _int("mp", 1),
        Col("doors", "list", ref="map"), Col("walls", "list", required=False, ref="map"),
        Col("fuse_box", "enum", choices=YES_NO), Col("focus", "enum", choices=YES_NO),
        Col("secret", required=False, ref="map"), SOURCE, _PH),
        rows=("Front Veranda", "Crypt", "Graveyard", "Cellar", "Tower")),
    "room_markers.csv": TableSpec(key=("room",), cols=(
        Col("room", ref="map"), _int("axis", 1), _int("circle", 1), SOURCE, _PH)),
    "gaps.csv": TableSpec(key=("gap",), cols=(Col("gap"), Col("where"), Col("missing"), SOURCE)),
}


def check_counts(tables: Tables) -> None:
    """Some Power Marker has a count above 0; the lost table's dice are 1-6 and its Circles
    are Room Control Circles; every Physical Haunt is Mobile (Part 2 B) and there are
    Immobile Haunts for the Crypt, Graveyard, Cellar and Tower (Part 3 Step 9); the Room
    Markers are as many as the components say, each on its own Room Control Point; the map's
    doors go both ways; the focus Spaces are as many as the Immobile Haunt Spaces."""
    haunts = tables["haunts.csv"]
    for key, row in haunts.rows.items():
        if row["kind"] == "physical" and row["mobility"] != "mobile":
            raise RulesDataError(haunts.file, f"is {row['mobility']!r}; every Physical Haunt "
                                 "is mobile (Part 2: B. The Rules)", line=haunts.lines[key],
                                 row=key, field="mobility")
    immobile = sum(r["mobility"] == "immobile" for r in haunts.rows.values())
    if immobile < 4:
        raise RulesDataError(haunts.file, f"has {immobile} Immobile Haunts; expected at least "
                             "4, one each for the Crypt, Graveyard, Cellar and Tower",
                             field="mobility")
    power = tables["power_markers.csv"]
    if not any(r["count"] for r in power.rows.values()):
        raise RulesDataError(power.file, "has no marker with a count above 0; expected at least "
                             "one", field="count")
    _check_astral(tables)
    _check_map(tables)
    lost = tables["lost_circle.csv"]
    circles = tables["numbers.csv"].rows["room_circles"]["value"]
    for key, row in lost.rows.items():
        if row["die"] > 6 or row["circle"] > circles:
            field = "die" if row["die"] > 6 else "circle"
            raise RulesDataError(lost.file, f"is {row[field]}; expected 1-6 for a die and "
                                 f"1-{circles} for a Circle", line=lost.lines[key], row=key,
                                 field=field)


CHECKS = (check_counts,)


def _check_astral(tables: Tables) -> None:
    markers, numbers = tables["room_markers.csv"], tables["numbers.csv"].rows
    want = tables["components.csv"].rows["Room Markers"]["count"]
    if len(markers.rows) != want:
        raise RulesDataError(markers.file, f"holds {len(markers.rows)} Room Markers; expected "
                             f"{want} (components.csv)")
    seen: dict = {}
    axes, circles = numbers["axes"]["value"], numbers["room_circles"]["value"]
    for key, row in markers.rows.items():
        point = (row["axis"], row["circle"])
        bad = ("axis" if row["axis"] > axes else "circle" if row["circle"] > circles
               else "axis" if point in seen else None)
        if bad:
            raise RulesDataError(markers.file, f"puts {key!r} on axis {row['axis']}, circle "
                                 f"{row['circle']}; expected axes 1-{axes}, circles "
                                 f"1-{circles}, one marker a point"
                                 + (f" ({seen[point]!r} is there)" if point in seen else ""),
                                 line=markers.lines[key], row=key, field=bad)
        seen[point] = key


def _check_map(tables: Tables) -> None:
    house = tables["map.csv"]
    for key, row in house.rows.items():
        for other in row["doors"]:
            if key not in house.rows[other]["doors"]:
                raise RulesDataError(house.file, f"has a door from {key!r} to {other!r} but "
                                     "not back; expected doors both ways",
                                     line=house.lines[key], row=key, field="doors")
    focus = sum(r["focus"] == "yes" for r in house.rows.values())
    want = tables["components.csv"].rows["Immobile Haunt Spaces"]["count"]
    if focus != want:
        raise RulesDataError(house.file, f"has {focus} focus Spaces; expected {want}, one for "
                             "each Immobile Haunt (components.csv)", field="focus")
