"""How a widget looks with no kernel behind it: in a shared HTML file, or in a notebook
reopened from its saved widget state before it is run again.

Both widget managers (JupyterLab's and the one inlined in a shared file) give every view of
a model that no kernel answers the class ``jupyter-widgets-disconnected``. A live widget
(class :data:`LIVE`) uses it to grey out and disable the controls that need Python (class
:data:`NEEDS_PYTHON`), drop the managers' broken-link icons, and show a note saying so; while
a kernel answers (JupyterLab after a run, Voilà) the note stays hidden.
"""

from __future__ import annotations

import ipywidgets as widgets

LIVE = "mk-live"
NEEDS_PYTHON = "mk-needs-python"
NOTE = "mk-saved-note"
CSS = (f".{NOTE}{{display:none!important}}"
       f".{NOTE}.jupyter-widgets-disconnected{{display:block!important}}"
       f".{LIVE}.jupyter-widgets-disconnected .{NEEDS_PYTHON}{{pointer-events:none;"
       "opacity:.45}"
       f".{LIVE}.jupyter-widgets-disconnected::before,"
       f".{LIVE} .jupyter-widgets-disconnected::before{{content:none!important;"
       "display:none!important}")
#: What the note says.
TEXT = ("A saved view: nothing here runs Python, so the controls do nothing. Run the notebook "
        "(in JupyterLab: Run ▸ Run All Cells) to use them.")


def note() -> widgets.HTML:
    """The note a saved view shows (hidden while a kernel answers), with the rules above."""
    box = widgets.HTML(f'<style>{CSS}</style><div style="color:#8a4b00;background:#fff4e0;'
                       f'border:1px solid #e8c48a;padding:4px 8px;font-size:12px">{TEXT}</div>')
    box.add_class(NOTE)
    return box
