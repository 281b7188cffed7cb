"""The notebooks in a real browser: JupyterLab on 127.0.0.1, Debian's Chromium driven by
Playwright. The stepper notebook is run and clicked through (a draft, a hand-chosen tile, a
move, undo); the deck explorer's deck is switched; every other notebook is run; no output
may be an error and no widget may be stuck loading. Any request that leaves 127.0.0.1 is
aborted and fails the test.

``python3 dev.py test`` installs Chromium with apt when /usr/bin/chromium is missing.
Screenshots go to build/browser/.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import urllib.error
from pathlib import Path
from types import SimpleNamespace

import nbformat
import pytest
from playwright.sync_api import expect

from .browser_helpers import free_port as _free_port
from .browser_helpers import get_json as _get
from .browser_helpers import guarded_chromium, skip_without_chromium, stop
from .browser_helpers import until as _until

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
STEPPER = "08_run_stepper.ipynb"
EXPLORER = "03_decks.ipynb"  # its deck explorer is driven by hand
SHOTS = ROOT / "build" / "browser"
#: JupyterLab settings: start the kernel unasked, render every cell, never call out.
OVERRIDES = {
    "@jupyterlab/notebook-extension:tracker": {"autoStartDefaultKernel": True,
                                               "windowingMode": "none"},
    "@jupyterlab/apputils-extension:notification": {"checkForUpdates": False,
                                                    "fetchNews": "false"},
    "@jupyterlab/extensionmanager-extension:plugin": {"enabled": False},
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


def problems(context, cells) -> list[str]:
    out = list(cells["errors"])
    out += [f"a widget shows {s!r}" for s in STUCK if s in cells["text"]]
    out += [f"request left 127.0.0.1: {url}" for url in context.left]
    return out


def test_stepper_in_the_browser(lab, browser):
    page, cells = open_and_run(browser, lab, STEPPER)
    SHOTS.mkdir(parents=True, exist_ok=True)
    stepper = page.locator(".mk-stepper").last
    try:
        assert problems(browser, cells) == []
        stepper.scroll_into_view_if_needed()
        phase = stepper.locator(".mk-phase")
        steps = stepper.locator('.mk-bar .mk-resource[data-resource="steps"] b')
        chance = stepper.locator(".mk-chance")

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
        expect(chance.locator("table.mk-odds tr")).to_have_count(65)  # 64 tiles, a header
        stepper.screenshot(path=str(SHOTS / "08_run_stepper_odds.png"))
        den = chance.locator("select option", has_text="Den —").inner_text()
        chance.locator("select").select_option(label=den)
        press("choose", 2)
        expect(stepper.locator('.manorkit-board g.slot[data-slot="1"]')).to_have_attribute(
            "data-room", "Den")
        press("roll", 3)
        press("roll", 4)
        expect(chance).to_be_hidden()
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
        text = page.evaluate(CELLS_JS)["text"]
        assert not [s for s in STUCK if s in text]
        assert browser.left == []
    finally:
        page.screenshot(path=str(SHOTS / "08_run_stepper_page.png"))
        if stepper.count():
            stepper.screenshot(path=str(SHOTS / "08_run_stepper.png"))


def test_explorer_in_the_browser(lab, browser):
    page, cells = open_and_run(browser, lab, EXPLORER)
    SHOTS.mkdir(parents=True, exist_ok=True)
    explorer = page.locator(".mk-explorer").first
    try:
        assert problems(browser, cells) == []
        explorer.scroll_into_view_if_needed()
        answer = explorer.locator(".mk-note", has_text="Chance of at least one")
        expect(answer).to_have_count(1)
        expect(answer).to_contain_text("Key in 3 draws")
        expect(explorer.locator(".jp-OutputArea-output img")).to_have_count(1)  # the charts
        explorer.locator("select").first.select_option("trunk")
        expect(answer).to_have_count(1)  # the answer follows, and shows once
        expect(answer).not_to_contain_text("Key in 3 draws")
        expect(explorer.locator("table.mk-table")).to_have_count(1)
        assert browser.left == []
    finally:
        if explorer.count():
            explorer.screenshot(path=str(SHOTS / "03_decks_explorer.png"))


@pytest.mark.parametrize("path", [p for p in NOTEBOOKS if p.name not in (STEPPER, EXPLORER)],
                         ids=lambda p: p.name)
def test_notebook_in_the_browser(lab, browser, path):
    page, cells = open_and_run(browser, lab, path.name)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{path.stem}.png"))
    assert problems(browser, cells) == []


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
