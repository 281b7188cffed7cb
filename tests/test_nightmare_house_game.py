"""Nightmare House played: a scenario test per rule, the engine's random steps against the
calculators, the Doran example, bad actions, hidden information, the bots and simulation."""

import html
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from manorkit.dist import Dist
from manorkit.gamestate import Chance, IllegalAction
from manorkit.nightmare_house import (
    HOUSE,
    State,
    astral,
    astral_entry,
    character_draw,
    contests,
    cups,
    exorcism,
    haunt_draw,
    healing,
    house,
    house_draw,
    hunter_draw,
    lights_off,
    lights_on,
    load_rules,
    lost_landing,
    new_game,
    panic,
    possession_attack,
    possession_defence,
    power_draw,
    search,
    warding,
)
from manorkit.nightmare_house.actions import Go, Pass
from manorkit.nightmare_house.astral_play import circle_of
from manorkit.nightmare_house.board import Haunt
from manorkit.nightmare_house.discoveries import unseen
from manorkit.nightmare_house.haunt_phase import haunt_moves, hunter_roll
from manorkit.nightmare_house.phases import destinations
from manorkit.nightmare_house.policies import heuristic_policy, random_policy
from manorkit.sim.games import play_game, simulate_games

from .golden.games import choose
from .golden.games_nightmare_house import SETUP

RULES = load_rules()
GAME = "manorkit.nightmare_house"
TWO = ("House", "Hunter 1", "Hunter 2")


def do(state, *steps):
    for text in steps:
        state = state.apply(choose(state, text))
    return state


def roll(state, pick=max):
    """``state`` after the pending random step's highest (or ``pick``) outcome."""
    return state.apply(pick(state.chance_outcomes(), key=lambda o: o[0].value)[0])


def names(options) -> list[str]:
    return [str(o) for o in options]


def outcomes(state) -> dict:
    return {c.value: p for c, p in state.chance_outcomes()}


def ready(characters=("Kate", "Doran"), rules=RULES, seed=0, entity=5):
    """The House's setup made (Foci on the Kitchen and Laundry, the markers drawn), up to
    the first decision of 6 PM."""
    players = ("House", *(f"Hunter {i + 1}" for i in range(len(characters))))
    state = new_game(rules, seed, players, characters=characters)
    state = do(state, f"the Entity: Circle {entity}", *SETUP[1:7])
    while not state.board.queue[0].kind == "under":
        state = state.resolve()
    while state.board.queue[0].kind in ("under", "discovery", "reveal"):
        state = state.apply(state.legal_actions()[0])
    while state.is_chance:
        state = state.resolve()
    return state


def edited(state, **hunters):
    """A copy of ``state`` with Hunters' fields set (``Hunter_1={"space": ...}``) and the
    rest of the board unchanged (``board`` may be a function changing the copy): a test's
    table, played on to the next step that offers something."""
    board = state.board.copy()
    change = hunters.pop("board", None)
    for key, fields in hunters.items():
        h = board.hunters[key.replace("_", " ")]
        for name, value in fields.items():
            setattr(h, name, value)
    if change:
        change(board)
    board.advance(state.rules, lambda effect, section: None)  # skip what offers nothing now
    return State(state.rules, state.seed, state.players, board, options=state.options)


def until(state, kind: str, limit: int = 400, policy=random_policy, seed: int = 0):
    """Play on with ``policy`` until the next step is of ``kind``."""
    rng = random.Random(seed)
    for _ in range(limit):
        assert not state.is_over, f"the game ended ({state.over}) before a {kind} step"
        if state.board.queue and state.board.queue[0].kind == kind and (
                state.is_chance or state.legal_actions()):
            return state
        state = state.resolve(rng) if state.is_chance else state.apply(policy(state, rng))
    raise AssertionError(f"no {kind} step within {limit} steps")


# -- setup ---------------------------------------------------------------------------------------

def test_setup_as_part_3_gives_it():
    state = new_game(players=3)
    b = state.board
    assert state.players == TWO and b.started == 2
    assert all(h.space == "Front Veranda" for h in b.hunters.values())
    assert all(b.axes.values()) and len(b.axes) == 12 and len(b.rooms) == 36
    assert state.is_chance and state.chance_outcomes()[0][0].label == "Character drawn by " \
        "Hunter 1"
    assert outcomes(state) == dict(character_draw(RULES))
    state = do(state, "Character drawn by Hunter 1: Kate", "Character drawn by Hunter 2: Holt")
    assert names(state.legal_actions()) == [f"the Entity: Circle {c}" for c in (5, 6, 7)]
    state = do(state, "the Entity: Circle 6", "Focus Marker 1: Kitchen")
    assert "Focus Marker 2: Kitchen" not in names(state.legal_actions())
    state = do(state, "Focus Marker 2: Laundry")
    for space in ("Graveyard", "Crypt", "Cellar", "Tower"):
        assert str(state.legal_actions()[0]).startswith(f"Immobile Haunt in the {space}")
        state = state.apply(state.legal_actions()[0])
    assert outcomes(state) == dict(power_draw(cups.power_cup(RULES), 4))
    state = do(state, "Power Markers drawn for the Immobile Haunts: (1, 2, 3, 3)")
    for _ in range(4):
        state = state.apply(state.legal_actions()[-1])
    b = state.board
    assert sorted(h.power for h in b.haunts) == [(1,), (2,), (3,), (3,)]
    assert sum(b.cup.values()) == 60 - 4 and b.house_power == ()
    for _ in range(8):
        state = state.apply(state.legal_actions()[0])
    assert len(state.board.discoveries) == 8
    # Holt's Hunter flips 2 of the 4 Immobile Haunts
    assert state.player == "Hunter 2" and len(state.legal_actions()) == 4
    state = state.apply(state.legal_actions()[0])
    state = state.apply(state.legal_actions()[0])
    assert sum(h.revealed for h in state.board.haunts) == 2
    assert state.board.hour_name(RULES) == "6 PM" and state.is_chance


def test_solitaire_rules():
    state = new_game(players=("House", "Hunter 1"), characters=("Kate",), solitaire=True)
    assert names(state.legal_actions()) == ["the Entity: Circle 7"]
    state = ready(("Kate",))
    with pytest.raises(IllegalAction, match="one Hunter, whose Character is chosen"):
        new_game(players=3, solitaire=True)
    lone = new_game(players=("House", "Hunter 1"), characters=("Kate",), solitaire=True)
    lone = do(lone, "the Entity: Circle 7", *SETUP[1:7])
    lone = lone.resolve()
    assert len(lone.legal_actions()) == 1  # placed without looking, in the order drawn
    while lone.board.queue[0].kind == "under":
        lone = lone.apply(lone.legal_actions()[0])
    assert names(lone.legal_actions())[0].startswith("Discovery (a face-down Discovery")
    assert state.board.entity == 5


def test_players_and_characters_are_checked():
    with pytest.raises(IllegalAction, match="2 to 5 players"):
        new_game(players=6)
    with pytest.raises(IllegalAction, match="the House"):
        new_game(players=("Hunter 1", "House"))
    with pytest.raises(IllegalAction, match="different Characters"):
        new_game(players=3, characters=("Kate", "Kate"))
    assert new_game(players=5).board.started == 4


# -- the Soul Track ------------------------------------------------------------------------------

def _haunt(b, name: str, space: str, power=(2,)):
    b.made += 1
    h = Haunt(b.made, name, True, power)
    h.space = space
    b.haunts.append(h)
    return h


def _haunted(hunter_1: dict, hunter_2: dict, haunt: str, house_power=()):
    """At the first Movement decision, both Hunters put in the Kitchen with ``haunt`` there;
    everyone passes until the House's Haunting roll."""
    state = until(ready(), "move", policy=_passer)
    state = edited(state, Hunter_1={"space": "Kitchen", **hunter_1},
                   Hunter_2={"space": "Kitchen", **hunter_2},
                   board=lambda b: (_haunt(b, haunt, "Kitchen"),
                                    setattr(b, "house_power", house_power)))
    return until(state, "house_roll", policy=_passer)


def test_losing_a_haunting_costs_markers_then_soul_boxes_and_the_winners_are_paid():
    state = _haunted({"power": (1,), "soul": 6}, {"power": (), "soul": 6}, "Bats",
                     house_power=(3,))
    haunt = next(h for h in state.board.haunts if h.name == "Bats")
    assert outcomes(state) == dict(contests.house_total(RULES, "Bats", power=(2,),
                                                        hour="6 PM", space="Kitchen"))
    state = roll(state)  # 13: the die's 6, a marker of 2, Bats' 5
    kate = hunter_roll(state.board, RULES, "Hunter 1", haunt)
    assert kate == contests.hunter_total(RULES, "Kate", "physical", companions=1)
    assert outcomes(state) == dict(kate)  # 1 die + 5 Physical + 2 for Doran beside her
    state = roll(state, min)
    b = state.board
    # Bats is Physical: 2 markers due; Kate gives 1 (1 box) and owes 1 (2 boxes)
    assert b.hunters["Hunter 1"].power == () and b.hunters["Hunter 1"].soul == 6 - 1 - 2
    assert b.house_power == (1, 3)
    state = roll(state)  # Doran's 13 holds against 13
    assert state.board.hunters["Hunter 2"].power == (1,)  # the House pays its lowest


def test_the_house_pays_winners_in_move_order_while_it_can():
    state = _haunted({"power": ()}, {"power": ()}, "Spectre", house_power=(2,))
    state = roll(roll(roll(state, min)))
    b = state.board
    assert b.hunters["Hunter 1"].power == (2,) and b.hunters["Hunter 2"].power == ()


def test_a_vulnerable_soul_that_cannot_pay_dies():
    state = _haunted({"power": (), "soul": 0, "psyche_vulnerable": True}, {}, "Spectre")
    state = roll(roll(state), min)
    h = state.board.hunters["Hunter 1"]
    assert h.dead and h.possessed and not h.active
    assert any("dies" in e for e in state.log.effect)


def _passer(state, rng):
    """Decline whatever may be declined; else the first option."""
    actions = state.legal_actions()
    return next((a for a in actions if isinstance(a, Pass)), actions[0])


# -- movement ------------------------------------------------------------------------------------

def test_movement_points_cost_and_the_dark():
    state = until(ready(("Holt", "Lemuel")), "move", policy=_passer)
    b = state.board
    reach = destinations(b, RULES, "Hunter 1")  # Holt: Physical 6, all Lights On
    assert reach["Main Hall"] == 1 and reach["Reception Room"] == 2
    assert reach["Garden"] == 2  # always Dark: 1 MP doubled
    assert "Crypt" not in reach  # Garden 2, Back Veranda 2, Graveyard 4: over 6
    dark = edited(state, board=lambda x: x.lights.update(dict.fromkeys(x.lights, False)))
    assert destinations(dark.board, RULES, "Hunter 1")["Main Hall"] == 2
    assert destinations(dark.board, RULES, "Hunter 2")["Main Hall"] == 1  # Lemuel
    lit = edited(dark, Hunter_1={"tools": ("Candle",)})
    assert destinations(lit.board, RULES, "Hunter 1")["Main Hall"] == 1
    haunted = edited(state, board=lambda x: _haunt(x, "Rats", "Main Hall"))
    around = destinations(haunted.board, RULES, "Hunter 1")  # he stops in the Main Hall
    assert around["Main Hall"] == 1 and "Upstairs Hall" not in around
    assert around["Reception Room"] == 5  # the long way: Garden, Conservatory, Sitting Room


def test_haunts_move_six_through_walls_if_psychic_and_never_onto_a_pentagram():
    b = ready().board.copy()
    rats = _haunt(b, "Rats", "Attic")
    mist = _haunt(b, "Creeping Mist", "Kitchen")
    bats = _haunt(b, "Bats", "Tea Room")
    assert max(haunt_moves(b, RULES, rats).values()) <= RULES.number("haunt_mp")
    assert haunt_moves(b, RULES, mist)["Nursery"] == 1  # through the ceiling
    bats.space = "Kitchen"
    assert haunt_moves(b, RULES, bats)["Nursery"] == 4  # by the doors and back stairs
    b.pentagram = ("Hunter 1", "Nursery")
    assert "Nursery" not in haunt_moves(b, RULES, mist)
    b.tools["Scullery"] = ("Rosary",)
    assert "Scullery" not in haunt_moves(b, RULES, mist)
    assert "Kitchen" not in haunt_moves(b, RULES, rats)  # two Mobile Haunts stand there


def test_a_panicked_character_is_moved_at_most_three_spaces():
    state = until(ready(), "move", policy=_passer)
    state = edited(state, Hunter_1={"panicked": True})
    state = until(state, "panic", policy=_passer)
    state = state.apply(Chance(6, "Panic check by Hunter 1", "dice"))
    assert state.player == HOUSE
    far = {str(a).split(" to ")[1] for a in state.legal_actions()}
    start = state.board.hunters["Hunter 1"].space
    assert far == set(house.within(RULES, start, RULES.number("panic_spaces")))
    assert "Tower" not in far and state.board.hunters["Hunter 1"].psyche_vulnerable


# -- Exorcism and the Focus Markers ---------------------------------------------------------------

def _at_astral(characters=("Doran",), point=(4, 6), entity=5, axes=(4, 6)):
    """Hunter 1's Astral Body on ``point`` at his Exorcism decision, the House controlling
    only ``axes`` (so the Entity's defence is its Circle and two Axes)."""
    state = until(ready(characters, entity=entity), "exorcise", policy=_astral_bot)
    return edited(state, Hunter_1={"astral": point},
                  board=lambda b: b.axes.update({a: a in axes for a in b.axes}))


def _astral_bot(state, rng):
    actions = state.legal_actions()
    for a in actions:
        if str(a) in ("go onto the Astral Plane",) or str(a).startswith("Hunter 1 (") and \
                "Reception Room" in str(a):
            return a
    return next((a for a in actions if isinstance(a, Pass)), actions[0])


def test_the_doran_example_entity_moves_in_and_an_axis_falls():
    state = _at_astral()
    assert "exorcise the Entity" in names(state.legal_actions())
    state = do(state, "exorcise the Entity", "the Exorcism of the Entity with no markers",
               "resist the Exorcism with no markers")
    contest = exorcism(RULES, "Doran", 5, hunters=1, axes=2)
    assert outcomes(state) == dict(contest.house)  # 1 die + Circle 5 + 2 Controlled Axes
    state = state.apply(Chance(10, state.chance_outcomes()[0][0].label, "dice"))
    assert outcomes(state) == dict(contest.hunter)  # 1 die + Doran's Psychic 5
    state = state.apply(Chance(10, "Hunter 1's Exorcism roll", "dice"))  # ties to him
    assert state.board.entity == 6 and state.player == HOUSE
    state = do(state, "the House gives up: Axis 4")
    b = state.board
    assert not b.axes[4] and b.controlled_axes() == 1
    assert all(not b.rooms[r] for r, row in RULES.rows("room_markers.csv").items()
               if row["axis"] == 4)


def test_exorcising_the_entity_in_the_seventh_circle_wins():
    state = _at_astral(entity=7)
    state = do(state, "exorcise the Entity", "the Exorcism of the Entity with no markers",
               "resist the Exorcism with no markers")
    state = state.apply(Chance(10, state.chance_outcomes()[0][0].label, "dice"))  # 1+7+2
    won = state.apply(Chance(10, "Hunter 1's Exorcism roll", "dice"))
    assert won.is_over and won.winners == ("Hunter 1",)
    lost = state.apply(Chance(9, "Hunter 1's Exorcism roll", "dice"))
    assert lost.board.hunters["Hunter 1"].possessed  # the House won against the Entity


def test_a_room_exorcised_sends_its_focus_to_the_nearest_controlled_room():
    kitchen = RULES.rows("room_markers.csv")["Kitchen"]
    state = _at_astral(point=(kitchen["circle"], kitchen["axis"]))
    state = do(state, "exorcise Kitchen", "the Exorcism of Kitchen with no markers",
               "resist the Exorcism with no markers")
    state = state.apply(Chance(circle_of(state.board, RULES, "Kitchen") + 1,
                               state.chance_outcomes()[0][0].label, "dice"))
    state = state.apply(Chance(9, "Hunter 1's Exorcism roll", "dice"))
    assert not state.board.rooms["Kitchen"] and state.player == HOUSE
    options = names(state.legal_actions())
    assert options and all(o.startswith("Focus Marker 1: ") for o in options)
    state = state.apply(state.legal_actions()[0])
    assert state.board.focus[0][0] != (kitchen["circle"], kitchen["axis"])


def test_focus_markers_move_as_far_as_hunters_started_and_die_on_an_exorcised_room():
    state = until(ready(), "focus_move", policy=_passer)
    reach = {str(a).split(" to ")[1] for a in state.legal_actions() if isinstance(a, Go)}
    points = astral.room_points(RULES)
    start = state.board.focus[0][0]
    far = astral.distances(RULES, start, allowed=points.values())
    assert reach == {r for r, q in points.items() if 0 < far.get(q, 99) <= 2}
    target = sorted(reach)[0]
    dead = edited(state, board=lambda b: b.rooms.update({target: False}))
    dead = dead.apply(Go("Focus Marker 1", target))
    assert dead.board.focus[0] == (None, False)


# -- limits the calculators and the engine share ------------------------------------------------

def test_a_haunt_is_energized_with_one_or_two_markers():
    state = until(ready(), "energize", policy=_passer)
    counts = {len(a.values) for a in state.legal_actions() if hasattr(a, "values")}
    assert counts == {1, 2}


def test_the_house_commits_at_most_as_many_markers_as_hunters_started():
    state = until(ready(("Kate",)), "attack", policy=_attack_bot)
    sizes = {len(a.values) for a in state.legal_actions() if hasattr(a, "values")}
    assert sizes == {0, 1}


def _attack_bot(state, rng):
    actions = state.legal_actions()
    for a in actions:
        if str(a).startswith("Hunter 1 (") and "Reception Room" in str(a):
            return a
        if str(a) == "go onto the Astral Plane":
            return a
    return next((a for a in actions if isinstance(a, Pass)), actions[0])


def test_5_am_ends_the_game_for_the_house():
    state = until(ready(), "move", policy=_passer)
    last = edited(state, board=lambda b: setattr(b, "hour", len(RULES.clock) - 1))
    assert last.board.hour_name(RULES) == "5 AM"
    rng = random.Random(0)
    while not last.is_over:
        last = last.resolve(rng) if last.is_chance else last.apply(_passer(last, rng))
    assert last.winners == (HOUSE,) and "5 AM" in last.over and last.player is None


def test_the_house_wins_once_no_hunter_is_free():
    state = until(ready(), "move", policy=_passer)
    taken = edited(state, Hunter_1={"dead": True, "possessed": True},
                   Hunter_2={"possessed": True})
    rng = random.Random(0)
    while not taken.is_over:
        taken = taken.resolve(rng) if taken.is_chance else taken.apply(_passer(taken, rng))
    assert taken.winners == (HOUSE,) and taken.turn == 1 and "no Hunter" in taken.over


# -- agreement: every random step against its calculator ------------------------------------------

def _check(state) -> str:
    """The pending random step's outcomes against its calculator, recomputed here."""
    b, rules = state.board, state.rules
    step = b.queue[0]
    got = Dist({c.value: p for c, p in state.chance_outcomes()})
    hour = b.hour_name(rules)
    h = b.hunters.get(step.player)
    kind = step.kind
    if kind == "character":
        want = character_draw(rules, [x.character for x in b.hunters.values() if x.character])
    elif kind == "immobile_power":
        want = power_draw(b.cup, 4)
    elif kind == "draw":
        n = (house_draw(rules, axes=b.controlled_axes(), hunters=b.started,
                        energizing=b.energizing(), hour=hour) if step.player == HOUSE
             else hunter_draw(rules, h.character, space=h.space, lost=h.lost))
        assert n == step.args[0]
        want = power_draw(b.cup, min(n, sum(b.cup.values())))
    elif kind == "heal_roll":
        want = healing(rules, h.character, hour).total
    elif kind == "lights_on":
        want = lights_on(rules, b.controlled_axes()).total
    elif kind == "lights_off":
        want = lights_off(rules, b.controlled_axes(), hour).total
    elif kind == "ward_roll":
        circle = RULES.rows("room_markers.csv")[step.args[0]]["circle"]
        want = warding(rules, h.character, b.controlled_axes(), circle).total
    elif kind == "house_roll":
        haunt = next(x for x in b.haunts if x.n == step.args[0])
        want = contests.house_total(rules, haunt.name, power=haunt.power, hour=hour,
                                    space=haunt.space)
    elif kind == "hunter_roll":
        haunt = next(x for x in b.haunts if x.n == step.args[0])
        want = contests.hunter_total(rules, h.character, rules.haunt(haunt.name)["kind"],
                                     tools=h.tools, hour=hour, vulnerable=h.psyche_vulnerable,
                                     companions=len(b.present(h.space)) - 1)
    elif kind == "search_roll":
        want = search(rules, h.character).total
    elif kind in ("panic", "cold_wind"):
        dark = b.lights.get(rules.rows("map.csv")[h.space]["lights"]) is not True
        if kind == "cold_wind":
            dark = dark and not any("Flashlight" in b.hunters[q].tools
                                    for q in b.present(h.space))
        want = panic(rules, h.character, dark=dark, soul_vulnerable=h.soul == 0,
                     bible="Bible" in h.tools).total
    elif kind == "entry_roll":
        want = astral_entry(rules, h.character).total
    elif kind == "lost_landing":
        want = lost_landing(rules)
    elif kind == "recover":
        want = Dist.uniform(range(1, 7))
    elif kind in ("exorcism_house", "exorcism_hunter"):
        p, target, mine, theirs = (step.args if kind == "exorcism_house" else
                                   (step.player, *step.args[:3]))
        contest = exorcism(rules, b.hunters[p].character, circle_of(b, rules, target),
                           power=mine, house_power=theirs, hunters=b.started,
                           axes=sum(b.axes.values()) if target == "the Entity" else 0)
        want = contest.house if kind == "exorcism_house" else contest.hunter
    elif kind == "attack_roll":
        p, theirs, _ = step.args
        want = possession_attack(rules, b.hunters[p].psyche[0], theirs, hunters=b.started)
    elif kind == "defence_roll":
        want = possession_defence(rules, h.character, step.args[1])
    elif kind == "haunt_draw":
        want = haunt_draw(rules, b.haunt_cup)
    elif kind in ("energize_blind", "blind_commit"):
        want = power_draw({v: b.house_power.count(v) for v in set(b.house_power)},
                          step.args[0])
    elif kind == "discovery_face":
        want = unseen(b, rules)
    else:
        raise AssertionError(f"no calculator checked for {kind}")
    assert got == want, kind
    return kind


@pytest.mark.parametrize("variants,players,solitaire", [
    ({}, 3, False),
    ({"lost_axis": "halves", "tool_modifiers": "best", "talisman_modifiers": "both_two",
      "house_wins_check": "literal"}, 4, False),
    ({}, 2, True),
], ids=["defaults", "variants", "solitaire"])
def test_every_random_step_agrees_with_its_calculator(variants, players, solitaire):
    rules = RULES.with_variants(**variants)
    kinds = set()
    for seed in range(4):
        characters = ("Jason",) if solitaire else None
        state = new_game(rules, seed, players, characters=characters, solitaire=solitaire)
        rng = random.Random(seed)
        bot = random_policy if seed % 2 else heuristic_policy
        while not state.is_over:
            if state.is_chance:
                kinds.add(_check(state))
                state = state.resolve(rng)
            else:
                state = state.apply(bot(state, rng))
    assert {"draw", "house_roll", "hunter_roll", "exorcism_house", "exorcism_hunter",
            "haunt_draw", "attack_roll", "defence_roll"} <= kinds


def test_a_face_down_cold_wind_and_the_panic_checks_agree_with_their_calculators():
    """A Discovery placed blind (Solitaire) turned over by a Search: the Cold Wind, its Panic
    checks and the First Panic Phase's, each against its calculator."""
    state = until(ready(), "move", policy=_passer)
    state = edited(state, Hunter_1={"space": "Library"}, Hunter_2={"space": "Library"},
                   board=lambda b: b.discoveries.update(
                       {"Library": {"name": None, "flipped": False}}))
    state = until(state, "search_try", policy=_passer)
    state = do(state, "search the Library")
    seen = [_check(state)]
    state = roll(state, min)
    while not (state.is_chance and state.board.queue[0].kind == "discovery_face"):
        state = state.apply(_passer(state, None)) if not state.is_chance else roll(state, min)
    seen.append(_check(state))
    state = state.apply(next(c for c, _ in state.chance_outcomes() if c.value == "Cold Wind"))
    seen.append(_check(state))
    state = roll(state)  # Kate panics
    assert state.board.hunters["Hunter 1"].panicked
    state = until(state, "panic", policy=_passer)
    seen.append(_check(state))
    assert seen == ["search_roll", "discovery_face", "cold_wind", "panic"]


# -- invariants, saves, undo, bad actions ----------------------------------------------------------

#: Where Power Markers committed but not yet returned wait: step kind → argument indices.
IN_FLIGHT = {"haunt_draw": (0,), "resist": (2,), "exorcism_house": (2, 3),
             "exorcism_hunter": (1, 2), "defend": (1,), "attack_roll": (1, 2),
             "defence_roll": (0, 1)}


def _invariants(state) -> None:
    b = state.board
    held = (sum(b.cup.values()) + len(b.house_power)
            + sum(len(h.power) for h in b.hunters.values())
            + sum(len(h.power) for h in b.haunts)
            + sum(len(s.args[i]) for s in b.queue for i in IN_FLIGHT.get(s.kind, ())))
    assert held == sum(r["count"] for r in RULES.rows("power_markers.csv").values())
    assert all(h.soul >= 0 for h in b.hunters.values())
    assert all(0 <= len(h.tools) <= RULES.number("max_tools") for h in b.hunters.values())
    assert b.entity in (None, 5, 6, 7)
    mobile = [h.space for h in b.haunts if h.mobile and h.space]
    assert len(mobile) == len(set(mobile))  # one Mobile Haunt a Space
    assert all(1 <= len(h.power) <= 2 for h in b.haunts if h.mobile)


@settings(max_examples=30)
@given(seed=st.integers(0, 10_000), steps=st.integers(1, 300))
def test_random_play_keeps_the_invariants_saves_and_undoes(seed, steps):
    state = new_game(seed=seed, players=3)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state = state.resolve(rng) if state.is_chance else state.apply(
            random_policy(state, rng))
        _invariants(state)
    back = State.from_json(state.to_json())
    assert back.history == state.history
    assert back.observation(HOUSE) == state.observation(HOUSE)
    half = state.at(state.depth // 2)
    assert half.history == state.history[:half.depth]


def test_bad_actions_raise_and_change_nothing():
    state = ready()
    before = state.to_json()
    for bad in (Go("Hunter 1 (Kate)", "Tower"), Pass("anything"), "roll",
                Chance((9,), "Power Markers drawn by House")):
        with pytest.raises(IllegalAction):
            state.apply(bad)
    assert state.to_json() == before
    data = json.loads(before)
    assert data["options"] == {"characters": ["Kate", "Doran"], "solitaire": False}


# -- hidden information and the bots ---------------------------------------------------------------

def test_a_hunters_bot_reads_only_his_view():
    state = until(ready(), "move", policy=_passer)
    me = state.player
    choice = heuristic_policy(state, random.Random(0))

    def swap(b):  # what Hunter 1 may not see: other sections, face-down faces
        b.house_power = (1,) * len(b.house_power)
        b.hunters["Hunter 2"].power = (3,) * len(b.hunters["Hunter 2"].power)
        for found in b.discoveries.values():
            found["name"] = "Cold Wind"
        for h in b.haunts:
            if not h.revealed:
                h.name = "Hand of Glory"

    other = edited(state, board=swap)
    assert other.observation("Hunter 2") != state.observation("Hunter 2")
    assert other.observation(HOUSE) != state.observation(HOUSE)
    assert other.observation(me) == state.observation(me)
    assert heuristic_policy(other, random.Random(0)) == choice


def test_the_houses_bot_reads_only_its_view():
    state = until(ready(), "energize", policy=_passer)
    choice = heuristic_policy(state, random.Random(0))
    other = edited(state, board=lambda b: [setattr(h, "power", (3,) * len(h.power))
                                           for h in b.hunters.values()])
    assert other.observation("Hunter 1") != state.observation("Hunter 1")
    assert other.observation(HOUSE) == state.observation(HOUSE)
    assert heuristic_policy(other, random.Random(0)) == choice


def test_what_the_house_and_the_hunters_see():
    state = ready()
    house_view, hunter = state.observation(HOUSE), state.observation("Hunter 1")
    assert "power" not in house_view["hunters"]["Hunter 1"]
    assert house_view["hunters"]["Hunter 1"]["markers"] == len(
        state.board.hunters["Hunter 1"].power)
    assert all(v is None for v in hunter["discoveries"].values())  # all face down
    assert all(v is not None for v in house_view["discoveries"].values())  # it placed them
    assert [h["name"] for h in hunter["haunts"]] == [None] * 4  # Immobile, not yet revealed
    assert all(h["name"] for h in house_view["haunts"])
    assert hunter["power"] == state.board.hunters["Hunter 1"].power


def _side_wins(house, hunter, games: int = 14) -> tuple[int, int]:
    """(House wins, Hunters' wins) over ``games`` seeds, the House and both Hunters each
    played by the given bot."""
    seats = {HOUSE: house, "Hunter 1": hunter, "Hunter 2": hunter}
    winners = [play_game(GAME, seats, seed).winners for seed in range(games)]
    return sum(w == (HOUSE,) for w in winners), sum(bool(w) and w != (HOUSE,) for w in winners)


def test_the_heuristic_bots_beat_the_random_bots():
    house, hunters = _side_wins(heuristic_policy, heuristic_policy)
    random_house, _ = _side_wins(random_policy, heuristic_policy)
    _, random_hunters = _side_wins(heuristic_policy, random_policy)
    assert house >= random_house + 3 and hunters >= random_hunters + 3
    assert house + hunters == 14  # every game has a winner


def test_simulate_is_the_same_on_processes():
    local = simulate_games(GAME, heuristic_policy, 6, seed=2, batch=2)
    pooled = simulate_games(GAME, heuristic_policy, 6, seed=2, batch=3, backend="processes",
                            processes=2)
    assert local.equals(pooled)
    assert {"hour_reached", "entity_circle", "ended"} <= set(local.columns)


def test_simulate_on_dask_is_the_same():
    from distributed import Client, LocalCluster

    local = simulate_games(GAME, heuristic_policy, 4, seed=3, batch=2)
    with LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        remote = simulate_games(GAME, heuristic_policy, 4, seed=3, batch=2, backend="dask",
                                client=client)
    assert local.equals(remote)


def test_the_stepper_steps_a_game():
    from manorkit.widgets import RunStepper

    stepper = RunStepper(game=GAME, seed=1)
    assert set(stepper.policies) == {"heuristic", "random"}
    assert stepper.state.is_chance
    stepper.choose("Kate")
    stepper.choose("Doran")
    assert "House's decision" in html.unescape(stepper.phase.value)
    stepper.buttons["the Entity: Circle 6"].click()
    assert stepper.state.board.entity == 6
    assert 'class="nightmare-house"' in stepper.board.value
    stepper.undo()
    assert stepper.state.board.entity is None


def test_healing_from_7_pm_costs_the_healer_a_marker():
    state = until(ready(), "move", policy=_passer)
    state = edited(state, Hunter_1={"soul": 4})  # Kate's Soul below its start (9)
    state = until(state, "heal", policy=_passer)
    assert state.board.hour_name(RULES) == "7 PM" and state.player == "Hunter 2"
    assert names(state.legal_actions()) == ["heal Hunter 1 (Kate)", "no: healing"]
    markers = len(state.board.hunters["Hunter 2"].power)
    state = do(state, "heal Hunter 1 (Kate)")
    assert outcomes(state) == dict(healing(RULES, "Doran", "7 PM").total)
    healed = roll(state, min)
    assert healed.board.hunters["Hunter 1"].soul == 5
    assert len(healed.board.hunters["Hunter 2"].power) == markers - 1
    assert roll(state).board.hunters["Hunter 1"].soul == 4  # 5 - 1 is not below 5
