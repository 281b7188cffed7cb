"""The game-agnostic comparison metrics (``manorkit.sim.compare_games``) on the toy race and
the five games, and the five-game setup (``manorkit.five_games``)."""

from fractions import Fraction

import pytest

from manorkit.sim.compare_games import (
    HEADS,
    Band,
    bands_table,
    decision_swing,
    events_per_decision,
    frame,
    generic_swing,
    lookahead_swing,
    measure,
    sensitivity,
    skill,
    swing_values,
    table,
    win_rates,
)
from manorkit.sim.games import simulate_games
from manorkit.sim.seeds import day_seeds
from tests import toy_game

TOY = "tests.toy_game"


# -- random events per decision ---------------------------------------------------------------
def test_events_per_decision_by_source():
    rolled = events_per_decision(simulate_games(TOY, toy_game.roller_policy, 20, seed=1))
    assert rolled["dice"] == (1.0, 1.0, 1.0)  # one die after every roll decision
    assert rolled["card"][0] == rolled["tile"][0] == 0 and rolled["all"][0] == 1.0
    walked = events_per_decision(simulate_games(TOY, toy_game.walker_policy, 5, seed=1))
    assert walked["all"][0] == 0


def test_events_per_decision_of_the_peer_games():
    from manorkit.ludwig.policies import random_policy as ludwig_random
    from manorkit.weirdwood.policies import random_policy as weirdwood_random

    lw = events_per_decision(simulate_games("manorkit.ludwig", ludwig_random, 3, seed=1,
                                            players=1))
    assert lw["card"][0] > 0 and lw["dice"][0] == lw["tile"][0] == 0  # only cards
    ww = events_per_decision(simulate_games("manorkit.weirdwood", weirdwood_random, 3, seed=1,
                                            players=1))
    assert ww["tile"][0] > 0 and ww["dice"][0] > 0 and ww["card"][0] > 0
    low, high = ww["all"][1:]
    assert low <= ww["all"][0] <= high


# -- skill --------------------------------------------------------------------------------
def test_skill_in_a_competitive_game_is_a_winning_share_against_the_random_bots_in_that_seat():
    # the roller (2 spaces a turn on average) against the walker (1): the race favours it;
    # two walkers: the first always wins, so a walker's share over both seats is one half
    result = skill(TOY, toy_game.roller_policy, toy_game.walker_policy, 40, competitive=True,
                   seed=2)
    assert result.measure == "winning share" and result.games == 40
    assert result.baseline[0] == 0.5 and result.baseline[1] < 0.5 < result.baseline[2] <= 1
    share, low, high = result.best
    assert low > 0.5 and low <= share <= high <= 1
    assert result.difference[0] == pytest.approx(share - 0.5)
    assert result.difference[1] > 0 and result.difference[2] <= 1


def test_win_rates_pair_two_runs_of_the_same_games():
    found = win_rates([True, True, False, True], [False, False, False, True])
    assert found.measure == "win rate" and found.games == 4
    assert found.best[0] == 0.75 and found.baseline[0] == 0.25
    assert found.best[1] < 0.75 < found.best[2] and found.baseline[1] < 0.25
    assert found.difference[0] == 0.5 and -1 <= found.difference[1] < 0.5 < found.difference[2]
    with pytest.raises(ValueError, match="same games"):
        win_rates([True], [True, False])


def test_skill_in_ludwig_and_weirdwood():
    from manorkit.ludwig.policies import heuristic_policy, random_policy

    lw = skill("manorkit.ludwig", heuristic_policy, random_policy, 4, players=2,
               competitive=True, seed=1)
    assert lw.best[0] > 0.5
    from manorkit.weirdwood import load_rules
    from manorkit.weirdwood.policies import heuristic_policy as wh
    from manorkit.weirdwood.policies import random_policy as wr

    ww = skill("manorkit.weirdwood", wh, wr, 6, players=2, rules=load_rules(monster="therus"),
               seed=1)
    assert ww.measure == "win rate" and ww.best[0] > ww.baseline[0] == 0
    assert ww.difference[0] == pytest.approx(ww.best[0] - ww.baseline[0])


# -- decision swing -----------------------------------------------------------------------
def test_the_toy_swing_hook_against_counting_the_die():
    state = toy_game.new_game()
    assert toy_game.decision_swing(state) == Fraction(0)  # 0 to go 6: neither reaches it
    for a in ("walk", "roll", "walk", "walk"):  # Ann at 1+..., Bo ...
        state = state.apply(toy_game.Act(a)) if state.player else state
        if state.is_chance:
            state = state.apply(toy_game.Chance(3))
    # whoever decides now: reaching 6 by rolling (faces 1-3) against walking one space
    at = state.positions[state.player]
    expected = abs(Fraction(sum(at + f >= 6 for f in (1, 2, 3)), 3) - int(at + 1 >= 6))
    assert toy_game.decision_swing(state) == expected


def test_lookahead_swing_reads_the_steps_the_decisions_lead_to():
    state = toy_game.new_game()
    for a in ("walk", "walk", "walk", "walk"):  # Ann and Bo at 2
        state = state.apply(toy_game.Act(a))

    def reach(after, player):  # the die takes the player to the goal
        return Fraction(sum(after.positions[player] + f >= 4 for f in after.faces), 3)
    # only rolling leads to a random step: no decision changes its odds
    assert lookahead_swing(state, reach) == 0
    assert lookahead_swing(state, lambda after, player: None) is None
    assert lookahead_swing(toy_game.new_game().apply(toy_game.Act("roll")), reach) is None


def test_generic_swing_needs_two_decisions_reaching_a_random_step():
    state = toy_game.new_game()
    assert generic_swing(state) is None  # only rolling leads to the die


def test_decision_swing_over_the_points_a_bot_meets():
    swing = decision_swing(TOY, toy_game.roller_policy, 10, seed=1)
    values = [v for s in day_seeds(1, 10) for v in swing_values(TOY, toy_game.roller_policy, s)]
    assert swing.points == len(values) > 0
    assert swing.mean[0] == pytest.approx(sum(values) / len(values))
    assert swing.largest == max(values) <= 1 and 0 <= swing.changing <= 1


def test_ludwig_decisions_never_move_the_next_card():
    from manorkit.ludwig.policies import random_policy

    swing = decision_swing("manorkit.ludwig", random_policy, 2, players=1, seed=3)
    assert swing.points > 0 and swing.largest == 0 and swing.changing == 0


def test_weirdwood_swing_is_the_calculators_spread():
    from manorkit.weirdwood import Pool, battle
    from manorkit.weirdwood.game import decision_swing as hook
    from manorkit.weirdwood.game.fight import player_pool

    from .weirdwood_helpers import clear_board, edit, opening

    state = opening(players=("Sekhmet", "Bailey"))

    def setup(t):
        clear_board(t)
        w = t.wardens["Sekhmet"]
        w.character = "Sekhmet"
        t.scarabs[w.place] = 2
        w.supply.update(power=1, min=1)
        t.ctx.update(played=True, attacks=1)
    state = edit(state, setup)
    w = state.table.wardens["Sekhmet"]
    mine, _ = player_pool(state.table, w, "scarabs")
    lands = [battle(mine._replace(**({d: getattr(mine, d) + 1} if d else {})),
                    Pool(balanced=2)).p(lambda o: o.dealt > 0)
             for d in (None, "balanced", "attack", "defense")]
    assert hook(state) == max(lands) - min(lands) > 0
    from manorkit.weirdwood.policies import heuristic_policy

    swing = decision_swing("manorkit.weirdwood", heuristic_policy, 2, players=2, seed=1)
    assert swing.points > 0 and 0 <= swing.mean[0] <= swing.largest <= 1


# -- sensitivity --------------------------------------------------------------------------
def test_a_band_over_the_ludwig_food_count():
    # the chance a 2-player Market shows a Food Room rests on the placeholder composition:
    # 7 or 21 Food cards instead of 14
    from manorkit.ludwig import load_rules, market_count

    rules = load_rules()
    food = [k for k in rules.rows("rooms.csv") if k.startswith("Food/")]
    copies = {k: rules.rows("rooms.csv")[k]["copies"] for k in food}

    def scaled(factor):  # (the Contents count follows the deck)
        edits = [["rooms.csv", k, "copies", str(round(n * factor))] for k, n in copies.items()]
        edits += [["rooms.csv", k, "swans", "0"] for k in food]
        extra = sum(round(n * factor) for n in copies.values()) - sum(copies.values())
        edits.append(["settings.csv", "room_cards", "value",
                      str(rules.setting("room_cards") + extra)])
        return edits

    few, many = (sum(round(n * f) for n in copies.values()) for f in (0.5, 1.5))
    band = sensitivity(lambda r: market_count(2, room_type="Food", rules=r).at_least(1), rules,
                       {f"{few} Food cards": scaled(0.5), f"{many} Food cards": scaled(1.5)},
                       name="P(a Food Room in the Market)", placeholder="rooms.csv copies")
    assert isinstance(band, Band) and band.flagged
    assert band.low < band.value < band.high
    assert band.values[f"{few} Food cards"] == band.low and "⚑ rooms.csv copies" in band.text()
    assert band.value == float(market_count(2, room_type="Food").at_least(1))


def test_a_band_over_a_variant():
    from manorkit.weirdwood import Pool, attack_scarabs, load_rules

    rules = load_rules()

    def cleared(r):
        return attack_scarabs(Pool(balanced=1, attack=1), 3, rules=r).p(
            lambda o: o.defeated + o.escaped == 3)
    band = sensitivity(cleared, rules, {"one face each": {"balanced_die": "one_face_each"}},
                       placeholder="battle_dice.csv counts")
    assert band.values["one face each"] != band.value


# -- one game measured, and the table -------------------------------------------------------------
def test_measure_bands_every_number_a_placeholder_moves():
    rules = toy_game.Rules()
    m = measure("toy", TOY, toy_game.roller_policy, toy_game.walker_policy, 12,
                competitive=True, rules=rules, seed=3, swing_games=4,
                readings={"a d2": {"die": "d2"}, "a d4": {"die": "d4"}}, placeholder="the die")
    plain = skill(TOY, toy_game.roller_policy, toy_game.walker_policy, 12, competitive=True,
                  rules=rules, seed=3)
    assert m.skill == plain
    assert m.events == events_per_decision(simulate_games(TOY, toy_game.roller_policy, 12,
                                                          rules=rules, seed=3))
    bands = {b.name: b for b in m.bands}
    # every roll decision leads to one die: dice per decision never moves with the die
    assert "dice" not in bands and "all" not in bands
    # the swing hook reads the die's faces
    d2 = decision_swing(TOY, toy_game.roller_policy, 4, rules=rules.with_variants(die="d2"),
                        seed=3)
    assert bands["swing"].values["a d2"] == d2.mean[0] != m.swing.mean[0]
    assert all(b.placeholder == "the die" and b.low <= b.value <= b.high for b in m.bands)
    shown = table([m]).iloc[0]
    assert shown[HEADS["swing"]].endswith("⚑") and not shown[HEADS["dice"]].endswith("⚑")
    assert shown[HEADS["bands"]] == "the die"
    assert set(bands_table([m])["number"]) == {HEADS[k] for k in bands}
    numbers = frame([m]).iloc[0]
    assert numbers["swing"] == m.swing.mean[0] and numbers["games"] == m.skill.games
    with pytest.raises(ValueError, match="rules"):
        measure("toy", TOY, toy_game.roller_policy, toy_game.walker_policy, 2,
                readings={"a d2": {"die": "d2"}})


def test_the_five_games_setup():
    from manorkit import five_games

    shown = five_games.settings()
    assert list(shown["game"]) == [s.name for s in five_games.GAMES] and len(shown) == 5
    ludwig = next(s for s in five_games.GAMES if s.game == "manorkit.ludwig")
    rules = five_games._load(ludwig.rules)()
    readings = ludwig.readings(rules)
    food = sum(rules.rows("rooms.csv")[k]["copies"] for k in rules.rows("rooms.csv")
               if k.startswith("Food/"))
    for label, edits in readings.items():
        changed = rules.with_edits(edits)
        count = sum(changed.rows("rooms.csv")[k]["copies"] for k in changed.rows("rooms.csv")
                    if k.startswith("Food/"))
        assert label == f"{count} Food Rooms" and count != food
        assert changed.setting("room_cards") - rules.setting("room_cards") == count - food
