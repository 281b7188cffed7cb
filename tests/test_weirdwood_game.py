"""Weirdwood Manor as a game: a scenario test per rule, an agreement test per random step
(the engine's ``chance_outcomes`` against the calculators), golden games, random play with
invariants, JSON and undo, bad actions, hidden information, simulation on the local and
process backends, and the bots."""

import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from manorkit.dist import Dist
from manorkit.gamestate import SaveError
from manorkit.sim.games import play_game, simulate_games
from manorkit.weirdwood import (
    IllegalAction,
    Pool,
    State,
    attack_scarabs,
    battle,
    d12_room,
    load_rules,
    monster_draw,
    new_game,
    roll,
    setup_scarabs,
    spawn,
)
from manorkit.weirdwood.board import THRONE, skitter
from manorkit.weirdwood.game import (
    Advance,
    Attack,
    Choose,
    CounterSpell,
    Draw,
    EndTurn,
    MoveLady,
    Play,
)
from manorkit.weirdwood.game import steps as engine
from manorkit.weirdwood.game.fight import lady_hits, monster_pool, player_pool
from manorkit.weirdwood.game.monster import scarab_phase
from manorkit.weirdwood.policies import heuristic_policy, random_policy

from .golden import weirdwood_games
from .weirdwood_helpers import RULES, clear_board, edit, opening

GAME = "manorkit.weirdwood"


def to_end(state, policy=random_policy, seed=0):
    rng = random.Random(seed)
    while not state.is_over:
        state = state.resolve(rng) if state.is_chance else state.apply(policy(state, rng))
    return state


# -- Setup ------------------------------------------------------------------------------------
def test_setup_places_tiles_scarabs_companions_hands_and_the_monster():
    state = new_game(seed=4, players=3)
    kinds = Counter()
    while state.is_chance:
        kinds[state.table.todo[0][0]] += 1
        state = state.resolve()
    t = state.table
    rings = RULES.rows("rings.csv")
    assert kinds["tile"] == sum(r["placed"] for r in rings.values()) == 27
    assert len(t.rooms) == 12 + 12 + 6 + 1 and len(set(t.rooms.values())) == len(t.rooms)
    assert t.scarabs[THRONE] == RULES.number("throne_scarabs") == 6
    rolled = sum(t.scarabs.values()) - 6 - RULES.positions("inner")
    assert rolled == kinds["room_dice"] == 3
    assert all(n == 1 for p, n in t.scarabs.items() if p != THRONE)  # no room rolled twice
    assert len(t.offer) == 4 and t.wardens_left == 26
    for w in t.wardens.values():
        assert w.health == 3 and len(w.hand) == 3 and "Shadow Steps" in w.hand
        assert w.place == t.place_of("Entrance Hall")
        assert w.permanent == RULES.rows("characters.csv")[w.character]["balanced_start"]
    assert t.lady_at == THRONE and sum(t.cubes.values()) == 18 and t.upcoming is not None
    assert t.monster_at[0] == "outer" and t.time == 0 and state.player == "Bailey"


def test_the_less_time_variant_and_each_monsters_setup():
    less = opening(rules=RULES.with_variants(less_time="less"))
    assert less.table.time == 3 * 12  # Day 4 against the Chaos Ogre
    wraith = opening(monster="Mîn Wraith")
    assert wraith.table.monster_at == wraith.table.place_of("Terrace of Temporal Rifts")
    therus = opening(monster="Therus")
    assert therus.table.monster_at == THRONE and therus.table.upcoming is None
    assert therus.table.lady == RULES.track_value("Therus", "corruption_start")
    assert opening(rules=RULES.with_variants(monster="therus")).monster == "Therus"
    no_forge = opening(rules=RULES.with_variants(forge_rooms="no_forge"))
    assert "Forge Arcanum" not in no_forge.table.rooms.values()


# -- The turn ---------------------------------------------------------------------------------
def test_a_card_goes_to_an_empty_slot_and_time_stops_on_its_time_of_day():
    state = opening()
    w = state.table.wardens["Bailey"]
    plays = [a for a in state.legal_actions() if isinstance(a, Play)]
    assert {a.slot for a in plays} == {0, 1, 2, 3} and {a.face_up for a in plays} == {True,
                                                                                       False}
    state = state.apply(Play("Shadow Steps", 3, True))  # the Night slot
    assert state.legal_actions() == [Advance(9), Advance(10), Advance(11)]
    state = state.apply(Advance(9))
    assert state.table.time == 9 and "Shadow Steps" not in state.table.wardens["Bailey"].hand
    assert state.table.ctx["moves"] == 2
    assert EndTurn() in state.legal_actions() and w.hand  # (the old state is unchanged)


def test_a_face_down_card_gives_a_move_an_attack_or_a_resource():
    state = opening()
    card = state.table.wardens["Bailey"].hand[0]
    state = state.apply(Play(card, 0, False)).apply(Advance(1))
    assert [a.option for a in state.legal_actions()] == ["Move", "Attack", "Mîn", "Knowledge",
                                                         "Scarab"]
    state = state.apply(Choose("facedown", "Knowledge"))
    assert state.table.wardens["Bailey"].supply["knowledge"] == 1


def test_ending_the_turn_resolves_a_monster_card_resets_full_slots_and_draws_up():
    state = opening()

    def full(t):
        w = t.wardens["Bailey"]
        w.played = {i: ("Action card 13", True, False) for i in range(3)}
        w.hand = ["Shadow Steps"]
    state = edit(state, full)
    upcoming = state.table.upcoming
    state = state.apply(Play("Shadow Steps", 3, True)).apply(Advance(9)).apply(EndTurn())
    ended = state.depth
    while state.is_chance:
        state = state.resolve()
    effects = " ".join(state.log["effect"][ended - 1:])
    assert f"{upcoming} card" in effects and "the Scarab Phase" in effects
    assert effects.index(f"{upcoming} card") < effects.index("the Scarab Phase")
    assert state.table.wardens["Bailey"].played == {}
    w = state.table.wardens["Bailey"]
    assert len(w.hand) == w.health and state.player == "Sekhmet"


def test_the_scarab_phase_moves_scarabs_outward_then_fills_the_inner_rooms():
    state = opening()

    def setup(t):
        clear_board(t)
        t.scarabs[("middle", 0)] = 1
        t.scarabs[("inner", 0)] = 2
        scarab_phase(t)
    after = edit(state, setup).table
    dest = skitter(RULES, ("middle", 0), state.table.time)
    inner_dest = skitter(RULES, ("inner", 0), state.table.time)
    assert dest is not None
    assert after.scarabs[("middle", 0)] == (2 if inner_dest == ("middle", 0) else 0)
    for s in range(RULES.positions("inner")):
        assert after.scarabs[("inner", s)] >= 1  # every empty inner room gets one
    assert after.scarabs[THRONE] == 6  # a full Throne Room gets no more


def test_two_scarabs_blight_a_flippable_room_and_the_threat_can_lose():
    state = opening()
    fixed = state.table.place_of("Entrance Hall")
    other = next(p for p, r in state.table.rooms.items()
                 if RULES.rows("rooms.csv")[r]["fixed"] == "no" and p[0] == "outer")
    from manorkit.weirdwood.game.common import spawn as spawn_in

    def setup(t):
        spawn_in(t, fixed, 2)
        spawn_in(t, other, 2)
    t = edit(state, setup).table
    assert fixed not in t.blighted and other in t.blighted
    top = max(int(k) for k in RULES.rows("blight_threat.csv"))
    rooms = [p for p, r in t.rooms.items() if RULES.rows("rooms.csv")[r]["fixed"] == "no"
             and p != THRONE][:top]

    def many(t):
        for p in rooms:
            spawn_in(t, p, 2)
    assert edit(state, many).table.over == "lost: the Blight Threat reached its maximum"


def test_health_runs_1_to_6_and_6_scores_xp():
    from manorkit.weirdwood.game.common import heal, lose_health

    state = opening()

    def hurt(t):
        w = t.wardens["Bailey"]
        assert lose_health(t, w, 5) == 2 and w.health == 1
        heal(t, w, 9)
        assert w.health == 6 and w.xp == RULES.number("max_health_xp")
    edit(state, hurt)


def test_damage_goes_to_health_dice_or_power_tokens():
    state = opening()

    def setup(t):
        w = t.wardens["Bailey"]
        w.dice, w.health = ["attack"], 1
        w.supply["power"] = 1
        t.todo.insert(0, ("damage", "Bailey", 3))
    state = edit(state, setup)
    assert [a.option for a in state.legal_actions()] == ["Battle Die", "Power Token"]
    state = state.apply(Choose("damage", "Battle Die")).apply(Choose("damage", "Power Token"))
    w = state.table.wardens["Bailey"]
    assert w.dice == [] and w.permanent == 1 and w.supply["power"] == 0
    assert state.table.todo[0][0] == "turn"  # the last Hit is ignored: nothing left to lose


def test_lady_weirdwood_helps_by_monster():
    state = opening()

    def rescued(t):
        t.scarabs[THRONE] = 0
        t.lady_at = t.wardens["Bailey"].place
        t.wardens["Bailey"].supply["min"] = 1
    t = edit(state, rescued)
    w = t.table.wardens["Bailey"]
    assert lady_hits(t.table, w, "monster") == RULES.number("ogre_lady_hits") == 2
    assert any(isinstance(a, MoveLady) for a in t.legal_actions())
    wraith = opening(monster="Mîn Wraith")
    for life, hits in ((3, 0), (4, 1), (7, 2), (10, 3)):
        def at_life(t, life=life):
            t.lady, t.lady_at = life, t.wardens["Bailey"].place
        s = edit(wraith, at_life)
        assert lady_hits(s.table, s.table.wardens["Bailey"], "monster") == hits
    therus = opening(monster="Therus")

    def counter(t):
        clear_board(t)
        t.scarabs[THRONE] = 0
        t.monster_at = ("outer", 3)
        t.wardens["Bailey"].place = THRONE
        t.wardens["Bailey"].supply.update(min=4)
    s = edit(therus, counter)
    assert CounterSpell() in s.legal_actions()
    s = s.apply(CounterSpell())
    assert s.table.lady == RULES.track_value("Therus", "corruption_start") + 1
    assert s.table.wardens["Bailey"].supply["min"] == 0 and s.table.todo[0][0] == "xp"
    assert s.table.arms == [0, 0, 0]  # Therus siphons nothing of a counter-spell


def test_the_ogre_falls_when_his_18_cubes_are_gone():
    state = opening()

    def last(t):
        t.cubes = {k: 0 for k in t.cubes}
        t.cubes[("arms", 3)] = 1
        t.todo[:0] = [("wound", "Bailey"), ("check_win",)]
    state = edit(state, last)
    state = state.apply(Choose("wound", "arms"))
    assert state.table.over is None and state.table.todo[0] == ("room_dice", "spawn")
    state = state.resolve()
    assert state.is_over and state.won and state.winners == state.players


def test_time_running_out_loses():
    state = opening()
    state = edit(state, lambda t: setattr(t, "time", 12 * 12 - 1))
    state = state.apply(Play(state.table.wardens["Bailey"].hand[0], 0, True))
    assert state.legal_actions() == [Advance(1)]
    state = state.apply(Advance(1))
    assert state.over == "lost: time ran out" and state.winners == ()


def test_monster_cards_reshuffle_when_the_deck_runs_out():
    state = opening()

    def empty(t):
        t.deck = Counter()
        t.discards = Counter({"Attack": 2, "Move": 1})
        t.todo.insert(0, ("monster", "next"))
    state = edit(state, empty)
    assert dict(state.chance_outcomes()) == {Draw("monster", "Attack"): Fraction(2, 3),
                                             Draw("monster", "Move"): Fraction(1, 3)}
    state = state.apply(Draw("monster", "Move"))
    assert state.table.deck == Counter({"Attack": 2, "Move": 0}) and not state.table.discards


def test_therus_plans_are_resolved_in_order_at_the_end_of_the_turn():
    state = opening(monster="Therus")

    def plans(t):
        t.plans = ["Scarab", "Move"]
        t.ctx["played"] = True
    state = edit(state, plans)
    state = state.apply(EndTurn())
    ended = state.depth
    while state.is_chance:  # (the Scarab card's rolled room, the Move card's portal)
        state = state.resolve()
    text = " ".join(state.log["effect"][ended - 1:])
    assert text.index("Scarab card") < text.index("Move card") and not state.table.plans
    assert state.table.discards == Counter({"Scarab": 1, "Move": 1})


def test_scarab_xp_and_scarab_loss_variants():
    reduced = RULES.with_variants(scarab_xp="reduced")
    assert (reduced.number("scarab_kept_xp"), reduced.number("scarab_returned_xp")) == (0, 1)
    state = opening(rules=RULES.with_variants(scarab_loss="loss"))
    from manorkit.weirdwood.game.common import spawn as spawn_in

    def flood(t):
        t.wardens["Bailey"].supply["scarab"] = 50 - sum(t.scarabs.values())
        spawn_in(t, ("outer", 1), 1)
    assert "none was left" in edit(state, flood).table.over


# -- Agreement: every random step against the calculators ------------------------------------
def test_a_battle_is_the_calculators_rolls():
    state = opening()
    here = state.table.wardens["Bailey"].place

    def setup(t):
        t.scarabs[here] = 2
        t.ctx.update(played=True, attacks=1)
        t.wardens["Bailey"].dice = ["attack"]
    state = edit(state, setup).apply(Attack())
    mine, _ = player_pool(state.table, state.table.wardens["Bailey"], "scarabs")
    engine_dist = {o.value: p for o, p in state.chance_outcomes()}
    joint = roll(mine, RULES).combine(roll(Pool(balanced=2), RULES), lambda a, d: (a, d))
    assert engine_dist == dict(joint.map(engine_fight_text))
    # and mapped to the fight: attack_scarabs, with skittering as the room allows
    can = skitter(RULES, here, state.table.time) is not None if here[0] != "outer" else False
    scarabs = attack_scarabs(mine, 2, skitter=can, rules=RULES)
    mapped = Dist(engine_dist).map(lambda v: _scarab_fight(v, 2, can))
    assert mapped == scarabs.map(lambda o: (o.defeated, o.escaped, o.taken))


def engine_fight_text(pair):
    from manorkit.weirdwood.game.fight import roll_text

    return roll_text(pair)


def _scarab_fight(value, n, can):
    from manorkit.weirdwood.game.fight import parse_rolls

    (h, b, _), (h2, b2, s2) = parse_rolls(value)
    escaped = min(s2, n) if can else 0
    return min(max(0, h - b2), n - escaped), escaped, max(0, h2 - b)


def test_a_monster_battle_is_battle():
    state = opening()

    def setup(t):
        clear_board(t)
        t.monster_at = t.wardens["Bailey"].place
        t.ctx.update(played=True, attacks=1)
    state = edit(state, setup).apply(Attack())
    mine, _ = player_pool(state.table, state.table.wardens["Bailey"], "monster")
    engine_dist = Dist({o.value: p for o, p in state.chance_outcomes()})
    from manorkit.weirdwood.game.fight import parse_rolls

    mapped = engine_dist.map(lambda v: (lambda a, d: (max(0, a[0] - d[1]),
                                                      max(0, d[0] - a[1])))(*parse_rolls(v)))
    exact = battle(mine, monster_pool(state.table), RULES).map(lambda o: (o.dealt, o.taken))
    assert mapped == exact


def test_room_dice_are_spawn_and_setup_rerolls_occupied_rooms():
    state = new_game(seed=1)
    while state.table.todo[0][0] != "room_dice":
        state = state.resolve()
    for _ in range(RULES.number("setup_rolled_scarabs")):  # each roll: spawn, given empty
        t = state.table
        engine_dist = Dist({t.place_of(o.value): p for o, p in state.chance_outcomes()})
        assert engine_dist == spawn(1, RULES).given(lambda p, t=t: not t.scarabs[p])
        state = state.resolve()
    # the three rolls chained by that reading are setup_scarabs
    inner = {("inner", s) for s in range(RULES.positions("inner"))}
    chain = Dist.constant(())
    for _ in range(3):
        chain = Dist.mixture((p, spawn(1, RULES).given(
            lambda r, s=s: r not in inner | set(s)).map(lambda r, s=s: tuple(sorted((*s, r)))))
            for s, p in chain)
    assert chain == setup_scarabs(1, 3, RULES)


def test_the_d12_wraith_die_cards_tiles_and_companions():
    state = opening()

    def roll_d12(t):
        t.todo.insert(0, ("d12", "Gambler's Den", "Bailey"))
    s = edit(state, roll_d12)
    assert {o.value: p for o, p in s.chance_outcomes()} == {
        str(k): Fraction(1, 12) for k in range(1, 13)}
    assert d12_room("Gambler's Den", RULES).p("1 resource of your choice") == Fraction(4, 12)
    wraith = opening(monster="Mîn Wraith")
    s = edit(wraith, lambda t: t.todo.insert(0, ("wraith_die",)))
    faces = RULES.wraith_die()
    assert {o.value: p for o, p in s.chance_outcomes()} == {
        k: Fraction(n, sum(faces.values())) for k, n in faces.items()}
    s = edit(state, lambda t: t.todo.insert(0, ("monster", "next")))
    assert {o.value: p for o, p in s.chance_outcomes()} == dict(monster_draw(state.table.deck))
    fresh = new_game(seed=0)
    ring = fresh.table.todo[0][1]
    tiles = [n for n, r in RULES.rows("rooms.csv").items() if r["ring"] == ring
             and r["fixed"] == "no"]
    assert {o.value for o, _ in fresh.chance_outcomes()} == set(tiles)
    assert all(p == Fraction(1, len(tiles)) for _, p in fresh.chance_outcomes())
    draws = edit(state, lambda t: t.todo.insert(0, ("draw", "Bailey")))
    pile = engine.draw_pile(state.table, state.table.wardens["Bailey"])
    assert {o.value: p for o, p in draws.chance_outcomes()} == {
        c: Fraction(n, sum(pile.values())) for c, n in pile.items()}


# -- Golden games -----------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(weirdwood_games.GAMES))
def test_golden_game_matches_its_log(name):
    path = weirdwood_games.LOGS / f"{name}.txt"
    assert path.exists(), f"no log: python -m tests.golden.weirdwood_games {name}"
    assert weirdwood_games.log_text(weirdwood_games.play(weirdwood_games.GAMES[name])) == \
        path.read_text(), f"{name} changed; if on purpose: python -m tests.golden.weirdwood_games"


# -- Random play: invariants, JSON, undo ------------------------------------------------------
def check(state: State) -> None:
    t = state.table
    held = sum(w.supply["scarab"] for w in t.wardens.values())
    assert sum(t.scarabs.values()) + held <= RULES.number("scarabs")
    assert all(n > 0 for n in t.scarabs.values())
    for w in t.wardens.values():
        assert 1 <= w.health <= 6 and all(v >= 0 for v in w.supply.values())
        assert len(w.played) <= len(w.slots)
    assert 0 <= t.time < 144
    assert t.blighted <= set(t.rooms) - {THRONE}


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(1, 3),
       monster=st.sampled_from(["Chaos Ogre", "Mîn Wraith", "Therus"]))
def test_random_play_keeps_the_invariants_replays_and_undoes(seed, players, monster):
    rng = random.Random(seed)
    state = new_game(seed=seed, players=players, monster=monster)
    middle = None
    while not state.is_over:
        state = state.resolve(rng) if state.is_chance else state.apply(
            random_policy(state, rng))
        check(state)
        if state.depth == 80:
            middle = state
    again = State.from_json(state.to_json())
    assert again.history == state.history and again.over == state.over
    assert state.at(80).history == middle.history
    assert state.at(80).log.equals(middle.log)


# -- Bad input --------------------------------------------------------------------------------
def test_illegal_actions_raise_and_change_nothing():
    state = opening()
    before = (state.history, state.table.time, dict(state.table.scarabs))
    for bad in (Attack(), EndTurn(), Play("Nope", 0, True), Advance(3), "attack", None,
                Draw("battle", "x")):
        with pytest.raises(IllegalAction):
            state.apply(bad)
    assert (state.history, state.table.time, dict(state.table.scarabs)) == before
    with pytest.raises(IllegalAction):
        state.chance_outcomes()
    fresh = new_game()
    with pytest.raises(IllegalAction):
        fresh.apply(Draw("tile", "Throne Room"))
    with pytest.raises(SaveError):
        State.from_json('{"game": "ludwig"}')
    with pytest.raises(ValueError, match="monster"):
        new_game(monster="Dragon")
    with pytest.raises(ValueError, match="players"):
        new_game(players=9)


# -- Hidden information -----------------------------------------------------------------------
def test_the_heuristic_decides_from_what_its_player_may_see():
    state = opening()
    swapped = edit(state, lambda t: setattr(t.wardens["Sekhmet"], "hand",
                                            ["Action card 13"] * 3))
    assert state.observation("Bailey") == swapped.observation("Bailey")
    assert "Action card 13" not in str(state.observation("Bailey")["wardens"]["Sekhmet"])
    rng = random.Random(0)
    assert heuristic_policy(state, rng) == heuristic_policy(swapped, random.Random(0))


# -- Simulation and bots ----------------------------------------------------------------------
def test_simulate_on_local_and_processes_gives_the_same_table():
    local = simulate_games(GAME, random_policy, 6, seed=3, players=2, batch=2)
    pooled = simulate_games(GAME, random_policy, 6, seed=3, players=2, batch=4,
                            backend="processes", processes=2)
    assert local.equals(pooled)
    assert (local["chance_dice"] > 0).all() and (local["chance_tile"] == 27).all()
    assert {"day", "outcome", "monster health"} <= set(local.columns)


def test_simulate_on_dask_gives_the_same_table():
    from distributed import Client, LocalCluster

    local = simulate_games(GAME, random_policy, 4, seed=8, players=1)
    with LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        remote = simulate_games(GAME, random_policy, 4, seed=8, players=1, backend="dask",
                                client=client)
    assert local.equals(remote)


def test_the_heuristic_beats_the_random_bot():
    therus = load_rules(monster="therus")
    wins = sum(play_game(GAME, heuristic_policy, s, rules=therus, players=2).won
               for s in range(6))
    assert wins >= 2  # the random bot wins none (benchmarks/peer_bots.py: hundreds of games)
    ogre = [play_game(GAME, p, 1, players=2) for p in (heuristic_policy, random_policy)]
    assert sum(ogre[0].table.cubes.values()) < sum(ogre[1].table.cubes.values())


def test_the_stepper_steps_a_weirdwood_game():
    from manorkit.widgets import RunStepper

    stepper = RunStepper(game=GAME, seed=3)
    assert set(stepper.policies) == {"random", "heuristic"}
    while stepper.state.is_chance:
        stepper.roll()
    assert stepper.state.player == "Bailey"
    stepper.bot_step("heuristic")
    assert stepper.state.depth > 0 and "weirdwood-board" in stepper.board.value


def test_every_room_action_runs():
    """Each room of the Room Reference, used by a player with resources to spare."""
    for room in RULES.rows("rooms.csv"):
        state = opening()

        def there(t, room=room):
            clear_board(t)
            from .weirdwood_helpers import put

            put(t, room, ("outer", 4) if room != "Throne Room" else THRONE)
            if room == "Throne Room":
                t.scarabs[THRONE] = 0
            w = t.wardens["Bailey"]
            w.place = t.place_of(room)
            w.supply.update(min=5, knowledge=5, scarab=1, power=2)
            w.companions, w.exhausted = ["Companion 1"], {"Companion 1"}
            t.monster_at = ("middle", 7)
            t.ctx["room_ok"] = True
        state = edit(state, there)
        state = state.apply(next(a for a in state.legal_actions()
                                 if str(a) == "use the room's action"))
        rng = random.Random(1)
        for _ in range(30):  # answer its questions
            if state.is_chance:
                state = state.resolve(rng)
            elif state.table.todo[0][0] != "turn":
                state = state.apply(state.legal_actions()[0])
        assert state.table.todo[0][0] == "turn", room
