"""Mystery Mansion played: a scenario test per rule, the engine's random steps against the
calculators, bad actions, hidden information, the bots and simulation."""

import html
import json
import random
import shutil
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from manorkit.gamestate import Chance, IllegalAction, SaveError
from manorkit.mystery_mansion import (
    State,
    card_kind,
    chest_contents,
    chest_label,
    clue_card,
    door_die,
    key_matches,
    load_rules,
    new_game,
    random_card,
    real_treasure,
    room_draw,
    search_card,
)
from manorkit.mystery_mansion.actions import Move, Passage, Play, Roll
from manorkit.mystery_mansion.board import Chest
from manorkit.mystery_mansion.mansion import OUTSIDE
from manorkit.mystery_mansion.policies import heuristic_policy, random_policy
from manorkit.mystery_mansion.rules import DEFAULT_PATH
from manorkit.sim.games import play_game, simulate_games

from .golden.games import choose

RULES = load_rules()
GAME = "manorkit.mystery_mansion"


def do(state, *steps):
    """``state`` after the named steps (actions or chance outcomes, by text or prefix)."""
    for text in steps:
        state = state.apply(choose(state, text))
    return state


def edited(state, give=None, **fields):
    """A copy of ``state`` at the same moment with board fields set and cards given
    (``give``: player → cards, each taken from its draw pile): a test's table."""
    board = state.board.copy()
    for name, value in fields.items():
        setattr(board, name, value)
    for player, held in (give or {}).items():
        for card in held:
            deck = "search" if card in board.piles["search"] or card in RULES.deck(
                "search") else "clue"
            board.piles[deck][card] -= 1
            board.piles[deck][card] or board.piles[deck].pop(card)
            hand = board.hands[deck][player]
            hand[card] = hand.get(card, 0) + 1
    return State(state.rules, state.seed, state.players, board)


def carried(player: str, label: int, n: int = 1) -> Chest:
    """Chest ``n`` claimed with Key ``label`` and carried by ``player``."""
    chest = Chest(n, None)
    chest.carrier, chest.label, chest.key = player, label, label
    return chest


def names(options) -> list[str]:
    return [str(o) for o in options]


def outcomes(state) -> dict:
    return {c.value: p for c, p in state.chance_outcomes()}


ENTER = ("roll", "door die: OPEN", "move to Foyer")


def inside(rules=RULES, seed=0):
    """Green and Red both in the Foyer, Green to act with 2 actions left... then 3."""
    state = new_game(rules, seed)
    state = do(state, *ENTER, "roll", "door die: LOCKED", "roll", "door die: LOCKED")
    return do(state, *ENTER, "roll", "door die: LOCKED", "roll", "door die: LOCKED")


# -- setup and the turn ----------------------------------------------------------------------

def test_setup_deals_hands_and_puts_pawns_on_the_front_door_card():
    state = new_game(seed=3)
    b = state.board
    assert state.players == ("Green", "Red") and state.player == "Green" and state.turn == 1
    assert b.pawns == {"Green": OUTSIDE, "Red": OUTSIDE} and list(b.placed) == ["Foyer"]
    assert all(sum(h.values()) == 5 for h in b.hands["search"].values())
    assert sum(b.piles["search"].values()) == 72 - 10 and sum(b.piles["clue"].values()) == 56
    # outside, a pawn can only roll or play a card that needs no room
    assert Roll() in state.legal_actions()
    assert not [a for a in state.legal_actions() if isinstance(a, Play)
                and a.card.startswith("Object Search")]
    assert "Who Plays First?" in set(state.log.section)


def test_the_hand_size_and_the_actions_a_turn_are_data():
    rules = RULES.edit("numbers.csv", "hand_size", value=3).edit(
        "numbers.csv", "actions_per_turn", value=2)
    state = new_game(rules)
    assert all(sum(h.values()) == 3 for h in state.board.hands["search"].values())
    state = do(state, "roll", "door die: LOCKED", "roll", "door die: LOCKED")
    assert state.player == "Red" and state.resources["actions_left"] == 2


def test_a_pawn_enters_on_open_and_every_turn_uses_three_actions():
    state = do(new_game(), "roll")
    assert state.is_chance and outcomes(state) == dict(door_die(RULES))
    locked = do(state, "door die: LOCKED")
    assert locked.board.pawns["Green"] == OUTSIDE and locked.resources["actions_left"] == 2
    opened = do(state, "door die: OPEN")
    assert opened.legal_actions() == [Move("Foyer")]
    state = do(opened, "move to Foyer", "roll", "door die: LOCKED", "roll", "door die: LOCKED")
    assert state.board.pawns["Green"] == "Foyer" and state.player == "Red" and state.turn == 2


def test_players_are_two_to_four_pawns():
    assert new_game(players=4).players == ("Green", "Red", "Blue", "Yellow")
    with pytest.raises(IllegalAction, match="need 2 to 4 players"):
        new_game(players=1)
    with pytest.raises(IllegalAction, match="need 2 to 4 players"):
        new_game(players=("A", "A"))


# -- building and moving -----------------------------------------------------------------------

def test_the_example_turn_builds_a_basement_room_with_a_staircase_in_it():
    state = do(new_game(), "roll", "door die: LOCKED", *ENTER, "roll", "door die: OPEN")
    assert names(state.legal_actions())[-3:] == [
        "add a basement room", "add a first room", "add a second room"]
    state = do(state, "add a basement room")
    assert outcomes(state) == dict(room_draw(RULES, "first", "basement",
                                             state.board.unused(RULES)))
    state = do(state, "room drawn: Storeroom")
    # placed beside the Foyer on a door of it, never on the Front Door card (south)
    assert {a.side for a in state.legal_actions()} == {"N", "E", "W"}
    state = do(state, "place Storeroom north")
    b = state.board
    assert b.pawns["Green"] == "Storeroom" and b.placed["Storeroom"].cell == (0, 1)
    assert b.stairs == {"Storeroom": "Foyer"} and b.stairs_left == 11  # in the LOWER room
    assert state.player == "Red"


def test_a_staircase_is_moved_never_doubled():
    """Figure 3: the Solarium over the Foyer puts a staircase in the Foyer; another Second
    Floor room added to the Foyer moves it."""
    state = do(inside(), "roll", "door die: OPEN", "add a second room", "room drawn: Solarium",
               "place Solarium north")
    assert state.board.stairs == {"Foyer": "Solarium"} and state.board.stairs_left == 11
    state = do(state, "roll", "door die: OPEN", "move to Foyer")
    state = do(state, "roll", "door die: OPEN", "add a second room", "room drawn: Study",
               "place Study east, doors N W")
    assert state.board.stairs == {"Foyer": "Study"} and state.board.stairs_left == 11
    # under the default reading a pawn moves the staircase back as it climbs (Red, in the Foyer)
    state = do(state, "roll", "door die: OPEN")
    assert state.player == "Red" and "move to Solarium" in names(state.legal_actions())
    state = do(state, "move to Solarium")
    assert state.board.stairs == {"Foyer": "Solarium"}


def test_under_when_adding_a_pawn_climbs_only_where_the_staircase_stands():
    rules = RULES.with_variants(staircases="when_adding")
    state = do(inside(rules), "roll", "door die: OPEN", "add a second room",
               "room drawn: Solarium", "place Solarium north", "roll", "door die: OPEN",
               "move to Foyer", "roll", "door die: OPEN", "add a second room",
               "room drawn: Study", "place Study east, doors N W")
    state = do(state, "roll", "door die: OPEN")  # Red, in the Foyer
    assert "move to Solarium" not in names(state.legal_actions())
    assert "move to Study" in names(state.legal_actions())


def test_rooms_two_levels_apart_are_never_added_or_passed():
    state = do(inside(), "roll", "door die: OPEN", "add a basement room",
               "room drawn: Cellar", "place Cellar north")
    state = do(state, "roll", "door die: OPEN")
    assert "add a second room" not in names(state.legal_actions())
    assert "add a first room" in names(state.legal_actions())


def test_no_staircase_left_means_no_room_of_another_level_fits():
    state = edited(inside(), stairs_left=0)
    state = do(state, "roll", "door die: OPEN", "add a basement room")
    state = do(state, "room drawn: Storeroom")  # needs a staircase: put back, drawn again
    assert state.is_chance and "Storeroom" not in outcomes(state)
    assert "put back facedown" in state.log.effect.iloc[-1]
    while state.is_chance:
        state = state.resolve()
    assert "no facedown room of that level fits" in state.log.effect.iloc[-1]
    assert list(state.board.placed) == ["Foyer"] and state.resources["actions_left"] == 2


@pytest.mark.parametrize("reading", ["visible", "hidden"])
def test_the_room_drawn_agrees_with_room_draw(reading):
    rules = RULES.with_variants(facedown_levels=reading)
    state = do(inside(rules), "roll", "door die: OPEN")
    builds = [a for a in state.legal_actions() if type(a).__name__ == "Build"]
    assert len(builds) == (3 if reading == "visible" else 1)
    for build in builds:
        after = state.apply(build)
        unused = after.board.unused(rules)
        assert outcomes(after) == dict(room_draw(rules, "first", build.level, unused))


# -- cards -------------------------------------------------------------------------------------

def test_an_object_search_needs_a_room_of_its_level_and_draws_two_cards():
    state = inside()
    hand = state.board.hands["search"]["Green"]
    plays = [a.card for a in state.legal_actions() if isinstance(a, Play)]
    assert plays == [c for c in sorted(hand) if c == "Object Search (first)"]
    state = do(state, "play Object Search (first)")
    assert state.board.discards["search"] == {"Object Search (first)": 1}
    assert state.chance_outcomes()[0][0].label == "search card drawn"
    state = do(state, "search card drawn: Object Search (second)")
    assert state.chance_outcomes()[0][0].label == "clue card drawn"
    state = do(state, "clue card drawn: Treasure Chest")  # played at once, no action
    assert state.board.chests[0].room == "Foyer" and state.board.set_aside == 1
    assert state.resources["actions_left"] == 2


def test_a_key_claims_a_chest_only_when_the_numbers_match_and_stays_in_the_hand():
    state = edited(inside(), chests=[Chest(1, "Foyer")], give={"Green": ["Key 4", "Key 2"]})
    state = do(state, "play Key 4 on chest 1")
    assert outcomes(state) == dict(chest_label(RULES))
    miss = do(state, "label under chest 1: 1")  # numbers 1;2
    assert miss.board.chests[0].carrier is None and miss.board.hands["clue"]["Green"]["Key 4"]
    assert miss.observation("Green")["chests"][0]["label"] == 1
    assert miss.observation("Red")["chests"][0]["label"] is None  # only Green looked
    assert (1, 4) in miss.observation("Red")["tried"]
    hit = do(miss, "play Key 2 on chest 1")  # the label is known now: no random step
    assert not hit.is_chance and hit.board.chests[0].carrier == "Green"
    assert hit.board.chests[0].key == 2 and hit.board.hands["clue"]["Green"]["Key 2"] == 1
    with pytest.raises(IllegalAction):
        do(hit, "play Key 4 on chest 1")  # a claimed chest is no longer unclaimed


def test_a_chest_goes_with_its_carrier_and_never_through_a_secret_passage():
    state = do(inside(), "roll", "door die: OPEN", "add a first room", "room drawn: Gallery",
               "place Gallery north")
    state = edited(state, chests=[carried("Red", 3)], passages=frozenset({"Foyer", "Gallery"}),
                   give={"Red": ["Key 3", "Secret Passage"]})
    state = do(state, "roll", "door die: LOCKED", "roll", "door die: LOCKED")
    assert state.player == "Red" and state.board.pawns["Red"] == "Foyer"
    assert not [a for a in state.legal_actions() if isinstance(a, Passage)]
    assert not [a for a in state.legal_actions() if a.__class__ is Play
                and a.card == "Secret Passage"]
    state = do(state, "roll", "door die: OPEN", "move to Gallery")
    assert state.observation("Green")["chests"][0]["room"] == "Gallery"


def test_carrying_a_chest_out_opens_it_and_the_real_treasure_wins():
    state = edited(inside(), chests=[carried("Green", 2)], give={"Green": ["Key 2"]})
    state = do(state, "roll", "door die: OPEN", "leave the mansion")
    assert outcomes(state) == dict(chest_contents(RULES)) and \
        outcomes(state)["real"] == real_treasure(RULES) == Fraction(2, 7)
    fake = do(state, "chest 1 opened: fake")
    assert not fake.is_over and fake.board.chests[0].opened == "fake"
    assert fake.board.hands["clue"]["Green"]["Key 2"] == 1  # the Key goes back to the hand
    assert fake.observation("Red")["chests"][0]["label"] == 2  # shown to everyone
    real = do(state, "chest 1 opened: real")
    assert real.is_over and real.winners == ("Green",) and real.player is None
    with pytest.raises(IllegalAction, match="game is over"):
        real.apply(Roll())


def test_steal_a_treasure_takes_the_chest_and_its_key_but_not_in_the_foyer():
    state = do(inside(), "roll", "door die: OPEN", "add a first room", "room drawn: Gallery",
               "place Gallery north")
    state = edited(state, chests=[carried("Green", 3)],
                   give={"Green": ["Key 3"], "Red": ["Steal a Treasure"]})
    state = do(state, "roll", "door die: LOCKED", "roll", "door die: LOCKED")
    assert "play Steal a Treasure: 1" not in names(state.legal_actions())  # Red in the Foyer
    state = do(state, "roll", "door die: OPEN", "move to Gallery",
               "play Steal a Treasure: 1")
    b = state.board
    assert b.chests[0].carrier == "Red" and b.hands["clue"]["Red"] == {"Key 3": 1}
    assert "Key 3" not in b.hands["clue"]["Green"]


def test_steal_a_clue_card_skips_protected_keys_and_a_stolen_key_moves_the_chest():
    thief = "Steal a Clue Card from Every Player"
    state = edited(inside(), chests=[carried("Red", 3)],
                   give={"Red": ["Key 3", "Secret Passage"], "Green": [thief, thief]})
    assert outcomes(do(state, "play Steal a Clue")) == dict(random_card({"Secret Passage": 1}))
    # (Red's chest is in the Foyer: its Key cannot be stolen there)
    state = do(state, "roll", "door die: OPEN", "add a first room", "room drawn: Gallery",
               "place Gallery north", "roll", "door die: LOCKED", "roll", "door die: LOCKED")
    state = do(state, "roll", "door die: OPEN", "move to Gallery", "roll", "door die: LOCKED",
               "roll", "door die: LOCKED")  # Red carries chest 1 into the Gallery
    state = do(state, "play Steal a Clue")
    assert outcomes(state) == dict(random_card({"Key 3": 1, "Secret Passage": 1}))
    state = do(state, "clue card taken from Red: Key 3")
    assert state.board.chests[0].carrier == "Green"  # set down, taken up by its new owner
    assert "chest 1 is set down in Gallery" in list(state.log.effect)


def test_a_secret_passage_card_places_two_doors_and_anyone_may_use_them():
    state = do(inside(), "roll", "door die: OPEN", "add a first room", "room drawn: Gallery",
               "place Gallery north")
    state = edited(state, give={"Green": ["Secret Passage"]})
    state = do(state, "roll", "door die: OPEN", "move to Foyer")
    assert "play Secret Passage: Gallery" not in names(state.legal_actions())  # not the Foyer
    second = RULES.with_variants(passage_foyer="second_only")
    loose = State(second, state.seed, state.players, state.board.copy())
    assert "play Secret Passage: Gallery" in names(loose.legal_actions())
    state = do(state, "roll", "door die: OPEN", "add a first room",
               "room drawn: Dining Room", "place Dining Room west")
    state = do(state, *["roll", "door die: LOCKED"] * 3)  # Red waits in the Foyer
    state = do(state, "play Secret Passage: Gallery", "roll", "door die: LOCKED", "roll",
               "door die: LOCKED")
    assert state.board.passages == {"Dining Room", "Gallery"} and state.board.doors_left == 6
    assert state.board.pawns["Green"] == "Gallery"
    state = do(state, "roll", "door die: OPEN", "move to Dining Room",
               "take the Secret Passage to Gallery")  # Red uses it: one action
    assert state.board.pawns["Red"] == "Gallery" and state.resources["actions_left"] == 1


def test_a_secret_passage_needs_the_doors_it_places():
    state = do(inside(), "roll", "door die: OPEN", "add a first room", "room drawn: Gallery",
               "place Gallery north")
    state = edited(state, give={"Green": ["Secret Passage"]})
    state = do(state, "roll", "door die: OPEN", "add a first room",
               "room drawn: Dining Room", "place Dining Room west")
    assert "play Secret Passage: Gallery" in names(state.legal_actions())  # 2 of 8 doors
    short = edited(state, doors_left=1)
    assert "play Secret Passage: Gallery" not in names(short.legal_actions())
    linked = edited(state, doors_left=1, passages=frozenset({"Gallery"}))
    assert "play Secret Passage: Gallery" in names(linked.legal_actions())  # 1 door more


def test_used_up_piles_are_renewed_from_their_discards():
    state = inside()
    b = state.board
    search = dict(b.piles["search"])
    state = edited(state, piles={"search": {}, "clue": {}},
                   discards={"search": search, "clue": dict(b.piles["clue"])})
    state = do(state, "play Object Search (first)")
    assert "its discards are shuffled into a new pile" in state.log.effect.iloc[-1]
    assert outcomes(state) == dict(search_card(RULES, _held(state, "search")))


def test_the_other_search_cards():
    state = edited(inside(), give={"Green": [
        "Change Places with Any Player", "Move to Any Occupied Room",
        "Steal a Search Card from Any Player", "Lose One Action of Your Turn"]})
    state = do(state, "roll", "door die: OPEN", "add a first room", "room drawn: Gallery",
               "place Gallery north")
    options = names(state.legal_actions())
    assert "play Change Places with Any Player: Red" in options
    swapped = do(state, "play Change Places with Any Player: Red")
    assert swapped.board.pawns == {"Green": "Foyer", "Red": "Gallery"}
    moved = do(state, "play Move to Any Occupied Room: Red")
    assert moved.board.pawns == {"Green": "Foyer", "Red": "Foyer"}
    steal = do(state, "play Steal a Search Card from Any Player: Red",
               "search card drawn: Object Search (second)")
    assert outcomes(steal) == dict(random_card(steal.board.hands["search"]["Red"]))
    lost = do(state, "play Lose One Action")
    assert lost.resources["actions_left"] == 1 and lost.is_chance  # it is replaced


def test_the_immediate_clue_cards():
    state = do(inside(), "roll", "door die: OPEN", "add a first room", "room drawn: Gallery",
               "place Gallery north", "play Object Search (first)",
               "search card drawn: Object Search (first)")
    state = edited(state, give={"Green": ["Key 6"]})
    back = do(state, "clue card drawn: Return Clue Cards")
    assert names(back.legal_actions()) == ["return Key 6 to the Clue pile"]
    back = do(back, "return Key 6")
    assert back.board.piles["clue"]["Key 6"] == 1 and not back.board.hands["clue"]["Green"]
    drawn = do(state, "clue card drawn: Draw Search Cards")
    n = RULES.number("draw_search_cards")
    assert [s.kind for s in drawn.board.pending] == ["draw"] * n
    moved = do(state, "clue card drawn: Move to an Occupied Room")
    assert names(moved.legal_actions()) == ["Move to an Occupied Room: Red"]
    assert do(moved, "Move to an Occupied Room: Red").board.pawns["Green"] == "Foyer"
    swapped = do(state, "clue card drawn: Exchange Places", "Exchange Places: Red")
    assert swapped.board.pawns == {"Green": "Foyer", "Red": "Gallery"}
    cobweb = do(state, "clue card drawn: Cobweb")
    assert cobweb.board.discards["clue"] == {"Cobweb": 1}


def test_the_game_ends_with_no_winner_after_the_round_cap():
    rules = RULES.edit("numbers.csv", "max_rounds", value=1)
    state = do(new_game(rules), "roll", "door die: LOCKED", "roll", "door die: LOCKED",
               "roll", "door die: LOCKED", "roll", "door die: LOCKED", "roll",
               "door die: LOCKED", "roll", "door die: LOCKED")
    assert state.is_over and state.winners == () and "1 rounds" in state.over


# -- the engine's random steps agree with the calculators ---------------------------------------

def _held(state, deck: str) -> dict:
    """Cards of ``deck`` outside its draw pile (hands, discards, set aside), by deck row."""
    b = state.board
    out: dict = {}
    sources = [*b.hands[deck].values(), b.discards[deck]]
    for source in sources:
        for card, n in source.items():
            out[card_kind(card)] = out.get(card_kind(card), 0) + n
    if deck == "clue" and b.set_aside:
        out["Treasure Chest"] = out.get("Treasure Chest", 0) + b.set_aside
    return out


def _check_step(state) -> set:
    """The pending random step's outcomes against the calculator for its kind."""
    top = state.board.pending[-1]
    b, got = state.board, outcomes(state)
    if top.kind == "door":
        assert got == dict(door_die(state.rules))
    elif top.kind == "room":
        level = state.rules.level_of(b.pawns[top.player])
        assert got == dict(room_draw(state.rules, level, top.arg, b.unused(state.rules,
                                                                          top.more)))
    elif top.kind == "draw" and top.arg == "search":
        assert got == dict(search_card(state.rules, _held(state, "search")))
    elif top.kind == "draw":
        by_kind: dict = {}
        for card, p in got.items():
            by_kind[card_kind(card)] = by_kind.get(card_kind(card), 0) + p
        assert by_kind == dict(clue_card(state.rules, _held(state, "clue")))
        keys = [p for c, p in got.items() if card_kind(c) == "Key"]
        assert len(set(keys)) <= 1  # the Key cards left are alike
    elif top.kind == "label":
        seen = tuple(c.label for c in b.chests if c.label is not None)
        assert got == dict(chest_label(state.rules, seen))
        key = int(top.more.split()[1])
        match = sum(p for label, p in got.items() if key in state.rules.chests[label])
        assert match == key_matches(state.rules, key, 1, seen).p(1)
    elif top.kind == "contents":
        fake = sum(c.opened == "fake" for c in b.chests)
        assert got["real"] == real_treasure(state.rules, 0, fake)
    elif top.kind == "steal":
        assert got == dict(random_card(b.stealable(state.rules, top.arg, top.more)))
    assert sum(got.values()) == 1
    return {top.kind if top.kind != "draw" else f"draw {top.arg}"}


@pytest.mark.parametrize("variants", [{}, {"facedown_levels": "hidden", "chest_numbers": "one",
                                           "staircases": "when_adding"}], ids=str)
def test_every_random_step_agrees_with_its_calculator(variants):
    rules = RULES.with_variants(**variants)
    kinds: set = set()
    for seed in range(8):
        state = new_game(rules, seed, players=3)
        rng = random.Random(seed)
        bots = [heuristic_policy, heuristic_policy, random_policy]
        while not state.is_over and state.depth < 1500:
            if state.is_chance:
                kinds |= _check_step(state)
                state = state.resolve(rng)
            else:
                state = state.apply(bots[state.players.index(state.player)](state, rng))
    assert kinds >= {"door", "room", "draw search", "draw clue", "label", "contents"}


def test_a_steal_agrees_with_random_card():
    state = edited(inside(), give={"Green": ["Steal a Search Card from Any Player"]})
    state = do(state, "play Steal a Search Card from Any Player: Red", "search card drawn: Oops")
    _check_step(state)
    assert outcomes(state) == dict(random_card(state.board.hands["search"]["Red"]))


# -- invariants, saving, undo, bad actions -------------------------------------------------------

def _invariants(state) -> None:
    b, rules = state.board, state.rules
    for deck in ("search", "clue"):
        total = sum(b.piles[deck].values()) + sum(b.discards[deck].values()) + sum(
            sum(h.values()) for h in b.hands[deck].values())
        if deck == "clue":
            total += b.set_aside
        assert total == sum(rules.deck(deck).values())
    assert len(b.stairs) + b.stairs_left == 12 and len(b.passages) + b.doors_left == 8
    assert all(room == OUTSIDE or room in b.placed for room in b.pawns.values())
    assert len(b.cells) == len(b.placed)
    for c in b.chests:
        if c.carrier:
            assert b.owner(c) == c.carrier and c.room is None
    assert b.used < rules.number("actions_per_turn") or b.pending or state.is_over


@settings(max_examples=40)
@given(seed=st.integers(0, 10_000), steps=st.integers(1, 400))
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
    assert back.history == state.history and back.observation("Green") == \
        state.observation("Green")
    half = state.at(state.depth // 2)
    assert half.depth == state.depth // 2 and half.history == state.history[:half.depth]
    again = new_game(seed=seed, players=3)
    for action in half.history:
        again = again.apply(action)
    assert again.observation("Red") == half.observation("Red")


def test_bad_actions_raise_and_change_nothing():
    state = new_game()
    before = state.to_json()
    for bad in (Move("Gallery"), Play("Object Search (first)"), Chance("OPEN", "door die"),
                "roll"):
        with pytest.raises(IllegalAction):
            state.apply(bad)
    rolled = state.apply(Roll())
    with pytest.raises(IllegalAction):
        rolled.apply(Roll())  # a random step is pending
    with pytest.raises(IllegalAction):
        rolled.apply(Chance("AJAR", "door die", "dice"))
    assert state.to_json() == before and state.depth == 0
    with pytest.raises(SaveError, match="not legal"):
        data = json.loads(rolled.to_json())
        data["actions"].append("door die: AJAR")
        State.from_json(json.dumps(data))


def test_a_card_with_no_effect_is_named(tmp_path):
    copy = tmp_path / "mm"
    shutil.copytree(DEFAULT_PATH, copy)
    path = copy / "decks" / "clue.csv"
    path.write_text(path.read_text().replace("Cobweb,immediate,discard,18",
                                             "Cobweb,immediate,discard,17")
                    + "Haunted Mirror,immediate,discard,1,,placeholder,\n", encoding="utf-8")
    with pytest.raises(ValueError, match="row 'Haunted Mirror': no effect is modelled"):
        new_game(load_rules(copy))


# -- hidden information and the bots -------------------------------------------------------------

def test_the_heuristic_bot_reads_only_its_players_view():
    state = new_game(seed=5)
    rng = random.Random(1)
    while state.depth < 60 or state.player != "Green":
        state = state.resolve(rng) if state.is_chance else state.apply(
            heuristic_policy(state, rng))
    choice = heuristic_policy(state, random.Random(0))
    view = state.observation("Green")
    # swap Red's hand with the top of the piles, and shuffle what the Clue pile holds
    b = state.board.copy()
    red, pile = b.hands["search"]["Red"], b.piles["search"]
    swapped_red = {}
    for card in list(red):
        for _ in range(red[card]):
            other = next(c for c in sorted(pile) if c != card) if len(pile) > 1 else card
            pile[other] -= 1
            pile[card] = pile.get(card, 0) + 1
            swapped_red[other] = swapped_red.get(other, 0) + 1
            pile[other] or pile.pop(other)
    b.hands["search"]["Red"] = swapped_red
    b.piles["clue"] = dict(reversed(list(b.piles["clue"].items())))
    other = State(state.rules, state.seed, state.players, b)
    assert other.observation("Red")["hand"] != state.observation("Red")["hand"]
    assert other.observation("Green") == view
    assert heuristic_policy(other, random.Random(0)) == choice


def test_the_heuristic_bot_beats_the_random_bot():
    wins = 0
    for seed in range(16):
        seats = [heuristic_policy, random_policy] if seed % 2 else [random_policy,
                                                                     heuristic_policy]
        final = play_game(GAME, seats, seed)
        hero = "Green" if seed % 2 else "Red"
        wins += final.winners == (hero,)
    assert wins >= 13


def test_simulate_is_the_same_on_processes():
    local = simulate_games(GAME, heuristic_policy, 6, seed=2, batch=2)
    pooled = simulate_games(GAME, heuristic_policy, 6, seed=2, batch=3, backend="processes",
                            processes=2)
    assert local.equals(pooled)
    assert {"rounds", "rooms_built", "chests_found", "ended"} <= set(local.columns)
    assert local["won"].all() and (local["chance_events"] > 0).all()


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
    # a peer's run is a game, not a day
    assert stepper.day_button.description == "play to the end of the game"
    assert stepper.new_day_button.description == "new game"
    stepper.play_to_end("heuristic")
    assert "game over" in stepper.phase.value and "day" not in stepper.phase.value
    stepper.new_day(1)
    assert "Green's decision" in html.unescape(stepper.phase.value)
    stepper.buttons["roll the door die"].click()
    assert stepper.state.is_chance
    stepper.choose("OPEN")
    stepper.buttons["move to Foyer"].click()
    assert stepper.state.board.pawns["Green"] == "Foyer"
    assert 'data-room="Foyer"' in stepper.board.value
    stepper.undo(2)
    assert stepper.state.board.pawns["Green"] == OUTSIDE
