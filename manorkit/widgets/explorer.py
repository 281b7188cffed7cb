"""A live explorer for a notebook: controls, and an output that is recomputed when a control
changes (sliders on release), says it is working meanwhile, and has a static view — charts as
SVG, tables as HTML — so a saved or exported notebook still shows the first answer. No game.

``compute(**values)`` gets every control's value by name and returns the parts to show: altair
charts, :class:`~manorkit.display.Table`\\ s or DataFrames, anything with ``_repr_html_`` (a
``Dist``), and strings (a sentence of plain text each).

A change of a control is answered on a worker thread, so the kernel keeps taking the next
change while it works (ipykernel sends widget updates from any thread); a newer change cancels
the answer still being worked out (at the next :func:`manorkit.budget.spend` of a calculator)
and an answer may take at most :data:`SECONDS` (else it says it is too large).
"""

from __future__ import annotations

import base64
import html
import sys
import threading
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import ipywidgets as widgets

from ..budget import Cancelled, limit
from ..display import Table
from . import saved

#: What the status line says while an answer is being computed.
WORKING = '<span class="mk-working" style="color:#a05a00">working…</span>'
IDLE = '<span class="mk-idle">&#8203;</span>'  # keeps the line's height
#: The longest the computation of an answer may take (seconds) before it is reported as too
#: large; drawing its charts adds a few tenths, so an answer shows within 2 s.
SECONDS = 1.5


def _is_chart(part: object) -> bool:
    """Whether ``part`` is an altair chart (altair is loaded if anything made one)."""
    alt = sys.modules.get("altair")
    return alt is not None and isinstance(part, alt.TopLevelMixin)


def _bundle(part: object) -> dict[str, str]:
    """The mime bundle an Output widget shows for one part."""
    if _is_chart(part):
        from ..charts import to_svg

        return {"image/svg+xml": to_svg(part), "text/plain": "chart"}
    if isinstance(part, str):
        return {"text/html": f'<p class="mk-note">{html.escape(part)}</p>', "text/plain": part}
    import pandas as pd

    if isinstance(part, pd.DataFrame):
        part = Table(part)
    if isinstance(part, Table):
        return {"text/html": part.html(), "text/plain": part.text()}
    return {"text/html": part._repr_html_(), "text/plain": repr(part)}  # a Dist, a Styler …


def _static(bundle: dict[str, str]) -> str:
    """One part as HTML for the static view (a chart as an SVG image)."""
    svg = bundle.get("image/svg+xml")
    if svg is None:
        return bundle["text/html"]
    data = base64.b64encode(svg.encode()).decode()
    return f'<div class="mk-chart"><img alt="chart" src="data:image/svg+xml;base64,{data}"></div>'


@dataclass(eq=False)
class _Request:
    """One answer asked for: the controls' values, a flag that cancels it, and when it is done."""

    values: dict[str, Any]
    cancel: threading.Event = field(default_factory=threading.Event)
    done: threading.Event = field(default_factory=threading.Event)


class Explorer(widgets.VBox):
    """Controls over an output that follows them.

    ``controls`` maps each keyword of ``compute`` to its widget. ``adjust(controls)``, if
    given, runs before each computation to update controls that depend on others (a card list
    that follows the chosen deck); changes it makes do not trigger a second computation.
    A ``ValueError`` from ``compute`` (a :class:`~manorkit.budget.TooLarge` among them) is
    shown as a sentence instead of the answer; so is any other error, named. ``seconds``
    bounds each answer (None: no bound). ``parts`` and ``bundles`` wait for the answer being
    worked out, so code that sets a control and reads them sees the new answer.
    """

    def __init__(self, controls: Mapping[str, widgets.Widget],
                 compute: Callable[..., Iterable[object]], *,
                 adjust: Callable[[dict[str, widgets.Widget]], None] | None = None,
                 seconds: float | None = SECONDS) -> None:
        self.controls = dict(controls)
        self._compute = compute
        self._adjust = adjust
        self.seconds = seconds
        self._busy = False
        self._lock = threading.Lock()
        self._request: _Request | None = None
        self.status = widgets.HTML(IDLE)
        self.output = widgets.Output()
        self._parts: tuple[object, ...] = ()
        self._bundles: tuple[dict[str, str], ...] = ()
        for control in self.controls.values():
            if "continuous_update" in control.keys:
                control.continuous_update = False
            if "style" in control.keys and "description_width" in control.style.keys:
                control.style.description_width = "initial"
            control.observe(self._changed, names="value")
        row = widgets.HBox(list(self.controls.values()),
                           layout=widgets.Layout(flex_flow="row wrap"))
        row.add_class(saved.NEEDS_PYTHON)
        super().__init__([saved.note(), row, self.status, self.output])
        self.add_class("mk-explorer")
        self.add_class(saved.LIVE)
        self.refresh()

    @property
    def values(self) -> dict[str, Any]:
        """Every control's current value, by name."""
        return {name: control.value for name, control in self.controls.items()}

    @property
    def parts(self) -> tuple[object, ...]:
        """What the explorer shows now (after the answer being worked out, if any)."""
        self.wait()
        return self._parts

    @property
    def bundles(self) -> tuple[dict[str, str], ...]:
        """The mime bundles of :attr:`parts`."""
        self.wait()
        return self._bundles

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the latest answer asked for is shown; False if ``timeout`` ran out."""
        request = self._request
        return request is None or request.done.wait(timeout)

    def _changed(self, _change: object = None) -> None:
        if not self._busy:
            self.request()

    def _adjusted(self) -> dict[str, Any]:
        """Let ``adjust`` update dependent controls (without a second request), then read
        every control."""
        if self._adjust is not None:
            self._busy = True
            try:
                self._adjust(self.controls)
            finally:
                self._busy = False
        return self.values

    def refresh(self) -> None:
        """Recompute the answer from the controls and show it, here and now."""
        request = self._start(self._adjusted())
        self._answer(request, worker=False)

    def request(self) -> None:
        """Recompute the answer from the controls on a worker thread; a newer request cancels
        this one. The kernel stays free for the next change meanwhile."""
        request = self._start(self._adjusted())
        threading.Thread(target=self._answer, args=(request, True), daemon=True,
                         name="manorkit-explorer").start()

    def _start(self, values: dict[str, Any]) -> _Request:
        request = _Request(values)
        with self._lock:
            if self._request is not None:
                self._request.cancel.set()
            self._request = request
        self.status.value = WORKING
        return request

    def _answer(self, request: _Request, worker: bool) -> None:
        try:
            parts = self._parts_for(request, worker)
            if parts is None or request.cancel.is_set():
                return
            bundles = tuple(_bundle(p) for p in parts)
            with self._lock:
                if request is not self._request:  # a newer request will show its answer
                    return
                self._parts, self._bundles = parts, bundles
                self.output.outputs = tuple({"output_type": "display_data", "data": b,
                                             "metadata": {}} for b in bundles)
                self.status.value = IDLE
        finally:
            request.done.set()

    def _parts_for(self, request: _Request, worker: bool) -> tuple[object, ...] | None:
        """The parts answering ``request``; None when it was cancelled. An unexpected error
        is raised here and now, or shown, named, on a ``worker`` thread (nobody would see it
        raised there)."""
        try:
            with limit(seconds=self.seconds, cancel=request.cancel):
                return tuple(self._compute(**request.values))
        except Cancelled:
            return None
        except ValueError as err:
            return (f"Not computed: {err}",)
        except Exception as err:
            if not worker:
                raise
            return (f"Failed: {type(err).__name__}: {err}",)
    def html(self) -> str:
        """The current answer as static HTML: charts as SVG images, tables, sentences."""
        return ('<div class="mk-explorer">' + "".join(_static(b) for b in self.bundles)
                + "</div>")

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        data = super()._repr_mimebundle_(**kwargs)
        data["text/html"] = self.html()
        data["text/plain"] = "\n\n".join(b["text/plain"] for b in self.bundles)
        return data
