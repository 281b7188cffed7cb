"""The Weirdwood Manor rules as data: :func:`load_rules` and :class:`Rules`.

Files in ``data/weirdwood/`` (see its README): battle dice, room rings and the Room
Reference, the corridors, the time track, monster strength by day, Therus's siphon and
spell, the room die, the d12 rooms, the Monster Card decks and effects, the Mîn Wraith die,
the numbers the text states (``numbers.csv``), the Action Cards, characters, Companions,
Warden Tactic Cards, forge costs, XP tracks, the monsters' tracks, the Chaos Ogre's health
and the Blight Threat, and the text's silences (``gaps.csv``). Every row has a ``source`` (a
rulebook section title, or ``placeholder``); a ``placeholder`` column lists the fields the
text does not give.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from .. import DATA_DIR
from ..ruleset import Col, Loader, RulesBase, RulesDataError, Schema, TableSpec

DEFAULT_PATH = DATA_DIR / "weirdwood"
RINGS = ("outer", "middle", "inner")
DICE = ("balanced", "attack", "defense")
STATES = ("Calm", "Angry", "Enraged")
MONSTERS = ("Chaos Ogre", "Mîn Wraith", "Therus")
CARD_KINDS = ("Move", "Attack", "Scarab", "Power")
SOURCE = Col("source", pattern=r"placeholder|[A-Z].*",
             expected="a rulebook section title or 'placeholder'")
PLACEHOLDER = Col("placeholder", "fields", required=False)
_SETTING = TableSpec(key=("setting",), cols=(Col("setting"), Col("value", "int", minimum=0),
                                              SOURCE))
ICONS = ("hit", "block", "min", "knowledge", "wild")
SLOTS = ("Morning", "Afternoon", "Evening", "Night", "wild")
TRACKS = ("power", "battle", "tactics", "group")
YES_NO = ("yes", "no")


#: What a room action may do, in order (``rooms.csv`` effects, ``name:number``).
EFFECTS = ("min", "knowledge", "power", "scarab", "health", "xp", "resource", "lose_health",
           "min_or_knowledge", "recruit", "refresh", "recruit_or_refresh", "forge", "portal",
           "reverse_per_resource", "other_gain", "other_portal", "banish", "exhaust_gain",
           "discard_min", "discard_knowledge", "discard_portal", "other_forge", "d12", "jump",
           "other_xp", "other_xp_again", "other_health_or_knowledge", "room_dice_portal",
           "pay_health", "other_health", "advance", "move", "pay_power_xp", "other_recruit")


def effect(item: str) -> tuple[str, int]:
    """A room effect ``"min:1"`` as ``("min", 1)``."""
    name, colon, n = item.partition(":")
    if name not in EFFECTS or not colon or not n.isdigit():
        raise ValueError(f"{item!r} is not an effect like min:1 ({', '.join(EFFECTS)})")
    return name, int(n)


def _room_effects(tables) -> None:
    table = tables["rooms.csv"]
    for key, row in table.rows.items():
        for item in row["effects"]:
            try:
                effect(item)
            except ValueError as err:
                raise RulesDataError(table.file, str(err), line=table.lines[key], row=key,
                                     field="effects") from None


def _ints(*names: str) -> tuple[Col, ...]:
    return tuple(Col(n, "int", minimum=0) for n in names)

FILES = {
    "battle_dice.csv": TableSpec(key=("die", "face"), cols=(
        Col("die", "enum", choices=DICE), Col("face"), Col("hits", "int", minimum=0),
        Col("blocks", "int", minimum=0), Col("bursts", "int", minimum=0),
        Col("count", "int", minimum=0), SOURCE, PLACEHOLDER)),
    "rings.csv": TableSpec(key=("ring",), cols=(
        Col("ring", "enum", choices=RINGS), Col("positions", "int", minimum=1),
        Col("tiles", "int", minimum=0), Col("placed", "int", minimum=0),
        Col("fixed_room", ref="rooms"), Col("fixed_slot", "int", minimum=0),
        Col("doors", "list", choices=("in", "out")), SOURCE, PLACEHOLDER), rows=RINGS),
    "rooms.csv": TableSpec(key=("name",), cols=(
        Col("name"), Col("ring", "enum", choices=(*RINGS, "throne")),
        Col("fixed", "enum", choices=YES_NO),
        Col("roll", "enum", choices=("d12", "room_dice"), required=False), Col("action"),
        Col("effects", "list"), Col("in_play", "enum", choices=YES_NO),
        *(Col(c, "int", minimum=0, required=False) for c in
          ("blight_min", "blight_knowledge", "blight_xp")), SOURCE, PLACEHOLDER)),
    "corridors.csv": TableSpec(key=("corridor", "position"), cols=(
        Col("corridor", "enum", choices=("day", "time")), Col("position", "int", minimum=0),
        Col("open", "enum", choices=YES_NO), SOURCE, PLACEHOLDER)),
    "numbers.csv": _SETTING,
    "action_cards.csv": TableSpec(key=("card",), cols=(
        Col("card"), *_ints("moves", "attacks", "portals", "min", "knowledge", "draws",
                            "hits", "blocks", "cost_min", "cost_knowledge"),
        Col("left", "enum", choices=ICONS), Col("right", "enum", choices=ICONS), SOURCE,
        PLACEHOLDER)),
    "characters.csv": TableSpec(key=("character",), cols=(
        Col("character"), Col("balanced_start", "int", minimum=0, maximum=1),
        Col("slots", "list", choices=SLOTS), Col("companions", "enum", choices=YES_NO),
        Col("power", "enum", choices=("portal", "battle_die", "heal", "gain")),
        Col("power_cost", "list", choices=("power", "min", "knowledge", "any")),
        Col("power_text"), Col("surge", "enum", choices=("hit", "block")), SOURCE,
        PLACEHOLDER)),
    "companions.csv": TableSpec(key=("companion",), cols=(
        Col("companion"), *_ints("cost_min", "cost_knowledge"), SOURCE, PLACEHOLDER)),
    "warden_cards.csv": TableSpec(key=("card",), cols=(
        Col("card"), Col("copies", "int", minimum=0),
        Col("effect", "enum", choices=("battle_die",)), SOURCE, PLACEHOLDER)),
    "forge.csv": TableSpec(key=("slot",), cols=(
        Col("slot", "int", minimum=1), *_ints("cost_min", "cost_knowledge"), SOURCE,
        PLACEHOLDER)),
    "xp_tracks.csv": TableSpec(key=("track", "space"), cols=(
        Col("track", "enum", choices=TRACKS), Col("space", "int", minimum=1),
        Col("benefit", "list", choices=("power_token", "resource", "hit", "block", "heal",
                                        "warden", "end", "end_battle", "end_tactics",
                                        "loop")), SOURCE, PLACEHOLDER)),
    "ogre_health.csv": TableSpec(key=("area", "row"), cols=(
        Col("area", "enum", choices=("head", "torso", "arms")), Col("row", "int", minimum=1),
        Col("cubes", "int", minimum=1),
        Col("effect", "enum", choices=("spawn_rolled", "spawn_here")), SOURCE, PLACEHOLDER)),
    "blight_threat.csv": TableSpec(key=("level",), cols=(
        Col("level", "int", minimum=1), *_ints(*DICE), SOURCE, PLACEHOLDER)),
    "monster_tracks.csv": TableSpec(key=("monster", "setting"), cols=(
        Col("monster", "enum", choices=MONSTERS), Col("setting"), Col("value"), SOURCE,
        PLACEHOLDER)),
    "monster_effects.csv": TableSpec(key=("monster", "kind"), cols=(
        Col("monster", "enum", choices=MONSTERS), Col("kind", "enum", choices=CARD_KINDS),
        Col("time", "int", minimum=0), Col("top", "list"), Col("angry", "list"),
        Col("enraged", "list"), SOURCE, PLACEHOLDER)),
    "gaps.csv": TableSpec(key=("gap",), cols=(Col("gap"), Col("where"), Col("missing"),
                                              SOURCE)),
    "time_of_day.csv": TableSpec(key=("time",), cols=(
        Col("time"), Col("order", "int", minimum=1), Col("positions", "int", minimum=1),
        SOURCE)),
    "days.csv": _SETTING,
    "spell.csv": _SETTING,
    "strength.csv": TableSpec(key=("monster", "state"), cols=(
        Col("monster", "enum", choices=MONSTERS), Col("state", "enum", choices=STATES),
        Col("first_day", "int", minimum=1), Col("last_day", "int", minimum=1), SOURCE,
        PLACEHOLDER)),
    "siphon.csv": TableSpec(key=("first_day",), cols=(
        Col("first_day", "int", minimum=1), Col("last_day", "int", minimum=1),
        Col("spaces", "int", minimum=0), SOURCE)),
    "ogre_dice.csv": TableSpec(key=("state",), cols=(
        Col("state", "enum", choices=STATES), *(Col(d, "int", minimum=0) for d in DICE),
        SOURCE, PLACEHOLDER), rows=STATES),
    "room_die.csv": TableSpec(key=("face",), cols=(
        Col("face", "int", minimum=1, maximum=6), Col("ring", "enum", choices=RINGS), SOURCE,
        PLACEHOLDER)),
    "d12_rooms.csv": TableSpec(key=("room", "rolls"), cols=(
        Col("room", ref="rooms"), Col("rolls", "amount", minimum=1, maximum=12),
        Col("reward"), *(Col(c, "int", minimum=0) for c in
                         ("resources", "power_tokens", "warden_cards")), SOURCE,
        PLACEHOLDER)),
    "monster_cards.csv": TableSpec(key=("monster", "kind"), cols=(
        Col("monster", "enum", choices=MONSTERS), Col("kind", "enum", choices=CARD_KINDS),
        Col("cards", "int", minimum=0), SOURCE, PLACEHOLDER)),
    "wraith_die.csv": TableSpec(key=("face",), cols=(
        Col("face", "int", minimum=1), Col("effect", "enum", choices=(
            "clockwise", "counter-clockwise", "inward", "outward", "heal")), SOURCE,
        PLACEHOLDER)),
}


def _days_covered(tables) -> None:
    """Strength bands (per monster) and siphon bands each cover Days 1..N once."""
    days = tables["days.csv"].rows["days"]["value"]
    groups: dict[str, list] = {}
    for key, row in tables["strength.csv"].rows.items():
        groups.setdefault(f"strength.csv {row['monster']}", []).append((key, row))
    groups["siphon.csv"] = list(tables["siphon.csv"].rows.items())
    for label, rows in groups.items():
        file = label.split()[0]
        covered = sorted(d for _, r in rows for d in range(r["first_day"], r["last_day"] + 1))
        if covered != list(range(1, days + 1)):
            key = rows[0][0]
            raise RulesDataError(file, f"days {covered} for {label}; expected Days 1-{days} "
                                       "each once", line=tables[file].lines[key], row=key,
                                 field="first_day")


def _monster_decks(tables) -> None:
    """Each Fae Monster has 20 Monster Cards (Resolving Monster Cards)."""
    table = tables["monster_cards.csv"]
    deck = tables["numbers.csv"].rows["monster_cards"]["value"]
    for monster in MONSTERS:
        rows = [(k, r) for k, r in table.rows.items() if r["monster"] == monster]
        total = sum(r["cards"] for _, r in rows)
        if total != deck:
            key = rows[0][0] if rows else None
            raise RulesDataError(table.file, f"gives {monster} {total} cards; expected {deck}",
                                 line=table.lines.get(key), row=key, field="cards")


def _components(tables) -> None:
    """The decks hold as many cards as the Game Components list."""
    numbers = tables["numbers.csv"].rows
    for file, count, setting in (
            ("action_cards.csv", len(tables["action_cards.csv"].rows), "action_cards_per_deck"),
            ("companions.csv", len(tables["companions.csv"].rows), "companion_cards"),
            ("warden_cards.csv", sum(r["copies"] for r in tables["warden_cards.csv"]
                                     .rows.values()), "warden_cards")):
        if count != numbers[setting]["value"]:
            raise RulesDataError(file, f"holds {count} cards; expected {setting} = "
                                       f"{numbers[setting]['value']} (numbers.csv)")
    corridors = tables["corridors.csv"]
    days = tables["days.csv"].rows["days"]["value"]
    for c in ("day", "time"):
        got = sorted(r["position"] for r in corridors.rows.values() if r["corridor"] == c)
        if got != list(range(days)):
            raise RulesDataError(corridors.file, f"the {c} corridor has positions {got}; "
                                                 f"expected 0 to {days - 1} once each")


def _d12_covered(tables) -> None:
    """Each d12 room's rows cover 1-12 once."""
    table = tables["d12_rooms.csv"]
    by_room: dict[str, list[int]] = {}
    for row in table.rows.values():
        by_room.setdefault(row["room"], []).extend(_values(row["rolls"]))
    for room, rolls in by_room.items():
        if sorted(rolls) != list(range(1, 13)):
            key = next(k for k, r in table.rows.items() if r["room"] == room)
            raise RulesDataError(table.file, f"rolls {sorted(rolls)} for {room}; expected "
                                             "1-12 each once", line=table.lines[key], row=key,
                                 field="rolls")


def _values(amount) -> tuple[int, ...]:
    return (amount,) if isinstance(amount, int) else amount.values


SCHEMA = Schema(files=FILES, source=SOURCE,
                checks=(_days_covered, _d12_covered, _monster_decks, _components, _room_effects),
                required_variants=("balanced_die", "therus_strength", "group_xp",
                                   "scarab_loss", "face_down_cost", "monster"))


class Rules(RulesBase):
    """The Weirdwood Manor rules with a choice of every variant; an immutable value."""

    def die_faces(self, die: str) -> Mapping[tuple[int, int, int], int]:
        """Face counts of a battle die as ``{(hits, blocks, bursts): count}``
        (Forging Battle Dice; the counts are placeholders)."""
        if die not in DICE:
            raise ValueError(f"unknown battle die {die!r}; expected one of {', '.join(DICE)}")
        faces: dict[tuple[int, int, int], int] = {}
        for row in self.rows("battle_dice.csv").values():
            if row["die"] == die and row["count"]:
                face = (row["hits"], row["blocks"], row["bursts"])
                faces[face] = faces.get(face, 0) + row["count"]
        return MappingProxyType(faces)

    def setting(self, file: str, name: str) -> int:
        """One value of ``days.csv`` or ``spell.csv``."""
        return self.rows(file)[name]["value"]

    @property
    def days(self) -> int:
        """Days on the Day Corridor ring (Time & Advancing Time: 12)."""
        return self.setting("days.csv", "days")

    @property
    def times_of_day(self) -> tuple[tuple[str, int], ...]:
        """``(time, positions)`` in order: Morning, Afternoon, Evening, Night, 3 each."""
        rows = sorted(self.rows("time_of_day.csv").values(), key=lambda r: r["order"])
        return tuple((r["time"], r["positions"]) for r in rows)

    def strength(self, monster: str, day: int) -> str:
        """Calm, Angry or Enraged for ``monster`` on ``day`` (Resolving Monster Cards)."""
        self._check_day(day)
        for row in self.rows("strength.csv").values():
            if row["monster"] == monster and row["first_day"] <= day <= row["last_day"]:
                return row["state"]
        raise ValueError(f"unknown monster {monster!r}; expected one of {', '.join(MONSTERS)}")

    def siphon(self, day: int) -> int:
        """Spell spaces Therus siphons from one spending on ``day`` (Powering Therus' Spell)."""
        self._check_day(day)
        return next(r["spaces"] for r in self.rows("siphon.csv").values()
                    if r["first_day"] <= day <= r["last_day"])

    def positions(self, ring: str) -> int:
        """Room positions on a ring (placeholder: 12, 12, 6)."""
        if ring not in RINGS:
            raise ValueError(f"unknown ring {ring!r}; expected one of {', '.join(RINGS)}")
        return self.rows("rings.csv")[ring]["positions"]

    def room_die(self) -> Mapping[int, str]:
        """The d6 room die: face → ring (placeholder)."""
        return MappingProxyType({r["face"]: r["ring"] for r in self.rows("room_die.csv").values()})

    def monster_deck(self, monster: str) -> Mapping[str, int]:
        """A Fae Monster's 20 cards by kind (the split is a placeholder)."""
        if monster not in MONSTERS:
            raise ValueError(f"unknown monster {monster!r}; expected one of {', '.join(MONSTERS)}")
        return MappingProxyType({r["kind"]: r["cards"] for r in self.rows("monster_cards.csv")
                                 .values() if r["monster"] == monster})

    def wraith_die(self) -> Mapping[str, int]:
        """The Mîn Wraith die: effect → faces (its faces are not listed: a placeholder)."""
        faces: dict[str, int] = {}
        for row in self.rows("wraith_die.csv").values():
            faces[row["effect"]] = faces.get(row["effect"], 0) + 1
        return MappingProxyType(faces)

    def d12_table(self, room: str) -> tuple[tuple[int, Mapping], ...]:
        """``(roll, row)`` for every d12 result of a d12 room (Room Reference)."""
        out = [(roll, row) for row in self.rows("d12_rooms.csv").values() if row["room"] == room
               for roll in _values(row["rolls"])]
        if not out:
            known = sorted({r["room"] for r in self.rows("d12_rooms.csv").values()})
            raise ValueError(f"{room!r} rolls no d12; expected one of {', '.join(known)}")
        return tuple(sorted(out, key=lambda x: x[0]))

    def number(self, name: str) -> int:
        """One value of ``numbers.csv`` (a number the text states)."""
        rows = self.rows("numbers.csv")
        if name not in rows:
            raise KeyError(f"no number {name!r} in numbers.csv")
        return rows[name]["value"]

    def track(self, monster: str, name: str) -> tuple[int, ...] | str:
        """A monster's track setting (``monster_tracks.csv``): numbers as a tuple of ints
        (``"10;13"`` → ``(10, 13)``), else the text."""
        row = self.rows("monster_tracks.csv").get(f"{monster}/{name}")
        if row is None:
            raise KeyError(f"no setting {name!r} for {monster} in monster_tracks.csv")
        parts = row["value"].split(";")
        return tuple(int(p) for p in parts) if all(p.isdigit() for p in parts) else \
            row["value"]

    def track_value(self, monster: str, name: str) -> int:
        value = self.track(monster, name)
        if not isinstance(value, tuple) or len(value) != 1:
            raise ValueError(f"{monster} {name} is {value!r}; expected one number")
        return value[0]

    @property
    def gaps(self):
        """Where the text is silent; each value filled in is a placeholder (a DataFrame)."""
        return self._frame("gaps.csv", "gap")

    def _check_day(self, day: int) -> None:
        if not isinstance(day, int) or not 1 <= day <= self.days:
            raise ValueError(f"day is {day!r}; expected a day from 1 to {self.days}")


load_rules = Loader(SCHEMA, Rules, DEFAULT_PATH).load
