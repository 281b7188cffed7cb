"""How a run of any game is shown, as plain data and HTML: actions grouped by class, the
exact odds of a random step, resources, the phase and the log. No widgets, no game: the
RunStepper and a game's own state view (Blue Prince's ``engine/display.py``) both use it."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from fractions import Fraction

from .display import percent, probability, probability_html

#: Titles of the action classes every manor game has; any other class is titled by its name.
TITLES = {"Draft": "Draft a door", "Unlock": "Locked door", "Take": "Take a tile",
          "Redraw": "Redraw", "Move": "Move to", "EndDay": "End the day"}
FIRST = ("Draft", "Unlock", "Take", "Redraw", "Move")
LAST = ("EndDay",)
LOG_CSS = (".mk-log{font-size:12px;border-collapse:collapse}"
           ".mk-log th,.mk-log td{text-align:left!important;padding:1px 8px;vertical-align:top}")


def title(cls_name: str) -> str:
    """The heading of a group of actions of class ``cls_name`` ("OpenTrunk" → "Open trunk")."""
    if cls_name in TITLES:
        return TITLES[cls_name]
    words = re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z0-9]+", cls_name) or [cls_name]
    return " ".join(words).capitalize()


def group_actions(actions) -> list[tuple[str, list]]:
    """``actions`` grouped by class: the known groups first (draft, unlock, take, redraw,
    move), then any other class in order of appearance, then ending the day."""
    groups: dict[str, list] = {}
    for action in actions:
        groups.setdefault(type(action).__name__, []).append(action)
    known = [n for n in FIRST if n in groups]
    last = [n for n in LAST if n in groups]
    rest = [n for n in groups if n not in known and n not in last]
    return [(title(n), groups[n]) for n in known + rest + last]


@dataclass(frozen=True)
class Odds:
    """One outcome of a random step with its exact probability."""

    outcome: object
    p: Fraction

    @property
    def text(self) -> str:
        return str(getattr(self.outcome, "value", self.outcome))

    @property
    def chance(self) -> str:
        """The chance as every other manorkit table shows one: ``1/64 (1.6%)``."""
        return probability(self.p)


def odds(state) -> list[Odds]:
    """The outcomes of the pending random step, most likely first (ties by their text)."""
    rows = [Odds(outcome, Fraction(p)) for outcome, p in state.chance_outcomes()]
    return sorted(rows, key=lambda r: (-r.p, r.text))


def chance_label(state) -> str:
    """What the pending random step draws or rolls (the outcomes' ``label``, if any)."""
    outcomes = state.chance_outcomes()
    return getattr(outcomes[0][0], "label", "") if outcomes else ""


def odds_html(rows: list[Odds]) -> str:
    """A table of every outcome: its chance as a fraction and a percentage
    (:func:`manorkit.display.probability`, the exact value on hover when shortened) and a
    bar."""
    top = max((r.p for r in rows), default=Fraction(1))
    body = "".join(
        f'<tr data-outcome="{html.escape(r.text)}"><td>{html.escape(r.text)}</td>'
        f'<td style="text-align:right">{probability_html(r.p)}</td>'
        f'<td style="width:120px"><div style="background:#4a78c2;height:10px;'
        f'width:{float(r.p / top) * 100:.1f}%"></div></td></tr>' for r in rows)
    return ('<table class="mk-odds" style="border-collapse:collapse;font-size:12px">'
            "<tr><th>outcome</th><th>chance</th><th></th></tr>"
            f"{body}</table>")


def resources_html(state) -> str:
    """The resource bar: every resource, then the items with their charges."""
    spans = [f'<span class="mk-resource" data-resource="{html.escape(k)}" '
             f'style="margin-right:12px"><b>{v}</b> {html.escape(_words(k))}</span>'
             for k, v in state.resources.items()]
    items = ", ".join(f"{html.escape(k)} ({v})" if v != 1 else html.escape(k)
                      for k, v in sorted(getattr(state, "items", {}).items()))
    return (f'<div class="mk-resources">{"".join(spans)}'
            f'<span class="mk-items">items: {items or "none"}</span></div>')


def _words(key: str) -> str:
    return "Ivory Dice" if key == "ivory_dice" else key.replace("_", " ")


def phase(state, unit: str = "day") -> tuple[str, str]:
    """The phase of the run and what the game waits for; ``unit`` names what a run is (a
    Blue Prince day, a peer's game)."""
    if state.is_over:
        return f"{unit} over", str(getattr(state, "over", "") or f"the {unit} has ended")
    if state.is_chance:
        describe = getattr(state, "describe_chance", None)
        label = (describe() if describe is not None else chance_label(state)) or "random step"
        return "random step", f"{label}: roll, or choose the outcome by hand"
    player = getattr(state, "player", None)
    whose = "your" if player is None else f"{player}'s"
    name = "drafting" if getattr(state, "drafting", None) is not None else f"{whose} turn"
    groups = [t.lower() for t, _ in group_actions(state.legal_actions())]
    return name, f"{whose} decision: " + ", ".join(groups)


def phase_html(state, unit: str = "day") -> str:
    name, waiting = phase(state, unit)
    turn = getattr(state, "turn", None)
    where = f"step {state.depth}" + ("" if turn is None else f", turn {turn}")
    return (f'<div class="mk-phase"><b>{html.escape(where)}</b> · phase: '
            f'<span data-phase="{html.escape(name)}">{html.escape(name)}</span> · '
            f"{html.escape(waiting)}</div>")


def log_html(state, rows: int = 200) -> str:
    """The event log, newest first (the last ``rows`` entries), its actions and effects in
    the state's own words (``state.words(text)``, if it has them)."""
    frame = state.log.tail(rows).iloc[::-1]
    words = getattr(state, "words", None)
    if words is not None:
        frame = frame.assign(**{c: frame[c].map(lambda t: words(t) if isinstance(t, str) else t)
                                for c in ("action", "effect") if c in frame})
    table = frame.to_html(index=False, classes="mk-log", border=0, justify="left")
    return f"<style>{LOG_CSS}</style>{table}"


def chances_html(rows: list[dict]) -> str:
    """A table of asked chances (a RunStepper's ``chances``): one row per dict, its keys the
    columns; a chance shown as a percentage over a bar, exact in its tooltip, a missing one
    as —."""
    columns = list(rows[0])
    head = "".join(f'<th style="{CELL}">{html.escape(c)}</th>' for c in columns)
    body = "".join("<tr>" + "".join(_cell(row[c]) for c in columns) + "</tr>" for row in rows)
    return ("<b>The chances asked about (exact: hover for the fraction)</b>"
            '<table class="mk-chances" style="border-collapse:collapse;font-size:12px">'
            f"<tr>{head}</tr>{body}</table>")


CELL = "padding:1px 8px;text-align:left"


def _cell(value) -> str:
    if value is None:
        return f'<td style="{CELL}">—</td>'
    if isinstance(value, Fraction):
        return (f'<td style="{CELL};text-align:right" title="{value}" data-exact="{value}">'
                f'{percent(value)}<div style="background:#4a78c2;height:3px;'
                f'width:{float(value) * 100:.0f}%"></div></td>')
    return f'<td style="{CELL}">{html.escape(str(value))}</td>'
