"""A campaign: days that carry forward (§3 Setup, §5, §12, §14 Carry-Forward, §17, §19).

A Blue Prince run is one day; the campaign is many. :func:`new_campaign` starts one;
``campaign.morning()`` is the :class:`State` the next day starts from; ``campaign.end_day(
state)`` turns the day's Carry-Forward card (``state.carry``) into the next morning. A
campaign is (rules, variants, seed, every day's actions): each day's seed derives from the
campaign seed, so ``to_json``/``CampaignState.from_json`` replay it identically.

Every key a day writes with ``work.carry_forward`` has exactly one handler, registered with
:func:`carries`; a key with none stops ``end_day`` with a :class:`CampaignError`, so nothing
is dropped silently and nothing is carried that no rule carries. Handlers write into a
:class:`Tomorrow`, the next morning under construction (the fields of :class:`Campaign`).
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from ..mechanics.numbers import number
from ..rules import Rules, load_rules
from .actions import Action, IllegalAction, from_json
from .setup import RESOURCES, UNSEEN, Campaign
from .state import (
    SaveError,
    State,
    _field,
    _load_save,
    new_day,
    rules_fingerprint,
    rules_from_json,
    rules_json,
)

FORMAT = "manorkit.blueprince.campaign/1"
#: Campaign decks reshuffled at the start of a session (§2 Card Decks, §11, §12 The
#: Commissary); Alzara's prophecies never are (§16 Rumpus Room).
SESSION_DECKS = ("meals", "commissary_stock")


class CampaignError(IllegalAction):
    """A day that cannot end this campaign, or a carry-forward no rule handles."""


# -- the registry of carry-forward handlers ---------------------------------------------------

@dataclass(frozen=True)
class Carry:
    """How one carry key becomes the next morning: ``fn(tomorrow, value, name)`` (``name``
    is the part after ``prefix:`` for a prefix key), its Carry-Forward card duration and
    rulebook section."""

    key: str
    fn: Callable
    duration: str
    section: str


CARRIES: dict[str, Carry] = {}


def carries(key: str, duration: str, section: str):
    """Register the handler of carry key ``key`` (``"sauna"``), or of every key
    ``"<prefix>:<name>"`` (``key="found:*"``). A second registration of a key fails."""
    def register(fn):
        if key in CARRIES:
            raise ValueError(f"carry key {key!r} has a handler already")
        CARRIES[key] = Carry(key, fn, duration, section)
        return fn
    return register


def handler(key: str) -> tuple[Carry, str]:
    """The handler of carry key ``key`` and the name it carries (``""`` for an exact key)."""
    if key in CARRIES:
        return CARRIES[key], ""
    prefix, _, name = key.partition(":")
    if name and f"{prefix}:*" in CARRIES:
        return CARRIES[f"{prefix}:*"], name
    raise CampaignError(f"the day carries {key!r}, which no carry-forward rule handles "
                        f"(register one with engine.campaign.carries)")


class Tomorrow:
    """The next morning under construction: the fields of :class:`Campaign` as mutable
    values, the permanent ``allowance`` (resource → amount every morning) and whether the
    day was ``won``. One-run fields start empty; lasting ones start from today."""

    def __init__(self, today: Campaign, allowance: dict[str, int]):
        self.apple_orchard = today.apple_orchard
        self.unlocked = list(today.unlocked)
        self.foundation = today.foundation
        self.bonuses: dict[str, int] = {}
        self.found = list(today.found)
        self.run = today.run + 1
        self.observatory_rolls = 0
        self.drawn = {deck: list(cards) for deck, cards in today.drawn}
        self.package = today.package
        self.coat_check = today.coat_check
        self.discoveries = list(today.discoveries)
        self.deliveries: list[str] = []
        self.outer_pile = today.outer_pile
        self.allowance = dict(allowance)
        self.won = False

    def bonus(self, resource: str, amount: int) -> None:
        """Add ``amount`` of ``resource`` to the next morning (§3 step 9)."""
        if resource not in RESOURCES:
            raise CampaignError(f"carry-forward bonus of unknown resource {resource!r}")
        self.bonuses[resource] = self.bonuses.get(resource, 0) + int(amount)

    def discover(self, key: str) -> None:
        """Record a one-time campaign discovery (``Campaign.discoveries``), once."""
        if key not in self.discoveries:
            self.discoveries.append(key)

    def campaign(self) -> Campaign:
        bonuses = dict(self.bonuses)
        for resource, amount in self.allowance.items():
            bonuses[resource] = bonuses.get(resource, 0) + amount
        return Campaign(
            apple_orchard=self.apple_orchard, unlocked=tuple(self.unlocked),
            foundation=self.foundation,
            bonuses=tuple((r, n) for r, n in sorted(bonuses.items()) if n),
            found=tuple(self.found), run=self.run, observatory_rolls=self.observatory_rolls,
            drawn=tuple((d, tuple(c)) for d, c in sorted(self.drawn.items()) if c),
            package=self.package, coat_check=self.coat_check,
            discoveries=tuple(self.discoveries), deliveries=tuple(self.deliveries),
            outer_pile=self.outer_pile)


def _pairs(value) -> list[tuple[str, int]]:
    """A bonus as written by a room: ``{resource: n}`` or ``((resource, n), ...)``."""
    return list(value.items()) if isinstance(value, dict) else [tuple(p) for p in value]


@carries("morning_room", "1 run", "§4 Tomorrow Rooms")
@carries("sauna", "1 run", "§4 Tomorrow Rooms")
@carries("freezer", "1 run", "§4 Tomorrow Rooms")
@carries("next_run:*", "1 run", "§14 Carry-Forward")
def _bonuses(t: Tomorrow, value, name: str) -> None:
    """Resources added to the next morning: the Sauna (+20 steps) and Morning Room (+2 gems)
    rows of ``carry_forward.csv``, the Freezer's frozen coins and gems, and the ``end_day``
    row of the room the day ended in (the Master Bedroom +10 steps, Her Ladyship's Chamber
    −10 steps and +1 key)."""
    for resource, n in _pairs(value):
        t.bonus(resource, n)


@carries("clock_tower", "1 run", "§4 Tomorrow Rooms")
def _clock_tower(t: Tomorrow, value, name: str) -> None:
    """Clock Tower: one key per tally on its card."""
    t.bonus("keys", int(value))


@carries("observatory_rolls", "1 run", "§5 The Planetarium")
def _planetarium(t: Tomorrow, value, name: str) -> None:
    """Planetarium: the first Observatory entry next run rolls once more per card."""
    t.observatory_rolls = int(value)


@carries("deliveries", "1 run", "§7 The Shovel")
def _deliveries(t: Tomorrow, value, name: str) -> None:
    """Items ordered today, in hand at the next setup (variant security_shovel_order)."""
    t.deliveries.extend(str(v) for v in value)


@carries("coat_check", "until retrieved", "§4 Tomorrow Rooms")
def _coat_check(t: Tomorrow, value, name: str) -> None:
    """Coat Check: the item stored (None once retrieved or lost)."""
    t.coat_check = None if value is None else str(value)


@carries("package", "until delivered", "§16 Mail Room")
def _package(t: Tomorrow, value, name: str) -> None:
    """Mail Room: a package is pending until a later Mail Room draft delivers it."""
    t.package = bool(value)


@carries("apple_orchard", "permanent", "§5 The Apple Orchard")
def _apple_orchard(t: Tomorrow, value, name: str) -> None:
    """The gate code (Photo + Magnifying Glass): +20 steps every morning from now on."""
    t.apple_orchard = t.apple_orchard or bool(value)


@carries("outer_pile", "permanent", "§19 The Daily Outer Room Visit")
def _outer_pile(t: Tomorrow, value, name: str) -> None:
    """The Outer Room pile's known order, top first (the tiles returned to its bottom)."""
    t.outer_pile = tuple(str(tile) for tile in value)


@carries("unlocked", "permanent", "§17 How It Works")
def _unlocked(t: Tomorrow, value, name: str) -> None:
    """Studio Additions unlocked at the Drafting Studio, in the bag for the campaign."""
    t.unlocked.extend(r for r in value if r not in t.unlocked)


def _find(t: Tomorrow, room: str) -> None:
    if room not in t.found:
        t.found.append(room)


@carries("found", "permanent", "§5 Found Floorplans")
def _found(t: Tomorrow, value, name: str) -> None:
    """Found Floor Plans (the Tunnel, §9): in the Active Bag from the next run on."""
    for room in value:
        _find(t, str(room))


@carries("found:*", "permanent", "§5 Found Floorplans")
def _found_one(t: Tomorrow, value, name: str) -> None:
    """The Planetarium (§5) and Lost & Found (§5 Darkroom) floor plans."""
    if value:
        _find(t, name)


@carries("foundation", "permanent", "§3 Setup")
def _foundation(t: Tomorrow, value, name: str) -> None:
    """The Foundation's permanent cell (§3 step 3), recorded the first time only."""
    if t.foundation is None:
        t.foundation = tuple(int(v) for v in value)


@carries("safe:*", "permanent", "§14 Carry-Forward")
def _safe(t: Tomorrow, value, name: str) -> None:
    """A safe opened for good (Drawing Room, Study, Office, Boudoir; §19 Shelter)."""
    if value:
        t.discover(f"safe:{name}")


@carries("outer_room", "permanent", "§19 Permanently Adding the Outer Room")
def _outer_room(t: Tomorrow, value, name: str) -> None:
    """The Garage's first entry adds the Outer Room to the grounds."""
    if value:
        t.discover("outer_room")


@carries("west_lever", "permanent", "§16 Secret Garden")
def _west_lever(t: Tomorrow, value, name: str) -> None:
    """Variant west_lever=campaign_permanent: the west Antechamber door stays open."""
    if value:
        t.discover("west_lever")


@carries("allowance", "permanent", "§8 Trunk Result Deck")
def _allowance(t: Tomorrow, value, name: str) -> None:
    """Allowance Token: +2 coins at the start of every later run."""
    for resource, n in _pairs(value):
        t.allowance[resource] = t.allowance.get(resource, 0) + int(n)


@carries("drawn:*", "campaign", "§14 Carry-Forward")
def _drawn(t: Tomorrow, value, name: str) -> None:
    """A campaign deck's card revealed today (the Meal, §11; the Commissary stock, §12;
    Alzara's prophecy, §16): the next card of that deck follows it."""
    t.drawn.setdefault(name, []).append(str(value))


@carries("won", "permanent", "§13 Opening Room 46")
def _won(t: Tomorrow, value, name: str) -> None:
    """A win on the Carry-Forward card."""
    t.won = t.won or bool(value)


# -- days and the campaign value -------------------------------------------------------------

def day_seed(seed: int, day: int) -> int:
    """Day ``day``'s seed (from 1): a 32-bit word of SHA-256 of ``"<seed>:<day>"``, the same
    on any machine."""
    digest = hashlib.sha256(f"{seed}:{day}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


def session(rules: Rules, run: int) -> int:
    """The session of campaign run ``run`` (variant ``campaign_session``: numbers.csv
    ``session_runs`` runs a session, 0 = the campaign is one session)."""
    size = number(rules, "session_runs")
    return 1 if size <= 0 else (run - 1) // size + 1


@dataclass(frozen=True)
class Day:
    """One day played: its number and seed, the morning it started from, its actions, how
    it ended and what it left on the Carry-Forward card."""

    number: int
    seed: int
    morning: Campaign
    actions: tuple[Action, ...]
    over: str
    carry: tuple[tuple[str, object], ...]
    start: tuple[tuple[str, int], ...]  # resources at setup
    end: tuple[tuple[str, int], ...]  # resources at the end of the day


@dataclass(frozen=True, eq=False)
class CampaignState:
    """A campaign after ``day`` days: the rules, the campaign seed, the next morning's
    inputs (``today``, a :class:`Campaign`), the permanent ``allowance``, the days won, and
    the days played (``previous`` links back, as ``State.parent`` does)."""

    rules: Rules
    seed: int
    day: int = 0
    today: Campaign = field(default_factory=Campaign)
    allowance: tuple[tuple[str, int], ...] = ()
    wins: tuple[int, ...] = ()
    last: Day | None = None
    previous: CampaignState | None = field(default=None, repr=False)
    _memo: dict = field(default_factory=dict, init=False, repr=False)

    # -- playing ---------------------------------------------------------------------------
    @property
    def next_seed(self) -> int:
        """The seed of the next day."""
        return day_seed(self.seed, self.day + 1)

    @property
    def session(self) -> int:
        """The session the next day belongs to (variant ``campaign_session``)."""
        return session(self.rules, self.today.run)

    def morning(self) -> State:
        """The set-up state of the next day (§3), with every carry-forward applied."""
        if "morning" not in self._memo:
            self._memo["morning"] = new_day(self.rules, seed=self.next_seed,
                                            campaign=self.today)
        return self._memo["morning"]

    def end_day(self, state: State) -> CampaignState:
        """The campaign after the day that ended at ``state``: every key of its
        Carry-Forward card applied once by its handler (:data:`CARRIES`). Raises
        :class:`CampaignError` if the day is not over, did not start from
        :meth:`morning`, or carries a key no rule handles."""
        if not isinstance(state, State):
            raise CampaignError(f"end_day takes the day's State, got {type(state).__name__}")
        if not state.is_over:
            raise CampaignError(f"day {self.day + 1} is not over (depth {state.depth}): end "
                                "it first (EndDay, or play until the steps run out)")
        first = state.at(0)
        if state.seed != self.next_seed or first.campaign != self.today or \
                first.digest() != self.morning().digest():
            raise CampaignError(f"this day did not start from day {self.day + 1}'s morning of "
                                f"this campaign (seed {state.seed}, expected {self.next_seed})")
        tomorrow = Tomorrow(self.today, dict(self.allowance))
        for key, value in sorted(state.carry.items()):
            rule, name = handler(key)
            rule.fn(tomorrow, value, name)
        if self.rules.variant("meal_order") == "shuffled_cycle" and \
                "drawn:meals" not in state.carry:
            tomorrow.drawn.setdefault("meals", []).append(UNSEEN)  # the cycle moves on (§3)
        if session(self.rules, tomorrow.run) != self.session:
            for deck in SESSION_DECKS:
                tomorrow.drawn.pop(deck, None)
        nxt = tomorrow.campaign()
        try:
            nxt.check(self.rules)
        except IllegalAction as err:
            raise CampaignError(f"day {self.day + 1} leaves an impossible morning: {err}") \
                from None
        number_ = self.day + 1
        day = Day(number_, state.seed, self.today, tuple(state.history), state.over,
                  tuple(sorted(state.carry.items())), tuple(first.resources.items()),
                  tuple(state.resources.items()))
        return CampaignState(self.rules, self.seed, number_, nxt,
                             tuple(sorted(tomorrow.allowance.items())),
                             self.wins + ((number_,) if tomorrow.won else ()), day, self)

    def play_day(self, policy, max_steps: int = 10_000) -> CampaignState:
        """Play the next day with a bot (``policy(state, rng)``, deciding with
        ``random.Random(day seed)``; chance resolved by the run's own generator) and end it."""
        state, rng = self.morning(), random.Random(self.next_seed)
        for _ in range(max_steps):
            if state.is_over:
                return self.end_day(state)
            state = state.resolve() if state.is_chance else state.apply(policy(state, rng))
        raise CampaignError(f"day {self.day + 1} did not end within {max_steps} steps")

    def play_days(self, policy, n: int) -> CampaignState:
        """Play ``n`` days with ``policy`` (see :meth:`play_day`)."""
        campaign = self
        for _ in range(n):
            campaign = campaign.play_day(policy)
        return campaign

    def replay_day(self, actions) -> CampaignState:
        """Play the next day by its actions (decisions and chance outcomes) and end it."""
        state = self.morning()
        for i, action in enumerate(actions):
            try:
                state = state.apply(action)
            except ValueError as err:
                raise CampaignError(f"day {self.day + 1}, action {i}: {err}") from None
        return self.end_day(state)

    # -- history -----------------------------------------------------------------------------
    @property
    def days(self) -> tuple[Day, ...]:
        """Every day played, in order."""
        out, c = [], self
        while c.last is not None:
            out.append(c.last)
            c = c.previous
        return tuple(reversed(out))

    def at(self, day: int) -> CampaignState:
        """The campaign after its first ``day`` days (to branch from: play another day
        from there)."""
        if isinstance(day, bool) or not isinstance(day, int) or not 0 <= day <= self.day:
            raise ValueError(f"day must be 0 to {self.day}, not {day!r}")
        c = self
        while c.day > day:
            c = c.previous
        return c

    # -- saving --------------------------------------------------------------------------------
    def digest(self) -> str:
        """A fingerprint of the campaign: the next morning, the permanent allowance, the wins,
        the days and seed and the rules' contents, equal on any machine for equal campaigns."""
        text = json.dumps([self.today.to_json(), self.allowance, self.wins, self.day, self.seed,
                           [d.seed for d in self.days], rules_fingerprint(self.rules)],
                          sort_keys=True, default=str)
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CampaignState) and self.digest() == other.digest() and \
            [d.actions for d in self.days] == [d.actions for d in other.days]

    def __hash__(self) -> int:
        return hash(self.digest())

    def to_json(self) -> str:
        """The campaign as JSON: the rules recipe (as a run's save), the campaign seed, and
        each day's seed and actions, with a digest."""
        return json.dumps({
            "format": FORMAT, "rules": rules_json(self.rules), "seed": self.seed,
            "days": [{"seed": d.seed, "actions": [a.to_json() for a in d.actions]}
                     for d in self.days],
            "digest": self.digest()}, indent=1)

    def save(self, path) -> None:
        """Write :meth:`to_json` to ``path`` atomically: a failed write leaves the old file."""
        from ...ruleset import atomic_write_text

        atomic_write_text(path, self.to_json())

    @classmethod
    def from_json(cls, text, rules: Rules | None = None) -> CampaignState:
        """Replay a campaign saved by :meth:`to_json`, checking every day's seed and the
        digest. A malformed or mismatched save raises :class:`SaveError` naming the fault."""
        data = _load_save(text, FORMAT, "campaign")
        if rules is None:
            rules = rules_from_json(_field(data, "rules", dict))
        campaign = new_campaign(rules, _field(data, "seed", int))
        days, digest = _field(data, "days", list), _field(data, "digest", str)
        for i, day in enumerate(days, 1):
            if not isinstance(day, dict) or set(day) != {"seed", "actions"}:
                raise SaveError(f"days[{i - 1}]: expected an object with seed and actions")
            if day["seed"] != campaign.next_seed:
                raise SaveError(f"days[{i - 1}]: seed {day['seed']!r} is not day {i}'s seed "
                                f"{campaign.next_seed} of campaign seed {campaign.seed}")
            try:
                actions = [from_json(a) for a in _field(day, "actions", list)]
                campaign = campaign.replay_day(actions)
            except ValueError as err:
                raise SaveError(f"days[{i - 1}]: {err}") from None
        if campaign.digest() != digest:
            raise SaveError("replaying the days does not reach the saved campaign; were the "
                            "seed, rules or variants changed?")
        return campaign

    @classmethod
    def load(cls, path, rules: Rules | None = None) -> CampaignState:
        """:meth:`from_json` of the file at ``path``."""
        from pathlib import Path

        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as err:
            raise SaveError(f"cannot read {path}: {err}") from None
        return cls.from_json(text, rules)

    # -- display -------------------------------------------------------------------------------
    def card(self):
        """The Carry-Forward card for the next morning as a DataFrame: what carries, its
        value, how long it lasts and the rulebook section (§14)."""
        import pandas as pd

        return pd.DataFrame(carry_card(self), columns=["carries", "value", "duration",
                                                       "section"])

    def table(self):
        """One row per day played: day, seed, how it ended, won, the carry keys it left,
        and the steps, gems, keys and coins it started with."""
        import pandas as pd

        rows = []
        for d in self.days:
            start = dict(d.start)
            rows.append({"day": d.number, "seed": d.seed, "run": d.morning.run,
                         "over": d.over, "won": d.over == "won",
                         "carried": ", ".join(k for k, _ in d.carry),
                         **{f"start_{r}": start[r] for r in ("steps", "gems", "keys", "coins")}})
        return pd.DataFrame(rows, columns=[
            "day", "seed", "run", "over", "won", "carried", "start_steps", "start_gems",
            "start_keys", "start_coins"])

    def _repr_html_(self) -> str:
        from html import escape

        from manorkit.display import frame_html

        won = f" (days {', '.join(map(str, self.wins))})" if self.wins else ""
        head = (f"Blue Prince campaign, seed {self.seed}: {self.day} day(s) played, "
                f"{len(self.wins)} won{won}; next: day {self.day + 1} (run {self.today.run}, "
                f"session {self.session})")
        return (f"<div><b>{escape(head)}</b></div><div>The Carry-Forward card:</div>"
                + frame_html(self.card()))

    def __repr__(self) -> str:
        return (f"<CampaignState day={self.day} wins={len(self.wins)} seed={self.seed} "
                f"next run={self.today.run}>")


def carry_card(c: CampaignState) -> list[tuple[str, object, str, str]]:
    """The rows of :meth:`CampaignState.card`."""
    t, rows = c.today, []
    for resource, n in t.bonuses:
        rows.append((f"{n:+d} {resource} at the start of the next run", n, "1 run",
                     "§3 Setup"))
    for resource, n in c.allowance:
        rows.append((f"Allowance: {n:+d} {resource} every run (in the bonuses)", n,
                     "permanent", "§8 Trunk Result Deck"))
    if t.apple_orchard:
        rows.append(("Apple Orchard: +20 steps base per run", True, "permanent",
                     "§5 The Apple Orchard"))
    if t.observatory_rolls:
        rows.append(("first Observatory entry rolls once more", t.observatory_rolls, "1 run",
                     "§5 The Planetarium"))
    if t.coat_check:
        rows.append(("item stored at the Coat Check", t.coat_check, "until retrieved",
                     "§4 Tomorrow Rooms"))
    if t.package:
        rows.append(("a Mail Room package is pending", True, "until delivered",
                     "§16 Mail Room"))
    for item in t.deliveries:
        rows.append(("delivered at setup", item, "1 run", "§7 The Shovel"))
    for room in t.unlocked:
        rows.append(("Studio Addition unlocked", room, "permanent", "§17 How It Works"))
    for room in t.found:
        rows.append(("Found Floor Plan in the Active Bag", room, "permanent",
                     "§5 Found Floorplans"))
    if t.foundation is not None:
        rows.append(("The Foundation stands at", t.foundation, "permanent", "§3 Setup"))
    for key in t.discoveries:
        rows.append(("discovered", key, "permanent", "§14 Carry-Forward"))
    for deck, cards in t.drawn:
        shown = ", ".join(dict.fromkeys(card for card in cards if card)) or "none revealed"
        rows.append((f"{deck}: {len(cards)} card(s) drawn", shown, "session"
                     if deck in SESSION_DECKS else "campaign", "§14 Carry-Forward"))
    rows.append(("run count", t.run, "campaign", "§12 How Shops Work"))
    rows.append(("wins recorded", len(c.wins), "permanent", "§13 Opening Room 46"))
    return rows


def new_campaign(rules: Rules | None = None, seed: int = 0) -> CampaignState:
    """A campaign before its first day (the rules with their variants, and the campaign
    seed from which every day's seed derives)."""
    rules = load_rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise CampaignError(f"rules must be a Rules value (load_rules()), got {rules!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise CampaignError(f"seed must be a whole number, got {seed!r}")
    return CampaignState(rules, seed)


def carry_rules() -> list[dict]:
    """Every registered carry key with its duration, section and handler (for coverage)."""
    return [{"key": c.key, "duration": c.duration, "section": c.section,
             "where": f"{c.fn.__module__}.{c.fn.__name__}"} for c in CARRIES.values()]


__all__ = ["CARRIES", "Campaign", "CampaignError", "CampaignState", "Carry", "Day",
           "SESSION_DECKS", "Tomorrow", "carries", "carry_card", "carry_rules", "day_seed",
           "new_campaign", "session"]
