"""Golden Blueprints games: a game is (players, seed, a scripted opening, bots for the
rest); its event log is committed as text in ``ludwig_logs/``. Rewrite on purpose with
``python -m tests.golden.ludwig_games [NAME ...]``."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from manorkit.ludwig import new_game
from manorkit.ludwig import policies as bots
from manorkit.ludwig.game.script import play as play_script

from .games import write_logs

LOGS = Path(__file__).resolve().parent / "ludwig_logs"

GAMES = {
    # Setup by hand (the start player, the Favors, Bonus Cards and Decrees, the Foyers),
    # then two heuristic players to the end.
    "ludwig_two_heuristic": dict(players=("Saige", "Carmen"), seed=11, bots=("heuristic",) * 2,
                                 script=(
        "start player chosen: Carmen", "King's Favor revealed: Food Rooms",
        "King's Favor revealed: Moats", "King's Favor revealed: Longest Path",
        "King's Favor revealed: Player Order", "Bonus Card dealt: B26", "Bonus Card dealt: B12",
        "Bonus Card dealt: B37", "Bonus Card dealt: B16", "Royal Decree dealt: D24",
        "Royal Decree dealt: D04", "Royal Decree dealt: D11", "Royal Decree dealt: D32",
        "keep Royal Decree D04", "keep Royal Decree D24", "Foyer as a Food Room",
        "Foyer as a Utility Room")),
    # A solo game: the heuristic against the Reserve pile.
    "ludwig_solo": dict(players=("Saige",), seed=4, bots=("heuristic",), script=()),
    # Three players, one heuristic against two random bots.
    "ludwig_three_mixed": dict(players=("Henry", "Lewis", "Stella"), seed=7,
                               bots=("heuristic", "random", "random"), script=()),
}


def play(spec: dict):
    """The finished game: the script, then each seat's bot (chance rolled with the seed)."""
    state = play_script(spec["script"], new_game(seed=spec["seed"], players=spec["players"]))
    seats = dict(zip(spec["players"], spec["bots"], strict=True))
    rng, chance = random.Random(spec["seed"]), random.Random(f"chance:{spec['seed']}")
    while not state.is_over:
        if state.is_chance:
            state = state.resolve(chance)
        else:
            policy = getattr(bots, f"{seats[state.player]}_policy")
            state = state.apply(policy(state, rng))
    return state


def log_text(state) -> str:
    lines = [f"{e.step:>3} | {e.action} | {e.effect}" for e in state.log.itertuples()]
    r = state.results
    for p in r["ranking"]:
        lines.append(f"END | {p}: {r['totals'][p]} VP " + ", ".join(
            f"{k} {v}" for k, v in r["sheets"][p].items()) + " | bonus " +
            ", ".join(f"{c} {v}" for c, v in r["bonus"][p]))
    lines.append(f"END | winners: {', '.join(r['winners']) or 'none'}"
                 + (f" | rank: {r['rank']}" if "rank" in r else ""))
    return "\n".join(lines) + "\n"


def main(names: list[str]) -> int:
    write_logs(LOGS, ((name, log_text(play(GAMES[name]))) for name in names or sorted(GAMES)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
