"""Altair charts that render with no network.

altair's default renderer loads Vega from a CDN, and JupyterLab's built-in renderer reads
only Vega-Lite up to v5, so offline a chart would show an error. manorkit switches altair to
a self-contained renderer when it is imported (unless you chose one yourself):

- ``"svg"`` (default): static SVG drawn by vl-convert; small, and shows in any viewer,
  including a notebook shared as a file or rendered on a website.
- ``"html"``: interactive (tooltips, zoom) with the Vega libraries inlined in each output;
  larger notebooks.
- ``"png"``: a picture, for slides.

Every chart names one font, :data:`FONT`, for its text: vl-convert measures the labels with
it to size the SVG, and the browser draws them with it, so no title, label or legend is cut
off (with a font named only ``sans-serif`` the two picked different fonts). DejaVu Sans is
found on most Linux desktops (``python3 dev.py test`` installs Debian's fonts-dejavu-core);
elsewhere Verdana, whose widths are close to it, stands in.
"""

from __future__ import annotations

import altair as alt

MODES = ("svg", "html", "png")
#: The font every chart's text is measured and drawn in (a CSS font list).
FONT = "DejaVu Sans, Verdana, sans-serif"
THEME = "manorkit"
#: Text that marks a chart output as needing the network (a CDN script) to display.
NETWORK_MARKERS = ("cdn.jsdelivr.net", "unpkg.com", "https://cdn", "requirejs.config")


def use_offline(mode: str = "svg") -> None:
    """Make altair render charts without the network, in the given mode."""
    if mode not in MODES:
        raise ValueError(f"mode must be one of {MODES}, got {mode!r}")
    if mode == "html":
        alt.renderers.enable("html", template="inline")
    else:
        alt.renderers.enable(mode)


def output_needs_network(output: dict) -> str | None:
    """Why a notebook cell output would need the network to show a chart, or None.

    ``output`` is one entry of a cell's ``outputs`` in nbformat's JSON.
    """
    data = output.get("data", {})
    for mime in data:
        if mime.startswith("application/vnd.vegalite") or mime.startswith("application/vnd.vega"):
            if "image/svg+xml" not in data and "image/png" not in data:
                return f"{mime} output needs a Vega-Lite renderer that JupyterLab may lack"
    page = data.get("text/html", "")
    page = "".join(page) if isinstance(page, list) else page
    for marker in NETWORK_MARKERS:
        if marker in page:
            return f"HTML output loads {marker!r} from the network"
    return None


def to_svg(chart: alt.TopLevelMixin) -> str:
    """``chart`` drawn as an SVG document, with no network (vl-convert)."""
    import io

    buf = io.StringIO()
    chart.save(buf, format="svg")
    return buf.getvalue()


@alt.theme.register(THEME, enable=False)
def theme() -> alt.theme.ThemeConfig:
    """altair's default look with every text in :data:`FONT`."""
    return alt.theme.ThemeConfig({"config": {"font": FONT}})


def _enable_default() -> None:
    if alt.renderers.active == "default":
        use_offline("svg")
    if alt.theme.active == "default":
        alt.theme.enable(THEME)


_enable_default()
