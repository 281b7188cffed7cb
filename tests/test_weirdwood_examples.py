"""The worked examples of the Weirdwood Manor rulebook, each reproduced by the game engine
or its calculators (named by their captions). An example that rests on something the text
does not give (a card's icons, a track's spaces) is built with the placeholder that stands
in for it; one the engine cannot reproduce says why (a gap)."""

from collections import Counter

from manorkit.weirdwood import Pool, Time, advance, advance_to, battle, reverse, room_at
from manorkit.weirdwood.board import THRONE
from manorkit.weirdwood.game import (
    Attack,
    Choose,
    ClearBlight,
    Draw,
    Move,
    Play,
    ShareHealth,
    UseRoom,
)
from manorkit.weirdwood.game.common import bonuses, cost_after
from manorkit.weirdwood.game.fight import monster_pool, player_pool, power_bonus
from manorkit.weirdwood.game.monster import effects
from manorkit.weirdwood.game.rooms import companion_cost
from manorkit.weirdwood.game.steps import advance_options

from .weirdwood_helpers import RULES, clear_board, edit, opening, put

DAY = 12  # spots a Day


def at_day(t, day: int, spot: int = 0) -> None:
    t.time = (day - 1) * DAY + spot


def holding(t, name: str, cards: list[str], played=None, **supply) -> None:
    w = t.wardens[name]
    w.hand = list(cards)
    w.played = dict(played or {})
    w.supply = Counter(supply)


def choose_roll(state, attacker: str, defender: str):
    value = f"attacker {attacker}; defender {defender}"
    assert any(o.value == value for o, _ in state.chance_outcomes()), value
    return state.apply(Draw("battle", value))


# -- Player Turn --------------------------------------------------------------------------
def test_resolving_card_actions_lightfooted_feint_moves_attacks_and_moves_again():
    # "Lightfooted Feint allows for two Moves and an Attack. You could decide to Move,
    # Attack, and then Move again."
    row = RULES.rows("action_cards.csv")["Lightfooted Feint"]
    assert (row["moves"], row["attacks"]) == (2, 1) and row["source"] != "placeholder"
    state = opening()
    state = edit(state, lambda t: holding(t, "Bailey", ["Lightfooted Feint"]))
    state = state.apply(Play("Lightfooted Feint", 0, True))
    state = state.apply(state.legal_actions()[0])  # the time
    assert any(isinstance(a, Move) for a in state.legal_actions())
    scarab_room = state.legal_actions()[0].room
    state = edit(state, lambda t: t.scarabs.update({t.place_of(scarab_room): 1}))
    state = state.apply(Move(scarab_room))
    assert Attack() in state.legal_actions()  # attack, then move again
    assert any(isinstance(a, Move) for a in state.legal_actions())


def test_bonus_icons_1_a_matched_knowledge_bonus_lowers_a_power_cost():
    # "Bailey's Burbit Book Jump power which costs 1 Power Token, 1 Knowledge and 1 Mîn
    # ... a bonus of 1 Knowledge ... you only have to pay 1 Power and 1 Mîn." Two played
    # cards whose icons meet on Knowledge (placeholder icons: action_cards.csv).
    assert RULES.rows("characters.csv")["Bailey"]["power_cost"] == ("power", "min", "knowledge")
    state = opening()
    # Action card 5 (right icon: knowledge) in slot 1, Action card 7 (left: knowledge) in 2
    state = edit(state, lambda t: holding(t, "Bailey", [], {0: ("Action card 5", True, False),
                                                            1: ("Action card 7", True, False)}))
    w = state.table.wardens["Bailey"]
    assert bonuses(state.table, w) == ["knowledge"]
    assert cost_after(state.table, w, Counter(power=1, min=1, knowledge=1)) == \
        Counter(power=1, min=1)


def test_bonus_icons_2_two_knowledge_bonuses_count_once_for_two_dice():
    # "forge 2 dice. One die costs 2 Knowledge and the other costs 1 Mîn and 2 Knowledge
    # ... a total of 1 Mîn and 4 Knowledge ... a bonus of 2 Knowledge ... paying only 1 Mîn
    # and 2 Knowledge."
    state = opening()
    forge = ("inner", 2)
    state = edit(state, lambda t: put(t, "Forge Arcanum", forge))
    played = {0: ("Action card 5", True, False), 1: ("Tactician's Gambit", True, False),
              2: ("Action card 12", True, False)}  # knowledge | knowledge, wild | knowledge

    def setup(t):
        holding(t, "Bailey", ["Shadow Steps"], played, min=1, knowledge=4)
        clear_board(t)
        t.wardens["Bailey"].place = forge
        t.ctx["room_ok"] = True
        t.monster_at = ("outer", 5)
    state = edit(state, setup)
    w = state.table.wardens["Bailey"]
    assert bonuses(state.table, w) == ["knowledge", "knowledge"]
    state = state.apply(UseRoom())
    state = state.apply(Choose("forge", "attack")).apply(Choose("forge", "attack"))
    w = state.table.wardens["Bailey"]
    assert w.dice == ["attack", "attack"]
    # paid: 1 Mîn and 2 Knowledge for the dice (then the room gave 1 Mîn and 1 Knowledge)
    assert w.supply["min"] == 1 - 1 + 1 and w.supply["knowledge"] == 4 - 2 + 1


def test_hit_and_block_bonus_a_matched_hit_adds_a_hit_in_battle():
    # "You roll your battle dice and get 2 Blocks and 1 Hit. However, you have a matching
    # bonus Hit ... for a total of 2 Blocks and 2 Hits."
    state = opening()
    state = edit(state, lambda t: holding(t, "Bailey", [], {
        0: ("Action card 6", True, False), 1: ("Action card 11", True, False)}))  # hit, hit
    t = state.table
    pool, wild = player_pool(t, t.wardens["Bailey"], "scarabs")
    printed = RULES.rows("action_cards.csv")
    icons = printed["Action card 6"]["hits"] + printed["Action card 11"]["hits"]
    assert bonuses(t, t.wardens["Bailey"]) == ["hit"] and pool.hits == icons + 1 and wild == 0


def test_wild_bonus_1_two_wilds_placed_as_a_block_after_the_roll():
    # "You roll ... 0 Blocks and 3 Hits ... so you decide to add 1 Block for your matching
    # wilds."
    state = opening()
    here = state.table.wardens["Bailey"].place

    def setup(t):
        holding(t, "Bailey", [], {0: ("Action card 9", True, False),   # right icon: hit
                                  1: ("Shadow Steps", True, False)})   # left icon: wild
        t.wardens["Bailey"].played[0] = ("Shadow Steps", True, True)   # a Warden card on top
        t.wardens["Bailey"].dice = ["attack", "attack"]
        t.scarabs[here] = 1
        t.ctx.update(played=True, attacks=1)
    state = edit(state, setup)
    assert bonuses(state.table, state.table.wardens["Bailey"]) == ["any"]
    state = state.apply(Attack())
    state = choose_roll(state, "3 Hits 0 Blocks 0 bursts", "1 Hits 0 Blocks 0 bursts")
    assert state.legal_actions() == [Choose("wild", "Hit"), Choose("wild", "Block")]
    state = state.apply(Choose("wild", "Block"))
    assert state.table.wardens["Bailey"].health == RULES.number("start_health")  # blocked


def test_wild_bonus_2_wilds_paid_as_the_resource_you_lack():
    # "recruit a Companion which costs 2 Knowledge and 1 Mîn. You have lots of Knowledge
    # ... you decide to use your two matching wilds as 1 Mîn ... only pay 2 Knowledge."
    state = opening()
    state = edit(state, lambda t: holding(t, "Bailey", [], {
        0: ("Shadow Steps", True, True), 1: ("Shadow Steps", True, True)}, knowledge=5))
    t = state.table
    cost = companion_cost(t, t.wardens["Bailey"], "Companion 1")
    assert cost == Counter(knowledge=2, min=1)
    assert cost_after(t, t.wardens["Bailey"], cost) == Counter(knowledge=2)


# -- Scarab Phase & Spawning -------------------------------------------------------------
def test_rolled_room_spawning_1_and_2():
    # "If you rolled a 3 and the Outer Rooms Ring, you would spawn a Scarab in the outermost
    # room, located wherever Day 3 currently is." / "a 4 and the Inner Rooms Ring ... 2 rooms
    # equally at Day 4, so you always choose the room clockwise from the rolled day."
    assert room_at("outer", 3, today=1) == ("outer", 2)  # Day 3: two spots clockwise of Day 1
    assert room_at("inner", 4, today=1) == ("inner", 2)  # between slots 1 and 2: clockwise
    assert RULES.setting("days.csv", "clockwise") == 1


# -- Time ----------------------------------------------------------------------------------
def test_the_time_examples():
    assert advance(Time(1, "Morning", 2), 2) == Time(1, "Afternoon", 1)   # Advancing Time
    assert reverse(Time(1, "Evening", 3), 3) == Time(1, "Afternoon", 3)   # Reversing Time
    assert advance_to(Time(1, "Evening", 2), "Night") == tuple(            # a Time of Day
        Time(1, "Night", p) for p in (1, 2, 3))
    assert advance(Time(1, "Night", 3), 2) == Time(2, "Morning", 2)       # the Next Day
    assert advance_to(Time(1, "Night", 1), "Night") == (Time(1, "Night", 2),
                                                        Time(1, "Night", 3))  # Within
    assert advance_to(Time(1, "Evening", 3), "Evening")[0] == Time(2, "Evening", 1)  # Third
    state = opening()
    state = edit(state, lambda t: at_day(t, 1, 7))  # Day 1, second Evening
    assert advance_options(state.table, "Night") == (2, 3, 4)


# -- Battles -------------------------------------------------------------------------------
def test_calculating_damage_dealt():
    # "The Attacker had 7 Hits and 3 Blocks ... the Defender had 5 Blocks and 4 Hits ...
    # the Defender having incurred 2 Damage ... the Attacker incurring 1 Damage."
    (outcome, p), = battle(Pool(hits=7, blocks=3), Pool(hits=4, blocks=5))
    assert (outcome.dealt, outcome.taken, p) == (2, 1, 1)


def test_attacking_scarabs_sekhmet_in_the_throne_room():
    # Sekhmet attacks the 4 Scarabs in the Throne Room with 1 bonus Hit (matched icons) and
    # 1 Block from Prepare Defenses; a Balanced, an Attack and (her power Abraca-stab-ra) a
    # Defense die roll 2 Hits and 1 Block: 3 Hits and 2 Blocks. The Scarabs roll 1 Block, 2
    # Hits and 1 Burst: one skitters to the Fae Breach; she takes 0, deals 2; keeps one
    # (1 XP), returns one (2 XP); one remains. (Two cards' icons edited to meet on a Hit.)
    rules = RULES.edit("action_cards.csv", "Action card 5", right="hit").edit(
        "action_cards.csv", "Action card 7", left="hit")
    state = opening(players=("Sekhmet", "Bailey"), rules=rules)
    breach = state.table.place_of("The Fae Breach")

    def setup(t):
        clear_board(t)
        t.scarabs[THRONE] = 4
        w = t.wardens["Sekhmet"]
        w.character, w.place, w.dice = "Sekhmet", THRONE, ["attack"]
        holding(t, "Sekhmet", ["Shadow Steps"], {0: ("Action card 5", True, False),
                                                 1: ("Action card 7", True, False),
                                                 2: ("Prepare Defenses", True, False)},
                power=1, min=1)
        t.ctx.update(played=True, attacks=1)
    state = edit(state, setup)
    from manorkit.weirdwood.game import Power

    state = state.apply(Power()).apply(Choose("die", "defense"))
    t = state.table
    pool, _ = player_pool(t, t.wardens["Sekhmet"], "scarabs")
    assert pool == Pool(balanced=1, attack=1, defense=1, hits=1, blocks=1)
    state = state.apply(Attack())
    state = choose_roll(state, "3 Hits 2 Blocks 0 bursts", "2 Hits 1 Blocks 1 bursts")
    assert state.table.scarabs[breach] == 1 and state.table.scarabs[THRONE] == 1
    steps = [s[0] for s in state.table.todo]
    assert steps.count("scarab") == 2 and "damage" not in steps  # 2 defeated, none taken
    state = state.apply(Choose("scarab", "keep")).apply(Choose("scarab", "return"))
    w = state.table.wardens["Sekhmet"]
    assert w.supply["scarab"] == 1 and w.xp == 1 + 2


def test_attacking_scarabs_exact_numbers():
    # the example's own arithmetic, with no printed Hits on the cards: 3 Hits against 1
    # Block defeats 2 of the 3 Scarabs left after one skitters away; 2 Hits against 2 Blocks
    # hurt nobody
    (o, _), = battle(Pool(hits=3, blocks=2), Pool(hits=2, blocks=1))
    assert (o.dealt, o.taken) == (2, 0)
    assert RULES.number("scarab_kept_xp") + RULES.number("scarab_returned_xp") == 3


def test_clearing_blight_with_shadow_steps():
    # "You play Shadow Steps and use your first of two Moves to travel to a Blighted room,
    # stop there and pay 2 Knowledge and 2 Mîn to clear its Blight, scoring the 5 XP. You
    # then flip the room over and use its action ... before using your second Move."
    state = opening()

    def setup(t):
        clear_board(t)
        holding(t, "Bailey", ["Shadow Steps"], min=2, knowledge=2)
        t.monster_at = ("outer", 6)
    state = edit(state, setup)
    state = state.apply(Play("Shadow Steps", 0, True))
    state = state.apply(state.legal_actions()[0])  # time
    target = next(a for a in state.legal_actions() if isinstance(a, Move))
    place = state.table.place_of(target.room)
    state = edit(state, lambda t: t.blighted.add(place))
    state = state.apply(target)
    assert UseRoom() not in state.legal_actions()  # Blighted: no room action
    state = state.apply(ClearBlight())
    w = state.table.wardens["Bailey"]
    assert w.supply["min"] == w.supply["knowledge"] == 0 and place not in state.table.blighted
    assert w.xp == RULES.rows("rooms.csv")[target.room]["blight_xp"] == 5
    while state.table.todo[0][0] == "xp":
        state = state.apply(Choose("xp", "battle"))
    assert UseRoom() in state.legal_actions()
    assert any(isinstance(a, Move) for a in state.legal_actions())  # the second Move


# -- XP ------------------------------------------------------------------------------------
def test_spending_xp():
    # "You battle 3 Scarabs and Defeat them all ... keep 1 ... return the other 2 ... 5 XP.
    # You decide to spend 3 XP on your Power Track, which gains you 1 Power Token and 1
    # resource of your choice. You then spend the remaining 2 XP on your Battle Track, which
    # now will allow you to have 1 additional Hit in future battles."
    state = opening()
    here = state.table.wardens["Bailey"].place

    def setup(t):
        clear_board(t)
        t.scarabs[here] = 3
        t.monster_at = ("outer", 6)
        t.wardens["Bailey"].dice = ["attack", "attack"]
        holding(t, "Bailey", ["Shadow Steps"])
        t.ctx.update(played=True, attacks=1)
    state = edit(state, setup)
    state = state.apply(Attack())
    state = choose_roll(state, "3 Hits 0 Blocks 0 bursts", "0 Hits 0 Blocks 0 bursts")
    state = state.apply(Choose("scarab", "keep"))
    state = state.apply(Choose("scarab", "return")).apply(Choose("scarab", "return"))
    w = state.table.wardens["Bailey"]
    assert w.xp == 5
    for track in ("power", "power", "power"):
        state = state.apply(Choose("xp", track))
    state = state.apply(Choose("gain", "Mîn"))
    state = state.apply(Choose("xp", "battle")).apply(Choose("xp", "battle"))
    w = state.table.wardens["Bailey"]
    assert w.supply["power"] == 1 and w.supply["min"] == 1 and w.hits == 1 and w.xp == 0


def test_order_of_spending_xp_damage_first_then_a_heal_on_the_battle_track():
    # "You battled the Mîn Wraith and inflicted 4 successful Hits on him, which grants you
    # 4 XP. He inflicted 1 successful Hit on you ... first reduce your Health by 1 ... then
    # spend that 4 XP on your Battle Track, passing a Heal icon."
    state = opening(monster="Mîn Wraith")

    def setup(t):
        clear_board(t)
        t.monster_at = t.wardens["Bailey"].place
        t.wardens["Bailey"].dice = ["attack", "attack", "attack"]
        holding(t, "Bailey", ["Shadow Steps"])
        t.ctx.update(played=True, attacks=1)
    state = edit(state, setup)
    health = state.table.wardens["Bailey"].health
    state = state.apply(Attack())
    outcome = next(o for o, _ in state.chance_outcomes()
                   if o.value.startswith("attacker") and _dealt_taken(o.value) == (4, 1))
    state = state.apply(outcome)
    assert state.table.todo[0] == ("damage", "Bailey", 1)  # Health first
    state = state.apply(Choose("damage", "Health"))
    for _ in range(4):
        state = state.apply(Choose("xp", "battle"))
    assert state.table.wardens["Bailey"].health == health  # the Heal icon gave it back


def _dealt_taken(text: str) -> tuple[int, int]:
    a, d = text.split("; ")
    (h1, b1, _), (h2, b2, _) = ([int(x) for x in side.split()[1::2]] for side in (a, d))
    return max(0, h1 - b2), max(0, h2 - b1)


def test_scoring_group_xp():
    # "You gain 4 XP upon forging your last Battle Die. You move the Group XP token marker
    # up 4 spaces, passing a Heal icon. Every player now gets to Heal one."
    rules = RULES.with_variants(group_xp="group")
    state = opening(rules=rules)
    state = edit(state, lambda t: [setattr(w, "health", 3) for w in t.wardens.values()])
    from manorkit.weirdwood.game.common import add_xp

    def forged_last(t):
        add_xp(t, t.wardens["Bailey"], rules.number("last_die_xp"))
    state = edit(state, forged_last)
    assert state.table.group_xp == 4
    assert all(w.health == 4 for w in state.table.wardens.values())


# -- Fae Monsters --------------------------------------------------------------------------
def test_resolving_monster_cards_1_and_2():
    # Day 6, the Chaos Ogre Angry: "the topmost effect and the middle effect"; Day 11,
    # Enraged: "the top part ... then only the Enraged section".
    row = RULES.rows("monster_effects.csv")["Chaos Ogre/Attack"]
    state = opening()
    state = edit(state, lambda t: at_day(t, 6))
    assert effects(state.table, "Attack") == [*row["top"], *row["angry"]]
    state = edit(state, lambda t: at_day(t, 11))
    assert effects(state.table, "Attack") == [*row["top"], *row["enraged"]]


def test_power_cards_slot_by_strength():
    # "if it were Day 4, you would slot the card to show only the first section ... he would
    # roll 1 additional Balanced Die and gain 2 additional Hits."
    state = opening()
    state = edit(state, lambda t: (at_day(t, 4), t.power_cards.append("Calm")))
    assert power_bonus(state.table) == Counter(balanced=1, hits=2)


def test_chaos_ogre_battle():
    # Day 8: 2 Defense, 2 Balanced, 2 Attack; Blight Threat 6: one more Balanced and Attack;
    # no Torso health: one less Defense; a Power card of 2 Hits: 1 Defense, 3 Balanced and
    # 3 Attack dice and 2 Hits. Celia's 6 Hits and 4 Blocks against his 6 Hits and 2 Blocks:
    # she takes 2, deals 4 (4 XP); 2 off the Arms' first row (a rolled Scarab), the Head's
    # last (a Scarab in his room; one Balanced die less), 1 off the Arms' second row; the
    # Power card discarded for 2 more XP. (This card's Power: 2 Hits, an edit of the
    # placeholder.)
    rules = RULES.edit("monster_effects.csv", "Chaos Ogre/Power", top=["hits:2"],
                       angry=["hits:0"])
    state = opening(players=("Celia", "Bailey"), rules=rules)
    shrine = ("middle", 4)  # (the example's Draconis Shrine, wherever it lies)
    flippable = [p for p, r in state.table.rooms.items()
                 if rules.rows("rooms.csv")[r]["fixed"] == "no" and p != shrine][:6]

    def setup(t):
        at_day(t, 8)
        clear_board(t)
        t.blighted.update(flippable)
        t.cubes.update({("torso", r): 0 for r in (1, 2, 3)})
        t.cubes.update({("head", 1): 0, ("head", 2): 0, ("head", 3): 1})
        t.power_cards.append("Angry")
        t.monster_at = shrine
        w = t.wardens["Celia"]
        w.character, w.place, w.dice = "Celia", shrine, ["attack", "attack", "defense"]
        w.hits, w.blocks = 2, 2
        holding(t, "Celia", ["Shadow Steps"])
        t.ctx.update(played=True, attacks=1)
    state = edit(state, setup)
    pool = monster_pool(state.table)
    assert (pool.balanced, pool.attack, pool.defense, pool.hits) == (3, 3, 1, 2)
    state = state.apply(Attack())
    state = choose_roll(state, "6 Hits 4 Blocks 0 bursts", "6 Hits 2 Blocks 0 bursts")
    t = state.table
    assert t.power_cards == [] and t.todo[0] == ("damage", "Celia", 2)
    state = state.apply(Choose("damage", "Health")).apply(Choose("damage", "Health"))
    state = state.apply(Choose("wound", "arms")).apply(Choose("wound", "arms"))
    assert state.table.todo[0] == ("room_dice", "spawn")  # the Arms' first row is cleared
    state = state.resolve()
    before = sum(state.table.scarabs.values())
    state = state.apply(Choose("wound", "head"))
    assert sum(state.table.scarabs.values()) == before + 1  # a Scarab in his room
    assert monster_pool(state.table).balanced == 3 - 1  # the Head gone: one Balanced less
    state = state.apply(Choose("wound", "arms"))
    assert state.table.cubes[("arms", 2)] == 1
    assert state.table.wardens["Celia"].xp == 4 + RULES.number("power_card_xp")


def test_healing_lady_weirdwood():
    # "You decide to lower your own health by 2 and raise Lady Weirdwood's life force by 2."
    state = opening(players=("Celia", "Bailey"), monster="Mîn Wraith")

    def setup(t):
        clear_board(t)
        t.wardens["Celia"].place = THRONE
        t.wardens["Celia"].health = 4
        t.scarabs[THRONE] = 0
        t.monster_at = ("outer", 6)
    state = edit(state, setup)
    life = state.table.lady
    state = state.apply(ShareHealth(2))
    assert state.table.lady == life + 2 and state.table.wardens["Celia"].health == 2


def test_siphoning_and_spell_arms():
    # "You spend 1 Knowledge and 1 Mîn to forge a battle die ... Day 5, Therus is Angry and
    # siphons ... 4 spaces ... move 1 arm 2 spaces, and another arm 2 spaces ... You could
    # not move the other arm because the Tracking Cube is in the last space there."
    state = opening(monster="Therus")
    full = RULES.setting("spell.csv", "arm_length")

    def setup(t):
        at_day(t, 5)
        t.arms = [0, 0, full]
        holding(t, "Bailey", ["Shadow Steps"], min=1, knowledge=1)
    state = edit(state, setup)
    from manorkit.weirdwood.game.common import pay

    state = edit(state, lambda t: pay(t, t.wardens["Bailey"], Counter(min=1, knowledge=1)))
    assert state.table.todo[0] == ("arm", "Bailey", RULES.siphon(5)) == ("arm", "Bailey", 4)
    assert state.legal_actions() == [Choose("arm", "1"), Choose("arm", "2")]
    for arm in ("1", "1", "2", "2"):
        state = state.apply(Choose("arm", arm))
    assert state.table.arms == [2, 2, full]


def test_wally_steals_dice_is_a_gap():
    # "if Wally's Thief's Gauntlet is at Level 2 and he is battling one Scarab, he can only
    # steal the Scarab's single blue Balanced Battle Die": the Gauntlet is not modelled.
    assert "wally_eugene" in RULES.gaps.index
    assert RULES.rows("characters.csv")["Wally"]["balanced_start"] == 0


def test_companions_cost_two_more_each():
    # "a second Companion will require an additional 2 resources plus their cost, a third
    # Companion, an additional 4 resources plus their cost"
    state = opening()
    t = state.table
    w = t.wardens["Bailey"]
    base = companion_cost(t, w, "Companion 1")
    w.companions = ["Companion 2"]
    assert companion_cost(t, w, "Companion 1") == base + Counter(any=2)
    w.companions = ["Companion 2", "Companion 3"]
    assert companion_cost(t, w, "Companion 1") == base + Counter(any=4)


def test_the_last_die_scores_4_xp_every_time_it_is_forged():
    # "you score 4 XP. This happens every time this event occurs, for example, where you
    # lose your most expensive Battle Die in battle and then forge it again later."
    state = opening()
    slots = len(RULES.rows("forge.csv"))
    royal = ("outer", 3)

    def setup(t):
        put(t, "Royal Armory", royal)
        clear_board(t)
        w = t.wardens["Bailey"]
        w.place, w.dice = royal, ["attack"] * (slots - 2)
        holding(t, "Bailey", ["Shadow Steps"], min=9, knowledge=9)
        t.ctx["room_ok"] = True
        t.monster_at = ("outer", 6)
    state = edit(state, setup)
    state = state.apply(UseRoom()).apply(Choose("forge", "attack"))
    assert state.table.wardens["Bailey"].xp == RULES.number("last_die_xp") + 1  # +1: Armory
    state = edit(state, lambda t: (t.wardens["Bailey"].dice.pop(), setattr(
        t.wardens["Bailey"], "xp", 0), t.ctx.update(room_ok=True), t.todo.pop(0)
        if t.todo[0][0] == "xp" else None))
    state = state.apply(UseRoom()).apply(Choose("forge", "attack"))
    assert state.table.wardens["Bailey"].xp == RULES.number("last_die_xp") + 1


def test_tacticians_gambit_draws_above_the_hand_limit_then_discards_down():
    # "If a Power or Action Card (for example, Tactician's Gambit) allows you to draw
    # additional cards above your current Hand Limit, you may do so, but will need to
    # discard down at the end of your turn."
    state = opening()
    state = edit(state, lambda t: holding(t, "Bailey", ["Tactician's Gambit", "Shadow Steps",
                                                        "Action card 5"]))
    state = state.apply(Play("Tactician's Gambit", 0, True))
    state = state.apply(state.legal_actions()[0])
    state = state.resolve().resolve()
    w = state.table.wardens["Bailey"]
    assert len(w.hand) == 4 > w.health == 3
    from manorkit.weirdwood.game import EndTurn

    state = state.apply(EndTurn())
    while state.is_chance:
        state = state.resolve()
    assert state.table.todo[0] == ("discard", "Bailey", 1)


def test_optional_actions_before_the_card():
    # "you might use any number of Optional Actions before playing an action card"
    state = opening()
    state = edit(state, lambda t: holding(t, "Bailey", ["Shadow Steps"], power=1, min=1,
                                          knowledge=1))
    from manorkit.weirdwood.game import Power

    assert Power() in state.legal_actions()
    state = state.apply(Power())
    assert any(isinstance(a, Play) for a in state.legal_actions())
