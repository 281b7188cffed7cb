"""The Blueprints of Mad King Ludwig rules as data: :func:`load_rules` and :class:`Rules`.

Files in ``data/ludwig/`` (see its README): deck sizes by player count, settings, room types
with rewards and completion VPs, a placeholder Room Card composition, the 35 King's Favors,
their VPs by place, the 37 Bonus Cards, the 32 Royal Decrees and the solo rank table. Every
row has a ``source`` (a rulebook section title, or ``placeholder``).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from .. import DATA_DIR
from ..ruleset import Col, Loader, RulesBase, RulesDataError, Schema, TableSpec

DEFAULT_PATH = DATA_DIR / "ludwig"
TYPES = ("Food", "Sleeping", "Downstairs", "Living", "Activity", "Utility", "Outdoor", "Moat",
         "Courtyard")
SOURCE = Col("source", pattern=r"placeholder|[A-Z].*",
             expected="a rulebook section title or 'placeholder'")
PLACEHOLDER = Col("placeholder", "fields", required=False)
YES_NO = ("yes", "no")

FILES = {
    "deck_sizes.csv": TableSpec(key=("players",), cols=(
        Col("players", "int", minimum=1, maximum=5), Col("room_deck", "int", minimum=1),
        Col("market", "int", minimum=1), SOURCE), rows=("1", "2", "3", "4", "5")),
    "settings.csv": TableSpec(key=("setting",), cols=(
        Col("setting"), Col("value", "int", minimum=0), SOURCE)),
    "favor_vps.csv": TableSpec(key=("place",), cols=(
        Col("place", "int", minimum=1), Col("vp", "int", minimum=0), SOURCE)),
    "room_types.csv": TableSpec(key=("type",), cols=(
        Col("type", "enum", choices=TYPES), Col("colour", required=False),
        Col("in_deck", "enum", choices=YES_NO), Col("reward", required=False),
        Col("completion_vp", "int", minimum=0), SOURCE, PLACEHOLDER), rows=TYPES),
    "rooms.csv": TableSpec(key=("type", "size"), cols=(
        Col("type", ref="room_types"), Col("size", "int", minimum=1, maximum=8),
        Col("copies", "int", minimum=0), Col("swans", "int", minimum=0), SOURCE,
        PLACEHOLDER)),
    "kings_favors.csv": TableSpec(key=("favor",), cols=(
        Col("favor"), Col("ranks_by", "enum", choices=("count", "turn_order")),
        Col("measure"), Col("solo", "enum", choices=YES_NO), SOURCE, PLACEHOLDER)),
    "bonus_cards.csv": TableSpec(key=("card",), cols=(
        Col("card"), Col("scores"), Col("text"), Col("vp", "int", required=False, minimum=0),
        SOURCE, PLACEHOLDER)),
    "royal_decrees.csv": TableSpec(key=("decree",), cols=(
        Col("decree"), Col("timing", "enum", choices=(
            "Start of the Game", "During the Game", "Final Scoring")), Col("text"),
        Col("solo", "enum", choices=YES_NO), SOURCE, PLACEHOLDER)),
    "solo_ranks.csv": TableSpec(key=("low",), cols=(
        Col("low", "int", minimum=0), Col("high", "int", required=False, minimum=0),
        Col("rank"), SOURCE)),
}


def _counts(tables) -> None:
    """The component counts of the Contents match the rows (and the deck composition)."""
    settings = tables["settings.csv"].rows
    for file, setting, total in (
            ("rooms.csv", "room_cards",
             sum(r["copies"] for r in tables["rooms.csv"].rows.values())),
            ("kings_favors.csv", "kings_favors", len(tables["kings_favors.csv"].rows)),
            ("bonus_cards.csv", "bonus_cards", len(tables["bonus_cards.csv"].rows)),
            ("royal_decrees.csv", "royal_decrees", len(tables["royal_decrees.csv"].rows))):
        if total != settings[setting]["value"]:
            raise RulesDataError(file, f"holds {total} cards; expected {setting} = "
                                       f"{settings[setting]['value']} (settings.csv)")
    for key, row in tables["rooms.csv"].rows.items():
        if row["swans"] > row["copies"]:
            raise RulesDataError("rooms.csv", f"has {row['swans']} swans on {row['copies']} "
                                              "copies; expected at most one per card",
                                 line=tables["rooms.csv"].lines[key], row=key, field="swans")


SCHEMA = Schema(files=FILES, source=SOURCE, checks=(_counts,),
                required_variants=("player_order_favor", "turn_tie_depth"))


class Rules(RulesBase):
    """The Blueprints of Mad King Ludwig rules with a choice of every variant."""

    def setting(self, name: str) -> int:
        """One value of ``settings.csv``."""
        rows = self.rows("settings.csv")
        if name not in rows:
            raise KeyError(f"no setting {name!r} in settings.csv")
        return rows[name]["value"]

    def deck(self, players: int) -> tuple[int, int]:
        """``(room deck size, market size)`` for ``players`` (Setup; Solo Mode: 30 and 3)."""
        rows = self.rows("deck_sizes.csv")
        if str(players) not in rows:
            raise ValueError(f"players is {players!r}; expected 1 to 5")
        return rows[str(players)]["room_deck"], rows[str(players)]["market"]

    def composition(self) -> Mapping[tuple[str, int], int]:
        """Room Cards by ``(type, size)``: copies (a placeholder a designer edits)."""
        return MappingProxyType({(r["type"], r["size"]): r["copies"]
                                 for r in self.rows("rooms.csv").values() if r["copies"]})

    def favor_vps(self) -> tuple[int, ...]:
        """VPs by place, 1st first (Final Scoring: 15, 8, 4, 1, 0)."""
        rows = sorted(self.rows("favor_vps.csv").values(), key=lambda r: r["place"])
        return tuple(r["vp"] for r in rows)

    def completion_vp(self, room_type: str) -> int:
        """End-game VPs per completed Room of a type (printed on the score sheet, not in the
        text: placeholders)."""
        rows = self.rows("room_types.csv")
        if room_type not in rows:
            raise ValueError(f"unknown room type {room_type!r}; expected one of "
                             f"{', '.join(TYPES)}")
        return rows[room_type]["completion_vp"]

    def solo_rank(self, score: int) -> str:
        """The solo rank title for a final score (Solo Mode chart)."""
        if not isinstance(score, int) or score < 0:
            raise ValueError(f"score is {score!r}; expected a whole number at least 0")
        for row in sorted(self.rows("solo_ranks.csv").values(), key=lambda r: -r["low"]):
            if score >= row["low"]:
                return row["rank"]
        raise ValueError(f"no solo rank covers {score}")


load_rules = Loader(SCHEMA, Rules, DEFAULT_PATH).load
