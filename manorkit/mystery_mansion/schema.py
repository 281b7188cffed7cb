"""What each Mystery Mansion data file must hold (see ``data/mystery_mansion/README.md``)."""

from __future__ import annotations

import re

from ..ruleset import Col, RulesDataError, TableDir, Tables, TableSpec

LEVELS = ("basement", "first", "second")
YES_NO = ("yes", "no")
KEYS = tuple(str(k) for k in range(1, 8))
SIDES = ("N", "E", "S", "W")
REQUIRED_VARIANTS = ("chest_numbers", "facedown_levels", "passage_foyer", "staircases")
#: The numbers the game reads from ``numbers.csv``.
NUMBERS = ("actions_per_turn", "hand_size", "return_clue_cards", "draw_search_cards",
           "min_players", "max_rounds")
#: The rulebook's section titles a row may cite.
SECTIONS = (
    "Object", "Contents", "1. Assembly of the Mansion Rooms", "2. The Foyer",
    "3. The Front Door Card", "4. Plastic Pieces", "5. Labels", "6. Treasure Tokens", "7. Cards",
    "8. Pawns", "Who Plays First?", "How to Enter the Mansion", "What Do You Do on a Turn?",
    "Rolling the die", "An Example of One Turn (Figure 2)", "How to Build the Mansion",
    "The Rooms", "Adding On a Room", "How to Move Your Pawn Through the Mansion",
    "The Play of the Object Search Cards", "The Play of the Other Search Cards",
    "How Many Search Cards Can You Own?", "The Play of the Clue Cards",
    "Clue Cards You MUST Play Immediately",
    "Clue Cards You MUST Put in Your Hand Before You Can Play Them", "Key Card",
    "Secret Passage Card", "Moving a Treasure Chest", "Exiting the Mansion",
    "Unlocking a Treasure Chest", "How to Win the Game",
)
SOURCE = Col("source", pattern="|".join(map(re.escape, (*SECTIONS, "placeholder"))),
             expected="a section title of the rulebook (data/mystery_mansion/README.md) or "
                      "'placeholder'")
_PH = Col("placeholder", "fields", required=False)


def chest_numbers(text: str) -> tuple[int, ...]:
    """``;``-separated key numbers 1-7, each once."""
    parts = text.split(";")
    if not all(p.strip() in KEYS for p in parts) or len(set(parts)) != len(parts):
        raise ValueError("expected different key numbers from 1 to 7 separated by ';'")
    return tuple(int(p) for p in parts)


def _int(name: str, minimum: int = 0) -> Col:
    return Col(name, "int", minimum=minimum)


FILES = {
    "rooms.csv": TableSpec(key=("room",), cols=(
        Col("room"), Col("level", "enum", choices=LEVELS, ref="levels"),
        Col("start", "enum", choices=YES_NO), Col("doors", "list", choices=SIDES), SOURCE,
        _PH), rows=("Foyer",)),
    "levels.csv": TableSpec(key=("level",), cols=(
        Col("level", "enum", choices=LEVELS), _int("order"), Col("height"), SOURCE),
        rows=LEVELS),
    "components.csv": TableSpec(key=("component",), cols=(
        Col("component"), _int("count"), SOURCE)),
    "door_die.csv": TableSpec(key=("face",), cols=(
        Col("face", "enum", choices=("OPEN", "LOCKED")), _int("count"), SOURCE),
        rows=("OPEN", "LOCKED")),
    "treasures.csv": TableSpec(key=("token",), cols=(
        Col("token"), _int("copies"), Col("real", "enum", choices=YES_NO), SOURCE)),
    "chests.csv": TableSpec(key=("chest",), cols=(
        Col("chest", "enum", choices=KEYS), Col("numbers", parse=chest_numbers), SOURCE, _PH)),
    "keys.csv": TableSpec(key=("key",), cols=(Col("key", "enum", choices=KEYS), SOURCE),
                          rows=KEYS),
    "decks.csv": TableSpec(key=("deck",), cols=(
        Col("deck", "enum", choices=("search", "clue")), Col("title"),
        _int("declared_size", 1), SOURCE), rows=("search", "clue")),
    "numbers.csv": TableSpec(key=("name",), cols=(
        Col("name"), _int("value"), Col("effect", required=False), SOURCE, _PH), rows=NUMBERS),
    "gaps.csv": TableSpec(key=("gap",), cols=(Col("gap"), Col("where"), Col("missing"), SOURCE)),
}
_DECKS = {
    "search": TableSpec(key=("card",), cols=(
        Col("card"), Col("draws_clue", "enum", choices=YES_NO),
        Col("level", "enum", required=False, choices=LEVELS), _int("copies"),
        Col("effect", required=False), SOURCE, _PH)),
    "clue": TableSpec(key=("card",), cols=(
        Col("card"), Col("play", "enum", choices=("immediate", "hand")),
        Col("after", "enum", choices=("set_aside", "discard", "keep")), _int("copies"),
        Col("effect", required=False), SOURCE, _PH), rows=("Treasure Chest", "Key", "Cobweb")),
}


def _deck_spec(stem: str, header: tuple[str, ...]) -> TableSpec:
    if stem not in _DECKS:
        raise RulesDataError(f"decks/{stem}.csv", f"is not a deck; expected {list(_DECKS)}")
    return _DECKS[stem]


DIRS = {"decks": TableDir("deck", _deck_spec, required=tuple(_DECKS))}


def check_counts(tables: Tables) -> None:
    """Each deck holds its declared size; an Object Search card (one that draws a Clue)
    names the level its objects are in, no other card does; the door die has a face; the
    chests and the treasure tokens agree in number; the Key cards are one per key; a turn
    has an action, a game a round, and its fewest players have pawns."""
    decks = tables["decks.csv"]
    for deck, row in decks.rows.items():
        cards = tables[f"decks/{deck}.csv"]
        total = sum(r["copies"] for r in cards.rows.values())
        if total != row["declared_size"]:
            raise RulesDataError(cards.file, f"holds {total} cards; expected {deck}'s "
                                 f"declared_size {row['declared_size']} (decks.csv)",
                                 field="copies")
    search = tables["decks/search.csv"]
    for key, row in search.rows.items():
        if (row["level"] is None) == (row["draws_clue"] == "yes"):
            raise RulesDataError(search.file, f"is {row['level'] or 'blank'}; expected a level "
                                 "for an Object Search card (draws_clue yes), blank otherwise",
                                 line=search.lines[key], row=key, field="level")
    numbers = tables["numbers.csv"]
    pawns = tables["components.csv"].rows.get("pawns", {}).get("count", 0)
    for key, low, high in (("actions_per_turn", 1, None), ("max_rounds", 1, None),
                           ("min_players", 1, pawns)):
        value = numbers.rows[key]["value"]
        if value < low or (high is not None and value > high):
            raise RulesDataError(numbers.file, f"is {value}; expected at least {low}"
                                 + (f" and at most {high} (pawns in components.csv)"
                                    if high is not None else ""),
                                 line=numbers.lines[key], row=key, field="value")
    die = tables["door_die.csv"]
    if not any(r["count"] for r in die.rows.values()):
        raise RulesDataError(die.file, "has no face; expected a count above 0", field="count")
    chests = tables["chests.csv"]
    tokens = tables["treasures.csv"]
    n = sum(r["copies"] for r in tokens.rows.values())
    if n != len(chests.rows):
        raise RulesDataError(tokens.file, f"holds {n} tokens; expected one per chest "
                             f"({len(chests.rows)} in chests.csv)", field="copies")
    keys = tables["decks/clue.csv"]
    if keys.rows["Key"]["copies"] != len(tables["keys.csv"].rows):
        raise RulesDataError(keys.file, f"is {keys.rows['Key']['copies']}; expected one Key "
                             f"card per key of keys.csv", line=keys.lines["Key"], row="Key",
                             field="copies")


CHECKS = (check_counts,)
