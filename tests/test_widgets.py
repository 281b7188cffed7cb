"""The RunStepper pressed headless with ``.click()``; the board SVG; a peer game's state."""

from __future__ import annotations

import base64
import html
import json
import os
import random
import re
import subprocess
import sys
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from fractions import Fraction

import pandas as pd
import pytest

from manorkit import run_display as views
from manorkit.blueprince import load_rules
from manorkit.blueprince.engine import Draft, State, new_day
from manorkit.blueprince.engine.display import board_svg, state_html, wrap
from manorkit.blueprince.sim.policies import greedy_policy, play_day
from manorkit.widgets import RunStepper

RULES = load_rules()
DRAFT_NORTH = "draft north from Entrance Hall (1, 3)"


def settle(stepper: RunStepper) -> None:
    while stepper.state.is_chance:
        stepper.roll_button.click()
    assert stepper.message.value == ""


def take_den(stepper: RunStepper) -> None:
    """Draft north, choose the Den by hand in the outcome box, roll Slots 2 and 3, take it."""
    stepper.buttons[DRAFT_NORTH].click()
    labels = [label for label, _ in stepper.outcome.options]
    stepper.outcome.value = next(i for i, label in enumerate(labels) if label.startswith("Den —"))
    stepper.choose_button.click()
    stepper.roll_button.click()
    stepper.roll_button.click()
    stepper.buttons["take Slot 1: Den"].click()
    settle(stepper)


def shown(stepper: RunStepper, resource: str) -> int:
    return int(re.search(rf'data-resource="{resource}"[^>]*><b>(\d+)</b>',
                         stepper.resources.value)[1])


def tile_at(svg: str, cell: tuple[int, int]) -> str | None:
    found = re.search(rf'data-cell="{cell[0]},{cell[1]}" data-room="([^"]+)"', svg)
    return found and found[1]


# -- the stepper on Blue Prince ----------------------------------------------------------
def test_buttons_are_exactly_the_legal_actions_grouped():
    stepper = RunStepper(seed=7)
    state = stepper.state
    assert state.depth == 0 and state.seed == 7
    assert list(stepper.buttons) == [str(a) for a in state.legal_actions()]
    titles = [w.value for w in stepper.decisions.children if hasattr(w, "value")]
    assert titles == ["<b>Draft a door</b>", "<b>End the day</b>"]
    assert stepper.chance.layout.display == "none"
    assert shown(stepper, "steps") == 50 and shown(stepper, "coins") == 5


def test_a_draft_by_clicking_shows_exact_odds_and_places_the_tile():
    stepper = RunStepper(seed=7)
    stepper.buttons[DRAFT_NORTH].click()
    state = stepper.state
    assert state.is_chance and stepper.chance.layout.display == ""
    assert len(stepper.outcome.options) == len(state.chance_outcomes()) == 64
    assert stepper.odds.value.count("<tr data-outcome=") == 64
    assert "1/64 (1.6%)" in stepper.odds.value  # as every manorkit table shows a chance
    assert "the tile for Slot 1 (drafting north into Rank 2, Column 3)" in stepper.phase.value
    assert not stepper.buttons  # nothing to decide at a random step
    stepper.undo_button.click()
    take_den(stepper)
    assert stepper.state.board[(2, 3)].room == "Den"
    assert tile_at(stepper.board.value, (2, 3)) == "Den"
    assert stepper.state.drafting is None


def test_before_a_draft_the_stepper_shows_the_chances_asked_at_each_door():
    from manorkit.blueprince import odds

    asked = {"a Green Room": "colour:green", "anything affordable": odds.Wanted(affordable=True)}
    stepper = RunStepper(seed=7, chances=odds.door_chances(asked))
    state = stepper.state
    shown = re.findall(r'<tr><td[^>]*>(\w+)</td><td[^>]*>([^<]+)</td><td[^>]*data-exact="'
                       r'([^"]+)".*?</td><td[^>]*data-exact="([^"]+)"', stepper.asked.value)
    doors = sorted({a.direction for a in state.legal_actions(Draft)})
    assert len(shown) == 2 * len(doors) > 0
    for door, kind, first, end in shown:
        situation = odds.draft_situation(state, ["north", "east", "south", "west"].index(door))
        wanted = asked[html.unescape(kind)]
        wanted = wanted if isinstance(wanted, odds.Wanted) else odds.Wanted(wanted)
        assert Fraction(first) == wanted.chance(situation.first_hand())
        assert Fraction(end) == wanted.chance(situation)
    stepper.buttons[DRAFT_NORTH].click()  # a random step: nothing to draft through
    assert stepper.asked.value == ""
    assert RunStepper(seed=7).asked.value == ""  # none asked


def test_a_move_changes_the_steps_and_undo_redo_and_the_timeline_rewind():
    stepper = RunStepper(seed=7)
    take_den(stepper)
    before = stepper.state
    stepper.buttons["move to Den (2, 3), 1 step"].click()
    moved = stepper.state
    assert moved.resources["steps"] == before.resources["steps"] - 1
    assert moved.position == (2, 3)
    assert shown(stepper, "steps") == 49
    stepper.undo_button.click()
    assert stepper.state is before and stepper.tip is moved
    assert not stepper.redo_button.disabled
    stepper.redo_button.click()
    assert stepper.state is moved and stepper.redo_button.disabled
    stepper.timeline.value = 0
    assert stepper.state.depth == 0 and len(stepper.state.board) == 2
    assert stepper.undo_button.disabled and stepper.timeline.max == moved.depth


def test_from_an_earlier_point_a_new_action_branches_and_the_same_one_keeps_the_line():
    stepper = RunStepper(seed=7)
    take_den(stepper)
    stepper.buttons["move to Den (2, 3), 1 step"].click()
    line = stepper.tip
    stepper.undo()
    stepper.buttons["move to Den (2, 3), 1 step"].click()
    assert stepper.tip is line
    stepper.undo()
    stepper.buttons["draft east from Entrance Hall (1, 3)"].click()
    assert stepper.tip is stepper.state and stepper.state.depth == line.depth
    assert stepper.state.history[-1] != line.history[-1]


def test_misuse_is_shown_and_changes_nothing():
    stepper = RunStepper(seed=7)
    state = stepper.state
    stepper.redo_button.click()
    assert "ValueError" in stepper.message.value and stepper.state is state
    with pytest.raises(ValueError, match="no random step"):
        stepper.choose("Den")
    stepper.buttons[DRAFT_NORTH].click()
    assert stepper.message.value == ""
    with pytest.raises(ValueError, match="not an outcome"):
        stepper.choose("no such tile")


def test_every_action_of_a_long_day_has_a_button_including_end_the_day():
    day = play_day(new_day(RULES, seed=3), greedy_policy, random.Random(1))
    decision = max((day.at(d) for d in range(day.depth)),
                   key=lambda s: len(s.legal_actions()))
    stepper = RunStepper(state=decision)
    assert len(stepper.buttons) == len(decision.legal_actions()) > 8
    assert "end the day" in stepper.buttons
    page = state_html(decision)
    assert all(html.escape(str(a)) in page for a in decision.legal_actions())


def _live_models() -> int:
    """How many widget models the kernel holds (what the deprecated ``Widget.widgets`` counts)."""
    from ipywidgets.widgets.widget import _instances

    return len(_instances)


def test_a_hundred_clicks_leave_no_widget_models_behind():
    stepper = RunStepper(seed=11)  # issue 27: 73 clicks took the live models from 105 to 1,283
    stepper.policy.value = "greedy"
    before, most = _live_models(), 0
    for seed in range(100):
        (stepper.new_day_button if stepper.state.is_over else stepper.bot_button).click()
        if stepper.state.is_over:
            stepper.seed.value = seed
        most = max(most, len(stepper.buttons))
    assert stepper.message.value == "" and most > 8
    assert _live_models() - before <= most + 12  # at most a button a legal action, once


def test_bots_step_and_play_to_the_end_of_the_day():
    stepper = RunStepper(seed=5)
    assert set(stepper.policies) == {"random", "greedy"}
    stepper.policy.value = "greedy"
    stepper.bot_button.click()
    assert stepper.state.depth == 1
    stepper.day_button.click()
    assert stepper.state.is_over and stepper.bot_button.disabled and not stepper.buttons
    assert stepper.events.value.count("</tr>") == len(stepper.state.log) + 1


def test_new_day_from_the_seed_box_keeps_the_rules():
    rules = RULES.with_variants(casino_payout="net")
    stepper = RunStepper(rules=rules, seed=1)
    stepper.seed.value = 9
    stepper.new_day_button.click()
    assert stepper.state.seed == 9 and stepper.state.depth == 0
    assert stepper.state.rules is rules


def test_start_from_any_state_and_inspect_it_below():
    mid = play_day(new_day(RULES, seed=2), greedy_policy, random.Random(2)).at(30)
    stepper = RunStepper(state=mid)
    assert stepper.state is mid and stepper.timeline.value == 30
    stepper.go_to(0)
    assert stepper.state.depth == 0 and stepper.tip is mid
    stepper.state = mid.at(10)
    assert stepper.tip.depth == 10


def test_save_and_load_through_the_buttons(tmp_path):
    stepper = RunStepper(seed=7)
    take_den(stepper)
    path = tmp_path / "run.json"
    stepper.path.value = str(path)
    stepper.save_button.click()
    saved = stepper.state
    assert path.read_text() == saved.to_json()
    assert json.loads(path.read_text())["seed"] == 7
    assert os.listdir(tmp_path) == ["run.json"]
    stepper.new_day(seed=3)
    stepper.load_button.click()
    assert stepper.state == saved and stepper.state.history == saved.history
    assert "loaded" in stepper.message.value


def _upload(stepper: RunStepper, name: str, text: str) -> None:
    """What the browser sends when a visitor chooses a file in the upload button."""
    data = text.encode()
    stepper.upload.value = ({"name": name, "type": "application/json", "size": len(data),
                             "content": memoryview(data),
                             "last_modified": datetime.now(UTC)},)


def _listing(folder) -> dict:
    return {p: (p.lstat().st_mtime_ns, p.lstat().st_size) for p in folder.rglob("*")}


@pytest.mark.parametrize("name", ["../../outside.json", "/etc/passwd", "run.json", "C:\\x.json"])
def test_in_the_app_save_and_load_touch_no_file_on_the_server(tmp_path, monkeypatch, name):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MANORKIT_APP", "1")
    secret = tmp_path / "secret.json"
    other = RunStepper(seed=3, files="paths")
    other.play_to_end("greedy")
    secret.write_text(other.state.to_json())
    (tmp_path / "run.json").symlink_to(secret)  # a link a path typed by a visitor could follow
    before = _listing(tmp_path)
    stepper = RunStepper(seed=7)
    assert stepper.files == "browser" and not hasattr(stepper, "path")  # no path box at all
    assert not [w for w in stepper._files if isinstance(w, type(other.path))]
    take_den(stepper)
    stepper.save_button.click()
    link = stepper.download.value
    data = re.search(r'href="data:application/json;base64,([^"]+)"', link)[1]
    assert base64.b64decode(data).decode() == stepper.state.to_json()
    assert 'download="run-seed7-step' in link
    saved = stepper.state
    stepper.new_day(seed=9)
    _upload(stepper, name, saved.to_json())  # the name is the visitor's, never opened
    assert stepper.state == saved and stepper.message.value.count("loaded") == 1
    assert stepper.upload.value == ()
    _upload(stepper, name, "{not a run")
    assert "Error" in stepper.message.value and stepper.state == saved
    assert _listing(tmp_path) == before  # nothing written, nothing followed
    assert str(tmp_path) not in stepper.message.value


def test_files_mode_is_checked():
    with pytest.raises(ValueError, match="files must be"):
        RunStepper(seed=1, files="server")
    from manorkit.share.app import APP, voila_env
    from manorkit.widgets.stepper import APP as STEPPER_APP

    assert APP == STEPPER_APP and voila_env()[APP]


def test_a_failed_save_keeps_the_old_file(tmp_path, monkeypatch):
    import manorkit.ruleset.atomic as files

    stepper = RunStepper(seed=3)
    stepper.path.value = str(tmp_path / "run.json")
    stepper.save()
    before = (tmp_path / "run.json").read_text()
    stepper.apply(stepper.state.legal_actions()[0])

    def broken(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(files.os, "replace", broken)
    with pytest.raises(OSError):
        stepper.save()
    assert (tmp_path / "run.json").read_text() == before
    assert os.listdir(tmp_path) == ["run.json"]


def _hand(*tiles: str, gems: int = 0):
    """A draft north from the Entrance Hall with ``tiles`` drawn, holding ``gems``."""
    from manorkit.blueprince.engine import Chance

    state = new_day(RULES, seed=7)
    state = replace(state, resources={**state.resources, "gems": gems}).apply(Draft(0))
    for tile in tiles:
        slot = len(state.drafting.hand) + 1
        assert state.describe_chance().startswith(f"the tile for Slot {slot}")
        state = state.apply(Chance(tile))
    return state


def test_a_tile_that_cannot_be_taken_shows_why():
    cost = RULES.room("Vault")["gem_cost"]
    stepper = RunStepper(state=_hand("Den", "Vault", "Nook"))
    greyed = {b.description: b for b in stepper.decisions.children[1].children if b.disabled}
    assert greyed == {f"take Slot 2: Vault — costs {cost} gems, you hold 0": greyed[
        f"take Slot 2: Vault — costs {cost} gems, you hold 0"]}
    assert "take Slot 1: Den" in stepper.buttons and not any("Vault" in t for t in stepper.buttons)
    rich = RunStepper(state=_hand("Den", "Vault", "Nook", gems=cost))
    assert "take Slot 2: Vault" in rich.buttons and not any(
        b.disabled for b in rich.decisions.children[1].children)


def test_the_stepper_names_rooms_and_decks_not_ids():
    from manorkit.blueprince.engine.actions import Use
    from manorkit.blueprince.engine.display import describe, words

    state = new_day(RULES, seed=7)
    assert describe(state, Use("secret_route", (1, 3))) == "secret route: Entrance Hall (1, 3)"
    assert words(state, "special_items card: Gem") == "Special Items card: Gem"
    assert words(state, "the commissary_stock deck is empty") == \
        "the Commissary Stock deck is empty"
    assert words(state, "dig card: Key; my_room stays") == "Dig Result card: Key; my_room stays"
    day = play_day(new_day(RULES, seed=3), greedy_policy, random.Random(1))
    assert "_items card" not in RunStepper(state=day).events.value


def test_the_board_has_a_legend_for_its_token_circles():
    day = play_day(new_day(RULES, seed=3), greedy_policy, random.Random(1))
    with_tokens = next(s for s in (day.at(d) for d in range(day.depth))
                       if s.dirt and s.trunks and s.fruit)
    svg = board_svg(with_tokens)
    legend = svg[svg.index('class="legend"'):]
    assert "dirt pile" in legend and "trunk" in legend
    assert 'class="legend"' not in board_svg(new_day(RULES, seed=0))  # no tokens, no legend


# -- the views -----------------------------------------------------------------------------
@dataclass(frozen=True)
class BuyItem:
    item: str

    def __str__(self) -> str:
        return f"buy the {self.item}"


def test_groups_known_classes_first_others_by_name_end_day_last():
    state = new_day(RULES, seed=7)
    actions = state.legal_actions()
    mixed = [actions[-1], BuyItem("Shovel"), *actions[:-1]]
    assert [t for t, _ in views.group_actions(mixed)] == ["Draft a door", "Buy item",
                                                         "End the day"]
    assert views.title("OpenTrunk") == "Open trunk" and views.title("GiveUp") == "Give up"


def test_odds_are_exact_sorted_and_formatted():
    class Pending:
        def chance_outcomes(self):
            return [("b", Fraction(1, 8)), ((1, 2), Fraction(1, 2)), (3, Fraction(1, 8)),
                    ("a", Fraction(1, 4))]

    rows = views.odds(Pending())
    assert [r.text for r in rows] == ["(1, 2)", "a", "3", "b"]
    assert sum(r.p for r in rows) == 1 and rows[0].chance == "1/2 (50%)"
    assert views.Odds("x", Fraction(1, 100_000)).chance == "1/100000 (0.001%)"


# -- the board -------------------------------------------------------------------------------
def test_the_board_scales_and_shows_every_rank_column_and_the_fixed_tiles():
    svg = board_svg(new_day(RULES, seed=0))
    head = svg[:svg.index(">")]
    assert 'viewBox="0 0 ' in head and 'width="100%"' in head and "height=\"" not in head
    assert all(f"<title>Rank {r}</title>" in svg for r in range(1, 10))
    assert all(f"<title>Column {c}</title>" in svg for c in range(1, 6))
    assert tile_at(svg, (1, 3)) == "Entrance Hall" and tile_at(svg, (9, 3)) == "Antechamber"
    assert "the goal" in svg and "you are here: Rank 1, Column 3" in svg


@pytest.mark.parametrize("room", list(RULES.rooms.index))
def test_every_room_name_is_shown_whole(room):
    assert " ".join(wrap(room)) == room
    state = new_day(RULES, seed=0)
    tile = replace(state.board[(1, 3)], room=room)
    svg = board_svg(replace(state, board={**state.board, (1, 3): tile}))
    assert f"<title>{html.escape(room)} — Rank 1" in svg


def test_padlocks_tokens_and_a_pending_draft_with_gem_costs():
    day = play_day(new_day(RULES, seed=3), greedy_policy, random.Random(1))
    with_tokens = next(s for s in (day.at(d) for d in range(day.depth))
                       if s.dirt and s.trunks and s.fruit)
    svg = board_svg(with_tokens)
    assert "dirt pile" in svg and "trunk" in svg and any(f in svg for f in ("apple", "banana"))
    (cell, d), = [next(iter(s.padlocks)) for s in (day.at(x) for x in range(day.depth))
                  if s.padlocks][:1]
    locked = replace(with_tokens, padlocks=frozenset({(cell, d)}))
    assert "padlock on the" in board_svg(locked)
    hand = new_day(RULES, seed=7).apply(Draft(0))
    from manorkit.blueprince.engine import Chance

    for tile in ("Den", "Drafting Studio", "Vault"):
        hand = hand.apply(Chance(tile))
    svg = board_svg(hand)
    assert 'data-slot="1" data-room="Den"' in svg and "Slot 1 · free" in svg
    cost = RULES.room("Drafting Studio")["gem_cost"]
    assert f"Slot 2 · {cost} gem" in svg and "drafting north into Rank 2, Column 3" in svg


# -- any game with the protocol --------------------------------------------------------------
@dataclass(frozen=True)
class Walk:
    steps: int

    def __str__(self) -> str:
        return f"walk {self.steps}"


@dataclass(frozen=True)
class Coins:
    value: tuple
    label: str = "two coins"


class Toy:
    """A peer game: walk 1 or 2 squares to reach 4; every walk of 2 flips two coins."""

    def __init__(self, parent=None, action=None, pos=0, flip=False):
        self.parent, self.action, self.pos, self.flip = parent, action, pos, flip
        self.depth = 0 if parent is None else parent.depth + 1
        self.resources = {"steps": 4 - pos}
        self.items, self.turn = {"Compass": 2}, self.depth
        self.is_chance, self.is_over = flip, pos >= 4 and not flip

    def legal_actions(self):
        if self.is_chance or self.is_over:
            return []
        return [Walk(1), Walk(2), BuyItem("map")] if self.pos < 3 else [Walk(1)]

    def chance_outcomes(self):
        return [(Coins(v), Fraction(1, 4)) for v in ((0, 0), (0, 1), (1, 0), (1, 1))]

    def apply(self, action):
        if self.is_chance:
            return Toy(self, action, self.pos)
        if action not in self.legal_actions():
            raise ValueError(f"{action} is not legal")
        step = getattr(action, "steps", 0)
        return Toy(self, action, self.pos + step, flip=step == 2)

    def resolve(self):
        return self.apply(self.chance_outcomes()[self.depth % 4][0])

    @property
    def history(self):
        return [] if self.parent is None else self.parent.history + [self.action]

    def at(self, depth):
        return self if depth == self.depth else self.parent.at(depth)

    def undo(self, n=1):
        return self.at(self.depth - n)

    @property
    def log(self):
        return pd.DataFrame({"step": range(self.depth), "action": map(str, self.history)})

    def to_json(self):
        return json.dumps([str(a) for a in self.history])


def test_a_peer_game_state_is_stepped_without_the_default_game():
    stepper = RunStepper(state=Toy(), game="manorkit.blueprince.engine")
    assert stepper.game is None and stepper.new_day_button.disabled
    assert list(stepper.policies) == ["uniform"]
    assert list(stepper.buttons) == ["walk 1", "walk 2", "buy the map"]
    titles = [w.value for w in stepper.decisions.children if hasattr(w, "value")]
    assert titles == ["<b>Walk</b>", "<b>Buy item</b>"]
    stepper.buttons["walk 2"].click()
    assert stepper.odds.value.count("<tr data-outcome=") == 4 and "1/4 (25%)" in stepper.odds.value
    assert "two coins: roll" in stepper.phase.value  # a state without describe_chance
    stepper.choose((1, 0))
    assert stepper.state.history[-1] == Coins((1, 0)) and stepper.state.pos == 2
    assert "<pre>" in stepper.board.value and "Compass (2)" in stepper.resources.value
    stepper.day_button.click()
    assert stepper.state.is_over and "day over" in stepper.phase.value
    stepper.undo(stepper.state.depth)
    assert stepper.state.pos == 0


def test_importing_the_widgets_loads_no_game_and_no_ipywidgets():
    code = ("import sys, manorkit.widgets, manorkit.run_display; "
            "print(sorted(m for m in sys.modules if m.startswith(('manorkit.blueprince', "
            "'ipywidgets'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "[]"


def test_a_state_round_trips_through_the_stepper_json():
    stepper = RunStepper(seed=4)
    stepper.play_to_end("greedy")
    assert State.from_json(stepper.state.to_json()) == stepper.state
