"""Agreement: for every kind of random step the engine can pend, under every variant that
touches it, the engine's ``chance_outcomes()`` equal the matching odds calculator.

Room families add their own agreement tests beside their scenario tests; ``AGREEMENT`` maps
every registered random step to the test that checks it, and a test fails when a step has
none.
"""

import itertools
from dataclasses import replace
from fractions import Fraction
from types import MappingProxyType

import pytest

from manorkit.blueprince import load_rules, odds
from manorkit.blueprince.board import Tile, doors
from manorkit.blueprince.engine import Draft, Take, hooks, new_day

from .golden.play import choose

RULES = load_rules()


def at(rules, room: str, cell, **flags):
    """A fresh day with ``room`` at ``cell`` and the marker on it."""
    day = new_day(rules)
    board = dict(day.board)
    shape = rules.room(room)["shape"]
    board[cell] = Tile(room, cell, 0, doors(shape, 0))
    return replace(day, board=MappingProxyType(board), position=cell,
                   flags=MappingProxyType(flags))


def outcomes(state) -> dict:
    return {c.value: p for c, p in state.chance_outcomes()}


def readings(*vids: str):
    """Every combination of the readings of ``vids`` as Rules."""
    choices = [list(RULES._specs[v]["readings"]) for v in vids]
    for combo in itertools.product(*choices):
        yield RULES.with_variants(**dict(zip(vids, combo, strict=True)))


LOCK_VARIANTS = ("lock_rank_basis", "special_locks_low_ranks", "hallway_locks")


@pytest.mark.parametrize("rules", list(readings(*LOCK_VARIANTS)), ids=str)
@pytest.mark.parametrize("room", ["Passageway", "Den", "Great Hall", "Corridor", "Gymnasium",
                                  "Hallway", "West Wing Hall"])
def test_lock_rolls_agree(rules, room):
    for rank in range(1, 9):
        cell = (rank, 1 if room == "West Wing Hall" else 2)
        state = at(rules, room, cell)
        if 0 not in state.board[cell].doors:
            continue
        state = state.apply(Draft(0))
        engine = outcomes(state).get("LOCKED", Fraction(0)) if state.pending[0].name == \
            "lock_roll" else Fraction(0)
        assert engine == odds.lock_chance(rank, room, rules=rules), (room, rank)


def test_lock_rolls_agree_with_the_foyer_on_the_board():
    for rules in readings("hallway_locks"):
        state = at(rules, "Passageway", (6, 3))
        board = dict(state.board)
        board[(5, 3)] = Tile("Foyer", (5, 3), 0, doors("straight", 0))
        state = replace(state, board=MappingProxyType(board)).apply(Draft(0))
        assert not state.pending or state.pending[0].name != "lock_roll"
        assert odds.lock_chance(6, "Passageway", foyer=True, rules=rules) == 0


def _drafted(rules, room: str, rank: int = 2):
    """A day where ``room`` has just been drafted at (rank, 3), its random steps pending."""
    state = at(rules, "Passageway", (rank - 1, 3)).apply(Draft(0))
    while state.pending[0].name == "lock_roll":
        state = state.apply(choose(state, "lock roll: OPEN"))
    for tile in (room, "Spare Room", "Storeroom"):
        state = state.apply(choose(state, f"tile drawn: {tile}"))
    return state.apply(next(a for a in state.legal_actions()
                            if isinstance(a, Take) and a.room == room))


def _first(state, name: str):
    while state.pending and state.pending[0].name != name:
        state = state.resolve()
    return state if state.pending else None


@pytest.mark.parametrize("rules", list(readings("boudoir_trunk_die", "den_trunk")), ids=str)
@pytest.mark.parametrize("room", ["Den", "Boudoir", "Bedroom", "Bunk Room", "Patio"])
@pytest.mark.parametrize("rank", [2, 6])
def test_trunk_rolls_agree(rules, room, rank):
    state = _drafted(rules, room, rank)
    expected = odds.trunks_on_draft(room, rank=rank, rules=rules)
    trunks, weight = {}, Fraction(1)
    # follow every trunk roll: the distribution of trunk tokens placed on the tile
    frontier = [(state, Fraction(1))]
    while frontier:
        s, w = frontier.pop()
        s2 = _first(s, "trunk") if s.pending else None
        if s2 is None or s2.pending[0].name != "trunk":
            n = s.trunks.get((rank, 3), 0) if s2 is None else s2.trunks.get((rank, 3), 0)
            trunks[n] = trunks.get(n, 0) + w
            continue
        for c, p in s2.chance_outcomes():
            frontier.append((s2.apply(c), w * p))
    del weight
    assert trunks == expected.pmf



#: Every tile of the base game that rolls for trunks when drafted onto the board (§8), named
#: (coverage() reads the names; the next test checks them against rooms.csv).
TRUNK_ROOMS = ("Bedroom", "Boudoir", "Bunk Room", "Cloister", "Courtyard", "Den", "Dormitory",
               "Greenhouse", "Guest Bedroom", "Her Ladyship's Chamber", "Maid's Chamber",
               "Master Bedroom", "Morning Room", "Nursery", "Patio", "Secret Garden",
               "Servant's Quarters", "Solarium", "Terrace", "Veranda")


def test_the_trunk_rooms_are_those_of_the_data():
    assert TRUNK_ROOMS == tuple(sorted(
        r for r, row in RULES.rows("rooms.csv").items()
        if row["trunk_rolls"] and row["category"] not in ("expansion", "outer")))


@pytest.mark.rule(TRUNK_ROOMS, "draft")
@pytest.mark.parametrize("room", TRUNK_ROOMS)
def test_every_room_that_rolls_for_trunks_agrees_with_the_calculator(room):
    """§8 Locked Trunks: each Bedroom and Green Room (and the Den, variant ``den_trunk``)
    drafted rolls the blue die for each trunk it may hold (the Bunk Room twice): the trunks
    it gets agree with ``odds.trunks_on_draft`` at that rank (the tile drafted where its
    placement note allows, from a room placed below it)."""
    from manorkit.blueprince.board import placements

    cells = sorted(RULES.cells(room))
    origin = next((r - 1, c) for r, c in cells if r > 1 and placements(RULES, room,
                                                                         (r - 1, c), 0))
    state = at(RULES, "Passageway", origin)
    state = replace(state, bag=MappingProxyType({room: 1, "Spare Room": 1, "Storeroom": 1}))
    state = state.apply(Draft(0))
    while state.pending[0].name == "lock_roll":
        state = state.apply(choose(state, "lock roll: OPEN"))
    for tile in (room, "Spare Room", "Storeroom"):
        state = state.apply(choose(state, f"tile drawn: {tile}"))
    state = state.apply(next(a for a in state.legal_actions()
                             if isinstance(a, Take) and a.room == room))
    cell = (origin[0] + 1, origin[1])
    trunks: dict = {}
    frontier = [(state, Fraction(1))]
    while frontier:
        s, w = frontier.pop()
        if s.pending and s.pending[0].name in ("trunk", "orient"):
            frontier.extend((s.apply(c), w * p) for c, p in s.chance_outcomes())
        else:
            n = s.trunks.get(cell, 0)
            trunks[n] = trunks.get(n, 0) + w
    assert trunks == odds.trunks_on_draft(room, rank=cell[0]).pmf

@pytest.mark.parametrize("rules", list(readings("numbered_lock_die", "random_spawn_rooms")),
                         ids=str)
@pytest.mark.parametrize("room", ["Bedroom", "Guest Bedroom", "Patio", "Veranda"])
def test_spawn_rolls_agree(rules, room):
    state = _drafted(rules, room).settle()
    state = state.apply(choose(state, f"move to {room}"))
    step = _first(state, "spawn")
    expected = odds.item_spawn(room, rules=rules)
    if step is None:
        assert expected == 0
        return
    hits = step.pending[0].data[0]
    assert sum(p for v, p in outcomes(step).items() if str(v) in hits) == expected


@pytest.mark.parametrize("rules", list(readings("nook_roll", "numbered_lock_die")), ids=str)
def test_the_nook_roll_agrees(rules):
    state = _drafted(rules, "Nook").settle()
    step = _first(state.apply(choose(state, "move to Nook")), "spawn")
    hits = step.pending[0].data[0]
    assert sum(p for v, p in outcomes(step).items() if str(v) in hits) == odds.nook(rules=rules)


@pytest.mark.parametrize("rules", list(readings("pantry_fruit")), ids=str)
def test_pantry_fruit_agrees(rules):
    step = _first(_drafted(rules, "Pantry"), "fruit")
    assert outcomes(step) == odds.pantry_fruit(rules=rules).pmf


def test_card_draws_agree_as_the_deck_runs_down_and_reshuffles():
    for rules in readings("held_item_cards"):
        for deck in ("dig", "trunk", "common_items", "special_items"):
            state = new_day(rules)
            drawn: dict[str, int] = {}
            size = int(rules.deck(deck).sum())
            from manorkit.blueprince.engine.pending import CardDraw
            for i in range(size if rules.variant("held_item_cards") == "in_hand" else size + 3):
                state = replace(state, pending=(CardDraw(deck, (1, 3)),))
                left = size - sum(drawn.values())
                if left:
                    expected = odds.deck_draws(deck, 1, drawn=drawn, rules=rules)
                    assert outcomes(state) == {
                        next(iter(k)): p for k, p in _singles(expected).items()}, (deck, i)
                card = min(outcomes(state))
                state = state.apply(choose(state, f"{deck} card: {card}")).settle()
                drawn[card] = drawn.get(card, 0) + 1 if left else 1
                if not left:
                    drawn = {card: 1}


def _singles(dist) -> dict:
    """A one-card draw's Dist (outcomes: card-count vectors) as card → probability."""
    out = {}
    for outcome, p in dist.pmf.items():
        cards = [c for c, n in (outcome.items() if hasattr(outcome, "items") else outcome)
                 if n]
        out[tuple(cards)] = out.get(tuple(cards), 0) + p
    return out



def _item_cards():
    """(deck, card, item) for every card of a day's decks that gives an item."""
    return [(deck, card, row["item"]) for deck in ("dig", "trunk", "common_items",
                                                     "special_items")
            for card, row in RULES.rows(f"decks/{deck}.csv").items()
            if row.get("item") and RULES.deck(deck).get(card, 0)]


@pytest.mark.parametrize("deck, card, item", _item_cards(), ids=str)
@pytest.mark.parametrize("held", ["none", "spent", "full"])
def test_item_cards_yield_what_the_odds_count(deck, card, item, held):
    """A card whose item is already held (§8 "If already held, gain 1 Key instead"; an item of
    several charges, such as the Silver Key, with one charge left or all) pays the engine what
    ``odds.expected_yield`` counts: both resolve it with ``mechanics.card_gain``."""
    from manorkit.blueprince.engine.pending import CardDraw
    from manorkit.blueprince.odds.decks import expected_yield

    charges = int(RULES.rows("tables/items.csv")[item]["charges"] or 1)
    items = {} if held == "none" else {item: 1 if held == "spent" else charges}
    state = replace(new_day(RULES), items=MappingProxyType(items),
                    pending=(CardDraw(deck, (1, 3)),))
    after = state.apply(choose(state, f"{deck} card: {card}"))
    gained = {r: after.resources[r] - state.resources[r]
              for r in ("steps", "coins", "keys", "gems", "ivory_dice")}
    copies = RULES.deck(deck).to_dict()
    drawn = {c: n - (c == card) for c, n in copies.items() if n - (c == card)}
    expected = expected_yield(deck, 1, held=tuple(items), drawn=drawn)
    assert gained == {r: expected[r] for r in gained}, (card, items)
    assert after.trunks.get((1, 3), 0) == expected["trunks"]

def test_tile_draws_agree_with_the_drafting_calculator():
    state = new_day(RULES).apply(Draft(0))
    for room, p in outcomes(state).items():
        assert p == odds.draft(room, draw=1)



def _archived(bag=None, **variants):
    """A draft north from (2, 3) with the Archives on the board (placed by hand; the bag as
    the day's, or ``bag``)."""
    rules = RULES.with_variants(**variants) if variants else RULES
    state = at(rules, "Archives", (2, 3))
    if bag is not None:
        state = replace(state, bag=MappingProxyType(bag))
    return state.apply(Draft(0))


def test_face_down_draws_agree_with_the_drafting_calculator():
    """§16 Archives: the first face-down draw shows each back with the odds that a drawn tile
    is one of the rooms with it (``odds.draft``); turning it face up gives each of those rooms
    its share of them; the next back has one tile of the first back fewer (closed form)."""
    from manorkit.blueprince.mechanics.drafting import back_text

    state = _archived()
    assert state.pending[0].name == "draw_back"
    by_back: dict = {}
    for room in state.bag:
        b = back_text(RULES, room)
        by_back[b] = by_back.get(b, 0) + odds.draft(room, draw=1)
    assert outcomes(state) == by_back
    first = state.apply(choose(state, "tile back drawn: 3 gems"))
    n = {b: sum(k for t, k in state.bag.items() if back_text(RULES, t) == b) for b in by_back}
    total = sum(n.values())
    assert outcomes(first) == {b: Fraction(n[b] - (b == "3 gems"), total - 1) for b in n
                               if n[b] - (b == "3 gems")}
    hand = first
    for back in ("blank", "1 gem"):
        hand = hand.apply(choose(hand, f"tile back drawn: {back}"))
    hand = hand.apply(choose(hand, "hide Slot 2"))
    revealed = outcomes(hand)  # Slot 1, a "3 gems" back
    threes = {t: odds.draft(t, draw=1) for t in state.bag if back_text(RULES, t) == "3 gems"}
    assert revealed == {t: p / sum(threes.values()) for t, p in threes.items()}


def _tree(state, hide: int, redraw: bool = False) -> dict:
    """Every way the chance steps of a face-down draft unfold, hiding Slot ``hide`` (taken
    blind, or set aside by a redraw whose hand is then drawn): the tiles seen in order (the
    hidden one last when taken), with their probability."""
    from manorkit.blueprince.engine import Hide, Redraw, Take

    out: dict = {}
    frontier = [(state, Fraction(1))]
    while frontier:
        s, p = frontier.pop()
        if s.is_chance:
            for c, q in s.chance_outcomes():
                frontier.append((s.apply(c), p * q))
        elif Hide(hide) in s.legal_actions():
            frontier.append((s.apply(Hide(hide)), p))
        elif redraw and s.drafting is not None and not s.drafting.used[1:]:
            frontier.append((s.apply(Redraw("ivory_dice")), p))
        elif s.drafting is not None and s.drafting.slot is None and not redraw:
            frontier.append((s.apply(Take(hide, "")), p))
        else:
            seen = tuple(str(c.value) for c in s.history[state.depth:]
                         if c.kind == "chance" and c.label == "tile revealed")
            out[seen] = out.get(seen, 0) + p
    return out


def _physical(bag: dict, order: tuple[int, ...], n: int) -> dict:
    """Drawing ``n`` tiles one by one from ``bag`` (each copy alike): the tiles of the draws
    listed in ``order`` (indexes), with their probability."""
    out: dict = {}

    def walk(left: dict, drawn: tuple, p: Fraction) -> None:
        if len(drawn) == n:
            key = tuple(drawn[i] for i in order)
            out[key] = out.get(key, 0) + p
            return
        total = sum(left.values())
        for tile, k in sorted(left.items()):
            if k:
                walk({**left, tile: k - 1}, (*drawn, tile), p * Fraction(k, total))

    walk(dict(bag), (), Fraction(1))
    return out


#: A small bag of three backs: blank (Den, Nook x2), 3 gems (Attic, Vault), 1 gem (Kitchen).
SMALL = {"Den": 1, "Nook": 2, "Attic": 1, "Vault": 1, "Kitchen": 1}


@pytest.mark.parametrize("hide", [1, 2, 3])
def test_a_face_down_hand_deals_as_a_physical_draw(hide):
    """The face-down draws, the hide and the turning face up (the hidden tile last, taken
    blind) give the tiles exactly the odds of drawing 3 tiles from the bag one by one: the
    hidden tile's identity waits unseen, yet nothing about the draw changes (§4 Step 2)."""
    state = _archived(SMALL, tile_orientation="player_choice")
    state = replace(state, resources=MappingProxyType({**state.resources, "gems": 9}))
    order = (*(i for i in range(3) if i != hide - 1), hide - 1)
    assert _tree(state, hide) == _physical(SMALL, order, 3)


def test_a_redraw_over_a_face_down_tile_deals_as_a_physical_draw():
    """The hidden tile set aside unseen by a redraw stays out of the bag: the next hand is
    what a physical draw of 6 gives after the first 3 (the hidden one never seen)."""
    state = _archived(SMALL | {"Study": 1}, archives_redraws="hide_once")
    state = replace(state, resources=MappingProxyType({**state.resources, "ivory_dice": 1}))
    assert _tree(state, 2, redraw=True) == _physical(SMALL | {"Study": 1}, (0, 2, 3, 4, 5), 6)

def test_printed_ranges_are_uniform_as_the_odds_read_them():
    from manorkit.blueprince.odds._common import amount

    for deck in ("dig", "trunk"):
        for card, row in RULES.rows(f"decks/{deck}.csv").items():
            for resource in ("coins", "keys"):
                value = row.get(resource)
                if hasattr(value, "values"):
                    from manorkit.blueprince.engine.pending import amount_roll
                    step = amount_roll((1, 3), resource, value.values)
                    total = sum(w for _, w in step.options)
                    assert {v: Fraction(w, total) for v, w in step.options} == \
                        amount(value).pmf, card


@pytest.mark.parametrize("rules", list(readings("lost_item_tokens")), ids=str)
@pytest.mark.parametrize("room", ["Darkroom", "Lost & Found"])
def test_blind_draws_from_the_hand_agree(rules, room):
    state = at(rules, "Passageway", (3, 3))
    held = {"Shovel": 1, "Lockpick Kit": 2, "Salt Shaker": 1}
    state = replace(state, items=MappingProxyType(held), resources=MappingProxyType(
        {**state.resources, "keys": 2, "gems": 1}))
    board = dict(state.board)
    board[(3, 2)] = Tile(room, (3, 2), 0, doors(rules.room(room)["shape"], 0))
    state = replace(state, board=MappingProxyType(board))
    state = state.apply(next(a for a in state.legal_actions() if str(a).startswith(
        f"move to {room}")))
    step = _first(state, "darkroom" if room == "Darkroom" else "lost_and_found")
    assert outcomes(step) == odds.lost_item(held, step.resources, rules=rules).pmf


def test_secret_garden_fruit_from_the_supply_agrees():
    rules = RULES.with_variants(secret_garden_fruit="draft_every_room",
                                secret_garden_door="any_door")
    state = at(rules, "Passageway", (4, 2))
    state = replace(state, items=MappingProxyType({"Secret Garden Key": 1}))
    state = state.apply(next(a for a in state.legal_actions()
                             if str(a).startswith("secret garden key")))
    blind = rules.with_variants(pantry_fruit="remaining_supply")
    seen = 0
    while state.is_chance and state.pending[0].name == "garden_fruit":
        on_board: dict[str, int] = {}
        for fruits in state.fruit.values():
            for f in fruits:
                on_board[f] = on_board.get(f, 0) + 1
        supply = {f: r["tokens"] - on_board.get(f, 0)
                  for f, r in rules.rows("tables/fruit_supply.csv").items()}
        assert outcomes(state) == odds.pantry_fruit(supply=supply, rules=blind).pmf
        state = state.apply(choose(state, "fruit from the supply: orange"))
        seen += 1
    assert seen == len(state.board) - 1  # every room but the face-down Antechamber


@pytest.mark.parametrize("rules", list(readings("numbered_lock_die")), ids=str)
def test_locker_rolls_agree(rules):
    state = at(rules, "Locker Room", (3, 3))
    state = replace(state, resources=MappingProxyType({**state.resources, "keys": 1}))
    state = state.apply(next(a for a in state.legal_actions() if "locker" in str(a)))
    step = _first(state, "locker")
    assert outcomes(step).get("OPEN", 0) == 1 - odds.lock_chance(4, rules=rules)


def test_the_first_meal_of_a_shuffled_session_agrees():
    step = _first(_drafted(RULES, "Dining Room"), "meal")
    assert outcomes(step) == odds.meal(1, rules=RULES).pmf


def test_the_wine_cellar_dig_spot_roll_agrees_with_the_die():
    from manorkit.blueprince.odds._common import die

    rules = RULES.with_variants(wine_cellar_dirt="die_open")
    step = _first(_drafted(rules, "Wine Cellar"), "wine_cellar")
    assert outcomes(step) == die(rules, "lock_blue").pmf


#: Every random step the engine can pend → the test that checks it against a calculator.
AGREEMENT = {
    "lock_roll": "test_lock_rolls_agree",
    "draw_tile": "test_tile_draws_agree_with_the_drafting_calculator",
    "draw_back": "test_face_down_draws_agree_with_the_drafting_calculator",
    "reveal": "test_face_down_draws_agree_with_the_drafting_calculator",
    "card": "test_card_draws_agree_as_the_deck_runs_down_and_reshuffles",
    "orient": "tests/test_engine.py::test_placement_restrictions_are_honoured",
    "trunk": "test_trunk_rolls_agree",
    "spawn": "test_spawn_rolls_agree",
    "fruit": "test_pantry_fruit_agrees",
    "amount": "test_printed_ranges_are_uniform_as_the_odds_read_them",
    "treasure_map": "no calculator: a placeholder d6 over tables/treasure_map.csv",
    "darkroom": "test_blind_draws_from_the_hand_agree",
    "garden_fruit": "test_secret_garden_fruit_from_the_supply_agrees",
    "locker": "test_locker_rolls_agree",
    "vestibule": "tests/test_rooms_blue.py::test_vestibule_roll_agrees_with_the_lock_calculator",
    "wine_cellar": "test_the_wine_cellar_dig_spot_roll_agrees_with_the_die",
    "rotunda": "no calculator: the open pair of a Rotunda placed as drawn, 2 equally likely "
               "(tests/test_rooms_blue.py::test_rotunda_as_drawn_may_stand_walled_off)",
    "commissary_stock":
        "tests/test_rooms_shops.py::test_commissary_stock_is_drawn_on_the_first_draft",
    "constellation": "tests/test_rooms_puzzles.py::test_observatory_rolls_agree_with_the_odds",
    "kitchen_special": "tests/test_rooms_shops.py::test_kitchen_special_agrees_with_the_odds",
    "meal": "test_the_first_meal_of_a_shuffled_session_agrees",
    "puzzle": "tests/test_rooms_puzzles.py::test_billiard_and_music_rooms_agree_with_the_odds",
    "roulette": "tests/test_rooms_shops.py::test_roulette_agrees_with_the_odds",
    "special_key": "tests/test_rooms_shops.py::test_locksmith_special_key_agrees_with_the_odds",
    "lost_and_found": "test_blind_draws_from_the_hand_agree",
    "outer_pile": "tests/test_rooms_outer.py::test_pile_draw_agrees_with_the_deck_calculator",
    "trading_post":
        "tests/test_rooms_outer.py::test_trading_post_cards_agree_with_the_deck_calculator",
}


def test_every_random_step_has_an_agreement_test():
    from pathlib import Path

    assert set(hooks.ROLLS) <= set(AGREEMENT), sorted(set(hooks.ROLLS) - set(AGREEMENT))
    here = Path(__file__).parent
    for purpose, where in AGREEMENT.items():
        if where.startswith("no calculator"):
            continue
        path, _, name = where.rpartition("::")
        text = (here.parent / path).read_text() if path else Path(__file__).read_text()
        assert f"def {name}(" in text, f"{purpose}: no test {where}"


def test_one_rule_says_which_entries_pay():
    from manorkit.blueprince.mechanics.entries import paid_entries

    every = RULES.with_variants(repeat_entry_rewards="every_entry")
    assert [paid_entries(RULES, w, 3) for w in ("entry", "first_entry", "every_entry")] == \
        [1, 1, 3]
    assert paid_entries(every, "entry", 3) == 3 and paid_entries(every, "first_entry", 3) == 1
    for rules in (RULES, every):  # the odds count a Bedroom's steps as the engine pays them
        assert odds.room_yield("Bedroom", 3, rules=rules.with_variants(
            random_spawn_rooms="icon_tiles"))["steps"] == 2 * paid_entries(rules, "entry", 3)
