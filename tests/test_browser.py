"""The notebooks in a real browser: JupyterLab on 127.0.0.1 set up as ``dev.py lab`` sets it
up (widget state saved with a notebook, the notebooks' Python version written in), Debian's
Chromium driven by Playwright. The stepper notebook is run and clicked through (a draft, a
hand-chosen tile, a move, undo, a hundred bot steps) and its words read; so is a turn of each
peer game's stepper (09, 10, 11, 12); the deck explorer's deck is switched, the notebook saved
and opened again; the drafting explorer is asked a question too large; a notebook is opened
and left alone; every other notebook is run. No
output may be an error, no widget may be stuck loading, no chart's text may reach outside
its chart. Any request that leaves 127.0.0.1 is aborted and fails the test.

``python3 dev.py test`` installs Chromium with apt when /usr/bin/chromium is missing.
Screenshots go to build/browser/.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import urllib.error
from pathlib import Path
from types import SimpleNamespace

import nbformat
import pytest
from playwright.sync_api import expect

from .browser_helpers import (
    SECONDS,
    chart_overflows,
    guarded_chromium,
    in_kernel,
    skip_without_chromium,
    stop,
)
from .browser_helpers import free_port as _free_port
from .browser_helpers import get_json as _get
from .browser_helpers import until as _until

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
STEPPER = "08_run_stepper.ipynb"
EXPLORER = "03_decks.ipynb"  # its deck explorer is driven by hand, saved and reopened
DRAFTING = "06_drafting_odds.ipynb"  # its drafting explorer is asked a question too large
MYSTERY = "09_mystery_mansion.ipynb"  # its stepper is clicked through a turn
NIGHTMARE = "10_nightmare_house.ipynb"  # its stepper too: the setup, then a bot to the end
#: Peer-game notebooks whose stepper is clicked through a turn (Ludwig, Weirdwood).
PEER_STEPPERS = {"11_ludwig.ipynb": "ludwig", "12_weirdwood.ipynb": "weirdwood"}
SHOTS = ROOT / "build" / "browser"
#: JupyterLab settings: start the kernel unasked, render every cell, never call out.
OVERRIDES = {
    "@jupyterlab/notebook-extension:tracker": {"autoStartDefaultKernel": True,
                                               "windowingMode": "none"},
    "@jupyterlab/apputils-extension:notification": {"checkForUpdates": False,
                                                    "fetchNews": "false"},
    "@jupyterlab/extensionmanager-extension:plugin": {"enabled": False},
    "@jupyter-widgets/jupyterlab-manager:plugin": {"saveState": True},  # as dev.py lab
}
STUCK = ("Loading widget", "Error displaying widget")
# What the open notebook's cells show: how many code cells have not run, and every error.
CELLS_JS = """() => {
  const panel = window.jupyterapp.shell.currentWidget;
  if (!panel || !panel.content || !panel.content.model) return null;
  const cells = panel.content.model.cells, errors = [];
  let pending = 0;
  for (let i = 0; i < cells.length; i++) {
    const cell = cells.get(i);
    if (cell.type !== 'code') continue;
    if (cell.executionCount === null) pending++;
    for (const o of cell.outputs.toJSON())
      if (o.output_type === 'error') errors.push(`cell ${i}: ${o.ename}: ${o.evalue}`);
  }
  return {pending, errors, text: panel.content.node.innerText};
}"""

skip_without_chromium()


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """JupyterLab on a free port of 127.0.0.1 over a copy of notebooks/, with no token, a
    fresh workspaces folder and settings, and the kernel importing this checkout."""
    tmp = tmp_path_factory.mktemp("lab")
    shutil.copytree(ROOT / "notebooks", tmp / "notebooks",
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    _dev().fit_notebooks(tmp / "notebooks", sys.version.split()[0])  # as dev.py lab does
    (tmp / "app-settings").mkdir()
    (tmp / "app-settings" / "overrides.json").write_text(json.dumps(OVERRIDES))
    port = _free_port()
    cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", "--ip=127.0.0.1",
           f"--port={port}", "--ServerApp.port_retries=0", "--IdentityProvider.token=",
           "--ServerApp.password=", f"--ServerApp.root_dir={tmp / 'notebooks'}",
           "--ServerApp.terminals_enabled=False", "--LabApp.expose_app_in_browser=True",
           f"--LabApp.app_settings_dir={tmp / 'app-settings'}",
           f"--LabApp.user_settings_dir={tmp / 'user-settings'}",
           f"--LabApp.workspaces_dir={tmp / 'workspaces'}", "--LabApp.news_url=None",
           "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
    if os.geteuid() == 0:
        cmd.append("--allow-root")
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(tmp / "config"),
           "JUPYTER_DATA_DIR": str(tmp / "data"), "JUPYTER_RUNTIME_DIR": str(tmp / "runtime"),
           "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    log = open(tmp / "jupyterlab.log", "wb")
    server = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT,
                              start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        def up():
            if server.poll() is not None:
                pytest.fail(f"JupyterLab exited: {(tmp / 'jupyterlab.log').read_text()}")
            try:
                return _get(f"{base}/api/status")
            except OSError:
                return None

        _until(up, "JupyterLab to answer")
        yield SimpleNamespace(url=base, root=tmp / "notebooks")
    finally:
        stop(server, log)


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    """Headless Chromium with a fresh profile; every request off 127.0.0.1 is aborted and
    recorded in ``context.left``."""
    with guarded_chromium(tmp_path_factory.mktemp("chromium-profile")) as context:
        yield context


def open_and_run(context, lab, name: str):
    """Open notebook ``name`` in a fresh workspace, wait for its kernel to be idle, run every
    cell and wait until all have run (or one failed). Returns the page and the cells' state."""
    base = lab.url
    page = context.pages[0] if context.pages else context.new_page()
    if page.url.startswith(base):  # the last notebook's kernel stops first
        page.evaluate("() => window.jupyterapp.serviceManager.sessions.shutdownAll()")
    page.goto(f"{base}/lab/tree/{name}?reset", wait_until="domcontentloaded")
    page.wait_for_function("name => { const w = window.jupyterapp && "
                           "window.jupyterapp.shell.currentWidget; return w && w.context && "
                           "w.context.path === name && w.content.widgets.length > 0; }",
                           arg=name)

    def idle():
        try:
            sessions = [s for s in _get(f"{base}/api/sessions") if s["path"] == name]
            kernels = {k["id"]: k for k in _get(f"{base}/api/kernels")}
        except urllib.error.HTTPError:  # a session still starting can answer 500: ask again
            return False
        return sessions and kernels.get(sessions[0]["kernel"]["id"], {}).get(
            "execution_state") == "idle"

    _until(idle, f"the kernel of {name} to be idle", page=page)
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")

    def done():
        cells = page.evaluate(CELLS_JS)
        if cells and (cells["errors"] or (cells["pending"] == 0 and idle())):
            return cells
        return None

    _until(done, f"every cell of {name} to run", page=page)
    _until(lambda: STUCK[0] not in page.evaluate(CELLS_JS)["text"],
           f"the widgets of {name} to load", seconds=30, page=page)
    return page, page.evaluate(CELLS_JS)


def _dev():
    spec = importlib.util.spec_from_file_location("dev", ROOT / "dev.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def problems(context, cells, page=None) -> list[str]:
    out = list(cells["errors"])
    out += [f"a widget shows {s!r}" for s in STUCK if s in cells["text"]]
    out += [f"request left 127.0.0.1: {url}" for url in context.left]
    return out + (chart_overflows(page) if page is not None else [])


def dirty(page) -> bool:
    """Whether JupyterLab counts the open notebook as modified."""
    return page.evaluate("() => window.jupyterapp.shell.currentWidget.context.model.dirty")


def test_stepper_in_the_browser(lab, browser):
    page, cells = open_and_run(browser, lab, STEPPER)
    SHOTS.mkdir(parents=True, exist_ok=True)
    stepper = page.locator(".mk-stepper").last
    try:
        assert problems(browser, cells, page) == []
        stepper.scroll_into_view_if_needed()
        phase = stepper.locator(".mk-phase")
        steps = stepper.locator('.mk-bar .mk-resource[data-resource="steps"] b')
        chance = stepper.locator(".mk-chance")
        expect(stepper.locator(".mk-saved-note")).to_be_hidden()  # a kernel answers

        def press(name: str, step: int) -> None:
            stepper.get_by_role("button", name=name, exact=True).click()
            expect(phase).to_contain_text(f"step {step},")

        expect(phase).to_contain_text("step 0,")
        asked = stepper.locator(".mk-asked table.mk-chances")  # the chances asked about
        expect(asked.locator("tr", has_text="a Green Room")).to_have_count(3)  # one a door
        expect(asked.locator("td[data-exact]")).to_have_count(18)  # 3 doors, 3 kinds, 2 each
        press("draft north from Entrance Hall (1, 3)", 1)
        expect(asked).to_have_count(0)  # a random step: nothing to draft through
        expect(chance).to_be_visible()
        # the random step says which slot it fills; chances read as everywhere in manorkit
        expect(phase).to_contain_text("the tile for Slot 1 (drafting north into Rank 2, "
                                      "Column 3): roll")
        expect(chance.locator("table.mk-odds tr")).to_have_count(65)  # 64 tiles, a header
        expect(chance.locator('tr[data-outcome="Den"]')).to_contain_text("1/64 (1.6%)")
        stepper.screenshot(path=str(SHOTS / "08_run_stepper_odds.png"))
        den = chance.locator("select option", has_text="Den —").inner_text()
        chance.locator("select").select_option(label=den)
        press("choose", 2)
        expect(phase).to_contain_text("the tile for Slot 2")
        expect(stepper.locator('.manorkit-board g.slot[data-slot="1"]')).to_have_attribute(
            "data-room", "Den")
        press("roll", 3)
        press("roll", 4)
        expect(chance).to_be_hidden()
        hand = [stepper.locator(f'.manorkit-board g.slot[data-slot="{n}"]').get_attribute(
            "data-room") for n in (2, 3)]
        greyed = stepper.locator("button:disabled", has_text=" — costs ")
        takes = [stepper.get_by_role("button", name=f"take Slot {n}: {room}", exact=True)
                 for n, room in zip((2, 3), hand, strict=True)]
        # a drawn tile that cannot be afforded shows why, greyed, instead of vanishing
        assert greyed.count() + sum(t.count() for t in takes) >= 1, hand
        press("take Slot 1: Den", 5)
        step = 5
        while phase.locator("[data-phase]").get_attribute("data-phase") == "random step":
            step += 1
            press("roll", step)
        expect(stepper.locator('.manorkit-board g.tile[data-cell="2,3"]')).to_have_attribute(
            "data-room", "Den")
        before = steps.inner_text()
        press("move to Den (2, 3), 1 step", step + 1)
        expect(steps).to_have_text(str(int(before) - 1))
        press("undo", step)
        expect(steps).to_have_text(before)
        expect(stepper.get_by_role("button", name="move to Den (2, 3), 1 step")).to_be_visible()
        # a hundred clicks leave no widget models behind (issue 27: 16 a click, never closed)
        count = ("from ipywidgets.widgets.widget import _instances\n"
                 "print(len(_instances))")
        models = int(in_kernel(page, count))
        bot = stepper.get_by_role("button", name="bot step", exact=True)
        new_day = stepper.get_by_role("button", name="new day", exact=True)
        for _ in range(100):
            shown = phase.inner_text()
            (new_day if "day over" in shown else bot).click()
            expect(phase).not_to_have_text(shown)
        assert int(in_kernel(page, count)) - models <= 60
        text = page.evaluate(CELLS_JS)["text"]
        assert not [s for s in STUCK if s in text]
        assert "_items card" not in text and "commissary_stock" not in text  # ids, as words
        assert browser.left == []
    finally:
        page.screenshot(path=str(SHOTS / "08_run_stepper_page.png"))
        if stepper.count():
            stepper.screenshot(path=str(SHOTS / "08_run_stepper.png"))


def test_explorer_in_the_browser_and_the_notebook_saved_and_opened_again(lab, browser):
    page, cells = open_and_run(browser, lab, EXPLORER)
    SHOTS.mkdir(parents=True, exist_ok=True)
    explorer = page.locator(".mk-explorer").first
    try:
        assert problems(browser, cells, page) == []
        explorer.scroll_into_view_if_needed()
        answer = explorer.locator(".mk-note", has_text="Chance of at least one")
        expect(answer).to_have_count(1)
        expect(answer).to_contain_text("Key in 3 draws")
        expect(explorer.locator(".jp-OutputArea-output img")).to_have_count(1)  # the charts
        explorer.locator("select").first.select_option("trunk")
        expect(answer).to_have_count(1)  # the answer follows, and shows once
        expect(answer).not_to_contain_text("Key in 3 draws")
        expect(explorer.locator("table.mk-table")).to_have_count(1)
        explorer.locator("select").first.select_option("dig")
        expect(answer).to_contain_text("Key in 3 draws")  # the Dig deck's card is kept
        assert browser.left == []
        # saved and opened again: the saved view says it needs a run, its controls greyed
        page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
        _until(lambda: not dirty(page), "the notebook to be saved", page=page)
        page.evaluate("() => window.jupyterapp.serviceManager.sessions.shutdownAll()")
        page.goto(f"{lab.url}/lab/tree/{EXPLORER}?reset", wait_until="domcontentloaded")
        explorer = page.locator(".mk-explorer").first
        expect(explorer).to_be_visible(timeout=SECONDS * 1000)
        expect(explorer.locator(".mk-saved-note")).to_be_visible()
        expect(explorer.locator(".mk-saved-note")).to_contain_text("Run All Cells")
        controls = explorer.locator(".mk-needs-python").first
        assert controls.evaluate("e => getComputedStyle(e).pointerEvents") == "none"
        expect(explorer.locator(".mk-note", has_text="Chance of at least one")).to_contain_text(
            "Key in 3 draws")  # the last answer, as saved
        # (JupyterLab's widget manager counts every model it restores from saved widget
        # state as a change, jupyterlab-manager's register_model -> setDirty, so this one
        # shows as modified: see the README; a notebook without saved widgets stays clean)
    finally:
        if explorer.count():
            explorer.screenshot(path=str(SHOTS / "03_decks_explorer.png"))


def test_mystery_mansion_stepper_in_the_browser(lab, browser):
    """A turn of Mystery Mansion: roll, choose OPEN by hand, enter the Foyer, two rolls to
    end the turn; then undo."""
    page, cells = open_and_run(browser, lab, MYSTERY)
    SHOTS.mkdir(parents=True, exist_ok=True)
    stepper = page.locator(".mk-stepper").last
    try:
        assert problems(browser, cells) == []
        stepper.scroll_into_view_if_needed()
        phase = stepper.locator(".mk-phase")
        chance = stepper.locator(".mk-chance")
        green = stepper.locator('circle.pawn[data-player="Green"]')

        def press(name: str, step: int) -> None:
            stepper.get_by_role("button", name=name, exact=True).click()
            expect(phase).to_contain_text(f"step {step},")

        def face(text: str, step: int) -> None:
            option = chance.locator("select option", has_text=f"{text} —").inner_text()
            chance.locator("select").select_option(label=option)
            press("choose", step)

        expect(phase).to_contain_text("Green's decision")
        press("roll the door die", 1)
        expect(chance).to_be_visible()
        expect(chance.locator("table.mk-odds tr")).to_have_count(3)  # OPEN, LOCKED, a header
        face("OPEN", 2)
        expect(chance).to_be_hidden()
        press("move to Foyer", 3)
        expect(green).to_have_attribute("data-room", "Foyer")
        stepper.screenshot(path=str(SHOTS / "09_mystery_mansion_stepper.png"))
        press("roll the door die", 4)
        face("LOCKED", 5)
        press("roll the door die", 6)
        face("LOCKED", 7)
        expect(phase).to_contain_text("Red's decision")
        press("undo", 6)
        press("undo", 5)
        expect(phase).to_contain_text("Green's decision")
        assert browser.left == []
    finally:
        if stepper.count():
            stepper.screenshot(path=str(SHOTS / "09_mystery_mansion.png"))


def test_nightmare_house_stepper_in_the_browser(lab, browser):
    """The setup of a Nightmare House game by hand (two Characters drawn, the Entity, the
    Focus Markers), an undo, then the heuristic bots play to the end."""
    page, cells = open_and_run(browser, lab, NIGHTMARE)
    SHOTS.mkdir(parents=True, exist_ok=True)
    stepper = page.locator(".mk-stepper").last
    try:
        assert problems(browser, cells) == []
        stepper.scroll_into_view_if_needed()
        phase = stepper.locator(".mk-phase")
        chance = stepper.locator(".mk-chance")

        def press(name: str, step: int) -> None:
            stepper.get_by_role("button", name=name, exact=True).click()
            expect(phase).to_contain_text(f"step {step},")

        def face(text: str, step: int) -> None:
            option = chance.locator("select option", has_text=f"{text} —").inner_text()
            chance.locator("select").select_option(label=option)
            press("choose", step)

        expect(chance.locator("table.mk-odds tr")).to_have_count(13)  # 12 Characters
        face("Kate", 1)
        face("Doran", 2)
        expect(phase).to_contain_text("House's decision")
        press("the Entity: Circle 6", 3)
        press("Focus Marker 1: Kitchen", 4)
        expect(stepper.locator("svg.nightmare-house")).to_contain_text("Kitchen ◎")
        press("undo", 3)
        expect(stepper.get_by_role("button", name="Focus Marker 1: Kitchen")).to_be_visible()
        stepper.screenshot(path=str(SHOTS / "10_nightmare_house_stepper.png"))
        stepper.locator(".widget-dropdown", has_text="bot").locator("select").select_option(
            "heuristic")
        stepper.get_by_role("button", name="play to the end of the game").click()
        expect(phase.locator("[data-phase]")).to_have_attribute("data-phase", "game over")
        expect(phase).to_contain_text("wins")
        assert browser.left == []
    finally:
        if stepper.count():
            stepper.screenshot(path=str(SHOTS / "10_nightmare_house.png"))


def test_a_notebook_opened_and_left_alone_stays_unmodified(lab, browser):
    page = browser.pages[0] if browser.pages else browser.new_page()
    if page.url.startswith(lab.url):
        page.evaluate("() => window.jupyterapp.serviceManager.sessions.shutdownAll()")
    page.goto(f"{lab.url}/lab/tree/00_start_here.ipynb?reset", wait_until="domcontentloaded")
    page.wait_for_function("() => { const w = window.jupyterapp && "
                           "window.jupyterapp.shell.currentWidget; return w && w.context && "
                           "w.context.path === '00_start_here.ipynb' && "
                           "w.sessionContext.session && w.sessionContext.session.kernel; }")
    page.wait_for_timeout(5000)  # issue 27: modified about 2 s after opening, with no edit
    assert not dirty(page)


def test_the_drafting_explorer_says_a_question_is_too_large_and_stays_live(lab, browser):
    page, cells = open_and_run(browser, lab, DRAFTING)
    explorer = page.locator(".mk-explorer").first
    try:
        assert problems(browser, cells, page) == []
        explorer.scroll_into_view_if_needed()

        def slider(name: str, value: int) -> None:
            readout = explorer.locator(".widget-slider", has_text=name).locator(
                ".widget-readout")
            readout.click()
            page.keyboard.press("Control+A")
            page.keyboard.type(str(value))
            page.keyboard.press("Enter")

        def select(name: str, value: str) -> None:
            explorer.locator(".widget-dropdown", has_text=name).locator("select").select_option(
                value)

        # issue 27: this question froze every control for 27 s
        slider("Ivory Dice", 3)
        slider("gems held", 0)
        explorer.get_by_label("must afford it").check()
        select("draw from", "Library")
        explorer.get_by_label("Archives on the board").check()
        select("target", "colour:green")
        large = explorer.locator(".mk-note", has_text="Too large to answer here")
        expect(large).to_contain_text("try fewer Ivory Dice")
        expect(large).to_contain_text("the Archives off")
        slider("Ivory Dice", 0)  # the controls answer, and a smaller question is answered
        expect(large).to_have_count(0)
        expect(explorer.locator("table.mk-table")).to_contain_text("your draft")
        assert chart_overflows(page) == []
    finally:
        if explorer.count():
            explorer.screenshot(path=str(SHOTS / "06_drafting_explorer.png"))


def _peer_stepper(page):
    """The peer-game stepper of the open notebook, and a way to press its buttons."""
    stepper = page.locator(".mk-stepper").last
    stepper.scroll_into_view_if_needed()
    phase = stepper.locator(".mk-phase")

    def step_number() -> int:
        return int(phase.locator("b").inner_text().split()[1].rstrip(","))

    def press(name) -> None:
        before = step_number()
        stepper.get_by_role("button", name=name).first.click()
        expect(phase).to_contain_text(f"step {before + 1},")

    def random_steps() -> None:
        while phase.locator("[data-phase]").get_attribute("data-phase") == "random step":
            press("roll")
    return stepper, phase, press, random_steps


def test_ludwig_turn_in_the_browser(lab, browser):
    """Setup rolled, a Royal Decree kept by each player, the Foyers coloured, the Market
    revealed; then a turn: a card taken and sketched (one more Room on the board), the
    turn ended, and undone."""
    page, cells = open_and_run(browser, lab, "11_ludwig.ipynb")
    SHOTS.mkdir(parents=True, exist_ok=True)
    stepper, phase, press, random_steps = _peer_stepper(page)
    try:
        assert problems(browser, cells) == []
        expect(phase).to_contain_text("step 0,")
        random_steps()
        for _ in range(2):
            press(re.compile("^keep Royal Decree"))
        random_steps()
        for _ in range(2):
            press("Foyer as a Food Room")
        random_steps()
        expect(phase).to_contain_text("turn 1")
        rooms = stepper.locator("svg.ludwig-sketch rect.room")
        before = rooms.count()
        press(re.compile("^take "))
        press(re.compile("^sketch at "))
        expect(rooms).not_to_have_count(before)
        press("end the turn")
        stepper.get_by_role("button", name="undo", exact=True).click()
        expect(stepper.get_by_role("button", name="end the turn")).to_be_visible()
        assert browser.left == []
    finally:
        if stepper.count():
            stepper.screenshot(path=str(SHOTS / "11_ludwig_stepper.png"))


def test_weirdwood_turn_in_the_browser(lab, browser):
    """Setup rolled (the tiles, Companions, Scarabs, hands, the first Monster Card); then a
    turn: a card played face up, time advanced (the clock moves), the turn ended, undone."""
    page, cells = open_and_run(browser, lab, "12_weirdwood.ipynb")
    SHOTS.mkdir(parents=True, exist_ok=True)
    stepper, phase, press, random_steps = _peer_stepper(page)
    try:
        assert problems(browser, cells) == []
        expect(phase).to_contain_text("step 0,")
        random_steps()
        expect(stepper.locator("svg.weirdwood-board path.room")).to_have_count(30)
        clock = stepper.locator('.mk-bar .mk-resource[data-resource="time"] b')
        before = clock.inner_text()
        press(re.compile(r"^play .* face up to slot 1$"))
        press(re.compile(r"^advance time "))
        expect(clock).not_to_have_text(before)  # (each widget's update arrives on its own)
        press("end the turn")
        stepper.get_by_role("button", name="undo", exact=True).click()
        expect(stepper.get_by_role("button", name="end the turn")).to_be_visible()
        assert browser.left == []
    finally:
        if stepper.count():
            stepper.screenshot(path=str(SHOTS / "12_weirdwood_stepper.png"))


@pytest.mark.parametrize("path", [p for p in NOTEBOOKS
                                  if p.name not in (STEPPER, EXPLORER, DRAFTING, MYSTERY,
                                                    NIGHTMARE, *PEER_STEPPERS)],
                         ids=lambda p: p.name)
def test_notebook_in_the_browser(lab, browser, path):
    page, cells = open_and_run(browser, lab, path.name)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{path.stem}.png"))
    assert problems(browser, cells, page) == []


def test_the_checks_catch_an_error_a_stuck_widget_and_a_request_off_the_machine(lab, browser):
    nb = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_code_cell("from IPython.display import HTML, display\n"
                                  "display(HTML('<img src=\"http://example.com/x.png\">'))\n"
                                  "display({'application/vnd.jupyter.widget-view+json': "
                                  "{'model_id': 'nowhere', 'version_major': 2, "
                                  "'version_minor': 0}}, raw=True)"),
        nbformat.v4.new_code_cell("raise ValueError('boom')")],
        metadata={"kernelspec": {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}})
    nbformat.write(nb, lab.root / "zz_broken.ipynb")
    _, cells = open_and_run(browser, lab, "zz_broken.ipynb")
    try:
        found = problems(browser, cells)
    finally:
        browser.left.clear()
    assert any("ValueError: boom" in p for p in found)
    assert any("Error displaying widget" in p for p in found)
    assert "request left 127.0.0.1: http://example.com/x.png" in found
