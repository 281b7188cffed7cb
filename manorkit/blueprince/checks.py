"""Checks across Blue Prince data files, run under every variant reading at load."""

from __future__ import annotations

from ..ruleset import RulesDataError, Tables
from .placement import Placement
from .schema import (
    COLOURS,
    D6_FACES,
    DICE,
    FIXED_CELLS,
    LOCK_DICE,
    LOCK_FACES,
    SHAPE_DOORS,
    d6_roll,
)


def check_rooms(tables: Tables) -> None:
    """Doors match the shape; the Entrance Hall and the Antechamber sit on their cells."""
    rooms = tables["rooms.csv"]
    for name, row in rooms.rows.items():
        want = SHAPE_DOORS[row["shape"]]
        if row["doors"] != want:
            raise RulesDataError(
                rooms.file, f"is {row['doors']}; a {row['shape']} tile has {want} door(s)",
                line=rooms.lines[name], row=name, field="doors")
    for name, (rank, col) in FIXED_CELLS.items():
        if Placement.parse(rooms.rows[name]["placement"] or "").fixed != (rank, col):
            raise RulesDataError(
                rooms.file, f"is {rooms.rows[name]['placement']!r}; expected fixed={rank}:{col} "
                "(its printed cell on the board, §2 The Board)",
                line=rooms.lines[name], row=name, field="placement")


def check_decks(tables: Tables) -> None:
    """Every deck of decks.csv has its file and back; each holds its declared size."""
    decks = tables["decks.csv"]
    for deck in decks.rows:
        if f"decks/{deck}.csv" not in tables:
            raise RulesDataError(decks.file, f"names deck file decks/{deck}.csv, which is missing",
                                 line=decks.lines[deck], row=deck, field="deck")
    for file in tables:
        if file.startswith("decks/") and file[6:-4] not in decks.rows:
            raise RulesDataError(file, "is not listed in decks.csv; expected a row "
                                 f"{file[6:-4]!r} there")
    for deck, row in decks.rows.items():
        size = sum(card["copies"] for card in tables[f"decks/{deck}.csv"].rows.values())
        if size != row["declared_size"]:
            raise RulesDataError(
                f"decks/{deck}.csv", f"holds {size} cards (copies summed) but decks.csv line "
                f"{decks.lines[deck]} declares {row['declared_size']}; expected them to agree "
                "under the readings in force", field="copies")


def check_dice(tables: Tables) -> None:
    """The lock dice show OPEN or LOCKED, the d6 shows 1 to 6 (every face is a required row
    of dice.csv); every die has at least one face."""
    dice = tables["dice.csv"]
    faces: dict[str, int] = {}
    for key, row in dice.rows.items():
        die, face = row["die"], row["face"]
        allowed = D6_FACES if die == "d6" else LOCK_FACES
        if face not in allowed:
            raise RulesDataError(dice.file, f"is {face!r}; the faces of {die} are "
                                 f"{', '.join(allowed)}", line=dice.lines[key], row=key,
                                 field="face")
        faces[die] = faces.get(die, 0) + row["count"]
    for die in DICE:
        if not faces[die]:
            raise RulesDataError(dice.file, f"gives {die} no face (every count is 0); expected "
                                 "at least one", field="count")


def check_rolls(tables: Tables) -> None:
    """Every d6 table names each result 1 to 6 exactly once (per room in room_rolls.csv)."""
    groups: dict[tuple[str, str, str], list[tuple[str, str]]] = {}
    for file, column, by in (("tables/observatory.csv", "roll", None),
                             ("tables/casino.csv", "roll", None),
                             ("tables/special_keys.csv", "roll", None),
                             ("tables/kitchen.csv", "special_roll", None),
                             ("tables/room_rolls.csv", "roll", "room")):
        for key, row in tables[file].rows.items():
            if row[column] is not None:
                groups.setdefault((file, column, row[by] if by else ""), []).append((key, row))
    for (file, column, group), rows in groups.items():
        table, seen = tables[file], {}
        for key, row in rows:
            lo, _, hi = row[column].partition("-")
            for face in range(int(lo), int(hi or lo) + 1):
                if face in seen:
                    raise RulesDataError(
                        file, f"is {row[column]!r}, which repeats the result {face} of row "
                        f"{seen[face]!r}; expected each d6 result in one row",
                        line=table.lines[key], row=key, field=column)
                seen[face] = key
        missing = [f for f in range(1, 7) if f not in seen]
        if missing:
            where = f" for {group}" if group else ""
            raise RulesDataError(file, f"has no row{where} for the d6 results {missing}; "
                                 "expected rows covering 1 to 6", field=column)


def check_spawns(tables: Tables) -> None:
    """An item spawn roll names its die and a success that die can show."""
    spawns = tables["tables/item_spawns.csv"]
    for room, row in spawns.rows.items():
        die, success = row["die"], row["success"]
        line = spawns.lines[room]
        if (die is None) != (success is None):
            raise RulesDataError(spawns.file, "expected die and success together (both or "
                                 "neither)", line=line, row=room, field="success")
        if success is None or (die in LOCK_DICE and set(success.split(";")) <= set(LOCK_FACES)):
            continue
        try:
            d6_roll(success)
        except ValueError:
            faces = "OPEN or LOCKED (';'-separated), or " if die in LOCK_DICE else ""
            raise RulesDataError(spawns.file, f"is {success!r}; expected {faces}a d6 result "
                                 "from 1 to 6 or a range like 5-6", line=line, row=room,
                                 field="success") from None


def check_names(tables: Tables) -> None:
    """A room roll's special_key is ``yes`` (roll for a Special Key) or an item; a Secret
    Passage route names colours or rooms."""
    rolls, items = tables["tables/room_rolls.csv"], tables["tables/items.csv"].rows
    for key, row in rolls.rows.items():
        if row["special_key"] not in (None, "yes") and row["special_key"] not in items:
            raise RulesDataError(rolls.file, f"is {row['special_key']!r}; expected yes or an "
                                 "item of tables/items.csv", line=rolls.lines[key], row=key,
                                 field="special_key")
    books, rooms = tables["tables/secret_passage_books.csv"], tables["rooms.csv"].rows
    for key, row in books.rows.items():
        bad = [r for r in (row["route"] or "").split(";")
               if r and r not in COLOURS and r not in rooms]
        if bad:
            raise RulesDataError(books.file, f"names {bad}; expected colours or rooms of "
                                 "rooms.csv, separated by ';'", line=books.lines[key], row=key,
                                 field="route")


def check_food(tables: Tables) -> None:
    """A food that a card or a fruit token gives has a number of steps (only Kitchen dishes
    may leave it blank: theirs depend on the board)."""
    food = tables["tables/food.csv"]
    eaten = [(f"{file} row {card!r}", row["food"]) for file, table in tables.items()
             if file.startswith("decks/") for card, row in table.rows.items() if row.get("food")]
    eaten += [("tables/fruit_supply.csv", f) for f in tables["tables/fruit_supply.csv"].rows]
    for where, name in eaten:
        if food.rows[name]["steps"] is None:
            raise RulesDataError(food.file, f"is blank; expected the steps {name} gives (it is "
                                 f"eaten from {where})", line=food.lines[name], row=name,
                                 field="steps")


def check_weights(tables: Tables) -> None:
    """The Pantry's fruit weights and the fruit supply are not all 0."""
    for file, column in (("tables/pantry_fruit.csv", "weight"),
                         ("tables/fruit_supply.csv", "tokens")):
        if not sum(row[column] for row in tables[file].rows.values()):
            raise RulesDataError(file, f"has no {column} above 0; expected at least one",
                                 field=column)


CHECKS = (check_rooms, check_decks, check_dice, check_rolls, check_spawns, check_names,
          check_food, check_weights)
