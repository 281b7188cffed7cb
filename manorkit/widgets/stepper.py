"""RunStepper: step through a run by clicking, for any state that follows the run protocol."""

from __future__ import annotations

import base64
import html
import importlib
import os
import random
from pathlib import Path

import ipywidgets as widgets

from .. import run_display
from ..ruleset import atomic_write_text
from . import saved

#: The game a stepper starts when it is given no state (imported only then).
DEFAULT_GAME = "manorkit.blueprince.engine"
#: Bot steps after which "play to the end of the day" gives up.
MAX_STEPS = 10_000
HIDE_DETAILS = "<style>.mk-picture .mk-details{display:none}</style>"
#: Set in the environment of the app's kernels (``dev.py app``): there a stepper saves and
#: loads through the visitor's browser, never by a path on the server.
APP = "MANORKIT_APP"
#: The largest run file a visitor may upload to the app (bytes).
MAX_UPLOAD = 5_000_000


def _auto(grow: bool = False) -> widgets.Layout:
    """A layout as wide as its content; ``grow`` takes the room left, the others keep theirs."""
    return widgets.Layout(width="auto", flex="1 1 auto" if grow else "0 0 auto", min_width="0")


def uniform_policy(state, rng: random.Random):
    """Any legal decision, uniformly (the bot for a game that ships none)."""
    return rng.choice(state.legal_actions())


def picture(state) -> str:
    """A state's own picture: its ``_repr_svg_``, else its ``_repr_html_``, else its repr.

    Parts of the HTML marked ``class="mk-details"`` (what the stepper shows itself, such as
    resources and decisions) are hidden."""
    for name in ("_repr_svg_", "_repr_html_"):
        method = getattr(state, name, None)
        text = method() if callable(method) else None
        if text:
            return f"{HIDE_DETAILS}<div class='mk-picture'>{text}</div>"
    return f"<pre>{html.escape(repr(state))}</pre>"


def find_game(game, state):
    """The module that starts new runs for ``state`` (:func:`start`), or None.

    ``game`` is a module or its name; a name is imported only when there is no state or the
    state's class comes from it, so a peer game's state never loads the default game.
    """
    if isinstance(game, str):
        if state is not None and not type(state).__module__.startswith(game + "."):
            return None
        game = importlib.import_module(game)
    return game


def start(game, rules, seed: int):
    """A new run of ``game``: ``new_game(rules, seed=seed)`` (a peer game), else
    ``new_day(rules, seed=seed)`` (a Blue Prince day)."""
    begin = getattr(game, "new_game", None) or game.new_day
    return begin(rules, seed=seed)


def game_policies(game) -> dict:
    """The bots of ``game``: each ``*_policy`` function of its ``policies`` module, or of the
    ``sim.policies`` module beside it (a game whose engine knows no bots, as Blue Prince's:
    ``manorkit.blueprince.sim.policies`` for ``manorkit.blueprince.engine``)."""
    for name in (f"{game.__name__}.policies", f"{game.__name__.rpartition('.')[0]}.sim.policies"):
        try:
            module = importlib.import_module(name)
        except ImportError:
            continue
        return {n.removesuffix("_policy"): f for n, f in vars(module).items()
                if n.endswith("_policy") and callable(f) and f.__module__ == module.__name__}
    return {}


class RunStepper(widgets.VBox):
    """A run stepped by clicking: the board, resources, the phase, a button per legal action
    (grouped by class), the exact odds of a random step with a roll and a hand-picked
    outcome, undo/redo and a timeline, a seed box, save/load, bots and the event log.

    ``stepper.state`` is always the current immutable state. Every button calls a public
    method (``apply``, ``roll``, ``choose``, ``undo``, ``redo``, ``go_to``, ``bot_step``,
    ``play_to_end``, ``new_day``, ``save``, ``load``) that raises on misuse; a click shows the
    error instead. ``game`` starts new days; ``policies`` maps names to
    ``policy(state, rng) -> action`` (default: the game's bots); ``chances(state)`` gives
    rows (dicts) of exact chances to show beside the decisions, e.g. before a draft the
    chance of each kind of room at each door (Blue Prince: ``odds.door_chances``).

    ``files``: how the save and load buttons reach a file. ``"paths"`` (in JupyterLab, on the
    designer's own machine): a file box, and the buttons write and read that path.
    ``"browser"`` (in the app, where a visitor clicks on a server that is not theirs): save
    offers the run as a download from the page, load takes a file uploaded from the
    visitor's machine; no path is typed, no file on the server is written or read. Default:
    ``"browser"`` when the environment has ``MANORKIT_APP`` (``dev.py app`` sets it), else
    ``"paths"``. From code, ``save(path)`` and ``load(path)`` take a path in either mode.
    """

    def __init__(self, state=None, rules=None, seed: int = 0, *, game=DEFAULT_GAME,
                 policies: dict | None = None, chances=None, files: str | None = None):
        files = files or ("browser" if os.environ.get(APP) else "paths")
        if files not in ("paths", "browser"):
            raise ValueError(f"files must be 'paths' or 'browser', not {files!r}")
        self.files = files
        self.game = find_game(game, state)
        #: What a run of the game is called: a Blue Prince day, a peer's game.
        self.unit = "game" if getattr(self.game, "new_game", None) else "day"
        if state is None:
            if self.game is None:
                raise ValueError("give a state, or a game whose new_game or new_day starts one")
            state = start(self.game, rules, seed)
        self.rules = rules if rules is not None else getattr(state, "rules", None)
        seed = getattr(state, "seed", seed)
        self.policies = dict(policies or (game_policies(self.game) if self.game else {})
                             or {"uniform": uniform_policy})
        self._rng = random.Random(seed)
        self.chances = chances
        self._state = self._tip = state
        self._buttons: list[widgets.Button] = []
        self._actions: list = []
        #: Widgets kept from click to click: action buttons (sharing one layout and style),
        #: and a heading and a row per group of actions.
        self._pool: list[widgets.Button] = []
        self._rows: list[tuple[widgets.HTML, widgets.HBox]] = []
        self._button_layout, self._button_style = _auto(), widgets.ButtonStyle()
        self._row_layout = widgets.Layout(flex_flow="row wrap")
        self._outcomes: list = []
        self._syncing = False
        self._build(seed)
        super().__init__(children=self._layout())
        self.add_class("mk-stepper")
        self.add_class(saved.LIVE)
        self._refresh()

    # -- the current state and the line it is on ----------------------------------------
    @property
    def state(self):
        """The current state (immutable: inspect it or branch from it freely)."""
        return self._state

    @state.setter
    def state(self, state) -> None:
        self._state = self._tip = state
        self._refresh()

    @property
    def tip(self):
        """The latest state of the current line (what redo and the timeline reach)."""
        return self._tip

    @property
    def buttons(self) -> dict[str, widgets.Button]:
        """The buttons of the legal actions, by their text (``state.describe(action)`` if the
        state has it, else ``str(action)``)."""
        return {b.description: b for b in self._buttons}

    def apply(self, action):
        """Apply ``action`` to the current state (raises as ``state.apply`` does). From an
        earlier point this branches, unless it repeats the next step of the line."""
        return self._advance(self._state.apply(action))

    def roll(self):
        """Resolve the pending random step with the run's own generator."""
        return self._advance(self._state.resolve())

    def choose(self, value):
        """Resolve the pending random step with the outcome whose value is ``value``."""
        for outcome, _ in self._state.chance_outcomes():
            if getattr(outcome, "value", outcome) == value:
                return self.apply(outcome)
        raise ValueError(f"{value!r} is not an outcome of the pending random step")

    def undo(self, n: int = 1):
        return self.go_to(self._state.depth - n)

    def redo(self, n: int = 1):
        return self.go_to(self._state.depth + n)

    def go_to(self, depth: int):
        """Show the state after the first ``depth`` steps of the current line."""
        if not 0 <= depth <= self._tip.depth:
            raise ValueError(f"the line has steps 0 to {self._tip.depth}, not {depth}")
        self._state = self._tip.at(depth)
        self._refresh()
        return self._state

    def bot_step(self, policy: str | None = None):
        """One step by the chosen bot (a random step is rolled)."""
        state = self._state
        if state.is_over:
            raise ValueError("the day is over")
        if state.is_chance:
            return self.roll()
        return self.apply(self.policies[policy or self.policy.value](state, self._rng))

    def play_to_end(self, policy: str | None = None):
        """Let the chosen bot play to the end of the day (a peer's game), rolling every
        random step."""
        bot = self.policies[policy or self.policy.value]
        state = self._state
        for _ in range(MAX_STEPS):
            if state.is_over:
                return self._advance(state)
            state = state.resolve() if state.is_chance else state.apply(bot(state, self._rng))
        raise RuntimeError(f"the {self.unit} did not end within {MAX_STEPS} steps")

    def new_day(self, seed: int | None = None):
        """Start a new day (a peer's new game) with ``seed`` (default: the seed box) and the
        same rules."""
        if self.game is None:
            raise ValueError(f"this stepper has no game to start a new {self.unit} with")
        seed = self.seed.value if seed is None else int(seed)
        self.seed.value = seed
        self._rng = random.Random(seed)
        self.state = start(self.game, self.rules, seed)
        return self._state

    def save(self, path: str | Path | None = None) -> Path | None:
        """Write the run up to the current state as JSON, atomically, to ``path`` (default:
        the file box), and return the path; with ``files="browser"`` and no ``path``, offer
        it as a download from the page instead (returns None). The message names the file,
        never its folder."""
        text = self._state.to_json()
        if path is None and self.files == "browser":
            data = base64.b64encode(text.encode()).decode()
            name = f"run-seed{getattr(self._state, 'seed', 0)}-step{self._state.depth}.json"
            self.download.value = (f'<a class="mk-download" download="{html.escape(name)}" '
                                   f'href="data:application/json;base64,{data}">'
                                   f"⤓ download {html.escape(name)}</a>")
            self._say(f"{self._state.depth} steps ready: download them with the link")
            return None
        path = Path(path or self.path.value)
        atomic_write_text(path, text)
        self._say(f"saved {self._state.depth} steps to {path.name}")
        return path

    def load(self, path: str | Path | None = None):
        """Replay a run saved as JSON (from ``path``, default: the file box; with
        ``files="browser"`` and no ``path``: the file uploaded) and make it the current line."""
        if path is None and self.files == "browser":
            uploaded = list(self.upload.value)
            if not uploaded:
                raise ValueError("choose a run file (.json) to upload first")
            if uploaded[-1]["size"] > MAX_UPLOAD:
                raise ValueError(f"the file is larger than {MAX_UPLOAD:,} bytes")
            text, name = bytes(uploaded[-1]["content"]).decode("utf-8"), uploaded[-1]["name"]
            self.upload.value = ()  # the same file can be chosen again
        else:
            path = Path(path or self.path.value)
            text, name = path.read_text(encoding="utf-8"), path.name
        self.state = type(self._state).from_json(text)
        self._say(f"loaded {self._state.depth} steps from {Path(name).name}")
        return self._state

    def _advance(self, new):
        tip, here = self._tip, self._state
        if new.depth == here.depth + 1 and tip.depth > here.depth:
            following = tip.at(new.depth)
            if following.history[-1:] == new.history[-1:]:
                new = following
            else:
                tip = new
        else:
            tip = new
        self._tip, self._state = tip, new
        self._refresh()
        return new

    # -- building -----------------------------------------------------------------------
    def _build(self, seed: int) -> None:
        button = self._button
        self.phase = widgets.HTML()
        self.resources = widgets.HTML()
        self.resources.add_class("mk-bar")
        self.board = widgets.HTML(layout=widgets.Layout(flex="1 1 420px", min_width="240px",
                                                        max_width="500px"))
        self.decisions = widgets.VBox()
        self.asked = widgets.HTML()
        self.asked.add_class("mk-asked")
        self.odds = widgets.HTML()
        self.roll_button = button("roll", self.roll, "Roll with the run's own generator")
        self.outcome = widgets.Dropdown(description="outcome", layout=_auto(grow=True))
        self.choose_button = button("choose", self._choose_shown, "Apply the chosen outcome")
        pick = widgets.HBox([self.roll_button, self.outcome, self.choose_button])
        pick.add_class(saved.NEEDS_PYTHON)
        self.chance = widgets.VBox([
            widgets.HTML("<b>Random step: the exact odds of every outcome</b>"),
            widgets.Box([self.odds], layout=widgets.Layout(max_height="260px",
                                                           overflow="auto")),
            pick])
        self.chance.add_class("mk-chance")
        self.undo_button = button("undo", self.undo, "Back one step")
        self.redo_button = button("redo", self.redo, "Forward one step on this line")
        self.timeline = widgets.IntSlider(description="timeline", min=0, max=0,
                                          continuous_update=False)
        self.timeline.observe(self._on_timeline, names="value")
        self.policy = widgets.Dropdown(options=list(self.policies), description="bot",
                                       layout=_auto())
        self.bot_button = button("bot step", self.bot_step, "One step by the bot")
        self.day_button = button(f"play to the end of the {self.unit}", self.play_to_end,
                                 f"The bot plays on until the {self.unit} ends")
        self.seed = widgets.IntText(value=seed, description="seed",
                                    layout=widgets.Layout(width="180px"))
        self.new_day_button = button(f"new {self.unit}", self.new_day,
                                     f"A new {self.unit} with this seed")
        self.new_day_button.disabled = self.game is None
        if self.files == "paths":
            self.path = widgets.Text(value="run.json", description="file",
                                     layout=_auto(grow=True))
            self.save_button = button("save", self.save, "Save the run to the file (JSON)")
            self.load_button = button("load", self.load, "Replay the run saved in the file")
            self._files = [self.path, self.save_button, self.load_button]
        else:  # the visitor's browser holds the file: a download link, an upload
            self.save_button = button("save", self.save, "Offer the run as a download (JSON)")
            self.download = widgets.HTML()
            self.upload = widgets.FileUpload(accept=".json,application/json", multiple=False,
                                             description="choose a run", layout=_auto())
            self.upload.observe(lambda _: self._guard(self.load) if self.upload.value else None,
                                names="value")
            self._files = [self.save_button, self.download, self.upload]
        self.message = widgets.HTML()
        self.events = widgets.HTML()

    def _layout(self) -> list:
        side = widgets.VBox([self.decisions, self.asked, self.chance],
                            layout=widgets.Layout(flex="1 1 320px", min_width="260px"))
        row = widgets.Layout(flex_flow="row wrap", align_items="center")
        controls = [widgets.HBox([self.undo_button, self.redo_button, self.timeline], layout=row),
                    widgets.HBox([self.policy, self.bot_button, self.day_button], layout=row),
                    widgets.HBox([self.seed, self.new_day_button, *self._files], layout=row)]
        for box in (self.decisions, *controls):
            box.add_class(saved.NEEDS_PYTHON)
        return [
            saved.note(), self.phase, self.resources,
            widgets.HBox([self.board, side], layout=widgets.Layout(flex_flow="row wrap")),
            *controls, self.message,
            widgets.Box([self.events], layout=widgets.Layout(max_height="240px", overflow="auto")),
        ]

    def _button(self, text: str, method, tooltip: str = "", style: str = "") -> widgets.Button:
        b = widgets.Button(description=text, tooltip=tooltip or text, button_style=style,
                           layout=_auto())
        b.on_click(lambda _: self._guard(method))
        return b

    def _guard(self, method) -> None:
        """Run a click's method; show what went wrong instead of raising into the frontend."""
        self._say("")
        try:
            method()
        except Exception as err:  # noqa: BLE001 - any failure is shown to the designer
            self._say(f"{type(err).__name__}: {err}", error=True)
            self._refresh()

    def _say(self, text: str, error: bool = False) -> None:
        colour = "#b00020" if error else "#333"
        self.message.value = (f'<div class="mk-message" style="color:{colour}">'
                              f"{html.escape(text)}</div>") if text else ""

    def _choose_shown(self) -> None:
        self.apply(self._outcomes[self.outcome.value].outcome)

    def _on_timeline(self, change) -> None:
        if not self._syncing:
            self._guard(lambda: self.go_to(change["new"]))

    # -- showing the current state ------------------------------------------------------
    def _refresh(self) -> None:
        s = self._state
        self.phase.value = run_display.phase_html(s, self.unit)
        self.resources.value = run_display.resources_html(s)
        self.board.value = picture(s)
        self._show_actions(s)
        rows = self.chances(s) if self.chances is not None else []
        self.asked.value = run_display.chances_html(rows) if rows else ""
        self._show_chance(s)
        self._syncing = True
        try:
            self.timeline.max = max(self._tip.depth, 0)
            self.timeline.value = s.depth
        finally:
            self._syncing = False
        self.undo_button.disabled = s.depth == 0
        self.redo_button.disabled = s.depth >= self._tip.depth
        for b in (self.bot_button, self.day_button):
            b.disabled = s.is_over
        self.events.value = run_display.log_html(s)

    def _show_actions(self, s) -> None:
        """One button per legal action under its group's heading. Buttons, headings and rows
        are kept and relabelled from click to click (never made anew), so a long day leaves
        no widget models behind in the kernel or in a saved notebook."""
        legal = s.legal_actions()
        why = dict(getattr(s, "unavailable_actions", list)())  # shown, greyed, with why
        groups = run_display.group_actions([*legal, *why])
        self._actions = [action for _, actions in groups for action in actions]
        while len(self._pool) < len(self._actions):
            self._pool.append(self._action_button(len(self._pool)))
        while len(self._rows) < len(groups):
            self._rows.append((widgets.HTML(), widgets.HBox(layout=self._row_layout)))
        describe = getattr(s, "describe", str)
        children, first = [], 0
        for (title, actions), (heading, row) in zip(groups, self._rows, strict=False):
            buttons = self._pool[first:first + len(actions)]
            for b, action in zip(buttons, actions, strict=True):
                blocked = action in why
                b.description = b.tooltip = describe(action) + (
                    f" — {why[action]}" if blocked else "")
                b.disabled = blocked
                b.button_style = "warning" if type(action).__name__ == "EndDay" else ""
            heading.value = f"<b>{html.escape(title)}</b>"
            row.children = buttons
            children += [heading, row]
            first += len(actions)
        self._buttons = [b for b in self._pool[:first] if not b.disabled]
        self.decisions.children = children

    def _action_button(self, index: int) -> widgets.Button:
        """The ``index``-th action button: it applies whatever action it shows now."""
        b = widgets.Button(layout=self._button_layout, style=self._button_style)
        b.on_click(lambda _: self._guard(lambda: self.apply(self._actions[index])))
        return b

    def _show_chance(self, s) -> None:
        chance = s.is_chance and not s.is_over
        self.chance.layout.display = "" if chance else "none"
        self._outcomes = run_display.odds(s) if chance else []
        self.odds.value = run_display.odds_html(self._outcomes) if chance else ""
        self.outcome.options = [(f"{r.text} — {r.chance}", i)
                                for i, r in enumerate(self._outcomes)]
        self.outcome.value = 0 if self._outcomes else None
