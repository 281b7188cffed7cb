"""A live explorer for a notebook: controls, and an output that is recomputed when a control
changes (sliders on release), says it is working meanwhile, and has a static view — charts as
SVG, tables as HTML — so a saved or exported notebook still shows the first answer. No game.

``compute(**values)`` gets every control's value by name and returns the parts to show: altair
charts, :class:`~manorkit.display.Table`\\ s or DataFrames, anything with ``_repr_html_`` (a
``Dist``), and strings (a sentence of plain text each).
"""

from __future__ import annotations

import base64
import html
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from ..display import Table

#: What the status line says while an answer is being computed.
WORKING = '<span class="mk-working" style="color:#a05a00">working…</span>'
IDLE = '<span class="mk-idle">&#8203;</span>'  # keeps the line's height


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


class Explorer(widgets.VBox):
    """Controls over an output that follows them.

    ``controls`` maps each keyword of ``compute`` to its widget. ``adjust(controls)``, if
    given, runs before each computation to update controls that depend on others (a card list
    that follows the chosen deck); changes it makes do not trigger a second computation.
    A ``ValueError`` from ``compute`` is shown as a sentence instead of the answer.
    """

    def __init__(self, controls: Mapping[str, widgets.Widget],
                 compute: Callable[..., Iterable[object]], *,
                 adjust: Callable[[dict[str, widgets.Widget]], None] | None = None) -> None:
        self.controls = dict(controls)
        self._compute = compute
        self._adjust = adjust
        self._busy = False
        self.status = widgets.HTML(IDLE)
        self.output = widgets.Output()
        self.parts: tuple[object, ...] = ()
        self.bundles: tuple[dict[str, str], ...] = ()
        for control in self.controls.values():
            if "continuous_update" in control.keys:
                control.continuous_update = False
            if "style" in control.keys and "description_width" in control.style.keys:
                control.style.description_width = "initial"
            control.observe(self._changed, names="value")
        row = widgets.HBox(list(self.controls.values()),
                           layout=widgets.Layout(flex_flow="row wrap"))
        super().__init__([row, self.status, self.output])
        self.add_class("mk-explorer")
        self.refresh()

    @property
    def values(self) -> dict[str, Any]:
        """Every control's current value, by name."""
        return {name: control.value for name, control in self.controls.items()}

    def _changed(self, _change: object = None) -> None:
        if not self._busy:
            self.refresh()

    def refresh(self) -> None:
        """Recompute the answer from the controls and show it."""
        self._busy = True
        self.status.value = WORKING
        try:
            if self._adjust is not None:
                self._adjust(self.controls)
            try:
                parts: Sequence[object] = tuple(self._compute(**self.values))
            except ValueError as err:
                parts = (f"Not computed: {err}",)
            self.parts = tuple(parts)
            self.bundles = tuple(_bundle(p) for p in self.parts)
            self.output.outputs = tuple({"output_type": "display_data", "data": b,
                                         "metadata": {}} for b in self.bundles)
        finally:
            self._busy = False
            self.status.value = IDLE

    def html(self) -> str:
        """The current answer as static HTML: charts as SVG images, tables, sentences."""
        return ('<div class="mk-explorer">' + "".join(_static(b) for b in self.bundles)
                + "</div>")

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        data = super()._repr_mimebundle_(**kwargs)
        data["text/html"] = self.html()
        data["text/plain"] = "\n\n".join(b["text/plain"] for b in self.bundles)
        return data
