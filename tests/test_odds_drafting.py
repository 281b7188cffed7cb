"""Drafting odds (§4 Action A Steps 2-4, §9, §16, §17, §19) against independent methods.

Monte Carlo runs draw physical tiles from a shuffled list (set aside on a redraw, slot order =
draw order, a fixed seed) and must land within 4 standard errors plus 1/n of the exact value:
|p_hat - p| <= 4 sqrt(p(1-p)/n) + 1/n. Closed forms use math.comb, scipy.stats.hypergeom and
icepool's Deck/deal.
"""

import math
import random
from collections import Counter
from fractions import Fraction

import icepool
import pytest
from scipy.stats import hypergeom

from manorkit.blueprince import load_rules
from manorkit.blueprince.mechanics import never_free
from manorkit.blueprince.odds.drafting import (
    bag_after,
    draft,
    draft_count,
    draft_hand,
    draw_plan,
    targets,
)
from manorkit.blueprince.odds.drafting_board import (
    back,
    orientations,
    placeable,
    tile_cost,
)
from manorkit.blueprince.odds.drafting_redraws import (
    best_option,
    choices,
    draft_with,
    expected_cost,
)

RULES = load_rules()
ROOMS = RULES.rooms
BAG = RULES.bag(day=1)
TILES = sorted(BAG.index)
RED = {n for n in TILES if "red" in ROOMS.at[n, "colours"]}
BASE = {"dead_end": "N", "straight": "NS", "L": "NE", "T": "NEW", "cross": "NESW"}
OPP = {"N": "S", "S": "N", "E": "W", "W": "E"}


def close(exact: Fraction, hits: int, n: int) -> bool:
    p = float(exact)
    return abs(hits / n - p) <= 4 * math.sqrt(p * (1 - p) / n) + 1 / n


def bag_for(draw) -> dict[str, int]:
    """The Day-1 bag a draft from ``draw`` sees: the room drafted from is on the board."""
    bag = BAG.to_dict()
    if isinstance(draw, str) and bag.get(draw):
        bag[draw] -= 1
    return {n: c for n, c in bag.items() if c}


def deal(names, n, draw=3):
    """icepool: the count of ``names`` among ``n`` tiles dealt from the Day-1 bag (less the
    room drafted from)."""
    return icepool.Deck(bag_for(draw)).deal(n).keep_outcomes(list(names)).size()


def physical(rng, budget, succeed, source, first=3, redraw=3, sleeve=False, tiles=TILES):
    """One draft with real tiles: shuffle, draw from the top, set hands aside on a redraw."""
    bag = list(tiles)
    rng.shuffle(bag)
    state, n, lead = dict(budget), first, ["Tunnel"] if sleeve else []
    while True:
        hand = lead + [bag.pop() for _ in range(min(n, len(bag)))]
        if succeed(hand, state):
            return True
        use = source(hand, state)
        if use is None or not bag:
            return False
        state[use] -= 1
        if use == "study":
            state["gems"] -= 1
        n, lead = redraw, []


# -- draw sizes (§4 Step 2, §9, §16 Library, §17 Solarium) ---------------------------------


def test_draw_sizes():
    assert draw_plan().size == 3 and draw_plan(5).first == 5
    assert draw_plan("Nook").size == 3
    assert draw_plan("Library").size == 4
    assert draw_plan("Library", solarium=True).size == 5
    green_only = RULES.with_variants(library_solarium="green_doors_only")
    assert draw_plan("Library", solarium=True, rules=green_only).size == 4
    assert draw_plan("Veranda", solarium=True).size == 4
    assert draw_plan("Nook", solarium=True).size == 3
    tunnel = draw_plan("Tunnel")
    assert (tunnel.first, tunnel.sleeve, tunnel.redraw) == (2, True, 3)
    assert draw_plan("Tunnel", sleeve=0).sleeve is False
    also_green = RULES.with_variants(tunnel_colour="also_green")
    assert draw_plan("Tunnel", solarium=True, rules=also_green).first == 3
    assert draw_plan("Drawing Room").free_redraw and draw_plan("Rotunda").rotate


@pytest.mark.parametrize("bad", [dict(draw=0), dict(draw="Nowhere"), dict(draw=True),
                                 dict(draw=3, solarium=True), dict(draw="Tunnel", sleeve=9)])
def test_draw_plan_rejects(bad):
    with pytest.raises(ValueError):
        draw_plan(**bad)


# -- one hand: closed forms, icepool, scipy -------------------------------------------------


@pytest.mark.parametrize("target, draw", [("Master Bedroom", 3), ("colour:red", 3),
                                          (["Attic", "Vault", "Closet"], "Library"),
                                          ("category:fixed", 5)])
def test_one_hand_matches_icepool(target, draw):
    names = targets(target)
    n = draw_plan(draw).first
    assert draft(target, draw=draw) == deal(names, n, draw).probability(">=", 1)
    assert draft(target, draw=draw, at_least=2) == deal(names, n, draw).probability(">=", 2)


def test_count_is_hypergeometric():
    names = targets("colour:purple")
    bag = bag_for("Library")  # the Library is on the board, so not in the bag
    k = sum(bag.get(n, 0) for n in names)
    dist = draft_count("colour:purple", draw="Library")
    for x in range(5):
        assert float(dist.p(x)) == pytest.approx(hypergeom(len(bag), k, 4).pmf(x), abs=1e-12)
    assert draft_count("Tunnel", draw="Tunnel").p(1) == 1


def test_drafting_from_a_room_leaves_its_tile_out_of_the_bag():
    # The Library is on the board when you draft from it (§16): 63 tiles, none the Library.
    assert draft_count("Library", draw="Library").p(0) == 1
    assert draft("Vault", draw="Library") == 1 - Fraction(math.comb(62, 4), math.comb(63, 4))
    assert draft_hand(["Library", "Nook", "Den", "Attic"], draw="Library").p(
        ("Attic", "Den", "Library", "Nook")) == 1  # a bag you pass is taken as it is
    assert draft("Vault", draw="Library") == draft(
        "Vault", bag_after(placed=["Library"]), draw="Library")


def test_hand_distribution_matches_icepool():
    bag = {"Nook": 2, "Den": 1, "Attic": 3, "Vault": 1}
    ice = icepool.Deck(bag).deal(3).expand()
    mine = draft_hand(bag)
    assert mine.pmf == {o: ice.probability(o) for o in ice.outcomes()}
    sleeve = draft_hand(bag, draw="Tunnel")
    assert all("Tunnel" in hand and len(hand) == 3 for hand in sleeve.outcomes)
    with pytest.raises(ValueError):
        draft_hand(draw=5)


# -- redraws: the set-aside rule and the closed form ----------------------------------------


def test_set_aside_rule_never_repeats_a_tile():
    rng, seen_twice = random.Random(1), 0
    for _ in range(2000):
        drawn = []

        def never(hand, state, drawn=drawn):
            drawn.extend(hand)
            return False

        physical(rng, {"ivory": 8}, never, lambda h, s: "ivory" if s["ivory"] else None)
        seen_twice += len(drawn) != len(set(drawn))
    assert seen_twice == 0


def test_redraw_sees_new_tiles_not_returned_ones():
    bag = {n: 1 for n in ["Nook", "Den", "Attic", "Vault", "Closet", "Pantry"]}
    assert draft("Nook", bag, redraws=1) == 1  # two hands of 3 see all 6 tiles
    with_return = 1 - Fraction(1, 2) ** 2  # what drawing with replacement would give
    assert draft("Nook", bag, redraws=1) != with_return


@pytest.mark.parametrize("target, draw, redraws", [("Master Bedroom", 3, 4), ("colour:red", 3, 2),
                                                   ("Vault", "Library", 3)])
def test_redraws_closed_form(target, draw, redraws):
    names = targets(target)
    plan = draw_plan(draw)
    seen = plan.first + redraws * plan.redraw
    exact = draft(target, draw=draw, redraws=redraws)
    bag = bag_for(draw)
    size, k = sum(bag.values()), sum(bag.get(n, 0) for n in names)
    assert exact == 1 - Fraction(math.comb(size - k, seen), math.comb(size, seen))
    assert exact == deal(names, seen, draw).probability(">=", 1)
    rng, n = random.Random(2), 20000
    hits = sum(physical(rng, {"ivory": redraws}, lambda h, s: bool(set(h) & set(names)),
                        lambda h, s: "ivory" if s["ivory"] else None, plan.first, plan.redraw)
               for _ in range(n))
    assert close(exact, hits, n)


def test_at_least_k_with_redraws_by_simulation():
    exact = draft("colour:red", redraws=2, at_least=2)
    rng, n = random.Random(3), 20000
    hits = sum(physical(rng, {"ivory": 2}, lambda h, s: len(RED & set(h)) >= 2,
                        lambda h, s: "ivory" if s["ivory"] else None) for _ in range(n))
    assert close(exact, hits, n)
    assert exact < draft("colour:red", redraws=2)


def test_tunnel_chain_by_simulation():
    # §9: 2 bag tiles + the sleeve Tunnel in Slot 1; a redraw draws 3 bag tiles, no sleeve.
    wanted = set(targets("colour:orange")) & set(TILES)
    exact = draft(sorted(wanted), draw="Tunnel", redraws=2)
    assert exact == 1 - Fraction(math.comb(64 - len(wanted), 8), math.comb(64, 8))
    assert draft("Tunnel", draw="Tunnel") == 1 and draft("Tunnel", draw="Tunnel", sleeve=0) == 0
    rng, n = random.Random(4), 20000
    hits = sum(physical(rng, {"ivory": 2}, lambda h, s: bool(wanted & set(h)),
                        lambda h, s: "ivory" if s["ivory"] else None, 2, 3, sleeve=True)
               for _ in range(n))
    assert close(exact, hits, n)


# -- redraw sources (§4 Step 4, §6 Silver Key, §16 Drawing Room, Study, Furnace) ------------


DRAWING = bag_after(placed=["Drawing Room"])  # the bag seen when drafting from the Drawing Room


def test_budget_sources_add_up_to_whole_redraws():
    assert draft_with("Vault", ivory=2) == draft("Vault", redraws=2)
    # From the Drawing Room its tile is on the board, not in the bag.
    assert draft_with("Vault", draw="Drawing Room") == draft("Vault", DRAWING, redraws=1)
    assert draft_with("Vault", silver_key=True, ivory=1) == draft("Vault", redraws=2)
    assert draft_with("Vault", study=True, gems=3) == draft("Vault", redraws=3)
    assert draft_with("Vault", study=True, gems=20) == draft("Vault", redraws=8)  # the cap
    assert draft_with("Vault", study=True, gems=0) == draft("Vault")  # needs a gem at start


def test_drawing_room_final_second_draw_variant():
    final = RULES.with_variants(drawing_room_redraw="final_second_draw")
    kw = dict(draw="Drawing Room", study=True, gems=4)
    assert draft_with("Vault", **kw) == draft("Vault", DRAWING, redraws=5)
    assert draft_with("Vault", **kw, rules=final) == draft("Vault", DRAWING, redraws=1)
    # Ivory Dice may still come first, then the free redraw ends the draft.
    assert draft_with("Vault", draw="Drawing Room", ivory=2, rules=final) == draft(
        "Vault", DRAWING, redraws=3)


def furnace_source(silver_on_red):
    def pick(hand, s):
        red = bool(RED & set(hand))
        if not red:
            for src in ("free", "ivory", "silver"):
                if s[src]:
                    return src
        elif s["silver"] and silver_on_red:
            return "silver"
        return "study" if s["study"] and s["gems"] and (red or not s["free"]) else None
    return pick


@pytest.mark.parametrize("reading", ["listed", "all_non_gem"])
def test_furnace_by_simulation(reading):
    rules = RULES.with_variants(furnace_blocked_redraws=reading)
    kw = dict(draw="Drawing Room", ivory=1, silver_key=True, study=True, gems=2, rules=rules)
    exact = draft_with("Master Bedroom", furnace=True, **kw)
    assert exact < draft_with("Master Bedroom", **kw)
    rng, n = random.Random(5), 30000
    budget = {"free": 1, "ivory": 1, "silver": 1, "study": 2, "gems": 2}
    pick = furnace_source(reading == "listed")
    hits = sum(physical(rng, budget, lambda h, s: "Master Bedroom" in h, pick)
               for _ in range(n))
    assert close(exact, hits, n)


def test_furnace_readings_differ_only_for_the_silver_key():
    loose = RULES.with_variants(furnace_blocked_redraws="all_non_gem")
    assert draft_with("Vault", silver_key=True, furnace=True) > draft_with(
        "Vault", silver_key=True, furnace=True, rules=loose)
    assert draft_with("Vault", ivory=2, furnace=True) == draft_with(
        "Vault", ivory=2, furnace=True, rules=loose)
    assert draft_with("Vault", furnace=True, ivory=3, rules=RULES.with_variants(
        furnace_pass="may_pass")) == draft_with("Vault", furnace=True, ivory=3)


# -- Archives (§16): what the player can know ------------------------------------------------


def test_archives_hides_nothing_a_unique_back_reveals():
    assert [n for n in TILES if back(n) == back("Master Bedroom")] == ["Master Bedroom"]
    assert draft_with("Master Bedroom", archives=True, ivory=2) == draft("Master Bedroom",
                                                                           redraws=2)


def test_archives_closed_form_for_a_blank_back():
    blank = sum(1 for n in TILES if back(n) == back("Nook"))
    # Nook is lost only when all 3 drawn backs are blank and the hidden one is the Nook.
    lost = Fraction(3, 64) * Fraction(math.comb(blank - 1, 2), math.comb(63, 2)) / 3
    assert draft_with("Nook", archives=True) == Fraction(3, 64) - lost


def test_archives_with_redraws_by_simulation():
    exact = draft_with("Nook", archives=True, ivory=2)
    backs = {t: back(t) for t in TILES}

    def known(hand, state, rng):
        others = [i for i, t in enumerate(hand) if backs[t] != backs["Nook"]]
        hidden = others[0] if others else rng.randrange(len(hand))
        return "Nook" in hand[:hidden] + hand[hidden + 1:]

    rng, n = random.Random(6), 20000
    hits = sum(physical(rng, {"ivory": 2}, lambda h, s: known(h, s, rng),
                        lambda h, s: "ivory" if s["ivory"] else None) for _ in range(n))
    assert close(exact, hits, n)
    assert exact < draft("Nook", redraws=2)


def test_archives_hides_the_sleeve_tunnel_first():
    assert draft_with("Nook", draw="Tunnel", archives=True) == draft("Nook", draw="Tunnel")


def test_the_engine_refuses_questions_too_large_to_solve(monkeypatch):
    from manorkit.blueprince.odds import drafting_engine

    monkeypatch.setattr(drafting_engine.Engine, "MAX_WORK", 500)
    with pytest.raises(ValueError, match="narrow the target"):
        draft_with("colour:orange", archives=True, ivory=3, rules=RULES.with_variants(
            furnace_pass="may_pass"))  # another Rules object, so no cached answer is reused


# -- gem costs (§4 Gem Cost Rules, §16 Terrace, §19 Hovel) ----------------------------------


def test_slot_one_is_free_and_random():
    # Master Bedroom costs 2: with 1 gem only Slot 1 (1 drawn tile in 3) can hold it.
    assert draft_with("Master Bedroom", gems=1, affordable=True) == Fraction(3, 64) / 3
    assert draft_with("Master Bedroom", gems=2, affordable=True) == Fraction(3, 64)


def test_terrace_and_hovel_prices():
    assert tile_cost("Greenhouse") == 3 and tile_cost("Greenhouse", terrace=True) == 0
    assert tile_cost("Passageway", terrace=True) == 2
    assert tile_cost("Attic", hovel=True) == 9
    assert tile_cost("Greenhouse", terrace=True, hovel=True) == 0
    free = draft_with("Greenhouse", affordable=True, terrace=True)
    assert free == draft("Greenhouse") > draft_with("Greenhouse", affordable=True)
    assert draft_with("Attic", affordable=True, hovel=True, steps=9) == draft("Attic")
    assert draft_with("Attic", affordable=True, hovel=True, steps=8, gems=5) == draft("Attic") / 3


def test_cost_variants_and_the_sleeve():
    note = RULES.with_variants(tunnel_cost="terrace_note")
    assert tile_cost("Tunnel") == 0 and tile_cost("Tunnel", rules=note) == 1
    both = RULES.with_variants(tunnel_cost="terrace_note", tunnel_colour="also_green")
    assert tile_cost("Tunnel", terrace=True, rules=note) == 1
    assert tile_cost("Tunnel", terrace=True, rules=both) == 0
    assert draft_with("Tunnel", draw="Tunnel", affordable=True, rules=note) == 1  # Slot 1
    assert tile_cost("Greenhouse", rules=RULES.with_variants(greenhouse_cost="video_game")) == 1
    assert tile_cost("Cloister", rules=RULES.with_variants(cloister_cost="terrace_note")) == 3
    # Under the Hovel the Study still costs gems (§19).
    assert draft_with("Attic", hovel=True, steps=9, study=True, affordable=True) == draft("Attic")
    assert draft_with("Attic", hovel=True, steps=9, study=True, gems=2, affordable=True) == draft(
        "Attic", redraws=2)


def test_a_never_free_room_pays_from_slot_one_too():
    # casino_gem_cost=always_paid tags the Casino never_free (§5 The Casino): Slot 1 no
    # longer makes its 2 gems free, as the engine's slot_cost charges them (§4 Gem Cost Rules).
    paid = RULES.with_variants(casino_gem_cost="always_paid")
    assert never_free(paid, "Casino") and not never_free(RULES, "Casino")
    bag = {**bag_for(3), "Casino": 1}
    seen = draft("Casino", bag)
    assert draft_with("Casino", bag, gems=1, affordable=True) == seen / 3  # Slot 1 only
    assert draft_with("Casino", bag, gems=1, affordable=True, rules=paid) == 0
    assert draft_with("Casino", bag, gems=2, affordable=True, rules=paid) == seen
    options = best_option(bag, prefer="Casino", gems=2, rules=paid)
    assert options.p(("Casino", 2)) == seen and options.p(("Casino", 0)) == 0
    assert best_option(bag, prefer="Casino", gems=2).p(("Casino", 0)) == seen / 3


def test_study_spends_the_gems_that_pay_by_simulation():
    exact = draft_with("Master Bedroom", gems=3, study=True, affordable=True)
    assert exact == Fraction(8, 64)  # hands 0-1 pay 2 gems; hands 2-3 need Slot 1

    def pay(hand, s):
        return "Master Bedroom" in hand and (hand[0] == "Master Bedroom" or s["gems"] >= 2)

    rng, n = random.Random(7), 20000
    hits = sum(physical(rng, {"study": 8, "gems": 3}, pay,
                        lambda h, s: "study" if s["study"] and s["gems"] else None)
               for _ in range(n))
    assert close(exact, hits, n)


def test_library_cheapest_tile_variant():
    cheap = RULES.with_variants(library_free_slot="cheapest")
    bag = ["Attic", "Vault", "Kitchen", "Office", "Nook", "Den", "Veranda", "Rotunda"]
    slot = draft_with("Office", bag, draw="Library", affordable=True)
    assert slot == draft("Office", bag, draw="Library") / 4
    exact = draft_with("Office", bag, draw="Library", affordable=True, rules=cheap)
    assert exact != slot
    cost = ROOMS["gem_cost"].to_dict()

    def free_office(hand, state):  # 0 gems: the Office (2) must be the cheapest drawn tile
        return "Office" in hand and cost["Office"] == min(cost[t] for t in hand)

    rng, n = random.Random(8), 30000
    hits = sum(physical(rng, {}, free_office, lambda h, s: None, 4, 4, tiles=bag)
               for _ in range(n))
    assert close(exact, hits, n)


# -- placement (§2, §3, §9, §16 Rotunda, §17 Dovecote) --------------------------------------


def layouts(name):
    """Physical rotations of a tile's base layout."""
    doors, out = BASE[ROOMS.at[name, "shape"]], []
    for _ in range(4):
        out.append("".join(d for d in "NESW" if d in doors))
        doors = "".join({"N": "E", "E": "S", "S": "W", "W": "N"}[d] for d in doors)
    return out


def test_orientations_meet_the_door():
    assert set(orientations("Nook", (3, 3), "N")) == {"ES", "SW"}
    assert set(orientations("Den", (3, 3), "N")) == {x for x in layouts("Den") if "S" in x}
    assert orientations("Hallway", (3, 3), "N") == ("NS",)
    assert orientations("Hallway", (3, 3), "E") == ()
    assert orientations("Tunnel", (5, 2), "S") == ("NS",)
    assert orientations("Bedroom", (3, 3), "E") == ("W",)


@pytest.mark.parametrize("name, cell, ok", [
    ("Master Bedroom", (4, 5), True), ("Master Bedroom", (4, 4), False),
    ("Greenhouse", (4, 1), True), ("Greenhouse", (9, 1), False), ("Greenhouse", (4, 3), False),
    ("Garage", (5, 1), True), ("Garage", (3, 1), False), ("Garage", (5, 2), False),
    ("Hallway", (4, 2), True), ("Hallway", (4, 1), False),
    ("West Wing Hall", (4, 1), True), ("East Wing Hall", (4, 1), False),
    ("The Foundation", (4, 3), True), ("The Foundation", (2, 3), False),
    ("The Foundation", (8, 3), False), ("Secret Garden", (4, 5), True),
    ("Secret Garden", (2, 5), False)])
def test_placement_notes(name, cell, ok):
    door = "N" if cell[0] > 1 else "E"
    assert (placeable(name, cell, door) == 1) is ok
    assert ok is (cell in RULES.cells(name))


def test_placement_variants():
    wide = RULES.with_variants(garage_columns="cols_1_2")
    assert placeable("Garage", (5, 2), "N", rules=wide) == 1
    seventeen = RULES.with_variants(foundation_positions="seventeen")
    assert placeable("The Foundation", (1, 2), "E") == 1
    assert placeable("The Foundation", (1, 2), "E", rules=seventeen) == 0


def test_exits_as_drawn_turned_and_rotunda():
    assert placeable("Den", (3, 3), "N", exit="N") == Fraction(2, 3)
    assert placeable("Den", (3, 3), "N", exit="N", turn=True) == 1
    assert placeable("Nook", (3, 3), "N", exit="E") == Fraction(1, 2)
    assert placeable("Bedroom", (3, 3), "N", exit="NEW") == 0
    assert placeable("Rotunda", (3, 3), "N", exit="E") == 1
    choice = RULES.with_variants(tile_orientation="player_choice")
    assert placeable("Nook", (3, 3), "N", exit="E", rules=choice) == 1
    with pytest.raises(ValueError):
        placeable("Nook", (3, 3), "N", exit="S")
    with pytest.raises(ValueError):
        placeable("Nook", (1, 3), "N")  # the room drafted from would be off the board


def physical_exit(rng, name, back_door, exit, turn=False):
    """Rotate the drawn tile at random until a door meets the way back (as drawn)."""
    valid = [x for x in layouts(name) if back_door in x]
    if RULES.placement(name).facing == "ns":
        valid = [x for x in valid if x == "NS"]
    if turn:
        return any(set(x) & set(exit) for x in valid)
    while True:
        x = layouts(name)[rng.randrange(4)]
        if x in valid:
            return bool(set(x) & set(exit))


def test_cell_and_exit_with_the_dovecote_by_simulation():
    bag = ["Den", "Nook", "Chapel", "Dovecote", "Bedroom", "Closet", "Spare Room", "Hallway"]
    want = {"Den", "Nook", "Chapel", "Spare Room", "Hallway"}
    exact = draft_with(sorted(want), bag, cell=(3, 3), door="N", exit="N", ivory=1)
    assert exact > draft_with(sorted(want), [t for t in bag if t != "Dovecote"] + ["Closet"],
                              cell=(3, 3), door="N", exit="N", ivory=1)

    def succeed(hand, state, rng):
        turn = "Dovecote" in hand
        return any(physical_exit(rng, t, "S", "N", turn) for t in hand if t in want)

    rng, n = random.Random(9), 20000
    hits = sum(physical(rng, {"ivory": 1}, lambda h, s: succeed(h, s, rng),
                        lambda h, s: "ivory" if s["ivory"] else None, tiles=bag)
               for _ in range(n))
    assert close(exact, hits, n)


def test_no_legal_tile_variant():
    bag = ["Hallway", "Greenhouse", "Garage", "Nook", "Den", "Closet"]
    kw = dict(cell=(4, 3), door="E")  # the first three cannot go there
    redraw = RULES.with_variants(no_legal_tile="free_redraw")
    assert draft_with("Nook", bag, **kw) == Fraction(1, 2)
    assert draft_with("Nook", bag, **kw, rules=redraw) == Fraction(1, 2) + Fraction(1, 20)


# -- the best option and its expected price ---------------------------------------------------


def test_best_option_by_simulation():
    prefer = ["Attic", "Vault", "Master Bedroom"]
    kw = dict(prefer=prefer, gems=2, cell=(4, 5), door="E")
    dist = best_option(**kw)
    cost = ROOMS["gem_cost"].to_dict()
    fits = {t: (4, 5) in RULES.cells(t) for t in TILES}
    rng, n, seen = random.Random(10), 30000, Counter()
    for _ in range(n):
        hand = rng.sample(TILES, 3)
        options = [(prefer.index(t) if t in prefer else 3, 0 if i == 0 else cost[t],
                    t if t in prefer else "other") for i, t in enumerate(hand)
                   if (i == 0 or cost[t] <= 2) and fits[t]]
        pick = min(options) if options else None
        seen[(pick[2], pick[1]) if pick else (None, 0)] += 1
    for outcome, p in dist:
        assert close(p, seen[outcome], n), outcome
    price = expected_cost(**kw)
    drafted = sum(p for o, p in dist if o[0] is not None)
    assert price == sum(p * o[1] for o, p in dist) / drafted


def test_choices_by_simulation():
    dist = choices(gems=1, cell=(4, 5), door="E")
    assert choices().at_least(1) == 1  # Slot 1 is always free (§4)
    assert dist.p(0) > 0  # but at an edge cell it may fit nothing
    cost = ROOMS["gem_cost"].to_dict()
    fits = {t: (4, 5) in RULES.cells(t) for t in TILES}
    rng, n = random.Random(12), 30000
    seen = Counter(sum(fits[t] and (i == 0 or cost[t] <= 1) for i, t in enumerate(
        rng.sample(TILES, 3))) for _ in range(n))
    for k in range(4):
        assert close(dist.p(k), seen[k], n), k


def test_best_option_is_free_slot_one_without_preferences():
    assert best_option().pmf == {("other", 0): 1}
    # The Attic (3 gems) is bought when drawn outside Slot 1; otherwise Slot 1 is free.
    assert expected_cost(prefer="Attic", gems=3) == Fraction(3, 64) * Fraction(2, 3) * 3


# -- the bag as it changes ------------------------------------------------------------------


def test_bag_after():
    bag = bag_after(placed=["Nook", "The Pool"], added=["Sauna", "Locker Room", "Dovecote"])
    assert bag.sum() == 64 - 2 + 3 and "Nook" not in bag and bag["Sauna"] == 1
    assert draft("Sauna", bag) == Fraction(3, 65)
    with pytest.raises(ValueError):
        bag_after(placed=["Entrance Hall"])
    with pytest.raises(ValueError):
        bag_after(added=["Nook"])
    with pytest.raises(ValueError):
        bag_after(added=["Tunnel"])
    assert bag_after(added=["Tunnel"], rules=RULES.with_variants(
        found_floorplan_timing="same_run"))["Tunnel"] == 1
    with pytest.raises(ValueError):
        bag_after(added=["Secret Garden"])
    assert "Secret Garden" in bag_after(added=["Secret Garden"], rules=RULES.with_variants(
        secret_garden_spawn="enters_bag"))


def test_greenhouse_weights_by_simulation():
    fav = RULES.with_variants(greenhouse_draft_effect="favour_green")
    greens = [n for n in TILES if "green" in ROOMS.at[n, "colours"]]
    assert draft("Veranda", greenhouse=True) == draft("Veranda")  # default reading: no effect
    exact = draft("Veranda", greenhouse=True, redraws=1, rules=fav)
    assert exact > draft("Veranda", redraws=1)
    weights = [2 if t in greens else 1 for t in TILES]
    rng, n, hits = random.Random(11), 20000, 0
    for _ in range(n):
        bag, w, drawn = list(TILES), list(weights), []
        for _ in range(6):  # two hands of 3, each tile drawn in proportion to its weight
            i = rng.choices(range(len(bag)), weights=w)[0]
            drawn.append(bag.pop(i))
            w.pop(i)
        hits += "Veranda" in drawn
    assert close(exact, hits, n)
    with pytest.raises(ValueError):
        draft("Veranda", rules=RULES.with_variants(rank_draft_probability="placeholder_weights"))


@pytest.mark.parametrize("call", [
    lambda: draft("Nowhere"), lambda: draft("colour:plaid"), lambda: draft("tag:nothing_here"),
    lambda: draft("Nook", redraws=-1), lambda: draft("Nook", at_least=0),
    lambda: draft("Nook", {"Nook": -1}), lambda: draft("Nook", {"Entrance": 1}),
    lambda: draft_with("Nook", affordable=True, at_least=2), lambda: draft_with("Nook", exit="N"),
    lambda: draft_with("Nook", cell=(3, 3)), lambda: best_option(prefer=["Nowhere"])])
def test_inputs_are_checked(call):
    with pytest.raises(ValueError):
        call()


def test_the_cost_of_weighing_hands_is_counted_without_listing_them():
    from manorkit.blueprince.odds.drafting_engine import count_hands, hands

    rng = random.Random(27)
    for _ in range(200):
        counts = tuple(rng.randint(0, 4) for _ in range(rng.randint(1, 7)))
        n = rng.randint(0, sum(counts))
        weights = tuple(rng.randint(1, 3) for _ in counts)
        assert count_hands(counts, n) == len(hands(counts, n)) == len(hands(counts, n, weights))
