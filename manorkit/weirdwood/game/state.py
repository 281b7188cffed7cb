"""A Weirdwood Manor game as an immutable state on the run protocol the RunStepper and
``manorkit.sim.games`` step, built on :class:`manorkit.gamestate.GameState` (``apply``,
``resolve``, ``at``, ``history``, saves, the event log) with the game's own ``observation``,
``summary``, ``resources``, ``items`` and picture.

A run is (rules, seed, players, monster, actions): every tile placed, card drawn and die
rolled is a random step in the history, so a saved game replays exactly. The players win or
lose together: ``winners`` names all of them when the Fae Monster falls.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from ...gamestate import GameState
from ..board import THRONE, opposite
from ..clock import at
from ..rules import MONSTERS, Rules, load_rules
from . import steps
from .actions import Draw
from .common import day, strength
from .model import RESOURCES, WORDS, Table, Warden


class Board:
    """The working copy of a game for :class:`~manorkit.gamestate.GameState`: its
    :class:`~.model.Table`, stepped by the rules of :mod:`.steps`."""

    __slots__ = ("table",)

    def __init__(self, table: Table) -> None:
        self.table = table

    @classmethod
    def setup(cls, rules: Rules, seed: int, players: tuple[str, ...], say,
              monster: str = "") -> Board:
        return cls(_table(rules, players, monster))

    def copy(self) -> Board:
        return Board(self.table.copy())

    def decisions(self, rules: Rules) -> list:
        return steps.legal(self.table)

    def outcomes(self, rules: Rules) -> list[tuple[Draw, object]]:
        what = self.table.todo[0][0]
        return [(Draw(what, str(v)), p) for v, p in steps.outcomes(self.table)]

    def step(self, rules: Rules, action, say) -> None:
        t = self.table
        t.said = ""
        if isinstance(action, Draw):
            steps.drawn(t, action.value)
        else:
            steps.act(t, action)
        steps.settle(t)
        say(t.said, "")

    @property
    def is_chance(self) -> bool:
        return bool(self.table.todo) and self.table.todo[0][0] in steps.RANDOM

    @property
    def player(self) -> str:
        """Whose decision it is ("" at a random step or when nothing is due)."""
        todo = self.table.todo
        return todo[0][1] if todo and not self.is_chance and len(todo[0]) > 1 else ""

    @property
    def turn(self) -> int:
        """Turns begun."""
        return self.table.turns

    @property
    def over(self) -> str | None:
        return self.table.over

    @property
    def winners(self) -> tuple[str, ...]:
        return self.table.players if self.table.over == "won" else ()


class State(GameState):
    """One moment of a game (its table is never changed: ``apply`` returns a new state)."""

    BOARD = Board
    GAME = "manorkit.weirdwood"
    RULES = Rules

    @property
    def table(self) -> Table:
        return self.board.table

    @property
    def monster(self) -> str:
        return self.table.monster

    @property
    def won(self) -> bool:
        return self.table.over == "won"

    def with_table(self, table: Table) -> State:
        """This state with ``table`` in place of its own (a scenario's starting point: its
        history no longer replays to it)."""
        return replace(self, board=Board(table), _memo={})

    # -- what a player may see ------------------------------------------------------------
    def observation(self, player: str) -> dict:
        """What ``player`` may read: the board, the clock, every Warden's board and supply,
        their own hand (the others' hands only by size), the monster's tracks and the next
        Monster Card's kind (its back shows it); not the order of any deck nor the cards
        waiting in Therus' Plans."""
        t = self.table
        return {
            "player": player, "time": t.time, "day": day(t), "monster": t.monster,
            "strength": strength(t), "rooms": dict(t.rooms), "scarabs": dict(t.scarabs),
            "blighted": frozenset(t.blighted), "rubble": frozenset(t.rubble),
            "fire": frozenset(t.fire), "monster at": t.monster_at, "lady at": t.lady_at,
            "lady": t.lady, "health": t.health, "cubes": dict(t.cubes),
            "power cards": len(t.power_cards), "upcoming": t.upcoming,
            "plans": len(t.plans), "arms": tuple(t.arms), "offer": tuple(t.offer),
            "todo": tuple(s for s in t.todo[:1]), "ctx": {k: v for k, v in t.ctx.items()
                                                          if k != "battle"},
            "hand": tuple(t.wardens[player].hand),
            "wardens": {n: _public(w) for n, w in t.wardens.items()},
        }

    # -- tables and pictures --------------------------------------------------------------
    def summary(self) -> dict:
        t = self.table
        out = {"day": day(t), "outcome": t.over or ""}
        if t.monster == "Chaos Ogre":
            out["monster health"] = sum(t.cubes.values())
        else:
            out["monster health"] = t.health
        out["blighted"] = len(t.blighted)
        return out

    @property
    def resources(self) -> dict:
        t = self.table
        out = {"day": day(t), "time": str(at(t.time, self.rules)).split(", ")[1],
               f"{t.monster} health": (sum(t.cubes.values()) if t.monster == "Chaos Ogre"
                                       else t.health),
               "Lady Weirdwood": t.lady, "blighted rooms": len(t.blighted)}
        w = t.wardens.get(self.player) if self.player else None
        if w is not None:
            out.update({f"{w.name} health": w.health,
                        **{f"{w.name} {WORDS[r]}": w.supply[r] for r in (*RESOURCES, "power")}})
        return out

    @property
    def items(self) -> dict:
        w = self.table.wardens.get(self.player) if self.player else None
        if w is None:
            return {}
        out = Counter(w.hand)
        out.update({f"{d} die": 1 for d in w.dice})
        return dict(out)

    def _repr_html_(self) -> str:
        from .display import state_html

        return state_html(self)


def _public(w: Warden) -> dict:
    return {"character": w.character, "place": w.place, "health": w.health,
            "supply": dict(w.supply), "dice": tuple(w.dice), "permanent": w.permanent,
            "tracks": dict(w.tracks), "xp": w.xp, "hits": w.hits, "blocks": w.blocks,
            "played": dict(w.played), "slots": tuple(w.slots), "hand size": len(w.hand),
            "companions": tuple(w.companions), "wardens": w.wardens}


#: The ``monster`` variant's readings → the Fae Monster.
FOES = {"chaos_ogre": "Chaos Ogre", "min_wraith": "Mîn Wraith", "therus": "Therus"}


def new_game(rules: Rules | None = None, seed: int = 0, players=2,
             monster: str | None = None) -> State:
    """A game from Game Setup against ``monster`` (default: the rules' ``monster`` variant):
    ``players`` names (each plays the next character of ``characters.csv``) or how many
    (named by their characters). The first steps are random: the room tiles, the
    Companions, the 3 rolled Scarabs, the hands and the first Monster Card."""
    rules = rules or load_rules()
    monster = monster or FOES[rules.variant("monster")]
    characters = list(rules.rows("characters.csv"))
    if isinstance(players, int):
        if not 1 <= players <= len(characters):
            raise ValueError(f"players is {players}; expected 1 to {len(characters)}")
        players = characters[:players]
    players = tuple(players)
    if not players or len(players) > len(characters) or len(set(players)) != len(players):
        raise ValueError(f"players {list(players)!r}: expected 1 to {len(characters)} "
                         "distinct names")
    if monster not in MONSTERS:
        raise ValueError(f"monster is {monster!r}; expected one of {', '.join(MONSTERS)}")
    return State.start(rules, seed, players, monster=monster)


def _table(rules: Rules, players: tuple[str, ...], monster: str) -> Table:
    rings = rules.rows("rings.csv")
    rooms = {THRONE: "Throne Room"}
    todo: list = []
    for ring, row in rings.items():
        rooms[(ring, row["fixed_slot"])] = row["fixed_room"]
        todo += [("tile", ring, s) for s in range(rules.positions(ring))
                 if s != row["fixed_slot"]]
    todo += [("companion",)] * rules.number("companions_offered")
    todo += [("room_dice", "setup")] * rules.number("setup_rolled_scarabs")
    entrance = (("outer", rings["outer"]["fixed_slot"]))
    wardens = {}
    for name, (character, row) in zip(players, rules.rows("characters.csv").items(),
                                      strict=False):
        w = Warden(name, character, entrance, rules.number("start_health"),
                   list(row["slots"]), permanent=row["balanced_start"])
        w.hand.append(next(iter(rules.rows("action_cards.csv"))))  # Shadow Steps, set aside
        wardens[name] = w
        todo += [("draw", name)] * rules.number("starting_draw")
    scarabs = Counter({THRONE: rules.number("throne_scarabs")})
    scarabs.update({("inner", s): 1 for s in range(rules.positions("inner"))})
    start_day = rules.track_value(monster, "start_day")
    t = Table(rules, monster, players, wardens, rooms,
              time=(start_day - 1) * sum(n for _, n in rules.times_of_day), scarabs=scarabs,
              companions_left=list(rules.rows("companions.csv")),
              wardens_left=rules.number("warden_cards"), lady_at=THRONE,
              deck=Counter(rules.monster_deck(monster)))
    if monster == "Chaos Ogre":
        t.monster_at = opposite(rules, entrance)
        t.lady = rules.track_value(monster, "lady_health")
        t.cubes = {(r["area"], r["row"]): r["cubes"]
                   for r in rules.rows("ogre_health.csv").values()}
    elif monster == "Mîn Wraith":
        terrace = ("middle", rings["middle"]["fixed_slot"])
        t.monster_at = terrace
        t.health = rules.track_value(monster, "health")
        t.lady = rules.track_value(monster, "life_force")
    else:
        t.monster_at = THRONE
        t.health = rules.track_value(monster, "health")
        t.lady = rules.track_value(monster, "corruption_start")
        t.lady_at = None
    if monster != "Therus":
        todo.append(("monster", "next"))
    t.todo = [*todo, ("begin",)]
    return t

