"""The Blue Prince rules as an immutable value: :func:`load_rules` and :class:`Rules`."""

from __future__ import annotations

import html
import os
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

import pandas as pd

from .. import DATA_DIR
from .errors import RulesDataError
from .loader import RawTable, Table, apply_patch, read_all, read_variants, validate_all
from .placement import Cell, Placement

DEFAULT_PATH = DATA_DIR / "blueprince"


def load_rules(path: str | Path | None = None, **variants: str) -> Rules:
    """Load a Blue Prince rules folder (default: the shipped ``data/blueprince``).

    Keyword arguments choose variant readings, e.g. ``load_rules(casino_payout="net")``.
    Loading is cached per folder contents and choices, so calling it again is cheap.
    """
    root = Path(path).expanduser().resolve() if path is not None else DEFAULT_PATH
    return _load(root, _signature(root), tuple(sorted(variants.items())))


def _signature(root: Path) -> tuple:
    """Every file's path, modification time and size: loading again after an edit reloads."""
    if not root.is_dir():
        raise RulesDataError(str(root), "is not a folder of rules data")
    out, stack = [], [str(root)]
    while stack:
        with os.scandir(stack.pop()) as entries:
            for entry in entries:
                if entry.is_dir():
                    stack.append(entry.path)
                elif entry.is_file():
                    info = entry.stat()
                    out.append((entry.path, info.st_mtime_ns, info.st_size))
    return tuple(sorted(out))


_CACHE: OrderedDict[tuple, Rules] = OrderedDict()
_CACHE_SIZE = 32


def _load(root: Path, signature: tuple, choices: tuple[tuple[str, str], ...]) -> Rules:
    key = (root, signature, choices)
    if key in _CACHE:
        _CACHE.move_to_end(key)
        return _CACHE[key]
    raws = read_all(root)
    specs = read_variants(root)
    rules = Rules._build(root, MappingProxyType(raws), MappingProxyType(specs), dict(choices))
    _CACHE[key] = rules
    if len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return rules


@dataclass(frozen=True, eq=False)
class Rules:
    """The Blue Prince rules with a choice of every variant; an immutable value.

    Every accessor returns a fresh object, so editing a returned DataFrame never changes
    the rules. Use :meth:`with_variants` for another choice of readings.
    """

    path: Path
    choices: MappingProxyType
    _raws: MappingProxyType
    _specs: MappingProxyType
    _tables: MappingProxyType
    _counts: MappingProxyType

    @classmethod
    def _build(cls, root: Path, raws, specs, choices: dict[str, str]) -> Rules:
        for vid, rid in choices.items():
            if vid not in specs:
                raise ValueError(f"unknown variant {vid!r}; known: {', '.join(sorted(specs))}")
            if rid not in specs[vid]["readings"]:
                raise ValueError(f"variant {vid!r} has no reading {rid!r}; readings: "
                                 f"{', '.join(specs[vid]['readings'])}")
        full = {vid: choices.get(vid, spec["default"]) for vid, spec in specs.items()}
        for vid, spec in specs.items():  # every reading's edits must name real cells
            for rid, reading in spec["readings"].items():
                apply_patch(dict(raws), reading["patch"], vid, rid)
        patched: dict[str, RawTable] = dict(raws)
        for vid, rid in full.items():
            apply_patch(patched, specs[vid]["readings"][rid]["patch"], vid, rid)
        tables = validate_all(patched)
        counts: dict[str, MappingProxyType] = {}
        for row in tables["dice.csv"].rows.values():
            counts.setdefault(f"die:{row['die']}", {})[row["face"]] = row["count"]
        for deck in tables["decks.csv"].rows:
            counts[f"deck:{deck}"] = {c: r["copies"] for c, r in
                                      tables[f"decks/{deck}.csv"].rows.items() if r["copies"]}
        rules = cls(root, MappingProxyType(full), raws, specs, MappingProxyType(tables),
                    MappingProxyType({k: MappingProxyType(v) for k, v in counts.items()}))
        rules._check_decks()
        return rules

    # -- variants -------------------------------------------------------------------------
    def variant(self, vid: str) -> str:
        """The reading in force for variant ``vid``."""
        if vid not in self.choices:
            raise KeyError(f"unknown variant {vid!r}; known: {', '.join(sorted(self.choices))}")
        return self.choices[vid]

    def with_variants(self, **choices: str) -> Rules:
        """A new :class:`Rules` with these variant readings (the others unchanged)."""
        merged = {**self.choices, **choices}
        changed = {k: v for k, v in merged.items()
                   if k not in self._specs or v != self._specs[k]["default"]}
        return _load(self.path, _signature(self.path), tuple(sorted(changed.items())))

    @property
    def variants(self) -> pd.DataFrame:
        """Every variant: its readings, the default and the reading in force."""
        rows = [
            {
                "id": vid,
                "title": spec["title"],
                "kind": spec["kind"],
                "sections": "; ".join(map(str, spec["sections"])),
                "default": spec["default"],
                "choice": self.choices[vid],
                "readings": " | ".join(spec["readings"]),
            }
            for vid, spec in self._specs.items()
        ]
        return pd.DataFrame(rows).set_index("id")

    def readings(self, vid: str) -> pd.DataFrame:
        """The readings of one variant, with their text and whether each is in force."""
        self.variant(vid)
        spec = self._specs[vid]
        return pd.DataFrame(
            [{"reading": rid, "text": r["text"], "default": rid == spec["default"],
              "chosen": rid == self.choices[vid]} for rid, r in spec["readings"].items()]
        ).set_index("reading")

    # -- rooms ----------------------------------------------------------------------------
    @property
    def rooms(self) -> pd.DataFrame:
        """Every room tile, indexed by name (§2; columns as in data/blueprince/README.md)."""
        return self._frame("rooms.csv", "name")

    def room(self, name: str) -> Mapping:
        """One room's row (a read-only mapping)."""
        rows = self._tables["rooms.csv"].rows
        if name not in rows:
            raise KeyError(f"no room {name!r} in rooms.csv")
        return rows[name]

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
        return pd.Series(1, index=pd.Index(tiles, name="tile"), name="copies")

    # -- decks and dice -------------------------------------------------------------------
    @property
    def deck_names(self) -> tuple[str, ...]:
        return tuple(self._tables["decks.csv"].rows)

    def deck(self, name: str) -> pd.Series:
        """A deck's composition: card → copies (cards with 0 copies left out)."""
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
        """Every deck: title, declared size, the size of its composition, and any variant."""
        rows = []
        for name, d in self._tables["decks.csv"].rows.items():
            size = int(self.deck(name).sum())
            rows.append({"deck": name, "title": d["title"], "declared_size": d["declared_size"],
                         "composition": size, "after_draw": d["after_draw"],
                         "status": "ok" if size == d["declared_size"] else
                         f"differs (variant {self._deck_variant(name)})",
                         "source": d["source"]})
        return pd.DataFrame(rows).set_index("deck")

    def die(self, name: str) -> pd.Series:
        """A die: face → number of faces showing it (§6 lock dice, §15 standard die)."""
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

    def rows(self, file: str) -> Mapping[str, Mapping]:
        """The validated rows of a data file (``rooms.csv``, ``tables/kitchen.csv`` ...), as
        read-only mappings key → row."""
        if file not in self._tables:
            raise KeyError(f"no data file {file!r}; files: {', '.join(self._tables)}")
        return self._tables[file].rows

    @property
    def placeholders(self) -> pd.DataFrame:
        """Every value a designer still has to decide: rows or fields marked ``placeholder``."""
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
    def _frame(self, rel: str, index: str | None) -> pd.DataFrame:
        table = self._tables[rel]
        df = pd.DataFrame([dict(r) for r in table.rows.values()], columns=list(table.header))
        if index is None:
            return df
        return df.set_index(index)

    def _deck_table(self, name: str) -> Table:
        rel = f"decks/{name}.csv"
        if rel not in self._tables:
            raise KeyError(f"no deck {name!r}; decks: {', '.join(self.deck_names)}")
        return self._tables[rel]

    def _deck_variant(self, deck: str) -> str | None:
        for vid, spec in self._specs.items():
            for reading in spec["readings"].values():
                if any(p["table"] == f"deck:{deck}" for p in reading["patch"]):
                    return vid
        return None

    def _check_decks(self) -> None:
        decks = self._tables["decks.csv"]
        for name, d in decks.rows.items():
            size = int(sum(r["copies"] for r in self._deck_table(name).rows.values()))
            if size != d["declared_size"] and self._deck_variant(name) is None:
                raise RulesDataError(
                    f"decks/{name}.csv", f"holds {size} cards but decks.csv declares "
                    f"{d['declared_size']}, and no variant resolves the difference",
                    line=decks.lines[name], row=name, field="declared_size")

    def _repr_html_(self) -> str:
        rooms = self.rooms
        cats = rooms["category"].value_counts().to_dict()
        changed = {k: v for k, v in self.choices.items() if v != self._specs[k]["default"]}
        items = "".join(f"<li>{html.escape(k)}: {v}</li>" for k, v in cats.items())
        var = ", ".join(f"{html.escape(k)}={html.escape(v)}" for k, v in changed.items())
        return (
            f"<div><b>Blue Prince rules</b> from <code>{html.escape(str(self.path))}</code>"
            f"<ul>{items}</ul>"
            f"<p>{len(self.deck_names)} decks, {len(self.table_names)} tables, "
            f"{len(self.choices)} variants ({var or 'all defaults'}), "
            f"{len(self.placeholders)} placeholders.</p>"
            f"{self.decks[['title', 'declared_size', 'composition', 'status']].to_html()}</div>"
        )

    def __repr__(self) -> str:
        changed = {k: v for k, v in self.choices.items() if v != self._specs[k]["default"]}
        return f"Rules({str(self.path)!r}, variants={changed})"


_PLACEMENTS: dict[str, Placement] = {}


def _placement(text: str) -> Placement:
    if text not in _PLACEMENTS:
        _PLACEMENTS[text] = Placement.parse(text)
    return _PLACEMENTS[text]
