"""The morning of a run (§3 Setup): the board, the Active Bag, decks and resources, and what
earlier days left for it (:class:`Campaign`); :func:`~.state.new_day` makes its state."""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType as freeze

from ..board import Tile, doors, neighbour, rotations
from ..placement import Cell
from ..rules import Rules
from .actions import IllegalAction

START = (1, 3)
ANTECHAMBER = (9, 3)
RESOURCES = ("steps", "gems", "keys", "coins", "ivory_dice")
#: Decks the engine draws from during a day (§7, §8); the others are campaign decks.
DAY_DECKS = ("dig", "trunk", "common_items", "special_items")
#: In ``Campaign.drawn``: a run whose card of that deck was never revealed (a Meal card when
#: the Dining Room was not drafted: its place in the cycle is used all the same, §3 step 7).
UNSEEN = ""


@dataclass(frozen=True)
class Campaign:
    """What earlier days left behind that shapes this morning (§3 steps 3, 6 and 9, §14).

    ``unlocked``: Studio Additions unlocked (§17); ``found``: Found Floor Plans discovered
    (§5); ``foundation``: The Foundation's permanent cell (§3 step 3); ``bonuses``: resources
    added this morning, e.g. ``(("steps", 20),)`` (§3 step 9); ``run``: this run's number
    (§12 runs 20-21); ``observatory_rolls``: extra first-entry Observatory rolls (§5 The
    Planetarium); ``drawn``: the cards of each campaign deck (``meals``,
    ``commissary_stock``, ``prophecies``) already drawn this session, in order, as
    ``((deck, (card, ...)), ...)`` (§3 step 7, §12 The Commissary, §16 Rumpus Room; a
    card ``UNSEEN`` is a run that did not reveal its card); ``package``: a Mail Room
    package is pending (§16 Mail Room);
    ``coat_check``: the item stored at the Coat Check (§4 Tomorrow Rooms); ``discoveries``:
    one-time campaign discoveries such as ``"outer_room"`` (§19) or ``"safe:Study"`` (§14);
    ``deliveries``: items in hand at setup (variant ``security_shovel_order``);
    ``outer_pile``: the Outer Room tiles whose place in the face-down pile is known, top
    first: those returned to its bottom on earlier days; the pile's other tiles lie above
    them in an unknown order (§19 Physical Setup, The Daily Outer Room Visit).
    """

    apple_orchard: bool = False
    unlocked: tuple[str, ...] = ()
    foundation: Cell | None = None
    bonuses: tuple[tuple[str, int], ...] = ()
    found: tuple[str, ...] = ()
    run: int = 1
    observatory_rolls: int = 0
    drawn: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def cards_drawn(self, deck: str) -> tuple[str, ...]:
        """The cards of campaign deck ``deck`` drawn earlier this session, in order."""
        return next((tuple(cards) for name, cards in self.drawn if name == deck), ())
    package: bool = False
    coat_check: str | None = None
    discoveries: tuple[str, ...] = ()
    deliveries: tuple[str, ...] = ()
    outer_pile: tuple[str, ...] = ()

    def to_json(self) -> dict:
        return {"apple_orchard": self.apple_orchard, "unlocked": list(self.unlocked),
                "foundation": list(self.foundation) if self.foundation else None,
                "bonuses": [list(b) for b in self.bonuses], "found": list(self.found),
                "run": self.run, "observatory_rolls": self.observatory_rolls,
                "drawn": {deck: list(cards) for deck, cards in self.drawn},
                "package": self.package, "coat_check": self.coat_check,
                "discoveries": list(self.discoveries), "deliveries": list(self.deliveries),
                "outer_pile": list(self.outer_pile)}

    @classmethod
    def from_json(cls, data: dict | None) -> Campaign:
        data = data or {}
        if not isinstance(data, dict):
            raise ValueError(f"campaign must be a JSON object, got {data!r}")
        unknown = set(data) - set(cls.__dataclass_fields__)
        if unknown:
            raise ValueError(f"campaign has no field {', '.join(sorted(unknown))}")
        found = data.get("foundation")
        try:
            return cls(bool(data.get("apple_orchard", False)),
                       tuple(str(r) for r in data.get("unlocked", ())),
                       tuple(int(v) for v in found) if found else None,
                       tuple((str(r), int(n)) for r, n in data.get("bonuses", ())),
                       tuple(str(r) for r in data.get("found", ())),
                       int(data.get("run", 1)), int(data.get("observatory_rolls", 0)),
                       tuple((str(d), tuple(str(c) for c in cards))
                             for d, cards in dict(data.get("drawn") or {}).items()),
                       package=bool(data.get("package", False)),
                       coat_check=None if data.get("coat_check") is None
                       else str(data["coat_check"]),
                       discoveries=tuple(str(d) for d in data.get("discoveries", ())),
                       deliveries=tuple(str(d) for d in data.get("deliveries", ())),
                       outer_pile=tuple(str(t) for t in data.get("outer_pile", ())))
        except (TypeError, ValueError) as err:
            raise ValueError(f"campaign: malformed field ({err})") from None

    def check(self, rules: Rules) -> None:
        """Refuse a campaign the rules forbid: unknown rooms or resources, or The Foundation
        on a cell §3 step 3 forbids (the fixed tiles' cells among them)."""
        for name in self.unlocked:
            if rules.rows("rooms.csv").get(name, {}).get("category") != "studio":
                raise IllegalAction(f"campaign unlocks {name!r}, which is not a Studio Addition")
        for name in self.found:
            if rules.rows("rooms.csv").get(name, {}).get("category") != "found":
                raise IllegalAction(f"campaign finds {name!r}, which is not a Found Floor Plan")
        for resource, _ in self.bonuses:
            if resource not in RESOURCES:
                raise IllegalAction(f"unknown resource {resource!r} in campaign bonuses")
        if self.foundation is not None and tuple(self.foundation) not in rules.cells(
                "The Foundation"):
            raise IllegalAction(f"The Foundation cannot stand at {self.foundation} (§3 step 3)")
        if self.run < 1 or self.observatory_rolls < 0:
            raise IllegalAction("campaign run must be at least 1 and observatory_rolls >= 0")
        for deck, cards in self.drawn:
            if deck in DAY_DECKS or deck not in rules.deck_names:
                raise IllegalAction(f"campaign drawn: {deck!r} is not a campaign deck")
            unknown = set(cards) - set(rules.deck_counts(deck)) - {UNSEEN}
            if unknown:
                raise IllegalAction(f"campaign drawn: {sorted(unknown)} not in the {deck} deck")
        pile = rules.deck_counts("outer_rooms")
        for name in sorted(set(self.outer_pile)):
            if self.outer_pile.count(name) > pile.get(name, 0):
                raise IllegalAction(f"campaign outer_pile: {name!r} is not among the Outer "
                                    f"Room tiles left (§19): {', '.join(pile)}")
        items = rules.rows("tables/items.csv")
        for name in (*self.deliveries, *((self.coat_check,) if self.coat_check else ())):
            if name not in items:
                raise IllegalAction(f"campaign holds {name!r}, which is not an item")


def morning(rules: Rules, campaign: Campaign) -> tuple[dict, str]:
    """The fields of the first state of a run (§3) but its seed, the rules and the campaign,
    once ``campaign`` passes :meth:`Campaign.check`, and the setup's entry in the log
    (:func:`~.state.new_day` makes the state of them)."""
    campaign.check(rules)
    board: dict[Cell, Tile] = {}
    for name, row in rules.rows("rooms.csv").items():
        fixed = rules.placement(name).fixed
        if row["category"] == "fixed" and fixed is not None:
            board[fixed] = fixed_tile(rules, name, fixed)
    if campaign.foundation is not None:
        cell = tuple(campaign.foundation)
        board[cell] = fixed_tile(rules, "The Foundation", cell)
    bag = {t: int(n) for t, n in rules.bag(day=1, unlocked=campaign.unlocked,
                                          foundation_placed=campaign.foundation is not None
                                          ).items()}
    for name in campaign.found:
        bag[name] = bag.get(name, 0) + 1
    res = {r: 0 for r in RESOURCES}
    for name, row in rules.rows("tables/starting_resources.csv").items():
        res[name] = int(row["amount"])
    bonuses = list(campaign.bonuses)
    if campaign.apple_orchard:
        bonuses += [("steps", row["steps"]) for row in
                    rules.rows("tables/carry_forward.csv").values()
                    if row["trigger"] == "gate_code" and row["steps"]]
    for resource, amount in bonuses:
        res[resource] = max(0, res[resource] + int(amount))
    decks = {d: (freeze(dict(rules.deck_counts(d))), freeze({})) for d in DAY_DECKS}
    items = {name: int(rules.rows("tables/items.csv")[name].get("charges") or 1)
             for name in campaign.deliveries}
    flags = {"observatory_rolls": campaign.observatory_rolls} if campaign.observatory_rolls \
        else {}
    if "west_lever" in campaign.discoveries:  # variant west_lever=campaign_permanent (§16)
        flags["levers"] = ("west",)
    fields = dict(
        position=START, resources=freeze(res), items=freeze(items), board=freeze(board),
        padlocks=frozenset(), dirt=freeze({}), trunks=freeze({}), fruit=freeze({}),
        tokens=freeze({}), bag=freeze(bag), decks=freeze(decks), held_cards=freeze({}),
        entered=frozenset({START}), flags=freeze(flags), carry=freeze({}))
    log = (f"Entrance Hall at (1, 3); {sum(bag.values())} tiles in the Active Bag; "
           f"{res['steps']} steps, {res['gems']} gems, {res['keys']} keys, "
           f"{res['coins']} coins"
           + "".join(f"; {name} delivered" for name in campaign.deliveries))
    return fields, log


def fixed_tile(rules: Rules, name: str, cell: Cell) -> Tile:
    """A pre-placed tile, turned so that the most of its doors lead onto the board."""
    shape = rules.room(name)["shape"]
    best = max(rotations(shape), key=lambda r: (
        sum(neighbour(cell, d) is not None for d in doors(shape, r)), -r))
    return Tile(name, cell, best, doors(shape, best))


__all__ = ["ANTECHAMBER", "Campaign", "DAY_DECKS", "RESOURCES", "START", "UNSEEN",
           "fixed_tile", "morning"]
