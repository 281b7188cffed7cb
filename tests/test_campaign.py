"""Campaigns (§3, §5, §12, §14, §17): days that carry forward, saved and replayed."""

import json
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from manorkit.blueprince import load_rules
from manorkit.blueprince.engine import (
    Campaign,
    CampaignError,
    CampaignState,
    EndDay,
    carries,
    new_campaign,
    new_day,
)
from manorkit.blueprince.engine.campaign import CARRIES, day_seed, handler, session
from manorkit.blueprince.engine.script import choose
from manorkit.blueprince.engine.state import SaveError, freeze
from manorkit.blueprince.mechanics.meals import todays_meal
from manorkit.blueprince.sim.policies import GreedyPolicy, RandomPolicy

from .golden.campaigns import CAMPAIGNS, LOGS, campaign_text
from .golden.scripts import scripts

RULES = load_rules()
ROOT = Path(__file__).resolve().parents[1]


def ended(campaign, carry: dict):
    """The next day ended at once, its Carry-Forward card replaced by ``carry``."""
    state = campaign.morning().apply(EndDay())
    return replace(state, carry=freeze(dict(carry)))


def play(state, *steps):
    for text in steps:
        state = state.apply(choose(state, text))
    return state


@pytest.fixture(scope="module")
def random20():
    return new_campaign(seed=5).play_days(RandomPolicy(), 20)


# -- the golden campaign ----------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(CAMPAIGNS))
def test_golden_campaign_matches_its_log(name):
    path = LOGS / f"{name}.txt"
    assert campaign_text(CAMPAIGNS[name]) == path.read_text(), (
        f"{name} changed; if on purpose: python -m tests.golden.campaigns {name}")


@pytest.mark.rule("win record", "counter")
def test_the_golden_campaign_unlocks_finds_places_uses_a_tomorrow_room_and_wins():
    from .golden.campaigns import play_campaign

    campaign, ends = play_campaign(CAMPAIGNS["campaign_four_days"])
    assert campaign.day == 4 and campaign.wins == (4,)
    first, second, third, fourth = (d.morning for d in campaign.days)
    assert first == Campaign() and second.unlocked == ("Kennel",)
    assert third.foundation == (1, 4) and third.found == ("Planetarium",)
    assert fourth.bonuses == (("steps", 20),) and ends[3].at(0).resources["steps"] == 70
    assert ends[2].at(0).board[(1, 4)].room == "The Foundation"
    assert "Kennel" in ends[1].at(0).bag and "Planetarium" in ends[2].at(0).bag
    assert "The Foundation" not in ends[2].at(0).bag


# -- the day boundary -----------------------------------------------------------------------

def test_end_day_refuses_a_day_not_over_or_from_another_morning():
    campaign = new_campaign(seed=1)
    with pytest.raises(CampaignError, match="not over"):
        campaign.end_day(campaign.morning())
    other = new_day(RULES, seed=campaign.next_seed + 1).apply(EndDay())
    with pytest.raises(CampaignError, match="did not start from day 1"):
        campaign.end_day(other)
    later = campaign.end_day(campaign.morning().apply(EndDay()))
    with pytest.raises(CampaignError, match="did not start from day 2"):
        later.end_day(campaign.morning().apply(EndDay()))  # yesterday's day, again
    with pytest.raises(CampaignError, match="State"):
        campaign.end_day("a day")


def test_a_carry_key_no_rule_handles_is_an_error_naming_it():
    campaign = new_campaign()
    with pytest.raises(CampaignError, match="'hidden_treasure'"):
        campaign.end_day(ended(campaign, {"hidden_treasure": 3}))


def test_every_key_the_engine_writes_has_one_handler():
    """Keys written literally (``carry_forward("won", ...)``, ``f"found:{room}"``), the
    draft-triggered Tomorrow Rooms (``rooms/green.py`` ``tomorrow``) and the safes."""
    text = "".join(p.read_text() for p in (ROOT / "manorkit/blueprince/engine").rglob("*.py"))
    keys = set(re.findall(r'carry_forward\(\s*f?"([a-z_]+:?)', text))
    assert {"won", "foundation", "unlocked", "next_run:", "drawn:"} <= keys
    keys |= {room.lower().replace(" ", "_") for room in re.findall(
        r'tomorrow\(work, "([^"]+)"\)', text)}
    assert {"sauna", "morning_room"} <= keys
    keys.add("safe:")  # rewards.py safe_gem: key = f"safe:{room}"
    for key in sorted(keys):
        handler(key + "Study" if key.endswith(":") else key)
    with pytest.raises(ValueError, match="already"):
        carries("sauna", "1 run", "§14")(lambda t, v, n: None)


def test_the_seam_for_other_carry_keys():
    """A new rule plugs in with @carries: its key then reaches the next morning."""
    seen = []
    try:
        carries("test_pile", "1 run", "§19 Outer Rooms")(lambda t, v, n: seen.append(v))
        campaign = new_campaign()
        campaign.end_day(ended(campaign, {"test_pile": ["Hovel"]}))
        assert seen == [["Hovel"]]
    finally:
        CARRIES.pop("test_pile", None)


def test_seeds_derive_from_the_campaign_seed():
    campaign = new_campaign(seed=9).play_days(RandomPolicy(), 3)
    assert [d.seed for d in campaign.days] == [day_seed(9, n) for n in (1, 2, 3)]
    assert len({d.seed for d in campaign.days}) == 3 and day_seed(9, 1) != day_seed(10, 1)
    with pytest.raises(CampaignError):
        new_campaign(seed="9")


# -- carry-forward rules, exactly once ---------------------------------------------------------

STUDIO = [r for r, row in RULES.rows("rooms.csv").items() if row["category"] == "studio"]
FOUNDATION = sorted(RULES.cells("The Foundation"))
CARRY = st.fixed_dictionaries({}, optional={
    "sauna": st.just((("steps", 20),)),
    "morning_room": st.just((("gems", 2),)),
    "next_run:Master Bedroom": st.just({"steps": 10}),
    "next_run:Her Ladyship's Chamber": st.just({"steps": -10, "keys": 1}),
    "freezer": st.fixed_dictionaries({"coins": st.integers(0, 9), "gems": st.integers(0, 4)}),
    "clock_tower": st.integers(1, 4),
    "observatory_rolls": st.integers(1, 2),
    "coat_check": st.sampled_from(["Shovel", "Lockpick Kit", None]),
    "package": st.booleans(),
    "deliveries": st.just(("Shovel",)),
    "apple_orchard": st.just(True),
    "unlocked": st.lists(st.sampled_from(STUDIO), min_size=1, max_size=2, unique=True)
    .map(tuple),
    "found": st.just(("Tunnel",)),
    "found:Planetarium": st.just(True),
    "foundation": st.sampled_from(FOUNDATION).map(list),
    "safe:Study": st.just(True),
    "safe:Office": st.just(True),
    "allowance": st.just({"coins": 2}),
    "drawn:prophecies": st.just("Vision 1"),
    "won": st.just(True),
    "outer_room": st.just(True),
})
ONE_RUN = ("sauna", "morning_room", "next_run:Master Bedroom",
           "next_run:Her Ladyship's Chamber", "freezer")


def _expected_bonuses(carry: dict, allowance: int) -> dict:
    out: dict = {}
    for key in ONE_RUN:
        value = carry.get(key, ())
        for r, n in (value.items() if isinstance(value, dict) else value):
            out[r] = out.get(r, 0) + n
    if "clock_tower" in carry:
        out["keys"] = out.get("keys", 0) + carry["clock_tower"]
    if allowance:
        out["coins"] = out.get("coins", 0) + allowance
    return {r: n for r, n in out.items() if n}


@given(first=CARRY, second=CARRY)
@pytest.mark.rule(("sauna", "morning_room", "next_run:*", "freezer", "clock_tower",
                   "observatory_rolls", "coat_check", "package", "deliveries", "apple_orchard",
                   "unlocked", "found", "found:*", "foundation", "safe:*", "allowance",
                   "drawn:*", "won", "outer_room"), "carry")
def test_each_carry_forward_applies_once_and_only_what_the_rules_carry(first, second):
    start = {r: int(row["amount"]) for r, row in RULES.rows(
        "tables/starting_resources.csv").items()}
    campaign = new_campaign(RULES, seed=3)
    allowance = 0
    for carry in (first, second, {}):
        before = campaign.today
        campaign = campaign.end_day(ended(campaign, carry))
        today = campaign.today
        allowance += carry.get("allowance", {}).get("coins", 0)
        bonuses = _expected_bonuses(carry, allowance)
        assert dict(today.bonuses) == bonuses  # once: not doubled, not kept a second day
        morning = campaign.morning().resources
        orchard = 20 if today.apple_orchard else 0
        for r in ("steps", "gems", "keys", "coins"):
            assert morning[r] == max(0, start[r] + bonuses.get(r, 0) + (orchard if r == "steps"
                                                                         else 0))
        assert today.observatory_rolls == carry.get("observatory_rolls", 0)
        assert today.deliveries == tuple(carry.get("deliveries", ()))
        assert today.run == before.run + 1 == campaign.day + 1
        # permanent: kept, never lost
        assert set(before.unlocked) <= set(today.unlocked)
        assert set(today.unlocked) == set(before.unlocked) | set(carry.get("unlocked", ()))
        assert set(before.found) <= set(today.found) and set(before.discoveries) <= set(
            today.discoveries)
        assert today.apple_orchard == (before.apple_orchard or "apple_orchard" in carry)
        assert ("outer_room" in today.discoveries) == (
            "outer_room" in before.discoveries or "outer_room" in carry)
        assert today.foundation == (before.foundation or (
            tuple(carry["foundation"]) if "foundation" in carry else None))
        assert today.coat_check == carry.get("coat_check", before.coat_check)
        assert today.package == carry.get("package", before.package)
        assert len(today.discoveries) == len(set(today.discoveries))
        assert campaign.wins == tuple(d.number for d in campaign.days if ("won", True) in
                                      d.carry)


def test_the_foundation_is_never_over_a_fixed_tile():
    campaign = new_campaign()
    for cell in ((1, 3), (9, 3), (2, 3), (1, 1)):
        with pytest.raises(CampaignError, match="Foundation"):
            campaign.end_day(ended(campaign, {"foundation": list(cell)}))


@pytest.mark.rule("west_lever", "carry")
def test_the_west_lever_stays_pulled_for_the_campaign_only_under_its_variant():
    campaign = new_campaign(load_rules(west_lever="campaign_permanent"))
    nxt = campaign.end_day(ended(campaign, {"west_lever": True}))
    assert nxt.morning().flags["levers"] == ("west",)
    assert "levers" not in new_campaign().morning().flags


def test_an_allowance_token_drawn_from_a_trunk_adds_coins_to_every_later_morning():
    steps = scripts()["green_south_lever_win"].steps
    cut = steps.index("trunk card: 3 Gems")
    campaign = new_campaign(seed=2)
    day = play(campaign.morning(), *steps[:cut], "trunk card: Allowance Token", "end the day")
    assert day.carry["allowance"] == {"coins": 2}
    later = campaign.end_day(day)
    for _ in range(2):
        assert later.morning().resources["coins"] == 5 + 2
        later = later.end_day(later.morning().apply(EndDay()))
    assert "Allowance" in later.card()["carries"].str.cat()


@pytest.mark.rule("meal cycle", "counter")
def test_the_meal_cycle_moves_on_on_a_day_without_the_dining_room():
    campaign = new_campaign()
    for _ in range(2):
        campaign = campaign.end_day(campaign.morning().apply(EndDay()))
    assert campaign.today.cards_drawn("meals") == ("", "")
    printed = new_campaign(load_rules(meal_order="printed_order"))
    assert printed.end_day(printed.morning().apply(EndDay())).today.drawn == ()


def test_the_meal_at_a_place_of_the_cycle_seen_before_is_certain():
    cards = list(RULES.rows("decks/meals.csv"))
    assert todays_meal(RULES, 6, (cards[0], "", "", "", "")) == {cards[0]: 1}
    unknown = todays_meal(RULES, 7, (cards[0], "", cards[2], "", "", ""))
    assert set(unknown) == set(cards) - {cards[0], cards[2]}
    assert todays_meal(RULES, 3, ("", cards[1])) == {c: 1 for c in cards if c != cards[1]}


@pytest.mark.rule(("session", "Commissary stock deck"), "counter")
@pytest.mark.parametrize("reading, reset", [("whole_campaign", False), ("fixed_runs", True)])
def test_a_new_session_reshuffles_the_meals_and_the_commissary(reading, reset):
    rules = load_rules(campaign_session=reading)
    campaign, size = new_campaign(rules), 7
    card = {"drawn:commissary_stock": "Stock 1", "drawn:prophecies": "Vision 1"}
    for _ in range(size):
        assert campaign.session == 1
        campaign = campaign.end_day(ended(campaign, card))
    assert campaign.session == (2 if reset else 1) == session(rules, size + 1)
    assert len(campaign.today.cards_drawn("prophecies")) == size  # never reshuffled
    assert len(campaign.today.cards_drawn("commissary_stock")) == (0 if reset else size)
    assert len(campaign.today.cards_drawn("meals")) == (0 if reset else size)


@pytest.mark.rule("run count", "counter")
def test_the_run_count_reaches_the_commissary_sale():
    campaign = new_campaign()
    for _ in range(19):
        campaign = campaign.end_day(campaign.morning().apply(EndDay()))
    assert campaign.morning().campaign.run == 20


# -- bots, saves and replays -------------------------------------------------------------------

def test_a_bot_campaign_keeps_its_invariants(random20):
    days = random20.days
    assert random20.day == len(days) == 20
    for a, b in zip(days, days[1:], strict=False):
        assert set(a.morning.unlocked) <= set(b.morning.unlocked)
        assert set(a.morning.found) <= set(b.morning.found)
        assert set(a.morning.discoveries) <= set(b.morning.discoveries)
        assert b.morning.run == a.morning.run + 1
        assert a.morning.foundation is None or b.morning.foundation == a.morning.foundation
    table = random20.table()
    assert list(table["day"]) == list(range(1, 21)) and len(random20.card()) >= 2


def test_json_round_trip_and_replay_equal(random20, tmp_path):
    text = random20.to_json()
    again = CampaignState.from_json(text)
    assert again == random20 and again.digest() == random20.digest()
    assert [d.actions for d in again.days] == [d.actions for d in random20.days]
    path = tmp_path / "campaign.json"
    random20.save(path)
    assert CampaignState.load(path).to_json() == text
    replayed = new_campaign(seed=5)
    for day in random20.days:
        replayed = replayed.replay_day(day.actions)
    assert replayed == random20


def test_the_same_seed_gives_the_same_campaign_in_another_process():
    here = new_campaign(seed=8).play_days(GreedyPolicy(), 5)
    code = ("from manorkit.blueprince.engine import new_campaign;"
            "from manorkit.blueprince.sim.policies import GreedyPolicy;"
            "print(new_campaign(seed=8).play_days(GreedyPolicy(), 5).to_json())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PYTHONHASHSEED": "123"},
                         check=True).stdout
    assert out.strip() == here.to_json()


def test_a_branch_from_day_5_differs_and_keeps_the_first_days(random20):
    base = random20.at(5)
    branch = base.play_day(GreedyPolicy())
    assert branch.days[:5] == random20.days[:5] and base.day == 5
    assert branch.days[5].actions != random20.days[5].actions
    with pytest.raises(ValueError):
        random20.at(21)


def test_a_corrupt_or_mismatched_save_names_what_is_wrong(random20):
    good = json.loads(random20.to_json())

    def broken(**change):
        return json.dumps({**good, **change})
    with pytest.raises(SaveError, match="not valid JSON"):
        CampaignState.from_json("{")
    with pytest.raises(SaveError, match="not a manorkit campaign"):
        CampaignState.from_json(new_day().to_json())
    with pytest.raises(SaveError, match="digest"):
        CampaignState.from_json(broken(digest=5))
    with pytest.raises(SaveError, match="does not reach"):
        CampaignState.from_json(broken(digest="0" * 16))
    with pytest.raises(SaveError, match=r"days\[0\]: seed"):
        CampaignState.from_json(broken(seed=6))
    with pytest.raises(SaveError, match="rules"):
        CampaignState.from_json(broken(rules={"path": None, "variants": {"nope": "x"}}))
    days = [dict(d) for d in good["days"]]
    days[2]["actions"] = days[2]["actions"][:-1]
    with pytest.raises(SaveError, match=r"days\[2\].*not over"):
        CampaignState.from_json(broken(days=days))
    with pytest.raises(SaveError, match="cannot read"):
        CampaignState.load("/nonexistent/campaign.json")


def test_a_campaign_displays_its_day_card_and_wins(random20):
    html = random20._repr_html_()
    assert "20 day(s) played" in html and "Carry-Forward card" in html and "<table" in html
    assert "run count" in html


def test_a_campaign_with_edited_rules_saves_its_edits_and_replays(tmp_path):
    edited = RULES.with_table("starting_resources", "steps", amount=30)
    campaign = new_campaign(edited, seed=4).play_days(RandomPolicy(), 2)
    assert campaign.morning().resources["steps"] == 30
    path = tmp_path / "edited.json"
    campaign.save(path)
    again = CampaignState.load(path)
    assert again == campaign and again.rules == edited and again.rules != RULES
    assert json.loads(path.read_text())["rules"]["edits"]  # the edit is in the save
