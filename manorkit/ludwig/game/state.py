"""A Blueprints of Mad King Ludwig game as an immutable state on the run protocol the
RunStepper and ``manorkit.sim.games`` step: ``legal_actions``, ``is_chance``,
``chance_outcomes``, ``apply``, ``resolve``, ``at``, ``history``, ``to_json``/``from_json``,
``log``, ``players``, ``player``, ``winners``, ``observation``.

A run is (rules, seed, players, actions): every card dealt or revealed is a random step in
the history (the Room deck is never held in order; each reveal is uniform over the cards not
yet seen, which is what a shuffled deck gives), so a saved game replays exactly.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field, replace
from functools import cached_property

from ..cards import Card
from ..rules import Rules, load_rules
from . import play
from .actions import Draw, IllegalAction, from_json
from .sheet import Sheet

#: Default player names (the rulebook's examples).
NAMES = ("Saige", "Carmen", "Lewis", "Henry", "Lily-Kate")


@dataclass(frozen=True, eq=False)
class State:
    """One moment of a game; every field is a value (``apply`` returns a new state)."""

    rules: Rules
    seed: int
    players: tuple[str, ...]
    sheets: tuple[Sheet, ...]
    todo: tuple = ()
    history: tuple = ()
    events: tuple[str, ...] = ()
    seats: tuple[str, ...] = ()
    favors: tuple[str, ...] = ()
    hand: tuple[str, ...] = ()
    market: tuple[Card, ...] = ()
    reserve: tuple[Card, ...] = ()
    seen: tuple[Card, ...] = ()
    bonus_gone: tuple[str, ...] = ()
    decrees_gone: tuple[str, ...] = ()
    round: int = 0
    order: tuple[str, ...] = ()
    stage: str = "take"
    held: Card | None = None
    rearranging: tuple | None = None
    free: tuple = ()
    results: dict | None = None
    parent: State | None = field(default=None, repr=False)

    # -- the protocol ---------------------------------------------------------------------
    @property
    def depth(self) -> int:
        return len(self.history)

    @property
    def is_over(self) -> bool:
        return self.results is not None

    @property
    def is_chance(self) -> bool:
        return bool(self.todo) and self.todo[0][0] in play.RANDOM

    @property
    def player(self) -> str | None:
        """Whose decision it is now (None at a random step or once over)."""
        if self.is_over or self.is_chance or not self.todo:
            return None
        return self.todo[0][1]

    @property
    def winners(self) -> tuple[str, ...]:
        return tuple(self.results["winners"]) if self.results else ()

    @property
    def turn(self) -> int:
        return self.round

    @cached_property
    def _legal(self) -> tuple:
        if self.is_over or self.is_chance:
            return ()
        return tuple(play.legal(self))

    def legal_actions(self) -> list:
        return list(self._legal)

    def chance_outcomes(self) -> list[tuple[Draw, object]]:
        if not self.is_chance:
            raise IllegalAction("no random step is pending")
        what = self.todo[0][0]
        return [(Draw(what, str(v)), p) for v, p in play.outcomes(self)]

    def apply(self, action) -> State:
        """The state after ``action`` (a legal decision, or an outcome of the pending random
        step); an illegal one raises :class:`IllegalAction` and changes nothing."""
        if self.is_over:
            raise IllegalAction("the game is over")
        if self.is_chance:
            if action not in {o for o, _ in self.chance_outcomes()}:
                raise IllegalAction(f"{action} is not an outcome of the pending random step")
            new = play.draw(self._next(action), action.value)
        else:
            if action not in self._legal:
                raise IllegalAction(f"{action} is not legal now ({self.player}'s decision)")
            new = play.act(self._next(action), action)
        return play.settle(new)

    def _next(self, action) -> State:
        return replace(self, history=(*self.history, action), events=(*self.events, ""),
                       parent=self)

    def resolve(self, rng: random.Random | None = None) -> State:
        """Resolve the pending random step by sampling it (with ``rng``, or a generator seeded
        by ``(seed, depth)``, so replays are identical)."""
        outcomes = self.chance_outcomes()
        rng = rng or random.Random(f"{self.seed}:{self.depth}")
        return self.apply(rng.choices([o for o, _ in outcomes],
                                      [float(p) for _, p in outcomes])[0])

    def at(self, depth: int) -> State:
        """The state after the first ``depth`` steps of this game."""
        if not 0 <= depth <= self.depth:
            raise ValueError(f"depth {depth} is not 0 to {self.depth}")
        state = self
        while state.depth > depth:
            state = state.parent
        return state

    # -- what a player may see ------------------------------------------------------------
    def observation(self, player: str) -> dict:
        """Everything ``player`` may read: the public table, their own Bonus Cards, Royal
        Decree (and the others' once revealed) and private Favors; the Royal Decree hand only
        when it is theirs to choose from."""
        revealed = all(s.decree for s in self.sheets) and not any(
            step[0] in ("draft", "reveal") for step in self.todo)
        mine = play.sheet_of(self, player)
        return {
            "player": player, "round": self.round, "order": self.order, "seats": self.seats,
            "favors": self.favors, "market": self.market, "reserve": self.reserve,
            "deck left": play.deck_left(self), "bonus left": self.bonus_left(),
            "bonus": mine.bonus, "decree": mine.decree, "private favors": mine.private,
            "hand": self.hand if self.player == player and self.todo[0][0] == "draft" else (),
            "held": self.held, "stage": self.stage, "rearranging": self.rearranging,
            "free": self.free,
            "sheets": {s.name: _public(s, revealed or s.name == player) for s in self.sheets},
        }

    def bonus_left(self) -> int:
        return len(self.rules.pool("bonus_cards.csv")) - len(self.bonus_gone)

    # -- tables and pictures --------------------------------------------------------------
    def summary(self) -> dict:
        if not self.results:
            return {}
        return {f"score {p}": self.results["totals"][p] for p in self.players}

    @property
    def resources(self) -> dict:
        out = {"round": self.round, "deck left": play.deck_left(self),
               "reserve": len(self.reserve)}
        for s in self.sheets:
            out[f"{s.name} rooms"] = len(s.sketch.rooms) - 1
            out[f"{s.name} swans"] = s.swans
        return out

    @property
    def items(self) -> dict:
        """The rewards the player whose decision it is holds unused."""
        if self.player is None:
            return {}
        sheet = play.sheet_of(self, self.player)
        out = {f"{k} reward": v for k, v in sheet.rewards.items()}
        for s in sheet.specials:
            if s.used_as is None:
                out[f"{s.name} special reward"] = 1
        return out

    @property
    def log(self):
        import pandas as pd

        rows = [{"step": i + 1, "action": str(a), "effect": e}
                for i, (a, e) in enumerate(zip(self.history, self.events, strict=True))]
        return pd.DataFrame(rows, columns=["step", "action", "effect"])

    def _repr_html_(self) -> str:
        from .display import state_html

        return state_html(self)

    # -- saving ---------------------------------------------------------------------------
    def to_json(self) -> str:
        return json.dumps({"game": "ludwig", "rules": self.rules.recipe(), "seed": self.seed,
                           "players": list(self.players),
                           "history": [a.to_json() for a in self.history]})

    @classmethod
    def from_json(cls, text: str) -> State:
        """Replay a saved game (every action checked again)."""
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("game") != "ludwig":
            raise IllegalAction("not a saved Blueprints of Mad King Ludwig game")
        state = new_game(Rules.from_recipe(data["rules"]), seed=data["seed"],
                         players=data["players"])
        for entry in data["history"]:
            state = state.apply(from_json(entry))
        return state


def _public(sheet: Sheet, decree_shown: bool) -> dict:
    return {"sketch": sheet.sketch, "pile": sheet.pile, "swans": sheet.swans,
            "completed": sheet.completed, "rewards": dict(sheet.rewards),
            "specials": sheet.specials, "go_last": sheet.go_last, "skipped": sheet.skipped,
            "bonus cards": len(sheet.bonus), "decree": sheet.decree if decree_shown else None}


def new_game(rules: Rules | None = None, seed: int = 0, players=2) -> State:
    """A game from Setup: ``players`` names in seat order, or how many (1-5; named from the
    rulebook's examples). The first steps are random: the start player, the Favors, the
    Bonus Cards and the Royal Decrees."""
    from ..castle import new_sketch

    rules = rules or load_rules()
    if isinstance(players, int):
        if not 1 <= players <= len(NAMES):
            raise ValueError(f"players is {players}; expected 1 to {len(NAMES)}")
        players = NAMES[:players]
    players = tuple(players)
    if len(set(players)) != len(players) or not all(isinstance(p, str) and p for p in players):
        raise ValueError(f"players {list(players)!r}: expected distinct names")
    rules.deck(len(players))  # checks the count
    play.check_decrees(rules)
    sketch = new_sketch(rules)
    start = rules.setting("start_rewards")
    sheets = tuple(Sheet(p, sketch, swans=rules.setting("swans_start")) for p in players)
    sheets = tuple(s if not start else _with_start(s, start) for s in sheets)
    state = State(rules, seed, players, sheets)
    if len(players) == 1:
        return play.settle(play._after_start(replace(state, seats=players, todo=())))
    return replace(state, todo=(("start",),))


def _with_start(sheet: Sheet, n: int) -> Sheet:
    for _ in range(n):
        sheet = sheet.add_special("Start")
    return sheet
