"""The five-game comparison's setup: each game, the bots that play it, its seats, and the
placeholder its numbers are banded over, measured by the game-agnostic functions of
:mod:`manorkit.sim.compare_games` (``notebooks/13_five_games.ipynb``,
``benchmarks/five_games.py``).

Every game is measured the same way: its best bot (the heuristic of a peer game, the
planner of Blue Prince) against its random bot; two players for the peer games of two sides
or more (Nightmare House: the House and two Hunters), one for Blue Prince's day; Weirdwood
against Therus (against the Chaos Ogre and the Mîn Wraith the bots hardly ever win:
``benchmarks/peer_bots.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Setup:
    """How one game is measured: ``game`` (the import path the metrics play), its ``best``
    and ``baseline`` bots (their import path and name), ``players``, whether it is
    ``competitive``, its ``rules`` (a loader's import path and variants), the ``placeholder``
    and its ``readings`` (label → variant readings or rules edits; a callable of the rules
    gives them), and ``play`` (a table maker for a game simulated its own way)."""

    name: str
    game: str
    best: str
    baseline: str
    rules: str
    players: int | None = None
    competitive: bool = False
    variants: Mapping[str, str] = field(default_factory=dict)
    placeholder: str = ""
    readings: Mapping | Callable = field(default_factory=dict)
    play: str | None = None
    scale: float = 1.0  # games of this one per game of the others (the slowest plays fewer)


def _food(rules) -> dict[str, list]:
    """Blueprints: the Room deck with half and half again as many Food Rooms (the count is
    a placeholder; the Contents count follows the deck, no Food Room shows a Swan)."""
    food = [k for k in rules.rows("rooms.csv") if k.startswith("Food/")]
    copies = {k: rules.rows("rooms.csv")[k]["copies"] for k in food}

    def scaled(factor: float) -> list:
        edits = [["rooms.csv", k, "copies", str(round(n * factor))] for k, n in copies.items()]
        edits += [["rooms.csv", k, "swans", "0"] for k in food]
        extra = sum(round(n * factor) for n in copies.values()) - sum(copies.values())
        edits.append(["settings.csv", "room_cards", "value",
                      str(rules.setting("room_cards") + extra)])
        return edits
    return {f"{sum(round(n * f) for n in copies.values())} Food Rooms": scaled(f)
            for f in (0.5, 1.5)}


#: The five games as the comparison measures them.
GAMES = (
    Setup("Blue Prince (a day)", "manorkit.blueprince.sim.comparison",
          "manorkit.blueprince.sim:PlannerPolicy", "manorkit.blueprince.sim:RandomPolicy",
          "manorkit.blueprince:load_rules", play="manorkit.blueprince.sim.comparison:play_days",
          placeholder="open readings: tile orientation, the lock die's rank",
          readings={"tiles turned by the player": {"tile_orientation": "player_choice"},
                    "lock die of the cell drafted into": {"lock_rank_basis": "target_cell"}}),
    Setup("Mystery Mansion", "manorkit.mystery_mansion",
          "manorkit.mystery_mansion.policies:heuristic_policy",
          "manorkit.mystery_mansion.policies:random_policy", "manorkit.mystery_mansion:load_rules",
          players=2, competitive=True, placeholder="door_die.csv (the door die's faces)",
          readings={"OPEN on 1 face of 3": [["door_die.csv", "LOCKED", "count", "2"]],
                    "OPEN on 2 faces of 3": [["door_die.csv", "OPEN", "count", "2"]]}),
    Setup("Nightmare House", "manorkit.nightmare_house",
          "manorkit.nightmare_house.policies:heuristic_policy",
          "manorkit.nightmare_house.policies:random_policy", "manorkit.nightmare_house:load_rules",
          players=3, competitive=True, placeholder="haunts.csv (the Bats' kind)",
          readings={"psychic Bats": [["haunts.csv", "Bats", "kind", "psychic"]]}),
    Setup("Blueprints of Mad King Ludwig", "manorkit.ludwig",
          "manorkit.ludwig.policies:heuristic_policy", "manorkit.ludwig.policies:random_policy",
          "manorkit.ludwig:load_rules", players=2, competitive=True,
          placeholder="rooms.csv (how many Food Rooms)", readings=_food, scale=0.8),
    Setup("Weirdwood Manor (against Therus)", "manorkit.weirdwood",
          "manorkit.weirdwood.policies:heuristic_policy",
          "manorkit.weirdwood.policies:random_policy", "manorkit.weirdwood:load_rules",
          players=2, variants={"monster": "therus"},
          placeholder="battle_dice.csv (the Balanced die's faces)",
          readings={"one face of each kind": {"balanced_die": "one_face_each"}}),
)


def _load(path: str):
    import importlib

    module, name = path.split(":")
    return getattr(importlib.import_module(module), name)


def _bot(path: str):
    bot = _load(path)
    return bot() if isinstance(bot, type) else bot


def settings():
    """The comparison's setup as a table: each game, its bots, players, how skill is
    measured, the placeholder banded and its readings."""
    import pandas as pd

    rows = []
    for s in GAMES:
        rules = _load(s.rules)(**s.variants)
        readings = s.readings(rules) if callable(s.readings) else s.readings
        rows.append({"game": s.name, "best bot": s.best.split(":")[1],
                     "baseline": s.baseline.split(":")[1], "players": s.players or 1,
                     "skill measured as": "winning share" if s.competitive else "win rate",
                     "variants": ", ".join(f"{k}={v}" for k, v in s.variants.items()),
                     "placeholder banded": s.placeholder, "readings": ", ".join(readings)})
    return pd.DataFrame(rows)


def measure_all(n: int, *, swing_games: int = 3, seed: int = 1, progress=None) -> list:
    """Every game of :data:`GAMES` measured with ``n`` games (a slow game ``scale`` times
    as many), its swing over ``swing_games`` games, and each number banded over its
    placeholder's readings (:func:`~manorkit.sim.compare_games.measure`). ``progress``: a
    function called with each game's name before it is measured."""
    from .sim.compare_games import measure

    out = []
    for s in GAMES:
        if progress:
            progress(s.name)
        rules = _load(s.rules)(**s.variants)
        readings = s.readings(rules) if callable(s.readings) else s.readings
        out.append(measure(
            s.name, s.game, _bot(s.best), _bot(s.baseline), max(2, round(n * s.scale)),
            players=s.players, competitive=s.competitive, rules=rules, seed=seed,
            swing_games=swing_games, play=_load(s.play) if s.play else None,
            readings=readings, placeholder=s.placeholder))
    return out
