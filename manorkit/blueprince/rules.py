"""The Blue Prince rules as an immutable value: :func:`load_rules` and :class:`Rules`."""

from __future__ import annotations

import html
from collections import defaultdict
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING

from .. import DATA_DIR
from ..ruleset import Edit, Loader, RulesBase, Schema, Table
from ..ruleset.edits import lookup
from .checks import CHECKS
from .placement import Cell, Placement
from .schema import DIRS, FILES, REQUIRED_VARIANTS, SOURCE

if TYPE_CHECKING:
    import pandas as pd

DEFAULT_PATH = DATA_DIR / "blueprince"
SCHEMA = Schema(files=FILES, dirs=DIRS, source=SOURCE, checks=CHECKS,
                required_variants=REQUIRED_VARIANTS)


class Rules(RulesBase):
    """The Blue Prince rules with a choice of every variant; an immutable value.

    Every accessor returns a fresh object, so editing a returned DataFrame never changes
    the rules. Use :meth:`with_variants` for another choice of readings, and
    :meth:`with_room`, :meth:`with_deck`, :meth:`with_die`, :meth:`with_table` (or the
    general :meth:`edit`) for new rules with values changed in memory. Room, card, item,
    deck, die and table names match ignoring case; an unknown one says "did you mean ...?".
    """

    def __post_init__(self) -> None:
        super().__post_init__()
        counts: dict[str, Mapping[str, int]] = {}
        dice: dict[str, dict[str, int]] = {}
        for row in self._tables["dice.csv"].rows.values():
            dice.setdefault(row["die"], {})[row["face"]] = row["count"]
        for die, faces in dice.items():
            counts[f"die:{die}"] = MappingProxyType(faces)
        for deck in self._tables["decks.csv"].rows:
            counts[f"deck:{deck}"] = MappingProxyType(
                {c: r["copies"] for c, r in self._tables[f"decks/{deck}.csv"].rows.items()
                 if r["copies"]})
        object.__setattr__(self, "_counts", MappingProxyType(counts))
        object.__setattr__(self, "_rooms", self._tables["rooms.csv"].rows)
        # values derived from these rules alone, kept as first read (the rules never change):
        # numbers.csv values by name, and per-purpose tables of the engine's readings
        object.__setattr__(self, "_numbers", {})
        object.__setattr__(self, "_memo", defaultdict(dict))
        object.__setattr__(self, "_setup_bag", self._count_tiles(self._bag_tiles(1, (), None)))

    # -- rooms ----------------------------------------------------------------------------
    @property
    def rooms(self) -> pd.DataFrame:
        """Every room tile, indexed by name (§2; columns as in data/blueprince/README.md)."""
        return self._frame("rooms.csv", "name")

    def room(self, name: str) -> Mapping:
        """One room's row (a read-only mapping); the name's case is ignored."""
        try:
            return self._rooms[name]
        except KeyError:
            return self._rooms[self.room_name(name)]

    # -- names ----------------------------------------------------------------------------
    def room_name(self, name: str) -> str:
        """The room ``name`` names, as rooms.csv spells it (case ignored); an unknown name
        is a ``KeyError`` with the closest names ("did you mean ...?")."""
        return lookup(name, self._tables["rooms.csv"].rows, "room")

    def card_name(self, deck: str, name: str) -> str:
        """The card of ``deck`` that ``name`` names (case ignored; else a ``KeyError`` with
        the closest names). Cards with 0 copies under the readings in force count."""
        return lookup(name, self._deck_table(deck).rows, "card", f" in the {deck} deck")

    def item_name(self, name: str) -> str:
        """The item of ``tables/items.csv`` that ``name`` names (case ignored; else a
        ``KeyError`` with the closest names)."""
        return lookup(name, self._tables["tables/items.csv"].rows, "item")

    # -- edits (see RulesBase.edit) -------------------------------------------------------
    def with_room(self, name: str, fields: Mapping[str, object] | None = None, /,
                  **more: object) -> Rules:
        """New rules with fields of room ``name`` set, e.g. ``with_room("Parlor",
        gem_cost=1)``; validated like rooms.csv (a bad value raises RulesDataError naming
        the edit and the field)."""
        return self.edit("rooms.csv", self.room_name(name), fields, **more)

    def with_deck(self, deck: str, copies: Mapping[str, int] | None = None, /,
                  **more: int) -> Rules:
        """New rules with these copies of cards of ``deck``: ``with_deck("dig", Key=5)`` or,
        for names that are not identifiers, ``with_deck("dig", {"1-2 Coins": 4})`` (card
        names' case ignored). The deck's declared size in decks.csv follows the new total,
        so the two stay consistent (§7, §8). The size is edited as a number: another
        reading of a variant that resizes the deck then refuses (RulesDataError), so edit
        the deck again under that reading."""
        deck = lookup(deck, self._tables["decks.csv"].rows, "deck")
        given = {self.card_name(deck, c): n for c, n in {**(copies or {}), **more}.items()}
        file = f"decks/{deck}.csv"
        edits = [Edit(file, card, "copies", _cell(n)) for card, n in given.items()]
        counts = {c: r["copies"] for c, r in self._tables[file].rows.items()}
        if all(isinstance(n, int) and not isinstance(n, bool) for n in given.values()):
            size = sum({**counts, **given}.values())
            edits.append(Edit("decks.csv", deck, "declared_size", str(size)))
        return self.with_edits(edits)

    def with_die(self, die: str, faces: Mapping[str, int] | None = None, /,
                 **more: int) -> Rules:
        """New rules with these face counts of ``die``: ``with_die("lock_red", OPEN=4,
        LOCKED=2)``, ``with_die("d6", {"6": 2})`` (§6, §15; dice.csv, case ignored)."""
        rows = self._tables["dice.csv"].rows
        die = lookup(die, {r["die"] for r in rows.values()}, "die")
        known = [k for k, r in rows.items() if r["die"] == die]
        edits = [Edit("dice.csv", lookup(f"{die}/{face}", known, "face", f" of {die}"), "count",
                      _cell(n)) for face, n in {**(faces or {}), **more}.items()]
        return self.with_edits(edits)

    def with_table(self, table: str, row: str, fields: Mapping[str, object] | None = None,
                   /, **more: object) -> Rules:
        """New rules with fields of one row of ``tables/<table>.csv`` set, e.g.
        ``with_table("commissary_prices", "Shovel", price=4)`` (names' case ignored)."""
        table = lookup(table, self.table_names, "table")
        return self.edit(f"tables/{table}.csv", row, fields, **more)

    def placement(self, name: str) -> Placement:
        """The placement rule of room ``name``."""
        return _placement(self.room(name)["placement"] or "")

    def cells(self, name: str) -> frozenset[Cell]:
        """The cells where room ``name`` may be placed."""
        return self.placement(name).cells()

    def bag(self, day: int = 1, unlocked: tuple[str, ...] = (),
            foundation_placed: bool | None = None) -> pd.Series:
        """The Active Bag at setup (§3 step 4): tile → copies.

        Day 1 holds the 63 Core Rooms and, under ``foundation_in_bag=in_bag``, The
        Foundation, which stays in the bag until it has been placed (``foundation_placed``).
        ``unlocked`` adds Studio, Found or Event tiles that a campaign or run has unlocked.
        """
        import pandas as pd

        tiles = self._bag_tiles(day, unlocked, foundation_placed)
        return pd.Series(1, index=pd.Index(tiles, name="tile"), name="copies")

    def bag_counts(self, day: int = 1, unlocked: tuple[str, ...] = (),
                   foundation_placed: bool | None = None) -> Mapping[str, int]:
        """:meth:`bag` as a read-only mapping tile → copies (fast, no pandas; for
        calculators)."""
        if not unlocked and not foundation_placed and day >= 1:
            return self._setup_bag  # read when the rules loaded
        return self._count_tiles(self._bag_tiles(day, unlocked, foundation_placed))

    @staticmethod
    def _count_tiles(tiles: list[str]) -> Mapping[str, int]:
        counts: dict[str, int] = {}
        for name in tiles:
            counts[name] = counts.get(name, 0) + 1
        return MappingProxyType(counts)

    def _bag_tiles(self, day: int, unlocked: tuple[str, ...],
                   foundation_placed: bool | None) -> list[str]:
        if day < 1:
            raise ValueError(f"day must be 1 or more, got {day}")
        rooms = self._tables["rooms.csv"].rows
        tiles = [n for n, r in rooms.items() if r["category"] == "core"]
        if self.variant("foundation_in_bag") == "in_bag" and not foundation_placed:
            tiles.append("The Foundation")
        for name in unlocked:
            if name not in rooms or rooms[name]["category"] not in {"studio", "found", "event"}:
                raise ValueError(f"{name!r} is not a Studio, Found or Event tile")
            tiles.append(name)
        return tiles

    # -- decks and dice -------------------------------------------------------------------
    @property
    def deck_names(self) -> tuple[str, ...]:
        return tuple(self._tables["decks.csv"].rows)

    def deck(self, name: str) -> pd.Series:
        """A deck's composition: card → copies (cards with 0 copies left out)."""
        import pandas as pd

        s = pd.Series(dict(self.deck_counts(name)), name=name, dtype="int64")
        s.index.name = "card"
        return s

    def deck_counts(self, name: str) -> Mapping[str, int]:
        """:meth:`deck` as a read-only mapping (fast; for calculators)."""
        self._deck_table(name)
        return self._counts[f"deck:{name}"]

    def die_faces(self, name: str) -> Mapping[str, int]:
        """:meth:`die` as a read-only mapping face → count (fast; for calculators)."""
        if f"die:{name}" not in self._counts:
            names = sorted(k[4:] for k in self._counts if k.startswith("die:"))
            raise KeyError(f"no die {name!r}; dice: {', '.join(names)}")
        return self._counts[f"die:{name}"]

    def deck_cards(self, name: str) -> pd.DataFrame:
        """A deck's full card table (yields, effects, sources), indexed by card."""
        self._deck_table(name)
        return self._frame(f"decks/{name}.csv", "card")

    @property
    def decks(self) -> pd.DataFrame:
        """Every deck: title, declared size (under the readings in force; the composition
        always adds up to it), what follows a draw, and the variants that change its cards."""
        import pandas as pd

        rows = []
        for name, d in self._tables["decks.csv"].rows.items():
            variants = self._deck_variants(name)
            rows.append({"deck": name, "title": d["title"], "declared_size": d["declared_size"],
                         "composition": sum(self.deck_counts(name).values()),
                         "after_draw": d["after_draw"],
                         "status": "; ".join(f"variant {v}={self.choices[v]}" for v in variants)
                         or "ok", "source": d["source"]})
        return pd.DataFrame(rows).set_index("deck")

    def die(self, name: str) -> pd.Series:
        """A die: face → number of faces showing it (§6 lock dice, §15 standard die)."""
        import pandas as pd

        s = pd.Series(dict(self.die_faces(name)), name=name, dtype="int64")
        s.index.name = "face"
        return s

    def rank_die(self, rank: int) -> str | None:
        """The lock die rolled when drafting from ``rank`` (None: never locked; §4 Step 1)."""
        rows = self._tables["rank_dice.csv"].rows
        if str(rank) not in rows:
            raise ValueError(f"rank must be 1-9, got {rank!r}")
        return rows[str(rank)]["die"]

    # -- tables ---------------------------------------------------------------------------
    @property
    def table_names(self) -> tuple[str, ...]:
        return tuple(Path(r).stem for r in self._tables if r.startswith("tables/"))

    def table(self, name: str) -> pd.DataFrame:
        """A table of ``data/blueprince/tables/`` (menus, prices, roll tables ...)."""
        rel = f"tables/{name}.csv"
        if rel not in self._tables:
            raise KeyError(f"no table {name!r}; tables: {', '.join(self.table_names)}")
        return self._frame(rel, None)

    @property
    def placeholders(self) -> pd.DataFrame:
        """Every value a designer still has to decide: rows or fields marked ``placeholder``."""
        import pandas as pd

        out = []
        for rel, table in self._tables.items():
            for key, row in table.rows.items():
                if row.get("source") == "placeholder":
                    out.append({"file": rel, "row": key, "fields": "(whole row)"})
                elif row.get("placeholder"):
                    out.append({"file": rel, "row": key, "fields": "; ".join(row["placeholder"])})
        for vid, spec in self._specs.items():
            if spec["kind"] == "gap":
                out.append({"file": "variants.yaml", "row": vid, "fields": spec["title"]})
        return pd.DataFrame(out, columns=["file", "row", "fields"])

    # -- helpers --------------------------------------------------------------------------
    def _deck_table(self, name: str) -> Table:
        rel = f"decks/{name}.csv"
        if rel not in self._tables:
            raise KeyError(f"no deck {name!r}; decks: {', '.join(self.deck_names)}")
        return self._tables[rel]

    def _deck_variants(self, deck: str) -> list[str]:
        """The variants some reading of which changes the cards or the size of ``deck``."""
        return [vid for vid, spec in self._specs.items()
                if any(p.table == f"deck:{deck}" or (p.table == "decks" and p.row == deck)
                       for reading in spec["readings"].values() for p in reading["patch"])]

    def _repr_html_(self) -> str:
        rooms = self.rooms
        cats = rooms["category"].value_counts().to_dict()
        items = ", ".join(f"{html.escape(k)} {v}" for k, v in cats.items())
        var = ", ".join(f"{html.escape(k)}={html.escape(v)}" for k, v in self.changed.items())
        path = Path(self.path)
        folder = (path.relative_to(DATA_DIR.parent).as_posix()
                  if path.is_relative_to(DATA_DIR.parent) else str(path))
        return (
            f"<div><b>Blue Prince rules</b> from <code>{html.escape(folder)}</code>"
            f"<p>{len(rooms)} room tiles, by category: {items}.</p>"
            f"<p>{len(self.deck_names)} decks, {len(self.table_names)} tables, "
            f"{len(self.choices)} variants ({var or 'all defaults'}), "
            f"{len(self.placeholders)} placeholders"
            f"{f', {len(self.edits)} edits' if self.edits else ''}.</p>"
            f"{self.edits._repr_html_() if self.edits else ''}"
            f"{self.decks[['title', 'declared_size', 'composition', 'status']].to_html()}</div>"
        )


def _cell(n: object) -> str:
    """A count as cell text (anything else as given, for the column check to judge)."""
    return str(n) if isinstance(n, int) and not isinstance(n, bool) else f"{n}"


_LOADER = Loader(SCHEMA, Rules, DEFAULT_PATH)


def load_rules(path: str | Path | None = None, *, reload: bool = False,
               **variants: str) -> Rules:
    """Load a Blue Prince rules folder (default: the shipped ``data/blueprince``).

    Keyword arguments choose variant readings, e.g. ``load_rules(casino_payout="net")``.
    Every file is checked, and every reading of every variant, before anything is returned;
    a problem raises :class:`~manorkit.ruleset.RulesDataError`.

    Loading is cached. The shipped folder is checked for edits at most every 0.5 s, so a
    repeated ``load_rules()`` costs about a microsecond; pass ``reload=True`` to check it at
    once. Any other folder is checked on every call (about 0.2 ms), so editing a copy and
    loading it again shows the edit. Unchanged files give the same (``is``) value.
    """
    return _LOADER.load(path, reload=reload, **variants)


_PLACEMENTS: dict[str, Placement] = {}


def _placement(text: str) -> Placement:
    if text not in _PLACEMENTS:
        _PLACEMENTS[text] = Placement.parse(text)
    return _PLACEMENTS[text]
