"""Golden Weirdwood games: a game is (rules variants, players, seed, bots); its event log is
committed as text in ``weirdwood_logs/``. Rewrite on purpose with
``python -m tests.golden.weirdwood_games [NAME ...]``."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from manorkit.weirdwood import load_rules, new_game
from manorkit.weirdwood import policies as bots

from .games import write_logs

LOGS = Path(__file__).resolve().parent / "weirdwood_logs"

GAMES = {
    # two heuristic Wardens against the Chaos Ogre
    "weirdwood_ogre_heuristic": dict(variants={}, players=2, seed=5, bots=("heuristic",) * 2),
    # one random Warden against the Mîn Wraith, with the Group XP variant
    "weirdwood_wraith_group_xp": dict(variants={"monster": "min_wraith", "group_xp": "group"},
                                      players=1, seed=2, bots=("random",)),
    # two heuristic Wardens against Therus: a win
    "weirdwood_therus_won": dict(variants={"monster": "therus"}, players=2, seed=3,
                                 bots=("heuristic", "heuristic")),
}


def play(spec: dict):
    state = new_game(load_rules(**spec["variants"]), seed=spec["seed"],
                     players=spec["players"])
    seats = dict(zip(state.players, spec["bots"], strict=True))
    rng, chance = random.Random(spec["seed"]), random.Random(f"chance:{spec['seed']}")
    while not state.is_over:
        if state.is_chance:
            state = state.resolve(chance)
        else:
            policy = getattr(bots, f"{seats[state.player]}_policy")
            state = state.apply(policy(state, rng))
    return state


def log_text(state) -> str:
    lines = [f"{e.step:>4} | {e.action} | {e.effect}" for e in state.log.itertuples()]
    lines.append(f"END | {state.over} | " + ", ".join(f"{k} {v}" for k, v in
                                                       state.summary().items()))
    return "\n".join(lines) + "\n"


def main(names: list[str]) -> int:
    write_logs(LOGS, ((name, log_text(play(GAMES[name]))) for name in names or sorted(GAMES)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
