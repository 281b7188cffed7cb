"""The immutable game state a peer game's engine builds on, on the run protocol the
:class:`~manorkit.widgets.RunStepper` steps and :func:`~manorkit.sim.games.simulate_games`
plays.

A state is the value (rules, seed, players, actions): ``apply`` returns a new state and
never changes this one. Behind it a game keeps a *board*, its working copy of the table
(plain containers), copied once a step and never changed after. The game's board class
supplies what varies:

- ``Board.setup(rules, seed, players, say, **options)``: the board before the first action
  (what the rulebook shuffles or deals at setup is dealt from ``random.Random(seed)``;
  ``options``: the game's own choices of setup, saved with the game);
- ``board.decisions(rules)``: the legal actions now, ``board.outcomes(rules)`` the pending
  random step's ``(Chance, Fraction)`` pairs (``board.is_chance`` says which);
- ``board.step(rules, action, say)``: the board after ``action`` (changed in place);
- ``board.player`` (whose decision, or whose random step, it is), ``board.turn``,
  ``board.over`` (why it ended, "" while on), ``board.winners`` and ``board.copy()``.

``say(effect, section)`` records one line of the event log, citing the rulebook section.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar

#: What may produce a random event (a chance outcome's ``source``), as in ``sim.games``.
SOURCES = ("tile", "dice", "card", "other")


class IllegalAction(ValueError):
    """An action not legal in a state; the state is unchanged."""


class SaveError(ValueError):
    """A saved game that cannot be replayed, saying what is wrong."""


@dataclass(frozen=True)
class Chance:
    """One outcome of a random step: its ``value``, what was rolled or drawn (``label``)
    and what produced it (``source``, one of :data:`SOURCES`)."""

    value: Any
    label: str
    source: str = "other"
    kind: ClassVar[str] = "chance"

    def __str__(self) -> str:
        return f"{self.label}: {self.value}"


@dataclass(frozen=True)
class Event:
    """One line of the event log."""

    step: int
    turn: int
    player: str
    action: str
    effect: str
    section: str


@dataclass(frozen=True, eq=False)
class GameState:
    """A game at one moment: immutable, replayable from (rules, seed, players, actions).

    Subclasses name their board class (``BOARD``), their module (``GAME``, for saves) and
    their rules loader (``RULES``, a ``RulesBase`` subclass)."""

    rules: Any
    seed: int
    players: tuple[str, ...]
    board: Any
    last: Any = None
    events: tuple[Event, ...] = ()
    parent: GameState | None = None
    depth: int = 0
    options: tuple = ()
    _memo: dict = field(default_factory=dict, repr=False, compare=False)

    BOARD: ClassVar[type]
    GAME: ClassVar[str]
    RULES: ClassVar[type]

    @classmethod
    def start(cls, rules, seed: int, players: tuple[str, ...], **options) -> GameState:
        """The state at setup (``options``: the game's own setup choices)."""
        events: list[Event] = []

        def say(effect: str, section: str) -> None:
            events.append(Event(0, 0, "", "setup", effect, section))

        board = cls.BOARD.setup(rules, seed, tuple(players), say, **options)
        return cls(rules, seed, tuple(players), board, events=tuple(events),
                   options=tuple(sorted(options.items())))

    # -- the protocol ---------------------------------------------------------------------
    @property
    def history(self) -> tuple:
        """Every action and chance outcome applied since setup, in order."""
        if "history" not in self._memo:
            out, s = [], self
            while s.parent is not None:
                out.append(s.last)
                s = s.parent
            self._memo["history"] = tuple(reversed(out))
        return self._memo["history"]

    @property
    def is_over(self) -> bool:
        return bool(self.board.over)

    @property
    def over(self) -> str:
        """Why the game ended ("" while it goes on)."""
        return self.board.over

    @property
    def winners(self) -> tuple[str, ...]:
        return tuple(self.board.winners)

    @property
    def is_chance(self) -> bool:
        return not self.is_over and self.board.is_chance

    @property
    def player(self) -> str | None:
        """Whose decision it is; None at a random step or once the game is over."""
        return None if self.is_over or self.is_chance else self.board.player

    @property
    def turn(self) -> int:
        return self.board.turn

    def legal_actions(self) -> list:
        if self.is_over or self.is_chance:
            return []
        if "actions" not in self._memo:
            self._memo["actions"] = self.board.decisions(self.rules)
        return list(self._memo["actions"])

    def chance_outcomes(self) -> list[tuple[Chance, Fraction]]:
        """The pending random step's outcomes with their exact chances."""
        if not self.is_chance:
            raise IllegalAction("no random step is pending")
        if "outcomes" not in self._memo:
            self._memo["outcomes"] = self.board.outcomes(self.rules)
        return list(self._memo["outcomes"])

    def apply(self, action) -> GameState:
        """The state after ``action`` (a legal action, or an outcome of the pending random
        step); anything else raises :class:`IllegalAction` and changes nothing."""
        if self.is_over:
            raise IllegalAction(f"the game is over ({self.over}); {action} is not legal")
        options = ([o for o, _ in self.chance_outcomes()] if self.is_chance
                   else self.legal_actions())
        if action not in options:
            shown = ", ".join(map(str, options[:8])) + (" …" if len(options) > 8 else "")
            raise IllegalAction(f"{action} is not legal at step {self.depth}; legal: {shown}")
        board = self.board.copy()
        events: list[Event] = []
        step, who, text = self.depth + 1, self.board.player, str(action)

        def say(effect: str, section: str) -> None:
            events.append(Event(step, board.turn, who, text, effect, section))

        board.step(self.rules, action, say)
        if not events:  # every step leaves a line, even a declined choice
            say("-", "")
        return type(self)(self.rules, self.seed, self.players, board, action, tuple(events),
                          self, step, self.options)

    def resolve(self, rng: random.Random | None = None) -> GameState:
        """The pending random step resolved with ``rng`` (default: one made from the seed
        and depth, so the same state always resolves alike)."""
        rng = rng or random.Random(f"{self.seed}:{self.depth}")
        outcomes = self.chance_outcomes()
        pick = rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0]
        return self.apply(pick)

    def at(self, depth: int) -> GameState:
        """The state after the first ``depth`` steps of this one's history."""
        if not 0 <= depth <= self.depth:
            raise ValueError(f"depth must be 0 to {self.depth}, got {depth}")
        s = self
        while s.depth > depth:
            s = s.parent
        return s

    # -- saving ---------------------------------------------------------------------------
    def to_json(self) -> str:
        """The game as JSON: the game, its rules recipe, seed, players, setup options and
        every step."""
        return json.dumps({"game": self.GAME, "rules": self.rules.recipe(), "seed": self.seed,
                           "players": list(self.players), "options": dict(self.options),
                           "actions": [str(a) for a in self.history]}, indent=1)

    @classmethod
    def from_json(cls, text: str, rules=None) -> GameState:
        """Replay a game saved by :meth:`to_json` (with ``rules``, or those it names)."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise SaveError(f"not JSON: {err}") from None
        if not isinstance(data, dict) or data.get("game") != cls.GAME:
            raise SaveError(f"not a saved {cls.GAME} game")
        try:
            rules = rules if rules is not None else cls.RULES.from_recipe(data["rules"])
            options = {k: tuple(v) if isinstance(v, list) else v
                       for k, v in data.get("options", {}).items()}
            state = cls.start(rules, int(data["seed"]), tuple(data["players"]), **options)
        except (KeyError, TypeError, ValueError) as err:
            raise SaveError(f"rules, seed or players: {err}") from None
        for i, name in enumerate(data.get("actions", [])):
            options = ([o for o, _ in state.chance_outcomes()] if state.is_chance
                       else state.legal_actions())
            found = [o for o in options if str(o) == name]
            if not found:
                raise SaveError(f"actions[{i}] {name!r} is not legal at step {state.depth}")
            state = state.apply(found[0])
        return state

    # -- showing --------------------------------------------------------------------------
    @property
    def log(self):
        """The event log: step, turn, player, action, effect and rulebook section."""
        import pandas as pd

        events, s = [], self
        while s is not None:
            events.extend(reversed(s.events))
            s = s.parent
        return pd.DataFrame([e.__dict__ for e in reversed(events)],
                            columns=["step", "turn", "player", "action", "effect", "section"])

    def __repr__(self) -> str:
        end = f" over: {self.over}" if self.is_over else ""
        return (f"<{type(self).__name__} {self.GAME} depth={self.depth} turn={self.turn} "
                f"player={self.player}{end}>")
